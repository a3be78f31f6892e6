//! Random game forms searched one after another for preferences that make an ri-cycle: how
//! the examples of the paper's §2 are found, and how its open questions can be probed (does a
//! three-person game have a c-free strong best-reply ri-cycle? §2.3.4).
//!
//! Each form has `positions` positions owned by random players (or by the players in turn),
//! each with `moves` moves to distinct random positions or terminals (to later ones only when
//! `acyclic`), and `terminals` terminals a1, a2, …; position v0 is the start. Each is handed to
//! [`crate::preference_search`]; the first witness ends the search. A form found is a fact
//! checked by the cycle's certificate; a search that finds none is evidence, not proof, about
//! the forms of that shape.
//!
//! ```
//! use kalmar_positional::form_search::{Shape, search};
//! use kalmar_positional::ricycle::{Improvement, Options};
//! // Figure 3: a two-person game on an acyclic digraph with a standard ri-cycle.
//! let shape = Shape { players: 2, positions: 4, terminals: 4, moves: 2, acyclic: true, owners_in_turn: true };
//! let found = search(&shape, &Options::default(), 5000, 7).unwrap();
//! let (form, witness) = found.found.expect("Figure 3's kind of cycle");
//! assert!(kalmar_positional::play::is_acyclic(&form));
//! println!("after {} forms:\n{}", found.forms, witness.notation(&form));
//! ```
//!
//! # Complexity
//! At most `forms` times the search for preferences, whose cost is exponential in the form.

use crate::PositionalGame;
use crate::preference_search::{self, Witness};
use crate::ricycle::{Options, SearchError};
use kalmar_core::format::GameGraph;
use kalmar_core::generate::{GenerateError, check_size, rng};
use kalmar_core::{Builder, Owner, Player, Vertex};
use rand::Rng;

/// The shape of the random game forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The number of players.
    pub players: u8,
    /// The number of positions where a player moves.
    pub positions: usize,
    /// The number of terminals.
    pub terminals: usize,
    /// The moves of each position (fewer where fewer targets exist).
    pub moves: usize,
    /// Whether moves go to later positions only (an acyclic digraph).
    pub acyclic: bool,
    /// Whether position k belongs to player k mod n (else to a random player).
    pub owners_in_turn: bool,
}

/// What the search over forms found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The first form with preferences that make an ri-cycle, with its witness.
    pub found: Option<(PositionalGame, Witness)>,
    /// How many forms were searched.
    pub forms: usize,
    /// How many partial cycles the searches extended, in all.
    pub nodes: u64,
}

/// Why the search over forms cannot run.
#[derive(Debug, thiserror::Error)]
pub enum FormSearchError {
    /// A shape no form has.
    #[error(transparent)]
    Shape(#[from] GenerateError),
    /// A form the search for preferences refuses.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// Forms with too many profiles, refused before any is drawn.
    #[error("{0}")]
    TooMany(String),
}

/// Draws up to `forms` random forms of `shape` from `seed` and searches each for preferences
/// that make an ri-cycle as `options` asks, until one is found.
pub fn search(
    shape: &Shape,
    options: &Options,
    forms: usize,
    seed: u64,
) -> Result<Found, FormSearchError> {
    let profiles = (shape.moves as u64).checked_pow(shape.positions.try_into().unwrap_or(u32::MAX));
    if shape.moves >= 2 && profiles.is_none_or(|p| p > options.max_profiles) {
        return Err(FormSearchError::TooMany(format!(
            "forms of {} positions with {} moves each have {} profiles, more than the limit of {}: \
             draw smaller forms or raise the limit",
            shape.positions,
            shape.moves,
            profiles.map_or(format!("at least 2^{}", shape.positions), |p| p.to_string()),
            options.max_profiles
        )));
    }
    let mut rng = rng(seed);
    let mut nodes = 0;
    for tried in 1..=forms {
        let form = PositionalGame::from_form(&random_form(shape, &mut rng)?)
            .map_err(|e| GenerateError::Parameter(e.to_string()))?;
        let searched = preference_search::search(&form, options)?;
        nodes += searched.nodes;
        if let Some(witness) = searched.witness {
            return Ok(Found {
                found: Some((form, witness)),
                forms: tried,
                nodes,
            });
        }
    }
    Ok(Found {
        found: None,
        forms,
        nodes,
    })
}

/// One random game form of the shape.
pub fn random_form(shape: &Shape, rng: &mut impl Rng) -> Result<GameGraph, GenerateError> {
    let bad = |why: &str| Err(GenerateError::Parameter(why.into()));
    if shape.players == 0 {
        return bad("a game needs at least 1 player");
    }
    if shape.positions == 0 || shape.terminals == 0 {
        return bad("a form needs at least one position and one terminal");
    }
    if shape.moves < 2 {
        return bad("every position needs at least two moves, or no player can deviate");
    }
    if shape.terminals > shape.positions.saturating_mul(shape.moves) {
        return bad("more terminals than moves to reach them");
    }
    let n = shape.positions.saturating_add(shape.terminals);
    check_size(n, shape.positions.saturating_mul(shape.moves))?;
    let mut builder = Builder::new(shape.players);
    for v in 0..n {
        let owner = if v >= shape.positions {
            Owner::Terminal
        } else if shape.owners_in_turn {
            Owner::Player(Player((v % usize::from(shape.players)) as u8))
        } else {
            Owner::Player(Player(rng.random_range(0..shape.players)))
        };
        let vertex = builder.add_vertex(owner);
        let name = if v < shape.positions {
            format!("v{v}")
        } else {
            format!("a{}", v - shape.positions + 1)
        };
        builder.set_name(vertex, name);
    }
    for v in 0..shape.positions {
        let low = if shape.acyclic { v + 1 } else { 0 };
        let mut targets: Vec<usize> = Vec::with_capacity(shape.moves);
        while targets.len() < shape.moves.min(n - low) {
            let t = rng.random_range(low..n);
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        for t in targets {
            builder.add_edge(Vertex::new(v), Vertex::new(t));
        }
    }
    builder.set_start(Vertex::new(0));
    let arena = builder
        .build()
        .map_err(|e| GenerateError::Parameter(e.to_string()))?;
    Ok(GameGraph::new(arena))
}
