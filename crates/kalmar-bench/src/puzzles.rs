//! The puzzle suite: Hashiwokakero puzzles generated with a unique solution at growing sizes,
//! each solved and proven unique (propagation, then the SAT search for a second solution), and
//! Hiroimono puzzles generated with a tour at growing stone counts, solved under each variant
//! by the depth-first search and, at the sizes asked, by the SAT encoding (tasks such as
//! `start (sat)`); per size the median and the slowest instance, and the search's own measure
//! (SAT calls, search nodes, SAT decisions). Every solution passes the checker inside the
//! solver.
//!
//! ```
//! use kalmar_bench::puzzles::{Sizes, run};
//! let sizes = Sizes { hashi: vec![7], hiroimono: vec![10], hiroimono_sat: vec![10], instances: 3 };
//! let rows = run(&sizes, 1).unwrap();
//! assert_eq!(rows.len(), 1 + 4 + 4);
//! assert!(rows.iter().all(|row| row.solved == 3));
//! assert!(kalmar_bench::markdown_table(&rows).starts_with("| puzzle |"));
//! ```

use crate::harness::{TableRow, time};
use kalmar_puzzles::Mode;
use kalmar_puzzles::hashi::{self, generate::Params};
use kalmar_puzzles::hiroimono::{self, SOLVERS, Variant};
use serde::Serialize;

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Sides of the square Hashiwokakero grids.
    pub hashi: Vec<usize>,
    /// Stone counts of the Hiroimono puzzles solved by the depth-first search.
    pub hiroimono: Vec<usize>,
    /// Stone counts of the Hiroimono puzzles solved by the SAT encoding (the same puzzles at
    /// the same counts).
    pub hiroimono_sat: Vec<usize>,
    /// Puzzles of each size (seeds 1 to `instances`).
    pub instances: u64,
}

/// One puzzle type, variant and size, over its instances.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleRow {
    /// `hashiwokakero` or `hiroimono`.
    pub puzzle: &'static str,
    /// What is asked: `unique` (Hashiwokakero), or a Hiroimono variant's id, followed by
    /// ` (sat)` for the SAT encoding.
    pub task: String,
    /// `30×30` or `40 stones`.
    pub size: String,
    /// The median number of islands (Hashiwokakero) or the stones.
    pub items: usize,
    /// Instances solved (all, unless a generator failed).
    pub solved: u64,
    /// Instances proven to have exactly one solution, where that is asked.
    pub unique: Option<u64>,
    /// The median over the instances of each one's median solve time, in seconds.
    pub median_seconds: f64,
    /// The slowest instance's median time, in seconds.
    pub max_seconds: f64,
    /// The median SAT calls (Hashiwokakero), search nodes or SAT decisions (Hiroimono) of an
    /// instance.
    pub work: u64,
}

impl TableRow for PuzzleRow {
    fn markdown_header() -> &'static str {
        "| puzzle | task | size | islands or stones | solved | unique | median time | slowest | SAT calls, nodes or decisions (median) |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|"
    }

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {} | {:.3} ms | {:.3} ms | {} |",
            self.puzzle,
            self.task,
            self.size,
            self.items,
            self.solved,
            self.unique.map_or("–".into(), |u| u.to_string()),
            self.median_seconds * 1e3,
            self.max_seconds * 1e3,
            self.work,
        )
    }
}

/// Why the suite cannot run.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleBenchError {
    /// A Hashiwokakero size the generator refuses or cannot fill.
    #[error(transparent)]
    Hashi(#[from] hashi::generate::GenerateError),
    /// A stone count the Hiroimono generator refuses.
    #[error(transparent)]
    Hiroimono(#[from] hiroimono::generate::GenerateError),
    /// The solver failed (a bug: a solution it found fails the checker).
    #[error(transparent)]
    Solve(#[from] hashi::Error),
    /// A Hiroimono stone count above what the SAT encoding accepts.
    #[error(transparent)]
    TooManyStones(#[from] hiroimono::TooManyStones),
}

/// The median of `values` (0 for none).
fn median<T: Copy + PartialOrd + Default>(values: &mut [T]) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    values.get(values.len() / 2).copied().unwrap_or_default()
}

/// One row from each instance's (seconds, work, solved, unique), with the unique count only
/// where uniqueness was asked.
fn row(
    puzzle: &'static str,
    task: String,
    size: String,
    items: &mut [usize],
    runs: &mut [(f64, u64, bool, bool)],
) -> PuzzleRow {
    let asked = task == "unique";
    let mut seconds: Vec<f64> = runs.iter().map(|r| r.0).collect();
    let mut work: Vec<u64> = runs.iter().map(|r| r.1).collect();
    PuzzleRow {
        puzzle,
        task,
        size,
        items: median(items),
        solved: runs.iter().filter(|r| r.2).count() as u64,
        unique: asked.then(|| runs.iter().filter(|r| r.3).count() as u64),
        median_seconds: median(&mut seconds),
        max_seconds: seconds.iter().copied().fold(0.0, f64::max),
        work: median(&mut work),
    }
}

/// Runs the suite, each solve timed `reps` times.
pub fn run(sizes: &Sizes, reps: usize) -> Result<Vec<PuzzleRow>, PuzzleBenchError> {
    let mut rows = Vec::new();
    for &side in &sizes.hashi {
        let (mut islands, mut runs) = (Vec::new(), Vec::new());
        for seed in 1..=sizes.instances {
            let generated = hashi::generate::generate(&Params::new(side, side, seed))?;
            let puzzle = &generated.puzzle;
            let (timing, answer) = time(reps, || hashi::solve(puzzle, Mode::Unique));
            let answer = answer?;
            islands.push(puzzle.islands().len());
            let unique = answer.unique == Some(true);
            let calls = answer.stats.sat_calls as u64;
            runs.push((timing.median, calls, answer.count > 0, unique));
        }
        let size = format!("{side}×{side}");
        rows.push(row(
            "hashiwokakero",
            "unique".into(),
            size,
            &mut islands,
            &mut runs,
        ));
    }
    let [search, sat] = ["dfs", "sat"].map(|id| SOLVERS.get(id).expect("a registered solver"));
    // The search's rows are named by the variant alone; the SAT encoding's say so.
    let runs = (sizes.hiroimono.iter().map(|&stones| (stones, search, ""))).chain(
        sizes
            .hiroimono_sat
            .iter()
            .map(|&stones| (stones, sat, " (sat)")),
    );
    for (stones, solver, named) in runs {
        for variant in Variant::ALL {
            let (mut items, mut runs) = (Vec::new(), Vec::new());
            for seed in 1..=sizes.instances {
                let reversals = variant.reversals_allowed();
                let (puzzle, _) = hiroimono::generate::generate(stones, 4, reversals, seed)?;
                let (timing, answer) =
                    time(reps, || (solver.run.solve)(&puzzle, variant, Mode::Find));
                let answer = answer?;
                items.push(puzzle.len());
                runs.push((timing.median, answer.nodes, answer.solvable(), false));
            }
            let task = format!("{}{named}", variant.id());
            let size = format!("{stones} stones");
            rows.push(row("hiroimono", task, size, &mut items, &mut runs));
        }
    }
    Ok(rows)
}
