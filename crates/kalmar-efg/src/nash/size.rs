//! The size model of the equilibrium methods: what a method would build or search, estimated
//! from counts alone before anything is allocated, so that a game too large for a method is
//! refused with the estimate instead of exhausting memory or running for days.
//!
//! - `seqform` builds the sequence-form LCP as a dense matrix of `d²` rationals, for
//!   `d = |S₁| + |S₂| + 2(|H₁| + 1) + 2(|H₂| + 1)` (sequences `S` and information sets `H` of
//!   each player): counted in `O(information sets)`.
//! - `enum` tries every pair of equal-sized supports of an `m × n` game,
//!   `Σ_k C(m,k)·C(n,k)` pairs (a Vandermonde sum, `C(m+n, m) - 1`), each an `O(k³)` solve.
//! - `enumpoly` tries every profile of nonempty supports, `Π_i (2^{m_i} - 1)` for `m_i`
//!   strategies ([`support_profiles`]), each checked for dominance in a pass over the
//!   strategies at least (the work counted is the profiles times `Σ m_i`), then searched.
//! - `seqform`, `enum` and the strategic form first compute every node's exact chance
//!   probability of being reached ([`Efg::chance_reach`]), whose numbers grow along the path:
//!   a chance chain of depth `D` needs `O(D²)` bits. [`chance_reach_words`] adds up the bits of
//!   the factors on each path in `O(nodes)`, a bound on the 64-bit words those rationals take.
//! - the other strategic-form methods are bounded by the strategic form itself, which
//!   [`crate::strategic::plan`] sizes before it is built.
//!
//! ```
//! use kalmar_efg::generate::poker;
//! use kalmar_efg::nash::size::{
//!     chance_reach_words, sequence_form_entries, support_pairs, support_profiles,
//! };
//! // Kuhn's poker: 13 sequences and 6 information sets for each player, d = 54.
//! assert_eq!(sequence_form_entries(&poker(3)), 54 * 54);
//! // A 2 × 2 game has 4 pairs of singletons and 1 of full supports; 27 × 64 has C(91, 27) - 1.
//! assert_eq!(support_pairs(2, 2), 5);
//! assert!(support_pairs(27, 64) > 1u128 << 70);
//! // A 3 × 3 × 3 game has 7³ profiles of supports.
//! assert_eq!(support_profiles(&[3, 3, 3]), 343);
//! // 55 nodes, each probability within a word.
//! assert_eq!(chance_reach_words(&poker(3)), 55);
//! ```

use crate::tree::{ActionId, Efg, Mover, NodeId};

/// The entries of the dense sequence-form LCP matrix of a two-player game (`d²`, saturating).
pub fn sequence_form_entries(game: &Efg) -> u128 {
    let mut sequences = [1u128; 2];
    let mut infosets = [1u128; 2];
    for (i, h) in game.infosets().iter().enumerate() {
        if let Mover::Player(p @ 0..=1) = h.mover {
            let actions = game.actions_of(crate::InfosetId(i as u32)).len() as u128;
            sequences[p as usize] += actions;
            infosets[p as usize] += 1;
        }
    }
    let d = sequences[0] + sequences[1] + 2 * infosets[0] + 2 * infosets[1];
    d.saturating_mul(d)
}

/// The pairs of equal-sized nonempty supports of an `m × n` game, `Σ_k C(m,k)·C(n,k)`, which
/// is `C(m + n, m) - 1` (saturating at `u128::MAX`).
pub fn support_pairs(m: usize, n: usize) -> u128 {
    // C(m + n, k) for k = 1..=min(m, n) grows as the product below; stop once it saturates.
    let k_max = m.min(n) as u128;
    let total = (m + n) as u128;
    let mut c: u128 = 1;
    for k in 1..=k_max {
        // c = C(total, k) = C(total, k - 1) · (total - k + 1) / k, exact in this order.
        c = match c.checked_mul(total - k + 1) {
            Some(v) => v / k,
            None => return u128::MAX,
        };
    }
    c - 1
}

/// The profiles of nonempty supports of a game of this shape, `Π_i (2^{m_i} - 1)`
/// (saturating at `u128::MAX`).
pub fn support_profiles(shape: &[usize]) -> u128 {
    shape.iter().fold(1u128, |acc, &m| {
        let subsets = 1u128.checked_shl(m as u32).map_or(u128::MAX, |s| s - 1);
        acc.saturating_mul(subsets)
    })
}

/// A bound on the 64-bit words of the exact chance probabilities of reaching every node (the
/// bits of a product are at most the sum of its factors' bits), saturating.
pub fn chance_reach_words(game: &Efg) -> u128 {
    let action_bits: Vec<u64> = (0..game.num_actions())
        .map(|a| match &game.action(ActionId(a as u32)).prob {
            Some(q) => {
                let q = q.value.to_big();
                q.numer().bits() + q.denom().bits()
            }
            None => 0,
        })
        .collect();
    let mut bits = vec![0u64; game.num_nodes()];
    let mut words: u128 = 0;
    // Preorder: a parent comes before its children.
    for i in 0..game.num_nodes() {
        let x = NodeId(i as u32);
        words = words.saturating_add(u128::from(bits[i] / 64 + 1));
        let Some(h) = game.node(x).infoset else {
            continue;
        };
        for (k, &child) in game.children(x).iter().enumerate() {
            let a = game.action_id(h, k as u32);
            bits[child.index()] = bits[i].saturating_add(action_bits[a.index()]);
        }
    }
    words
}
