//! `kalmar interdict`: network interdiction with vertex-local budgets, read from a DIMACS `.gr`
//! file and a budget file; the work is `kalmar_interdiction`'s.

use crate::report::{ListArgs, count, in_file, listing, millis};
use crate::solve::timed;
use crate::{bad_input, rejected};
use clap::{Args, Subcommand};
use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::budget_file::{InstanceError, instance, to_budget_string};
use kalmar_interdiction::dimacs::read_gr;
use kalmar_interdiction::generate::{BudgetParams, random_budget};
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::{INFINITY, Operator};
use kalmar_interdiction::partial::PartialSolution;
use kalmar_interdiction::polyhedral::Extended;
use kalmar_interdiction::solution_file::SolutionFile;
use kalmar_interdiction::solvers::Answer;
use kalmar_interdiction::{budget_file, dimacs, global, picture, reduction, solvers};
use std::path::{Path, PathBuf};

/// The commands of network interdiction.
#[derive(Subcommand)]
pub enum InterdictCommand {
    /// Every vertex's value when the interdictor first spends each vertex's budget on the edges
    /// leaving it (k(v) removals, or affordable sets) and the user then takes a best path to the
    /// sink; the interdictor's removals and the user's path from the source. Every answer is
    /// checked by the certificate (the user's best paths under the removals cost exactly the
    /// values; no affordable choice forces more).
    ///
    /// A budget file of raise rows ('r' lines) makes it partial interdiction: the interdictor
    /// raises weights within each vertex's polytope, GPI solves it with exact linear programs
    /// (sum only), values are rationals or ∞, and the certificate checks a dual at each vertex.
    ///
    /// Paths are weighed by --operator: sum (shortest paths, Algorithm GPI), max (bottleneck
    /// paths, Algorithm BSPI by default) or product (1 + weight multiplies along the path).
    #[command(
        after_help = "Examples:\n  kalmar generate interdiction grid --size 100000 -o grid.gr   (writes grid.gr and grid.budget)\n  kalmar interdict solve grid.gr --budget grid.budget -o grid.json, then `kalmar interdict verify grid.gr --budget grid.budget grid.json`\n  kalmar interdict solve grid.gr --budget grid.budget --operator max --solver bspi-heap --json\n  kalmar interdict solve grid.gr --budget grid.budget --operator max --source-only"
    )]
    Solve {
        #[command(flatten)]
        files: Files,
        /// How a path is weighed: sum, max or product.
        #[arg(long, default_value = "sum", value_name = "OP")]
        operator: String,
        /// The solver (see `kalmar interdict solvers`); default: bspi-buckets for max with
        /// removals, gpi otherwise.
        #[arg(long, value_name = "ID")]
        solver: Option<String>,
        /// Write the solution (JSON) to FILE, for `kalmar interdict verify`.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Draw the network in Graphviz DOT: values, removals dashed, the user's path bold.
        #[arg(long, value_name = "FILE")]
        dot: Option<PathBuf>,
        /// Print the solution's JSON instead of the summary.
        #[arg(long)]
        json: bool,
        /// Decide the source's value alone (bottleneck paths with removals): the paper's
        /// coarsening, O(m log* m) comparisons where every vertex's values can need
        /// O(m log m). The answer (the value, the removals at every vertex, the user's path)
        /// is checked by its own certificate; -o and --json write it for `verify`.
        #[arg(long, conflicts_with_all = ["solver", "dot"])]
        source_only: bool,
    },
    /// Bottleneck interdiction with a global budget: the interdictor removes any K edges (the
    /// budget file gives the source and sink; its local budgets are ignored). A binary search
    /// over maximum flows, checked by the cut and K + 1 edge-disjoint paths.
    #[command(
        after_help = "Example:\n  kalmar interdict global grid.gr --budget grid.budget --k 3"
    )]
    Global {
        #[command(flatten)]
        files: Files,
        /// How many edges the interdictor removes.
        #[arg(long)]
        k: usize,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// A deterministic graphical game (a `.gg` file of Max, Min and terminals with payoffs)
    /// solved as bottleneck interdiction (Remark 3.2): each position twice, the players as
    /// interdictor and user by the sign of the payoffs, moves as edges of weight 0 and each
    /// terminal's payoff as the weight of its edge to the sink. Prints the game's values,
    /// mapped back from the checked interdiction solution; -o writes the instance.
    #[command(after_help = "Examples:
  kalmar interdict dgg examples/dgg-small.gg
  kalmar interdict dgg examples/dgg-small.gg --solver bspi-heap --json
  kalmar interdict dgg examples/dgg-small.gg -o small.gr   (writes small.gr and small.budget)")]
    Dgg {
        /// The game (.gg).
        file: PathBuf,
        /// The interdiction solver (see `kalmar interdict solvers`); default: bspi-buckets.
        #[arg(long, value_name = "ID")]
        solver: Option<String>,
        /// Write the interdiction instance to FILE (.gr) and its budget beside it (.budget).
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Print every position's value as JSON (name to value).
        #[arg(long)]
        json: bool,
    },
    /// Check a saved solution with the certificate (exit code 3 when it is wrong).
    #[command(
        after_help = "Example:\n  kalmar interdict verify grid.gr --budget grid.budget grid.json"
    )]
    Verify {
        #[command(flatten)]
        files: Files,
        /// The solution (JSON, from `kalmar interdict solve -o`).
        solution: PathBuf,
    },
    /// List the solvers with their bounds.
    Solvers(ListArgs),
    /// Write a budget file for a network that has none (a road network of the DIMACS
    /// challenge, say): K removals at each vertex with chance F, none elsewhere, drawn by the
    /// seed; the source and sink as given, otherwise drawn too.
    #[command(
        after_help = "Example:\n  kalmar interdict budget USA-road-d.NY.gr --source 1 --sink 264346 --removals 1 --fraction 0.25 -o NY.budget\n  kalmar interdict solve USA-road-d.NY.gr --budget NY.budget"
    )]
    Budget(BudgetArgs),
}

/// `kalmar interdict budget`.
#[derive(Args)]
pub struct BudgetArgs {
    /// The network in the 9th DIMACS challenge's shortest-path format (.gr).
    file: PathBuf,
    /// The source, from 1 (default: drawn by the seed).
    #[arg(long, value_name = "V")]
    source: Option<usize>,
    /// The sink, from 1 (default: drawn by the seed).
    #[arg(long, value_name = "V")]
    sink: Option<usize>,
    /// K, the removals at each vertex drawn.
    #[arg(long, default_value_t = 1, value_name = "K")]
    removals: u32,
    /// F, each vertex's chance to be drawn, from 0 to 1.
    #[arg(long, default_value_t = 0.25, value_name = "F")]
    fraction: f64,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the budget file to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// The instance's two files.
#[derive(Args)]
pub struct Files {
    /// The network in the 9th DIMACS challenge's shortest-path format (.gr).
    file: PathBuf,
    /// The budget file: source, sink and each vertex's removals or affordable sets (see
    /// docs/formats.md).
    #[arg(long, value_name = "FILE")]
    budget: PathBuf,
}

impl Files {
    /// The network and budget, errors naming the file, line and column.
    fn read(&self) -> anyhow::Result<(Network, Budget)> {
        read_instance(&self.file, &self.budget)
    }
}

/// The network of the `.gr` file `file` and the budget of the budget file `budget`, errors
/// naming the file, line and column.
pub fn read_instance(file: &Path, budget: &Path) -> anyhow::Result<(Network, Budget)> {
    let text = |path: &Path| kalmar_core::format::read_text_file(path).map_err(bad_input);
    let (gr, budget_text) = (text(file)?, text(budget)?);
    instance(&gr, &budget_text).map_err(|e| match e {
        InstanceError::Gr(e) => bad_input(e.in_file(file.display().to_string())),
        InstanceError::Budget(e) => bad_input(e.in_file(budget.display().to_string())),
        InstanceError::Network(e) => bad_input(format!("{}: {e}", file.display())),
    })
}

/// A value as printed.
fn show(x: u64) -> String {
    if x == INFINITY {
        "∞".into()
    } else {
        x.to_string()
    }
}

/// Writes the solution `file` to `output` when given, and prints it instead of the summary
/// with --json: returns whether it was printed.
fn written(file: &SolutionFile, output: Option<&Path>, json: bool) -> anyhow::Result<bool> {
    if let Some(path) = output {
        std::fs::write(path, file.to_text()?).map_err(|e| in_file(path, e))?;
        eprintln!("solution written to {}", path.display());
    }
    if json {
        say!("{}", file.to_text()?.trim_end());
    }
    Ok(json)
}

/// The answer's last line: what the interdictor `does`, what the user pays from the `source`
/// (from 0) and the length of the path he takes.
fn outcome(does: &str, source: usize, value: &str, path: usize) -> anyhow::Result<()> {
    let along = match path {
        0 => String::new(),
        edges => format!(" along a path of {}", count(edges as u64, "edge")),
    };
    say!(
        "  the interdictor {does}; from the source {} the user pays {value}{along}",
        source + 1
    );
    Ok(())
}

/// Runs an interdiction command.
pub fn run(command: &InterdictCommand) -> anyhow::Result<()> {
    match command {
        InterdictCommand::Solve {
            files,
            operator,
            solver,
            output,
            dot,
            json,
            source_only,
        } => {
            let operator = Operator::from_name(operator).ok_or_else(|| {
                bad_input(format!(
                    "--operator '{operator}': expected sum, max or product"
                ))
            })?;
            let (network, budget) = files.read()?;
            if *source_only {
                return solve_source(files, &network, &budget, operator, output.as_deref(), *json);
            }
            if dot.is_some() && matches!(budget, Budget::Polyhedral(_)) {
                return Err(bad_input(
                    "--dot draws removals; a budget of raises has none to draw",
                ));
            }
            let (answer, elapsed) = timed("interdicting", network.num_edges(), || {
                solvers::solve_any(&network, &budget, operator, solver.as_deref())
            });
            let checked = match answer.map_err(|e| failure(files, e))? {
                Answer::Raises(solution) => {
                    let options = (output.as_deref(), *json, elapsed);
                    return partial_summary(files, &network, &solution, options);
                }
                Answer::Removals(checked) => checked,
            };
            let file = SolutionFile::new(&network, operator, &checked.solution);
            crate::report::write_picture(dot.as_deref(), || {
                picture::to_dot(&network, &checked.solution)
            })?;
            if written(&file, output.as_deref(), *json)? {
                return Ok(());
            }
            let solution = &checked.solution;
            let removed = solution.removed.iter().filter(|&&r| r).count();
            say!(
                "{}: {} vertices, {} edges; paths weighed by {}",
                files.file.display(),
                network.num_vertices(),
                network.num_edges(),
                operator.name()
            );
            say!(
                "solved by {} and checked by the certificate in {}{}",
                checked.solver,
                millis(elapsed),
                checked
                    .comparisons
                    .map_or(String::new(), |c| format!(" ({c} comparisons)"))
            );
            outcome(
                &format!("removes {}", count(removed as u64, "edge")),
                network.source(),
                &show(solution.values[network.source()]),
                solution.path.len(),
            )?;
            Ok(())
        }
        InterdictCommand::Global { files, k, json } => {
            let (network, _) = files.read()?;
            let solved = global::solve_checked(&network, *k)
                .map_err(|e| anyhow::anyhow!("internal error, the answer fails its check: {e}"))?;
            if *json {
                let json = serde_json::json!({
                    "k": k,
                    "value": show(solved.value),
                    "cut": solved.cut.iter().map(|e| e + 1).collect::<Vec<_>>(),
                    "paths": solved.paths.iter().map(|p| p.iter().map(|e| e + 1).collect::<Vec<_>>()).collect::<Vec<_>>(),
                });
                say!("{}", serde_json::to_string_pretty(&json)?);
                return Ok(());
            }
            say!(
                "removing any {k} edges, the interdictor makes the user's bottleneck {} (a cut of \
                 {}; {} no heavier show it can do no better); verified",
                show(solved.value),
                count(solved.cut.len() as u64, "edge"),
                count(solved.paths.len() as u64, "edge-disjoint path"),
            );
            Ok(())
        }
        InterdictCommand::Dgg {
            file,
            solver,
            output,
            json,
        } => {
            let graph = crate::report::load(file)?;
            let game = kalmar_terminal::dgg::from_graph(&graph).map_err(|e| in_file(file, e))?;
            let (solved, elapsed) = timed("interdicting", graph.arena.num_edges(), || {
                reduction::solve(&game, solver.as_deref())
            });
            let solved = solved.map_err(|e| match e {
                reduction::SolveError::Solver(solvers::Error::Certificate(_)) => {
                    anyhow::anyhow!("{e}")
                }
                e => in_file(file, e),
            })?;
            let network = &solved.reduction.network;
            if let Some(path) = output {
                let budget = write_instance(path, network, &solved.reduction.budget)?;
                eprintln!(
                    "instance written to {} and {}",
                    path.display(),
                    budget.display()
                );
            }
            let name = |v: usize| graph.arena.name(kalmar_core::Vertex(v as u32)).to_string();
            if *json {
                let values: serde_json::Map<String, serde_json::Value> = (solved.values.iter())
                    .enumerate()
                    .map(|(v, x)| (name(v), x.to_string().into()))
                    .collect();
                say!("{}", serde_json::to_string_pretty(&values)?);
                return Ok(());
            }
            let start = game.start().index();
            say!(
                "{}: {} positions as a network of {} vertices and {} edges (bottleneck interdiction)",
                file.display(),
                solved.values.len(),
                network.num_vertices(),
                network.num_edges()
            );
            say!(
                "solved by {} and checked by the certificate in {}; the game's value at {} is {}",
                solved.checked.solver,
                millis(elapsed),
                name(start),
                solved.values[start]
            );
            Ok(())
        }
        InterdictCommand::Verify { files, solution } => {
            let (network, budget) = files.read()?;
            let text = kalmar_core::format::read_text_file(solution).map_err(bad_input)?;
            let file = SolutionFile::read(&text).map_err(|e| in_file(solution, e))?;
            file.verify(&network, &budget).map_err(|e| match e {
                kalmar_interdiction::solution_file::SolutionFileError::Wrong(e) => {
                    rejected(solution, e)
                }
                kalmar_interdiction::solution_file::SolutionFileError::WrongPartial(e) => {
                    rejected(solution, e)
                }
                e => in_file(solution, e),
            })?;
            say!(
                "accepted: the interdiction solution in {} is correct for {}",
                solution.display(),
                files.file.display()
            );
            Ok(())
        }
        InterdictCommand::Budget(args) => budget(args),
        InterdictCommand::Solvers(args) => {
            let rows = solvers::SOLVERS
                .iter()
                .map(|s| vec![s.id.into(), s.bounds.into(), s.summary.into()]);
            listing(*args, &["id", "bounds", "method"], rows)
        }
    }
}

/// A solver's error: a bug as it stands, anything else as bad input in the network's file.
fn failure(files: &Files, error: solvers::Error) -> anyhow::Error {
    if error.is_internal() {
        anyhow::anyhow!("{error}")
    } else {
        in_file(&files.file, error)
    }
}

/// `kalmar interdict solve` on a budget of raises: the checked `solution` of GPI with exact
/// linear programs, written (-o), printed (--json) or summed up; `options` are -o, --json and
/// the time the solve took.
fn partial_summary(
    files: &Files,
    network: &Network,
    solution: &PartialSolution,
    (output, json, elapsed): (Option<&Path>, bool, std::time::Duration),
) -> anyhow::Result<()> {
    let file = SolutionFile::new_partial(network, solution);
    if written(&file, output, json)? {
        return Ok(());
    }
    let raised = (0..network.num_edges())
        .filter(|&e| solution.raise(e) != Extended::ZERO)
        .count();
    let unbounded = (0..network.num_edges())
        .filter(|&e| solution.raise(e) == Extended::Infinite)
        .count();
    let source = network.source();
    say!(
        "{}: {} vertices, {} edges; raises within polytopes, paths weighed by sum",
        files.file.display(),
        network.num_vertices(),
        network.num_edges()
    );
    say!(
        "solved by gpi with exact linear programs and checked by the certificate in {}",
        millis(elapsed)
    );
    outcome(
        &format!(
            "raises {} ({unbounded} without bound)",
            count(raised as u64, "edge")
        ),
        source,
        &match &solution.values[source] {
            Extended::Finite(x) => x.to_string(),
            Extended::Infinite => "∞".into(),
        },
        solution.path.len(),
    )?;
    Ok(())
}

/// `kalmar interdict solve --source-only`: the source's value alone by coarsening, checked.
fn solve_source(
    files: &Files,
    network: &Network,
    budget: &Budget,
    operator: Operator,
    output: Option<&Path>,
    json: bool,
) -> anyhow::Result<()> {
    let (answer, elapsed) = timed("interdicting", network.num_edges(), || {
        solvers::source_value(network, budget, operator)
    });
    let answer = answer.map_err(|e| failure(files, e))?;
    let file = SolutionFile::new_source_value(network, &answer);
    if written(&file, output, json)? {
        return Ok(());
    }
    let removed = answer.removed.iter().filter(|&&r| r).count();
    say!(
        "{}: {} vertices, {} edges; paths weighed by max, the source's value alone",
        files.file.display(),
        network.num_vertices(),
        network.num_edges()
    );
    say!(
        "solved by {} in {} and checked by its certificate in {} ({} comparisons, {:.1} per edge)",
        solvers::SOURCE_VALUE,
        count(answer.rounds as u64, "round"),
        millis(elapsed),
        answer.comparisons,
        answer.comparisons as f64 / network.num_edges().max(1) as f64
    );
    outcome(
        &format!("removes {}", count(removed as u64, "edge")),
        network.source(),
        &show(answer.value),
        answer.path.len(),
    )?;
    Ok(())
}

/// Writes `network` to `path` (.gr) and `budget` beside it (the extension .budget); returns
/// the budget file's path.
pub fn write_instance(path: &Path, network: &Network, budget: &Budget) -> anyhow::Result<PathBuf> {
    let budget_path = path.with_extension("budget");
    std::fs::write(path, dimacs::to_gr_string(network)).map_err(|e| in_file(path, e))?;
    std::fs::write(&budget_path, budget_file::to_budget_string(network, budget))
        .map_err(|e| in_file(&budget_path, e))?;
    Ok(budget_path)
}
/// `kalmar interdict budget`: the drawing is `kalmar_interdiction::generate::random_budget`'s.
fn budget(args: &BudgetArgs) -> anyhow::Result<()> {
    let from_one = |v: Option<usize>, name: &str| match v {
        Some(0) => Err(bad_input(format!(
            "--{name} 0: vertices are numbered from 1"
        ))),
        v => Ok(v.map(|v| v - 1)),
    };
    let (source, sink) = (
        from_one(args.source, "source")?,
        from_one(args.sink, "sink")?,
    );
    let text = kalmar_core::format::read_text_file(&args.file).map_err(bad_input)?;
    let gr = read_gr(&text).map_err(|e| bad_input(e.in_file(args.file.display().to_string())))?;
    let params = BudgetParams {
        removals: args.removals,
        fraction: args.fraction,
        seed: args.seed,
    };
    let (network, budget) = random_budget(&gr, source, sink, &params).map_err(bad_input)?;
    let text = to_budget_string(&network, &budget);
    let Some(path) = &args.output else {
        crate::write_out(format_args!("{text}"))?;
        return Ok(());
    };
    std::fs::write(path, text).map_err(|e| in_file(path, e))?;
    eprintln!(
        "wrote the budget of {} ({} at each vertex with chance {}; source {}, sink {}) to {}",
        args.file.display(),
        count(u64::from(args.removals), "removal"),
        args.fraction,
        network.source() + 1,
        network.sink() + 1,
        path.display()
    );
    Ok(())
}
