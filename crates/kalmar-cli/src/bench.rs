//! `kalmar bench`: end-to-end figures on generated games of growing size.

use crate::bad_input;
use clap::{Args, ValueEnum};
use kalmar_bench::parity::{
    GameSpec, ParityOptions, ParityRow, ParityWorkload, Peer, markdown_table,
};
use kalmar_bench::{self as bench, Options, Row, Workload};
use std::path::PathBuf;

/// What to benchmark.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// Retrograde analysis of chess-like games against a plain BFS over the reversed graph.
    Reach,
    /// The DGG solvers against each other (time and comparisons), with the BFS floor.
    Dgg,
    /// kalmar's parity solvers on .pg files and generated games, side by side with Oink
    /// (`--peer`).
    Parity,
    /// Stochastic games: exact strategy iteration and value iteration with bounds on random
    /// simple, terminal and discounted games and the Haddad-Monmege chains (sizes in moves;
    /// default 1e2,1e3,1e4; haddad-monmege-3/4 is the chain worth 3/4); with --families
    /// mean-payoff,mean-payoff-chance,parity also strategy improvement against Zwick-Paterson
    /// on deterministic mean-payoff games, si on mean-payoff games with chance (discount
    /// searched) and the parity gadget solver;
    /// --families friedmann runs Friedmann's switch-all games (n = 1..5, sizes not used).
    /// With --peer PRISM (PRISM-games' `prism` launcher): kalmar's si and vi and PRISM-games
    /// (--peer-solvers default,vi-noprob1,gs-noprob1) on the same simple and Haddad-Monmege
    /// games, every answer measured against the exact values.
    Stochastic,
    /// Impartial games: G(0..n) of octal games (--families kayles,dawson,grundy,officers or
    /// codes; sizes as 2^16 or 65536, default 2^16,2^18,2^20) by kalmar's sparse and naive
    /// solvers (--solvers) and a peer program (--peer, run as `PEER CODE N`); a run expected
    /// to take longer than --timeout (default 60 s) is skipped.
    Cgt,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench reach --sizes 1e3,1e4,1e5,1e6,1e7 --reps 5\n  \
kalmar bench parity --sizes 1e4,1e5,1e6 --priorities 10,n --peer path/to/oink\n  \
kalmar bench parity --files a.pg,b.pg --families laddergame,tc:6 --sizes 1e5 --peer path/to/oink\n  \
kalmar bench stochastic --peer path/to/prism-games/prism/bin/prism --sizes 1e2,1e3 --reps 3"
)]
pub struct BenchArgs {
    /// The suite.
    suite: Suite,
    /// Generators to run on (see `kalmar generate --list`); default: random-chess and grid for
    /// reach, random and sorting-network for dgg, random for parity. For parity: `random`
    /// (PGSolver's randomgame at each size and number of priorities), a parity generator scaled
    /// to each size (laddergame, recursiveladder, modelcheckerladder, jurdzinskigame,
    /// towersofhanoi, steadygame, randomgame) or one with its numbers, as `tc:6` or
    /// `cliquegame:2000`.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    families: Vec<String>,
    /// Sizes in arcs (1e3 style allowed); for parity, in vertices. Default: 1e3,1e4,1e5,1e6
    /// arcs; for parity 1e4,1e5,1e6 vertices.
    #[arg(long, value_delimiter = ',', value_name = "SIZES")]
    sizes: Vec<String>,
    /// Parity: .pg files to run on (besides or instead of generated games).
    #[arg(long, value_delimiter = ',', value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Parity: the numbers of priorities of the random games; `n` means as many as vertices.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "10,n",
        value_name = "COUNTS"
    )]
    priorities: Vec<String>,
    /// Parity and stochastic: kalmar's solvers to run (default: all; see `kalmar parity solvers`, `kalmar stochastic solvers`).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// Parity: the Oink program to run on the same files (each solver of --peer-solvers).
    /// Stochastic: PRISM-games' `prism` launcher, run on the exported models of the same games.
    #[arg(long, value_name = "OINK")]
    peer: Option<PathBuf>,
    /// Parity: Oink's solvers to run; default: those with the id of a kalmar solver, and zlk,
    /// npp, tl, fpi and psi. Stochastic: PRISM's configurations, default (its defaults),
    /// vi-noprob1 and gs-noprob1 (value iteration without the Prob1 precomputation), all on the
    /// explicit files, and language (its defaults on the model in its language); default:
    /// default,vi-noprob1.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    peer_solvers: Vec<String>,
    /// Parity: extra arguments for every Oink run (e.g. --peer-args=--no-wcwc); stochastic: for
    /// every PRISM run (e.g. --peer-args="-javamaxmem 8g").
    #[arg(
        long,
        value_delimiter = ' ',
        value_name = "ARGS",
        allow_hyphen_values = true
    )]
    peer_args: Vec<String>,
    /// Parity: a run longer than this many seconds ends the repetitions of its algorithm (and
    /// stops Oink; kalmar's solvers are stopped too with --isolate). Stochastic: a PRISM run is
    /// stopped after this many seconds (default 60).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<u64>,
    /// Parity: run each timed run of a kalmar solver in a process of its own, killed at
    /// --timeout, so that a solver taking hours on some family is cut short like Oink's, and
    /// each peak memory figure is that solver's alone. The answers are checked by the verifier
    /// there, not compared with Oink's.
    #[arg(long)]
    isolate: bool,
    /// Parity and stochastic: runs of each Oink solver or PRISM configuration (default: --reps).
    #[arg(long, value_name = "N")]
    peer_reps: Option<usize>,
    /// Parity: run kalmar's solvers without the shared preprocessing.
    #[arg(long)]
    no_preprocess: bool,
    /// Parity: write the generated games into this directory and keep them (default: a
    /// temporary file per game, removed after it).
    #[arg(long, value_name = "DIR")]
    keep_games: Option<PathBuf>,
    /// Timed repetitions per algorithm (the median is reported).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip checking each solution with its certificate.
    #[arg(long)]
    no_verify: bool,
    /// Print the rows as JSON.
    #[arg(long)]
    json: bool,
}

fn parse_size(text: &str) -> anyhow::Result<usize> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| bad_input(format!("size '{text}' is not a number")))?;
    if !(1.0..=2e9).contains(&value) {
        return Err(bad_input(format!(
            "size {text} is not between 1 and 2e9 arcs"
        )));
    }
    Ok(value as usize)
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    if args.suite == Suite::Parity {
        return parity(args);
    }
    if args.suite == Suite::Cgt {
        return crate::cgt::bench::run(&crate::cgt::bench::Options {
            sizes: &args.sizes,
            games: &args.families,
            solvers: &args.solvers,
            peer: args.peer.as_deref(),
            timeout: args.timeout,
            reps: args.reps,
            json: args.json,
        });
    }
    if args.suite == Suite::Stochastic {
        let sizes = sizes_or(&args.sizes, &["1e2", "1e3", "1e4"])?;
        if let Some(prism) = &args.peer {
            return crate::prism::bench(&crate::prism::PeerBench {
                prism,
                families: &args.families,
                sizes: &sizes,
                solvers: &args.solvers,
                configurations: &args.peer_solvers,
                extra_args: &args.peer_args,
                reps: args.reps,
                peer_reps: args.peer_reps.unwrap_or(args.reps),
                timeout: args.timeout.unwrap_or(60),
                seed: args.seed,
                json: args.json,
            });
        }
        return crate::stochastic::bench(
            &args.families,
            &args.solvers,
            &sizes,
            args.reps,
            args.seed,
            args.json,
        );
    }
    if !args.files.is_empty()
        || args.peer.is_some()
        || !args.solvers.is_empty()
        || !args.peer_solvers.is_empty()
        || !args.peer_args.is_empty()
        || args.timeout.is_some()
        || args.isolate
        || args.peer_reps.is_some()
        || args.no_preprocess
        || args.keep_games.is_some()
    {
        return Err(bad_input(
            "--files, --solvers, --peer, --peer-solvers, --peer-args, --peer-reps, --timeout, \
             --isolate, --no-preprocess and --keep-games belong to the parity suite",
        ));
    }
    let sizes = sizes_or(&args.sizes, &["1e3", "1e4", "1e5", "1e6"])?;
    let families: Vec<String> = if args.families.is_empty() {
        match args.suite {
            Suite::Reach => vec!["random-chess".into(), "grid".into()],
            Suite::Dgg => vec!["random".into(), "sorting-network".into()],
            // Returned above.
            Suite::Parity | Suite::Stochastic | Suite::Cgt => Vec::new(),
        }
    } else {
        args.families.clone()
    };
    for id in &families {
        kalmar_terminal::generate::FAMILIES
            .get(id)
            .map_err(bad_input)?;
    }
    let options = Options {
        repetitions: args.reps.max(1),
        verify: !args.no_verify,
    };
    let bar = crate::progress::bar(families.len() * sizes.len(), "runs");
    let mut rows: Vec<Row> = Vec::new();
    for id in &families {
        for &size in &sizes {
            if let Some(bar) = &bar {
                bar.set_message(format!("{id} at {size} arcs"));
            }
            let workload = Workload::generate(id, size, args.seed).map_err(bad_input)?;
            rows.push(bench::run_reach_floor(&workload, &options));
            match args.suite {
                Suite::Reach => rows.push(bench::run_reach(&workload, &options)?),
                Suite::Dgg => rows.extend(bench::run_dgg(&workload, &options)?),
                Suite::Parity | Suite::Stochastic | Suite::Cgt => {}
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        say!("{}", bench::markdown_table(&rows));
    }
    Ok(())
}

/// The sizes given, or these defaults.
fn sizes_or(given: &[String], default: &[&str]) -> anyhow::Result<Vec<usize>> {
    if given.is_empty() {
        default.iter().map(|s| parse_size(s)).collect()
    } else {
        given.iter().map(|s| parse_size(s)).collect()
    }
}

/// Oink's solvers run when `--peer-solvers` is not given, besides those with a kalmar solver's
/// id: its fastest all-rounders, so that "Oink's best" means something.
const PEER_DEFAULT: &[&str] = &["zlk", "npp", "tl", "fpi", "psi"];

/// `kalmar bench parity`.
fn parity(args: &BenchArgs) -> anyhow::Result<()> {
    let sizes = sizes_or(&args.sizes, &["1e4", "1e5", "1e6"])?;
    let options = ParityOptions {
        repetitions: args.reps.max(1),
        verify: !args.no_verify,
        preprocess: !args.no_preprocess,
        timeout_seconds: args.timeout,
        peer_repetitions: args.peer_reps,
        solvers: args.solvers.clone(),
        isolate: args
            .isolate
            .then(std::env::current_exe)
            .transpose()
            .map_err(|e| anyhow::anyhow!("cannot find the kalmar program to isolate runs: {e}"))?,
    };
    for id in &args.solvers {
        kalmar_parity::SOLVERS.get(id).map_err(bad_input)?;
    }
    let families: Vec<String> = if args.families.is_empty() && args.files.is_empty() {
        vec!["random".into()]
    } else {
        args.families.clone()
    };
    // Every game to run: files first, then the generated ones.
    let mut specs: Vec<GameSpec> = Vec::new();
    for family in &families {
        for &size in &sizes {
            if family == "random" {
                for count in &args.priorities {
                    let priorities = match count.trim() {
                        "n" => size,
                        text => parse_size(text)?,
                    };
                    specs.push(GameSpec::Random {
                        vertices: size,
                        priorities,
                    });
                }
            } else {
                let spec = GameSpec::family(family, size).map_err(bad_input)?;
                let explicit = family.contains(':');
                if !specs.contains(&spec) {
                    specs.push(spec);
                }
                if explicit {
                    break;
                }
            }
        }
    }
    let peer = args.peer.as_ref().map(|program| Peer {
        program: program.clone(),
        args: args.peer_args.clone(),
    });
    let peer_solvers: Vec<String> = match &peer {
        None => Vec::new(),
        Some(peer) => {
            let known = peer.solvers().map_err(bad_input)?;
            let wanted: Vec<String> = if args.peer_solvers.is_empty() {
                let mut ids: Vec<String> = kalmar_parity::SOLVERS
                    .iter()
                    .map(|s| s.id.to_string())
                    .filter(|id| known.contains(id))
                    .collect();
                for id in PEER_DEFAULT {
                    if !ids.iter().any(|i| i == id) {
                        ids.push(id.to_string());
                    }
                }
                ids
            } else {
                args.peer_solvers.clone()
            };
            if let Some(unknown) = wanted.iter().find(|id| !known.contains(id)) {
                return Err(bad_input(format!(
                    "the peer has no solver '{unknown}'; it has: {}",
                    known.join(", ")
                )));
            }
            wanted.into_iter().filter(|id| known.contains(id)).collect()
        }
    };
    let dir = match &args.keep_games {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| bad_input(format!("{}: {e}", dir.display())))?;
            dir.clone()
        }
        None => std::env::temp_dir(),
    };
    let total = args.files.len() + specs.len();
    let bar = crate::progress::bar(total, "runs");
    let peer = peer.as_ref().map(|p| (p, peer_solvers.as_slice()));
    let mut rows: Vec<ParityRow> = Vec::new();
    let mut one = |workload: anyhow::Result<ParityWorkload>| -> anyhow::Result<()> {
        let workload = workload?;
        rows.extend(kalmar_bench::parity::run_game(&workload, &options, peer)?);
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        Ok(())
    };
    for file in &args.files {
        if let Some(bar) = &bar {
            bar.set_message(file.display().to_string());
        }
        let family = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        one(ParityWorkload::from_file(family, file, &options).map_err(bad_input))?;
    }
    for spec in &specs {
        if let Some(bar) = &bar {
            bar.set_message(match spec {
                GameSpec::Random {
                    vertices,
                    priorities,
                } => format!("random, {vertices} vertices, {priorities} priorities"),
                GameSpec::Family { .. } => spec.label(),
            });
        }
        let keep = args.keep_games.is_some();
        one(ParityWorkload::generate(spec, args.seed, &dir, keep, &options).map_err(bad_input))?;
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    for row in &rows {
        if let Some(message) = row.peer.as_ref().and_then(|p| p.failed.as_ref()) {
            eprintln!(
                "warning: Oink's {} failed on {} ({} vertices): {message}",
                row.solver, row.family, row.vertices
            );
        }
        if row.peer.as_ref().and_then(|p| p.agrees) == Some(false) {
            eprintln!(
                "warning: Oink's {} and kalmar disagree on the winners of {} ({} vertices)",
                row.solver, row.family, row.vertices
            );
        }
    }
    if args.json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        say!("{}", markdown_table(&rows));
    }
    Ok(())
}
