//! `kalmar verify GAME SOLUTION`: checks a saved solution with the independent certificate
//! checker of its family.

use crate::report::in_file;
use crate::{bad_input, rejected};
use kalmar_files::verify::{Accepted, VerifyFileError, verify_detected};
use std::path::Path;

pub fn run(game_path: &Path, solution_path: &Path, json: bool) -> anyhow::Result<()> {
    let game = kalmar_files::detect(game_path).map_err(bad_input)?;
    let text = kalmar_core::format::read_text_file(solution_path).map_err(bad_input)?;
    let accepted = verify_detected(&game, &text).map_err(|e| match e {
        VerifyFileError::Parse(e) => bad_input(e.in_file(solution_path.display().to_string())),
        VerifyFileError::Game(e) => in_file(game_path, e),
        VerifyFileError::Wrong(e) => rejected(solution_path, e),
        e => in_file(solution_path, e),
    })?;
    if json {
        let mut verdict = serde_json::json!({
            "accepted": true,
            "solution": accepted.to_string(),
            "game_file": game_path.display().to_string(),
            "solution_file": solution_path.display().to_string(),
        });
        if let Accepted::Equilibria(verified) = &accepted {
            verdict["form"] = verified.form.name().into();
            verdict["equilibria"] = serde_json::to_value(&verified.equilibria)?;
        }
        say!("{}", serde_json::to_string_pretty(&verdict)?);
        return Ok(());
    }
    let several = matches!(&accepted, Accepted::Equilibria(v) if v.equilibria.len() > 1);
    say!(
        "accepted: the {accepted} in {} {} correct for {}",
        solution_path.display(),
        if several { "are" } else { "is" },
        game_path.display()
    );
    if let Accepted::Equilibria(verified) = &accepted {
        let join = |values: &[kalmar_core::Rational]| {
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        const SHOWN: usize = 10;
        for (k, e) in verified.equilibria.iter().enumerate().take(SHOWN) {
            say!(
                "  #{}: payoffs {}; best responses against it pay {}",
                k + 1,
                join(&e.payoffs),
                join(&e.best_responses)
            );
        }
        if verified.equilibria.len() > SHOWN {
            say!(
                "  ... and {} more (--json lists them all)",
                verified.equilibria.len() - SHOWN
            );
        }
    }
    Ok(())
}
