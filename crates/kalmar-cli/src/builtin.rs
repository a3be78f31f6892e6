//! `kalmar reach game`: rules-based games, explored into a graph and solved by retrograde
//! analysis, with the line of optimal play from the start.

use crate::bad_input;
use crate::report::{count, in_file};
use crate::solve::outcome_text;
use clap::{Args, Subcommand};
use kalmar_cgt::Outcome as Impartial;
use kalmar_chess::game::Endgame;
use kalmar_core::{Certificate, Game, Player};
use kalmar_terminal::games::cops::{CopsAndRobber, LAYOUTS};
use kalmar_terminal::games::nim::{Nim, NimState};
use kalmar_terminal::reach::{self, Outcome};
use serde_json::json;
use std::path::PathBuf;

#[derive(Args)]
pub struct GameArgs {
    #[command(subcommand)]
    game: Builtin,
    /// The most positions to explore before refusing (protects the memory).
    #[arg(long, default_value_t = 20_000_000, global = true, value_name = "N")]
    max_positions: usize,
    /// Print the result as JSON.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Subcommand)]
enum Builtin {
    /// Nim: take any number of tokens from one heap; who cannot move loses.
    ///
    /// The positions (heaps and who is to move) are explored into a graph and solved for Max
    /// (who moves first) and Min; the start is also classed as in impartial games: an
    /// N-position when the player to move wins, a P-position when it loses. `kalmar impartial
    /// nim` answers by Bouton's rule, with a winning move, without exploring.
    ///
    /// Example: `kalmar reach game nim 3 4 5`.
    Nim {
        /// The heap sizes.
        #[arg(required = true)]
        heaps: Vec<u32>,
    },
    /// Cops and robber on a grid: the cop (Max) wins by reaching the robber, the robber (Min) by
    /// reaching an exit, and endless pursuit is a draw. Both may stay put.
    ///
    /// A grid is text: '#' wall, '.' free, 'E' exit, 'C' the cop, 'R' the robber.
    Cops {
        /// A built-in layout: capture, escape or standoff.
        #[arg(long, default_value = "capture", conflicts_with = "grid")]
        layout: String,
        /// A grid read from a file instead.
        #[arg(long, value_name = "FILE")]
        grid: Option<PathBuf>,
    },
    /// A chess endgame from a position in FEN: every position reachable from it by the rules,
    /// explored without folding symmetries, solved by the generic retrograde analysis (White
    /// is Max); captures and promotions end play, paid by the smaller table's outcome.
    /// `kalmar chess table` solves the whole endgame faster by un-moves, with the board's
    /// symmetries folded; this is the independent second route.
    ///
    /// Example: `kalmar reach game chess '8/8/8/4k3/8/8/8/R3K3 w - - 0 1'`.
    Chess {
        /// The start position in FEN.
        fen: String,
    },
}

pub fn run(args: &GameArgs) -> anyhow::Result<()> {
    match &args.game {
        Builtin::Nim { heaps } => {
            let nim = Nim::new(heaps.clone());
            if nim
                .num_states()
                .is_none_or(|n| n > args.max_positions as u64)
            {
                return Err(bad_input(format!(
                    "Nim with heaps {heaps:?} has more than {} positions (raise --max-positions)",
                    args.max_positions
                )));
            }
            // The same answer in the terms of impartial games, as `kalmar impartial nim` gives it.
            let impartial = |state: &NimState, value: Outcome| {
                let mover = if state.to_move == Player::MAX {
                    "Max"
                } else {
                    "Min"
                };
                Nim::mover_wins(state, value).map(|wins| (Impartial::of_mover(wins), mover))
            };
            solve(
                &nim,
                args,
                &format!("Nim with heaps {heaps:?}"),
                Some(&impartial),
            )
        }
        Builtin::Cops { layout, grid } => {
            let game = match grid {
                Some(path) => {
                    let text = kalmar_core::format::read_text_file(path).map_err(bad_input)?;
                    CopsAndRobber::parse(&text).map_err(|e| in_file(path, e))?
                }
                None => CopsAndRobber::layout(layout).ok_or_else(|| {
                    let known: Vec<&str> = LAYOUTS.iter().map(|(name, _)| *name).collect();
                    bad_input(format!(
                        "no layout '{layout}'; the layouts are: {}",
                        known.join(", ")
                    ))
                })?,
            };
            solve(&game, args, &format!("cops and robber\n{game}"), None)
        }
        Builtin::Chess { fen } => {
            let tables = Endgame::exit_tables(fen).map_err(bad_input)?;
            let game = Endgame::from_fen(fen, &tables)
                .ok_or_else(|| bad_input(format!("`{fen}` is not a legal position in FEN")))?;
            solve(&game, args, &format!("chess endgame from {fen}"), None)
        }
    }
}

/// The class of a position of an impartial game (N or P) and the name of the player to move,
/// from its solved outcome.
type ImpartialClass<'a, S> = &'a dyn Fn(&S, Outcome) -> Option<(Impartial, &'static str)>;

fn solve<G: Game>(
    game: &G,
    args: &GameArgs,
    title: &str,
    impartial: Option<ImpartialClass<'_, G::State>>,
) -> anyhow::Result<()> {
    let result =
        crate::progress::spinning(crate::progress::spinner("exploring and solving"), || {
            reach::solve_implicit(game, args.max_positions)
        });
    let (explored, solution) = result.map_err(bad_input)?;
    let chess = reach::from_explored(&explored)?;
    solution.verify(&chess).map_err(|e| {
        anyhow::anyhow!("internal error, the solver's answer failed its certificate: {e}")
    })?;
    let start = explored.arena.start().unwrap_or(kalmar_core::Vertex(0));
    let line: Vec<String> = solution
        .line(&chess, start)
        .into_iter()
        .map(|v| game.state_name(&explored.states[v.index()]))
        .collect();
    let tally = |o: Outcome| solution.values.iter().filter(|&&x| x == o).count();
    let (value, distance) = (
        solution.values[start.index()],
        solution.distance[start.index()],
    );
    let class = impartial.and_then(|f| f(&explored.states[start.index()], value));
    if args.json {
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "positions": explored.arena.num_vertices(),
                "moves": explored.arena.num_edges(),
                "start": { "state": line.first(), "value": value.to_rational(), "distance": distance, "outcome": class.map(|c| c.0) },
                "line": line,
                "outcomes": { "max_wins": tally(Outcome::Win), "draws": tally(Outcome::Draw), "min_wins": tally(Outcome::Loss) },
            }))?
        );
        return Ok(());
    }
    say!("{title}");
    say!(
        "{}, {}: Max wins from {}, Min from {}, {} drawn; certificate verified\n",
        count(explored.arena.num_vertices() as u64, "position"),
        count(explored.arena.num_edges() as u64, "move"),
        tally(Outcome::Win),
        tally(Outcome::Loss),
        tally(Outcome::Draw)
    );
    say!(
        "  from the start: {}\n",
        outcome_text(value, distance, explored.arena.is_terminal(start))
    );
    if let Some((class, mover)) = class {
        say!("  as an impartial game: {}\n", class.with_mover(mover));
    }
    say!("  optimal play (the winner hurries, the loser resists):");
    const SHOWN: usize = 60;
    for (i, state) in line.iter().enumerate().take(SHOWN) {
        say!("  {i:>4}. {state}");
    }
    if line.len() > SHOWN {
        say!(
            "        … {} more moves (all of them with --json)",
            line.len() - SHOWN
        );
    }
    if value == Outcome::Draw && line.len() > 1 {
        say!("        … and round again, forever");
    }
    Ok(())
}
