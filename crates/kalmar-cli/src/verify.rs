//! `kalmar verify GAME SOLUTION`: checks a saved solution with the independent certificate
//! checker of its family.

use crate::report::{SolutionFile, in_file, load, lookup};
use kalmar_core::{Certificate, Rational};
use kalmar_terminal::dgg;
use kalmar_terminal::reach::{self, Outcome, ReachSolution};
use kalmar_terminal::{StrongSolution, WeakSolution};
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
    let arena = &graph.arena;
    let bad = |e: anyhow::Error| in_file(solution_path, e);
    file.check_names(arena).map_err(bad)?;
    let strategy = file.strategy(arena).map_err(bad)?;
    let verdict = match (file.family.as_str(), file.kind.as_str()) {
        ("reach", "strong") => {
            let game = reach::from_graph(&graph).map_err(|e| in_file(game_path, e))?;
            let values = file
                .all_values(arena)
                .map_err(bad)?
                .iter()
                .map(|x| {
                    Outcome::from_rational(x).ok_or_else(|| {
                        in_file(
                            solution_path,
                            format!("a chess-like value is -1, 0 or 1, not {x}"),
                        )
                    })
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let distances = file
                .distance
                .as_ref()
                .ok_or_else(|| in_file(solution_path, "the solution has no distances"))?;
            let distance = arena
                .vertices()
                .map(|v| {
                    distances
                        .get(arena.name(v).as_ref())
                        .copied()
                        .ok_or_else(|| {
                            in_file(
                                solution_path,
                                format!(
                                    "the solution gives no distance for position {}",
                                    arena.name(v)
                                ),
                            )
                        })
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            ReachSolution {
                values,
                distance,
                strategy,
            }
            .verify(&game)
        }
        ("dgg", "strong") => {
            let game = dgg::from_graph(&graph).map_err(|e| in_file(game_path, e))?;
            StrongSolution {
                values: file.all_values(arena).map_err(bad)?,
                strategy,
            }
            .verify(&game)
        }
        ("dgg", "weak") => {
            let game = dgg::from_graph(&graph).map_err(|e| in_file(game_path, e))?;
            let name = file.start.as_deref().ok_or_else(|| {
                in_file(solution_path, "a weak solution names its start position")
            })?;
            let start = lookup(&arena.name_index(), name).map_err(bad)?;
            let value: Rational = match (file.values.len(), file.values.get(name)) {
                (1, Some(value)) => value.clone(),
                _ => {
                    return Err(in_file(
                        solution_path,
                        format!(
                            "a weak solution gives one value, that of its start position {name}"
                        ),
                    ));
                }
            };
            WeakSolution {
                start,
                value,
                strategy,
            }
            .verify(&game)
        }
        (family, kind) => {
            return Err(in_file(
                solution_path,
                format!(
                    "a solution of family '{family}' and kind '{kind}': expected a strong 'reach' or a strong or weak 'dgg' solution"
                ),
            ));
        }
    };
    verdict.map_err(|e| in_file(solution_path, e))?;
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
    let arena = game.arena();
    let mut strategy = kalmar_core::Strategy::empty(arena.num_vertices());
    for v in arena.vertices() {
        let edge = match pg.strategy[v.index()] {
            Some(w) => arena.find_edge(v, w),
            None => arena.out_edges(v).next(),
        };
        if let Some(e) = edge {
            strategy.set(v, e);
        }
    }
    let solution = kalmar_parity::ParitySolution {
        winner: pg.winner,
        strategy,
    };
    solution
        .verify(&game)
        .map_err(|e| in_file(solution_path, e))?;
    say!(
        "accepted: the parity solution in {} is correct for {}",
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}
