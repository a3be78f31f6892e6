//! `kalmar impartial`: impartial games by the Sprague–Grundy theory, every one under the family
//! (`kalmar impartial nim|octal|grundy|subtraction|all-but|stripes|nukit`). `kalmar nim` and
//! `kalmar octal` are the old, hidden names of two of them, kept for one release.

mod games;
mod values;

use crate::bad_input;
use clap::{Args, Subcommand};
use games::{AllButArgs, NimArgs};
use kalmar_cgt::octal::Rules;
use values::ValuesArgs;

/// The impartial-game commands, flattened into the top level.
#[derive(Subcommand)]
pub enum CgtCommand {
    /// Impartial games (both players have the same moves): Nim, octal games, Grundy's game,
    /// subtraction and all-but games, PEG-O-Stripes and Nukit.
    ///
    /// Answers speak of the player to move: in an N-position the player to move wins (with best
    /// play), in a P-position the player to move loses. A position's nimber (Grundy value) is 0
    /// exactly for P-positions, and a sum of games has the XOR of its parts' nimbers.
    #[command(
        subcommand,
        after_help = "Examples:\n  kalmar impartial nim 3 4 5\n  \
kalmar impartial octal 0.77 --up-to 200 --period --svg kayles.svg\n  \
kalmar impartial grundy --up-to 1000 --svg grundy.svg"
    )]
    Impartial(crate::Deferred<ImpartialCommand>),
    /// The old name of `kalmar impartial nim`.
    #[command(hide = true)]
    Nim(NimArgs),
    /// The old name of `kalmar impartial octal`.
    #[command(hide = true)]
    Octal(OctalArgs),
}

#[derive(Args)]
pub struct OctalArgs {
    /// The octal code, such as 0.77, .07 or 4.7.
    code: String,
    #[command(flatten)]
    values: ValuesArgs,
    /// Misère play: the misère values of single heaps (0 means the player to move loses) and
    /// their genus, by search over positions of several heaps (small N only).
    #[arg(long)]
    misere: bool,
}

#[derive(Subcommand)]
pub enum ImpartialCommand {
    /// Nim: heaps of counters; a move takes one or more counters from one heap.
    ///
    /// Prints the nim-sum (the XOR of the heap sizes, which is the nimber of the position),
    /// whether it is an N-position (the player to move wins) or a P-position (the player to move
    /// loses), and a winning move. In normal play the player who takes the last counter wins;
    /// with --misere that player loses, and the rule changes only when no heap has two or more
    /// counters. (`kalmar reach game nim` explores the same game as a graph.)
    #[command(
        after_help = "Example: `kalmar impartial nim 1 2 4` — take one counter from the heap of four."
    )]
    Nim(NimArgs),
    /// Octal (take-and-break) games by their code: the nim-values G(0..N) of single heaps.
    ///
    /// Digit k of the code (after the point) says what removing k counters from a heap may leave:
    /// 1 nothing (take the whole heap), 2 one heap, 4 two heaps (sums, e.g. 7 = any of them).
    /// The digit before the point (0 or 4) is for removing nothing: 4 splits a heap in two.
    /// 0.77 is Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess, 0.6 Officers. A position of
    /// several heaps has the XOR of their values as its nimber.
    ///
    /// Values are computed until a period is proven by the Guy–Smith periodicity theorem; the
    /// rest follow from the period.
    #[command(
        after_help = "Examples:\n  kalmar impartial octal 0.77 --up-to 200 --period (Kayles: period 12 from n = 71)\n  \
kalmar impartial octal 0.07 --up-to 300 --svg dawson.svg (G(n) plotted, the period marked)"
    )]
    Octal(OctalArgs),
    /// Grundy's game: split a heap into two heaps of different sizes.
    #[command(after_help = "Example: `kalmar impartial grundy --up-to 1000 --svg grundy.svg`.")]
    Grundy {
        #[command(flatten)]
        values: ValuesArgs,
    },
    /// A subtraction game: remove one of the given numbers of counters from a heap.
    #[command(
        after_help = "Example: `kalmar impartial subtraction --set 1,3,4 --up-to 60 --period`."
    )]
    Subtraction {
        /// The numbers that may be removed, such as 1,3,4.
        #[arg(long, required = true, value_delimiter = ',', value_name = "S1,S2,...")]
        set: Vec<u64>,
        #[command(flatten)]
        values: ValuesArgs,
    },
    /// An all-but subtraction game: remove any positive number of counters except the excluded
    /// ones (none excluded: Nim).
    ///
    /// Its values are arithmetic periodic, G(n + p) = G(n) + s from some n₀ on (A. Siegel); the
    /// period p, saltus s and n₀ are proven from the values computed, by the lemma in the
    /// library's documentation, or reported as not proven within N.
    #[command(
        name = "all-but",
        after_help = "Example: `kalmar impartial all-but --excluded 1 --up-to 40` (G(n) = n div 2)."
    )]
    AllBut(AllButArgs),
    /// PEG-O-Stripes: place strips of the given lengths on a row of L empty squares without
    /// overlap; the player who cannot place a strip loses.
    #[command(
        after_help = "Example: `kalmar impartial stripes 8 4 2 3` (L = 8, R = 4, B = 2, G = 3)."
    )]
    Stripes {
        /// L, the number of squares.
        board: u64,
        /// The strip lengths (the seed's R, B and G).
        #[arg(required = true, value_name = "LENGTH")]
        lengths: Vec<u64>,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Nukit (CCC 2008): particles A, B, C, D; a move forms one reaction; the player who
    /// cannot loses. Patrick moves first.
    #[command(after_help = "Example: `kalmar impartial nukit 1 3 1 3` — Patrick wins by ABCD.")]
    Nukit {
        /// The number of particles A, B, C and D.
        #[arg(num_args = 4, required = true, value_names = ["A", "B", "C", "D"])]
        particles: Vec<u32>,
        /// A reaction, written as its particles (repeat for several). Default: the contest's
        /// AABDD, ABCD, CCD, BBB and AD.
        #[arg(long = "reaction", value_name = "LETTERS")]
        reactions: Vec<String>,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
}

pub fn run(command: &CgtCommand) -> anyhow::Result<()> {
    match command {
        CgtCommand::Impartial(crate::Deferred(command)) => impartial(command),
        CgtCommand::Nim(args) => {
            renamed("nim");
            games::nim(args)
        }
        CgtCommand::Octal(args) => {
            renamed("octal");
            octal(args)
        }
    }
}

/// Tells, on standard error, that an old name was used.
fn renamed(name: &str) {
    eprintln!("note: `kalmar {name}` is now `kalmar impartial {name}`; the old name will go");
}

fn impartial(command: &ImpartialCommand) -> anyhow::Result<()> {
    match command {
        ImpartialCommand::Nim(args) => games::nim(args),
        ImpartialCommand::Octal(args) => octal(args),
        ImpartialCommand::Grundy { values } => {
            values::run(&Rules::grundy(), "Grundy's game", values, false)
        }
        ImpartialCommand::Subtraction { set, values } => {
            let rules = Rules::subtraction(set).map_err(bad_input)?;
            let set: Vec<String> = set.iter().map(u64::to_string).collect();
            let title = format!("the subtraction game S({}) = {rules}", set.join(", "));
            values::run(&rules, &title, values, false)
        }
        ImpartialCommand::AllBut(args) => games::all_but(args),
        ImpartialCommand::Stripes {
            board,
            lengths,
            json,
        } => games::stripes(*board, lengths, *json),
        ImpartialCommand::Nukit {
            particles,
            reactions,
            json,
            ..
        } => games::nukit(particles, reactions, *json),
    }
}

fn octal(args: &OctalArgs) -> anyhow::Result<()> {
    let rules = Rules::parse(&args.code).map_err(|e| bad_input(e.in_file("the octal code")))?;
    let title = match rules.common_name() {
        Some(name) => format!("{rules} ({name})"),
        None => rules.to_string(),
    };
    values::run(&rules, &title, &args.values, args.misere)
}
