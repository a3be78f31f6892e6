//! The size model of an exact solve: what strategy iteration over the rationals is estimated to
//! hold at its peak, read off the game's structure in O(n + m) before anything large is
//! allocated, so that [`solve`](crate::solve::solve) can refuse a game that would exhaust the
//! machine and point to value iteration instead.
//!
//! Two things grow, and the model estimates both:
//! - **The linear systems.** Each Markov chain is solved one strongly connected part at a time
//!   by elimination (the `chain` module). In a part with `k` chance positions the elimination
//!   may fill up to `k²` coefficients. The parts of the game graph contain those of every
//!   chain, so the largest of them bounds the fill: [`COEFFICIENT_BYTES`] each. It is an upper
//!   estimate: the minimum-degree order keeps the fill of random games well below it.
//! - **The numbers.** An exact value is a fraction whose denominator collects those of the
//!   probabilities (and of the discount) met on the way to the end: along a chain of fair coins
//!   of length `d`, `2^-d`. The digits are propagated from the terminals upwards, component by
//!   component, sinks first: a chance position needs the digits of its successors plus those of
//!   its probabilities (the largest, not their sum: an estimate, exact for chains of coins), a
//!   player's position those of its best-known successor, and a position on a cycle those of
//!   the component's exits plus every probability denominator inside it (Cramer's rule).
//!
//! What it leaves out: terminal payoffs are taken as integers, and the priority gadget that
//! solves parity games with chance ([`spg`](crate::spg)) adds probabilities of its own, whose
//! digits are not counted; for those games the fill is the estimate's sound part.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_stochastic::size::exact_size;
//! // A chain of three fair coins: the first is worth 1/8 and needs three binary digits.
//! let graph = read_gg("kalmar-gg 1\na chance -> b:1/2 z:1/2\nb chance -> c:1/2 z:1/2\n\
//!     c chance -> w:1/2 z:1/2\nw terminal payoff=1\nz terminal payoff=0\n").unwrap();
//! let size = exact_size(&graph.arena, None);
//! assert_eq!((size.largest_part, size.value_bits), (0, 3));
//! ```

use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Arena, Owner, Rational};

/// Bytes a coefficient of an elimination takes: its hash-map slot, its back-reference, and a
/// fraction of a few machine words.
pub const COEFFICIENT_BYTES: u64 = 96;

/// Bytes of a value beyond its digits: the number and its place in the vector.
const VALUE_BYTES: u64 = 48;

/// The estimated peak of an exact solve (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactSize {
    /// Chance positions in the largest strongly connected part of the game graph: its linear
    /// system may fill up to their square of coefficients.
    pub largest_part: usize,
    /// The most binary digits an exact value's denominator is estimated to need.
    pub value_bits: u64,
    /// Bytes of all the values, numerators and denominators.
    pub value_bytes: u64,
    /// Bytes at the peak: the largest part's fill ([`ExactSize::fill_bytes`]) and all the values.
    /// An upper estimate: the fill of random games stays well under `k²` (a game of 2,000
    /// positions, estimated at 24.5 MiB, peaked at 7.4 MB in all).
    pub bytes: u64,
}

impl ExactSize {
    /// Bytes of the largest part's fill, at most `largest_part²` coefficients.
    pub fn fill_bytes(&self) -> u64 {
        let k = self.largest_part as u64;
        k.saturating_mul(k).saturating_mul(COEFFICIENT_BYTES)
    }

    /// What makes the estimate large, in words: the fill of the largest part and the digits of
    /// the values, each with its bytes, leaving out the one under a tenth of the whole.
    pub fn describe(&self) -> String {
        let k = self.largest_part as u64;
        let fill = format!(
            "a strongly connected part of {k} chance positions, whose elimination may fill up to \
             {} coefficients taking {}",
            k.saturating_mul(k),
            kalmar_core::memory::bytes(self.fill_bytes())
        );
        let values = format!(
            "values of up to {} binary digits ({} in all)",
            self.value_bits,
            kalmar_core::memory::bytes(self.value_bytes)
        );
        let large = |part: u64| part.saturating_mul(10) >= self.bytes;
        match (large(self.fill_bytes()), large(self.value_bytes)) {
            (true, true) => format!("{fill}, and {values}"),
            (true, false) => fill,
            _ => values,
        }
    }
}

/// The estimated peak of an exact solve of a game on `arena`, discounted by `discount` if
/// given (see the module docs). O(n + m).
pub fn exact_size(arena: &Arena, discount: Option<&Rational>) -> ExactSize {
    let n = arena.num_vertices();
    let components = strongly_connected_components(n, |v, i| arena.successors(v).get(i).copied());
    let discount_bits = discount.map_or(0, denominator_bits);
    let mut bits = vec![0u64; n];
    let mut largest_part = 0;
    for members in components.members().iter() {
        let component = components.of(members[0]);
        let inside = |w: kalmar_core::Vertex| components.of(w) == component;
        let cyclic = members.len() > 1
            || arena
                .successors(members[0])
                .iter()
                .any(|&w| w == members[0]);
        if !cyclic {
            let v = members[0];
            bits[v.index()] = match arena.owner(v) {
                Owner::Terminal => None,
                Owner::Player(_) => arena.successors(v).iter().map(|w| bits[w.index()]).max(),
                Owner::Chance => arena
                    .out_edges(v)
                    .map(|e| {
                        bits[arena.target(e).index()].saturating_add(probability_bits(arena, e))
                    })
                    .max(),
            }
            .unwrap_or(0)
            .saturating_add(discount_bits * u64::from(!arena.is_terminal(v)));
            continue;
        }
        let mut exits = 0u64;
        let mut inner = 0u64;
        let mut chance = 0;
        for &v in members {
            let is_chance = arena.owner(v) == Owner::Chance;
            chance += usize::from(is_chance);
            let mut own = 0;
            for e in arena.out_edges(v) {
                let w = arena.target(e);
                if !inside(w) {
                    exits = exits.max(bits[w.index()]);
                }
                if is_chance {
                    own = own.max(probability_bits(arena, e));
                }
            }
            inner = inner.saturating_add(own).saturating_add(discount_bits);
        }
        largest_part = largest_part.max(chance);
        for &v in members {
            bits[v.index()] = exits.saturating_add(inner);
        }
    }
    let value_bytes = bits
        .iter()
        .fold(0u64, |sum, &b| sum.saturating_add(VALUE_BYTES + b / 4));
    let mut size = ExactSize {
        largest_part,
        value_bits: bits.iter().copied().max().unwrap_or(0),
        value_bytes,
        bytes: 0,
    };
    size.bytes = size.fill_bytes().saturating_add(value_bytes);
    size
}

/// The binary digits of the denominator of the probability of chance's move `e`.
fn probability_bits(arena: &Arena, e: kalmar_core::Edge) -> u64 {
    arena.probability(e).map_or(0, denominator_bits)
}

/// The binary digits of `x`'s denominator (0 for an integer).
fn denominator_bits(x: &Rational) -> u64 {
    match x.to_small() {
        Some((_, den)) => u64::from(64 - den.leading_zeros()).saturating_sub(1),
        None => x.to_big().denom().bits().saturating_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::format::read_gg;

    fn coin_chain(length: usize) -> Arena {
        let mut text = String::from("kalmar-gg 1\n");
        for i in 0..length {
            text.push_str(&format!("c{i} chance -> c{}:1/2 z:1/2\n", i + 1));
        }
        text.push_str(&format!(
            "c{length} terminal payoff=1\nz terminal payoff=0\n"
        ));
        std::sync::Arc::unwrap_or_clone(read_gg(&text).unwrap().arena)
    }

    #[test]
    fn a_chain_of_coins_needs_a_digit_a_coin_and_no_fill() {
        let size = exact_size(&coin_chain(1000), None);
        assert_eq!(size.largest_part, 0);
        assert_eq!(size.value_bits, 1000);
        // Digits 0..=1000, a quarter byte each for numerator and denominator.
        let digits: u64 = (0..=1000u64).map(|b| b / 4).sum();
        assert_eq!(size.value_bytes, 1002 * VALUE_BYTES + digits);
    }

    #[test]
    fn a_cycle_of_coins_fills_its_square_and_adds_its_digits() {
        let graph = read_gg(
            "kalmar-gg 1\na chance -> b:1/2 w:1/2\nb chance -> a:1/3 c:2/3\n\
             c max -> a z\nw terminal payoff=1\nz terminal payoff=0\n",
        )
        .unwrap();
        let size = exact_size(&graph.arena, None);
        assert_eq!(size.largest_part, 2);
        // Denominators 2 and 3: one and one binary digit (floor of log2).
        assert_eq!(size.value_bits, 2);
        assert!(size.bytes >= 4 * COEFFICIENT_BYTES);
    }

    #[test]
    fn discounting_adds_the_discount_digits_at_each_step() {
        let graph = read_gg("kalmar-gg 1\na max -> b\nb max -> c\nc terminal payoff=1\n").unwrap();
        let size = exact_size(&graph.arena, Some(&Rational::new(9, 10)));
        // Two discounted steps of three digits each (10 = 0b1010).
        assert_eq!(size.value_bits, 6);
    }
}
