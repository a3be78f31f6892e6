//! `kalmar nim`, `kalmar octal` and `kalmar impartial`: impartial games by the Sprague–Grundy
//! theory.

mod values;

use crate::bad_input;
use clap::{Args, Subcommand};
use kalmar_cgt::all_but::{self, AllButAnswer};
use kalmar_cgt::nukit::{Nukit, Particles};
use kalmar_cgt::octal::Rules;
use kalmar_cgt::octal::analysis::MISERE_POSITIONS;
use kalmar_cgt::octal::period::ArithmeticPeriod;
use kalmar_cgt::{Outcome, Play, nim, stripes};
use values::ValuesArgs;

/// The impartial-game commands, flattened into the top level.
#[derive(Subcommand)]
pub enum CgtCommand {
    /// Nim: heaps of counters; a move takes one or more counters from one heap.
    ///
    /// Prints the nim-sum (the XOR of the heap sizes, which is the nimber of the position), the
    /// outcome (P: the player to move loses; N: the player to move wins) and a winning move.
    /// In normal play the player who takes the last counter wins; with --misere that player
    /// loses, and the rule changes only when no heap has two or more counters.
    #[command(after_help = "Example: `kalmar nim 1 2 4` — take one counter from the heap of four.")]
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
    #[command(after_help = "Example: `kalmar octal 0.77 --up-to 100 --period` (Kayles).")]
    Octal(OctalArgs),
    /// The impartial games of the PEGWiki page on game theory, and more heap games.
    #[command(subcommand)]
    Impartial(ImpartialCommand),
}

#[derive(Args)]
pub struct NimArgs {
    /// The heap sizes.
    #[arg(required = true, value_name = "HEAP")]
    heaps: Vec<u64>,
    /// Misère play: the player who takes the last counter loses.
    #[arg(long)]
    misere: bool,
    /// Print the answer as JSON (heaps in a winning move are numbered from 1, as given).
    #[arg(long)]
    json: bool,
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
    },
    /// A subtraction game: remove one of the given numbers of counters from a heap.
    Subtraction {
        /// The numbers that may be removed, such as 1,3,4.
        #[arg(long, required = true, value_delimiter = ',', value_name = "S1,S2,...")]
        set: Vec<u64>,
        #[command(flatten)]
        values: ValuesArgs,
    },
    /// Grundy's game: split a heap into two heaps of different sizes.
    Grundy {
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
    AllBut {
        /// The removals that are not allowed, such as 2,5.
        #[arg(long, value_delimiter = ',', value_name = "E1,E2,...")]
        excluded: Vec<u64>,
        /// Compute G(0), G(1), …, G(N).
        #[arg(long, value_name = "N")]
        up_to: usize,
        /// Values shown in the human-readable output, 0 for all (the JSON has all; `--show` is an
        /// old name).
        #[arg(
            long = "limit",
            alias = "show",
            default_value_t = 240,
            value_name = "N"
        )]
        show: usize,
        /// Print the values as JSON: an object whose `values` field is the array G(0..N).
        #[arg(long)]
        json: bool,
    },
}

pub fn run(command: &CgtCommand) -> anyhow::Result<()> {
    match command {
        CgtCommand::Nim(args) => nim_command(args),
        CgtCommand::Octal(args) => {
            let rules =
                Rules::parse(&args.code).map_err(|e| bad_input(e.in_file("the octal code")))?;
            let title = match rules.common_name() {
                Some(name) => format!("{rules} ({name})"),
                None => rules.to_string(),
            };
            values::run(&rules, &title, &args.values, args.misere)
        }
        CgtCommand::Impartial(ImpartialCommand::Stripes {
            board,
            lengths,
            json,
        }) => stripes_command(*board, lengths, *json),
        CgtCommand::Impartial(ImpartialCommand::Nukit {
            particles,
            reactions,
            json,
        }) => nukit_command(particles, reactions, *json),
        CgtCommand::Impartial(ImpartialCommand::Subtraction { set, values }) => {
            let rules = Rules::subtraction(set).map_err(bad_input)?;
            let set: Vec<String> = set.iter().map(u64::to_string).collect();
            let title = format!("the subtraction game S({}) = {rules}", set.join(", "));
            values::run(&rules, &title, values, false)
        }
        CgtCommand::Impartial(ImpartialCommand::Grundy { values }) => {
            values::run(&Rules::grundy(), "Grundy's game", values, false)
        }
        CgtCommand::Impartial(ImpartialCommand::AllBut {
            excluded,
            up_to,
            show,
            json,
        }) => {
            let answer = all_but::analyse(excluded, *up_to).map_err(bad_input)?;
            all_but_command(&answer, *show, *json)
        }
    }
}

fn all_but_command(answer: &AllButAnswer, show: usize, json: bool) -> anyhow::Result<()> {
    if json {
        say!("{}", serde_json::to_string(answer)?);
        return Ok(());
    }
    let up_to = answer.up_to;
    let excluded: Vec<String> = answer.excluded.iter().map(usize::to_string).collect();
    say!(
        "the all-but subtraction game excluding {{{}}}: G(0..{up_to})",
        excluded.join(", ")
    );
    values::print(&answer.values, show)?;
    match answer.arithmetic_period {
        Some(ArithmeticPeriod {
            preperiod,
            period,
            saltus,
        }) => say!(
            "arithmetic period {period}, saltus {saltus}: G(n + {period}) = G(n) + {saltus} for \
             every n >= {preperiod}; proven from G(0..{up_to})"
        ),
        None => say!("no arithmetic period proven from G(0..{up_to}); ask for more values"),
    }
    Ok(())
}

fn nim_command(args: &NimArgs) -> anyhow::Result<()> {
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let answer = nim::analyse(&args.heaps, play);
    if args.json {
        say!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(());
    }
    let heaps: Vec<String> = args.heaps.iter().map(u64::to_string).collect();
    say!(
        "Nim {} ({} play: the player who takes the last counter {})",
        heaps.join(" "),
        if args.misere { "misère" } else { "normal" },
        if args.misere { "loses" } else { "wins" }
    );
    say!("nim-sum: {} = {}", heaps.join(" XOR "), answer.nimber);
    say!("outcome: {}", answer.outcome);
    match answer.winning_move {
        Some(m) => {
            let mut after = args.heaps.clone();
            after[m.heap] = m.to;
            let after: Vec<String> = after.iter().map(u64::to_string).collect();
            say!(
                "winning move: take {} from heap {} ({} → {}), leaving {}",
                m.from - m.to,
                m.heap + 1,
                m.from,
                m.to,
                after.join(" ")
            );
        }
        None if answer.outcome == Outcome::N => say!("no move is needed: no counters are left"),
        None => say!("every move loses against best play"),
    }
    Ok(())
}

fn stripes_command(board: u64, lengths: &[u64], json: bool) -> anyhow::Result<()> {
    let answer = stripes::solve(board, lengths).map_err(bad_input)?;
    if json {
        say!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(());
    }
    let lengths: Vec<String> = lengths.iter().map(u64::to_string).collect();
    say!(
        "PEG-O-Stripes on {board} squares with strips of {}: nimber {}",
        lengths.join(", "),
        answer.nimber
    );
    match answer.winning_move {
        Some(m) => say!(
            "the first player wins (N), e.g. with a strip of {} on squares {}..{}",
            m.length,
            m.start + 1,
            m.start + m.length
        ),
        None => say!("the second player wins (P)"),
    }
    Ok(())
}

fn nukit_command(particles: &[u32], reactions: &[String], json: bool) -> anyhow::Result<()> {
    let game = if reactions.is_empty() {
        Nukit::ccc2008()
    } else {
        let parsed: Result<Vec<Particles>, _> = reactions
            .iter()
            .map(|r| Nukit::parse_reaction(r).map_err(|e| bad_input(e.in_file("--reaction"))))
            .collect();
        Nukit::new(parsed?)
    };
    let start: Particles = [particles[0], particles[1], particles[2], particles[3]];
    let answer = game
        .solve(start, MISERE_POSITIONS)
        .map_err(|e| bad_input(format!("{e}; ask for fewer particles")))?;
    if json {
        say!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(());
    }
    let winner = answer.winner;
    match &answer.winning_reaction {
        Some(r) => say!("{winner} wins (N): form {r} first"),
        None => say!("{winner} wins (P): every reaction Patrick can form loses"),
    }
    Ok(())
}
