//! Projecting labels onto the environment's valuations, many valuations at a time.

use super::MAX_SPLITS;
use super::expr::Expr;
use std::ops::Range;

/// Evaluates labels for a window of valuations of the uncontrollable propositions at once: bit
/// `v` of a result says whether some valuation of the controllable propositions makes the label
/// true together with valuation `first + v` (proposition `uncontrollable[j]` is bit `j` of a
/// valuation), where `first` is 64 times the window's first word.
pub(super) struct Projector<'a> {
    /// Per proposition: its bit among the uncontrollable ones, or None if controllable.
    position: &'a [Option<u32>],
    /// The words of all valuations, and the window evaluated.
    pub(super) words: usize,
    pub(super) window: Range<usize>,
    /// The valid bits of the last word (of fewer than 64 valuations).
    mask: u64,
    /// Case splits and label nodes they copied, for the label being projected.
    splits: u32,
    copied: usize,
}

/// The most label nodes the case splits of one label may copy.
const MAX_SPLIT_COPIES: usize = 1 << 22;

/// How many words of valuations are evaluated at once (4096 valuations), which bounds the
/// memory a state with many edges takes.
pub(super) const WINDOW: usize = 64;

/// The bits of the valuations in which the proposition at position `p < 6` is true.
const PATTERN: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// A label needs more case splits than [`MAX_SPLITS`].
pub(super) struct TooComplex;

impl<'a> Projector<'a> {
    pub(super) fn new(position: &'a [Option<u32>], k: usize) -> Self {
        let bits = 1usize << k;
        let words = bits.div_ceil(64);
        Projector {
            position,
            words,
            window: 0..words,
            mask: if bits >= 64 { !0 } else { (1u64 << bits) - 1 },
            splits: 0,
            copied: 0,
        }
    }

    fn filled(&self, value: bool) -> Vec<u64> {
        vec![if value { !0 } else { 0 }; self.window.len()]
    }

    /// Word `i` of the window of valuations in which proposition `ap` has `value` (all of them
    /// if it is controllable: the controller can give it either value).
    fn literal_word(&self, ap: u32, value: bool, i: usize) -> u64 {
        let Some(p) = self.position[ap as usize] else {
            return !0;
        };
        let i = self.window.start + i;
        let w = if p < 6 {
            PATTERN[p as usize]
        } else if (i >> (p - 6)) & 1 == 1 {
            !0
        } else {
            0
        };
        if value { w } else { !w }
    }

    pub(super) fn project(&mut self, e: &Expr) -> Result<Vec<u64>, TooComplex> {
        self.splits = 0;
        self.copied = 0;
        let mut bits = self.proj(e)?;
        if self.words == 1
            && let Some(last) = bits.last_mut()
        {
            *last &= self.mask;
        }
        Ok(bits)
    }

    fn proj(&mut self, e: &Expr) -> Result<Vec<u64>, TooComplex> {
        match e {
            Expr::Const(b) => Ok(self.filled(*b)),
            Expr::Lit { ap, value } => Ok((0..self.words)
                .map(|i| self.literal_word(*ap, *value, i))
                .collect()),
            Expr::Or(children) => {
                let mut acc = self.filled(false);
                for c in children {
                    if let Expr::Lit { ap, value } = c {
                        for (i, w) in acc.iter_mut().enumerate() {
                            *w |= self.literal_word(*ap, *value, i);
                        }
                    } else {
                        let r = self.proj(c)?;
                        acc.iter_mut().zip(r).for_each(|(a, b)| *a |= b);
                    }
                }
                Ok(acc)
            }
            Expr::And(children) => self.conj(children),
        }
    }

    /// A conjunction: parts that share no controllable proposition are projected one by one;
    /// parts tied by shared ones are split on the most shared.
    fn conj(&mut self, children: &[Expr]) -> Result<Vec<u64>, TooComplex> {
        let mut acc = self.filled(true);
        // (controllable proposition, child) pairs.
        let mut occurs: Vec<(u32, u32)> = Vec::new();
        let mut vars = Vec::new();
        for (i, c) in children.iter().enumerate() {
            vars.clear();
            c.controllable(self.position, &mut vars);
            vars.sort_unstable();
            vars.dedup();
            occurs.extend(vars.iter().map(|&v| (v, i as u32)));
        }
        // Children tied by a common controllable proposition form a group (union-find).
        let mut parent: Vec<u32> = (0..children.len() as u32).collect();
        fn root(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        occurs.sort_unstable();
        for w in occurs.windows(2) {
            if w[0].0 == w[1].0 {
                let (a, b) = (root(&mut parent, w[0].1), root(&mut parent, w[1].1));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
        let group_of: Vec<u32> = (0..children.len() as u32)
            .map(|i| root(&mut parent, i))
            .collect();
        // The children in order of their group (a group's root is its first child).
        let mut order: Vec<u32> = (0..children.len() as u32).collect();
        order.sort_by_key(|&i| group_of[i as usize]);
        let mut from = 0;
        while from < order.len() {
            let g = group_of[order[from] as usize];
            let len = order[from..]
                .iter()
                .take_while(|&&j| group_of[j as usize] == g)
                .count();
            let members = &order[from..from + len];
            from += len;
            let r = if members.len() == 1 {
                match &children[members[0] as usize] {
                    Expr::Lit { ap, value } => {
                        for (k, w) in acc.iter_mut().enumerate() {
                            *w &= self.literal_word(*ap, *value, k);
                        }
                        continue;
                    }
                    c => self.proj(c)?,
                }
            } else {
                // The controllable proposition shared by the most members.
                let mut best = (0usize, 0u32);
                let mut k = 0;
                while k < occurs.len() {
                    let v = occurs[k].0;
                    let run = occurs[k..].iter().take_while(|o| o.0 == v).count();
                    if group_of[occurs[k].1 as usize] == g && run > best.0 {
                        best = (run, v);
                    }
                    k += run;
                }
                let part = Expr::And(
                    members
                        .iter()
                        .map(|&j| children[j as usize].clone())
                        .collect(),
                );
                self.splits += 1;
                self.copied += 2 * part.size();
                if self.splits > MAX_SPLITS || self.copied > MAX_SPLIT_COPIES {
                    return Err(TooComplex);
                }
                let mut r = self.proj(&part.assign(best.1, false))?;
                let r1 = self.proj(&part.assign(best.1, true))?;
                r.iter_mut().zip(r1).for_each(|(a, b)| *a |= b);
                r
            };
            acc.iter_mut().zip(r).for_each(|(a, b)| *a &= b);
            if acc.iter().all(|&w| w == 0) {
                break;
            }
        }
        Ok(acc)
    }
}
