//! The genus of an impartial game in misère play (Conway, *On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13).
//!
//! The genus of G is the sequence γ⁰γ¹γ²…: γ⁰ is the normal-play nimber, γ¹ the misère Grundy
//! value of G, and γᵏ for k ≥ 2 the misère Grundy value of G + 2 + ⋯ + 2 with k − 1 copies of
//! the Nim heap of size 2. The sequence ends alternating between two values and is written with
//! that tail shortened: 0 = 0¹²⁰ and ∗1 = 1⁰³¹. For games whose positions are all *tame*, the
//! genus of a sum follows from the genera of its parts; here it is computed by direct search,
//! which is cheap for small games.
//!
//! # Complexity
//! The positions of G times the O(k²) multisets of heaps of sizes 1 and 2 added, each searched
//! once.
//!
//! ```
//! use kalmar_cgt::genus::genus;
//! use kalmar_cgt::octal::{Rules, heaps::HeapGame};
//! let kayles = Rules::parse("0.77").unwrap();
//! // One heap of one counter: nimber 1 in normal play (γ⁰), 0 in misère play (γ¹).
//! let g = genus(&HeapGame::new(&kayles), &vec![1], 6).unwrap();
//! assert_eq!(&g.values[..2], &[1, 0]);
//! ```

use crate::impartial::{Analysis, CgtError, Impartial};
use serde::Serialize;
use std::fmt;

/// The genus of a position: `values[0]` is the normal-play nimber, `values[k]` for k ≥ 1 the
/// misère Grundy value of the position plus k − 1 heaps of size 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// γ⁰, γ¹, … as computed.
    pub values: Vec<u32>,
}

impl fmt::Display for Genus {
    /// `γ⁰^γ¹γ²…`, with the alternating tail cut after its first two values.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = &self.values;
        let mut shown = v.len();
        while shown >= 4 && v[shown - 1] == v[shown - 3] {
            shown -= 1;
        }
        write!(f, "{}^", v[0])?;
        for x in &v[1..shown] {
            write!(f, "{x}")?;
            if *x >= 10 {
                f.write_str(",")?;
            }
        }
        Ok(())
    }
}

/// A game plus some Nim heaps of sizes 2 and 1.
struct WithSmallHeaps<'g, G>(&'g G);

impl<G: Impartial> Impartial for WithSmallHeaps<'_, G> {
    /// The position of G, the number of heaps of size 2, and of size 1.
    type Position = (G::Position, u32, u32);

    fn options(&self, (p, twos, ones): &Self::Position, out: &mut Vec<Self::Position>) {
        let mut inner = Vec::new();
        self.0.options(p, &mut inner);
        out.extend(inner.into_iter().map(|q| (q, *twos, *ones)));
        if *twos > 0 {
            out.push((p.clone(), twos - 1, ones + 1));
            out.push((p.clone(), twos - 1, *ones));
        }
        if *ones > 0 {
            out.push((p.clone(), *twos, ones - 1));
        }
    }
}

/// The genus γ⁰…γᵏ of `position` with `k = terms - 1` (at least 2 terms).
///
/// ```
/// use kalmar_cgt::{FnGame, genus::genus};
/// // A single Nim heap; Winning Ways: 0 = 0^120 and *1 = 1^031.
/// let heap = FnGame::new(|&n: &u32, out: &mut Vec<u32>| out.extend(0..n));
/// assert_eq!(genus(&heap, &0, 6).unwrap().to_string(), "0^120");
/// assert_eq!(genus(&heap, &1, 6).unwrap().to_string(), "1^031");
/// ```
pub fn genus<G: Impartial>(
    game: &G,
    position: &G::Position,
    terms: usize,
) -> Result<Genus, CgtError> {
    let wrapped = WithSmallHeaps(game);
    let mut analysis = Analysis::new(&wrapped);
    let mut values = vec![Analysis::new(game).nimber(position)?];
    for twos in 0..terms.max(2) as u32 - 1 {
        values.push(analysis.misere_value(&(position.clone(), twos, 0))?);
    }
    Ok(Genus { values })
}
