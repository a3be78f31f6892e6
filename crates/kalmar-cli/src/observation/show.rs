//! What `kalmar observation solve` prints for people: the winner and the witness, Reif's
//! procedure's claim and his model assumption; and the section of `kalmar demo` on imperfect
//! information.

use super::SolveArgs;
use crate::bad_input;
use crate::report::{millis, table};
use kalmar_core::format::to_gg_string;
use kalmar_observation::solve::{
    Assumption, Decided, Input, ReifReport, check, complete_algorithms,
};
use kalmar_observation::witness::spoiling_tree;
use kalmar_observation::{Side, reif};

pub fn say_decided(
    args: &SolveArgs,
    input: &Input,
    decided: &Decided,
    read_time: std::time::Duration,
) -> anyhow::Result<()> {
    let game = &input.game;
    let solution = &decided.solution;
    say!(
        "observation game {}: {} locations, {} actions, {} observations, {} moves",
        args.file.display(),
        game.num_locations(),
        game.num_actions(),
        game.num_observations(),
        game.num_moves()
    );
    let witness = match solution.winner {
        Side::System => "winning strategy",
        Side::Environment => "spoiling strategy",
    };
    say!(
        "read in {}, solved by {} in {}, {witness} verified in {}",
        millis(read_time),
        decided.algorithm,
        millis(decided.solve_time),
        millis(decided.verify_time)
    );
    say!("  winner: the {}", solution.winner);
    say!("  {}", decided.summary);
    if let Some(assumption) = &decided.reif_assumption {
        say_assumption(assumption)?;
    }
    if args.strategy {
        if let Some(strategy) = &solution.strategy {
            say!(
                "the system's strategy (at knowledge K play the action; K ⊆ a listed set uses its rule):"
            );
            table(
                &["knowledge", "action"],
                strategy
                    .rules
                    .iter()
                    .map(|(k, a)| vec![game.show(k), game.action_name(*a).to_string()]),
                args.limit,
            )?;
        }
        if let Some(spoiler) = &solution.spoiler {
            say!("the environment's spoiling tree (what it shows after each action):");
            for line in spoiling_tree(game, spoiler, args.limit) {
                say!("  {line}");
            }
        }
    }
    if let Some(path) = &args.output {
        say!("  strategy written to {}", path.display());
    }
    Ok(())
}

pub fn say_reif(args: &SolveArgs, reif: &ReifReport) -> anyhow::Result<()> {
    say!(
        "Reif's procedure on {}: {} in {} ({} sets of positions, loop bound {})",
        args.file.display(),
        if reif.accept { "ACCEPT" } else { "REJECT" },
        millis(reif.time),
        reif.sets,
        reif.sets
    );
    say!("  claimed winner: the {}", reif.winner);
    say_assumption(&reif.reif_assumption)?;
    if !reif.reif_assumption.holds {
        say!("  so this answer may be wrong; --solver knowledge decides every game correctly");
    }
    Ok(())
}

/// The section of `kalmar demo` on imperfect information: the note's game, which Reif's
/// procedure accepts although the environment wins.
pub fn demo() -> anyhow::Result<()> {
    let graph = reif::note_example();
    say!(
        "    {}\n",
        to_gg_string(&graph).trim_end().replace('\n', "\n    ")
    );
    let input = Input::from_graph(&graph).map_err(bad_input)?;
    let turn_based = input.turn_based.as_ref().expect("a turn-based game");
    let reif = reif::run(turn_based, None);
    say!(
        "  Reif's procedure: {}",
        if reif.accept { "ACCEPT" } else { "REJECT" }
    );
    for (id, algorithm) in complete_algorithms() {
        let solution = (algorithm.solve)(&input.game);
        check(&input.game, &solution)?;
        say!("  {id}: the {} wins (witness verified)", solution.winner);
    }
    say_assumption(&Assumption::of(turn_based))?;
    say!("  The system cannot tell cT from cB, and no move is available at both: it loses.");
    say!("  Reif's procedure moves to c2 as if it knew it were at cT.");
    Ok(())
}

fn say_assumption(assumption: &Assumption) -> anyhow::Result<()> {
    if assumption.holds {
        say!(
            "  Reif's model assumption holds: positions that look alike offer the same observations"
        );
        return Ok(());
    }
    say!("  Reif's model assumption is violated:");
    let list_or_nothing = |names: &[String]| {
        if names.is_empty() {
            "nothing more".to_string()
        } else {
            names.join(", ")
        }
    };
    for v in &assumption.violations {
        say!(
            "    {} and {} look alike ({}) but {} can move to {} and {} to {}",
            v.first,
            v.second,
            v.observation,
            v.first,
            list_or_nothing(&v.only_first),
            v.second,
            list_or_nothing(&v.only_second)
        );
    }
    Ok(())
}
