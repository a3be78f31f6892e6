//! The Lemke–Howson algorithm for two-player games, exact, from every starting label, and the
//! traversal of the Lemke–Howson graph from the equilibria it finds.
//!
//! C. E. Lemke and J. T. Howson, *Equilibrium points of bimatrix games*, SIAM J. Appl. Math. 12
//! (1964); in the polytope form of B. von Stengel, *Computing equilibria for two-person games*,
//! Handbook of Game Theory vol. 3 (2002), ch. 45, and L. S. Shapley, *A note on the
//! Lemke–Howson algorithm*, Math. Programming Study 1 (1974). The best-response polytopes `P`
//! and `Q` are kept as two tableaux ([`super::polytope`]). Dropping label `k` at a completely
//! labelled pair and alternately pivoting in the tableau that has the duplicate label follows a
//! path that ends at another completely labelled pair: from the artificial equilibrium `(0, 0)`
//! it ends at a Nash equilibrium. Every label is dropped at the artificial equilibrium and then
//! at every equilibrium found, until no path leads to a new one (the equilibria reachable in the
//! Lemke–Howson graph; in degenerate games, of the lexicographically perturbed game). The
//! lexicographic ratio test keeps degenerate games from cycling.
//!
//! # Complexity
//! Each pivot costs `O(mn)` integer operations; a path can be exponentially long in the worst
//! case (Savani and von Stengel 2006) and is short on most games. The traversal follows
//! `m + n` paths per completely labelled pair found.
//!
//! ```
//! use kalmar_efg::Matrix;
//! use kalmar_efg::nash::lemke_howson::{all_labels, lemke_howson};
//! use kalmar_efg::nash::is_equilibrium;
//! use kalmar_efg::normal::bimatrix_game;
//! // A coordination game: two pure equilibria and a mixed one.
//! let a = Matrix::from_rows(&[&[2, 0], &[0, 1]]);
//! let game = bimatrix_game("coordination", &a, &a);
//! let (first, _) = lemke_howson(&a, &a, 0);
//! assert!(is_equilibrium(&game, &first));
//! let (traversal, _) = all_labels(&a, &a);
//! assert_eq!(traversal.equilibria.len(), 3);
//! assert!(traversal.from_artificial >= 1);
//! ```

use super::passed;
use super::polytope::Polytope;
use super::profile::{MixedProfile, Stats};
use crate::normal::Matrix;
use std::collections::HashSet;
use std::time::Instant;

/// A completely labelled pair of bases.
#[derive(Clone)]
struct Pair {
    p: Polytope,
    q: Polytope,
}

impl Pair {
    /// The pair's bases, sorted: its identity.
    fn key(&self) -> (Vec<usize>, Vec<usize>) {
        let sorted = |t: &Polytope| {
            let mut b = t.tableau.basis().to_vec();
            b.sort_unstable();
            b
        };
        (sorted(&self.p), sorted(&self.q))
    }

    /// The normalised profile, or `None` at the artificial equilibrium.
    fn profile(&self) -> Option<MixedProfile> {
        let (x, y) = (self.p.point(), self.q.point());
        (x.iter().any(|v| !v.is_zero())).then(|| MixedProfile::normalised(vec![x, y]))
    }

    /// Drops label `k` and follows the path to the next completely labelled pair; returns the
    /// pivots made.
    fn follow(&mut self, k: usize) -> u64 {
        let before = self.p.tableau.pivots + self.q.tableau.pivots;
        let mut in_p = self.p.has_nonbasic(k);
        let mut label = k;
        loop {
            let t = if in_p { &mut self.p } else { &mut self.q };
            let col = t.column(label);
            let left_column = t.tableau.enter(col).expect("the polytopes are bounded");
            let left = t.label(left_column);
            if left == k {
                break;
            }
            label = left;
            in_p = !in_p;
        }
        self.p.tableau.pivots + self.q.tableau.pivots - before
    }
}

/// The equilibrium at the end of the Lemke–Howson path that drops label `k` at the artificial
/// equilibrium (labels `0..m` are player 1's strategies, `m..m+n` player 2's), and the pivots
/// it took.
pub fn lemke_howson(a: &Matrix, b: &Matrix, k: usize) -> (MixedProfile, u64) {
    assert!(
        k < a.rows() + a.cols(),
        "a label is a strategy of one of the players"
    );
    let [p, q] = Polytope::pair(a, b);
    let mut pair = Pair { p, q };
    let pivots = pair.follow(k);
    (
        pair.profile()
            .expect("a path from the artificial equilibrium ends elsewhere"),
        pivots,
    )
}

/// What the traversal found.
#[derive(Clone, Debug)]
pub struct Traversal {
    /// The equilibria, without repetition: first those at the ends of the paths from the
    /// artificial equilibrium (in order of label), then those found from other equilibria.
    pub equilibria: Vec<MixedProfile>,
    /// How many of them lie at the end of a path from the artificial equilibrium.
    pub from_artificial: usize,
}

/// Lemke–Howson from every label at the artificial equilibrium, then from every label at every
/// equilibrium found, until no new completely labelled pair turns up.
pub fn all_labels(a: &Matrix, b: &Matrix) -> (Traversal, Stats) {
    let (traversal, stats, _) = all_labels_until(a, b, None);
    (traversal, stats)
}

/// [`all_labels`], stopping when `deadline` passes (checked before each path) with the
/// equilibria found so far; the flag says whether it stopped.
pub fn all_labels_until(
    a: &Matrix,
    b: &Matrix,
    deadline: Option<Instant>,
) -> (Traversal, Stats, bool) {
    let labels = a.rows() + a.cols();
    let [p, q] = Polytope::pair(a, b);
    let artificial = Pair { p, q };
    let mut seen: HashSet<(Vec<usize>, Vec<usize>)> = HashSet::from([artificial.key()]);
    let mut stats = Stats::default();
    let mut equilibria: Vec<MixedProfile> = Vec::new();
    let mut from_artificial = 0;
    let mut queue = vec![artificial];
    let mut next = 0;
    let mut stopped = false;
    'search: while next < queue.len() {
        for k in 0..labels {
            if passed(deadline) {
                stopped = true;
                break 'search;
            }
            let mut pair = queue[next].clone();
            stats.pivots += pair.follow(k);
            if !seen.insert(pair.key()) {
                continue;
            }
            let profile = pair.profile().expect("only one pair is artificial");
            if !equilibria.contains(&profile) {
                equilibria.push(profile);
                if next == 0 {
                    from_artificial += 1;
                }
            }
            queue.push(pair);
        }
        next += 1;
    }
    (
        Traversal {
            equilibria,
            from_artificial,
        },
        stats,
        stopped,
    )
}
