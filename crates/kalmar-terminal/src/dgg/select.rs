//! Partitioning payoffs with few comparisons: linear-time median selection (Blum, Floyd, Pratt,
//! Rivest and Tarjan, *Time bounds for selection*, 1973), partition around the median, and the
//! "partial perfect quicksort" of the almost-linear algorithm, which partitions around medians
//! down to a fixed depth.
//!
//! Items are terminals; `key` gives a terminal's payoff. Every comparison goes through the
//! [`Comparisons`] oracle.
//!
//! # Complexity
//! Selection and partition: O(n) time and comparisons in the worst case. Partial quicksort to
//! depth d: O(n d).
//!
//! # Example
//! ```
//! use kalmar_core::Vertex;
//! use kalmar_terminal::dgg::{compare::Comparisons, select};
//! let payoff = [50, 10, 40, 20, 30];
//! let key = |v: Vertex| &payoff[v.index()];
//! let cmp = Comparisons::new();
//! let mut items: Vec<Vertex> = (0..5).map(Vertex).collect();
//! assert_eq!(payoff[select::select(&mut items, 2, &key, &cmp).index()], 30); // the median
//! let groups = select::partition_median(&mut items, &key, &cmp);
//! let ranges: Vec<_> = groups.iter().map(|g| g.range.clone()).collect();
//! assert_eq!(ranges, [0..2, 2..3, 3..5]); // {10, 20}, {30}, {40, 50}
//! let groups = select::sort_groups(&mut items, &key, &cmp);
//! assert_eq!(groups.len(), 5);
//! assert_eq!(items.iter().map(|&v| payoff[v.index()]).collect::<Vec<_>>(), [10, 20, 30, 40, 50]);
//! ```

use super::compare::Comparisons;
use crate::Payoff;
use kalmar_core::Vertex;
use std::cmp::Ordering;
use std::ops::Range;

/// A run of terminals whose payoffs lie between those of the runs before and after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The positions of the run in the partitioned slice.
    pub range: Range<usize>,
    /// Whether all payoffs in the run are known to be equal.
    pub exact: bool,
}

impl Group {
    /// The same run in a slice that starts `offset` items earlier.
    pub fn shifted(self, offset: usize) -> Group {
        Group {
            range: self.range.start + offset..self.range.end + offset,
            exact: self.exact,
        }
    }
}

/// Reorders `items` by class (`class[i]` of `items[i]`, below `classes`), keeping their order
/// within a class; returns where each class starts, and the end as a last entry.
fn scatter(items: &mut [Vertex], class: &[u32], classes: usize) -> Vec<usize> {
    let mut start = vec![0usize; classes + 1];
    for &c in class {
        start[c as usize + 1] += 1;
    }
    for c in 1..start.len() {
        start[c] += start[c - 1];
    }
    let mut fill = start.clone();
    let mut placed = vec![Vertex(0); items.len()];
    for (&t, &c) in items.iter().zip(class) {
        placed[fill[c as usize]] = t;
        fill[c as usize] += 1;
    }
    items.copy_from_slice(&placed);
    start
}

/// Sorts a short slice by insertion.
fn insertion_sort<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && cmp.cmp(key(items[j - 1]), key(items[j])) == Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Rearranges `items` into those below, equal to and above the payoff of `pivot`; returns the
/// bounds `(lt, gt)` of the equal run.
fn partition3<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    pivot: &P,
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> (usize, usize) {
    let (mut lt, mut i, mut gt) = (0, 0, items.len());
    while i < gt {
        match cmp.cmp(key(items[i]), pivot) {
            Ordering::Less => {
                items.swap(lt, i);
                lt += 1;
                i += 1;
            }
            Ordering::Greater => {
                gt -= 1;
                items.swap(i, gt);
            }
            Ordering::Equal => i += 1,
        }
    }
    (lt, gt)
}

/// The item of rank `k` (0-based) in payoff order, by median of medians.
pub fn select<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    mut k: usize,
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> Vertex {
    let mut items = items;
    loop {
        if items.len() <= 5 {
            insertion_sort(items, key, cmp);
            return items[k];
        }
        let len = items.len();
        let groups = len.div_ceil(5);
        for g in 0..groups {
            let chunk = &mut items[g * 5..((g + 1) * 5).min(len)];
            insertion_sort(chunk, key, cmp);
            let median = chunk.len() / 2;
            items.swap(g, g * 5 + median);
        }
        let pivot = select(&mut items[..groups], groups / 2, key, cmp);
        let pivot_key = key(pivot);
        let (lt, gt) = partition3(items, pivot_key, key, cmp);
        if k < lt {
            items = &mut items[..lt];
        } else if k < gt {
            return items[k];
        } else {
            k -= gt;
            items = &mut items[gt..];
        }
    }
}

/// Partitions `items` around their median into below, equal and above; returns the non-empty
/// groups in increasing order.
pub fn partition_median<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> Vec<Group> {
    let mut groups = Vec::new();
    split(items, 0, 1, key, cmp, &mut groups);
    groups
}

/// Partial perfect quicksort: partitions around medians recursively to `depth` levels, so every
/// inexact group has at most `len / 2^depth` items; returns the groups in increasing order.
pub fn partition_levels<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    depth: u32,
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> Vec<Group> {
    let mut groups = Vec::new();
    split(items, 0, depth, key, cmp, &mut groups);
    groups
}

fn split<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    offset: usize,
    depth: u32,
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
    out: &mut Vec<Group>,
) {
    if items.is_empty() {
        return;
    }
    if depth == 0 || items.len() == 1 {
        out.push(Group {
            range: offset..offset + items.len(),
            exact: items.len() == 1,
        });
        return;
    }
    let median = select(items, items.len() / 2, key, cmp);
    let median_key = key(median);
    let (lt, gt) = partition3(items, median_key, key, cmp);
    let (low, rest) = items.split_at_mut(lt);
    split(low, offset, depth - 1, key, cmp, out);
    out.push(Group {
        range: offset + lt..offset + gt,
        exact: true,
    });
    split(&mut rest[gt - lt..], offset + gt, depth - 1, key, cmp, out);
}

/// Rearranges `items` into the negative, zero and positive payoffs, one comparison (with zero)
/// each and keeping their order within each sign (so that later passes read the payoffs of a
/// side in the order they lie); returns the bounds `(lt, gt)` of the zeros.
pub fn partition_sign<'a, P: Payoff + 'a>(
    items: &mut [Vertex],
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> (usize, usize) {
    let side: Vec<u32> = items
        .iter()
        .map(|&t| (cmp.sign(key(t)) as i8 + 1) as u32)
        .collect();
    let start = scatter(items, &side, 3);
    (start[1], start[2])
}

/// Items drawn into the sample per group of [`partition_sampled`].
const OVERSAMPLE: usize = 16;

/// Splits `items` into about `groups` runs around splitters drawn from a sample, each item placed
/// by a binary search among the splitters: `log2 groups` comparisons an item, where median levels
/// of the same depth cost about ten times as many. A run equal to a splitter is exact; every
/// other run holds at most `2 len / groups` items, which the sample gives on all but unlucky
/// orders and [`partition_levels`] enforces on those. Returns the non-empty runs in increasing
/// order.
///
/// The sample takes one item at a scrambled place in each of `s` equal stretches of `items`
/// (`s = min(16 groups, len / log2 len)`, so that sorting it costs O(len) comparisons), and the
/// splitters are its distinct items of ranks `s / groups`, `2 s / groups`, ….
pub fn partition_sampled<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    groups: usize,
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> Vec<Group> {
    let len = items.len();
    let groups = groups.clamp(1, len.max(1));
    let splitters = sample_splitters(items, groups, key, cmp);
    // Item class 2i is the run below splitter i (and above splitter i - 1), 2i + 1 the run equal
    // to splitter i; 2s is the run above the last splitter.
    let mut class = Vec::with_capacity(len);
    let bounds: Vec<&P> = splitters.iter().map(|&s| key(s)).collect();
    for &t in items.iter() {
        let payoff = key(t);
        let (mut lo, mut hi) = (0, bounds.len());
        let c = loop {
            if lo == hi {
                break 2 * lo;
            }
            let mid = (lo + hi) / 2;
            match cmp.cmp(payoff, bounds[mid]) {
                Ordering::Less => hi = mid,
                Ordering::Greater => lo = mid + 1,
                Ordering::Equal => break 2 * mid + 1,
            }
        };
        class.push(c as u32);
    }
    let start = scatter(items, &class, 2 * splitters.len() + 1);
    let bound = (2 * len / groups).max(1);
    let mut out = Vec::new();
    for c in 0..start.len() - 1 {
        let range = start[c]..start[c + 1];
        if range.is_empty() {
            continue;
        }
        if c % 2 == 1 || range.len() == 1 {
            out.push(Group { range, exact: true });
        } else if range.len() <= bound {
            out.push(Group {
                range,
                exact: false,
            });
        } else {
            // An unlucky sample: medians cut the run down to the bound.
            let depth = range
                .len()
                .div_ceil(bound)
                .next_power_of_two()
                .trailing_zeros();
            let offset = range.start;
            out.extend(
                partition_levels(&mut items[range], depth, key, cmp)
                    .into_iter()
                    .map(|g| g.shifted(offset)),
            );
        }
    }
    out
}

/// The distinct splitters of [`partition_sampled`], in increasing order.
fn sample_splitters<'a, P: Ord + 'a>(
    items: &[Vertex],
    groups: usize,
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> Vec<Vertex> {
    let len = items.len();
    if groups <= 1 || len == 0 {
        return Vec::new();
    }
    let affordable = (len as f64 / (len as f64).log2().max(1.0)) as usize;
    let size = (OVERSAMPLE * groups).min(affordable).max(groups).min(len);
    let mut scramble = 0x9e37_79b9_7f4a_7c15u64;
    let mut sample: Vec<Vertex> = (0..size)
        .map(|j| {
            let (from, to) = (j * len / size, (j + 1) * len / size);
            scramble ^= scramble << 13;
            scramble ^= scramble >> 7;
            scramble ^= scramble << 17;
            items[from + (scramble % (to - from) as u64) as usize]
        })
        .collect();
    sample.sort_by(|&a, &b| cmp.cmp(key(a), key(b)));
    let mut splitters: Vec<Vertex> = Vec::with_capacity(groups);
    for r in 1..groups {
        let candidate = sample[r * size / groups];
        if splitters
            .last()
            .is_none_or(|&last| cmp.cmp(key(last), key(candidate)) == Ordering::Less)
        {
            splitters.push(candidate);
        }
    }
    splitters
}

/// Sorts `items` by payoff and returns the runs of equal payoffs in increasing order.
pub fn sort_groups<'a, P: Ord + 'a>(
    items: &mut [Vertex],
    key: &impl Fn(Vertex) -> &'a P,
    cmp: &Comparisons,
) -> Vec<Group> {
    items.sort_by(|&a, &b| cmp.cmp(key(a), key(b)));
    let mut groups: Vec<Group> = Vec::new();
    for i in 0..items.len() {
        match groups.last_mut() {
            Some(g) if cmp.cmp(key(items[i - 1]), key(items[i])) == Ordering::Equal => {
                g.range.end = i + 1
            }
            _ => groups.push(Group {
                range: i..i + 1,
                exact: true,
            }),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check_groups(values: &[i64], items: &[Vertex], groups: &[Group]) {
        let mut end = 0;
        for g in groups {
            assert_eq!(g.range.start, end);
            end = g.range.end;
            if g.exact {
                assert!(
                    items[g.range.clone()]
                        .iter()
                        .all(|v| values[v.index()] == values[items[g.range.start].index()])
                );
            }
        }
        assert_eq!(end, items.len());
        for w in groups.windows(2) {
            let max_left = items[w[0].range.clone()]
                .iter()
                .map(|v| values[v.index()])
                .max()
                .unwrap();
            let min_right = items[w[1].range.clone()]
                .iter()
                .map(|v| values[v.index()])
                .min()
                .unwrap();
            assert!(max_left < min_right);
        }
    }

    proptest! {
        #[test]
        fn selection_and_partitions(values in proptest::collection::vec(-20i64..20, 1..200), depth in 0u32..6) {
            let key = |v: Vertex| &values[v.index()];
            let cmp = Comparisons::new();
            let mut items: Vec<Vertex> = (0..values.len()).map(Vertex::new).collect();
            let mut sorted = values.clone();
            sorted.sort();
            let k = values.len() / 3;
            prop_assert_eq!(*key(select(&mut items, k, &key, &cmp)), sorted[k]);
            let groups = partition_median(&mut items, &key, &cmp);
            check_groups(&values, &items, &groups);
            let groups = partition_levels(&mut items, depth, &key, &cmp);
            check_groups(&values, &items, &groups);
            for g in groups.iter().filter(|g| !g.exact) {
                prop_assert!(g.range.len() <= values.len() >> depth);
            }
            let groups = sort_groups(&mut items, &key, &cmp);
            check_groups(&values, &items, &groups);
            prop_assert!(groups.iter().all(|g| g.exact));
        }

        #[test]
        fn sampled_partitions(values in proptest::collection::vec(-50i64..50, 1..400), groups in 1usize..40) {
            let key = |v: Vertex| &values[v.index()];
            let cmp = Comparisons::new();
            let mut items: Vec<Vertex> = (0..values.len()).map(Vertex::new).collect();
            let split = partition_sampled(&mut items, groups, &key, &cmp);
            check_groups(&values, &items, &split);
            let bound = (2 * values.len() / groups.min(values.len())).max(1);
            for g in split.iter().filter(|g| !g.exact) {
                prop_assert!(g.range.len() <= bound, "{} items in a group, bound {bound}", g.range.len());
            }
            let (lt, gt) = partition_sign(&mut items, &key, &cmp);
            prop_assert!(items[..lt].iter().all(|&v| values[v.index()] < 0));
            prop_assert!(items[lt..gt].iter().all(|&v| values[v.index()] == 0));
            prop_assert!(items[gt..].iter().all(|&v| values[v.index()] > 0));
        }
    }

    /// A sampled split into groups of a few hundred (as the almost-linear solver makes) costs
    /// about one comparison per item and level, on distinct payoffs and on sorted ones, and its
    /// groups stay within twice the even share.
    #[test]
    fn sampled_partition_costs_a_comparison_per_level() {
        for n in [16_000usize, 256_000] {
            let scrambled: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % n as i64).collect();
            let sorted: Vec<i64> = (0..n as i64).collect();
            for values in [scrambled, sorted] {
                for groups in [4usize, 64, 1024].into_iter().filter(|g| g * 250 <= n) {
                    let key = |v: Vertex| &values[v.index()];
                    let cmp = Comparisons::new();
                    let mut items: Vec<Vertex> = (0..n).map(Vertex::new).collect();
                    let split = partition_sampled(&mut items, groups, &key, &cmp);
                    let per_item = cmp.count() as f64 / n as f64;
                    let levels = (groups as f64).log2();
                    assert!(
                        per_item <= levels + 1.5,
                        "{per_item:.2} comparisons per item for {groups} groups"
                    );
                    assert!(
                        split
                            .iter()
                            .all(|g| g.exact || g.range.len() <= 2 * n / groups)
                    );
                }
            }
        }
    }

    #[test]
    fn median_partition_uses_linear_comparisons() {
        for n in [1_000usize, 10_000, 100_000] {
            let values: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % n as i64).collect();
            let key = |v: Vertex| &values[v.index()];
            let cmp = Comparisons::new();
            let mut items: Vec<Vertex> = (0..n).map(Vertex::new).collect();
            partition_median(&mut items, &key, &cmp);
            assert!(
                cmp.count() <= 30 * n as u64,
                "{} comparisons for {n} items",
                cmp.count()
            );
        }
    }
}
