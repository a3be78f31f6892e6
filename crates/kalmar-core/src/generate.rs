//! What every game generator shares: the seeded random source, the size guard and the error.
//!
//! Generators live with their families (`kalmar-terminal`, `kalmar-parity`,
//! `kalmar-stochastic`, ...); they draw from [`rng`], check a size with [`check_size`] before they
//! allocate, and build through [`builder`].
//!
//! ```
//! use kalmar_core::generate::{check_size, rng};
//! use rand::Rng;
//! assert_eq!(rng(7).random::<u64>(), rng(7).random::<u64>());
//! assert!(check_size(usize::MAX, 0).is_err());
//! ```

use crate::registry::UnknownId;
use crate::{Builder, Edge, Vertex};
use rand_chacha::ChaCha8Rng;

/// Why a game could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A parameter is out of range.
    #[error("bad parameter: {0}")]
    Parameter(String),
    /// The game would exceed the arena's limits.
    #[error("{vertices} vertices and {arcs} arcs exceed the arena's limits")]
    TooLarge {
        /// Vertices asked for.
        vertices: usize,
        /// Arcs asked for.
        arcs: usize,
    },
    /// No generator of the registry has this id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
}

/// The seeded generator every random family draws from.
pub fn rng(seed: u64) -> ChaCha8Rng {
    use rand::SeedableRng;
    ChaCha8Rng::seed_from_u64(seed)
}

/// Checks that a game of this size fits the arena's ids.
pub fn check_size(vertices: usize, arcs: usize) -> Result<(), GenerateError> {
    if vertices >= Vertex::LIMIT || arcs >= Edge::LIMIT {
        Err(GenerateError::TooLarge { vertices, arcs })
    } else {
        Ok(())
    }
}

/// A two-player builder with room for this many vertices and arcs.
pub fn builder(vertices: usize, arcs: usize) -> Builder {
    let mut b = Builder::new(2);
    b.reserve(vertices, arcs);
    b
}
