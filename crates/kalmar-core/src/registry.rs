//! The one registry shape every family uses: a static list of entries (id, one-line summary,
//! bounds, the thing to run) and one lookup whose error lists the known ids.
//!
//! A family's registry drives its command-line `--solver` (or `--families`) list, its
//! Python binding and its tests, so adding an entry is the whole job of adding a solver: there is
//! no `match` on ids anywhere else. The run field is whatever the family needs: usually a
//! function pointer, or a small struct of them when an entry carries more than one.
//!
//! ```
//! use kalmar_core::registry::{Entry, Registry};
//! fn double(x: u32) -> u32 { 2 * x }
//! fn square(x: u32) -> u32 { x * x }
//! static OPS: Registry<fn(u32) -> u32> = Registry::new("operation", &[
//!     Entry { id: "double", summary: "twice the input", bounds: "O(1)", run: double },
//!     Entry { id: "square", summary: "the input times itself", bounds: "O(1)", run: square },
//! ]);
//! assert_eq!((OPS.get("square").unwrap().run)(7), 49);
//! let err = OPS.get("cube").unwrap_err();
//! assert_eq!(err.to_string(), "unknown operation 'cube'; the known ones are: double, square");
//! assert_eq!(OPS.ids().collect::<Vec<_>>(), ["double", "square"]);
//! ```

use std::fmt;

/// One entry of a registry.
#[derive(Clone, Copy, Debug)]
pub struct Entry<R: 'static> {
    /// Short id, as given on the command line (`--solver ID`).
    pub id: &'static str,
    /// One line on what it is, with the paper where there is one.
    pub summary: &'static str,
    /// Its proven bounds (time, comparisons, memory), or `""` where none is known.
    pub bounds: &'static str,
    /// What runs it.
    pub run: R,
}

/// A static list of entries of one kind ("parity solver", "Nash method", "game family", ...).
#[derive(Debug)]
pub struct Registry<R: 'static> {
    kind: &'static str,
    entries: &'static [Entry<R>],
}

impl<R> Registry<R> {
    /// A registry of entries of this kind (a singular noun, used in error messages).
    pub const fn new(kind: &'static str, entries: &'static [Entry<R>]) -> Self {
        Registry { kind, entries }
    }

    /// What its entries are, e.g. `"parity solver"`.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// Every entry, in the registry's order.
    pub fn entries(&self) -> &'static [Entry<R>] {
        self.entries
    }

    /// Every entry, in the registry's order.
    pub fn iter(&self) -> std::slice::Iter<'static, Entry<R>> {
        self.entries.iter()
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the registry has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The ids, in the registry's order.
    pub fn ids(&self) -> impl Iterator<Item = &'static str> + use<R> {
        self.entries.iter().map(|e| e.id)
    }

    /// The entry with this id, or an error that lists the known ids.
    pub fn get(&self, id: &str) -> Result<&'static Entry<R>, UnknownId> {
        self.entries
            .iter()
            .find(|e| e.id == id)
            .ok_or_else(|| UnknownId {
                kind: self.kind,
                id: id.to_string(),
                known: self.ids().collect(),
            })
    }
}

impl<R> IntoIterator for &Registry<R> {
    type Item = &'static Entry<R>;
    type IntoIter = std::slice::Iter<'static, Entry<R>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// No entry of a registry has this id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownId {
    /// What was looked for, e.g. `"parity solver"`.
    pub kind: &'static str,
    /// The id asked for.
    pub id: String,
    /// The ids there are.
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}'; the known ones are: {}",
            self.kind,
            self.id,
            self.known.join(", ")
        )
    }
}

impl std::error::Error for UnknownId {}
