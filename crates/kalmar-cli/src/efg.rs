//! `kalmar efg`: extensive-form games in Gambit's formats — describe them, check perfect recall,
//! list and count reduced strategies, write the reduced strategic form, find, save and draw
//! equilibria.

mod describe;
mod draw;
mod nash;

pub use nash::solve_detected;

use crate::bad_input;
use crate::registry_ids::ids;
use crate::report::in_file;
use clap::{Args, Subcommand};
use kalmar_efg::Efg;
use kalmar_efg::format::{GameFile, read_game};
use kalmar_efg::strategic;
use std::path::{Path, PathBuf};

#[derive(Subcommand)]
pub enum EfgCommand {
    /// Describe a game (.efg or .nfg): players, nodes, information sets, outcomes, perfect
    /// information and recall, and the number of reduced strategies of each player.
    Info(FileArgs),
    /// Check perfect recall by the breadth-first method: every node of an information set must
    /// have the same last own move. Failures name the set, two of its nodes and their moves;
    /// absent-minded sets (one node below another) are listed too.
    Recall(FileArgs),
    /// List each player's reduced strategies: one slot per information set in breadth-first
    /// order, `*` where the player's own earlier move in the tree makes the set unreachable.
    ///
    /// With --count, only count them (without enumerating, so huge games can be sized); with
    /// --json the object's `reduced_strategies` field has one count per player, in player order
    /// (a number, or a string of digits when larger than 2^64 - 1).
    Reduce {
        #[command(flatten)]
        file: FileArgs,
        /// Only count the reduced strategies.
        #[arg(long)]
        count: bool,
        /// Strategies to list per player in the human-readable output (0 for all).
        #[arg(long, default_value_t = 40, value_name = "N")]
        limit: usize,
    },
    /// Write the reduced strategic form as a Gambit .nfg file (outcome-list form, strategies
    /// named with `*`), with exact expected payoffs. A form with more numbers (profiles ×
    /// players) than --max-size is refused, with its size, before it is built.
    Strategic {
        /// The game (.efg).
        file: PathBuf,
        /// Write the .nfg to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// The largest strategic form built, in numbers (profiles × players).
        #[arg(long, default_value_t = strategic::DEFAULT_LIMIT, value_name = "N")]
        max_size: u64,
    },
    /// Find Nash equilibria, each checked by an independent regret test: exact, or approximate with an exact bound.
    ///
    /// Methods: pure (all pure equilibria, any number of players), lh (Lemke-Howson from every
    /// starting label, then from every equilibrium found), enum (support enumeration: every
    /// equilibrium of a nondegenerate game), vertex (vertex enumeration: every extreme
    /// equilibrium, degenerate games too), seqform (the sequence form and Lemke's algorithm, on
    /// the tree, one subgame at a time: two players, perfect recall; no strategic form is
    /// built; the equilibrium is subgame perfect), spe (backward induction, perfect
    /// information), simpdiv (simplicial subdivision on finer and finer grids), gnm (the global
    /// Newton method: every equilibrium on a curve of perturbed games), enumpoly (support
    /// enumeration with polynomial systems: every isolated equilibrium of a small game, exact
    /// where it is rational) and logit (the logit quantal response branch followed to its
    /// limit), all for any number of players and each an ε-equilibrium with its exact ε. pure,
    /// lh, enum, vertex, simpdiv, gnm, enumpoly and logit work on an .nfg file or on the reduced
    /// strategic form of an .efg file. On the tree of a two-player constant-sum game with perfect recall:
    /// lp solves the sequence form's linear program in floating point and recovers the exact
    /// equilibrium from it (Leduc poker in about a second), and for games too large for that,
    /// cfr+, dcfr and cfr (counterfactual regret minimisation) give an approximate equilibrium,
    /// its exact exploitability from a best response; --iterations and --exploitability say
    /// when they stop.
    ///
    /// With -o the equilibria are saved as JSON (behaviour strategies for trees, mixed
    /// strategies for tables) for `kalmar verify`; with --svg the tree is drawn with the first
    /// equilibrium's probabilities on the moves.
    #[command(
        after_help = "Examples:\n  kalmar efg nash examples/kuhn-poker.efg -o kuhn.json --svg kuhn.svg\n  \
        kalmar verify examples/kuhn-poker.efg kuhn.json\n  \
        kalmar efg nash testdata/efg/stengel-6x6.nfg --solver vertex -o all.json\n  \
        kalmar generate efg leduc 3 -o leduc.efg\n  \
        kalmar efg nash leduc.efg --solver cfr+ --exploitability 1e-4 -o leduc.json"
    )]
    Nash {
        #[command(flatten)]
        file: FileArgs,
        /// The method: pure, lh, enum, vertex, seqform, spe, simpdiv, gnm, enumpoly, logit, lp, cfr+, dcfr or cfr (see `kalmar efg solvers`;
        /// `--method` is an old name).
        #[arg(
            long = "solver",
            alias = "method",
            default_value = "seqform",
            value_name = "ID",
            value_parser = ids(&kalmar_efg::nash::METHODS)
        )]
        method: String,
        /// The largest problem a method may take on, estimated before anything is built: the
        /// strategic form for pure, lh, enum and vertex (profiles × players), the support pairs
        /// enum tries, the sequence-form matrix of seqform (entries).
        #[arg(long, default_value_t = strategic::DEFAULT_LIMIT, value_name = "N")]
        max_size: u64,
        /// cfr, cfr+ and dcfr: the most iterations (default 1000, or no limit with
        /// --exploitability).
        #[arg(long, value_name = "N")]
        iterations: Option<u64>,
        /// cfr, cfr+ and dcfr: stop once the exploitability (the sum of both players' gains from
        /// deviating, measured every ten iterations) is at most E.
        #[arg(long, value_name = "E")]
        exploitability: Option<f64>,
        /// Also write the equilibria found (all of them) as JSON to this file, for
        /// `kalmar verify GAME FILE` and `kalmar efg draw --profile FILE`.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Also draw the tree as SVG with the first equilibrium's probability under each move
        /// (.efg only).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
    /// Draw a game tree as SVG, as Gambit shows it.
    ///
    /// Nodes in their player's colour (chance grey), information sets joined by dashed lines, move labels above the moves and probabilities below them
    /// (chance's, and an equilibrium's with --profile: played moves bold, others grey), payoffs
    /// at the leaves. Trees of more than 2000 nodes are refused.
    #[command(
        after_help = "Examples:\n  kalmar efg draw examples/entry.efg --svg entry.svg\n  \
        kalmar efg nash examples/kuhn-poker.efg -o kuhn.json\n  \
        kalmar efg draw examples/kuhn-poker.efg --profile kuhn.json --svg kuhn.svg\n\
        View the picture in a browser, or convert it: rsvg-convert kuhn.svg -o kuhn.png"
    )]
    Draw {
        /// The game (.efg).
        file: PathBuf,
        /// Write the picture to this file (standard output without it).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Equilibria saved by `kalmar efg nash -o` or `kalmar solve -o`: their probabilities
        /// are written under the moves.
        #[arg(long, value_name = "FILE")]
        profile: Option<PathBuf>,
        /// Which equilibrium of the --profile file to show, from 1.
        #[arg(long, default_value_t = 1, value_name = "N")]
        equilibrium: usize,
        /// Grow the tree from the top down instead of left to right.
        #[arg(long)]
        top_down: bool,
    },
    /// List the equilibrium methods (`kalmar efg methods` is an old name).
    #[command(alias = "methods")]
    Solvers(crate::report::ListArgs),
    /// The old place of `kalmar bench efg`: one task on one file, as one line of JSON.
    #[command(hide = true)]
    Bench {
        /// The game (.efg).
        file: PathBuf,
        /// strategic or an equilibrium method's id (`--task` is an old name).
        #[arg(long = "solver", alias = "task", value_name = "ID")]
        task: String,
        /// Runs (the median is reported).
        #[arg(long, default_value_t = 5)]
        reps: usize,
    },
    /// The old place of `kalmar generate efg`.
    #[command(hide = true)]
    Generate(crate::generate::EfgArgs),
}

#[derive(Args)]
pub struct FileArgs {
    /// The game file (.efg, or .nfg where a strategic form will do).
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(command: &EfgCommand) -> anyhow::Result<()> {
    match command {
        EfgCommand::Info(args) => describe::info(args),
        EfgCommand::Recall(args) => describe::recall(args),
        EfgCommand::Reduce { file, count, limit } => describe::reduce(file, *count, *limit),
        EfgCommand::Strategic {
            file,
            output,
            max_size,
        } => nash::write_strategic(file, output.as_deref(), *max_size),
        EfgCommand::Nash {
            file,
            method,
            max_size,
            iterations,
            exploitability,
            output,
            svg,
            ..
        } => {
            let save = draw::Save {
                output: output.clone(),
                svg: svg.clone(),
            };
            let options = kalmar_efg::nash::Options {
                method: method.clone(),
                max_size: *max_size,
                deadline: None,
                iterations: *iterations,
                target: *exploitability,
            };
            nash::nash(file, options, &save)
        }
        EfgCommand::Draw {
            file,
            svg,
            profile,
            equilibrium,
            top_down,
        } => draw::run(
            file,
            profile.as_deref(),
            *equilibrium,
            *top_down,
            svg.as_deref(),
        ),
        EfgCommand::Generate(args) => crate::generate::efg(args),
        EfgCommand::Bench { file, task, reps } => {
            let game = load(file)?;
            efg_of(&game, file)?;
            crate::bench::efg_single(&game, task, *reps)
        }
        EfgCommand::Solvers(args) => crate::report::listing(
            *args,
            &["id", "works on", "method", "bounds"],
            kalmar_efg::nash::METHODS.iter().map(|m| {
                vec![
                    m.id.to_string(),
                    m.run.works_on().to_string(),
                    m.summary.to_string(),
                    m.bounds.to_string(),
                ]
            }),
        ),
    }
}

/// Reads a game file (`-` for standard input, `.gz` and `.bz2` decompressed), naming it in
/// errors.
pub fn load(path: &Path) -> anyhow::Result<GameFile> {
    let text = kalmar_core::format::read_text_file(path).map_err(bad_input)?;
    read_game(&text).map_err(|e| bad_input(e.in_file(path.display().to_string())))
}

/// The extensive-form game of a file, or an error naming the file.
fn efg_of<'a>(file: &'a GameFile, path: &Path) -> anyhow::Result<&'a Efg> {
    match file {
        GameFile::Efg(game) => Ok(game),
        GameFile::Nfg(_) => Err(in_file(path, "this needs an extensive-form game (.efg)")),
    }
}
