//! All extreme equilibria by vertex enumeration, and the Lemke–Howson graph traversal: known
//! answers, and on random degenerate games a brute force that finds every vertex of the
//! best-response polytopes by solving each choice of tight constraints.

use kalmar_core::Rational;
use kalmar_efg::format::read_nfg;
use kalmar_efg::generate::random_bimatrix;
use kalmar_efg::nash::lemke_howson::all_labels;
use kalmar_efg::nash::pure::pure_equilibria;
use kalmar_efg::nash::support::support_enumeration;
use kalmar_efg::nash::vertex::extreme_equilibria;
use kalmar_efg::nash::{MixedProfile, is_equilibrium};
use kalmar_efg::normal::{Matrix, bimatrix_game};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::collections::BTreeSet;

fn r(n: i64, d: i64) -> Rational {
    Rational::new(n, d)
}

fn profile(x: &[Rational], y: &[Rational]) -> MixedProfile {
    MixedProfile::new(vec![x.to_vec(), y.to_vec()])
}

fn set(list: &[MixedProfile]) -> BTreeSet<String> {
    list.iter().map(|p| format!("{:?}", p.0)).collect()
}

/// Solves the square system `rows · v = rhs` exactly; `None` when singular.
fn solve(mut rows: Vec<Vec<Rational>>, mut rhs: Vec<Rational>) -> Option<Vec<Rational>> {
    let n = rhs.len();
    for c in 0..n {
        let p = (c..n).find(|&i| !rows[i][c].is_zero())?;
        rows.swap(c, p);
        rhs.swap(c, p);
        let (pivot_row, pivot_rhs) = (rows[c].clone(), rhs[c].clone());
        for (i, (row, b)) in rows.iter_mut().zip(rhs.iter_mut()).enumerate() {
            if i != c && !row[c].is_zero() {
                let f = &row[c] / &pivot_row[c];
                for (x, p) in row.iter_mut().zip(&pivot_row) {
                    *x = &*x - &(&f * p);
                }
                *b = &*b - &(&f * &pivot_rhs);
            }
        }
    }
    Some((0..n).map(|i| &rhs[i] / &rows[i][i]).collect())
}

/// The vertices of `{v ≥ 0 : Mᵀ v ≤ 1}` (`M` is `d × k`, shifted positive) other than 0, with
/// their labels: constraint `i < d` is `v_i ≥ 0` (label `own + i`), constraint `d + j` is
/// column `j` (label `other + j`). Every choice of `d` constraints made tight is solved.
fn brute_vertices(
    m: &[Vec<Rational>],
    own: usize,
    other: usize,
) -> Vec<(Vec<Rational>, BTreeSet<usize>)> {
    let (d, k) = (m.len(), m[0].len());
    let constraint = |c: usize| -> (Vec<Rational>, Rational) {
        if c < d {
            let mut row = vec![Rational::ZERO; d];
            row[c] = Rational::ONE;
            (row, Rational::ZERO)
        } else {
            ((0..d).map(|i| m[i][c - d].clone()).collect(), Rational::ONE)
        }
    };
    let mut out: Vec<(Vec<Rational>, BTreeSet<usize>)> = Vec::new();
    for mask in 0u32..(1 << (d + k)) {
        if mask.count_ones() as usize != d {
            continue;
        }
        let (rows, rhs): (Vec<_>, Vec<_>) = (0..d + k)
            .filter(|c| mask & (1 << c) != 0)
            .map(constraint)
            .unzip();
        let Some(v) = solve(rows, rhs) else { continue };
        let value = |c: usize| -> Rational {
            let (row, _) = constraint(c);
            row.iter()
                .zip(&v)
                .fold(Rational::ZERO, |s, (a, b)| s + &(a * b))
        };
        let feasible = (0..d).all(|i| value(i) >= Rational::ZERO)
            && (d..d + k).all(|c| value(c) <= Rational::ONE);
        if !feasible || v.iter().all(Rational::is_zero) || out.iter().any(|(w, _)| *w == v) {
            continue;
        }
        let labels = (0..d)
            .filter(|&i| value(i).is_zero())
            .map(|i| own + i)
            .chain(
                (d..d + k)
                    .filter(|&c| value(c) == Rational::ONE)
                    .map(|c| other + c - d),
            )
            .collect();
        out.push((v, labels));
    }
    out
}

/// Every extreme equilibrium by brute force: completely labelled pairs of vertices.
fn brute_extreme(a: &Matrix, b: &Matrix) -> Vec<MixedProfile> {
    let (m, n) = (a.rows(), a.cols());
    // A shift other than the polytopes' own: the normalised equilibria do not depend on it.
    let shifted =
        |mat: &Matrix, i: usize, j: usize| mat.get(i, j) + &(Rational::from(2) - mat.min());
    let bt: Vec<Vec<Rational>> = (0..m)
        .map(|i| (0..n).map(|j| shifted(b, i, j)).collect())
        .collect();
    let at: Vec<Vec<Rational>> = (0..n)
        .map(|j| (0..m).map(|i| shifted(a, i, j)).collect())
        .collect();
    let xs = brute_vertices(&bt, 0, m);
    let ys = brute_vertices(&at, m, 0);
    let mut out = Vec::new();
    for (x, lx) in &xs {
        for (y, ly) in &ys {
            if lx.union(ly).count() == m + n {
                let e = MixedProfile::normalised(vec![x.clone(), y.clone()]);
                if !out.contains(&e) {
                    out.push(e);
                }
            }
        }
    }
    out
}

#[test]
fn a_degenerate_game_has_three_extreme_equilibria() {
    // The degenerate 3 × 2 game of B. von Stengel, Equilibrium computation for two-player games
    // in strategic and extensive form (Algorithmic Game Theory, 2007, ch. 3). By hand: against
    // Top player 2 is indifferent, and Top is a best reply exactly when y₁ ≥ 2/3, so
    // ((1,0,0), y) is an equilibrium for y₁ ∈ [2/3, 1], with extreme points y = (1,0) and
    // (2/3,1/3); mixing Middle and Bottom, (0,1/3,2/3) makes player 2 indifferent and
    // (1/3,2/3) makes player 1 indifferent between them (payoff 4 > 3 for Top); no other
    // support works.
    let a = Matrix::from_rows(&[&[3, 3], &[2, 5], &[0, 6]]);
    let b = Matrix::from_rows(&[&[3, 3], &[2, 6], &[3, 1]]);
    let game = bimatrix_game("degenerate", &a, &b);
    let (zero, one) = (Rational::ZERO, Rational::ONE);
    let expected = [
        profile(
            &[one.clone(), zero.clone(), zero.clone()],
            &[one.clone(), zero.clone()],
        ),
        profile(
            &[one.clone(), zero.clone(), zero.clone()],
            &[r(2, 3), r(1, 3)],
        ),
        profile(&[zero.clone(), r(1, 3), r(2, 3)], &[r(1, 3), r(2, 3)]),
    ];
    let (found, _) = extreme_equilibria(&a, &b);
    assert_eq!(set(&found), set(&expected));
    for e in &found {
        assert!(is_equilibrium(&game, e));
    }
    assert_eq!(set(&brute_extreme(&a, &b)), set(&expected));
    // Support enumeration reaches ((1,0,0), (2/3,1/3)), whose supports have sizes 1 and 2, only
    // through the pair {Top, Middle} × {Left, Right} with a zero weight; it finds no other.
    assert!(set(&support_enumeration(&a, &b).0).is_subset(&set(&expected)));
}

#[test]
fn von_stengels_games_by_vertex_enumeration() {
    // The 3 × 2 game of the Handbook chapter (2002) has 3 equilibria and the 6 × 6 game of
    // Discrete Comput. Geom. 21 (1999) has 75; both are nondegenerate, so all are extreme.
    let a = Matrix::from_rows(&[&[3, 3], &[2, 5], &[0, 6]]);
    let b = Matrix::from_rows(&[&[3, 2], &[2, 6], &[3, 1]]);
    assert_eq!(extreme_equilibria(&a, &b).0.len(), 3);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/efg/stengel-6x6.nfg"
    );
    let game = read_nfg(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (a, b) = game.bimatrix().unwrap();
    let (found, _) = extreme_equilibria(&a, &b);
    assert_eq!(found.len(), 75);
    assert_eq!(set(&found), set(&support_enumeration(&a, &b).0));
    // The Lemke–Howson traversal stays among them and reaches at least the m + n path ends.
    let (lh, _) = all_labels(&a, &b);
    assert!(lh.from_artificial >= 1 && lh.equilibria.len() >= lh.from_artificial);
    assert!(set(&lh.equilibria).is_subset(&set(&found)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: RngSeed::Fixed(7), ..ProptestConfig::default() })]

    #[test]
    fn vertex_enumeration_equals_brute_force_on_degenerate_games(
        m in 1usize..=4, n in 1usize..=4, range in 1i64..=2, seed: u64,
    ) {
        // Payoffs in −range..=range: ties everywhere, so the games are mostly degenerate.
        let (a, b) = random_bimatrix(m, n, range, seed);
        let game = bimatrix_game("degenerate", &a, &b);
        let (found, _) = extreme_equilibria(&a, &b);
        prop_assert!(!found.is_empty());
        for e in &found {
            prop_assert!(is_equilibrium(&game, e));
        }
        let all = set(&found);
        prop_assert_eq!(&all, &set(&brute_extreme(&a, &b)));
        let (lh, _) = all_labels(&a, &b);
        prop_assert!(set(&lh.equilibria).is_subset(&all));
        // Support enumeration lists a subset, and never a smaller one silently: where it misses
        // an extreme equilibrium, it has met a witness that the game is degenerate.
        let (listed, stats) = support_enumeration(&a, &b);
        prop_assert!(set(&listed).is_subset(&all));
        prop_assert!(stats.degenerate || set(&listed) == all);
        let pure: Vec<MixedProfile> = pure_equilibria(&game)
            .iter()
            .map(|p| MixedProfile::pure(&[m, n], p))
            .collect();
        prop_assert!(set(&pure).is_subset(&all));
    }

    #[test]
    fn vertex_and_support_enumeration_agree_on_nondegenerate_games(
        m in 1usize..=4, n in 1usize..=4, seed: u64,
    ) {
        // A wide payoff range: nondegenerate with overwhelming probability, so every
        // equilibrium is extreme and has equal supports.
        let (a, b) = random_bimatrix(m, n, 1_000_000, seed);
        let (found, _) = extreme_equilibria(&a, &b);
        let (listed, stats) = support_enumeration(&a, &b);
        prop_assert_eq!(set(&found), set(&listed));
        prop_assert!(!stats.degenerate);
        // A nondegenerate game has an odd number of equilibria (Lemke and Howson).
        prop_assert_eq!(found.len() % 2, 1);
    }
}

#[test]
fn payoffs_beyond_machine_integers_take_the_big_integer_path() {
    // Payoffs near 10^17: products of two entries overflow 64 bits at once, so the tableau's
    // rows move to big integers; the answers must not change.
    for seed in 0..12 {
        let (a, b) = random_bimatrix(3, 3, 100_000_000_000_000_000, seed);
        let game = bimatrix_game("huge", &a, &b);
        let (found, _) = extreme_equilibria(&a, &b);
        assert_eq!(set(&found), set(&support_enumeration(&a, &b).0));
        let lh = all_labels(&a, &b).0.equilibria;
        assert!(set(&lh).is_subset(&set(&found)));
        for e in found.iter().chain(&lh) {
            assert!(is_equilibrium(&game, e));
        }
    }
}
