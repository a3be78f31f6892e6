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

/// The misère Grundy values of single heaps of 0, 1, …, len − 1 counters (0 means a
/// P-position in misère play), by search over the positions they lead to, storing at most
/// `limit` positions.
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
