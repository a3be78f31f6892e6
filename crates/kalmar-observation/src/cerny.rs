//! Černý's automata as safety games: a family on which the knowledge game is exponential and
//! the antichains stay small (J. Černý, *Poznámka k homogénnym experimentom s konečnými
//! automatmi*, 1964; the power automaton of his automaton reaches every nonempty subset).
//!
//! Locations `q0 … q(n-1)` and `bad` look alike and the play starts anywhere but `bad`. Action
//! `a` turns the cycle (`qi → q(i+1 mod n)`), action `b` merges `q0` into `q1` and fixes the
//! others, action `c` leads to `bad` from `q0` and stays put elsewhere. The system must avoid
//! `bad`: it wins by never playing `c` (safety). Its knowledge sets are every nonempty subset
//! of the cycle that `a` and `b` reach from the whole cycle (all `2^n - 1` of them), and those
//! `c` adds `bad` to; the winning knowledge sets are all subsets of the cycle, one antichain
//! element.

use super::{GameBuilder, ObservationGame};

/// Černý's automaton with `n ≥ 2` states as a safety game (see the module documentation).
///
/// ```
/// use kalmar_observation::{cerny, knowledge, antichain, Side};
/// let game = cerny::cerny(4);
/// assert_eq!(knowledge::solve(&game).winner, Side::System);
/// assert_eq!(antichain::solve(&game).stats.knowledge_sets, 1);
/// ```
pub fn cerny(n: usize) -> ObservationGame {
    let mut b = GameBuilder::new();
    let all = b.add_observation("all", 0);
    let [turn, merge, risk] = [b.add_action("a"), b.add_action("b"), b.add_action("c")];
    let q: Vec<u32> = (0..n)
        .map(|i| b.add_location(format!("q{i}"), all))
        .collect();
    let bad = b.add_location("bad", all);
    b.make_unsafe(bad);
    for i in 0..n {
        b.add_initial(q[i]);
        b.add_move(q[i], turn, q[(i + 1) % n]);
        b.add_move(q[i], merge, if i == 0 { q[1 % n] } else { q[i] });
        b.add_move(q[i], risk, if i == 0 { bad } else { q[i] });
    }
    for a in [turn, merge, risk] {
        b.add_move(bad, a, bad);
    }
    b.build().expect("the game has initial locations")
}
