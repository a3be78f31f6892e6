//! Andersson's reduction: Hashiwokakero solutions of a point set's puzzle are exactly the
//! Hamiltonian circuits of its grid graph, checked by brute force over circuits.

use kalmar_puzzles::hashi::check::check;
use kalmar_puzzles::hashi::reduction::{Reduction, ReductionError};
use kalmar_puzzles::hashi::{Mode, solve};
use proptest::prelude::*;
use std::collections::BTreeSet;

type Edges = BTreeSet<(usize, usize)>;

fn adjacent(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
}

fn edges_of(circuit: &[usize]) -> Edges {
    (0..circuit.len())
        .map(|i| {
            let (a, b) = (circuit[i], circuit[(i + 1) % circuit.len()]);
            (a.min(b), a.max(b))
        })
        .collect()
}

/// Every Hamiltonian circuit of the grid graph of `points`, as edge sets, by depth-first search
/// over paths from point 0.
fn circuits(points: &[(usize, usize)]) -> BTreeSet<Edges> {
    fn extend(points: &[(usize, usize)], path: &mut Vec<usize>, found: &mut BTreeSet<Edges>) {
        let last = *path.last().unwrap();
        if path.len() == points.len() {
            if adjacent(points[last], points[0]) {
                found.insert(edges_of(path));
            }
            return;
        }
        for next in 0..points.len() {
            if !path.contains(&next) && adjacent(points[last], points[next]) {
                path.push(next);
                extend(points, path, found);
                path.pop();
            }
        }
    }
    let mut found = BTreeSet::new();
    extend(points, &mut vec![0], &mut found);
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn solutions_are_the_hamiltonian_circuits(mask in 0u32..(1 << 12)) {
        // Subsets of a 3×4 block of points.
        let points: Vec<(usize, usize)> =
            (0..12).filter(|i| mask >> i & 1 == 1).map(|i| (i / 4, i % 4)).collect();
        prop_assume!(points.len() >= 3);
        let reduction = Reduction::new(&points).unwrap();
        let expected = circuits(&points);
        let answer = solve(&reduction.puzzle, Mode::Count { limit: 1000 }).unwrap();
        prop_assert!(answer.count_exact);
        let found: BTreeSet<Edges> = answer
            .solutions
            .iter()
            .map(|solution| {
                assert_eq!(check(&reduction.puzzle, solution), Ok(()));
                edges_of(&reduction.circuit(solution).expect("a solution is a circuit"))
            })
            .collect();
        prop_assert_eq!(found.len(), answer.count);
        prop_assert_eq!(&found, &expected);
        for solution in &answer.solutions {
            let circuit = reduction.circuit(solution).unwrap();
            prop_assert_eq!(reduction.solution(&circuit), Some(solution.clone()));
        }
    }
}

#[test]
fn a_ring_and_a_block() {
    // A 3×3 ring (the centre left out) has one circuit; the full 3×3 block, with an odd
    // number of points, has none; a 4×4 block has 6.
    let ring: Vec<(usize, usize)> = (0..9).filter(|&i| i != 4).map(|i| (i / 3, i % 3)).collect();
    let block = |n: usize| -> Vec<(usize, usize)> { (0..n * n).map(|i| (i / n, i % n)).collect() };
    for (points, count) in [(ring, 1), (block(3), 0), (block(4), 6)] {
        let reduction = Reduction::new(&points).unwrap();
        let answer = solve(&reduction.puzzle, Mode::Count { limit: 100 }).unwrap();
        assert_eq!((answer.count, answer.count_exact), (count, true));
        assert_eq!(circuits(&points).len(), count);
    }
}

#[test]
fn bad_point_sets_are_refused() {
    assert_eq!(
        Reduction::new(&[(0, 0), (0, 1)]),
        Err(ReductionError::TooFew(2))
    );
    assert_eq!(
        Reduction::new(&[(0, 0), (0, 1), (0, 1)]),
        Err(ReductionError::Duplicate(0, 1))
    );
    assert!(matches!(
        Reduction::new(&[(0, 0), (0, 1), (usize::MAX, 0)]),
        Err(ReductionError::Puzzle(_))
    ));
    let reduction = Reduction::new(&[(0, 0), (0, 1), (1, 0), (1, 1)]).unwrap();
    assert_eq!(reduction.solution(&[0, 1, 2, 3]), None);
    assert_eq!(reduction.solution(&[0, 1, 3]), None);
    assert_eq!(reduction.solution(&[0, 1, 3, 3]), None);
}
