//! The end-to-end benchmark runner behind `kalmar bench`: generates a game of a registered family
//! ([`kalmar_terminal::generate::FAMILIES`]), times the algorithms on it with several repetitions and
//! reports one [`Row`] per algorithm (median and minimum time, arcs per second, comparisons,
//! peak memory), as JSON or as a Markdown table row.
//!
//! Three kinds of algorithm are timed:
//! - the floor, [`reverse_bfs`]: a breadth-first search over the reversed graph from all
//!   terminals, which touches every arc once and does nothing else: no solver that reads the
//!   whole game can beat it;
//! - every DGG solver of [`kalmar_terminal::dgg::SOLVERS`], with its payoff comparisons from
//!   [`kalmar_terminal::dgg::Stats`];
//! - retrograde analysis of chess-like games ([`kalmar_terminal::reach::solve`]), on the game with the same
//!   arena whose terminals pay the sign of the original payoffs ([`chess_like`]).
//!
//! Peak memory is the process's resident high-water mark (`VmHWM` in `/proc/self/status`, on
//! Linux). It is per process: the runner resets it before each algorithm where the kernel allows
//! ([`reset_peak_rss`]), so each row's figure is the peak while that algorithm ran, including the
//! game itself; where it cannot be reset, the figure is the peak of the process so far.
//!
//! ```
//! use kalmar_bench::{self as bench, Options, Workload};
//! let workload = Workload::generate("random", 2000, 1).unwrap();
//! let options = Options { repetitions: 3, verify: true };
//! let rows = bench::run_all(&workload, &options).unwrap();
//! assert_eq!(rows.len(), 2 + kalmar_terminal::dgg::SOLVERS.len());
//! println!("{}", bench::markdown_table(&rows));
//! ```

pub mod efg;

use kalmar_core::{Arena, Certificate, Vertex};
use kalmar_terminal::dgg::{SOLVERS, SolverInfo, Stats};
use kalmar_terminal::generate::{self, GenerateError};
use kalmar_terminal::reach::{self, ChessLike, Outcome};
use kalmar_terminal::{Dgg, TerminalGame};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// How to run the benchmarks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Timed runs of each algorithm (at least 1).
    pub repetitions: usize,
    /// Whether to check each solution with its certificate (once, untimed).
    pub verify: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            repetitions: 5,
            verify: true,
        }
    }
}

/// A generated game to run the algorithms on.
#[derive(Clone, Debug)]
pub struct Workload {
    /// The family's id.
    pub family: String,
    /// The seed it was generated from.
    pub seed: u64,
    /// The game.
    pub game: Dgg,
    /// Seconds it took to generate.
    pub generate_seconds: f64,
}

impl Workload {
    /// Generates a game of the family `id` with about `arcs` arcs from `seed`.
    pub fn generate(id: &str, arcs: usize, seed: u64) -> Result<Self, GenerateError> {
        let family = generate::family(id)?;
        let started = Instant::now();
        let game = family.build(arcs, seed)?;
        Ok(Workload {
            family: family.id.to_string(),
            seed,
            game,
            generate_seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// A workload of an existing game, labelled `family`.
    pub fn new(family: impl Into<String>, seed: u64, game: Dgg) -> Self {
        Workload {
            family: family.into(),
            seed,
            game,
            generate_seconds: 0.0,
        }
    }

    /// The number of arcs.
    pub fn arcs(&self) -> usize {
        self.game.arena().num_edges()
    }

    /// The number of terminals.
    pub fn terminals(&self) -> usize {
        self.game.terminals().count()
    }

    /// The number of positions (non-terminals).
    pub fn positions(&self) -> usize {
        self.game.arena().num_vertices() - self.terminals()
    }

    fn row(&self, algorithm: &str, timing: &Timing, comparisons: Option<u64>) -> Row {
        let terminals = self.terminals();
        Row {
            family: self.family.clone(),
            seed: self.seed,
            arcs: self.arcs(),
            positions: self.positions(),
            terminals,
            algorithm: algorithm.to_string(),
            repetitions: timing.samples.len(),
            median_seconds: timing.median,
            min_seconds: timing.min,
            arcs_per_second: self.arcs() as f64 / timing.median.max(f64::MIN_POSITIVE),
            comparisons,
            comparisons_per_terminal: comparisons.map(|c| c as f64 / terminals.max(1) as f64),
            peak_rss_bytes: peak_rss(),
        }
    }
}

/// One measured algorithm on one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The game family.
    pub family: String,
    /// The seed the game was generated from.
    pub seed: u64,
    /// Arcs of the game.
    pub arcs: usize,
    /// Positions (non-terminals) of the game.
    pub positions: usize,
    /// Terminals of the game.
    pub terminals: usize,
    /// The algorithm: `bfs-floor`, `retrograde` or a DGG solver's id.
    pub algorithm: String,
    /// Timed runs.
    pub repetitions: usize,
    /// Median wall-clock time of a run, in seconds.
    pub median_seconds: f64,
    /// Fastest run, in seconds.
    pub min_seconds: f64,
    /// Arcs divided by the median time.
    pub arcs_per_second: f64,
    /// Payoff comparisons of one run (DGG solvers only).
    pub comparisons: Option<u64>,
    /// Comparisons divided by the number of terminals.
    pub comparisons_per_terminal: Option<f64>,
    /// The process's peak resident memory after the runs, in bytes, where known.
    pub peak_rss_bytes: Option<u64>,
}

impl Row {
    /// The header of a Markdown table of rows (two lines, no trailing newline).
    pub fn markdown_header() -> &'static str {
        "| family | arcs | positions | terminals | algorithm | median (s) | min (s) | arcs/s | comparisons | comparisons/terminal | peak RSS (MiB) |\n\
         |---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"
    }

    /// The row as a Markdown table row.
    pub fn markdown(&self) -> String {
        let dash = || "-".to_string();
        format!(
            "| {} | {} | {} | {} | {} | {:.6} | {:.6} | {:.3e} | {} | {} | {} |",
            self.family,
            self.arcs,
            self.positions,
            self.terminals,
            self.algorithm,
            self.median_seconds,
            self.min_seconds,
            self.arcs_per_second,
            self.comparisons.map_or_else(dash, |c| c.to_string()),
            self.comparisons_per_terminal
                .map_or_else(dash, |c| format!("{c:.2}")),
            self.peak_rss_bytes
                .map_or_else(dash, |b| format!("{:.1}", b as f64 / (1 << 20) as f64)),
        )
    }
}

/// A Markdown table of `rows`, with its header.
pub fn markdown_table(rows: &[Row]) -> String {
    let mut table = Row::markdown_header().to_string();
    for row in rows {
        table.push('\n');
        table.push_str(&row.markdown());
    }
    table
}

/// Wall-clock times of repeated runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Each run's time in seconds, in the order run.
    pub samples: Vec<f64>,
    /// The median time.
    pub median: f64,
    /// The fastest time.
    pub min: f64,
}

impl Timing {
    /// The timing of these samples (at least one).
    pub fn from_samples(samples: Vec<f64>) -> Self {
        let mut sorted = samples.clone();
        sorted.sort_by(f64::total_cmp);
        let k = sorted.len();
        let median = match k {
            0 => 0.0,
            _ if k % 2 == 1 => sorted[k / 2],
            _ => (sorted[k / 2 - 1] + sorted[k / 2]) / 2.0,
        };
        Timing {
            min: sorted.first().copied().unwrap_or(0.0),
            median,
            samples,
        }
    }
}

/// Runs `f` `repetitions` times (at least once), timing each run; returns the timing and the
/// last run's result.
pub fn time<T>(repetitions: usize, mut f: impl FnMut() -> T) -> (Timing, T) {
    let mut samples = Vec::with_capacity(repetitions.max(1));
    let mut last = None;
    for _ in 0..repetitions.max(1) {
        let started = Instant::now();
        let result = std::hint::black_box(f());
        samples.push(started.elapsed().as_secs_f64());
        last = Some(result);
    }
    (
        Timing::from_samples(samples),
        last.expect("at least one run"),
    )
}

/// Breadth-first search over the reversed graph from all terminals: the vertices from which a
/// terminal can be reached, found by following every arc into a reached vertex backwards once.
/// Returns their number. This is the floor for every retrograde solver: it reads each arc once
/// and computes nothing else.
///
/// ```
/// use kalmar_terminal::generate;
/// let game = generate::grid(3, 3).unwrap();
/// assert_eq!(kalmar_bench::reverse_bfs(game.arena()), game.arena().num_vertices());
/// ```
pub fn reverse_bfs(arena: &Arena) -> usize {
    let n = arena.num_vertices();
    let mut seen = vec![false; n];
    let mut queue: Vec<Vertex> = Vec::with_capacity(n);
    for v in arena.vertices() {
        if arena.is_terminal(v) {
            seen[v.index()] = true;
            queue.push(v);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &e in arena.in_edges(v) {
            let u = arena.source(e);
            if !seen[u.index()] {
                seen[u.index()] = true;
                queue.push(u);
            }
        }
    }
    queue.len()
}

/// The process's peak resident set size in bytes (`VmHWM` of `/proc/self/status`), where the
/// system reports it.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// Resets the process's peak resident set size to its current size (writing 5 to
/// `/proc/self/clear_refs`, Linux 4.0 and later); returns whether that worked.
pub fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// Why a benchmark failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// The game could not be generated.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A solution failed its certificate.
    #[error("{algorithm} gave a wrong solution on {family} ({arcs} arcs): {message}")]
    Wrong {
        /// The algorithm.
        algorithm: String,
        /// The game family.
        family: String,
        /// The game's arcs.
        arcs: usize,
        /// What the certificate found.
        message: String,
    },
}

impl Workload {
    fn wrong(&self, algorithm: &str, message: impl ToString) -> BenchError {
        BenchError::Wrong {
            algorithm: algorithm.to_string(),
            family: self.family.clone(),
            arcs: self.arcs(),
            message: message.to_string(),
        }
    }
}

/// Times the floor, [`reverse_bfs`], on the workload's arena.
pub fn run_reach_floor(workload: &Workload, options: &Options) -> Row {
    reset_peak_rss();
    let (timing, _) = time(options.repetitions, || reverse_bfs(workload.game.arena()));
    workload.row("bfs-floor", &timing, None)
}

/// Times one DGG solver; its comparisons are those of one run.
pub fn run_dgg_solver(
    workload: &Workload,
    solver: &SolverInfo,
    options: &Options,
) -> Result<Row, BenchError> {
    reset_peak_rss();
    let mut stats = Stats::default();
    let (timing, solution) = time(options.repetitions, || {
        stats = Stats::default();
        (solver.solve)(&workload.game, &mut stats)
    });
    if options.verify {
        solution
            .verify(&workload.game)
            .map_err(|e| workload.wrong(solver.id, e))?;
    }
    Ok(workload.row(solver.id, &timing, Some(stats.comparisons)))
}

/// Times every DGG solver of [`SOLVERS`], in registry order.
pub fn run_dgg(workload: &Workload, options: &Options) -> Result<Vec<Row>, BenchError> {
    SOLVERS
        .iter()
        .map(|s| run_dgg_solver(workload, s, options))
        .collect()
}

/// The chess-like game with the same arena whose terminals pay the sign of the original payoff
/// (the coarse game of Lemma 2 of *Deterministic Graphical Games Revisited*: its values are the
/// signs of the original values).
pub fn chess_like(game: &Dgg) -> ChessLike {
    let payoffs = game
        .payoffs()
        .iter()
        .map(|p| Outcome::from_sign(p.signum()))
        .collect();
    TerminalGame::new(game.arena().clone(), payoffs)
        .expect("the arena of a DGG is the arena of a chess-like game")
}

/// Times retrograde analysis of chess-like games ([`reach::solve`]) on [`chess_like`] of the
/// workload's game (converted once, untimed).
pub fn run_reach(workload: &Workload, options: &Options) -> Result<Row, BenchError> {
    let game = chess_like(&workload.game);
    reset_peak_rss();
    let (timing, solution) = time(options.repetitions, || reach::solve(&game));
    if options.verify {
        solution
            .verify(&game)
            .map_err(|e| workload.wrong("retrograde", e))?;
    }
    Ok(workload.row("retrograde", &timing, None))
}

/// The floor, retrograde analysis and every DGG solver on one workload.
pub fn run_all(workload: &Workload, options: &Options) -> Result<Vec<Row>, BenchError> {
    let mut rows = vec![
        run_reach_floor(workload, options),
        run_reach(workload, options)?,
    ];
    rows.extend(run_dgg(workload, options)?);
    Ok(rows)
}

pub mod parity {
    //! The parity suite of `kalmar bench`: kalmar's parity solvers on `.pg` files, timed side
    //! by side with Oink (the reference parity-game solver, run as a separate program on the
    //! same file).
    //!
    //! Each game is a PGSolver `.pg` file: given, or generated ([`GameSpec`]) and written to a
    //! file first, so that kalmar and the peer read the same bytes. For each game the runner
    //! times
    //! - parsing: kalmar's reader ([`kalmar_parity::format::read_path`]) and the conversion to a
    //!   [`ParityGame`];
    //! - every solver of [`kalmar_parity::SOLVERS`], behind the shared preprocessing
    //!   ([`kalmar_parity::preprocess`]) as `kalmar parity solve` runs it (or alone, without
    //!   it); each answer is checked once by its certificate, untimed, and the solvers must agree
    //!   on the winners;
    //! - with a [`Peer`], Oink on the same file for each of the peer solvers asked for, taking
    //!   the times Oink reports itself (its `total solving time`: preprocessing and solving,
    //!   which is what kalmar's figure covers too; its `solving took`, its `parsing took`) and
    //!   its peak memory, as well as the wall time of the whole process. The first run of each
    //!   peer solver also writes its solution, whose winners are compared with kalmar's.
    //!
    //! A figure is the median of the runs. A run longer than the timeout ends the repetitions
    //! of that algorithm (kalmar's runs cannot be interrupted; Oink's are, by its own `-z`).
    //! Peak memory is the resident high-water mark: kalmar's while the algorithm ran in this
    //! process, including the game (see [`super::reset_peak_rss`]), Oink's as it reports it.

    use super::{Timing, peak_rss, reset_peak_rss};
    use kalmar_core::format::{GameGraph, read_text_file};
    use kalmar_core::{Certificate, Player};
    use kalmar_parity::format::{Format, read_path, read_pg_solution, write_pg};
    use kalmar_parity::generate::{parity_family, randomgame};
    use kalmar_parity::{ParityGame, SOLVERS, SolverInfo, Stats, preprocess};
    use serde::{Deserialize, Serialize};
    use std::path::{Path, PathBuf};
    use std::process::Command;
    use std::time::Instant;

    /// The out-degrees of the random games: PGSolver's `randomgame n p 2 5` (self-loops
    /// allowed).
    pub const RANDOM_OUT_DEGREE: (usize, usize) = (2, 5);

    /// How to run the parity suite.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct ParityOptions {
        /// Timed runs of each algorithm (at least 1).
        pub repetitions: usize,
        /// Whether to check each kalmar solution with its certificate (once, untimed).
        pub verify: bool,
        /// Whether kalmar's solvers run behind the shared preprocessing, as `kalmar parity
        /// solve` runs them by default.
        pub preprocess: bool,
        /// A run longer than this many seconds ends the repetitions of its algorithm; Oink is
        /// given it as its timeout.
        pub timeout_seconds: Option<u64>,
        /// Runs of each Oink solver, if not `repetitions` (Oink's own parsing can take far
        /// longer than solving, on games with very many priorities).
        pub peer_repetitions: Option<usize>,
        /// The ids of the kalmar solvers to run (all of them when empty).
        pub solvers: Vec<String>,
        /// When set, the `kalmar` program that runs each timed run of a kalmar solver in a
        /// process of its own (`kalmar bench parity --files … --solvers ID --reps 1`), killed
        /// once it has run for the timeout: a solver that would take hours is cut short, and
        /// each peak memory figure is the solver's alone. Each answer is then checked by the
        /// verifier in the child, and not compared with Oink's.
        #[serde(default)]
        pub isolate: Option<PathBuf>,
    }

    impl Default for ParityOptions {
        fn default() -> Self {
            ParityOptions {
                repetitions: 5,
                verify: true,
                preprocess: true,
                timeout_seconds: None,
                peer_repetitions: None,
                solvers: Vec::new(),
                isolate: None,
            }
        }
    }

    /// Why the parity suite failed.
    #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
    pub enum ParityBenchError {
        /// A game could not be generated, written or read.
        #[error("{0}")]
        Game(String),
        /// A kalmar solution failed its certificate, or two solvers disagree.
        #[error("{solver} on {family}: {message}")]
        Wrong {
            /// The solver.
            solver: String,
            /// The game.
            family: String,
            /// What went wrong.
            message: String,
        },
        /// The peer could not be run, or its output was not understood.
        #[error("peer {solver} on {family}: {message}")]
        Peer {
            /// The peer's solver.
            solver: String,
            /// The game.
            family: String,
            /// What went wrong.
            message: String,
        },
    }

    /// A game to generate.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum GameSpec {
        /// PGSolver's random game with this many vertices and priorities `0..priorities`, and
        /// out-degrees [`RANDOM_OUT_DEGREE`].
        Random {
            /// Vertices.
            vertices: usize,
            /// Number of priorities (at least 1).
            priorities: usize,
        },
        /// A family of [`kalmar_parity::generate::PARITY_FAMILIES`] with PGSolver's parameters.
        Family {
            /// The family's id.
            id: String,
            /// Its parameters, in PGSolver's order.
            params: Vec<u64>,
        },
    }

    impl GameSpec {
        /// The family `ID` scaled to about `vertices` vertices, or `ID:A:B:…` with PGSolver's
        /// parameters given. Scaled: `laddergame`, `recursiveladder`, `modelcheckerladder`,
        /// `jurdzinskigame` (height 10), `towersofhanoi` (the most disks with at most
        /// `vertices` states), `steadygame` (degrees 2 to 5), `randomgame` (10 priorities).
        /// `cliquegame` and `tc` need their parameters.
        pub fn family(text: &str, vertices: usize) -> Result<Self, ParityBenchError> {
            let mut parts = text.split(':');
            let id = parts.next().unwrap_or("").trim().to_string();
            parity_family(&id).map_err(|e| ParityBenchError::Game(e.to_string()))?;
            let given = parts
                .map(|p| {
                    p.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|x| *x >= 0.0)
                        .ok_or_else(|| {
                            ParityBenchError::Game(format!("'{p}' in '{text}' is not a number"))
                        })
                })
                .collect::<Result<Vec<f64>, _>>()?;
            let params: Vec<u64> = if given.is_empty() {
                let v = vertices.max(1) as u64;
                match id.as_str() {
                    "laddergame" => vec![(v / 2).max(1)],
                    "recursiveladder" => vec![(v / 5).max(1)],
                    "modelcheckerladder" => vec![(v.saturating_sub(1) / 3).max(1)],
                    // 2w + 1 + 9 (3w + 1) vertices for height 10.
                    "jurdzinskigame" => vec![10, (v.saturating_sub(10) / 29).max(1)],
                    "towersofhanoi" => {
                        let mut disks = 1;
                        while 3u64.saturating_pow(disks + 1) <= v {
                            disks += 1;
                        }
                        vec![u64::from(disks)]
                    }
                    "steadygame" => vec![v, 2, 5, 2, 5],
                    "randomgame" => vec![v, 9, 2, 5.min(v)],
                    _ => {
                        return Err(ParityBenchError::Game(format!(
                            "{id} is not scaled to a size: give its parameters as {id}:N…"
                        )));
                    }
                }
            } else {
                given.iter().map(|&x| x as u64).collect()
            };
            Ok(GameSpec::Family { id, params })
        }

        /// The label of the games in the tables: `random` or the family and its parameters.
        pub fn label(&self) -> String {
            match self {
                GameSpec::Random { .. } => "random".to_string(),
                GameSpec::Family { id, params } => {
                    let params: Vec<String> = params.iter().map(u64::to_string).collect();
                    format!("{id} {}", params.join(" "))
                }
            }
        }

        /// The game, from `seed`.
        pub fn build(&self, seed: u64) -> Result<ParityGame, ParityBenchError> {
            let game = match self {
                GameSpec::Random {
                    vertices,
                    priorities,
                } => {
                    let n = (*vertices).max(1);
                    let (low, high) = RANDOM_OUT_DEGREE;
                    let top = u32::try_from(priorities.saturating_sub(1)).unwrap_or(u32::MAX);
                    randomgame(n, top, low.min(n), high.min(n), seed)
                }
                GameSpec::Family { id, params } => {
                    parity_family(id).and_then(|f| f.build(params, seed))
                }
            };
            game.map_err(|e| ParityBenchError::Game(format!("{}: {e}", self.label())))
        }
    }

    /// A game on file, read by kalmar (the reading timed) and ready to solve.
    #[derive(Debug)]
    pub struct ParityWorkload {
        /// The label of the game in the tables.
        pub family: String,
        /// The seed it was generated from, if generated.
        pub seed: Option<u64>,
        /// The `.pg` file (a copy in PGSolver's format when the game was read from another).
        pub path: PathBuf,
        /// The game as kalmar read it.
        pub game: ParityGame,
        /// kalmar's time to read the file into a [`ParityGame`].
        pub parse: Timing,
        /// The peak resident memory while reading, in bytes, where known.
        pub parse_peak_rss_bytes: Option<u64>,
        temporary: bool,
    }

    impl Drop for ParityWorkload {
        fn drop(&mut self) {
            if self.temporary {
                let _ = std::fs::remove_file(&self.path);
            }
        }
    }

    /// The game in PGSolver's format.
    fn pg_text(game: &ParityGame) -> Result<String, ParityBenchError> {
        let mut graph = GameGraph::new(game.arena().clone());
        graph.priority = Some(game.arena().vertices().map(|v| game.priority(v)).collect());
        let mut text = String::new();
        write_pg(&graph, &mut text).map_err(|e| ParityBenchError::Game(e.to_string()))?;
        Ok(text)
    }

    /// Reads `path` as kalmar does: the text, its format, the parity game.
    fn read_game(path: &Path) -> Result<ParityGame, ParityBenchError> {
        let graph = read_path(path).map_err(|e| ParityBenchError::Game(e.to_string()))?;
        ParityGame::from_owned_graph(graph, false)
            .map_err(|e| ParityBenchError::Game(format!("{}: {e}", path.display())))
    }

    /// Runs `f` up to `repetitions` times, stopping after a run longer than the timeout.
    fn repeat<T>(options: &ParityOptions, mut f: impl FnMut() -> T) -> (Timing, T) {
        let mut samples = Vec::new();
        loop {
            let started = Instant::now();
            let result = std::hint::black_box(f());
            let seconds = started.elapsed().as_secs_f64();
            samples.push(seconds);
            let slow = options
                .timeout_seconds
                .is_some_and(|limit| seconds > limit as f64);
            if samples.len() >= options.repetitions.max(1) || slow {
                return (Timing::from_samples(samples), result);
            }
        }
    }

    impl ParityWorkload {
        /// The game in `path`, labelled `family`; its reading is timed.
        pub fn from_file(
            family: impl Into<String>,
            path: impl AsRef<Path>,
            options: &ParityOptions,
        ) -> Result<Self, ParityBenchError> {
            Self::read(
                family.into(),
                None,
                path.as_ref().to_path_buf(),
                false,
                options,
            )
        }

        /// Generates the game of `spec` from `seed`, writes it as a `.pg` file into `dir` and
        /// reads it back (timed). With `keep`, the file stays; otherwise it is removed when the
        /// workload is dropped.
        pub fn generate(
            spec: &GameSpec,
            seed: u64,
            dir: impl AsRef<Path>,
            keep: bool,
            options: &ParityOptions,
        ) -> Result<Self, ParityBenchError> {
            let game = spec.build(seed)?;
            let text = pg_text(&game)?;
            let stem: String = format!(
                "{}-{}v-{}p-seed{seed}",
                spec.label(),
                game.arena().num_vertices(),
                game.distinct_priorities()
            )
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
            drop(game);
            let name = if keep {
                format!("{stem}.pg")
            } else {
                format!("kalmar-bench-{}-{stem}.pg", std::process::id())
            };
            let path = dir.as_ref().join(name);
            std::fs::write(&path, text)
                .map_err(|e| ParityBenchError::Game(format!("{}: {e}", path.display())))?;
            Self::read(spec.label(), Some(seed), path, !keep, options)
        }

        fn read(
            family: String,
            seed: Option<u64>,
            path: PathBuf,
            temporary: bool,
            options: &ParityOptions,
        ) -> Result<Self, ParityBenchError> {
            reset_peak_rss();
            let (parse, game) = repeat(options, || read_game(&path));
            let parse_peak_rss_bytes = peak_rss();
            let game = match game {
                Ok(game) => game,
                Err(e) => {
                    if temporary {
                        let _ = std::fs::remove_file(&path);
                    }
                    return Err(e);
                }
            };
            // Oink reads only PGSolver's format: another format is handed to it as a .pg copy.
            let (path, temporary) = if Format::from_extension(&path) == Some(Format::Pg) {
                (path, temporary)
            } else {
                let stem = path.file_stem().map_or_else(
                    || "game".into(),
                    |s| {
                        s.to_string_lossy()
                            .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
                    },
                );
                let copy = std::env::temp_dir()
                    .join(format!("kalmar-bench-{}-{stem}.pg", std::process::id()));
                std::fs::write(&copy, pg_text(&game)?)
                    .map_err(|e| ParityBenchError::Game(format!("{}: {e}", copy.display())))?;
                (copy, true)
            };
            Ok(ParityWorkload {
                family,
                seed,
                path,
                game,
                parse,
                parse_peak_rss_bytes,
                temporary,
            })
        }

        /// The number of vertices.
        pub fn vertices(&self) -> usize {
            self.game.arena().num_vertices()
        }

        /// The number of edges.
        pub fn edges(&self) -> usize {
            self.game.arena().num_edges()
        }

        fn wrong(&self, solver: &str, message: impl ToString) -> ParityBenchError {
            ParityBenchError::Wrong {
                solver: solver.to_string(),
                family: self.family.clone(),
                message: message.to_string(),
            }
        }

        fn peer_error(&self, solver: &str, message: impl ToString) -> ParityBenchError {
            ParityBenchError::Peer {
                solver: solver.to_string(),
                family: self.family.clone(),
                message: message.to_string(),
            }
        }
    }

    /// The times of one side (kalmar or Oink) for one algorithm on one game.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Measure {
        /// Runs measured.
        pub runs: usize,
        /// The median time of a run, in seconds (for Oink: its reported total solving time).
        pub median_seconds: f64,
        /// The fastest run, in seconds.
        pub min_seconds: f64,
        /// The peak resident memory, in bytes, where known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub peak_rss_bytes: Option<u64>,
        /// kalmar's iterations of one run, as the solver counts them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub iterations: Option<u64>,
        /// Oink: the median of its reported solving time alone (without preprocessing; 0 when
        /// its preprocessing solved the game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub solve_median_seconds: Option<f64>,
        /// Oink: the median of its reported parsing time.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub parse_median_seconds: Option<f64>,
        /// Oink: the median wall time of the whole process (start, parse, solve, exit).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub wall_median_seconds: Option<f64>,
        /// Whether a run hit the timeout (Oink: it stopped; kalmar: it finished, late).
        #[serde(default)]
        pub timed_out: bool,
        /// Oink: whether its winners are kalmar's, where compared.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub agrees: Option<bool>,
        /// Oink: why it gave no answer, if it failed (a crash, an error); the times are then
        /// meaningless.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub failed: Option<String>,
    }

    impl Measure {
        fn of(timing: &Timing) -> Self {
            Measure {
                runs: timing.samples.len(),
                median_seconds: timing.median,
                min_seconds: timing.min,
                peak_rss_bytes: None,
                iterations: None,
                solve_median_seconds: None,
                parse_median_seconds: None,
                wall_median_seconds: None,
                timed_out: false,
                agrees: None,
                failed: None,
            }
        }

        /// Whether the figure is a time to compare: finished, not failed.
        fn usable(&self) -> bool {
            !self.timed_out && self.failed.is_none()
        }
    }

    /// One algorithm on one game: kalmar's figure, Oink's, or both.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct ParityRow {
        /// The game: `random`, a family with its parameters, or a file's name.
        pub family: String,
        /// The seed of a generated game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub seed: Option<u64>,
        /// Vertices (after kalmar's reading: a dead end of the file gets a self-loop).
        pub vertices: usize,
        /// Edges.
        pub edges: usize,
        /// Distinct priorities.
        pub priorities: usize,
        /// `parse`, a solver's id, or `best` (the fastest solver of each side, named in
        /// `kalmar_best` and `peer_best`).
        pub solver: String,
        /// kalmar's figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub kalmar: Option<Measure>,
        /// Oink's figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub peer: Option<Measure>,
        /// kalmar's median over Oink's (above 1: kalmar is slower).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ratio: Option<f64>,
        /// On the `best` row: kalmar's fastest solver.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub kalmar_best: Option<String>,
        /// On the `best` row: Oink's fastest solver.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub peer_best: Option<String>,
    }

    impl ParityRow {
        /// The header of a Markdown table of rows (two lines, no trailing newline).
        pub fn markdown_header() -> &'static str {
            "| family | vertices | edges | priorities | solver | kalmar median (ms) | oink median (ms) | kalmar / oink | kalmar peak (MiB) | oink peak (MiB) | oink wall (ms) |\n\
             |---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"
        }

        /// The row as a Markdown table row.
        pub fn markdown(&self) -> String {
            let dash = || "-".to_string();
            let ms = |m: &Measure| {
                let figure = format!("{:.3}", m.median_seconds * 1e3);
                if m.failed.is_some() {
                    "failed".to_string()
                } else if m.timed_out {
                    format!("> {figure} (timeout)")
                } else {
                    figure
                }
            };
            let mib = |m: &Measure| {
                m.peak_rss_bytes
                    .map_or_else(dash, |b| format!("{:.1}", b as f64 / (1 << 20) as f64))
            };
            let solver = match (&self.kalmar_best, &self.peer_best) {
                (Some(k), Some(p)) => format!("best ({k} / {p})"),
                (Some(k), None) => format!("best ({k})"),
                (None, Some(p)) => format!("best (- / {p})"),
                (None, None) => self.solver.clone(),
            };
            let disagrees = self.peer.as_ref().and_then(|p| p.agrees) == Some(false);
            format!(
                "| {} | {} | {} | {} | {}{} | {} | {} | {} | {} | {} | {} |",
                self.family,
                self.vertices,
                self.edges,
                self.priorities,
                solver,
                if disagrees { " (winners differ!)" } else { "" },
                self.kalmar.as_ref().map_or_else(dash, ms),
                self.peer.as_ref().map_or_else(dash, ms),
                self.ratio.map_or_else(dash, |r| format!("{r:.2}")),
                self.kalmar.as_ref().map_or_else(dash, mib),
                self.peer.as_ref().map_or_else(dash, mib),
                self.peer
                    .as_ref()
                    .and_then(|p| p.wall_median_seconds)
                    .map_or_else(dash, |w| format!("{:.3}", w * 1e3)),
            )
        }
    }

    /// A Markdown table of `rows`, with its header.
    pub fn markdown_table(rows: &[ParityRow]) -> String {
        let mut table = ParityRow::markdown_header().to_string();
        for row in rows {
            table.push('\n');
            table.push_str(&row.markdown());
        }
        table
    }

    /// Times one kalmar solver; returns its figure and the winners of its answer (not known
    /// when the runs are isolated in processes of their own).
    pub fn run_solver(
        workload: &ParityWorkload,
        solver: &SolverInfo,
        options: &ParityOptions,
    ) -> Result<(Measure, Option<Vec<Player>>), ParityBenchError> {
        if let Some(program) = &options.isolate {
            return run_isolated(program, workload, solver, options).map(|m| (m, None));
        }
        let game = &workload.game;
        reset_peak_rss();
        let mut stats = Stats::default();
        let (timing, solution) = repeat(options, || {
            stats = Stats::default();
            if options.preprocess {
                preprocess::solve(game, &mut stats, solver.solve)
            } else {
                (solver.solve)(game, &mut stats)
            }
        });
        let mut measure = Measure::of(&timing);
        measure.peak_rss_bytes = peak_rss();
        measure.iterations = Some(stats.iterations);
        measure.timed_out = options
            .timeout_seconds
            .is_some_and(|limit| timing.samples.iter().any(|&s| s > limit as f64));
        if options.verify {
            solution
                .verify(game)
                .map_err(|e| workload.wrong(solver.id, e))?;
        }
        Ok((measure, Some(solution.winner)))
    }

    /// Times one kalmar solver with each run in a child process of `program`, killed when it
    /// has solved for longer than the timeout (see [`ParityOptions::isolate`]).
    fn run_isolated(
        program: &Path,
        workload: &ParityWorkload,
        solver: &SolverInfo,
        options: &ParityOptions,
    ) -> Result<Measure, ParityBenchError> {
        let err = |message: String| workload.wrong(solver.id, message);
        // The child reads the game again before its clock starts: allow for that.
        let reading = 2.0 * workload.parse.median + 1.0;
        let limit = options
            .timeout_seconds
            .map(|t| std::time::Duration::from_secs_f64(t as f64 + reading));
        let mut runs: Vec<Measure> = Vec::new();
        let mut timed_out = false;
        while runs.len() < options.repetitions.max(1) && !timed_out {
            let mut command = Command::new(program);
            command
                .args(["bench", "parity", "--reps", "1", "--json", "--files"])
                .arg(&workload.path)
                .args(["--solvers", solver.id]);
            if let Some(t) = options.timeout_seconds {
                command.arg("--timeout").arg(t.to_string());
            }
            if !options.preprocess {
                command.arg("--no-preprocess");
            }
            if !options.verify {
                command.arg("--no-verify");
            }
            let output = run_with_limit(command, limit)
                .map_err(|e| err(format!("{}: {e}", program.display())))?;
            let Some(stdout) = output else {
                timed_out = true;
                break;
            };
            let rows: Vec<ParityRow> = serde_json::from_slice(&stdout)
                .map_err(|e| err(format!("unreadable report of its process: {e}")))?;
            let measure = rows
                .into_iter()
                .find(|r| r.solver == solver.id)
                .and_then(|r| r.kalmar)
                .ok_or_else(|| err("its process reported no run".into()))?;
            timed_out = measure.timed_out;
            runs.push(measure);
        }
        let samples: Vec<f64> = if timed_out && runs.iter().all(|m| m.timed_out) {
            // The timeout is a lower bound.
            vec![options.timeout_seconds.unwrap_or(0) as f64]
        } else {
            runs.iter()
                .filter(|m| !m.timed_out)
                .map(|m| m.median_seconds)
                .collect()
        };
        let mut measure = Measure::of(&Timing::from_samples(samples));
        measure.runs = runs.len() + usize::from(timed_out && runs.iter().all(|m| !m.timed_out));
        measure.timed_out = timed_out;
        measure.peak_rss_bytes = runs.iter().filter_map(|m| m.peak_rss_bytes).max();
        measure.iterations = runs.iter().filter_map(|m| m.iterations).max();
        Ok(measure)
    }

    /// Runs `command` to its end and returns its standard output, or kills it and returns
    /// `None` once it has run for `limit`. A process that fails is an error with its message.
    fn run_with_limit(
        mut command: Command,
        limit: Option<std::time::Duration>,
    ) -> std::io::Result<Option<Vec<u8>>> {
        use std::io::Read;
        use std::process::Stdio;
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        // Read the output on threads, so that a large report cannot fill the pipe and stall
        // the child while this thread waits.
        let mut stdout = child.stdout.take().expect("piped");
        let mut stderr = child.stderr.take().expect("piped");
        let out = std::thread::spawn(move || {
            let mut buffer = Vec::new();
            stdout.read_to_end(&mut buffer).map(|_| buffer)
        });
        let errors = std::thread::spawn(move || {
            let mut buffer = String::new();
            stderr.read_to_string(&mut buffer).map(|_| buffer)
        });
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break Some(status);
            }
            if limit.is_some_and(|limit| started.elapsed() > limit) {
                child.kill()?;
                child.wait()?;
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        let stdout = out.join().expect("reader thread")?;
        let stderr = errors.join().expect("reader thread")?;
        match status {
            None => Ok(None),
            Some(status) if status.success() => Ok(Some(stdout)),
            Some(status) => Err(std::io::Error::other(format!(
                "{status}: {}",
                stderr.trim()
            ))),
        }
    }

    /// What Oink reports of one run.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct PeerReport {
        /// `parsing took … sec.`
        pub parse_seconds: Option<f64>,
        /// `preprocessing took … sec.`
        pub preprocess_seconds: Option<f64>,
        /// `solving took … sec.` (absent when its preprocessing solved the game).
        pub solve_seconds: Option<f64>,
        /// `total solving time: … sec.` (preprocessing and solving).
        pub total_seconds: Option<f64>,
        /// `peak memory usage: … MB`, in bytes.
        pub peak_rss_bytes: Option<u64>,
        /// `terminated due to timeout`.
        pub timed_out: bool,
    }

    /// Reads Oink's log (its standard output, each line after a `[  time]` stamp).
    pub fn parse_peer_output(text: &str) -> PeerReport {
        let mut report = PeerReport::default();
        let seconds = |rest: &str| {
            rest.trim()
                .trim_end_matches('.')
                .trim_end_matches("sec")
                .trim()
                .parse::<f64>()
                .ok()
        };
        for line in text.lines() {
            let line = match line.trim_start().strip_prefix('[') {
                Some(stamped) => stamped.split_once(']').map_or(line, |(_, rest)| rest),
                None => line,
            }
            .trim();
            if let Some(rest) = line.strip_prefix("parsing took ") {
                report.parse_seconds = seconds(rest);
            } else if let Some(rest) = line.strip_prefix("preprocessing took ") {
                report.preprocess_seconds = seconds(rest);
            } else if let Some(rest) = line.strip_prefix("solving took ") {
                report.solve_seconds = seconds(rest);
            } else if let Some(rest) = line.strip_prefix("total solving time: ") {
                report.total_seconds = seconds(rest);
            } else if let Some(rest) = line.strip_prefix("peak memory usage: ") {
                let mut words = rest.split_whitespace();
                let number = words.next().and_then(|w| w.parse::<f64>().ok());
                let unit = match words.next() {
                    Some("B") => Some(1.0),
                    Some("KB") => Some(1024.0),
                    Some("MB") => Some(1024.0 * 1024.0),
                    Some("GB") => Some(1024.0 * 1024.0 * 1024.0),
                    Some("TB") => Some(1024.0f64.powi(4)),
                    _ => None,
                };
                report.peak_rss_bytes = number.zip(unit).map(|(x, u)| (x * u) as u64);
            } else if line.starts_with("terminated due to timeout") {
                report.timed_out = true;
            }
        }
        report
    }

    /// Oink, the reference parity-game solver, run as a program: `PROGRAM --ID [ARGS…] FILE`.
    /// Oink runs sequentially by default (its `-w` is not given unless in `args`).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Peer {
        /// The `oink` program.
        pub program: PathBuf,
        /// Extra arguments for every run (e.g. `--no-wcwc`).
        pub args: Vec<String>,
    }

    impl Peer {
        /// The command that runs Oink. On Unix it runs under a shell that forks it: a program
        /// started directly from this process would inherit this process's peak memory as its
        /// own (Linux keeps the high-water mark across `exec`), and Oink reports that figure.
        fn command(&self) -> Command {
            if cfg!(unix) {
                let mut command = Command::new("/bin/sh");
                command
                    .arg("-c")
                    .arg("\"$0\" \"$@\"; exit $?")
                    .arg(&self.program);
                command
            } else {
                Command::new(&self.program)
            }
        }

        /// The solver ids Oink lists (`oink --solvers`: lines `* id:\tdescription`).
        pub fn solvers(&self) -> Result<Vec<String>, ParityBenchError> {
            let output = Command::new(&self.program)
                .arg("--solvers")
                .output()
                .map_err(|e| ParityBenchError::Game(format!("{}: {e}", self.program.display())))?;
            let text = String::from_utf8_lossy(&output.stdout);
            let ids: Vec<String> = text
                .lines()
                .filter_map(|l| l.trim().strip_prefix("* "))
                .filter_map(|l| l.split_once(':').map(|(id, _)| id.trim().to_string()))
                .collect();
            if ids.is_empty() {
                return Err(ParityBenchError::Game(format!(
                    "{} --solvers lists no solvers; is it Oink?",
                    self.program.display()
                )));
            }
            Ok(ids)
        }

        /// Times Oink's solver `id` on the workload's file. With `winners`, the first run also
        /// writes Oink's solution, whose winners are compared with these.
        pub fn run(
            &self,
            id: &str,
            workload: &ParityWorkload,
            options: &ParityOptions,
            winners: Option<&[Player]>,
        ) -> Result<Measure, ParityBenchError> {
            let err = |message: String| workload.peer_error(id, message);
            let mut reports: Vec<PeerReport> = Vec::new();
            let mut walls = Vec::new();
            let mut agrees = None;
            let repetitions = options
                .peer_repetitions
                .unwrap_or(options.repetitions)
                .max(1);
            while reports.len() < repetitions {
                let mut command = self.command();
                command.arg(format!("--{id}")).args(&self.args);
                if let Some(limit) = options.timeout_seconds {
                    command.arg("-z").arg(limit.max(1).to_string());
                }
                command.arg(&workload.path);
                let solution_file = (reports.is_empty() && winners.is_some()).then(|| {
                    std::env::temp_dir()
                        .join(format!("kalmar-bench-{}-{id}.sol", std::process::id()))
                });
                if let Some(file) = &solution_file {
                    command.arg(file);
                }
                let started = Instant::now();
                let output = command
                    .output()
                    .map_err(|e| err(format!("{}: {e}", self.program.display())))?;
                let wall = started.elapsed().as_secs_f64();
                let text = String::from_utf8_lossy(&output.stdout);
                let report = parse_peer_output(&text);
                let timed_out = report.timed_out;
                if !timed_out && report.total_seconds.is_none() {
                    let tail: Vec<&str> = text.lines().rev().take(5).collect();
                    let stderr = String::from_utf8_lossy(&output.stderr);
                    return Err(err(format!(
                        "no solving time in its output ({}): {} {}",
                        output.status,
                        tail.into_iter().rev().collect::<Vec<_>>().join(" / "),
                        stderr.trim()
                    )));
                }
                if let (Some(file), Some(winners), false) = (&solution_file, winners, timed_out) {
                    agrees = Some(same_winners(workload, file, winners).map_err(&err)?);
                }
                if let Some(file) = &solution_file {
                    let _ = std::fs::remove_file(file);
                }
                reports.push(report);
                if solution_file.is_none() || repetitions <= 1 {
                    walls.push(wall);
                }
                if timed_out {
                    break;
                }
            }
            let timed_out = reports.iter().any(|r| r.timed_out);
            let finished: Vec<&PeerReport> = reports.iter().filter(|r| !r.timed_out).collect();
            let median = |xs: Vec<f64>| (!xs.is_empty()).then(|| Timing::from_samples(xs).median);
            let totals: Vec<f64> = if finished.is_empty() {
                // Timed out: the timeout is a lower bound.
                vec![options.timeout_seconds.unwrap_or(0) as f64]
            } else {
                finished.iter().filter_map(|r| r.total_seconds).collect()
            };
            let mut measure = Measure::of(&Timing::from_samples(totals));
            measure.runs = reports.len();
            measure.timed_out = timed_out;
            measure.peak_rss_bytes = reports.iter().filter_map(|r| r.peak_rss_bytes).max();
            measure.solve_median_seconds = median(
                finished
                    .iter()
                    .map(|r| r.solve_seconds.unwrap_or(0.0))
                    .collect(),
            );
            measure.parse_median_seconds =
                median(reports.iter().filter_map(|r| r.parse_seconds).collect());
            measure.wall_median_seconds = median(walls);
            measure.agrees = agrees;
            Ok(measure)
        }
    }

    /// Whether the winners of the PGSolver solution in `file` are `winners`.
    fn same_winners(
        workload: &ParityWorkload,
        file: &Path,
        winners: &[Player],
    ) -> Result<bool, String> {
        let graph = read_path(&workload.path).map_err(|e| e.to_string())?;
        let text = read_text_file(file).map_err(|e| e.to_string())?;
        let solution = read_pg_solution(&text, &graph).map_err(|e| e.to_string())?;
        Ok(solution.winner == winners)
    }

    /// Every kalmar solver, and with a peer each of `peer_solvers` of Oink, on one game: a
    /// `parse` row, a row per solver id (kalmar's and Oink's solver of the same id side by
    /// side) and a `best` row (each side's fastest solver). kalmar's solvers must agree on the
    /// winners; Oink's winners are compared with theirs.
    pub fn run_game(
        workload: &ParityWorkload,
        options: &ParityOptions,
        peer: Option<(&Peer, &[String])>,
    ) -> Result<Vec<ParityRow>, ParityBenchError> {
        let priorities = workload.game.distinct_priorities();
        let row = |solver: &str| ParityRow {
            family: workload.family.clone(),
            seed: workload.seed,
            vertices: workload.vertices(),
            edges: workload.edges(),
            priorities,
            solver: solver.to_string(),
            kalmar: None,
            peer: None,
            ratio: None,
            kalmar_best: None,
            peer_best: None,
        };
        let mut parse = row("parse");
        let mut measure = Measure::of(&workload.parse);
        measure.peak_rss_bytes = workload.parse_peak_rss_bytes;
        parse.kalmar = Some(measure);
        let mut rows: Vec<ParityRow> = Vec::new();
        let mut reference: Option<(&str, Vec<Player>)> = None;
        // Isolated runs return no winners: each answer was checked by the verifier instead,
        // and winning regions are unique, so verified answers agree.
        let chosen = SOLVERS
            .iter()
            .filter(|s| options.solvers.is_empty() || options.solvers.iter().any(|id| id == s.id));
        for solver in chosen {
            let (measure, winners) = run_solver(workload, solver, options)?;
            match (&reference, winners) {
                (_, None) => {}
                (Some((first, expected)), Some(winners)) if *expected != winners => {
                    return Err(workload.wrong(
                        solver.id,
                        format!("its winners differ from those of {first}"),
                    ));
                }
                (Some(_), Some(_)) => {}
                (None, Some(winners)) => reference = Some((solver.id, winners)),
            }
            let mut r = row(solver.id);
            r.kalmar = Some(measure);
            rows.push(r);
        }
        if let Some((peer, ids)) = peer {
            let mut parse_times = Vec::new();
            for id in ids {
                let winners = reference.as_ref().map(|(_, w)| w.as_slice());
                let measure = match peer.run(id, workload, options, winners) {
                    Ok(measure) => measure,
                    // Oink failed on this game (it crashed or gave no time): say so in the
                    // row rather than lose the others.
                    Err(ParityBenchError::Peer { message, .. }) => Measure {
                        runs: 1,
                        failed: Some(message),
                        ..Measure::of(&Timing::from_samples(vec![0.0]))
                    },
                    Err(e) => return Err(e),
                };
                parse_times.extend(measure.parse_median_seconds);
                match rows.iter_mut().find(|r| r.solver == *id) {
                    Some(r) => r.peer = Some(measure),
                    None => {
                        let mut r = row(id);
                        r.peer = Some(measure);
                        rows.push(r);
                    }
                }
            }
            if !parse_times.is_empty() {
                parse.peer = Some(Measure::of(&Timing::from_samples(parse_times)));
            }
        }
        let fastest = |side: fn(&ParityRow) -> Option<&Measure>| {
            rows.iter()
                .filter_map(|r| side(r).filter(|m| m.usable()).map(|m| (r, m)))
                .min_by(|a, b| a.1.median_seconds.total_cmp(&b.1.median_seconds))
                .map(|(r, m)| (r.solver.clone(), m.clone()))
        };
        let mut best = row("best");
        if let Some((id, m)) = fastest(|r| r.kalmar.as_ref()) {
            best.kalmar_best = Some(id);
            best.kalmar = Some(m);
        }
        if let Some((id, m)) = fastest(|r| r.peer.as_ref()) {
            best.peer_best = Some(id);
            best.peer = Some(m);
        }
        let mut all = vec![parse];
        all.extend(rows);
        if best.peer.is_some() {
            all.push(best);
        }
        for r in &mut all {
            if let (Some(k), Some(p)) = (&r.kalmar, &r.peer)
                && p.usable()
                && k.usable()
            {
                r.ratio = Some(k.median_seconds / p.median_seconds.max(1e-9));
            }
        }
        Ok(all)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn reads_oinks_log() {
            let log = "[    0.00] parsing took 0.000036 sec.\n\
                       [    0.00] parity game with 5 nodes and 7 edges.\n\
                       [    0.00] preprocessing took 0.000014 sec.\n\
                       [    0.00] solving took 0.000022 sec.\n\
                       [    0.00] total solving time: 0.000042 sec.\n\
                       [    0.00] peak memory usage: 4.50 MB\n";
            let r = parse_peer_output(log);
            assert_eq!(r.parse_seconds, Some(0.000036));
            assert_eq!(r.preprocess_seconds, Some(0.000014));
            assert_eq!(r.solve_seconds, Some(0.000022));
            assert_eq!(r.total_seconds, Some(0.000042));
            assert_eq!(r.peak_rss_bytes, Some((4.5 * 1024.0 * 1024.0) as u64));
            assert!(!r.timed_out);
            let r = parse_peer_output(
                "[   1.00] solving using tangle learning\n\nterminated due to timeout\n",
            );
            assert!(r.timed_out && r.total_seconds.is_none());
        }

        #[test]
        fn specs_scale_and_build() {
            let spec = GameSpec::family("laddergame", 1000).unwrap();
            assert_eq!(spec.build(1).unwrap().arena().num_vertices(), 1000);
            let spec = GameSpec::family("jurdzinskigame", 3000).unwrap();
            let n = spec.build(1).unwrap().arena().num_vertices();
            assert!((2500..=3000).contains(&n), "{n}");
            let spec = GameSpec::family("towersofhanoi", 100).unwrap();
            assert_eq!(
                spec,
                GameSpec::Family {
                    id: "towersofhanoi".into(),
                    params: vec![4]
                }
            );
            assert_eq!(GameSpec::family("tc:3", 0).unwrap().label(), "tc 3");
            assert!(GameSpec::family("tc", 100).is_err());
            assert!(GameSpec::family("nonsense", 100).is_err());
            let random = GameSpec::Random {
                vertices: 300,
                priorities: 10,
            };
            let game = random.build(4).unwrap();
            assert_eq!(game.arena().num_vertices(), 300);
            assert!(game.distinct_priorities() <= 10);
        }

        #[test]
        fn generated_games_run_without_a_peer() {
            let options = ParityOptions {
                repetitions: 2,
                ..ParityOptions::default()
            };
            let spec = GameSpec::Random {
                vertices: 500,
                priorities: 500,
            };
            let workload =
                ParityWorkload::generate(&spec, 3, std::env::temp_dir(), false, &options).unwrap();
            let path = workload.path.clone();
            assert!(path.exists());
            let rows = run_game(&workload, &options, None).unwrap();
            assert_eq!(rows.len(), 1 + SOLVERS.len());
            assert_eq!(rows[0].solver, "parse");
            for r in &rows {
                assert_eq!(r.vertices, 500);
                assert_eq!(r.kalmar.as_ref().unwrap().runs, 2);
                assert!(r.peer.is_none() && r.ratio.is_none());
                assert_eq!(r.markdown().matches('|').count(), 12);
                let back: ParityRow =
                    serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap();
                assert_eq!(
                    (back.solver.as_str(), back.edges),
                    (r.solver.as_str(), r.edges)
                );
            }
            drop(workload);
            assert!(!path.exists());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_statistics() {
        let t = Timing::from_samples(vec![3.0, 1.0, 2.0, 10.0]);
        assert_eq!((t.median, t.min), (2.5, 1.0));
        let t = Timing::from_samples(vec![3.0, 1.0, 2.0]);
        assert_eq!((t.median, t.min), (2.0, 1.0));
        let (t, x) = time(0, || 7);
        assert_eq!((t.samples.len(), x), (1, 7));
    }

    #[test]
    fn floor_counts_vertices_that_reach_a_terminal() {
        use kalmar_core::{Builder, Owner, Player};
        let mut b = Builder::new(2);
        let [x, y, z, t] = [
            b.add_vertex(Owner::Player(Player::MAX)),
            b.add_vertex(Owner::Player(Player::MIN)),
            b.add_vertex(Owner::Player(Player::MIN)),
            b.add_vertex(Owner::Terminal),
        ];
        b.add_edge(x, y);
        b.add_edge(y, t);
        b.add_edge(z, z);
        assert_eq!(reverse_bfs(&b.build().unwrap()), 3);
        let _ = (x, z);
    }

    #[test]
    fn rows_serialise_and_format() {
        let workload = Workload::generate("sorting-network", 500, 3).unwrap();
        let rows = run_all(
            &workload,
            &Options {
                repetitions: 2,
                verify: true,
            },
        )
        .unwrap();
        assert_eq!(rows[0].algorithm, "bfs-floor");
        for row in &rows {
            assert_eq!(row.arcs, workload.arcs());
            let json = serde_json::to_string(row).unwrap();
            let back: Row = serde_json::from_str(&json).unwrap();
            // Floats survive JSON to within rounding of the last digit.
            assert!((back.median_seconds - row.median_seconds).abs() <= 1e-12 * row.median_seconds);
            let exact = |r: &Row| {
                (
                    r.algorithm.clone(),
                    r.arcs,
                    r.terminals,
                    r.comparisons,
                    r.seed,
                )
            };
            assert_eq!(exact(&back), exact(row));
            assert_eq!(row.markdown().matches('|').count(), 12);
        }
        assert!(rows[2..].iter().all(|r| r.comparisons.is_some()));
        assert_eq!(
            Row::markdown_header()
                .lines()
                .next()
                .unwrap()
                .matches('|')
                .count(),
            12
        );
    }
}
