//! `kalmar verify GAME SOLUTION`: checks a saved solution with the independent certificate
//! checker of its family.

use crate::report::{in_file, load};
use kalmar_core::Certificate;
use kalmar_terminal::solution_file::SolutionFile;
use std::path::Path;

pub fn run(game_path: &Path, solution_path: &Path) -> anyhow::Result<()> {
    let graph = load(game_path)?;
    let text = kalmar_core::format::read_text_file(solution_path).map_err(crate::bad_input)?;
    if text.trim_start().starts_with("paritysol") {
        return verify_parity(&graph, game_path, &text, solution_path);
    }
    if text.trim_start().starts_with("kalmar-ssol") {
        return crate::stochastic::verify_solution(&graph, game_path, &text, solution_path);
    }
    let file: SolutionFile = serde_json::from_str(&text).map_err(|e| in_file(solution_path, e))?;
    file.verify(&graph).map_err(|e| in_file(solution_path, e))?;
    say!(
        "accepted: the {} {} solution in {} is correct for {}",
        file.kind,
        file.family,
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}

/// Checks a PGSolver solution (`paritysol`) of a parity game. The file gives the winner of every
/// vertex and the winner's move where it owns the vertex; the verifier needs nothing else.
fn verify_parity(
    graph: &kalmar_core::format::GameGraph,
    game_path: &Path,
    text: &str,
    solution_path: &Path,
) -> anyhow::Result<()> {
    let game =
        kalmar_parity::ParityGame::from_graph(graph, false).map_err(|e| in_file(game_path, e))?;
    let pg = kalmar_parity::format::read_pg_solution(text, graph)
        .map_err(|e| crate::bad_input(e.in_file(solution_path.display().to_string())))?;
    pg.to_solution(&game)
        .verify(&game)
        .map_err(|e| in_file(solution_path, e))?;
    say!(
        "accepted: the parity solution in {} is correct for {}",
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}
