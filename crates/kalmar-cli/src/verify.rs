//! `kalmar verify GAME SOLUTION`: checks a saved solution with the independent certificate
//! checker of its family.

use crate::bad_input;
use crate::report::in_file;
use kalmar_files::verify::{VerifyFileError, verify_detected};
use std::path::Path;

pub fn run(game_path: &Path, solution_path: &Path, json: bool) -> anyhow::Result<()> {
    let game = kalmar_files::detect(game_path).map_err(bad_input)?;
    let text = kalmar_core::format::read_text_file(solution_path).map_err(bad_input)?;
    let accepted = verify_detected(&game, &text).map_err(|e| match e {
        VerifyFileError::Parse(e) => bad_input(e.in_file(solution_path.display().to_string())),
        VerifyFileError::Game(e) => in_file(game_path, e),
        e => in_file(solution_path, e),
    })?;
    if json {
        let verdict = serde_json::json!({
            "accepted": true,
            "solution": accepted.to_string(),
            "game_file": game_path.display().to_string(),
            "solution_file": solution_path.display().to_string(),
        });
        say!("{}", serde_json::to_string_pretty(&verdict)?);
        return Ok(());
    }
    say!(
        "accepted: the {accepted} in {} is correct for {}",
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}
