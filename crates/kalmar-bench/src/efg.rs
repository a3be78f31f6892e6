//! The extensive-form benchmark behind `kalmar bench efg`: one task timed in-process on a game
//! already read, the median of several runs and the peak resident memory, as one [`Report`].
//!
//! The tasks are [`TASKS`] (building the reduced strategic form and writing it as `.nfg` text)
//! and every equilibrium method of [`kalmar_efg::nash::METHODS`], timed without the check of
//! its answer ([`kalmar_efg::nash::find`]; strategic-form methods include building the form).
//!
//! [`run_suite`] times several tasks on several games, generated ([`games`]: `poker:3`,
//! `repeated:2`, ... from [`kalmar_efg::generate::FAMILIES`]) or read, one [`EfgRow`] each.
//!
//! ```
//! use kalmar_bench::efg;
//! use kalmar_efg::format::GameFile;
//! let game = GameFile::Efg(kalmar_efg::generate::poker(3));
//! let report = efg::run(&game, "seqform", 1).unwrap();
//! assert_eq!(report.result, "payoffs -1/18 and 1/18, 55 pivots");
//! let report = efg::run(&game, "strategic", 1).unwrap();
//! assert!(report.result.starts_with("[27, 64] strategies"));
//! assert!(efg::run(&game, "chess", 1).is_err());
//! let games = efg::games(&["poker:3".to_string(), "repeated".to_string()], 1).unwrap();
//! assert_eq!(games[1].0, "repeated 3");
//! let rows = efg::run_suite(&games, &["seqform".to_string()], 1).unwrap();
//! assert_eq!(rows[0].report.result, "payoffs -1/18 and 1/18, 55 pivots");
//! assert!(kalmar_bench::markdown_table(&rows).starts_with("| game |"));
//! assert!(efg::games(&["poker:x".to_string()], 1).is_err());
//! ```

use crate::harness::{TableRow, mib, or_dash};
use kalmar_core::registry::{Entry, Registry};
use kalmar_efg::format::{GameFile, to_nfg_string};
use kalmar_efg::generate::{GenerateError, Params};
use kalmar_efg::nash::{self, METHODS, Method, NashError};
use kalmar_efg::strategic::{self, StrategicError};
use serde::Serialize;

/// What runs a task once: a short description of what it found.
pub type Task = fn(&GameFile) -> Result<String, EfgBenchError>;

/// The tasks besides the equilibrium methods, by id.
pub static TASKS: Registry<Task> = Registry::new(
    "task",
    &[Entry {
        id: "strategic",
        summary: "build the reduced strategic form and write it as .nfg text",
        bounds: "",
        run: strategic_task,
    }],
);

/// One task timed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The task's id.
    pub task: String,
    /// The game's nodes.
    pub nodes: usize,
    /// The median time of a run, in milliseconds.
    pub median_ms: f64,
    /// Runs.
    pub reps: usize,
    /// What the last run found.
    pub result: String,
    /// The peak resident memory, in bytes, where the system reports it.
    pub peak_rss_bytes: Option<u64>,
    /// Whether the peak could not be reset after the game was read (so it covers the reading).
    pub peak_rss_covers_reading: bool,
}

/// Why a task did not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EfgBenchError {
    /// Neither a task nor a method has this id.
    #[error("unknown solver '{0}'; the known ones are: {known}", known = known_tasks())]
    UnknownTask(String),
    /// The method does not apply or failed.
    #[error(transparent)]
    Nash(#[from] NashError),
    /// The strategic form is too large.
    #[error(transparent)]
    Strategic(#[from] StrategicError),
    /// The game is not an extensive-form game.
    #[error("this needs an extensive-form game (.efg)")]
    NeedsTree,
    /// A generated game that is not `family` or `family:size`.
    #[error(
        "'{0}': expected a family of `kalmar generate --list` (poker, repeated, random), or one with its size, as poker:5"
    )]
    Spec(String),
    /// A family refused its size or is unknown.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A task failed on a game of the suite.
    #[error("{game}: {error}")]
    On {
        /// The game's label.
        game: String,
        /// What failed.
        error: Box<EfgBenchError>,
    },
}

impl crate::BadInput for EfgBenchError {
    fn is_bad_input(&self) -> bool {
        !self.is_internal()
    }
}

impl EfgBenchError {
    /// Whether this is a defect of a method rather than something about the input.
    pub fn is_internal(&self) -> bool {
        match self {
            EfgBenchError::Nash(e) => e.is_internal(),
            EfgBenchError::On { error, .. } => error.is_internal(),
            _ => false,
        }
    }
}

fn known_tasks() -> String {
    TASKS
        .ids()
        .chain(METHODS.ids())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs the task `task` on the game `reps` times (at least once): the median time, what the
/// task found and the peak memory of the runs (where the system allows resetting it).
pub fn run(file: &GameFile, task: &str, reps: usize) -> Result<Report, EfgBenchError> {
    let GameFile::Efg(game) = file else {
        return Err(EfgBenchError::NeedsTree);
    };
    let reps = reps.max(1);
    let run = match (TASKS.get(task), METHODS.get(task)) {
        (Ok(entry), _) => Run::Task(entry.run),
        (_, Ok(entry)) => Run::Method(entry),
        _ => return Err(EfgBenchError::UnknownTask(task.to_string())),
    };
    // The peak from here on covers the runs, not the reading (where the system allows).
    let reset = crate::reset_peak_rss();
    let (timing, result) = crate::time(reps, || run.once(file));
    Ok(Report {
        task: task.to_string(),
        nodes: game.num_nodes(),
        median_ms: timing.median * 1e3,
        reps,
        result: result?,
        peak_rss_bytes: crate::peak_rss(),
        peak_rss_covers_reading: !reset,
    })
}

/// A task found in [`TASKS`] or in [`METHODS`].
enum Run {
    Task(Task),
    Method(&'static Entry<Method>),
}

impl Run {
    /// One run: a short description of what it found.
    fn once(&self, file: &GameFile) -> Result<String, EfgBenchError> {
        match self {
            Run::Task(run) => run(file),
            Run::Method(entry) => Ok(nash::find(entry, file, &nash::Options::default())?.summary()),
        }
    }
}

fn strategic_task(file: &GameFile) -> Result<String, EfgBenchError> {
    let GameFile::Efg(game) = file else {
        return Err(EfgBenchError::NeedsTree);
    };
    let form = strategic::build(game, strategic::DEFAULT_LIMIT)?;
    let text = to_nfg_string(&form.nfg);
    Ok(format!(
        "{:?} strategies, {} bytes",
        form.nfg.shape(),
        text.len()
    ))
}

/// One task timed on one game of a suite.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EfgRow {
    /// The game: `family size`, or the file's name.
    pub game: String,
    /// The task's figures.
    #[serde(flatten)]
    pub report: Report,
}

impl TableRow for EfgRow {
    fn markdown_header() -> &'static str {
        "| game | nodes | task | median time | result | peak RSS |\n|---|---:|---|---:|---|---:|"
    }

    fn markdown(&self) -> String {
        let r = &self.report;
        format!(
            "| {} | {} | {} | {:.3} ms | {} | {} |",
            self.game,
            r.nodes,
            r.task,
            r.median_ms,
            r.result,
            or_dash(r.peak_rss_bytes.map(|b| format!("{:.1} MiB", mib(b)))),
        )
    }
}

/// The generated games of `specs`, each `family` (size 3) or `family:size` of
/// [`kalmar_efg::generate::FAMILIES`] from `seed` with two players, labelled `family size`.
pub fn games(specs: &[String], seed: u64) -> Result<Vec<(String, GameFile)>, EfgBenchError> {
    specs
        .iter()
        .map(|spec| {
            let (family, size) = match spec.split_once(':') {
                Some((family, size)) => (
                    family,
                    size.parse()
                        .map_err(|_| EfgBenchError::Spec(spec.clone()))?,
                ),
                None => (spec.as_str(), Params::default().size),
            };
            let params = Params {
                size,
                seed,
                ..Params::default()
            };
            let game = kalmar_efg::generate::generate(family, &params)?;
            Ok((format!("{family} {size}"), GameFile::Efg(game)))
        })
        .collect()
}

/// Every task of `tasks` (ids of [`TASKS`] or [`METHODS`]) on every game, `reps` runs each.
pub fn run_suite(
    games: &[(String, GameFile)],
    tasks: &[String],
    reps: usize,
) -> Result<Vec<EfgRow>, EfgBenchError> {
    let mut rows = Vec::new();
    for (game, file) in games {
        for task in tasks {
            let report = run(file, task, reps).map_err(|error| EfgBenchError::On {
                game: game.clone(),
                error: Box::new(error),
            })?;
            rows.push(EfgRow {
                game: game.clone(),
                report,
            });
        }
    }
    Ok(rows)
}
