//! Fuzzes the stochastic solvers on the games the `.gg` reader accepts (small ones): exact
//! strategy iteration never panics and its answer passes the independent verifier; strategy
//! recovery from its values gives strategies that pass too; value iteration's bounds contain the
//! exact values; the discounted-to-terminal reduction maps its solution back to the same values.
#![no_main]

use kalmar_core::Certificate;
use kalmar_core::format::read_gg;
use kalmar_stochastic::reduce::discounted_to_terminal;
use kalmar_stochastic::{
    Class, DiscountedGame, Solution, Stats, TerminalPayoffGame, recover, si, vi,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = read_gg(text) else {
        return;
    };
    if graph.arena.num_vertices() > 12 || graph.arena.num_edges() > 40 {
        return;
    }
    let epsilon = kalmar_core::Rational::new(1, 1000);
    match Class::of(&graph) {
        Class::Simple | Class::Terminal => {
            let Ok(game) = TerminalPayoffGame::from_graph(&graph) else {
                return;
            };
            let solution = si::solve_terminal(&game, &mut Stats::default());
            solution.verify(&game).expect("strategy iteration's answer verifies");
            let strategy = recover::recover(&game, &solution.values).expect("values recover");
            let recovered = Solution { values: solution.values.clone(), strategy };
            recovered.verify(&game).expect("recovered strategies verify");
            let bounds = vi::solve_terminal(&game, &epsilon, 2000, &mut Stats::default());
            for (v, x) in solution.values.iter().enumerate() {
                assert!(bounds.lower[v] <= *x && *x <= bounds.upper[v], "bounds hold");
            }
        }
        Class::Discounted => {
            let Ok(game) = DiscountedGame::from_graph(&graph) else {
                return;
            };
            let solution = si::solve_discounted(&game, &mut Stats::default());
            solution.verify(&game).expect("strategy iteration's answer verifies");
            let reduction = discounted_to_terminal::reduce(&game);
            let terminal = si::solve_terminal(&reduction.game, &mut Stats::default());
            assert_eq!(reduction.map_back(&game, &terminal).values, solution.values);
        }
        _ => {}
    }
});
