//! `kalmar efg nash` and `kalmar efg strategic`: the library finds and checks, this prints.

use super::draw::{Save, tree_of, with_equilibrium};
use super::{FileArgs, efg_of, load};
use crate::bad_input;
use crate::progress::spinner;
use crate::report::{in_file, millis, table};
use anyhow::Context;
use kalmar_efg::format::{GameFile, to_nfg_string};
use kalmar_efg::nash::solution::{
    IterativeSolution, SequenceSolution, Stopped, StrategicSolution, SubgameSolution, decimal,
};
use kalmar_efg::nash::{self, NashError, Options, Solution};
use kalmar_efg::solution_file::EquilibriumFile;
use kalmar_efg::strategic;
use std::path::Path;
use std::time::{Duration, Instant};

/// Finds the equilibria as `options` say and prints them, checked; saves them as `save` says.
pub fn nash(args: &FileArgs, options: Options, save: &Save) -> anyhow::Result<()> {
    let started = Instant::now();
    let file = load(&args.file)?;
    solve_and_print(args, &file, &options, started, save)
}

/// `kalmar solve` on a Gambit file: equilibria by the method that fits the game
/// ([`Options::for_game`]), saved to `output` if given.
pub fn solve_detected(
    path: &Path,
    file: &GameFile,
    json: bool,
    output: Option<&Path>,
) -> anyhow::Result<()> {
    let args = FileArgs {
        file: path.to_path_buf(),
        json,
    };
    let save = Save {
        output: output.map(Path::to_path_buf),
        svg: None,
    };
    solve_and_print(&args, file, &Options::for_game(file), Instant::now(), &save)
}

/// `options` with `--timeout`'s deadline for the methods that stop at one with what they found
/// so far ([`nash::stops_at_deadline`]); the others run until the watchdog.
fn with_deadline(options: &Options) -> Options {
    Options {
        deadline: nash::stops_at_deadline(&options.method)
            .then(crate::timeout::cooperative_deadline)
            .flatten(),
        ..options.clone()
    }
}

/// Finds the equilibria as `options` say and prints them; `started` is when reading began.
fn solve_and_print(
    args: &FileArgs,
    file: &GameFile,
    options: &Options,
    started: Instant,
    save: &Save,
) -> anyhow::Result<()> {
    if save.svg.is_some() {
        tree_of(file, &args.file)?;
    }
    let options = with_deadline(options);
    let solved = crate::progress::spinning(
        spinner(&format!("Equilibria by {}", options.method)),
        || nash::solve(file, &options),
    );
    let solution = solved.map_err(|e| nash_error(&args.file, e))?;
    let elapsed = started.elapsed();
    saved(file, &solution, save, args.json)?;
    if args.json {
        say!("{}", serde_json::to_string_pretty(&solution)?);
    } else {
        match &solution {
            Solution::Strategic(found) => print_strategic(found, elapsed)?,
            Solution::Sequence(found) => print_sequence(found, elapsed)?,
            Solution::Subgame(found) => print_subgame(found)?,
            Solution::Iterative(found) => print_iterative(found, elapsed)?,
        }
    }
    match &solution {
        Solution::Strategic(found) if found.timed_out => Err(crate::timeout::TimedOut.into()),
        Solution::Iterative(found) if found.stopped == Stopped::Deadline => {
            Err(crate::timeout::TimedOut.into())
        }
        _ => Ok(()),
    }
}

/// Writes the equilibria as JSON and draws the first on the tree, as `save` asks.
fn saved(file: &GameFile, solution: &Solution, save: &Save, json: bool) -> anyhow::Result<()> {
    if save.output.is_none() && save.svg.is_none() {
        return Ok(());
    }
    let equilibria = EquilibriumFile::from_solution(file, solution)
        .map_err(|e| anyhow::anyhow!("internal failure: {e}"))?;
    if let Some(path) = &save.output {
        if equilibria.equilibria.is_empty() {
            return Err(bad_input(format!(
                "{} found no equilibrium, so none is written to {}: lh finds one in every \
                 two-player game",
                equilibria.method,
                path.display()
            )));
        }
        let text = equilibria.to_text()?;
        std::fs::write(path, text).map_err(|e| in_file(path, e))?;
        if !json {
            eprintln!(
                "equilibria written to {} (check them with `kalmar verify`)",
                path.display()
            );
        }
    }
    if let (Some(path), GameFile::Efg(game)) = (&save.svg, file) {
        with_equilibrium(game, &equilibria, path)?;
    }
    Ok(())
}

/// Bad input is exit code 2; a failed method or check is an internal failure.
fn nash_error(path: &Path, e: NashError) -> anyhow::Error {
    match e {
        NashError::NeedsTree(_) => in_file(path, e),
        e => crate::library_error(e.is_internal(), e),
    }
}

fn print_strategic(found: &StrategicSolution, elapsed: Duration) -> anyhow::Result<()> {
    let n = found.equilibria.len();
    let regret = match &found.epsilon {
        Some(epsilon) if !epsilon.is_zero() && epsilon.to_string().len() > 24 => {
            format!("regret at most ≈ {:.3e}, exact in --json", epsilon.to_f64())
        }
        Some(epsilon) if !epsilon.is_zero() => {
            format!("regret at most {epsilon} ≈ {:.3e}", epsilon.to_f64())
        }
        _ => "regret 0".to_string(),
    };
    say!(
        "{n} equilibri{} ({}) of the {} {}, each checked ({regret}), in {}{}",
        if n == 1 { "um" } else { "a" },
        found.method,
        if found.reduced {
            "reduced strategic form"
        } else {
            "strategic form"
        },
        found
            .strategic_form
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" × "),
        millis(elapsed),
        if found.timed_out {
            "; stopped at the deadline, so these are the equilibria found so far"
        } else {
            ""
        }
    );
    if found.degenerate {
        say!(
            "  the game is degenerate (a mixed strategy has more best replies than strategies \
             in its support): support enumeration may miss equilibria here; `--solver vertex` \
             lists every extreme one"
        );
    }
    if found.singular_supports + found.unfinished_supports > 0 {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        let mut places = Vec::new();
        if found.singular_supports > 0 {
            places.push(format!(
                "{} support profile{} with a continuum of solutions or a singular one",
                found.singular_supports,
                plural(found.singular_supports)
            ));
        }
        if found.unfinished_supports > 0 {
            places.push(format!(
                "{} support profile{} given up after their budget of boxes",
                found.unfinished_supports,
                plural(found.unfinished_supports)
            ));
        }
        say!(
            "  equilibria may be missing on {}{}",
            places.join(" and "),
            if found.strategic_form.len() == 2 {
                "; `--solver vertex` lists every extreme equilibrium of a two-player game"
            } else {
                ""
            }
        );
    }
    if let Some(k) = found.from_artificial {
        say!(
            "  {k} at the ends of the paths from the artificial equilibrium, {} more by paths \
             from the equilibria found",
            n - k
        );
    }
    let mut rounded = false;
    for (k, e) in found.equilibria.iter().enumerate() {
        say!("  #{}", k + 1);
        for (player, payoff) in e.players.iter().zip(&e.payoffs) {
            // Fractions of many digits (an irrational equilibrium rounded) read as decimals.
            let (strategy, payoff) = match player.strategy.describe_long_in_decimals() {
                Some(decimals) => (decimals, format!("≈ {}", decimal(payoff))),
                None => (player.strategy.describe(), payoff.to_string()),
            };
            rounded |= strategy.starts_with('≈');
            say!("    {}: {strategy}  (payoff {payoff})", player.player);
        }
    }
    if rounded {
        say!("  (≈: rounded for reading; the exact fractions are in --json and -o)");
    }
    Ok(())
}

fn print_iterative(found: &IterativeSolution, elapsed: Duration) -> anyhow::Result<()> {
    say!(
        "An approximate equilibrium ({}, {} iterations, stopped by {}) in {}: exploitability \
         ≈ {:.3e}, an ε-equilibrium for ε ≈ {:.3e} (both exact in --json, from a best response \
         to the probabilities as fractions)",
        found.method,
        found.iterations,
        found.stopped,
        millis(elapsed),
        found.exploitability.to_f64(),
        found.epsilon.to_f64(),
    );
    for e in &found.equilibria {
        for ((player, payoff), gain) in e.players.iter().zip(&e.payoffs).zip(&e.regret) {
            say!(
                "  {} (payoff ≈ {:.6}, gains ≈ {:.3e} by deviating): {} information sets",
                player.name,
                payoff.to_f64(),
                gain.to_f64(),
                player.behaviour.len()
            );
        }
    }
    say!("  the strategies are in --json and -o FILE");
    Ok(())
}

fn print_sequence(found: &SequenceSolution, elapsed: Duration) -> anyhow::Result<()> {
    let subgames = if found.subgames > 1 {
        format!(
            ", subgame perfect: {} subgames solved in turn",
            found.subgames
        )
    } else {
        String::new()
    };
    say!(
        "An equilibrium ({}: sequence form, {} and {} sequences, {} pivots{subgames}), checked (regret 0), in {}",
        found.method,
        found.sequences[0],
        found.sequences[1],
        found.pivots,
        millis(elapsed)
    );
    for e in &found.equilibria {
        for (player, payoff) in e.players.iter().zip(&e.payoffs) {
            say!("  {} (payoff {payoff}):", player.name);
            for h in &player.behaviour {
                say!("    {}: {}", h.infoset, h.moves.describe());
            }
        }
    }
    Ok(())
}

fn print_subgame(found: &SubgameSolution) -> anyhow::Result<()> {
    say!(
        "Subgame-perfect equilibrium by backward induction, checked: payoffs {}",
        found
            .values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    table(
        &["node", "move"],
        found
            .moves
            .iter()
            .map(|m| vec![m.node.clone(), m.r#move.clone()]),
        40,
    )
}

/// Writes the reduced strategic form as .nfg, to `output` or standard output.
pub fn write_strategic(path: &Path, output: Option<&Path>, max_size: u64) -> anyhow::Result<()> {
    let file = load(path)?;
    let game = efg_of(&file, path)?;
    let form = crate::progress::spinning(spinner("building the reduced strategic form"), || {
        strategic::build(game, max_size)
    });
    let text = to_nfg_string(&form.map_err(bad_input)?.nfg);
    match output {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None => crate::write_out(format_args!("{text}"))?,
    }
    Ok(())
}
