//! The parity suite of `kalmar bench`: kalmar's parity solvers on `.pg` files, timed side
//! by side with Oink (the reference parity-game solver, run as a separate program on the
//! same file).
//!
//! Each game is a PGSolver `.pg` file: given, or generated ([`GameSpec`]) and written to a
//! file first, so that kalmar and the peer read the same bytes. For each game the runner
//! times
//! - parsing: kalmar's reader ([`kalmar_parity::format::read_path`]) and the conversion to a
//!   [`ParityGame`](kalmar_parity::ParityGame);
//! - every solver of [`kalmar_parity::SOLVERS`], behind the shared preprocessing
//!   ([`kalmar_parity::preprocess`]) as `kalmar parity solve` runs it (or alone, without
//!   it); each answer is checked once by its certificate, untimed, and the solvers must agree
//!   on the winners;
//! - with a [`Peer`](crate::oink::Peer), Oink on the same file for each of the peer solvers
//!   asked for, taking the times Oink reports itself (its `total solving time`: preprocessing
//!   and solving, which is what kalmar's figure covers too; its `solving took`, its `parsing
//!   took`) and its peak memory (each run under a shell that forks it, so that the peak is
//!   its own). The first run of each peer solver also writes its solution, whose winners are
//!   compared with kalmar's;
//! - the whole process of each side's fastest solver, `kalmar parity solve` and `oink`, both
//!   started directly, as a user starts them, timed from outside.
//!
//! The runs go in rounds: each round runs every kalmar solver once, then every Oink solver
//! once, so that the load of the machine falls on both tools alike, and each side's order turns
//! by one solver a round, so that none always runs first; the whole processes of the two tools'
//! fastest solvers then alternate the same way. A figure is the median of the runs.
//! A run longer than the timeout ends the repetitions of that algorithm (kalmar's runs in this
//! process cannot be interrupted; Oink's are, by its own `-z`).
//! Peak memory is the resident high-water mark: kalmar's while the algorithm ran in this
//! process, including the game (see [`crate::reset_peak_rss`]), Oink's as it reports it.
//!
//! [`run_suite`] runs every game asked for; [`run_game`] one game; [`summarize`] sums each
//! game's rows up in one line. The options, errors and games are in `setup.rs`, the runs in
//! `run.rs`, the summary in `summary.rs`.
//!
//! ```
//! use kalmar_bench::markdown_table;
//! use kalmar_bench::parity::{self, GameSpec, ParityOptions, ParityWorkload};
//! let options = ParityOptions { repetitions: 1, ..ParityOptions::default() };
//! let spec = GameSpec::family("laddergame", 100).unwrap();
//! let workload = ParityWorkload::generate(&spec, 1, std::env::temp_dir(), false, &options).unwrap();
//! let rows = parity::run_game(&workload, &options, None).unwrap();
//! assert_eq!(rows[0].solver, "parse");
//! println!("{}", markdown_table(&rows));
//! ```

mod run;
mod setup;
mod summary;

pub use run::{Measure, ParityRow, run_game, run_suite};
pub use setup::{
    GameSpec, Games, ParityBenchError, ParityOptions, ParityWorkload, RANDOM_OUT_DEGREE, specs,
};
pub use summary::{ParitySummary, summarize};
