//! Names for strategies and moves that labels alone may not give: labels may repeat or be empty,
//! and JSON objects are keyed by name. [`unique_names`] replaces an empty label by its position
//! from 1 and gives a repeated one the first free suffix of ` (2)`, ` (3)`, …; every writer and
//! reader of equilibria names strategies and moves this way, so a name never stands for two.
//!
//! ```
//! use kalmar_efg::names::unique_names;
//! let names = unique_names(["a", "b", "a", ""].map(String::from));
//! assert_eq!(names, ["a", "b", "a (2)", "4"]);
//! ```
//!
//! # Complexity
//! `O(n)` expected hash operations for `n` names (plus the suffixes tried for repeated ones).

use crate::normal::Nfg;
use crate::tree::{Efg, InfosetId};
use std::collections::HashSet;

/// The names made unique, in order: an empty name becomes its position from 1, and a name met
/// before gets the first of ` (2)`, ` (3)`, … that is not a name yet.
pub fn unique_names(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let names: Vec<String> = names
        .into_iter()
        .enumerate()
        .map(|(k, name)| {
            if name.is_empty() {
                (k + 1).to_string()
            } else {
                name
            }
        })
        .collect();
    let mut taken: HashSet<String> = HashSet::with_capacity(names.len());
    names
        .into_iter()
        .map(|name| {
            let name = if taken.contains(&name) {
                (2..)
                    .map(|k| format!("{name} ({k})"))
                    .find(|candidate| !taken.contains(candidate))
                    .expect("some suffix is free")
            } else {
                name
            };
            taken.insert(name.clone());
            name
        })
        .collect()
}

/// Each player's strategy names, unique per player ([`unique_names`] of the labels).
pub fn strategy_names(nfg: &Nfg) -> Vec<Vec<String>> {
    nfg.strategies
        .iter()
        .map(|labels| unique_names(labels.iter().cloned()))
        .collect()
}

/// The unique names of the moves of an information set, in move order.
pub fn move_names(game: &Efg, h: InfosetId) -> Vec<String> {
    unique_names(game.actions_of(h).iter().map(|a| a.label.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_names_get_a_free_suffix() {
        let names = unique_names(["x", "x (2)", "x", "x"].map(String::from));
        assert_eq!(names, ["x", "x (2)", "x (3)", "x (4)"]);
        let names = unique_names(["2", ""].map(String::from));
        assert_eq!(names, ["2", "2 (2)"]);
    }
}
