//! The reach and DGG suites of `kalmar bench`: generates a game of a registered family
//! ([`kalmar_terminal::generate::FAMILIES`]), times the algorithms on it with several repetitions
//! and reports one [`Row`] per algorithm (median and minimum time, arcs per second, comparisons,
//! peak memory), as JSON or as a Markdown table row.
//!
//! Three kinds of algorithm are timed:
//! - the floor, [`reverse_bfs`]: a breadth-first search over the predecessor arrays from all
//!   terminals, which reads every arc once and does nothing else: no solver that reads the
//!   whole game can beat it; and, for reference, [`forward_bfs`], the same over the successor
//!   arrays from every position;
//! - every DGG solver of [`kalmar_terminal::dgg::SOLVERS`], with its payoff comparisons from
//!   [`kalmar_terminal::dgg::Stats`];
//! - retrograde analysis of chess-like games ([`kalmar_terminal::reach::solve`]), on the game
//!   with the same arena whose terminals pay the sign of the original payoffs ([`chess_like`]).
//!
//! [`SUITES`] says which of them each suite runs, and on which families by default. A suite's
//! algorithms run in turn, one run of each per round ([`crate::harness::time_in_turn`]), so
//! that none runs warm on its own data from its run before: where the game fits in the cache,
//! timing each algorithm's runs back to back favoured the one that reads least.
//!
//! Peak memory is the process's resident high-water mark (see [`crate::peak_rss`]). It is per
//! process: before the timed rounds each algorithm runs once, untimed, with the mark reset
//! before it where the kernel allows ([`crate::reset_peak_rss`]), so each row's figure is the
//! peak while that algorithm ran, including the game itself; where it cannot be reset, the
//! figure is the peak of the process so far. That run also checks the answer.
//!
//! ```
//! use kalmar_bench::markdown_table;
//! use kalmar_bench::reach::{self, Options, Workload};
//! let workload = Workload::generate("random", 2000, 1).unwrap();
//! let options = Options { repetitions: 3, verify: true };
//! let rows = reach::run_all(&workload, &options).unwrap();
//! assert_eq!(rows.len(), 2 + kalmar_terminal::dgg::SOLVERS.len());
//! println!("{}", markdown_table(&rows));
//! ```

use crate::harness::{
    BadInput, Progress, Steps, TableRow, Timing, mib, or_dash, peak_rss, reset_peak_rss,
    time_in_turn,
};
use crate::table_plot::PlotColumns;
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Arena, Certificate, Vertex};
use kalmar_terminal::dgg::{DggSolver, SOLVERS, Stats};
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
        let family = generate::FAMILIES.get(id)?;
        let started = Instant::now();
        let game = (family.run.build)(arcs, seed)?;
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

    fn row(
        &self,
        algorithm: &str,
        timing: &Timing,
        comparisons: Option<u64>,
        peak_rss_bytes: Option<u64>,
    ) -> Row {
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
            peak_rss_bytes,
        }
    }

    fn wrong(&self, algorithm: &str, message: impl ToString) -> BenchError {
        BenchError::Wrong {
            algorithm: algorithm.to_string(),
            family: self.family.clone(),
            arcs: self.arcs(),
            message: message.to_string(),
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
    /// The process's peak resident memory during the algorithm's untimed run, in bytes, where
    /// known.
    pub peak_rss_bytes: Option<u64>,
}

impl TableRow for Row {
    fn markdown_header() -> &'static str {
        "| family | arcs | positions | terminals | algorithm | median (s) | min (s) | arcs/s | comparisons | comparisons/terminal | peak RSS (MiB) |\n\
         |---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"
    }

    const PLOT: Option<PlotColumns> = Some(PlotColumns {
        x: "arcs",
        y: &["median (s)"],
        by: &["family", "algorithm"],
    });

    fn markdown(&self) -> String {
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
            or_dash(self.comparisons.map(|c| c.to_string())),
            or_dash(self.comparisons_per_terminal.map(|c| format!("{c:.2}"))),
            or_dash(self.peak_rss_bytes.map(|b| format!("{:.1}", mib(b)))),
        )
    }
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

impl BadInput for BenchError {
    fn is_bad_input(&self) -> bool {
        matches!(self, BenchError::Generate(_))
    }
}

/// Breadth-first search over the reversed graph from all terminals: the vertices from which a
/// terminal can be reached, found by reading the predecessor list of every reached vertex once
/// ([`Arena::predecessors`], one contiguous array, with no edge ids to look through). Returns
/// their number. This is the floor for every retrograde solver: it reads each arc once and
/// computes nothing else.
///
/// ```
/// use kalmar_terminal::generate;
/// let game = generate::grid(3, 3).unwrap();
/// assert_eq!(kalmar_bench::reach::reverse_bfs(game.arena()), game.arena().num_vertices());
/// ```
pub fn reverse_bfs(arena: &Arena) -> usize {
    let mut search = Search::new(arena);
    for v in arena.vertices().filter(|&v| arena.is_terminal(v)) {
        search.visit(v);
    }
    search.sweep(|v| arena.predecessors(v));
    search.queue.len()
}

/// A breadth-first search's visited flags and queue (with its head), shared by the two sweeps.
struct Search {
    seen: Vec<bool>,
    queue: Vec<Vertex>,
    head: usize,
}

impl Search {
    fn new(arena: &Arena) -> Self {
        let n = arena.num_vertices();
        Search {
            seen: vec![false; n],
            queue: Vec::with_capacity(n),
            head: 0,
        }
    }

    /// Marks `v` reached and queues it, unless it was reached already.
    fn visit(&mut self, v: Vertex) {
        if !self.seen[v.index()] {
            self.seen[v.index()] = true;
            self.queue.push(v);
        }
    }

    /// Empties the queue, visiting the `next` vertices of each vertex taken from it.
    fn sweep<'a>(&mut self, next: impl Fn(Vertex) -> &'a [Vertex]) {
        while self.head < self.queue.len() {
            let v = self.queue[self.head];
            self.head += 1;
            for &u in next(v) {
                self.visit(u);
            }
        }
    }
}

/// Breadth-first search over the successor arrays, started from every vertex not yet reached in
/// index order, so that every arc is read once in its own direction: the forward counterpart of
/// [`reverse_bfs`], printed beside it for reference. Returns the number of vertices reached
/// (all of them).
///
/// ```
/// use kalmar_terminal::generate;
/// let game = generate::grid(3, 3).unwrap();
/// assert_eq!(kalmar_bench::reach::forward_bfs(game.arena()), game.arena().num_vertices());
/// ```
pub fn forward_bfs(arena: &Arena) -> usize {
    let mut search = Search::new(arena);
    for root in arena.vertices() {
        search.visit(root);
        search.sweep(|v| arena.successors(v));
    }
    search.queue.len()
}

/// An algorithm a suite times on one workload. One run returns the payoff comparisons it made
/// (DGG solvers) and, when told to, checks its answer with the certificate, untimed runs only.
struct Algorithm<'a> {
    name: &'a str,
    run: Box<dyn FnMut(bool) -> Result<Option<u64>, BenchError> + 'a>,
}

impl<'a> Algorithm<'a> {
    /// A search over the workload's arena that computes nothing: the floor, [`reverse_bfs`]
    /// (`bfs-floor`), or [`forward_bfs`] (`bfs-forward`), for reference.
    fn search(workload: &'a Workload, name: &'a str, search: fn(&Arena) -> usize) -> Self {
        Algorithm {
            name,
            run: Box::new(move |_| {
                std::hint::black_box(search(workload.game.arena()));
                Ok(None)
            }),
        }
    }

    /// Retrograde analysis of chess-like games ([`reach::solve`]) on the workload's
    /// [`chess_like`] game, made at its first run (the untimed one).
    fn retrograde(workload: &'a Workload) -> Self {
        let mut game = None;
        Algorithm {
            name: "retrograde",
            run: Box::new(move |check| {
                let game = game.get_or_insert_with(|| chess_like(&workload.game));
                let solution = std::hint::black_box(reach::solve(game));
                if check {
                    solution
                        .verify(game)
                        .map_err(|e| workload.wrong("retrograde", e))?;
                }
                Ok(None)
            }),
        }
    }

    /// A DGG solver of [`SOLVERS`].
    fn dgg(workload: &'a Workload, solver: &'a Entry<DggSolver>) -> Self {
        Algorithm {
            name: solver.id,
            run: Box::new(move |check| {
                let mut stats = Stats::default();
                let solution = std::hint::black_box((solver.run.solve)(&workload.game, &mut stats));
                if check {
                    solution
                        .verify(&workload.game)
                        .map_err(|e| workload.wrong(solver.id, e))?;
                }
                Ok(Some(stats.comparisons))
            }),
        }
    }
}

/// Runs each of `algorithms` once, untimed, for its peak memory (reset before it where the
/// kernel allows) and, if asked, its certificate; then times them in turn ([`time_in_turn`]).
/// One row each, in order. The untimed run comes first, so that an algorithm that makes its
/// own copy of the game (retrograde analysis, last in each suite) makes it there, and the rows
/// before it do not count it.
fn time_algorithms(
    workload: &Workload,
    options: &Options,
    mut algorithms: Vec<Algorithm<'_>>,
) -> Result<Vec<Row>, BenchError> {
    let mut peaks = Vec::new();
    for algorithm in &mut algorithms {
        reset_peak_rss();
        (algorithm.run)(options.verify)?;
        peaks.push(peak_rss());
    }
    let mut runs: Vec<_> = algorithms.iter_mut().map(|a| || (a.run)(false)).collect();
    let (timings, comparisons) = time_in_turn(options.repetitions, &mut runs);
    drop(runs);
    let mut rows = Vec::new();
    for (((algorithm, timing), comparisons), peak) in
        algorithms.iter().zip(&timings).zip(comparisons).zip(peaks)
    {
        rows.push(workload.row(algorithm.name, timing, comparisons?, peak));
    }
    Ok(rows)
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

/// The floor, every DGG solver and retrograde analysis (of [`chess_like`]) on one workload,
/// timed in turn.
pub fn run_all(workload: &Workload, options: &Options) -> Result<Vec<Row>, BenchError> {
    let mut algorithms = vec![Algorithm::search(workload, "bfs-floor", reverse_bfs)];
    algorithms.extend(SOLVERS.iter().map(|s| Algorithm::dgg(workload, s)));
    algorithms.push(Algorithm::retrograde(workload));
    time_algorithms(workload, options, algorithms)
}

/// The floor, the forward search and retrograde analysis (of [`chess_like`]) on one workload,
/// timed in turn.
pub fn run_reach(workload: &Workload, options: &Options) -> Result<Vec<Row>, BenchError> {
    let algorithms = vec![
        Algorithm::search(workload, "bfs-floor", reverse_bfs),
        Algorithm::search(workload, "bfs-forward", forward_bfs),
        Algorithm::retrograde(workload),
    ];
    time_algorithms(workload, options, algorithms)
}

/// A suite of algorithms on generated terminal games.
#[derive(Clone, Copy, Debug)]
pub struct Suite {
    /// The families it runs on when none are given.
    pub default_families: &'static [&'static str],
    /// Its rows on one workload.
    pub times: fn(&Workload, &Options) -> Result<Vec<Row>, BenchError>,
}

/// The suites on terminal games: `kalmar bench reach` and `kalmar bench dgg`.
pub static SUITES: Registry<Suite> = Registry::new(
    "terminal-game suite",
    &[
        Entry {
            id: "reach",
            summary: "retrograde analysis of chess-like games against a plain BFS over the \
                      predecessor arrays (and the forward BFS, for reference)",
            bounds: "",
            run: Suite {
                default_families: &["random-chess", "grid", "cops"],
                times: run_reach,
            },
        },
        Entry {
            id: "dgg",
            summary: "the DGG solvers against each other (time and comparisons), with the BFS \
                      floor and retrograde analysis of the same arena",
            bounds: "",
            run: Suite {
                default_families: &["random", "sorting-network"],
                times: run_all,
            },
        },
    ],
);

/// Runs `suite` on a game of each family (its default families when none are given) at each
/// size in arcs, generated from `seed`; every family is looked up before anything runs.
/// `progress` hears of each game.
pub fn run_suite(
    suite: &Suite,
    families: &[String],
    sizes: &[usize],
    seed: u64,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Row>, BenchError> {
    let families: Vec<String> = if families.is_empty() {
        suite
            .default_families
            .iter()
            .map(|f| f.to_string())
            .collect()
    } else {
        families.to_vec()
    };
    for id in &families {
        generate::FAMILIES.get(id).map_err(GenerateError::from)?;
    }
    let mut steps = Steps::new(families.len() * sizes.len(), progress);
    let mut rows = Vec::new();
    for id in &families {
        for &size in sizes {
            steps.start(format!("{id} at {size} arcs"));
            let workload = Workload::generate(id, size, seed)?;
            rows.extend((suite.times)(&workload, options)?);
            steps.finish();
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(
            rows[1..=SOLVERS.len()]
                .iter()
                .all(|r| r.comparisons.is_some())
        );
        assert_eq!(rows[SOLVERS.len() + 1].algorithm, "retrograde");
        assert!(
            rows.iter()
                .all(|r| r.peak_rss_bytes.is_some() == peak_rss().is_some())
        );
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

    #[test]
    fn suites_run_their_default_families() {
        let options = Options {
            repetitions: 1,
            verify: true,
        };
        let mut seen = Vec::new();
        let dgg = &SUITES.get("dgg").unwrap().run;
        let rows = run_suite(dgg, &[], &[300], 1, &options, &mut |p| seen.push(p.done)).unwrap();
        assert_eq!(rows.len(), 2 * (2 + SOLVERS.len()));
        assert_eq!(seen, [0, 1, 2]);
        let reach = &SUITES.get("reach").unwrap().run;
        let rows = run_suite(reach, &["grid".into()], &[300], 1, &options, &mut |_| {}).unwrap();
        let algorithms: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
        assert_eq!(algorithms, ["bfs-floor", "bfs-forward", "retrograde"]);
        let unknown = run_suite(
            reach,
            &["nonsense".into()],
            &[300],
            1,
            &options,
            &mut |_| {},
        );
        assert!(matches!(unknown, Err(BenchError::Generate(_))));
    }
}
