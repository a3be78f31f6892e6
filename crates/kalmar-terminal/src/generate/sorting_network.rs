//! Sorting networks as games (Figure 4 of *Deterministic Graphical Games Revisited*): any
//! sorting network is an acyclic deterministic graphical game, each comparator simulated by a
//! Max position and a Min position. Strongly solving the game sorts its payoffs, which is why a
//! strong solution needs Ω(n log n) comparisons (Proposition 3).
//!
//! The network is Batcher's odd-even merge sort in the form of Knuth's merge exchange (*The Art
//! of Computer Programming*, vol. 3, §5.2.2, Algorithm M), which sorts any number of inputs with
//! about n (log2 n)² / 4 comparators.
//!
//! Wires are positions. The inputs are terminals (`in0`, `in1`, …) paying the given values. A
//! comparator on wires `i < j` adds a Max position and a Min position, each with arcs to the
//! current positions of wires `i` and `j`; the Max position (the larger value) becomes wire `j`'s
//! and the Min position (the smaller) wire `i`'s. The final position of wire `i` is named
//! `out{i}`; its value is the `i`-th smallest payoff. The start is the median output,
//! `out{(n-1)/2}`.
//!
//! # Complexity
//! O(n log² n) time, vertices and arcs for n inputs.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_terminal::dgg::{Stats, paterson};
//! use kalmar_terminal::generate::sorting_network;
//! let game = sorting_network(&[3, 1, 2].map(Rational::from)).unwrap();
//! // A weak solution from the median output is the median.
//! let solution = paterson::solve(&game, &mut Stats::default());
//! assert_eq!(solution.value, Rational::from(2));
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::{GenerateError, builder, check_size, finish};
use crate::Dgg;
use kalmar_core::{Owner, Player, Rational, Vertex};

/// Calls `f(p, r, d)` for every pass of Knuth's Algorithm M on `n` wires, in order: the pass
/// compares wire `i` with wire `i + d` for every `i < n - d` whose bit `p` is `r` (0 or `p`).
fn for_each_pass(n: usize, mut f: impl FnMut(usize, usize, usize)) {
    if n < 2 {
        return;
    }
    let t = usize::BITS - (n - 1).leading_zeros(); // ceil(log2 n)
    let top = 1usize << (t - 1);
    let mut p = top;
    while p > 0 {
        let (mut q, mut r, mut d) = (top, 0, p);
        loop {
            f(p, r, d);
            if q == p {
                break;
            }
            d = q - p;
            q >>= 1;
            r = p;
        }
        p >>= 1;
    }
}

/// Calls `f(i, j)` for every comparator `(i, j)`, `i < j`, of the merge-exchange network on `n`
/// wires, in order; after it, wire `i` holds the smaller key.
fn for_each_comparator(n: usize, mut f: impl FnMut(usize, usize)) {
    for_each_pass(n, |p, r, d| {
        for i in (0..n - d).filter(|i| i & p == r) {
            f(i, i + d);
        }
    });
}

/// The comparators of the merge-exchange network on `n` wires, in order: pairs `(i, j)` with
/// `i < j` after which wire `i` holds the smaller key.
///
/// ```
/// use kalmar_terminal::generate::comparators;
/// assert_eq!(comparators(3), vec![(0, 2), (0, 1), (1, 2)]);
/// ```
pub fn comparators(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(sorting_network_size(n));
    for_each_comparator(n, |i, j| out.push((i, j)));
    out
}

/// The number of comparators of the merge-exchange network on `n` wires, counted without
/// listing them (O(log² n) time).
///
/// ```
/// use kalmar_terminal::generate::sorting_network_size;
/// // Batcher's networks for 8 and 16 inputs have 19 and 63 comparators.
/// assert_eq!(sorting_network_size(8), 19);
/// assert_eq!(sorting_network_size(16), 63);
/// ```
pub fn sorting_network_size(n: usize) -> usize {
    let mut total = 0;
    for_each_pass(n, |p, r, d| {
        // The number of i in 0..n - d whose bit p is clear (r = 0) or set (r = p).
        let len = n - d;
        let clear = len / (2 * p) * p + (len % (2 * p)).min(p);
        total += if r == 0 { clear } else { len - clear };
    });
    total
}

/// The largest number of inputs (at least 2) whose network game has at most `arcs` arcs (four
/// per comparator).
pub fn inputs_for_arcs(arcs: usize) -> usize {
    let fits = |n: usize| sorting_network_size(n).saturating_mul(4) <= arcs;
    let (mut lo, mut hi) = (2usize, 4usize);
    while fits(hi) {
        lo = hi;
        hi *= 2;
    }
    // fits(lo) or lo == 2; !fits(hi)
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) { lo = mid } else { hi = mid }
    }
    lo
}

/// The game of the merge-exchange sorting network on `values` (one input terminal per value).
///
/// ```
/// use kalmar_terminal::dgg::{sorting, Stats};
/// use kalmar_terminal::generate::sorting_network;
/// use kalmar_core::Rational;
/// let values: Vec<Rational> = [5, -3, 8, 0, 2].map(Rational::from).to_vec();
/// let game = sorting_network(&values).unwrap();
/// let solution = sorting::solve(&game, &mut Stats::default());
/// let index = game.arena().name_index();
/// let out: Vec<Rational> = (0..5)
///     .map(|i| solution.values[index[&format!("out{i}")].index()].clone())
///     .collect();
/// assert_eq!(out, [-3, 0, 2, 5, 8].map(Rational::from).to_vec());
/// assert_eq!(solution.values[game.start().index()], Rational::from(2)); // the median
/// ```
pub fn sorting_network(values: &[Rational]) -> Result<Dgg, GenerateError> {
    let n = values.len();
    if n == 0 {
        return Err(GenerateError::Parameter(
            "a sorting network needs at least one input".into(),
        ));
    }
    let size = sorting_network_size(n);
    let vertices = size.saturating_mul(2).saturating_add(n);
    let arcs = size.saturating_mul(4);
    check_size(vertices, arcs)?;
    let mut b = builder(vertices, arcs);
    let mut wire: Vec<Vertex> = (0..n).map(|_| b.add_vertex(Owner::Terminal)).collect();
    for (i, &v) in wire.iter().enumerate() {
        b.set_name(v, format!("in{i}"));
    }
    for_each_comparator(n, |i, j| {
        let (low, high) = (wire[i], wire[j]);
        let max = b.add_vertex(Owner::Player(Player::MAX));
        b.add_edge(max, low);
        b.add_edge(max, high);
        let min = b.add_vertex(Owner::Player(Player::MIN));
        b.add_edge(min, low);
        b.add_edge(min, high);
        wire[i] = min;
        wire[j] = max;
    });
    for (i, &v) in wire.iter().enumerate() {
        b.set_name(v, format!("out{i}"));
    }
    b.set_start(wire[(n - 1) / 2]);
    let mut payoffs = Vec::with_capacity(vertices);
    payoffs.extend_from_slice(values);
    payoffs.resize(vertices, Rational::ZERO);
    Ok(finish(b, payoffs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// The 0-1 principle: a comparator network sorts every input iff it sorts every 0-1 input.
    #[test]
    fn sorts_every_zero_one_input() {
        for n in 1..=14usize {
            let net = comparators(n);
            assert_eq!(net.len(), sorting_network_size(n));
            for bits in 0u32..1 << n {
                let mut x: Vec<u32> = (0..n).map(|i| bits >> i & 1).collect();
                for &(i, j) in &net {
                    assert!(i < j);
                    if x[i] > x[j] {
                        x.swap(i, j);
                    }
                }
                assert!(
                    x.windows(2).all(|w| w[0] <= w[1]),
                    "n = {n}, input {bits:b}"
                );
            }
        }
    }

    #[test]
    fn sorts_random_inputs_and_counts() {
        let mut rng = super::super::rng(3);
        for n in [15usize, 16, 17, 31, 33, 100, 257, 1000] {
            let mut x: Vec<i64> = (0..n).map(|_| rng.random_range(-50..50)).collect();
            let mut sorted = x.clone();
            sorted.sort();
            let mut count = 0;
            for_each_comparator(n, |i, j| {
                count += 1;
                if x[i] > x[j] {
                    x.swap(i, j);
                }
            });
            assert_eq!(x, sorted);
            assert_eq!(count, sorting_network_size(n));
        }
    }

    #[test]
    fn size_is_monotone_and_inverse() {
        let mut last = 0;
        for n in 0..3000 {
            let s = sorting_network_size(n);
            assert!(s >= last);
            last = s;
        }
        for arcs in [0, 4, 100, 1000, 12345, 1_000_000] {
            let n = inputs_for_arcs(arcs);
            assert!(n == 2 || 4 * sorting_network_size(n) <= arcs);
            assert!(4 * sorting_network_size(n + 1) > arcs);
        }
    }

    #[test]
    fn game_shape() {
        let values: Vec<Rational> = (0..10).map(Rational::from).collect();
        let g = sorting_network(&values).unwrap();
        let c = sorting_network_size(10);
        assert_eq!(g.arena().num_edges(), 4 * c);
        assert_eq!(g.arena().num_vertices(), 10 + 2 * c);
        assert_eq!(g.terminals().count(), 10);
        let one = sorting_network(&[Rational::from(4)]).unwrap();
        assert_eq!(one.arena().name(one.start()), "out0");
        assert!(sorting_network(&[]).is_err());
    }
}
