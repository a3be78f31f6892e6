//! The comparison with PRISM-games behind `kalmar bench stochastic --peer PRISM`: the same
//! generated games solved by kalmar (exact strategy iteration, value iteration with bounds) and
//! by PRISM-games on their exported models, in one run; every answer measured against the exact
//! values (or vi's bounds where si is not run). [`games`] lists the games, [`compare`] runs
//! every solver on one of them and gives one [`PeerRow`] per solver.
//!
//! ```
//! use kalmar_bench::prism::{CONFIGURATIONS, PeerBench, games};
//! let options = PeerBench {
//!     prism: std::path::Path::new("prism"),
//!     families: &[],
//!     sizes: &[20],
//!     solvers: &[],
//!     configurations: &[],
//!     extra_args: &[],
//!     reps: 1,
//!     peer_reps: 1,
//!     timeout: 60,
//!     seed: 1,
//! };
//! // The default families: random simple stochastic games and both Haddad-Monmege chains.
//! assert_eq!(games(&options).unwrap().len(), 1 + 2 * 4);
//! assert!(CONFIGURATIONS.get("default").is_ok());
//! ```

use crate::Timing;
use kalmar_core::format::GameGraph;
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Certificate, Rational, VerifyError, Vertex};
use kalmar_stochastic::generate::{GeneratorError, instances};
use kalmar_stochastic::prism::{
    PrismWriteError, read_prism_log, read_prism_states, read_prism_vector, write_prism,
    write_prism_explicit,
};
use kalmar_stochastic::{Stats, StochasticError, TerminalPayoffGame, si, vi};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// A way of running PRISM-games in `kalmar bench stochastic --peer`.
#[derive(Clone, Copy, Debug)]
pub struct Configuration {
    /// PRISM's options.
    pub flags: &'static [&'static str],
    /// Whether PRISM builds the model from its language (`.prism`) rather than importing the
    /// explicit files.
    pub language: bool,
}

/// The PRISM-games configurations `kalmar bench stochastic --peer` knows.
pub static CONFIGURATIONS: Registry<Configuration> = Registry::new(
    "PRISM configuration",
    &[
        Entry {
            id: "default",
            summary: "PRISM-games' defaults (Gauss-Seidel value iteration after the Prob0 and \
                      Prob1 precomputations) on the explicit files",
            bounds: "",
            run: Configuration {
                flags: &[],
                language: false,
            },
        },
        Entry {
            id: "vi-noprob1",
            summary: "plain value iteration from below without the Prob1 precomputation, up to \
                      10^7 sweeps (kalmar's vi's limit), on the explicit files",
            bounds: "",
            run: Configuration {
                flags: &["-valiter", "-noprob1", "-maxiters", "10000000"],
                language: false,
            },
        },
        Entry {
            id: "gs-noprob1",
            summary: "Gauss-Seidel value iteration without the Prob1 precomputation, up to 10^7 \
                      sweeps, on the explicit files",
            bounds: "",
            run: Configuration {
                flags: &["-gs", "-noprob1", "-maxiters", "10000000"],
                language: false,
            },
        },
        Entry {
            id: "language",
            summary: "PRISM-games' defaults on the model in PRISM's language (building it takes \
                      time quadratic in the size: every command's guard is evaluated in every \
                      state)",
            bounds: "",
            run: Configuration {
                flags: &[],
                language: true,
            },
        },
    ],
);

/// The configurations run when `--peer-solvers` is not given.
pub const DEFAULT_CONFIGURATIONS: &[&str] = &["default", "vi-noprob1"];

/// The families of the comparison when `--families` is not given.
pub const DEFAULT_FAMILIES: &[&str] = &["simple", "haddad-monmege", "haddad-monmege-3/4"];

/// What `kalmar bench stochastic --peer PRISM` was asked for.
pub struct PeerBench<'a> {
    /// PRISM-games' `prism` launcher.
    pub prism: &'a Path,
    /// `simple` (random simple stochastic games at each size), `haddad-monmege` and
    /// `haddad-monmege-3/4` (the chains worth 1 and 3/4).
    pub families: &'a [String],
    /// Sizes in moves of the random games.
    pub sizes: &'a [usize],
    /// kalmar's solvers: `si` (exact) and `vi` (bounds); default both.
    pub solvers: &'a [String],
    /// PRISM configurations (see [`CONFIGURATIONS`]); default [`DEFAULT_CONFIGURATIONS`].
    pub configurations: &'a [String],
    /// Extra options for every PRISM run.
    pub extra_args: &'a [String],
    /// Timed runs of each kalmar solver.
    pub reps: usize,
    /// Runs of each PRISM configuration.
    pub peer_reps: usize,
    /// Seconds after which a PRISM run is stopped.
    pub timeout: u64,
    /// Seed of the random games.
    pub seed: u64,
}

/// One row of the comparison: a kalmar solver or a PRISM configuration on one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerRow {
    /// The family, with the chain's length.
    pub family: String,
    /// The game's vertices.
    pub vertices: usize,
    /// The game's moves.
    pub moves: usize,
    /// `kalmar si`, `kalmar vi` or `PRISM <configuration>`.
    pub solver: String,
    /// kalmar: the median solving time; PRISM: the median model-checking time it reports.
    pub median_seconds: Option<f64>,
    /// PRISM: the median wall-clock time of the whole run (JVM start, parsing, model
    /// construction, checking, export).
    pub total_seconds: Option<f64>,
    /// Strategy improvements (si) or sweeps (vi, PRISM's value iteration).
    pub iterations: u64,
    /// The value of the start vertex: exact for si, a decimal otherwise.
    pub value_at_start: String,
    /// The error the solver claims: 0 for si, half the bounds' width for vi's midpoint, PRISM's
    /// "+/-".
    pub claimed_error: Option<f64>,
    /// The largest distance from the solver's value to the reference over all vertices
    /// (PRISM: all reachable ones); a lower bound when the reference is vi's bounds.
    pub max_error: Option<f64>,
    /// Vertices whose error exceeds the claimed error.
    pub beyond_claim: Option<usize>,
    /// `exact` (si's values) or `vi bounds`.
    pub reference: &'static str,
    /// Why there is no figure (a timeout, PRISM's error).
    pub note: String,
}

/// The values every answer is measured against: exact, or vi's guaranteed bounds.
enum Reference {
    Exact(Vec<f64>),
    Bounds(Vec<f64>, Vec<f64>),
}

impl Reference {
    /// How far `x` is from the value of vertex `v` (at least, for bounds).
    fn distance(&self, v: usize, x: f64) -> f64 {
        match self {
            Reference::Exact(values) => (x - values[v]).abs(),
            Reference::Bounds(lower, upper) => (lower[v] - x).max(x - upper[v]).max(0.0),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Reference::Exact(_) => "exact",
            Reference::Bounds(..) => "vi bounds",
        }
    }
}

/// An error this far above the claim counts as beyond it (rounding to doubles is not).
const ROUNDING: f64 = 1e-12;

/// Why the comparison stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PrismBenchError {
    /// The PRISM launcher is not there.
    #[error("--peer {0}: no such file (give PRISM-games' launcher, prism/bin/prism in its tree)")]
    NoPeer(PathBuf),
    /// No configuration has this id.
    #[error("no PRISM configuration '{id}'; they are: {known}")]
    Configuration {
        /// The id asked for.
        id: String,
        /// The configurations there are, each with its summary.
        known: String,
    },
    /// A kalmar solver the comparison does not run.
    #[error("the comparison with PRISM runs kalmar's si and vi, not '{0}'")]
    Solver(String),
    /// A family the comparison does not run.
    #[error(
        "the comparison with PRISM runs the families simple, haddad-monmege and \
         haddad-monmege-3/4, not '{0}'"
    )]
    Family(String),
    /// Neither si nor vi is run, so there is nothing to measure PRISM against.
    #[error("--solvers must include si or vi")]
    NoReference,
    /// A game could not be generated.
    #[error(transparent)]
    Generate(#[from] GeneratorError),
    /// A game is not a terminal-payoff game.
    #[error(transparent)]
    Game(#[from] StochasticError),
    /// A game cannot be written for PRISM.
    #[error(transparent)]
    Export(#[from] PrismWriteError),
    /// A game's payoffs are outside [0, 1].
    #[error("the comparison runs games with payoffs in [0, 1] (PRISM's Pmax)")]
    Payoffs,
    /// A model file could not be written.
    #[error("{0}")]
    Io(String),
    /// Strategy iteration's answer failed its certificate: an internal failure.
    #[error("internal error: strategy iteration's answer is wrong: {0}")]
    Wrong(VerifyError),
}

impl crate::harness::BadInput for PrismBenchError {
    /// Everything but a wrong answer of kalmar's is about what was asked for.
    fn is_bad_input(&self) -> bool {
        !matches!(self, PrismBenchError::Wrong(_))
    }
}

/// The configurations asked for (default [`DEFAULT_CONFIGURATIONS`]), once the launcher and
/// kalmar's solvers asked for are checked.
pub fn configurations(
    options: &PeerBench<'_>,
) -> Result<Vec<&'static Entry<Configuration>>, PrismBenchError> {
    if !options.prism.is_file() {
        return Err(PrismBenchError::NoPeer(options.prism.to_path_buf()));
    }
    let configurations = if options.configurations.is_empty() {
        DEFAULT_CONFIGURATIONS
            .iter()
            .filter_map(|id| CONFIGURATIONS.get(id).ok())
            .collect()
    } else {
        options
            .configurations
            .iter()
            .map(|id| {
                CONFIGURATIONS.get(id).map_err(|_| {
                    let known: Vec<String> = CONFIGURATIONS
                        .iter()
                        .map(|c| format!("{} ({})", c.id, c.summary))
                        .collect();
                    PrismBenchError::Configuration {
                        id: id.clone(),
                        known: known.join("; "),
                    }
                })
            })
            .collect::<Result<_, _>>()?
    };
    if let Some(id) = options.solvers.iter().find(|id| *id != "si" && *id != "vi") {
        return Err(PrismBenchError::Solver(id.clone()));
    }
    Ok(configurations)
}

/// The games of the comparison, each with its label: random simple stochastic games at each
/// size, the Haddad-Monmege chains at each length (default families [`DEFAULT_FAMILIES`]).
pub fn games(options: &PeerBench<'_>) -> Result<Vec<(String, GameGraph)>, PrismBenchError> {
    let families: Vec<&str> = if options.families.is_empty() {
        DEFAULT_FAMILIES.to_vec()
    } else {
        options.families.iter().map(String::as_str).collect()
    };
    let mut games = Vec::new();
    for family in families {
        if !DEFAULT_FAMILIES.contains(&family) {
            return Err(PrismBenchError::Family(family.to_string()));
        }
        games.extend(instances(family, options.sizes, options.seed)?);
    }
    Ok(games)
}

/// kalmar's solvers and every PRISM configuration on one game.
pub fn compare(
    options: &PeerBench<'_>,
    configurations: &[&Entry<Configuration>],
    family: &str,
    graph: &GameGraph,
) -> Result<Vec<PeerRow>, PrismBenchError> {
    let game = TerminalPayoffGame::from_graph(graph)?;
    let arena = game.arena();
    let start = arena.start().unwrap_or(Vertex(0)).index();
    let runs = |id: &str| options.solvers.is_empty() || options.solvers.iter().any(|s| s == id);
    let row = |solver: String| PeerRow {
        family: family.to_string(),
        vertices: arena.num_vertices(),
        moves: arena.num_edges(),
        solver,
        median_seconds: None,
        total_seconds: None,
        iterations: 0,
        value_at_start: String::new(),
        claimed_error: None,
        max_error: None,
        beyond_claim: None,
        reference: "exact",
        note: String::new(),
    };
    let mut rows = Vec::new();
    let mut exact = None;
    if runs("si") {
        let mut stats = Stats::default();
        let mut solution = None;
        let times = median_of(options.reps, || {
            stats = Stats::default();
            let started = Instant::now();
            let s = si::solve_terminal(&game, &mut stats);
            let elapsed = started.elapsed();
            s.verify(&game).map_err(PrismBenchError::Wrong)?;
            solution = Some(s);
            Ok(elapsed)
        })?;
        let values = solution.expect("at least one run").values;
        rows.push(PeerRow {
            median_seconds: Some(times),
            iterations: stats.iterations,
            value_at_start: values[start].to_string(),
            claimed_error: Some(0.0),
            max_error: Some(0.0),
            beyond_claim: Some(0),
            ..row("kalmar si".into())
        });
        exact = Some(values);
    }
    let mut bounds = None;
    if runs("vi") {
        let epsilon = Rational::new(1, 1_000_000);
        let mut stats = Stats::default();
        let time = median_of(options.reps, || {
            stats = Stats::default();
            let started = Instant::now();
            bounds = Some(vi::solve_terminal(&game, &epsilon, 10_000_000, &mut stats));
            Ok(started.elapsed())
        })?;
        let b = bounds.as_ref().expect("at least one run");
        let middle: Vec<f64> = b
            .lower
            .iter()
            .zip(&b.upper)
            .map(|(l, u)| ((l + u) / Rational::from(2)).to_f64())
            .collect();
        let claimed = b.error().to_f64() / 2.0;
        let mut vi_row = PeerRow {
            median_seconds: Some(time),
            iterations: stats.iterations,
            value_at_start: format!("{:.10}", middle[start]),
            claimed_error: Some(claimed),
            ..row("kalmar vi".into())
        };
        if let Some(values) = &exact {
            let reference = Reference::Exact(values.iter().map(Rational::to_f64).collect());
            let errors: Vec<f64> = (0..middle.len())
                .map(|v| reference.distance(v, middle[v]))
                .collect();
            vi_row.max_error = errors.iter().copied().reduce(f64::max);
            vi_row.beyond_claim = Some(errors.iter().filter(|&&e| e > claimed + ROUNDING).count());
        }
        rows.push(vi_row);
    }
    let reference = match (&exact, &bounds) {
        (Some(values), _) => Reference::Exact(values.iter().map(Rational::to_f64).collect()),
        (None, Some(b)) => Reference::Bounds(
            b.lower.iter().map(Rational::to_f64).collect(),
            b.upper.iter().map(Rational::to_f64).collect(),
        ),
        (None, None) => return Err(PrismBenchError::NoReference),
    };
    let files = ModelFiles::write(&game)?;
    for configuration in configurations {
        let mut peer_row = PeerRow {
            reference: reference.name(),
            ..row(format!("PRISM {}", configuration.id))
        };
        match run_prism(options, &files, &configuration.run, arena.num_vertices()) {
            Ok(measured) => {
                peer_row.median_seconds = measured.checking_seconds;
                peer_row.total_seconds = Some(measured.total_seconds);
                peer_row.iterations = measured.iterations;
                peer_row.value_at_start = measured
                    .values
                    .iter()
                    .find(|(v, _)| *v == start)
                    .map_or("–".into(), |(_, x)| format!("{x:.10}"));
                peer_row.claimed_error = measured.claimed_error;
                let errors: Vec<f64> = measured
                    .values
                    .iter()
                    .map(|&(v, x)| reference.distance(v, x))
                    .collect();
                peer_row.max_error = errors.iter().copied().reduce(f64::max);
                peer_row.beyond_claim = measured
                    .claimed_error
                    .map(|claimed| errors.iter().filter(|&&e| e > claimed + ROUNDING).count());
            }
            Err(why) => peer_row.note = why,
        }
        rows.push(peer_row);
    }
    Ok(rows)
}

/// The median time in seconds of `reps` runs of `work`.
fn median_of(
    reps: usize,
    mut work: impl FnMut() -> Result<std::time::Duration, PrismBenchError>,
) -> Result<f64, PrismBenchError> {
    let samples = (0..reps.max(1))
        .map(|_| work().map(|t| t.as_secs_f64()))
        .collect::<Result<Vec<f64>, _>>()?;
    Ok(Timing::from_samples(samples).median)
}

/// The model and property files of one game, in PRISM's language and explicit, and the files
/// PRISM writes back; removed when dropped.
struct ModelFiles {
    model: PathBuf,
    properties: PathBuf,
    transitions: PathBuf,
    labels: PathBuf,
    explicit_properties: PathBuf,
    vector: PathBuf,
    states: PathBuf,
}

impl ModelFiles {
    fn write(game: &TerminalPayoffGame) -> Result<Self, PrismBenchError> {
        let model = write_prism(game)?;
        let explicit = write_prism_explicit(game)?;
        if explicit.state_rewards.is_some() {
            return Err(PrismBenchError::Payoffs);
        }
        let stem = std::env::temp_dir().join(format!(
            "kalmar-prism-{}-{}",
            std::process::id(),
            NEXT_FILE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let files = ModelFiles {
            model: stem.with_extension("prism"),
            properties: stem.with_extension("props"),
            transitions: stem.with_extension("tra"),
            labels: stem.with_extension("lab"),
            explicit_properties: stem.with_extension("explicit.props"),
            vector: stem.with_extension("vector.txt"),
            states: stem.with_extension("states.txt"),
        };
        write(&files.model, &model.model)?;
        write(&files.properties, &model.properties)?;
        write(&files.transitions, &explicit.transitions)?;
        write(&files.labels, &explicit.labels)?;
        write(&files.explicit_properties, &explicit.properties)?;
        Ok(files)
    }

    /// PRISM's arguments for the model and property of a configuration, and the exports.
    fn arguments(&self, language: bool) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = if language {
            vec![self.model.clone().into(), self.properties.clone().into()]
        } else {
            let mut files = self.transitions.clone().into_os_string();
            files.push(",lab");
            vec![
                "-importmodel".into(),
                files,
                self.explicit_properties.clone().into(),
            ]
        };
        args.extend(["-exportvector".into(), self.vector.clone().into()]);
        if language {
            args.extend(["-exportstates".into(), self.states.clone().into()]);
        }
        args
    }
}

impl Drop for ModelFiles {
    fn drop(&mut self) {
        for path in [
            &self.model,
            &self.properties,
            &self.transitions,
            &self.labels,
            &self.explicit_properties,
            &self.vector,
            &self.states,
        ] {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Writes a model file.
fn write(path: &Path, text: &str) -> Result<(), PrismBenchError> {
    std::fs::write(path, text).map_err(|e| PrismBenchError::Io(format!("{}: {e}", path.display())))
}

static NEXT_FILE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// What the runs of one PRISM configuration gave.
struct Measured {
    /// Median of PRISM's reported model-checking times.
    checking_seconds: Option<f64>,
    /// Median wall-clock time of the whole process.
    total_seconds: f64,
    iterations: u64,
    claimed_error: Option<f64>,
    /// (vertex, PRISM's value) for every reachable vertex.
    values: Vec<(usize, f64)>,
}

/// Runs PRISM `peer_reps` times on the model (`timeout` seconds each, through coreutils'
/// `timeout`, which stops the launcher's JVM with it); its values by vertex, read from
/// `-exportvector` and `-exportstates`. An error is the reason to show instead of figures.
fn run_prism(
    options: &PeerBench<'_>,
    files: &ModelFiles,
    configuration: &Configuration,
    vertices: usize,
) -> Result<Measured, String> {
    let mut checking = Vec::new();
    let mut total = Vec::new();
    let mut log = None;
    for _ in 0..options.peer_reps.max(1) {
        let started = Instant::now();
        let output = Command::new("timeout")
            .arg("--kill-after=10")
            .arg(options.timeout.to_string())
            .arg(options.prism)
            .args(files.arguments(configuration.language))
            .args(configuration.flags)
            .args(options.extra_args)
            .output()
            .map_err(|e| {
                format!(
                    "cannot run coreutils' timeout with {}: {e}",
                    options.prism.display()
                )
            })?;
        let elapsed = started.elapsed().as_secs_f64();
        if matches!(output.status.code(), Some(124 | 137)) {
            return Err(format!("timeout ({} s)", options.timeout));
        }
        let this = read_prism_log(&String::from_utf8_lossy(&output.stdout));
        if let Some(error) = &this.error {
            return Err(format!("PRISM: {error}"));
        }
        if !output.status.success() || this.result.is_none() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            return Err(format!(
                "PRISM failed ({}): {}",
                output.status,
                stderr.lines().next().unwrap_or("no result")
            ));
        }
        checking.extend(this.checking_seconds);
        total.push(elapsed);
        log = Some(this);
    }
    let log = log.expect("at least one run");
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let vector = read_prism_vector(&read(&files.vector)?).map_err(|e| e.to_string())?;
    // Imported states keep their numbers; a built model's are listed in -exportstates.
    let states = if configuration.language {
        read_prism_states(&read(&files.states)?).map_err(|e| e.to_string())?
    } else {
        (0..vector.len()).collect()
    };
    if vector.len() != states.len() {
        return Err(format!(
            "PRISM wrote {} values for {} states",
            vector.len(),
            states.len()
        ));
    }
    let values: Vec<(usize, f64)> = states
        .into_iter()
        .zip(vector)
        .filter(|&(v, _)| v < vertices)
        .collect();
    // A state past the vertices is win, lose or done.
    // The same median as kalmar's runs (the mean of the middle two of an even number).
    Ok(Measured {
        checking_seconds: (!checking.is_empty()).then(|| crate::harness::median(&checking)),
        total_seconds: crate::harness::median(&total),
        iterations: log.iterations,
        claimed_error: log.claimed_error,
        values,
    })
}
