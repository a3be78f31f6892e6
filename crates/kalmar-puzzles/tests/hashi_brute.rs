//! The solver, propagation, checker and generator against a brute force over all bridge
//! assignments, on many small random puzzles.

use kalmar_puzzles::hashi::check::check;
use kalmar_puzzles::hashi::generate::{Params, generate};
use kalmar_puzzles::hashi::propagate::propagate;
use kalmar_puzzles::hashi::sat::SatSearch;
use kalmar_puzzles::hashi::{Island, Mode, Puzzle, Solution, solve};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every assignment of 0, 1 or 2 bridges per link that the checker accepts.
fn brute_force(puzzle: &Puzzle) -> BTreeSet<Vec<u8>> {
    let links = puzzle.links().len();
    let mut bridges = vec![0u8; links];
    let mut found = BTreeSet::new();
    loop {
        let solution = Solution {
            bridges: bridges.clone(),
        };
        if check(puzzle, &solution).is_ok() {
            found.insert(bridges.clone());
        }
        let Some(position) = bridges.iter().position(|&b| b < 2) else {
            return found;
        };
        bridges[position] += 1;
        bridges[..position].fill(0);
    }
}

/// A small puzzle: islands on random cells, numbers either random or read off random bridges
/// (so that many are solvable).
fn small_puzzle() -> impl Strategy<Value = Puzzle> {
    (1usize..=6, 1usize..=6, any::<u64>(), any::<bool>()).prop_filter_map(
        "too many links for brute force",
        |(width, height, seed, planted)| {
            let mut state = seed | 1;
            let mut next = move |bound: u64| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state % bound
            };
            let cells = width * height;
            let count = (2 + next(7) as usize).min(cells);
            let mut chosen = BTreeSet::new();
            while chosen.len() < count {
                chosen.insert(next(cells as u64) as usize);
            }
            let islands: Vec<Island> = chosen
                .iter()
                .map(|&cell| Island {
                    row: cell / width,
                    column: cell % width,
                    number: 1,
                })
                .collect();
            let shape = Puzzle::new(width, height, islands).ok()?;
            if shape.links().len() > 10 {
                return None;
            }
            let mut numbers: Vec<u8> = (0..shape.islands().len())
                .map(|_| 1 + next(8) as u8)
                .collect();
            if planted {
                let mut bridges: Vec<u8> = (0..shape.links().len())
                    .map(|_| [0, 1, 1, 2, 1, 1][next(6) as usize])
                    .collect();
                for &(h, v) in shape.crossings() {
                    if bridges[h] > 0 && bridges[v] > 0 {
                        bridges[v] = 0;
                    }
                }
                let mut ends = vec![0u8; numbers.len()];
                for (link, &b) in shape.links().iter().zip(&bridges) {
                    ends[link.first] += b;
                    ends[link.second] += b;
                }
                for (number, end) in numbers.iter_mut().zip(ends) {
                    if end > 0 {
                        *number = end;
                    }
                }
            }
            let islands = shape
                .islands()
                .iter()
                .zip(numbers)
                .map(|(island, number)| Island { number, ..*island })
                .collect();
            Puzzle::new(width, height, islands).ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn solver_agrees_with_brute_force(puzzle in small_puzzle()) {
        let expected = brute_force(&puzzle);
        let counted = solve(&puzzle, Mode::Count { limit: 1000 }).unwrap();
        let found: BTreeSet<Vec<u8>> =
            counted.solutions.iter().map(|s| s.bridges.clone()).collect();
        prop_assert_eq!(found.len(), counted.solutions.len(), "a solution found twice");
        prop_assert_eq!(&found, &expected);
        prop_assert!(counted.count_exact);
        prop_assert_eq!(counted.count, expected.len());

        let find = solve(&puzzle, Mode::Find).unwrap();
        prop_assert_eq!(find.solutions.len(), usize::from(!expected.is_empty()));
        prop_assert_eq!(find.count_exact, expected.is_empty());
        let unique = solve(&puzzle, Mode::Unique).unwrap();
        prop_assert_eq!(unique.unique, Some(expected.len() == 1));
        prop_assert_eq!(unique.count, expected.len().min(2));
        let limited = solve(&puzzle, Mode::Count { limit: 2 }).unwrap();
        prop_assert_eq!(limited.count_exact, expected.len() < 2);
        for answer in [&counted, &find, &unique, &limited] {
            for solution in &answer.solutions {
                prop_assert_eq!(check(&puzzle, solution), Ok(()));
                prop_assert!(expected.contains(&solution.bridges));
            }
        }
    }

    #[test]
    fn propagation_never_contradicts_a_solution(puzzle in small_puzzle()) {
        let expected = brute_force(&puzzle);
        match propagate(&puzzle) {
            Err(contradiction) => prop_assert!(
                expected.is_empty(),
                "contradiction {} on a solvable puzzle", contradiction.why
            ),
            Ok(deductions) => {
                for bridges in &expected {
                    for (link, &b) in bridges.iter().enumerate() {
                        prop_assert!(
                            (deductions.min[link]..=deductions.max[link]).contains(&b),
                            "link {} has {} bridges in a solution, bounds {}..={}",
                            link, b, deductions.min[link], deductions.max[link]
                        );
                    }
                }
            }
        }
    }

    /// Any set of islands short of all gives a valid cut, and the search that avoids a solution
    /// finds every other one: enumerating with both loses nothing.
    #[test]
    fn any_cut_and_any_avoided_solution_lose_nothing(puzzle in small_puzzle(), mask: u64) {
        let expected = brute_force(&puzzle);
        let Ok(deductions) = propagate(&puzzle) else {
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        let avoided = expected.iter().next().cloned();
        let mut search = match &avoided {
            Some(bridges) => {
                let solution = Solution { bridges: bridges.clone() };
                SatSearch::avoiding(&puzzle, &deductions, &solution)
            }
            None => SatSearch::new(&puzzle, &deductions),
        };
        // Any order, repeats, indices past the islands: the search takes care. A set of all
        // the islands (no cut holds) must be ignored.
        let count = puzzle.islands().len();
        let set: Vec<usize> = (0..count + 2)
            .rev()
            .filter(|&i| mask >> (i % 64) & 1 == 1)
            .chain((mask & 1 == 1).then_some(0))
            .collect();
        search.cut(&set);
        let mut found = BTreeSet::new();
        while let Some(solution) = search.next_solution() {
            prop_assert_eq!(check(&puzzle, &solution), Ok(()));
            search.block(&solution);
            found.insert(solution.bridges);
        }
        let mut others = expected.clone();
        if let Some(bridges) = &avoided {
            others.remove(bridges);
        }
        prop_assert_eq!(found, others);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A generated puzzle has exactly the generated solution, by brute force where the links
    /// are few enough, and by counting otherwise.
    #[test]
    fn generated_puzzles_have_one_solution(width in 3usize..=8, height in 3usize..=8, seed: u64) {
        let generated = generate(&Params::new(width, height, seed)).unwrap();
        let puzzle = &generated.puzzle;
        prop_assert_eq!(check(puzzle, &generated.solution), Ok(()));
        if puzzle.links().len() <= 10 {
            let expected = BTreeSet::from([generated.solution.bridges.clone()]);
            prop_assert_eq!(brute_force(puzzle), expected);
        }
        let counted = solve(puzzle, Mode::Count { limit: 5 }).unwrap();
        prop_assert_eq!((counted.count, counted.count_exact), (1, true));
        prop_assert_eq!(&counted.solutions[0], &generated.solution);
    }
}
