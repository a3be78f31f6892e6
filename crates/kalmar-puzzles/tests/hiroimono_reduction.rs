//! The 3-SAT → Hiroimono reduction, proven on small formulas: under all four variants the
//! puzzle is solvable exactly when the formula is satisfiable, every satisfying assignment
//! maps to a tour the independent checker accepts, and the tour the solver finds maps back to
//! a satisfying assignment; and every tour under 180-HIROIMONO, the most permissive variant,
//! found by an enumeration of its own, maps back to a satisfying assignment.

use kalmar_puzzles::cnf::Cnf;
use kalmar_puzzles::hiroimono::reduction::Reduction;
use kalmar_puzzles::hiroimono::{Mode, Point, Puzzle, Solution, Variant, check, solve};
use proptest::prelude::*;

/// Every clause of at most three distinct literals over `variables` variables.
fn clauses(variables: i32) -> Vec<Vec<i32>> {
    let literals: Vec<i32> = (1..=variables).flat_map(|v| [v, -v]).collect();
    (1u32..1 << literals.len())
        .filter(|mask| mask.count_ones() <= 3)
        .map(|mask| {
            (0..literals.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| literals[i])
                .collect()
        })
        .collect()
}

/// Every formula of `count` clauses over `variables` variables, up to the clauses' order.
fn formulas(variables: i32, count: usize) -> Vec<Cnf> {
    let all = clauses(variables);
    let mut picks = vec![0usize; count];
    let mut formulas = Vec::new();
    loop {
        let chosen = picks.iter().map(|&i| all[i].clone()).collect();
        formulas.push(Cnf::new(variables as usize, chosen).unwrap());
        let Some(k) = (0..count).rev().find(|&k| picks[k] + 1 < all.len()) else {
            return formulas;
        };
        picks[k] += 1;
        for j in k + 1..count {
            picks[j] = picks[k];
        }
    }
}

fn assignments(variables: usize) -> impl Iterator<Item = Vec<bool>> {
    (0..1u32 << variables).map(move |bits| (0..variables).map(|i| bits >> i & 1 == 1).collect())
}

/// Checks the reduction of `formula` under `variants`; returns whether it is satisfiable.
fn proves(formula: &Cnf, variants: &[Variant]) -> bool {
    let reduction = Reduction::new(formula).unwrap();
    let mut satisfiable = false;
    for assignment in assignments(formula.variables()) {
        let tour = reduction.solution(&assignment);
        assert_eq!(
            tour.is_some(),
            formula.satisfied_by(&assignment),
            "{formula:?}"
        );
        if let Some(tour) = tour {
            satisfiable = true;
            assert_eq!(reduction.assignment(&tour), assignment);
            for &variant in &Variant::ALL {
                assert_eq!(
                    check(&reduction.puzzle, variant, &tour),
                    Ok(()),
                    "{formula:?}"
                );
            }
        }
    }
    for &variant in variants {
        let decided = reduction.decide(variant).unwrap();
        assert_eq!(decided.assignment.is_some(), decided.tour.is_some());
        assert_eq!(
            decided.tour.is_some(),
            satisfiable,
            "{formula:?} {variant:?}"
        );
        if let Some(tour) = &decided.tour {
            assert_eq!(check(&reduction.puzzle, variant, tour), Ok(()));
        }
    }
    satisfiable
}

const WITHOUT_TURNING_BACK: [Variant; 2] = [Variant::Start, Variant::Classic];
const TURNING_BACK: [Variant; 2] = [Variant::Reversal, Variant::ReversalStart];

/// The search under the 180 variants prunes less, so in debug mode it takes the larger of
/// these sets (and of the next test's) too long; an ignored test has them in release mode.
#[test]
fn every_formula_of_two_variables_and_up_to_three_clauses() {
    let mut unsatisfiable = 0;
    for count in 0..=3 {
        let variants: &[Variant] = if count < 3 {
            &Variant::ALL
        } else {
            &WITHOUT_TURNING_BACK
        };
        for formula in formulas(2, count) {
            unsatisfiable += usize::from(!proves(&formula, variants));
        }
    }
    assert!(unsatisfiable > 10, "{unsatisfiable}");
}

#[test]
fn every_formula_of_three_variables_and_up_to_two_clauses() {
    for count in 0..=2 {
        let variants: &[Variant] = if count < 2 {
            &Variant::ALL
        } else {
            &WITHOUT_TURNING_BACK
        };
        for formula in formulas(3, count) {
            proves(&formula, variants);
        }
    }
}

#[test]
#[ignore = "a few seconds in release mode"]
fn with_turns_back_every_formula_of_two_variables_and_three_clauses_or_three_and_two() {
    for formula in formulas(2, 3).iter().chain(&formulas(3, 2)) {
        proves(formula, &TURNING_BACK);
    }
}

#[test]
#[ignore = "12,341 formulas, about two minutes in release mode"]
fn every_formula_of_three_variables_and_three_clauses() {
    for formula in formulas(3, 3) {
        proves(&formula, &Variant::ALL);
    }
}

/// An earlier design gave this unsatisfiable formula a puzzle with tours that turn back at
/// stones meant as corners.
#[test]
fn turning_back_does_not_collect_a_false_literals_ring() {
    let formula = Cnf::new(3, vec![vec![3], vec![1, -2, 3], vec![-3]]).unwrap();
    assert!(!proves(&formula, &Variant::ALL));
    let reduction = Reduction::new(&formula).unwrap();
    for variant in TURNING_BACK {
        assert_eq!(reduction.decide(variant).unwrap().tour, None);
    }
}

/// Every tour of a puzzle under 180-HIROIMONO, from every start, found without the solvers:
/// each move goes to the nearest uncollected stone in one of the four directions. A stone with
/// at most one uncollected stone on its row and column can only be the next stone or the
/// last, which prunes the search.
struct Tours {
    /// Each stone's row and column, as stone indices in order along them.
    lines: Vec<[Vec<usize>; 2]>,
    collected: Vec<bool>,
    order: Vec<usize>,
}

impl Tours {
    fn new(puzzle: &Puzzle) -> Tours {
        let stones = puzzle.stones();
        let line = |same: &dyn Fn(Point) -> bool, along: fn(Point) -> i64| {
            let mut line: Vec<usize> = (0..stones.len()).filter(|&t| same(stones[t])).collect();
            line.sort_by_key(|&t| along(stones[t]));
            line
        };
        let lines = stones
            .iter()
            .map(|&p| {
                [
                    line(&|q| q.y == p.y, |q| q.x),
                    line(&|q| q.x == p.x, |q| q.y),
                ]
            })
            .collect();
        Tours {
            lines,
            collected: vec![false; stones.len()],
            order: Vec::new(),
        }
    }

    /// Calls `visit` on every tour.
    fn each(&mut self, visit: &mut dyn FnMut(&[usize])) {
        for start in 0..self.collected.len() {
            self.from(start, visit);
        }
    }

    fn from(&mut self, stone: usize, visit: &mut dyn FnMut(&[usize])) {
        self.collected[stone] = true;
        self.order.push(stone);
        if self.order.len() == self.collected.len() {
            visit(&self.order);
        } else {
            let moves = self.moves(stone);
            let ends: Vec<usize> = (0..self.collected.len())
                .filter(|&s| !self.collected[s] && self.uncollected_beside(s) <= 1)
                .collect();
            // With two ends, one is the next stone and the other the last.
            let last = self.collected.len() - self.order.len() == 1;
            let stranded = !last && ends.len() > 2
                || ends
                    .iter()
                    .any(|&e| self.uncollected_beside(e) == 0 && !moves.contains(&e));
            if !stranded {
                for next in moves {
                    if last || ends.len() < 2 || ends.contains(&next) {
                        self.from(next, visit);
                    }
                }
            }
        }
        self.order.pop();
        self.collected[stone] = false;
    }

    /// The nearest uncollected stone each way along the stone's row and column.
    fn moves(&self, stone: usize) -> Vec<usize> {
        let mut moves = Vec::new();
        for line in &self.lines[stone] {
            let at = line.iter().position(|&s| s == stone).unwrap();
            let open = |s: &&usize| !self.collected[**s];
            moves.extend(line[..at].iter().rev().find(open));
            moves.extend(line[at + 1..].iter().find(open));
        }
        moves
    }

    fn uncollected_beside(&self, stone: usize) -> usize {
        let lines = self.lines[stone].iter().flatten();
        lines.filter(|&&s| s != stone && !self.collected[s]).count()
    }
}

/// Enumerates every tour of `formula`'s puzzle under 180-HIROIMONO, checks that each maps to
/// a satisfying assignment, and returns how many there are.
fn every_tour_satisfies(formula: &Cnf) -> u64 {
    let reduction = Reduction::new(formula).unwrap();
    let mut tours = 0;
    Tours::new(&reduction.puzzle).each(&mut |order| {
        let values = reduction.assignment(&Solution {
            order: order.to_vec(),
        });
        assert!(formula.satisfied_by(&values), "{formula:?} {order:?}");
        tours += 1;
    });
    tours
}

#[test]
fn every_tour_with_turns_back_maps_to_a_satisfying_assignment() {
    // (x1): the enumeration finds the tours the search counts.
    let formula = Cnf::new(1, vec![vec![1]]).unwrap();
    let puzzle = Reduction::new(&formula).unwrap().puzzle;
    let counted = solve(&puzzle, Variant::Reversal, Mode::Count { limit: 1000 });
    assert_eq!((every_tour_satisfies(&formula), counted.count), (25, 25));
}

#[test]
#[ignore = "under a minute in release mode"]
fn every_tour_of_every_formula_of_one_clause_maps_to_a_satisfying_assignment() {
    for variables in 1..=3 {
        for formula in formulas(variables, 1) {
            every_tour_satisfies(&formula);
        }
    }
}

#[test]
fn empty_formulas_and_empty_clauses() {
    assert!(proves(&Cnf::new(0, vec![]).unwrap(), &Variant::ALL));
    assert!(!proves(&Cnf::new(0, vec![vec![]]).unwrap(), &Variant::ALL));
    assert!(!proves(
        &Cnf::new(2, vec![vec![1, 2], vec![]]).unwrap(),
        &Variant::ALL
    ));
    assert!(proves(&Cnf::new(3, vec![]).unwrap(), &Variant::ALL));
}

/// Random formulas of three variables and four to six clauses of up to three literals.
fn random_formula() -> impl Strategy<Value = Cnf> {
    let literal = (1..=3i32, any::<bool>()).prop_map(|(v, s)| if s { v } else { -v });
    let clause = proptest::collection::vec(literal, 1..=3);
    proptest::collection::vec(clause, 4..=6).prop_map(|clauses| Cnf::new(3, clauses).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// Unsatisfiable ones take the search long: minutes in release mode.
    #[test]
    #[ignore = "minutes in release mode"]
    fn random_formulas_of_three_variables(formula in random_formula()) {
        proves(&formula, &WITHOUT_TURNING_BACK);
    }
}
