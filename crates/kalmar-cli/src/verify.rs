//! `kalmar verify GAME SOLUTION`: checks a saved solution with the independent certificate
//! checker of its family.

use crate::bad_input;
use crate::report::{SolutionFile, load, lookup};
use kalmar_core::{Certificate, Rational};
use kalmar_graph::dgg;
use kalmar_graph::reach::{self, Outcome, ReachSolution};
use kalmar_graph::terminal::{StrongSolution, WeakSolution};
use std::path::Path;

pub fn run(game_path: &Path, solution_path: &Path) -> anyhow::Result<()> {
    let graph = load(game_path)?;
    let text = std::fs::read_to_string(solution_path)
        .map_err(|e| bad_input(format!("{}: {e}", solution_path.display())))?;
    let file: SolutionFile = serde_json::from_str(&text).map_err(|e| {
        bad_input(format!(
            "{}:{}:{}: {e}",
            solution_path.display(),
            e.line(),
            e.column()
        ))
    })?;
    let arena = &graph.arena;
    let strategy = file.strategy(arena)?;
    let verdict = match (file.family.as_str(), file.kind.as_str()) {
        ("reach", _) => {
            let game = reach::from_graph(&graph).map_err(bad_input)?;
            let values = file
                .all_values(arena)?
                .iter()
                .map(|x| match x.to_small() {
                    Some((-1, 1)) => Ok(Outcome::Loss),
                    Some((0, 1)) => Ok(Outcome::Draw),
                    Some((1, 1)) => Ok(Outcome::Win),
                    _ => Err(bad_input(format!(
                        "a chess-like value is -1, 0 or 1, not {x}"
                    ))),
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let distances = file
                .distance
                .as_ref()
                .ok_or_else(|| bad_input("the solution has no distances"))?;
            let distance = arena
                .vertices()
                .map(|v| {
                    distances
                        .get(arena.name(v).as_ref())
                        .copied()
                        .ok_or_else(|| {
                            bad_input(format!(
                                "the solution gives no distance for position {}",
                                arena.name(v)
                            ))
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
            let game = dgg::from_graph(&graph).map_err(bad_input)?;
            StrongSolution {
                values: file.all_values(arena)?,
                strategy,
            }
            .verify(&game)
        }
        ("dgg", "weak") => {
            let game = dgg::from_graph(&graph).map_err(bad_input)?;
            let name = file
                .start
                .as_deref()
                .ok_or_else(|| bad_input("a weak solution names its start position"))?;
            let start = lookup(&arena.name_index(), name)?;
            let value: Rational = file.values.get(name).cloned().ok_or_else(|| {
                bad_input(format!(
                    "the solution gives no value for its start position {name}"
                ))
            })?;
            WeakSolution {
                start,
                value,
                strategy,
            }
            .verify(&game)
        }
        (family, kind) => {
            return Err(bad_input(format!(
                "unknown solution kind '{family}'/'{kind}': expected family reach or dgg, kind strong or weak"
            )));
        }
    };
    verdict.map_err(bad_input)?;
    println!(
        "accepted: the {} {} solution in {} is correct for {}",
        file.kind,
        file.family,
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}
