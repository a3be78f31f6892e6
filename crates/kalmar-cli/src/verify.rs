//! `kalmar verify GAME SOLUTION`: checks a saved solution with the independent certificate
//! checker of its family.

use crate::bad_input;
use crate::report::in_file;
use kalmar_files::verify::{VerifyFileError, verify_detected};
use std::path::Path;

pub fn run(game_path: &Path, solution_path: &Path) -> anyhow::Result<()> {
    let game = kalmar_files::detect(game_path).map_err(bad_input)?;
    let text = kalmar_core::format::read_text_file(solution_path).map_err(bad_input)?;
    let accepted = verify_detected(&game, &text).map_err(|e| match e {
        VerifyFileError::Parse(e) => bad_input(e.in_file(solution_path.display().to_string())),
        VerifyFileError::Game(e) => in_file(game_path, e),
        e => in_file(solution_path, e),
    })?;
    say!(
        "accepted: the {accepted} in {} is correct for {}",
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}
