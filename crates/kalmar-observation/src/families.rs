//! The generated families of games, as a registry: the prime cycles, Černý's automata and
//! chains.
//!
//! ```
//! use kalmar_observation::families::{FAMILIES, generate};
//! assert_eq!(FAMILIES.ids().collect::<Vec<_>>(), ["primes", "cerny", "chain"]);
//! assert_eq!(generate("cerny", 4).unwrap().num_locations(), 5); // four states and the unsafe one
//! assert!(generate("primes", 13).is_err());
//! ```

use crate::{ObservationGame, cerny, chain, primes};
use kalmar_core::registry::{Entry, Registry, UnknownId};
use std::ops::RangeInclusive;

/// A family of generated games.
#[derive(Clone, Debug)]
pub struct Family {
    /// The game of a size.
    pub generate: fn(usize) -> ObservationGame,
    /// The sizes it is generated for.
    pub sizes: RangeInclusive<usize>,
    /// Those sizes, in words.
    pub sizes_text: &'static str,
}

/// The families, by id.
pub static FAMILIES: Registry<Family> = Registry::new(
    "family",
    &[
        Entry {
            id: "primes",
            summary: "cycles of the first K prime lengths that look alike (Chatterjee, Doyen, \
                      Henzinger, Raskin 2007): the system wins by counting to their product, so \
                      the knowledge game is exponential",
            bounds: "",
            run: Family {
                generate: primes::prime_cycles,
                sizes: 1..=12,
                sizes_text: "the prime-cycles family has 1 to 12 cycles",
            },
        },
        Entry {
            id: "cerny",
            summary: "Černý's automaton with N states as a safety game: every subset is a \
                      knowledge set, one antichain element wins",
            bounds: "",
            run: Family {
                generate: cerny::cerny,
                sizes: 2..=1 << 20,
                sizes_text: "Černý's automata have 2 to 2^20 states",
            },
        },
        Entry {
            id: "chain",
            summary: "a chain of N locations, each seen as itself, to reach the last: nothing is \
                      hidden, so every solver should be linear",
            bounds: "",
            run: Family {
                generate: chain::chain,
                sizes: 1..=1 << 24,
                sizes_text: "chains have 1 to 2^24 locations",
            },
        },
    ],
);

/// Why a game is not generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// No family has this id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// The family has no game of this size.
    #[error("{0}")]
    Size(&'static str),
}

/// The game of this family and size.
pub fn generate(family: &str, size: usize) -> Result<ObservationGame, GenerateError> {
    let family = &FAMILIES.get(family)?.run;
    if !family.sizes.contains(&size) {
        return Err(GenerateError::Size(family.sizes_text));
    }
    Ok((family.generate)(size))
}
