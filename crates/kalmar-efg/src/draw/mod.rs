//! Pictures of game trees as SVG, in the style of Gambit's graphical interface, with the
//! probabilities of an equilibrium on the moves.
//!
//! The tree grows left to right (as in Gambit) or top down, in a tidy layout ([`layout`]):
//! leaves evenly spaced, every parent centred over its children. Each decision node is a dot and a
//! short line in its mover's colour (chance in grey) with the player and information set
//! (`2:1`, and the set's label) beside it; the members of an information set are joined by a
//! dashed line of the player's colour (routed in a lane beside the nodes when other nodes lie
//! between them). Every move fans out from its node and runs straight into its child, with its
//! label on one side of the straight part and its probability on the other: chance's always, the
//! players' when a profile is given. Moves played with positive probability are then bold, the
//! others thin and grey. Leaves show the payoff vector; a legend names the players.
//!
//! Trees of more than [`MAX_NODES`] nodes are refused: such a picture is not readable.
//!
//! # Complexity
//! `O(n log n)` for `n` nodes (the layout is linear; information sets are sorted across the
//! tree), and a picture of size linear in the tree.
//!
//! ```
//! use kalmar_efg::draw::{DrawOptions, draw};
//! use kalmar_efg::generate::poker;
//! let picture = draw(&poker(3), &DrawOptions::default()).unwrap();
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains(">1/6</text>"));
//! let refused = draw(&poker(40), &DrawOptions::default()).unwrap_err();
//! assert!(refused.to_string().contains("efg info"));
//! ```

mod geometry;
pub mod layout;
mod legend;
mod links;
mod picture;
mod style;
mod texts;

use crate::certificate::tree::Behaviour;
use crate::tree::Efg;

/// The most nodes drawn.
pub const MAX_NODES: usize = 2000;

/// Which way the tree grows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Direction {
    /// From the root on the left to the leaves on the right, as Gambit draws.
    #[default]
    LeftToRight,
    /// From the root at the top down to the leaves.
    TopDown,
}

/// What to draw besides the tree.
#[derive(Clone, Debug, Default)]
pub struct DrawOptions<'a> {
    /// Which way the tree grows.
    pub direction: Direction,
    /// A behaviour profile whose probabilities are written under the moves.
    pub profile: Option<&'a Behaviour>,
    /// A line under the legend (for example which equilibrium is shown).
    pub caption: Option<String>,
}

/// Why a tree is not drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// Too many nodes for a readable picture.
    #[error(
        "the tree has {nodes} nodes, too many for a readable picture (the limit is {limit}): \
         describe it with `kalmar efg info` or list its strategies with `kalmar efg reduce`"
    )]
    TooLarge {
        /// The tree's nodes.
        nodes: usize,
        /// [`MAX_NODES`].
        limit: usize,
    },
    /// The profile is not one of this tree.
    #[error("the profile does not fit the tree: {0}")]
    Profile(String),
}

/// Whether the tree is small enough to draw (at most [`MAX_NODES`] nodes).
pub fn drawable(game: &Efg) -> Result<(), DrawError> {
    if game.num_nodes() > MAX_NODES {
        return Err(DrawError::TooLarge {
            nodes: game.num_nodes(),
            limit: MAX_NODES,
        });
    }
    Ok(())
}

/// The tree as an SVG picture.
pub fn draw(game: &Efg, options: &DrawOptions<'_>) -> Result<String, DrawError> {
    drawable(game)?;
    if let Some(profile) = options.profile {
        fits(game, profile)?;
    }
    Ok(picture::render(game, &layout::tidy(game), options))
}

/// Whether the profile gives every personal player's information set one probability per move.
fn fits(game: &Efg, profile: &Behaviour) -> Result<(), DrawError> {
    if profile.0.len() != game.infosets().len() {
        return Err(DrawError::Profile(format!(
            "it covers {} information sets, the tree has {}",
            profile.0.len(),
            game.infosets().len()
        )));
    }
    for (k, probs) in profile.0.iter().enumerate() {
        let h = crate::tree::InfosetId(k as u32);
        let personal = game.infoset(h).mover != crate::tree::Mover::Chance;
        let moves = game.actions_of(h).len();
        match probs {
            Some(p) if personal && p.len() == moves => {}
            None if !personal => {}
            _ => {
                return Err(DrawError::Profile(format!(
                    "{} needs one probability per move",
                    game.infoset_name(h)
                )));
            }
        }
    }
    Ok(())
}
