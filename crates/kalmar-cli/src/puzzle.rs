//! `kalmar puzzle`: Hashiwokakero and Hiroimono, read from files, puzz.link URLs or Tatham game
//! IDs; the work is `kalmar_puzzles`'s.

use crate::report::{count, in_file, millis};
use crate::solve::timed;
use crate::{bad_input, rejected};
use clap::{Args, Subcommand};
use kalmar_core::registry::Entry;
use kalmar_puzzles::Mode;
use kalmar_puzzles::hashi::{self, url};
use kalmar_puzzles::hiroimono::{self, SOLVERS, Solver, Variant};
use kalmar_puzzles::picture::{self, Picture};
use kalmar_puzzles::source::{self, CheckFileError, Source};
use std::convert::Infallible;
use std::path::{Path, PathBuf};

/// The commands of puzzles.
#[derive(Subcommand)]
pub enum PuzzleCommand {
    /// Solve a puzzle: a Hashiwokakero grid (`.hashi`), a puzz.link URL, a Tatham game ID, or
    /// a Hiroimono grid or point list (`.hiro`). Every solution printed has passed the
    /// independent checker. --unique also proves that no other solution exists (the
    /// constructor's "another solution" problem); --count counts them.
    ///
    /// Hashiwokakero is solved by the deductions a person makes (--explain prints them), then
    /// a SAT search with connectivity added as cuts; Hiroimono by a depth-first search over
    /// stone orders, or as --solver asks.
    #[command(after_help = "Examples:
  kalmar puzzle solve examples/bridges-7x7.hashi --unique
  kalmar puzzle solve 'https://puzz.link/p?hashikake/5/3/2g5g1k1g3h' --explain
  kalmar puzzle solve 5x3m2:2a5a1e1a3b --json
  kalmar puzzle solve examples/stones.hiro --variant start --count 100
  kalmar puzzle solve examples/stones.hiro --solver sat --unique
  kalmar puzzle solve examples/bridges-7x7.hashi -o solved.hashi --svg solved.svg
  kalmar puzzle solve examples/stones.hiro --png tour.png")]
    Solve {
        /// The puzzle: a file (`-` for standard input), a puzz.link URL or a Tatham game ID.
        source: String,
        /// Also prove the solution unique, or show a second one.
        #[arg(long, conflicts_with = "count")]
        unique: bool,
        /// Count the solutions, up to N.
        #[arg(long, value_name = "N")]
        count: Option<u64>,
        /// Print the deductions (Hashiwokakero).
        #[arg(long)]
        explain: bool,
        /// Hiroimono's rules: classic (any start, no 180° turns), start (from the first
        /// stone), 180 (turning back allowed) or 180-start.
        #[arg(long, default_value = "classic", value_name = "ID")]
        variant: String,
        /// Hiroimono's solver: dfs (depth-first search, the fastest), sat (a SAT encoding of
        /// the stone order, up to 500 stones) or dp (a dynamic program over the collected
        /// sets, up to 20 stones). All three are exact and agree; `kalmar puzzle solvers`
        /// lists them with their bounds.
        #[arg(long, default_value = "dfs", value_name = "NAME")]
        solver: String,
        /// Write the first solution to FILE: the solved grid (Hashiwokakero) or the stone
        /// order (Hiroimono), for `kalmar puzzle check`.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Draw the puzzle and its first solution.
        #[command(flatten)]
        pictures: PictureFiles,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check a claimed solution with the independent checker (exit code 3 when it is wrong):
    /// a Hashiwokakero grid with its bridges drawn, or a Hiroimono puzzle and a stone order.
    #[command(after_help = "Examples:
  kalmar puzzle check solved.hashi
  kalmar puzzle check examples/stones.hiro order.txt --variant start --json")]
    Check {
        /// The puzzle, or for Hashiwokakero the solved grid.
        source: String,
        /// The solution: a solved grid, or a Hiroimono stone order (`hiroimono solution`).
        solution: Option<PathBuf>,
        /// Hiroimono's rules (see `solve`).
        #[arg(long, default_value = "classic", value_name = "ID")]
        variant: String,
        /// Print the verdict as JSON (a rejection is still an error, exit code 3).
        #[arg(long)]
        json: bool,
    },
    /// Random puzzles: Hashiwokakero with a unique solution, Hiroimono with a solution.
    #[command(subcommand)]
    Generate(GenerateCommand),
    /// The NP-hardness reductions as generators: a CNF formula becomes a Hiroimono puzzle
    /// solvable exactly when it is satisfiable (Andersson, paper 4), a grid graph's
    /// Hamiltonian circuits a Hashiwokakero puzzle's solutions (paper 5).
    #[command(subcommand)]
    Reduce(ReduceCommand),
    /// Draw a puzzle as SVG or PNG (with the bridges drawn in a solved Hashiwokakero grid).
    #[command(after_help = "Examples:
  kalmar puzzle render solved.hashi --svg solved.svg
  kalmar puzzle render examples/stones.hiro --svg stones.svg --png stones.png")]
    Render {
        /// The puzzle: a file, a puzz.link URL or a Tatham game ID.
        source: String,
        /// The pictures to write (at least one).
        #[command(flatten)]
        pictures: PictureFiles,
        /// Print the puzzle read and the files written as JSON.
        #[arg(long)]
        json: bool,
    },
    /// List Hiroimono's solvers (`solve --solver ID`) with their bounds.
    Solvers(crate::report::ListArgs),
    /// Write a puzzle in its other forms: a Hashiwokakero puzzle as its grid, its puzz.link
    /// URL and its Tatham game ID; a Hiroimono puzzle as a point list.
    #[command(
        after_help = "Examples:\n  kalmar puzzle convert 5x3m2:2a5a1e1a3b\n  kalmar puzzle convert examples/bridges-7x7.hashi --json"
    )]
    Convert {
        /// The puzzle: a file, a puzz.link URL or a Tatham game ID.
        source: String,
        /// Print the forms as JSON, with the puzzle's islands or stones.
        #[arg(long)]
        json: bool,
    },
}

/// `kalmar puzzle generate`.
#[derive(Subcommand)]
pub enum GenerateCommand {
    /// A Hashiwokakero puzzle of the given size whose solution the solver proves unique.
    #[command(
        after_help = "Example:\n  kalmar puzzle generate hashi --width 30 --height 30 --seed 7 -o big.hashi"
    )]
    Hashi {
        /// Columns.
        #[arg(long, default_value_t = 7)]
        width: usize,
        /// Rows.
        #[arg(long, default_value_t = 7)]
        height: usize,
        /// Islands per cell aimed at, 0 to 0.5.
        #[arg(long, default_value_t = 0.25)]
        density: f64,
        /// The chance that a free link gets bridges after the layout is grown (more loops,
        /// harder deductions), 0 to 1.
        #[arg(long, default_value_t = 0.1)]
        loops: f64,
        /// easy: the deductions alone solve it; hard: they leave links open, the solution needs
        /// a search. Default: whichever comes.
        #[arg(long, value_name = "GRADE")]
        difficulty: Option<String>,
        #[command(flatten)]
        out: GenerateOut,
    },
    /// A Hiroimono puzzle of N stones with a solution from its first stone (a random walk
    /// that turns only at stones).
    #[command(
        after_help = "Example:\n  kalmar puzzle generate hiroimono --stones 40 --seed 3 -o stones.hiro"
    )]
    Hiroimono {
        /// Stones.
        #[arg(long, default_value_t = 20)]
        stones: usize,
        /// The longest step of the walk.
        #[arg(long, default_value_t = 4)]
        max_step: u32,
        /// Let the walk turn back 180° (a puzzle for the 180 variants).
        #[arg(long)]
        reversals: bool,
        #[command(flatten)]
        out: GenerateOut,
    },
}

/// The pictures asked for.
#[derive(Args)]
pub struct PictureFiles {
    /// Write the picture to FILE as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write the picture to FILE as PNG, two pixels per SVG pixel (no font needed).
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
}

impl PictureFiles {
    /// Whether no picture is asked for.
    fn none(&self) -> bool {
        self.svg.is_none() && self.png.is_none()
    }

    /// Draws the picture, if one is asked for, and writes it in each format asked for.
    fn write<E: std::fmt::Display>(
        &self,
        picture: impl FnOnce() -> Result<Picture, E>,
    ) -> anyhow::Result<()> {
        if self.none() {
            return Ok(());
        }
        let picture = picture().map_err(bad_input)?;
        if let Some(path) = &self.svg {
            write_file(path, picture::to_svg(&picture), "picture")?;
        }
        if let Some(path) = &self.png {
            let png = picture::to_png(&picture, picture::DEFAULT_PNG_SCALE)
                .map_err(|e| in_file(path, e))?;
            write_file(path, png, "picture")?;
        }
        Ok(())
    }
}

/// Where a generated puzzle goes.
#[derive(Args)]
pub struct GenerateOut {
    /// The seed of the random numbers.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the puzzle to FILE instead of printing it.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print the puzzle, its forms and (for Hiroimono) the walk that made it as JSON.
    #[arg(long)]
    json: bool,
}

/// `kalmar puzzle reduce`.
#[derive(Subcommand)]
pub enum ReduceCommand {
    /// A Hiroimono puzzle that has a tour exactly when the formula in FILE (DIMACS CNF, as
    /// SAT solvers read it) is satisfiable, under every variant; stone 0 is the start.
    /// Prints the puzzle as a point list; with --solve also solves it and maps the tour back
    /// to a satisfying assignment (checked against the formula), or proves there is none.
    /// The gadgets and why they work: docs/algorithms.md.
    #[command(
        name = "3sat",
        after_help = "Examples:\n  kalmar puzzle reduce 3sat examples/formula.cnf -o formula.hiro\n  kalmar puzzle reduce 3sat examples/formula.cnf --solve --variant start"
    )]
    Sat {
        /// The formula, in DIMACS CNF (`p cnf VARIABLES CLAUSES`, clauses ending in 0).
        file: PathBuf,
        /// Solve the puzzle and map its tour back to an assignment.
        #[arg(long)]
        solve: bool,
        /// The rules --solve plays by: classic, start, 180 or 180-start.
        #[arg(long, default_value = "classic")]
        variant: String,
        /// Write the puzzle to FILE instead of printing it.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Print the puzzle's stones and, with --solve, the decision as JSON.
        #[arg(long)]
        json: bool,
    },
    /// A Hashiwokakero puzzle whose solutions are the Hamiltonian circuits of a grid graph:
    /// the points are the `o` cells of FILE (a grid of `o` and `.`). Prints the puzzle; with
    /// --solve also a circuit found by the solver and mapped back, or that none exists.
    #[command(
        after_help = "Example:\n  kalmar puzzle reduce hamilton examples/grid-graph.txt --solve"
    )]
    Hamilton {
        /// The grid graph: `o` a point, `.` none, one line per row.
        file: PathBuf,
        /// Solve the puzzle and map the solution back to a circuit.
        #[arg(long)]
        solve: bool,
        /// Write the puzzle to FILE instead of printing it.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Print the puzzle and, with --solve, the circuit as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Reads a puzzle source, as a bad-input error when it cannot.
fn read(source: &str) -> anyhow::Result<Source> {
    source::read(source).map_err(bad_input)
}

/// Hiroimono's variant from its id.
fn variant(id: &str) -> anyhow::Result<Variant> {
    id.parse().map_err(|e| bad_input(format!("--variant: {e}")))
}

/// Hiroimono's solver from its id.
fn solver(id: &str) -> anyhow::Result<&'static Entry<Solver>> {
    SOLVERS
        .get(id)
        .map_err(|e| bad_input(format!("--solver: {e}")))
}

/// Writes `text` to `path`, saying so on standard error.
fn write_file(path: &Path, text: impl AsRef<[u8]>, what: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).map_err(|e| in_file(path, e))?;
    eprintln!("{what} written to {}", path.display());
    Ok(())
}

/// What the solver was asked, for the summary's wording.
struct Ask {
    unique: bool,
    count: Option<u64>,
}

/// How many solutions there are, as far as the search went.
fn how_many(found: u64, exact: bool, unique: Option<bool>, asked: &Ask) -> String {
    match (found, unique) {
        (0, _) => "no solution".into(),
        (1, None) if !asked.unique && asked.count.is_none() => "a solution".into(),
        (1, Some(true)) => "a unique solution".into(),
        (_, Some(false)) if !asked.unique || asked.count.is_some() => {
            let at_least = if exact { "" } else { "at least " };
            format!("{at_least}{}", count(found, "solution"))
        }
        (_, Some(false)) => "more than one solution".into(),
        _ if exact => count(found, "solution"),
        _ => format!("at least {}", count(found, "solution")),
    }
}

/// Runs a puzzle command.
pub fn run(command: &PuzzleCommand) -> anyhow::Result<()> {
    match command {
        PuzzleCommand::Solve {
            source,
            unique,
            count,
            explain,
            variant,
            solver,
            output,
            pictures,
            json,
        } => {
            let options = SolveOptions {
                ask: Ask {
                    unique: *unique,
                    count: *count,
                },
                explain: *explain,
                variant,
                solver,
                output: output.as_deref(),
                pictures: Some(pictures),
                json: *json,
            };
            solve(read(source)?, &options)
        }
        PuzzleCommand::Check {
            source,
            solution,
            variant: variant_id,
            json,
        } => check(source, solution.as_deref(), variant_id, *json),
        PuzzleCommand::Generate(command) => generate(command),
        PuzzleCommand::Reduce(ReduceCommand::Hamilton {
            file,
            solve,
            output,
            json,
        }) => hamilton(file, *solve, output.as_deref(), *json),
        PuzzleCommand::Reduce(ReduceCommand::Sat {
            file,
            solve,
            variant: variant_id,
            output,
            json,
        }) => three_sat(
            file,
            solve.then_some(variant(variant_id)?),
            output.as_deref(),
            *json,
        ),
        PuzzleCommand::Render {
            source,
            pictures,
            json,
        } => render(source, pictures, *json),
        PuzzleCommand::Convert { source, json } => convert(&read(source)?, *json),
        PuzzleCommand::Solvers(args) => {
            let rows =
                (SOLVERS.iter()).map(|s| vec![s.id.into(), s.bounds.into(), s.summary.into()]);
            crate::report::listing(*args, &["id", "bounds", "method"], rows)
        }
    }
}

/// The name of a puzzle's kind in JSON.
fn kind(source: &Source) -> &'static str {
    match source {
        Source::Hashi { .. } => "hashiwokakero",
        Source::Hiroimono(_) => "hiroimono",
    }
}

/// `kalmar puzzle render`.
fn render(source: &str, pictures: &PictureFiles, json: bool) -> anyhow::Result<()> {
    if pictures.none() {
        return Err(bad_input("render: give --svg FILE, --png FILE or both"));
    }
    let puzzle = read(source)?;
    match &puzzle {
        Source::Hashi { puzzle, solution } => pictures
            .write(|| Ok::<_, Infallible>(hashi::render::picture(puzzle, solution.as_ref())))?,
        Source::Hiroimono(puzzle) => pictures.write(|| hiroimono::render::picture(puzzle, None))?,
    }
    if json {
        let solved = matches!(
            &puzzle,
            Source::Hashi {
                solution: Some(_),
                ..
            }
        );
        let json = serde_json::json!({
            "puzzle": kind(&puzzle),
            "solution_drawn": solved,
            "svg": pictures.svg.as_ref().map(|path| path.display().to_string()),
            "png": pictures.png.as_ref().map(|path| path.display().to_string()),
        });
        say!("{}", serde_json::to_string_pretty(&json)?);
    }
    Ok(())
}

/// A Hashiwokakero puzzle's forms: its grid, its puzz.link URL and its Tatham game ID.
fn hashi_forms(puzzle: &hashi::Puzzle) -> serde_json::Value {
    serde_json::json!({
        "puzzle": "hashiwokakero",
        "instance": puzzle,
        "grid": hashi::format::write_puzzle(puzzle),
        "url": url::to_puzz_link(puzzle),
        "tatham": url::to_tatham(puzzle),
    })
}

/// `kalmar puzzle convert`.
fn convert(source: &Source, json: bool) -> anyhow::Result<()> {
    match source {
        Source::Hashi { puzzle, .. } if json => {
            say!("{}", serde_json::to_string_pretty(&hashi_forms(puzzle))?);
        }
        Source::Hashi { puzzle, .. } => {
            say!("{}", hashi::format::write_puzzle(puzzle).trim_end());
            say!("{}", url::to_puzz_link(puzzle));
            say!("{}", url::to_tatham(puzzle));
        }
        Source::Hiroimono(puzzle) if json => {
            let json = serde_json::json!({
                "puzzle": "hiroimono",
                "stones": puzzle,
                "points": hiroimono::format::write_points(puzzle),
            });
            say!("{}", serde_json::to_string_pretty(&json)?);
        }
        Source::Hiroimono(puzzle) => {
            say!("{}", hiroimono::format::write_points(puzzle).trim_end());
        }
    }
    Ok(())
}

/// How `solve` is asked and what it writes.
pub struct SolveOptions<'a> {
    ask: Ask,
    explain: bool,
    variant: &'a str,
    solver: &'a str,
    output: Option<&'a Path>,
    pictures: Option<&'a PictureFiles>,
    json: bool,
}

impl<'a> SolveOptions<'a> {
    /// A first solution, printed (or as JSON) and written to `output`: what `kalmar solve`
    /// does with a puzzle file.
    pub fn find(output: Option<&'a Path>, json: bool) -> Self {
        SolveOptions {
            ask: Ask {
                unique: false,
                count: None,
            },
            explain: false,
            variant: "classic",
            solver: "dfs",
            output,
            pictures: None,
            json,
        }
    }
}

/// Solves a puzzle read, prints the answer and writes the first solution and its picture.
pub fn solve(source: Source, options: &SolveOptions<'_>) -> anyhow::Result<()> {
    let ask = &options.ask;
    let mode = Mode::from_options(ask.unique, ask.count)
        .map_err(|e| bad_input(format!("--count: {e}")))?;
    match source {
        Source::Hashi { puzzle, .. } => {
            let (answer, elapsed) = timed("solving", puzzle.links().len(), || {
                hashi::solve(&puzzle, mode)
            });
            let answer = answer.map_err(|e| anyhow::anyhow!("{e}"))?;
            solved_hashi(
                &puzzle,
                &answer,
                elapsed,
                ask,
                options.explain,
                options.json,
            )?;
            if let Some(first) = answer.solutions.first() {
                if let Some(path) = options.output {
                    let text = hashi::format::write_solved(&puzzle, first)
                        .map_err(|e| bad_input(format!("-o: {e}; use --json")))?;
                    write_file(path, &text, "solution")?;
                }
                if let Some(pictures) = options.pictures {
                    pictures.write(|| {
                        Ok::<_, Infallible>(hashi::render::picture(&puzzle, Some(first)))
                    })?;
                }
            }
            Ok(())
        }
        Source::Hiroimono(puzzle) => {
            let variant = variant(options.variant)?;
            let solver = solver(options.solver)?;
            let (answer, elapsed) = timed("solving", puzzle.len(), || {
                (solver.run.solve)(&puzzle, variant, mode)
            });
            let answer = answer.map_err(bad_input)?;
            let solved = Solved {
                answer: &answer,
                solver,
                elapsed,
            };
            solved_hiroimono(&puzzle, variant, &solved, ask, options.json)?;
            if let Some(first) = answer.solutions.first() {
                if let Some(path) = options.output {
                    let text = hiroimono::format::write_solution(&puzzle, first)?;
                    write_file(path, &text, "solution")?;
                }
                if let Some(pictures) = options.pictures {
                    pictures.write(|| hiroimono::render::picture(&puzzle, Some(first)))?;
                }
            }
            Ok(())
        }
    }
}

/// Prints a Hashiwokakero answer.
fn solved_hashi(
    puzzle: &hashi::Puzzle,
    answer: &hashi::Answer,
    elapsed: std::time::Duration,
    ask: &Ask,
    explain: bool,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        let json = serde_json::json!({ "puzzle": "hashiwokakero", "answer": answer });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    say!(
        "Hashiwokakero, {}×{}, {}: {} in {} ({}, {}, {})",
        puzzle.width(),
        puzzle.height(),
        count(puzzle.islands().len() as u64, "island"),
        how_many(answer.count as u64, answer.count_exact, answer.unique, ask),
        millis(elapsed),
        count(answer.steps.len() as u64, "deduction"),
        count(answer.stats.sat_calls as u64, "SAT call"),
        count(answer.stats.cuts as u64, "connectivity cut")
    );
    if let Some(why) = &answer.contradiction {
        say!("  {why}");
    }
    if explain {
        for (number, step) in answer.steps.iter().enumerate() {
            say!("  {:>4}. {step}", number + 1);
        }
    }
    let drawn = answer.solutions.iter().map(|solution| {
        hashi::format::write_solved(puzzle, solution)
            .map_err(|e| format!("{e}; --json lists the bridges"))
    });
    print_solutions(drawn)
}

/// Prints each solution's drawing (numbered when there are several), or why it has none.
fn print_solutions(
    drawn: impl ExactSizeIterator<Item = Result<String, String>>,
) -> anyhow::Result<()> {
    let several = drawn.len() > 1;
    for (number, grid) in drawn.enumerate() {
        if several {
            say!("solution {}:", number + 1);
        }
        match grid {
            Ok(grid) => say!("{}", grid.trim_end()),
            Err(why) => say!("  ({why})"),
        }
    }
    Ok(())
}

/// A Hiroimono answer with the solver that found it and its time.
struct Solved<'a> {
    answer: &'a hiroimono::Answer,
    solver: &'static Entry<Solver>,
    elapsed: std::time::Duration,
}

/// Prints a Hiroimono answer.
fn solved_hiroimono(
    puzzle: &hiroimono::Puzzle,
    variant: Variant,
    solved: &Solved<'_>,
    ask: &Ask,
    json: bool,
) -> anyhow::Result<()> {
    let answer = solved.answer;
    if json {
        let json = serde_json::json!({
            "puzzle": "hiroimono",
            "variant": variant.id(),
            "solver": solved.solver.id,
            "answer": answer,
        });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    say!(
        "{variant}, {}: {} in {} ({} {})",
        count(puzzle.len() as u64, "stone"),
        how_many(answer.count, answer.complete, answer.unique, ask),
        millis(solved.elapsed),
        answer.nodes,
        solved.solver.run.work
    );
    let drawn = answer.solutions.iter().map(|solution| {
        hiroimono::format::draw_solution(puzzle, solution)
            .map_err(|e| format!("{e}; --json lists the order"))
    });
    print_solutions(drawn)
}

/// `kalmar puzzle check`.
fn check(
    source: &str,
    solution: Option<&Path>,
    variant_id: &str,
    json: bool,
) -> anyhow::Result<()> {
    let puzzle = read(source)?;
    let variant = variant(variant_id)?;
    let text = solution
        .map(|path| kalmar_core::format::read_text_file(path).map_err(bad_input))
        .transpose()?;
    let named = solution.map_or(source.to_string(), |path| path.display().to_string());
    match source::check_solution(&puzzle, text.as_deref(), variant) {
        Ok(what) if json => {
            let mut verdict = serde_json::json!({
                "accepted": true,
                "puzzle": kind(&puzzle),
                "solution": what,
                "puzzle_source": source,
                "solution_file": solution.map(|path| path.display().to_string()),
            });
            if let Source::Hiroimono(_) = puzzle {
                verdict["variant"] = variant.id().into();
            }
            say!("{}", serde_json::to_string_pretty(&verdict)?);
            Ok(())
        }
        Ok(what) => {
            say!("{named}: {what}; checked");
            Ok(())
        }
        Err(CheckFileError::Wrong(why)) => Err(rejected(Path::new(&named), why)),
        Err(CheckFileError::Parse(e)) => Err(bad_input(e.in_file(named))),
        Err(e) => Err(in_file(Path::new(&named), e)),
    }
}

/// `kalmar puzzle generate`.
fn generate(command: &GenerateCommand) -> anyhow::Result<()> {
    let (text, out) = match command {
        GenerateCommand::Hashi {
            width,
            height,
            density,
            loops,
            difficulty,
            out,
        } => {
            let mut params = hashi::generate::Params::new(*width, *height, out.seed);
            params.density = *density;
            params.loops = *loops;
            if let Some(grade) = difficulty {
                let grade = grade
                    .parse()
                    .map_err(|e| bad_input(format!("--difficulty: {e}")))?;
                params.difficulty = Some(grade);
                params.max_attempts = 500;
            }
            let generated = hashi::generate::generate(&params).map_err(bad_input)?;
            if out.json {
                let mut json = hashi_forms(&generated.puzzle);
                json["solution"] = serde_json::to_value(&generated.solution)?;
                json["unique"] = true.into();
                json["easy"] = generated.easy.into();
                json["attempts"] = generated.attempts.into();
                say!("{}", serde_json::to_string_pretty(&json)?);
            }
            eprintln!(
                "{}×{}, {}, unique; {}",
                width,
                height,
                count(generated.puzzle.islands().len() as u64, "island"),
                if generated.easy {
                    "easy: the deductions alone solve it"
                } else {
                    "hard: the deductions leave links open"
                }
            );
            (hashi::format::write_puzzle(&generated.puzzle), out)
        }
        GenerateCommand::Hiroimono {
            stones,
            max_step,
            reversals,
            out,
        } => {
            let (puzzle, walk) =
                hiroimono::generate::generate(*stones, *max_step, *reversals, out.seed)
                    .map_err(bad_input)?;
            if out.json {
                let json = serde_json::json!({
                    "puzzle": "hiroimono",
                    "stones": puzzle,
                    "variant": if *reversals { Variant::ReversalStart } else { Variant::Start }.id(),
                    "solution": walk,
                });
                say!("{}", serde_json::to_string_pretty(&json)?);
            }
            (hiroimono::format::write(&puzzle), out)
        }
    };
    print_or_write(out.output.as_deref(), &text, out.json)
}

/// Writes a generated or reduced puzzle to `output`, or prints it when there is none and no
/// JSON is asked for.
fn print_or_write(output: Option<&Path>, puzzle: &str, json: bool) -> anyhow::Result<()> {
    match output {
        Some(path) => write_file(path, puzzle, "puzzle"),
        None if json => Ok(()),
        None => {
            say!("{}", puzzle.trim_end());
            Ok(())
        }
    }
}

/// `kalmar puzzle reduce 3sat`.
fn three_sat(
    file: &Path,
    solve: Option<Variant>,
    output: Option<&Path>,
    json: bool,
) -> anyhow::Result<()> {
    let text = kalmar_core::format::read_text_file(file).map_err(bad_input)?;
    let formula = kalmar_puzzles::cnf::Cnf::parse(&text)
        .map_err(|e| bad_input(e.in_file(file.display().to_string())))?;
    let reduction = hiroimono::reduction::Reduction::new(&formula).map_err(|e| in_file(file, e))?;
    print_or_write(
        output,
        &hiroimono::format::write_points(&reduction.puzzle),
        json,
    )?;
    eprintln!(
        "{} variables and {} clauses make {} stones",
        formula.variables(),
        formula.clauses().len(),
        reduction.puzzle.len()
    );
    let decision = solve
        .map(|variant| {
            reduction
                .decide(variant)
                .map(|decision| (variant, decision))
        })
        .transpose()?;
    if json {
        let mut json = serde_json::json!({
            "puzzle": "hiroimono",
            "variables": formula.variables(),
            "clauses": formula.clauses().len(),
            "stones": &reduction.puzzle,
        });
        if let Some((variant, decision)) = &decision {
            json["variant"] = variant.id().into();
            json["satisfiable"] = decision.assignment.is_some().into();
            json["decision"] = serde_json::to_value(decision)?;
        }
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    if let Some((variant, decision)) = decision {
        match decision.assignment {
            Some(values) => {
                let values: Vec<String> = (1..)
                    .zip(values)
                    .map(|(v, value)| format!("x{v}={}", u8::from(value)))
                    .collect();
                say!(
                    "satisfiable: {} (from the tour the solver found under {}, checked against the formula)",
                    values.join(" "),
                    variant.name()
                );
            }
            None => say!(
                "unsatisfiable: the puzzle has no tour under {} ({} search nodes)",
                variant.name(),
                decision.nodes
            ),
        }
    }
    Ok(())
}

/// `kalmar puzzle reduce hamilton`.
fn hamilton(file: &Path, solve: bool, output: Option<&Path>, json: bool) -> anyhow::Result<()> {
    let text = kalmar_core::format::read_text_file(file).map_err(bad_input)?;
    let points = hashi::reduction::read_points(&text)
        .map_err(|e| bad_input(e.in_file(file.display().to_string())))?;
    let reduction = hashi::reduction::Reduction::new(&points).map_err(|e| in_file(file, e))?;
    print_or_write(
        output,
        &hashi::format::write_puzzle(&reduction.puzzle),
        json,
    )?;
    let circuit = if solve {
        Some(reduction.decide()?)
    } else {
        None
    };
    if json {
        let mut json = hashi_forms(&reduction.puzzle);
        json["points"] = serde_json::to_value(&points)?;
        if let Some(circuit) = &circuit {
            json["hamiltonian"] = circuit.is_some().into();
            let rows_columns = circuit
                .as_ref()
                .map(|c| c.iter().map(|&p| points[p]).collect::<Vec<_>>());
            json["circuit"] = serde_json::to_value(rows_columns)?;
        }
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    match circuit {
        Some(Some(circuit)) => {
            let points: Vec<String> = circuit
                .iter()
                .map(|&p| format!("({}, {})", points[p].0 + 1, points[p].1 + 1))
                .collect();
            say!("a Hamiltonian circuit (row, column): {}", points.join(" "));
        }
        Some(None) => say!("no Hamiltonian circuit: the puzzle has no solution"),
        None => {}
    }
    Ok(())
}
