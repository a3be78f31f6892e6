//! Fuzzes the puzzle formats: Hashiwokakero grids (solved or not), puzz.link URLs and Tatham game
//! IDs, Hiroimono grids, point lists and solutions, the grid graphs of the Hamilton
//! reduction and the DIMACS formulas of the 3-SAT reduction (small ones reduced, the puzzle's
//! legal tours checked). No reader may panic; what is read is written back to text that reads back the
//! same; small Hashiwokakero puzzles are solved and every solution passes the checker, and a
//! drawn solution is checked without panicking.
#![no_main]

use kalmar_puzzles::hashi::{self, format as grid, url};
use kalmar_puzzles::cnf::Cnf;
use kalmar_puzzles::hiroimono::reduction::Reduction;
use kalmar_puzzles::hiroimono::{self, Variant, format as stones};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((puzzle, solution)) = grid::read_solved(text) {
        let written = grid::write_puzzle(&puzzle);
        assert_eq!(grid::read_puzzle(&written).as_ref(), Ok(&puzzle), "grid round trip");
        let link = url::to_puzz_link(&puzzle);
        assert_eq!(url::from_puzz_link(&link).as_ref(), Ok(&puzzle), "URL round trip");
        let id = url::to_tatham(&puzzle);
        assert_eq!(url::from_tatham(&id).as_ref(), Ok(&puzzle), "game ID round trip");
        let _ = hashi::check::check(&puzzle, &solution);
        if puzzle.links().len() <= 24 {
            let answer = hashi::solve(&puzzle, hashi::Mode::Count { limit: 4 })
                .expect("every solution found passes the checker");
            for found in &answer.solutions {
                assert!(hashi::check::check(&puzzle, found).is_ok());
            }
        }
    }
    let _ = url::from_puzz_link(text);
    let _ = url::from_tatham(text);
    let _ = hashi::reduction::read_points(text);
    if let Ok(formula) = Cnf::parse(text) {
        assert_eq!(Cnf::parse(&formula.to_dimacs()).as_ref(), Ok(&formula), "CNF round trip");
        if formula.variables() <= 4 && formula.clauses().len() <= 8 {
            let reduction = Reduction::new(&formula).expect("small formulas reduce");
            let all = [false, true];
            for bits in 0..1u32 << formula.variables() {
                let assignment: Vec<bool> =
                    (0..formula.variables()).map(|i| all[(bits >> i & 1) as usize]).collect();
                if let Some(tour) = reduction.solution(&assignment) {
                    assert!(hiroimono::check(&reduction.puzzle, Variant::Start, &tour).is_ok());
                }
            }
        }
    }
    if let Ok(puzzle) = stones::parse(text) {
        let points = stones::write_points(&puzzle);
        assert_eq!(stones::parse(&points).as_ref(), Ok(&puzzle), "point list round trip");
        if let Ok(solution) = stones::parse_solution(&puzzle, text) {
            for variant in Variant::ALL {
                let _ = hiroimono::check(&puzzle, variant, &solution);
            }
        }
    }
});
