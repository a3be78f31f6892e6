//! Labels as read: Boolean expressions over proposition numbers, in negation normal form.

/// A label in negation normal form: negations only on propositions.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Expr {
    Const(bool),
    /// Proposition `ap` has value `value`.
    Lit {
        ap: u32,
        value: bool,
    },
    And(Vec<Expr>),
    Or(Vec<Expr>),
}

impl Expr {
    /// The conjunction (`and`) or disjunction of `parts`, flattened and with constants folded.
    pub(super) fn join(and: bool, parts: Vec<Expr>) -> Expr {
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            match part {
                // The absorbing constant: false in a conjunction, true in a disjunction.
                Expr::Const(b) if b != and => return Expr::Const(b),
                Expr::Const(_) => {}
                Expr::And(children) if and => out.extend(children),
                Expr::Or(children) if !and => out.extend(children),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => Expr::Const(and),
            1 => out.pop().expect("one part"),
            _ if and => Expr::And(out),
            _ => Expr::Or(out),
        }
    }

    pub(super) fn negate(&self) -> Expr {
        match self {
            Expr::Const(b) => Expr::Const(!b),
            Expr::Lit { ap, value } => Expr::Lit {
                ap: *ap,
                value: !value,
            },
            Expr::And(children) => Expr::Or(children.iter().map(Expr::negate).collect()),
            Expr::Or(children) => Expr::And(children.iter().map(Expr::negate).collect()),
        }
    }

    /// The number of nodes.
    pub(super) fn size(&self) -> usize {
        match self {
            Expr::Const(_) | Expr::Lit { .. } => 1,
            Expr::And(children) | Expr::Or(children) => {
                1 + children.iter().map(Expr::size).sum::<usize>()
            }
        }
    }

    /// The label with proposition `ap` set to `value`.
    pub(super) fn assign(&self, ap: u32, value: bool) -> Expr {
        match self {
            Expr::Lit { ap: a, value: v } if *a == ap => Expr::Const(*v == value),
            Expr::Const(_) | Expr::Lit { .. } => self.clone(),
            Expr::And(children) => {
                Expr::join(true, children.iter().map(|c| c.assign(ap, value)).collect())
            }
            Expr::Or(children) => Expr::join(
                false,
                children.iter().map(|c| c.assign(ap, value)).collect(),
            ),
        }
    }

    /// Pushes the controllable propositions of the label to `out` (with repeats).
    pub(super) fn controllable(&self, uncontrollable: &[Option<u32>], out: &mut Vec<u32>) {
        match self {
            Expr::Const(_) => {}
            Expr::Lit { ap, .. } => {
                if uncontrollable[*ap as usize].is_none() {
                    out.push(*ap);
                }
            }
            Expr::And(children) | Expr::Or(children) => {
                for c in children {
                    c.controllable(uncontrollable, out);
                }
            }
        }
    }
}

/// A label with an upper bound on its depth (nesting of `&` and `|`).
pub(super) struct Label {
    pub(super) expr: Expr,
    pub(super) depth: u32,
}

pub(super) struct AliasDef {
    pub(super) positive: Expr,
    pub(super) negative: Expr,
    pub(super) depth: u32,
    pub(super) size: usize,
}
