//! PRISM-games: `kalmar stochastic export --to prism` writes a stochastic game as a PRISM-games
//! model and property, and `kalmar bench stochastic --peer PRISM` solves the same generated games
//! with kalmar and with PRISM-games in one run and compares the answers.

use crate::bad_input;
use crate::report::{in_file, load};
use crate::stochastic::CHAINS;
use clap::{Args, ValueEnum};
use kalmar_core::format::GameGraph;
use kalmar_core::{Certificate, Rational, Vertex};
use kalmar_stochastic::prism::{
    read_prism_log, read_prism_states, read_prism_vector, write_prism, write_prism_explicit,
};
use kalmar_stochastic::{Class, Stats, TerminalGame, si, vi};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The formats `kalmar stochastic export` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// A PRISM-games model (`smg`) in PRISM's language and its rPATL property.
    Prism,
    /// PRISM's explicit files (`.tra`, `.lab`, `.srew` for rewards) and the property, for
    /// `prism -importmodel OUT.tra,lab OUT.props`: read far faster for large games, but with
    /// probabilities as doubles. Needs -o.
    PrismExplicit,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar stochastic export game.gg --to prism -o game.prism\n  \
prism game.prism game.props -exportvector values.txt\n  \
kalmar stochastic export game.gg --to prism-explicit -o game.tra\n  \
prism -importmodel game.tra,lab game.props\n\n\
Simple stochastic games and terminal-payoff games with payoffs in [0, 1] become \
`<<maxplayer>> Pmax=? [ F \"win\" ]` (a terminal of payoff q moves to an absorbing win state \
with probability q); other non-negative payoffs become `<<maxplayer>> R{\"payoff\"}max=? \
[ F0 \"done\" ]`, whose F0 counts 0 for a play that never ends, as the game does. Negative \
payoffs, discounted, mean-payoff and parity games are refused: PRISM-games has no objective \
with the same meaning. The mapping is in docs/formats.md."
)]
pub struct ExportArgs {
    /// The game file (.gg).
    file: PathBuf,
    /// The format to write.
    #[arg(long, value_enum)]
    to: ExportFormat,
    /// Write the model to this file and the property beside it, with the extension `.props`
    /// (default: the model to standard output, the property in its header comment).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `kalmar stochastic export`.
pub fn export(args: &ExportArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    let game = terminal_game(&graph).map_err(|e| in_file(&args.file, e))?;
    if args.to == ExportFormat::PrismExplicit {
        return export_explicit(&game, args.output.as_deref());
    }
    let model = write_prism(&game).map_err(|e| in_file(&args.file, e))?;
    if model.inexact > 0 {
        eprintln!(
            "note: {} probabilities or payoffs do not fit PRISM's 32-bit integers and were \
             written as doubles",
            model.inexact
        );
    }
    let Some(path) = &args.output else {
        return crate::write_out(format_args!("{}", model.model));
    };
    let properties = properties_path(path);
    write(path, &model.model)?;
    write(&properties, &model.properties)?;
    eprintln!(
        "wrote a PRISM-games model ({} states) to {} and its property `{}` to {}",
        model.states,
        path.display(),
        model.query.property(),
        properties.display()
    );
    Ok(())
}

/// Writes PRISM's explicit files next to `output`.
fn export_explicit(game: &TerminalGame, output: Option<&Path>) -> anyhow::Result<()> {
    let path = output.ok_or_else(|| {
        bad_input("--to prism-explicit writes several files: name them with -o OUT (OUT.tra, …)")
    })?;
    let model = write_prism_explicit(game).map_err(bad_input)?;
    let mut written = vec![
        (path.with_extension("tra"), &model.transitions),
        (path.with_extension("lab"), &model.labels),
        (path.with_extension("props"), &model.properties),
    ];
    if let Some(rewards) = &model.state_rewards {
        written.push((path.with_extension("srew"), rewards));
    }
    for (file, text) in &written {
        write(file, text)?;
    }
    let names: Vec<String> = written
        .iter()
        .map(|(f, _)| f.display().to_string())
        .collect();
    eprintln!(
        "wrote PRISM's explicit files ({} states) {}; run `prism -importmodel {}.tra,lab{} {}`",
        model.states,
        names.join(", "),
        path.with_extension("").display(),
        if model.state_rewards.is_some() {
            ",srew"
        } else {
            ""
        },
        path.with_extension("props").display()
    );
    Ok(())
}

/// The terminal-payoff game of a game graph, or why PRISM-games has no objective for it.
fn terminal_game(graph: &GameGraph) -> Result<TerminalGame, String> {
    let class = Class::of(graph);
    if !matches!(class, Class::Simple | Class::Terminal) {
        return Err(format!(
            "a {} game cannot be exported to PRISM-games: only simple stochastic and \
             terminal-payoff games with non-negative payoffs have an objective there with the \
             same meaning",
            class.name()
        ));
    }
    TerminalGame::from_graph(graph).map_err(|e| e.to_string())
}

/// `game.prism` -> `game.props`.
fn properties_path(model: &Path) -> PathBuf {
    model.with_extension("props")
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// A way of running PRISM-games in `kalmar bench stochastic --peer`.
struct Configuration {
    id: &'static str,
    /// PRISM's options.
    flags: &'static [&'static str],
    /// Whether PRISM builds the model from its language (`.prism`) rather than importing the
    /// explicit files.
    language: bool,
    summary: &'static str,
}

/// The PRISM-games configurations `kalmar bench stochastic --peer` knows.
const CONFIGURATIONS: &[Configuration] = &[
    Configuration {
        id: "default",
        flags: &[],
        language: false,
        summary: "PRISM-games' defaults (Gauss-Seidel value iteration after the Prob0 and Prob1 \
                  precomputations) on the explicit files",
    },
    Configuration {
        id: "vi-noprob1",
        flags: &["-valiter", "-noprob1", "-maxiters", "10000000"],
        language: false,
        summary: "plain value iteration from below without the Prob1 precomputation, up to 10^7 \
                  sweeps (kalmar's vi's limit), on the explicit files",
    },
    Configuration {
        id: "gs-noprob1",
        flags: &["-gs", "-noprob1", "-maxiters", "10000000"],
        language: false,
        summary: "Gauss-Seidel value iteration without the Prob1 precomputation, up to 10^7 \
                  sweeps, on the explicit files",
    },
    Configuration {
        id: "language",
        flags: &[],
        language: true,
        summary: "PRISM-games' defaults on the model in PRISM's language (building it takes time \
                  quadratic in the size: every command's guard is evaluated in every state)",
    },
];

/// The configurations run when `--peer-solvers` is not given.
const DEFAULT_CONFIGURATIONS: &[&str] = &["default", "vi-noprob1"];

/// The families of the comparison when `--families` is not given.
const DEFAULT_FAMILIES: &[&str] = &["simple", "haddad-monmege", "haddad-monmege-3/4"];

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
    /// Print the rows as JSON.
    pub json: bool,
}

/// One row of the comparison: a kalmar solver or a PRISM configuration on one game.
#[derive(Serialize)]
struct PeerRow {
    family: String,
    vertices: usize,
    moves: usize,
    /// `kalmar si`, `kalmar vi` or `PRISM <configuration>`.
    solver: String,
    /// kalmar: the median solving time; PRISM: the median model-checking time it reports.
    median_seconds: Option<f64>,
    /// PRISM: the median wall-clock time of the whole run (JVM start, parsing, model
    /// construction, checking, export).
    total_seconds: Option<f64>,
    /// Strategy improvements (si) or sweeps (vi, PRISM's value iteration).
    iterations: u64,
    /// The value of the start vertex: exact for si, a decimal otherwise.
    value_at_start: String,
    /// The error the solver claims: 0 for si, half the bounds' width for vi's midpoint, PRISM's
    /// "+/-".
    claimed_error: Option<f64>,
    /// The largest distance from the solver's value to the reference over all vertices
    /// (PRISM: all reachable ones); a lower bound when the reference is vi's bounds.
    max_error: Option<f64>,
    /// Vertices whose error exceeds the claimed error.
    beyond_claim: Option<usize>,
    /// `exact` (si's values) or `vi bounds`.
    reference: &'static str,
    /// Why there is no figure (a timeout, PRISM's error).
    note: String,
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

/// `kalmar bench stochastic --peer PRISM`: kalmar's exact strategy iteration and value iteration
/// with bounds, and PRISM-games on the exported model of the same game, in the same run; every
/// answer measured against the exact values (or vi's bounds where si is not run).
pub fn bench(options: &PeerBench<'_>) -> anyhow::Result<()> {
    if !options.prism.is_file() {
        return Err(bad_input(format!(
            "--peer {}: no such file (give PRISM-games' launcher, prism/bin/prism in its tree)",
            options.prism.display()
        )));
    }
    let configurations: Vec<&Configuration> = if options.configurations.is_empty() {
        DEFAULT_CONFIGURATIONS
            .iter()
            .filter_map(|id| CONFIGURATIONS.iter().find(|c| c.id == *id))
            .collect()
    } else {
        options
            .configurations
            .iter()
            .map(|id| {
                CONFIGURATIONS.iter().find(|c| c.id == id).ok_or_else(|| {
                    let known: Vec<String> = CONFIGURATIONS
                        .iter()
                        .map(|c| format!("{} ({})", c.id, c.summary))
                        .collect();
                    bad_input(format!(
                        "no PRISM configuration '{id}'; they are: {}",
                        known.join("; ")
                    ))
                })
            })
            .collect::<anyhow::Result<_>>()?
    };
    for id in options.solvers {
        if id != "si" && id != "vi" {
            return Err(bad_input(format!(
                "the comparison with PRISM runs kalmar's si and vi, not '{id}'"
            )));
        }
    }
    let families: Vec<&str> = if options.families.is_empty() {
        DEFAULT_FAMILIES.to_vec()
    } else {
        options.families.iter().map(String::as_str).collect()
    };
    let mut games: Vec<(String, GameGraph)> = Vec::new();
    for family in families {
        match family {
            "simple" => {
                for &size in options.sizes {
                    let graph = crate::stochastic::generate_sized("simple", size, options.seed)?;
                    games.push(("simple".into(), graph));
                }
            }
            other => {
                for n in CHAINS {
                    let Some(chain) = crate::stochastic::haddad_monmege_chain(other, n) else {
                        return Err(bad_input(format!(
                            "the comparison with PRISM runs the families simple, haddad-monmege \
                             and haddad-monmege-3/4, not '{other}'"
                        )));
                    };
                    games.push((format!("{other} {n}"), chain?));
                }
            }
        }
    }
    let bar = crate::progress::bar(games.len(), "runs");
    let mut rows = Vec::new();
    for (family, graph) in &games {
        if let Some(bar) = &bar {
            bar.set_message(format!("{family}, {} moves", graph.arena.num_edges()));
        }
        rows.extend(compare(options, &configurations, family, graph)?);
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if options.json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    say!(
        "| family | vertices | moves | solver | median ms | total s | iterations | value at start \
         | claimed error | max error | beyond claim |"
    );
    say!("|---|---:|---:|---|---:|---:|---:|---|---:|---:|---:|");
    let float = |x: Option<f64>, format: fn(f64) -> String| x.map_or("–".to_string(), format);
    for r in rows {
        let max_error = match (r.max_error, r.reference) {
            (Some(e), "vi bounds") if e > 0.0 => format!("≥ {e:.1e}"),
            (e, _) => float(e, |e| format!("{e:.1e}")),
        };
        say!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.family,
            r.vertices,
            r.moves,
            r.solver,
            float(r.median_seconds, |t| format!("{:.2}", t * 1e3)),
            float(r.total_seconds, |t| format!("{t:.2}")),
            r.iterations,
            if r.note.is_empty() {
                r.value_at_start
            } else {
                r.note
            },
            float(r.claimed_error, |e| format!("{e:.1e}")),
            max_error,
            r.beyond_claim.map_or("–".to_string(), |n| n.to_string()),
        );
    }
    Ok(())
}

/// kalmar's solvers and every PRISM configuration on one game.
fn compare(
    options: &PeerBench<'_>,
    configurations: &[&Configuration],
    family: &str,
    graph: &GameGraph,
) -> anyhow::Result<Vec<PeerRow>> {
    let game = TerminalGame::from_graph(graph).map_err(bad_input)?;
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
            s.verify(&game).map_err(|e| {
                anyhow::anyhow!("internal error: strategy iteration's answer is wrong: {e}")
            })?;
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
        (None, None) => return Err(bad_input("--solvers must include si or vi")),
    };
    let files = ModelFiles::write(&game)?;
    for configuration in configurations {
        let mut peer_row = PeerRow {
            reference: reference.name(),
            ..row(format!("PRISM {}", configuration.id))
        };
        match run_prism(options, &files, configuration, arena.num_vertices()) {
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
    mut work: impl FnMut() -> anyhow::Result<std::time::Duration>,
) -> anyhow::Result<f64> {
    let mut times = (0..reps.max(1))
        .map(|_| work().map(|t| t.as_secs_f64()))
        .collect::<anyhow::Result<Vec<f64>>>()?;
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
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
    fn write(game: &TerminalGame) -> anyhow::Result<Self> {
        let model = write_prism(game).map_err(bad_input)?;
        let explicit = write_prism_explicit(game).map_err(bad_input)?;
        if explicit.state_rewards.is_some() {
            return Err(bad_input(
                "the comparison runs games with payoffs in [0, 1] (PRISM's Pmax)",
            ));
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
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        xs.get(xs.len() / 2).copied()
    };
    Ok(Measured {
        checking_seconds: median(checking),
        total_seconds: median(total).unwrap_or(0.0),
        iterations: log.iterations,
        claimed_error: log.claimed_error,
        values,
    })
}
