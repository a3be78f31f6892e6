//! Propagation: the deductions a human solver makes, as bounds `min ≤ bridges ≤ max` on every
//! link, tightened to a fixpoint by three sound rules, each tightening recorded as a [`Step`].
//!
//! - **Capacity** (per island, number n): with the island's links' bounds summing to m (mins)
//!   and M (maxes), each link carries at least n − (M − its max) and at most n − (m − its min).
//!   This contains the textbook rules: an island whose number is what its open links can carry
//!   gets all of them (n = M), and n = 2·links − 1 forces one bridge on every link.
//! - **Crossing**: a link that is sure to carry a bridge closes every link crossing it.
//! - **Isolation**: the islands joined by sure bridges form groups; a group's residual is the sum
//!   of its numbers minus the bridge ends its sure bridges already use. Putting k more bridges
//!   on a link whose ends lie in groups of joint residual 2k would leave those groups a closed
//!   island group with no capacity left, which is illegal unless they are all the islands. So a
//!   pair of 1s cannot be joined, nor two 2s by a double bridge. (This is the component
//!   "liberties" test that Simon Tatham's `bridges.c` describes in its notes on a solver.)
//!
//! Each rule only removes values that no solution takes, so every solution of the puzzle lies
//! within the final bounds; when some bound set empties the puzzle has no solution
//! ([`Contradiction`]).
//!
//! ```
//! use kalmar_puzzles::hashi::{format::read_puzzle, propagate::propagate};
//! // The 4 in a corner has two links and needs both doubled; then everything follows.
//! let puzzle = read_puzzle("4.3\n...\n3.2\n").unwrap();
//! let deductions = propagate(&puzzle).unwrap();
//! assert_eq!(deductions.min, [2, 2, 1, 1]);
//! assert_eq!(deductions.max, [2, 2, 1, 1]);
//! println!("{}", deductions.steps[0]);
//! ```
//!
//! # Complexity
//! One round is O(islands + links + crossings) (union-find for the groups); each round that
//! changes something tightens at least one of the 2·links bounds, so O(links) rounds at most,
//! O(links·(islands + links + crossings)) in all, and a few rounds in practice.

use super::puzzle::Puzzle;
use std::fmt;
use thiserror::Error;

/// The rule behind a deduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Rule {
    /// An island's number against what its links can carry.
    Capacity,
    /// A sure bridge closes the links it crosses.
    Crossing,
    /// A link that would close a group of islands off from the rest.
    Isolation,
}

/// One deduction: a link's bounds tightened, by a rule, at an island.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Step {
    /// The rule.
    pub rule: Rule,
    /// The island whose number the rule used (capacity), or the link's first island.
    pub island: usize,
    /// The link.
    pub link: usize,
    /// The link's first island.
    pub first: usize,
    /// The link's second island.
    pub second: usize,
    /// The new least number of bridges on the link.
    pub min: u8,
    /// The new greatest number.
    pub max: u8,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.rule {
            Rule::Capacity => format!("the number of island {}", self.island + 1),
            Rule::Crossing => "a sure bridge crosses it".to_string(),
            Rule::Isolation => "more would cut a group of islands off".to_string(),
        };
        let (first, second) = (self.first + 1, self.second + 1);
        let count = match (self.min, self.max) {
            (0, 0) => "no bridge".to_string(),
            (1, 1) => "exactly 1 bridge".to_string(),
            (min, max) if min == max => format!("exactly {min} bridges"),
            (min, max) => format!("{min} to {max} bridges"),
        };
        write!(f, "islands {first} and {second}: {count} ({why})")
    }
}

/// The bounds at the fixpoint and the steps that reached it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Deductions {
    /// Least bridges per link.
    pub min: Vec<u8>,
    /// Most bridges per link.
    pub max: Vec<u8>,
    /// The tightenings in the order made.
    pub steps: Vec<Step>,
}

/// The puzzle has no solution: propagation emptied a bound or closed a group of islands.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no solution: {why}")]
pub struct Contradiction {
    /// What went wrong, islands counted from 1.
    pub why: String,
    /// The steps made before.
    pub steps: Vec<Step>,
}

struct State<'a> {
    puzzle: &'a Puzzle,
    min: Vec<u8>,
    max: Vec<u8>,
    steps: Vec<Step>,
}

impl State<'_> {
    /// Tightens `link` to `min..=max` (intersected with its bounds), recording a step if it
    /// changed anything.
    fn tighten(&mut self, rule: Rule, island: usize, link: usize, min: u8, max: u8) -> bool {
        let (min, max) = (self.min[link].max(min), self.max[link].min(max));
        if (min, max) == (self.min[link], self.max[link]) {
            return false;
        }
        let ends = self.puzzle.links()[link];
        self.min[link] = min;
        self.max[link] = max;
        self.steps.push(Step {
            rule,
            island,
            link,
            first: ends.first,
            second: ends.second,
            min,
            max,
        });
        true
    }

    fn contradiction(&self, why: String) -> Contradiction {
        Contradiction {
            why,
            steps: self.steps.clone(),
        }
    }

    fn capacity(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        for (island, data) in self.puzzle.islands().iter().enumerate() {
            let number = i32::from(data.number);
            let links = self.puzzle.links_of(island);
            let sum = |bounds: &[u8]| links.iter().map(|&l| i32::from(bounds[l])).sum::<i32>();
            let (least, most) = (sum(&self.min), sum(&self.max));
            if number > most || number < least {
                return Err(self.contradiction(format!(
                    "island {} needs {number} bridges, its links carry {least} to {most}",
                    island + 1
                )));
            }
            for &link in links {
                let (min, max) = (i32::from(self.min[link]), i32::from(self.max[link]));
                let low = (number - (most - max)).clamp(0, 2) as u8;
                let high = (number - (least - min)).clamp(0, 2) as u8;
                changed |= self.tighten(Rule::Capacity, island, link, low, high);
            }
        }
        Ok(changed)
    }

    fn crossing(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        for &(horizontal, vertical) in self.puzzle.crossings() {
            let (h_sure, v_sure) = (self.min[horizontal] > 0, self.min[vertical] > 0);
            if h_sure && v_sure {
                let [h, v] = [horizontal, vertical].map(|l| self.puzzle.links()[l]);
                return Err(self.contradiction(format!(
                    "the sure bridges {}–{} and {}–{} cross",
                    h.first + 1,
                    h.second + 1,
                    v.first + 1,
                    v.second + 1
                )));
            }
            for (sure, closed) in [(h_sure, vertical), (v_sure, horizontal)] {
                if sure {
                    let first = self.puzzle.links()[closed].first;
                    changed |= self.tighten(Rule::Crossing, first, closed, 0, 0);
                }
            }
        }
        Ok(changed)
    }

    fn isolation(&mut self) -> Result<bool, Contradiction> {
        let puzzle = self.puzzle;
        let count = puzzle.islands().len();
        let mut groups = Groups::new(count);
        for (link, ends) in puzzle.links().iter().enumerate() {
            if self.min[link] > 0 {
                groups.union(ends.first, ends.second);
            }
        }
        // Per group root: residual capacity and size.
        let mut residual = vec![0i32; count];
        let mut size = vec![0usize; count];
        for (island, data) in puzzle.islands().iter().enumerate() {
            let used: i32 = puzzle
                .links_of(island)
                .iter()
                .map(|&l| i32::from(self.min[l]))
                .sum();
            let root = groups.find(island);
            residual[root] += i32::from(data.number) - used;
            size[root] += 1;
        }
        for island in 0..count {
            if groups.find(island) == island && residual[island] == 0 && size[island] < count {
                return Err(self.contradiction(format!(
                    "the {} islands joined to island {} by sure bridges need no more, \
                     and other islands remain",
                    size[island],
                    island + 1
                )));
            }
        }
        let mut changed = false;
        for (link, ends) in puzzle.links().iter().enumerate() {
            let (a, b) = (groups.find(ends.first), groups.find(ends.second));
            let (joint, joint_size) = if a == b {
                (residual[a], size[a])
            } else {
                (residual[a] + residual[b], size[a] + size[b])
            };
            if joint_size == count {
                continue;
            }
            let (min, max) = (self.min[link], self.max[link]);
            if let Some(extra) = (1..=max - min).find(|&k| joint == 2 * i32::from(k)) {
                changed |= self.tighten(Rule::Isolation, ends.first, link, 0, min + extra - 1);
            }
        }
        Ok(changed)
    }
}

/// Propagates the three rules to a fixpoint from the bounds 0..=2 on every link.
pub fn propagate(puzzle: &Puzzle) -> Result<Deductions, Contradiction> {
    let links = puzzle.links().len();
    let mut state = State {
        puzzle,
        min: vec![0; links],
        max: vec![2; links],
        steps: Vec::new(),
    };
    loop {
        let mut changed = state.capacity()?;
        changed |= state.crossing()?;
        if !changed {
            // Isolation needs a union-find pass: run it only once the cheap rules are stuck.
            changed = state.isolation()?;
        }
        if !changed {
            break;
        }
    }
    Ok(Deductions {
        min: state.min,
        max: state.max,
        steps: state.steps,
    })
}

/// Union-find with path halving over islands.
pub(super) struct Groups {
    parent: Vec<usize>,
}

impl Groups {
    /// Every island alone.
    pub(super) fn new(size: usize) -> Self {
        Groups {
            parent: (0..size).collect(),
        }
    }

    /// The root of `x`'s group.
    pub(super) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the groups of `a` and `b`.
    pub(super) fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a] = b;
    }

    /// Numbers the groups 0, 1, … in the order their first island appears: each island's
    /// group number, and the number of groups.
    pub(super) fn labels(&mut self) -> (Vec<usize>, usize) {
        let size = self.parent.len();
        let mut label_of_root = vec![usize::MAX; size];
        let mut groups = 0;
        let labels = (0..size)
            .map(|island| {
                let root = self.find(island);
                if label_of_root[root] == usize::MAX {
                    label_of_root[root] = groups;
                    groups += 1;
                }
                label_of_root[root]
            })
            .collect();
        (labels, groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hashi::format::read_puzzle;

    fn bounds(text: &str) -> Vec<(u8, u8)> {
        let deductions = propagate(&read_puzzle(text).unwrap()).unwrap();
        deductions.min.into_iter().zip(deductions.max).collect()
    }

    #[test]
    fn textbook_rules() {
        // Two 1s cannot be joined; then everything follows.
        // Links: 0 = 1–2, 1 = 1–3 (vertical), 2 = 2–4 (vertical), 3 = 3–4.
        assert_eq!(bounds("1.1\n...\n2.2\n"), [(0, 0), (1, 1), (1, 1), (1, 1)]);
        // In a ring of 2s no pair may be doubled, so all are single.
        assert_eq!(bounds("2.2\n...\n2.2\n"), [(1, 1); 4]);
        // ... unless the pair is all the islands.
        assert_eq!(bounds("2.2\n"), [(2, 2)]);
        // A 3 with two links needs one bridge on each (n = 2·links − 1).
        assert_eq!(bounds("2.3\n...\n..1\n"), [(2, 2), (1, 1)]);
    }

    #[test]
    fn sure_bridges_that_cross_are_a_contradiction() {
        // Each island has one link: the 2s' is doubled, the 1s' single, and they cross.
        let contradiction = propagate(&read_puzzle(".1.\n2.2\n.1.\n").unwrap()).unwrap_err();
        assert_eq!(contradiction.why, "the sure bridges 2–3 and 1–4 cross");
        assert_eq!(contradiction.steps.len(), 2);
    }

    #[test]
    fn steps_explain_themselves() {
        let deductions = propagate(&read_puzzle("1.1\n...\n2.2\n").unwrap()).unwrap();
        let first = deductions
            .steps
            .iter()
            .find(|s| s.rule == Rule::Isolation)
            .unwrap();
        assert_eq!(
            first.to_string(),
            "islands 1 and 2: no bridge (more would cut a group of islands off)"
        );
    }
}
