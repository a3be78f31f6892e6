//! Typed ids: `u32` (or `u8`) wrappers with a `LIMIT`, so that a vertex can never be passed where an
//! edge is expected and no API takes a bare `usize`.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $repr:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[repr(transparent)]
        #[serde(transparent)]
        pub struct $name(pub $repr);

        impl $name {
            /// The largest number of ids of this kind (ids run from 0 to `LIMIT - 1`).
            pub const LIMIT: usize = <$repr>::MAX as usize;

            /// The id with this index.
            ///
            /// # Panics
            /// If `index >= LIMIT`; builders check their counts against `LIMIT` first.
            #[inline]
            pub fn new(index: usize) -> Self {
                assert!(index < Self::LIMIT, concat!(stringify!($name), " index out of range"));
                Self(index as $repr)
            }

            /// The index of this id, for indexing per-id arrays.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// A vertex (position) of an [`Arena`](crate::Arena).
    Vertex,
    u32
);
id_type!(
    /// An edge (move) of an [`Arena`](crate::Arena); edges are numbered in CSR order, so the edges
    /// leaving one vertex have consecutive ids.
    Edge,
    u32
);
id_type!(
    /// A player. In two-player zero-sum games player 0 is Max (also Even, White) and player 1 is
    /// Min (also Odd, Black).
    Player,
    u8
);

impl Player {
    /// The maximiser of a two-player zero-sum game (player 0).
    pub const MAX: Player = Player(0);
    /// The minimiser of a two-player zero-sum game (player 1).
    pub const MIN: Player = Player(1);

    /// The other player of a two-player game.
    #[inline]
    pub fn opponent(self) -> Player {
        Player(1 - self.0.min(1))
    }
}
