//! `kalmar impartial nim|all-but|stripes|nukit`: the library's answers printed, in the terms of
//! the player to move (N-position: the player to move wins; P-position: it loses).

use super::values;
use crate::bad_input;
use clap::Args;
use kalmar_cgt::nukit::{Nukit, Particles};
use kalmar_cgt::octal::analysis::MISERE_POSITIONS;
use kalmar_cgt::octal::period::ArithmeticPeriod;
use kalmar_cgt::plot::all_but_plot;
use kalmar_cgt::{Outcome, Play, all_but, nim, stripes};

#[derive(Args)]
pub struct NimArgs {
    /// The heap sizes.
    #[arg(required = true, value_name = "HEAP")]
    heaps: Vec<u64>,
    /// Misère play: the player who takes the last counter loses.
    #[arg(long)]
    misere: bool,
    /// Print the answer as JSON (`outcome` is "N" or "P"; heaps in a winning move are numbered
    /// from 1, as given).
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct AllButArgs {
    /// The removals that are not allowed, such as 2,5.
    #[arg(long, value_delimiter = ',', value_name = "E1,E2,...")]
    excluded: Vec<u64>,
    /// Compute G(0), G(1), …, G(N).
    #[arg(long, value_name = "N")]
    up_to: usize,
    #[command(flatten)]
    shown: values::ShownArgs,
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
}

/// `kalmar impartial all-but`.
pub fn all_but(args: &AllButArgs) -> anyhow::Result<()> {
    let answer = all_but::analyse(&args.excluded, args.up_to).map_err(bad_input)?;
    if !args.shown.plot_or_json(&answer, || all_but_plot(&answer))? {
        return Ok(());
    }
    let up_to = answer.up_to;
    let excluded: Vec<String> = answer.excluded.iter().map(usize::to_string).collect();
    say!(
        "the all-but subtraction game excluding {{{}}}: G(0..{up_to})",
        excluded.join(", ")
    );
    values::print(
        answer.values.iter().copied(),
        answer.values.len(),
        args.shown.show,
    )?;
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

/// `kalmar impartial nim`.
pub fn nim(args: &NimArgs) -> anyhow::Result<()> {
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
    say!("{}", answer.outcome);
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

/// `kalmar impartial stripes`.
pub fn stripes(board: u64, lengths: &[u64], json: bool) -> anyhow::Result<()> {
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
            "{}, e.g. with a strip of {} on squares {}..{}",
            answer.outcome,
            m.length,
            m.start + 1,
            m.start + m.length
        ),
        None => say!("{}", answer.outcome),
    }
    Ok(())
}

/// `kalmar impartial nukit`.
pub fn nukit(particles: &[u32], reactions: &[String], json: bool) -> anyhow::Result<()> {
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
    let answer = game.solve(start, MISERE_POSITIONS).map_err(bad_input)?;
    if json {
        say!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(());
    }
    let position = answer.outcome.with_mover("Patrick");
    match &answer.winning_reaction {
        Some(r) => say!("{position}: form {r} first"),
        None => say!("{position}: every reaction he can form loses; Roland wins"),
    }
    Ok(())
}
