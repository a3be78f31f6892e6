//! The normal form of a positional game without chance (Andersson, Gurvich and Hansen, *On
//! Acyclicity of Games with Cycles*, §1): each player's pure positional strategies, the outcome
//! of every profile, and the game as a Gambit strategic-form `.nfg` table whose payoffs are the
//! outcomes' exact utilities. Its pure Nash equilibria are exactly the positional profiles that
//! are Nash equilibria from the start ([`crate::brute_force`]).
//!
//! # Orders
//! A player's positions are taken in vertex order (the file's), and its moves at a position in
//! the file's order. A strategy picks one move at each of the player's positions; its number is
//! the mixed-radix number of those choices with the **first** position changing fastest, so a
//! player with positions u (moves a, b) and w (moves x, y) has strategies 0 = (u>a, w>x),
//! 1 = (u>b, w>x), 2 = (u>a, w>y), 3 = (u>b, w>y). A player without positions has one
//! strategy, named `-`. Profiles are numbered as in `.nfg` files: player 0's strategy changes
//! fastest ([`kalmar_efg::Nfg::profile_index`]).
//!
//! Strategies are named by their moves, `u>a,w>x` (position `>` successor, in vertex order);
//! where two would be named alike (parallel moves, or names with `,` and `>` in them), every
//! strategy of that player gets its number, `#1`, `#2`, …, after the name. Outcomes are named
//! by their terminal, or `c` for infinite play, and listed in vertex order, `c` last (those
//! that some profile reaches).
//!
//! # Size
//! The table has P cells for P = the product of all out-degrees, and the `.nfg` P · k payoffs
//! for k players; a table of more than `max_size` payoffs ([`DEFAULT_MAX_SIZE`] by default, as
//! for the strategic forms of `kalmar-efg`) is refused before anything is allocated.
//!
//! # Complexity
//! O(P · n) time for n positions (one play per cell), O(P) memory for the table, and the
//! strategy names O(S · n) for S strategies.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::normal_form::{self, DEFAULT_MAX_SIZE};
//! use kalmar_positional::{Outcome, PositionalGame};
//! // The paper's Figure 10.
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\n\
//!                      v player1 -> u a2\na1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n")
//!     .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let form = normal_form::build(&game, DEFAULT_MAX_SIZE).unwrap();
//! assert_eq!(form.shape(), [2, 2]);
//! // Both players move to each other: the play cycles.
//! assert_eq!(form.outcome(&[0, 0]), Outcome::Cycle);
//! let nfg = form.to_nfg(&game, "Figure 10");
//! assert_eq!(nfg.strategies[0], ["u>v", "u>a1"]);
//! // Its one pure equilibrium: player 0 ends at a1, player 1 would end at a2.
//! assert_eq!(kalmar_efg::nash::pure::pure_equilibria(&nfg), [[1, 1]]);
//! ```

use crate::PositionalGame;
use crate::play::{Outcome, PlayError, chance_position, play};
use crate::summary::Count;
use kalmar_core::{Edge, Strategy, Vertex};
use kalmar_efg::{Nfg, NfgBody, NfgOutcome, Num};
use std::collections::HashSet;

/// The largest table built by default, in payoffs (cells × players): that of the strategic
/// forms of `kalmar-efg`.
pub const DEFAULT_MAX_SIZE: u64 = kalmar_efg::strategic::DEFAULT_LIMIT;

/// The normal form: each player's strategies and the outcome of every profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalForm {
    /// Per player, its positions in vertex order.
    positions: Vec<Vec<Vertex>>,
    /// Per player and position, its moves in the file's order.
    moves: Vec<Vec<Vec<Edge>>>,
    /// Per player, its number of strategies.
    shape: Vec<usize>,
    /// The outcome of every profile, player 0's strategy fastest.
    outcomes: Vec<Outcome>,
}

/// Why there is no normal form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NormalFormError {
    /// The table would be too large.
    #[error(
        "the normal form has {} = {cells} profiles × {players} players = {size} payoffs, more \
         than the limit of {limit}: raise the limit (--max-size) if the memory allows, or solve \
         the game on its graph (kalmar positional nash)",
        strategies.iter().map(ToString::to_string).collect::<Vec<_>>().join(" × ")
    )]
    TooLarge {
        /// Each player's number of strategies.
        strategies: Vec<Count>,
        /// Their product.
        cells: Count,
        /// The number of players.
        players: usize,
        /// Cells × players.
        size: Count,
        /// The limit on cells × players.
        limit: u64,
    },
    /// A chance position.
    #[error(
        "position {0} belongs to chance: the normal form is built for games without chance moves"
    )]
    Chance(String),
}

/// The normal form of `game`, refused when its table has more than `max_size` payoffs.
pub fn build(game: &PositionalGame, max_size: u64) -> Result<NormalForm, NormalFormError> {
    if let Some(v) = chance_position(game) {
        return Err(NormalFormError::Chance(v));
    }
    let arena = game.arena();
    let players = game.num_players();
    let mut positions = vec![Vec::new(); players];
    for v in arena.vertices() {
        if let Some(p) = game.mover(v) {
            positions[p].push(v);
        }
    }
    let strategies: Vec<Count> = positions
        .iter()
        .map(|mine| Count::product(mine.iter().map(|&v| arena.out_degree(v))))
        .collect();
    let all_degrees = || positions.iter().flatten().map(|&v| arena.out_degree(v));
    let cells = Count::product(all_degrees());
    let size = Count::product(all_degrees().chain([players]));
    if size.to_u128().is_none_or(|s| s > u128::from(max_size)) {
        return Err(NormalFormError::TooLarge {
            strategies,
            cells,
            players,
            size,
            limit: max_size,
        });
    }
    // Below the limit every count fits a usize.
    let shape: Vec<usize> = strategies
        .iter()
        .map(|s| s.to_u64().unwrap_or_default() as usize)
        .collect();
    let num_cells = cells.to_u64().unwrap_or_default() as usize;
    let moves: Vec<Vec<Vec<Edge>>> = positions
        .iter()
        .map(|mine| mine.iter().map(|&v| arena.out_edges(v).collect()).collect())
        .collect();
    // One mixed-radix counter over every player's positions, player by player and first
    // position fastest: exactly the profile order of `.nfg`.
    let digits: Vec<(Vertex, &[Edge])> = positions
        .iter()
        .flatten()
        .zip(moves.iter().flatten())
        .map(|(&v, m)| (v, m.as_slice()))
        .collect();
    let mut profile = Strategy::empty(arena.num_vertices());
    for &(v, m) in &digits {
        profile.set(v, m[0]);
    }
    let mut choice = vec![0usize; digits.len()];
    let mut outcomes = Vec::with_capacity(num_cells);
    for _ in 0..num_cells {
        outcomes.push(outcome_of(game, &profile));
        for (k, &(v, m)) in digits.iter().enumerate() {
            choice[k] += 1;
            if choice[k] < m.len() {
                profile.set(v, m[choice[k]]);
                break;
            }
            choice[k] = 0;
            profile.set(v, m[0]);
        }
    }
    Ok(NormalForm {
        positions,
        moves,
        shape,
        outcomes,
    })
}

/// The outcome of a complete profile of a game without chance.
fn outcome_of(game: &PositionalGame, profile: &Strategy) -> Outcome {
    match play(game, profile, game.start()) {
        Ok(p) => p.outcome,
        // Every position has a move and chance was refused before.
        Err(PlayError::Chance(_) | PlayError::NoMove(_)) => Outcome::Cycle,
    }
}

impl NormalForm {
    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.shape.len()
    }

    /// Each player's number of strategies.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The number of profiles (cells of the table).
    pub fn num_profiles(&self) -> usize {
        self.outcomes.len()
    }

    /// A player's positions, in vertex order.
    pub fn positions(&self, player: usize) -> &[Vertex] {
        &self.positions[player]
    }

    /// The outcome of every profile, in `.nfg` order (player 0's strategy fastest).
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The number of a profile given as one strategy number per player.
    pub fn profile_index(&self, strategies: &[usize]) -> usize {
        self.shape
            .iter()
            .zip(strategies)
            .rev()
            .fold(0, |index, (&n, &s)| index * n + s)
    }

    /// The outcome of a profile given as one strategy number per player.
    pub fn outcome(&self, strategies: &[usize]) -> Outcome {
        self.outcomes[self.profile_index(strategies)]
    }

    /// The moves of `player`'s strategy `index`, one per position of [`Self::positions`].
    pub fn strategy(&self, player: usize, index: usize) -> Vec<Edge> {
        let mut rest = index;
        self.moves[player]
            .iter()
            .map(|m| {
                let e = m[rest % m.len()];
                rest /= m.len();
                e
            })
            .collect()
    }

    /// The number of the strategy `player` follows in a positional profile (every position of
    /// the player must have a move of its own in it).
    pub fn strategy_index(&self, player: usize, profile: &Strategy) -> Option<usize> {
        let mut index = 0;
        for (&v, m) in self.positions[player].iter().zip(&self.moves[player]).rev() {
            let e = profile.get(v)?;
            index = index * m.len() + m.iter().position(|&f| f == e)?;
        }
        Some(index)
    }

    /// The positional profile of one strategy number per player.
    pub fn profile(&self, game: &PositionalGame, strategies: &[usize]) -> Strategy {
        let arena = game.arena();
        let mut profile = Strategy::empty(arena.num_vertices());
        for (player, &s) in strategies.iter().enumerate() {
            for e in self.strategy(player, s) {
                profile.set(arena.source(e), e);
            }
        }
        profile
    }

    /// The names of `player`'s strategies, `u>a,w>x`, in order; unique (see the module).
    pub fn strategy_names(&self, game: &PositionalGame, player: usize) -> Vec<String> {
        let arena = game.arena();
        let names: Vec<String> = (0..self.shape[player])
            .map(|s| {
                let moves: Vec<String> = self
                    .strategy(player, s)
                    .into_iter()
                    .map(|e| {
                        format!(
                            "{}>{}",
                            arena.name(arena.source(e)),
                            arena.name(arena.target(e))
                        )
                    })
                    .collect();
                if moves.is_empty() {
                    "-".into()
                } else {
                    moves.join(",")
                }
            })
            .collect();
        let mut seen = HashSet::new();
        if names.iter().all(|name| seen.insert(name.as_str())) {
            return names;
        }
        names
            .into_iter()
            .enumerate()
            .map(|(s, name)| format!("{name}#{}", s + 1))
            .collect()
    }

    /// The table as a Gambit strategic-form game (outcome-list form): players `player0`, …,
    /// strategies named by their moves, one outcome per terminal reached and `c`, with the
    /// game's exact utilities.
    pub fn to_nfg(&self, game: &PositionalGame, title: &str) -> Nfg {
        let arena = game.arena();
        // Outcome numbers (from 1) of the outcomes some profile reaches.
        let mut reached = vec![false; arena.num_vertices() + 1];
        let slot = |o: Outcome| match o {
            Outcome::Terminal(v) => v.index(),
            Outcome::Cycle => arena.num_vertices(),
        };
        for &o in &self.outcomes {
            reached[slot(o)] = true;
        }
        let mut number = vec![0u32; reached.len()];
        let mut outcomes = Vec::new();
        for (k, _) in reached.iter().enumerate().filter(|(_, r)| **r) {
            let (label, utilities) = if k == arena.num_vertices() {
                ("c".to_string(), game.cycle_payoff())
            } else {
                let v = Vertex::new(k);
                (arena.name(v).into_owned(), game.payoff(v))
            };
            outcomes.push(NfgOutcome {
                label,
                payoffs: utilities.iter().cloned().map(Num::new).collect(),
            });
            number[k] = outcomes.len() as u32;
        }
        Nfg {
            title: title.to_string(),
            comment: "The normal form of a positional game: pure positional strategies, named \
                      by their moves (position>successor); c is infinite play."
                .into(),
            players: (0..self.num_players())
                .map(|p| format!("player{p}"))
                .collect(),
            strategies: (0..self.num_players())
                .map(|p| self.strategy_names(game, p))
                .collect(),
            labelled: true,
            body: NfgBody::Outcomes {
                outcomes,
                table: self.outcomes.iter().map(|&o| number[slot(o)]).collect(),
            },
        }
    }
}
