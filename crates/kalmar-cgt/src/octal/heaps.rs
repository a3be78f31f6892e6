//! A heap game as a rules-based [`Impartial`] game on several heaps: the brute-force reference
//! for the octal solvers (whose sum rule it does not assume when asked not to), and the way to
//! misère play, where a position's value is not the XOR of its heaps'.
//!
//! # Complexity
//! The positions reachable from a heap of n counters are multisets of heaps with at most n
//! counters in all: up to the number of partitions of the numbers up to n.
//!
//! ```
//! use kalmar_cgt::octal::{Rules, heaps::misere_values};
//! // Misère Kayles: a lone counter loses for the player who must take it.
//! let values = misere_values(&Rules::parse("0.77").unwrap(), 4, 1 << 16).unwrap();
//! assert_eq!(values[1], 0);
//! ```

use super::{ONE_HEAP, Rules, TWO_HEAPS, WHOLE};
use crate::impartial::{Analysis, CgtError, Impartial};

/// A heap game on positions that are lists of non-empty heaps in increasing order.
pub struct HeapGame<'r> {
    rules: &'r Rules,
    use_sum_rule: bool,
}

impl<'r> HeapGame<'r> {
    /// The game, splitting positions into their heaps for normal play.
    pub fn new(rules: &'r Rules) -> Self {
        HeapGame {
            rules,
            use_sum_rule: true,
        }
    }

    /// The game searched as a whole, without the sum rule (for checking it).
    pub fn without_sum_rule(rules: &'r Rules) -> Self {
        HeapGame {
            rules,
            use_sum_rule: false,
        }
    }
}

impl Impartial for HeapGame<'_> {
    type Position = Vec<u32>;

    fn options(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            let h = h as usize;
            let with = |parts: &[usize]| {
                let mut next: Vec<u32> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(parts.iter().map(|&p| p as u32));
                next.sort_unstable();
                next
            };
            for k in 0..=self.rules.max_removed().min(h) {
                let d = self.rules.digit(k);
                if k > 0 && d & WHOLE != 0 && h == k {
                    out.push(with(&[]));
                }
                if k > 0 && d & ONE_HEAP != 0 && h > k {
                    out.push(with(&[h - k]));
                }
                if d & TWO_HEAPS != 0 && h >= k + 2 {
                    let rest = h - k;
                    for a in 1..=rest / 2 {
                        if !(self.rules.unequal_splits() && 2 * a == rest) {
                            out.push(with(&[a, rest - a]));
                        }
                    }
                }
            }
        }
    }

    fn components(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) -> bool {
        if !self.use_sum_rule || heaps.len() < 2 {
            return false;
        }
        out.extend(heaps.iter().map(|&h| vec![h]));
        true
    }
}

/// Heap sizes up to which [`misere_positions_bound`] counts exactly: the partition numbers of
/// larger sizes are far beyond any search (p(1000) ≈ 2.4 · 10³¹), and the count stays within
/// `u128`.
pub const COUNTED_HEAPS: usize = 1000;

/// An upper bound on the positions a search of single heaps 0, 1, …, len − 1 may visit, before
/// it starts: without splits every position is a single heap (len of them); with splits a
/// position is a multiset of heaps with fewer than len counters in all, so at most
/// Σ_{m < len} p(m) for the partition numbers p (by Euler's pentagonal recurrence). Also the
/// largest len whose bound is at most `limit`. For len above [`COUNTED_HEAPS`] + 1 the sum stops
/// there, and the bound returned is a lower bound of the true count, already far above any limit.
///
/// ```
/// use kalmar_cgt::octal::{Rules, heaps::misere_positions_bound};
/// // Kayles splits: heaps of 0..5 counters lead to partitions of 0..4 (1+1+2+3+5).
/// assert_eq!(misere_positions_bound(&Rules::parse("0.77").unwrap(), 5, 10), (12, 4));
/// // A subtraction game never splits: one position per heap size.
/// assert_eq!(misere_positions_bound(&Rules::parse("0.33").unwrap(), 5, 100), (5, 100));
/// ```
pub fn misere_positions_bound(rules: &Rules, len: usize, limit: usize) -> (u128, usize) {
    if !rules.splits() {
        return (len as u128, limit);
    }
    let counted = len.min(COUNTED_HEAPS + 1);
    let mut partitions: Vec<u128> = Vec::with_capacity(counted);
    let mut sum = 0u128;
    let mut largest = 0;
    for m in 0..counted {
        let p = if m == 0 {
            1
        } else {
            partition_number(&partitions, m)
        };
        partitions.push(p);
        sum = sum.saturating_add(p);
        if sum <= limit as u128 {
            largest = m + 1;
        }
    }
    if len > counted {
        largest = largest.min(counted);
    }
    (sum, largest)
}

/// p(m) from p(0..m) by Euler's recurrence p(m) = Σ_k (−1)^(k+1) (p(m − k(3k−1)/2) +
/// p(m − k(3k+1)/2)); the terms are summed as positive and negative parts, saturating.
fn partition_number(p: &[u128], m: usize) -> u128 {
    let (mut plus, mut minus) = (0u128, 0u128);
    for k in 1.. {
        let first = k * (3 * k - 1) / 2;
        if first > m {
            break;
        }
        let mut term = p[m - first];
        let second = k * (3 * k + 1) / 2;
        if second <= m {
            term = term.saturating_add(p[m - second]);
        }
        if k % 2 == 1 {
            plus = plus.saturating_add(term);
        } else {
            minus = minus.saturating_add(term);
        }
    }
    plus.saturating_sub(minus)
}

/// The misère Grundy values of single heaps of 0, 1, …, len − 1 counters (0 means a
/// P-position in misère play), by search over the positions they lead to, storing at most
/// `limit` positions. Check [`misere_positions_bound`] first to refuse at once what cannot fit.
pub fn misere_values(rules: &Rules, len: usize, limit: usize) -> Result<Vec<u32>, CgtError> {
    let game = HeapGame::new(rules);
    let mut analysis = Analysis::new(&game).with_limit(limit);
    (0..len)
        .map(|n| {
            let position = if n == 0 { vec![] } else { vec![n as u32] };
            analysis.misere_value(&position)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_numbers_are_eulers() {
        let rules = Rules::parse("0.77").unwrap();
        // p(0..10) = 1 1 2 3 5 7 11 15 22 30, summing to 97; p(100) = 190569292.
        assert_eq!(misere_positions_bound(&rules, 10, 1 << 20).0, 97);
        let (sum, largest) = misere_positions_bound(&rules, 101, 1 << 20);
        assert!(sum > 190_569_292, "{sum}");
        assert!((20..101).contains(&largest), "{largest}");
        assert!(misere_positions_bound(&rules, largest, 1 << 20).0 <= 1 << 20);
        assert!(misere_positions_bound(&rules, largest + 1, 1 << 20).0 > 1 << 20);
        // A search of heaps up to the bound stores no more positions than it says.
        let game = HeapGame::new(&rules);
        let mut analysis = Analysis::new(&game);
        for n in 0..12u32 {
            let position = if n == 0 { vec![] } else { vec![n] };
            analysis.misere_value(&position).unwrap();
        }
        assert!(analysis.positions_solved() as u128 <= misere_positions_bound(&rules, 12, 0).0);
        // Huge heaps saturate nothing and answer at once.
        assert!(misere_positions_bound(&rules, usize::MAX, 1 << 20).0 > 1 << 100);
    }
}
