//! `kalmar nim`, `kalmar octal` and `kalmar impartial`: impartial games by the Sprague–Grundy
//! theory.

pub mod bench;

use crate::bad_input;
use clap::{Args, Subcommand};
use kalmar_cgt::all_but::AllBut;
use kalmar_cgt::genus::genus;
use kalmar_cgt::nukit::{Nukit, Particles};
use kalmar_cgt::octal::heaps::{HeapGame, misere_values};
use kalmar_cgt::octal::period::{ArithmeticPeriod, observed_arithmetic};
use kalmar_cgt::octal::verify::verify;
use kalmar_cgt::octal::{self, Computed, Rules};
use kalmar_cgt::{Analysis, Outcome, Play, nim, stripes};
use serde_json::json;
use std::time::Instant;

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

/// How a list of heap values is computed and shown.
#[derive(Args)]
pub struct ValuesArgs {
    /// Compute G(0), G(1), …, G(N).
    #[arg(long, value_name = "N")]
    up_to: usize,
    /// Report the period: pre-period, period, last exceptional value and the proof's extent; if
    /// none is proven, an arithmetic period seen in the values (not proven).
    #[arg(long)]
    period: bool,
    /// The solver of G(0..N): sparse (rare-values method) or naive.
    #[arg(long, default_value = "sparse", value_name = "ID")]
    solver: String,
    /// Compute every value, even when a period is proven early (for timing the solver).
    #[arg(long)]
    no_shortcut: bool,
    /// Check the values independently of the solver: each against the definition (no move
    /// reaches its value, every smaller value is reached), a proven period on the theorem's
    /// window. Takes time quadratic in the values computed.
    #[arg(long)]
    verify: bool,
    /// Values shown in the human-readable output (the JSON has all).
    #[arg(long, default_value_t = 240, value_name = "COUNT")]
    show: usize,
    /// Print the values as JSON: an object whose `values` field is the array G(0..N).
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
        /// Values shown in the human-readable output (the JSON has all).
        #[arg(long, default_value_t = 240, value_name = "COUNT")]
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
            values_command(&rules, &describe(&rules), &args.values, args.misere)
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
            values_command(&rules, &title, values, false)
        }
        CgtCommand::Impartial(ImpartialCommand::Grundy { values }) => {
            values_command(&Rules::grundy(), "Grundy's game", values, false)
        }
        CgtCommand::Impartial(ImpartialCommand::AllBut {
            excluded,
            up_to,
            show,
            json,
        }) => all_but_command(excluded, *up_to, *show, *json),
    }
}

/// The most values `kalmar impartial all-but` computes (four bytes each).
const ALL_BUT_VALUES: usize = 1 << 28;

fn all_but_command(excluded: &[u64], up_to: usize, show: usize, json: bool) -> anyhow::Result<()> {
    let game = AllBut::new(excluded).map_err(bad_input)?;
    let len = up_to
        .checked_add(1)
        .filter(|&len| len <= ALL_BUT_VALUES)
        .ok_or_else(|| bad_input(format!("--up-to {up_to}: at most {ALL_BUT_VALUES} values")))?;
    let values = game.values(len);
    let period = game.arithmetic_period(&values);
    if json {
        let answer = json!({
            "excluded": game.excluded(),
            "up_to": up_to,
            "values": values,
            "arithmetic_period": period,
        });
        say!("{}", serde_json::to_string(&answer)?);
        return Ok(());
    }
    let excluded: Vec<String> = game.excluded().iter().map(usize::to_string).collect();
    say!(
        "the all-but subtraction game excluding {{{}}}: G(0..{up_to})",
        excluded.join(", ")
    );
    print_values(&values, show)?;
    match period {
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

fn play_of(misere: bool) -> Play {
    if misere { Play::Misere } else { Play::Normal }
}

fn outcome_letter(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

fn nim_command(args: &NimArgs) -> anyhow::Result<()> {
    let play = play_of(args.misere);
    let sum = nim::nim_sum(&args.heaps);
    let outcome = nim::outcome(&args.heaps, play);
    let best = nim::winning_move(&args.heaps, play);
    if args.json {
        let winning_move = best.map(|m| json!({"heap": m.heap + 1, "from": m.from, "to": m.to}));
        let answer = json!({
            "heaps": args.heaps,
            "play": play,
            "nimber": sum,
            "outcome": outcome_letter(outcome),
            "winning_move": winning_move,
        });
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
    say!("nim-sum: {} = {sum}", heaps.join(" XOR "));
    say!("outcome: {outcome}");
    match best {
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
        None if outcome == Outcome::N => say!("no move is needed: no counters are left"),
        None => say!("every move loses against best play"),
    }
    Ok(())
}

/// A bar for computing `len` values, when there are enough of them to take a while.
fn progress_bar(len: usize) -> Option<indicatif::ProgressBar> {
    (len >= 1 << 16)
        .then(|| crate::progress::bar(len, "values"))
        .flatten()
}

fn values_command(
    rules: &Rules,
    title: &str,
    args: &ValuesArgs,
    misere: bool,
) -> anyhow::Result<()> {
    let solver = octal::solver(&args.solver).map_err(bad_input)?;
    let len = args
        .up_to
        .checked_add(1)
        .filter(|&len| len <= u32::MAX as usize)
        .ok_or_else(|| bad_input(format!("--up-to {} is too large", args.up_to)))?;
    let misere = if misere {
        Some(misere_table(rules, len)?)
    } else {
        None
    };
    let bar = progress_bar(len);
    let started = Instant::now();
    let result = octal::compute(rules, solver, len, !args.no_shortcut, &mut |known| {
        if let Some(bar) = &bar {
            bar.set_position(known as u64);
        }
    });
    let elapsed = started.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.verify {
        verify(rules, &result).map_err(|e| anyhow::anyhow!("the values failed the check: {e}"))?;
    }
    let Computed {
        values,
        period,
        computed,
    } = result;
    let arithmetic = if args.period && period.is_none() {
        observed_arithmetic(&values)
    } else {
        None
    };
    if args.json {
        let mut answer = json!({
            "game": rules.to_string(),
            "up_to": args.up_to,
            "values": values,
            "computed": computed,
            "seconds": elapsed.as_secs_f64(),
            "verified": args.verify,
        });
        if args.period {
            answer["period"] = json!(period);
            answer["arithmetic_period_observed"] = json!(arithmetic);
        }
        if let Some((misere_values, genera)) = &misere {
            answer["misere"] = json!(misere_values);
            answer["genus"] = json!(genera.iter().map(ToString::to_string).collect::<Vec<_>>());
        }
        say!("{}", serde_json::to_string(&answer)?);
        return Ok(());
    }
    say!("{title}: G(0..{})", args.up_to);
    print_values(&values, args.show)?;
    if let Some(p) = &period {
        let exception = match p.last_exception {
            Some(n) => format!("last exceptional value G({n}) = {}", values[n]),
            None => "no exceptional values".to_string(),
        };
        say!(
            "period {} from n = {} ({exception}); proven by the Guy–Smith periodicity theorem \
             from G(0..{})",
            p.period,
            p.preperiod,
            p.proof_needs - 1
        );
    } else if args.period {
        if rules.unequal_splits() {
            say!("no period claimed: the periodicity theorem does not cover unequal splits");
        } else {
            say!("no period proven from G(0..{})", args.up_to);
        }
        match arithmetic {
            Some(ArithmeticPeriod {
                preperiod,
                period,
                saltus,
            }) => say!(
                "seen, not proven: G(n + {period}) = G(n) + {saltus} for {preperiod} <= n <= {}",
                args.up_to - period
            ),
            None => say!("no arithmetic period seen either"),
        }
    }
    let max = values.iter().max().copied().unwrap_or(0);
    say!(
        "largest value {max}; computed {computed} values in {:.3} s ({}){}{}",
        elapsed.as_secs_f64(),
        solver.id,
        if computed < len {
            ", the rest from the period"
        } else {
            ""
        },
        if args.verify {
            "; checked against the definition"
        } else {
            ""
        }
    );
    if let Some((misere_values, genera)) = misere {
        say!("misère play (single heaps; P: the player to move loses):");
        for (n, v) in misere_values.iter().enumerate() {
            let genus = genera
                .get(n)
                .map(|g| format!("  genus {g}"))
                .unwrap_or_default();
            say!(
                "  G-({n}) = {v}  {}{genus}",
                outcome_letter(Outcome::of_value(*v))
            );
        }
    }
    Ok(())
}

/// The game's code and its common name, if it has one.
fn describe(rules: &Rules) -> String {
    let code = rules.to_string();
    let name = match code.as_str() {
        "0.77" => " (Kayles)",
        "0.07" => " (Dawson's Kayles)",
        "0.137" => " (Dawson's chess)",
        "0.6" => " (Officers)",
        _ => "",
    };
    format!("{code}{name}")
}

/// Prints values twenty to a line, each line starting with its first index.
fn print_values(values: &[u32], show: usize) -> anyhow::Result<()> {
    let shown = &values[..values.len().min(show)];
    let width = shown.iter().max().map_or(1, |m| m.to_string().len());
    for (row, chunk) in shown.chunks(20).enumerate() {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
        say!("{:>8}: {}", row * 20, line.join(" "));
    }
    if shown.len() < values.len() {
        say!(
            "{:>8}  ({} more; --show COUNT or --json for all)",
            "",
            values.len() - shown.len()
        );
    }
    Ok(())
}

/// Positions stored at most by a misère search.
const MISERE_POSITIONS: usize = 2_000_000;
/// Heaps whose genus is shown.
const GENUS_HEAPS: usize = 16;

/// Misère values of single heaps of 0..len counters, and the genus of the first few.
fn misere_table(rules: &Rules, len: usize) -> anyhow::Result<(Vec<u32>, Vec<String>)> {
    let values = misere_values(rules, len, MISERE_POSITIONS).map_err(|e| {
        bad_input(format!(
            "misère play is searched position by position, and G-(0..{}) needs too many: {e}; \
             ask for fewer heaps",
            len - 1
        ))
    })?;
    let game = HeapGame::new(rules);
    let mut genera = Vec::new();
    for n in 0..len.min(GENUS_HEAPS) {
        let position = if n == 0 { vec![] } else { vec![n as u32] };
        match genus(&game, &position, 6) {
            Ok(g) => genera.push(g.to_string()),
            Err(_) => break,
        }
    }
    Ok((values, genera))
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
    let mut analysis = Analysis::new(&game).with_limit(MISERE_POSITIONS);
    let outcome = analysis
        .outcome(Play::Normal, &start)
        .map_err(|e| bad_input(format!("{e}; ask for fewer particles")))?;
    let reaction = match analysis.winning_move(Play::Normal, &start)? {
        Some(after) => game
            .reactions()
            .iter()
            .find(|r| Nukit::react(&start, r) == Some(after))
            .map(Nukit::name),
        None => None,
    };
    let winner = if outcome == Outcome::N {
        "Patrick"
    } else {
        "Roland"
    };
    if json {
        let answer = json!({
            "particles": start,
            "outcome": outcome_letter(outcome),
            "winner": winner,
            "winning_reaction": reaction,
        });
        say!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(());
    }
    match reaction {
        Some(r) => say!("{winner} wins (N): form {r} first"),
        None => say!("{winner} wins (P): every reaction Patrick can form loses"),
    }
    Ok(())
}
