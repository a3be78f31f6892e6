//! The acceptance condition: the parity conditions, the canonical formula of each, and the
//! bound on the size of the game.

use super::MAX_PAIRS;
use super::lexer::Lexer;
use kalmar_core::ParseError;
use std::fmt::Write as _;

/// The acceptance condition: a parity condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Parity {
    pub(super) max: bool,
    pub(super) even: bool,
    pub(super) sets: u32,
}

impl Parity {
    pub(super) fn name(&self) -> String {
        format!(
            "parity {} {} {}",
            if self.max { "max" } else { "min" },
            if self.even { "even" } else { "odd" },
            self.sets
        )
    }

    /// The deciding set of an edge that belongs to `a` and `b` (each the deciding set of a
    /// list of sets, if any).
    pub(super) fn combine(&self, a: Option<u32>, b: Option<u32>) -> Option<u32> {
        match (a, b) {
            (Some(x), Some(y)) => Some(if self.max { x.max(y) } else { x.min(y) }),
            (x, None) => x,
            (None, y) => y,
        }
    }

    /// The max-parity priority of an edge whose deciding set is `set` (see the module
    /// documentation); `shift` is 2 for `max even` conditions with edges in no set, else 0.
    pub(super) fn priority(&self, set: Option<u32>, shift: u32) -> u32 {
        match (self.max, self.even) {
            (true, true) => set.map_or(1, |s| s + shift),
            (true, false) => set.map_or(0, |s| s + 1),
            (false, even) => {
                let top = if self.sets.is_multiple_of(2) == even {
                    self.sets
                } else {
                    self.sets + 1
                };
                top - set.unwrap_or(self.sets)
            }
        }
    }
}

/// Refuses games with more than [`MAX_PAIRS`] state–valuation pairs.
pub(super) fn check_pairs(
    lex: &Lexer<'_>,
    states: u64,
    uncontrollable: usize,
    at: usize,
) -> Result<(), ParseError> {
    let pairs = if uncontrollable >= 63 {
        None
    } else {
        states.checked_mul(1u64 << uncontrollable)
    };
    if pairs.is_some_and(|p| p <= MAX_PAIRS) {
        return Ok(());
    }
    Err(lex.error(
        at,
        format!("{states} states × 2^{uncontrollable} valuations"),
        format!(
            "at most {MAX_PAIRS} (2^22) pairs of a state and a valuation of the environment's \
             {uncontrollable} propositions, the most kalmar expands into an explicit game"
        ),
    ))
}

/// A node of an acceptance formula.
pub(super) enum Acc {
    Const(bool),
    Atom { inf: bool, set: u32, negated: bool },
    Op { and: bool, children: Vec<usize> },
}

/// Whether the formula at `root` is the HOA format's canonical formula of `p`, up to the order
/// of operands: for `max`, set `k-1` decides first (`Inf(k-1) | …` if it is good for the
/// controller, `Fin(k-1) & …` otherwise), then `k-2`, down to set 0; for `min`, set 0 first.
pub(super) fn is_canonical(nodes: &[Acc], root: usize, p: Parity) -> bool {
    if p.sets == 0 {
        // No sets: a run sees the imaginary set -1 (max) or 0 (min).
        let accepting = if p.max { !p.even } else { p.even };
        return matches!(nodes[root], Acc::Const(b) if b == accepting);
    }
    let is_atom = |x: usize, set: u32| {
        let good = set.is_multiple_of(2) == p.even;
        matches!(nodes[x], Acc::Atom { inf, set: s, negated: false } if inf == good && s == set)
    };
    let mut node = root;
    for step in 0..p.sets {
        let set = if p.max { p.sets - 1 - step } else { step };
        if step == p.sets - 1 {
            return is_atom(node, set);
        }
        let good = set.is_multiple_of(2) == p.even;
        let Acc::Op { and, children } = &nodes[node] else {
            return false;
        };
        if *and == good || children.len() != 2 {
            return false;
        }
        node = match (is_atom(children[0], set), is_atom(children[1], set)) {
            (true, _) => children[1],
            (_, true) => children[0],
            _ => return false,
        };
    }
    false
}

/// The canonical formula of `p`, cut short after three sets when it has more than four.
pub(super) fn canonical_text(p: Parity) -> String {
    if p.sets == 0 {
        let accepting = if p.max { !p.even } else { p.even };
        return if accepting { "'t'" } else { "'f'" }.to_string();
    }
    let shown = if p.sets > 4 { 3 } else { p.sets };
    let mut out = String::from("'");
    let mut open = 0;
    for step in 0..shown {
        let set = if p.max { p.sets - 1 - step } else { step };
        let good = set.is_multiple_of(2) == p.even;
        let _ = write!(out, "{}({set})", if good { "Inf" } else { "Fin" });
        if step + 1 < p.sets {
            out.push_str(if good { " | " } else { " & " });
            if step + 2 < p.sets {
                out.push('(');
                open += 1;
            }
        }
    }
    if shown < p.sets {
        out.push('…');
    }
    for _ in 0..open {
        out.push(')');
    }
    out.push('\'');
    out
}
