//! The benchmarks of kalmar, behind `kalmar bench`: each suite generates or reads games, times
//! kalmar's algorithms on them (and a peer program where one is given) and returns rows to print
//! as JSON or as a Markdown table. Nothing here prints; a long suite reports its progress to a
//! callback ([`harness::Progress`]).
//!
//! - [`harness`]: what every suite measures with: [`Timing`] (fastest run and median),
//!   [`time`], CPU time, [`peak_rss`] and [`reset_peak_rss`], a child process with a time limit,
//!   size parsing ([`parse_size`]) and Markdown tables ([`markdown_table`]);
//! - [`reach`]: the reach and DGG suites on terminal games, with the floor every retrograde
//!   solver is measured against, a reverse breadth-first search;
//! - [`parity`]: the parity suite, kalmar's parity solvers side by side with Oink ([`oink`]);
//! - [`stochastic`]: stochastic games, strategy and value iteration, mean-payoff strategy
//!   improvement and Friedmann's games, and the comparison with PRISM-games ([`prism`]);
//! - [`observation`]: games of imperfect information, the knowledge game against antichains;
//! - [`efg`]: tasks (the strategic form, the equilibrium methods) on generated games and Gambit
//!   files;
//! - [`cgt`]: the impartial-games suite, G(0..n) of octal games by kalmar's solvers and a peer;
//! - [`positional`]: n-player games with cycles, the win-lose attractor and the two-player
//!   improvement dynamics on generated games;
//! - [`puzzles`]: Hashiwokakero proven unique by size and Hiroimono under each variant by stone
//!   count, on generated puzzles;
//! - [`markdown`] and [`table_plot`]: Markdown tables read back (numbers with units, as the
//!   suites and the documentation write them) and drawn as log-log plots of time against size.
//!
//! ```
//! use kalmar_bench::reach::{self, Options, Workload};
//! use kalmar_bench::{markdown_table, parse_size, SIZES};
//! let arcs = parse_size("2^10", SIZES).unwrap();
//! let workload = Workload::generate("grid", arcs, 1).unwrap();
//! let rows = reach::run_all(&workload, &Options { repetitions: 2, verify: true }).unwrap();
//! assert_eq!(rows[0].algorithm, "bfs-floor");
//! assert!(rows.iter().all(|row| row.repetitions == 2 && row.min_seconds <= row.median_seconds));
//! println!("{}", markdown_table(&rows));
//! ```

pub mod cgt;
pub mod efg;
pub mod harness;
pub mod interdiction;
pub mod markdown;
pub mod observation;
pub mod oink;
pub mod parity;
pub mod positional;
pub mod prism;
pub mod puzzles;
pub mod reach;
pub mod stochastic;
pub mod table_plot;

pub use harness::{
    BadInput, Progress, SIZES, TableRow, Timing, markdown_table, parse_size, peak_rss,
    reset_peak_rss, time,
};
