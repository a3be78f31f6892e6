//! RingSwap (Algorithm 1 of the paper): the neighbours of a suit-length assignment.
//!
//! For every row `i` and suits `j ≠ k` that `i` may hold with `a[i][k] > 0`, row `i` swaps one card
//! of suit `k` for one of suit `j`. Column `j` now has a card too many and column `k` one too few;
//! a chain of swaps in other rows, each row at most once, moves the surplus on — row `l` gives a
//! card of the surplus suit and takes one of a suit `z` it may hold — until it arrives at `k`. All
//! such chains are followed (depth-first; the paper's breadth-first order finds the same set) and
//! the distinct valid results are the neighbours.
//!
//! The relation is symmetric: reversing a ring's swaps leads back, which the sampler's detailed
//! balance relies on.
//!
//! # Complexity
//! `O(R · m² · (R m)^(R-1))` matrices visited for `R` rows and `m` suits: a constant for a fixed
//! game (rows are players plus the stock), independent of the number of histories.
//!
//! ```
//! use kalmar_filter::ohhell::{PublicState, construct_assignment, ring_swap};
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! let constraints = state.constraints();
//! let a = construct_assignment(&constraints).unwrap();
//! // Every neighbour is another assignment of the same public state.
//! for b in ring_swap(&constraints, &a) {
//!     assert_ne!(b, a);
//! }
//! ```

use super::assignment::Assignment;
use super::public::Constraints;

/// The distinct assignments one ring of swaps away from `a` (not `a` itself).
pub fn ring_swap(constraints: &Constraints, a: &Assignment) -> Vec<Assignment> {
    let (rows, suits) = (constraints.rows(), constraints.game.suits());
    let mut found = Vec::new();
    for i in 0..rows {
        for j in 0..suits {
            for k in 0..suits {
                if j == k
                    || !constraints.allows(i, j)
                    || !constraints.allows(i, k)
                    || a.get(i, k) == 0
                {
                    continue;
                }
                let mut c = *a;
                c.set(i, j, c.get(i, j) + 1);
                c.set(i, k, c.get(i, k) - 1);
                // Rows up to `i` are out: `i` is the ring's lowest row.
                let used = (1u32 << (i + 1)) - 1;
                close_ring(constraints, &mut c, j, k, used, &mut found);
            }
        }
    }
    found
}

/// Moves the surplus card of suit `surplus` through unused rows until the deficit suit `deficit`
/// is made up, recording every valid result.
fn close_ring(
    constraints: &Constraints,
    c: &mut Assignment,
    surplus: usize,
    deficit: usize,
    used: u32,
    found: &mut Vec<Assignment>,
) {
    for l in 0..constraints.rows() {
        if used & (1 << l) != 0 || c.get(l, surplus) == 0 {
            continue;
        }
        for z in 0..constraints.game.suits() {
            if z == surplus || !constraints.allows(l, z) {
                continue;
            }
            c.set(l, surplus, c.get(l, surplus) - 1);
            c.set(l, z, c.get(l, z) + 1);
            if z == deficit {
                found.push(*c);
            } else {
                close_ring(constraints, c, z, deficit, used | (1 << l), found);
            }
            c.set(l, z, c.get(l, z) - 1);
            c.set(l, surplus, c.get(l, surplus) + 1);
        }
    }
}
