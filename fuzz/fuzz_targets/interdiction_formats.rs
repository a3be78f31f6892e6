//! Fuzzes the interdiction formats: the `.gr` reader, the budget file reader and the JSON
//! solution reader. Input with NUL bytes is split there into a `.gr` file, a budget file and a
//! solution; other input goes to every reader, the budget and the solution on a fixed network.
//! No reader may panic; what is read must be written back to text that reads back the same;
//! on small instances every solution GPI finds must pass its certificate, from its file too (for
//! budgets of raises, the exact-LP solution and its duality certificate), and a fuzzed solution
//! file is verified without panicking.
#![no_main]

use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::budget_file::{instance, read_budget, to_budget_string};
use kalmar_interdiction::dimacs::{read_gr, to_gr_string};
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::Operator;
use kalmar_interdiction::{certificate, gpi, partial, solution_file::SolutionFile};
use kalmar_interdiction::{partial_certificate, polyhedral::Polyhedral};
use libfuzzer_sys::fuzz_target;

/// Vertex 1 has three out-edges, two of them parallel.
const GR: &str = "p sp 4 5\na 1 2 1\na 1 3 5\na 2 3 1\na 1 3 7\na 3 4 2\n";

/// The most vertices a fuzzed `.gr` file may have for its network to be built (a header may
/// promise 2^32 - 2 of them, which the network would allocate).
const MAX_BUILT: usize = 1 << 12;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(3, '\0');
    let gr_text = parts.next().unwrap_or_default();
    let budget_text = parts.next().unwrap_or(text);
    let solution_text = parts.next().unwrap_or(text);
    let fixed = read_gr(GR).expect("the fixed network reads");
    let gr = read_gr(gr_text).ok().filter(|gr| gr.vertices <= MAX_BUILT);
    let network = match &gr {
        Some(gr) => gr.network(0, 0).expect("a .gr file that reads builds"),
        None => fixed.network(0, 3).expect("the fixed network builds"),
    };
    if gr.is_some() {
        let again = read_gr(&to_gr_string(&network)).expect("written .gr text reads back");
        assert_eq!(
            again.network(0, 0).as_ref(),
            Ok(&network),
            "the .gr round trip"
        );
        let both = instance(gr_text, budget_text);
        assert_eq!(
            both.is_ok(),
            read_budget(budget_text, &network).is_ok(),
            "instance agrees"
        );
    }
    let Ok(file) = read_budget(budget_text, &network) else {
        if let Ok(solution) = SolutionFile::read(solution_text) {
            let _ = solution.verify(&network, &Budget::Removals(vec![1; network.num_vertices()]));
        }
        return;
    };
    let edges: Vec<(usize, usize, u64)> = network.edges().collect();
    let network = Network::new(network.num_vertices(), &edges, file.source, file.sink)
        .expect("the budget's terminals are vertices");
    let written = to_budget_string(&network, &file.budget);
    match read_budget(&written, &network) {
        Ok(again) => assert_eq!(again, file, "the budget round trip\n{written}"),
        Err(e) => panic!("the written budget does not read back: {e}\n{written}"),
    }
    if let Ok(solution) = SolutionFile::read(solution_text) {
        let _ = solution.verify(&network, &file.budget);
    }
    if network.num_vertices() > 64 || network.num_edges() > 256 {
        return;
    }
    if let Budget::Polyhedral(polytopes) = &file.budget {
        check_partial(&network, polytopes);
    }
    for (name, operator) in Operator::ALL {
        let Ok(solution) = gpi::solve(&network, &file.budget, operator) else {
            continue;
        };
        if let Err(e) = certificate::check(&network, &file.budget, operator, &solution) {
            panic!("{name}: GPI's solution fails its certificate: {e}");
        }
        let saved = SolutionFile::new(&network, operator, &solution);
        let read = SolutionFile::read(&saved.to_text().expect("a solution file writes"))
            .expect("a written solution file reads back");
        if let Err(e) = read.verify(&network, &file.budget) {
            panic!("{name}: the saved solution does not verify: {e}");
        }
    }
});

/// Partial interdiction on a small instance with numbers of 64 bits (a fuzzed coefficient of
/// thousands of digits makes the exact programs slow, not wrong): the solution passes its
/// certificate, from its file too.
fn check_partial(network: &Network, polytopes: &Polyhedral) {
    let small = (0..polytopes.num_vertices()).all(|v| {
        polytopes.rows(v).iter().all(|row| {
            row.bound.to_small().is_some() && row.terms.iter().all(|(_, a)| a.to_small().is_some())
        })
    });
    if !small || network.num_edges() > 32 {
        return;
    }
    let solution = match partial::solve(network, polytopes, Operator::Sum) {
        Ok(solution) => solution,
        Err(e) => panic!("partial interdiction fails: {e}"),
    };
    if let Err(e) = partial_certificate::check(network, polytopes, &solution) {
        panic!("the partial solution fails its certificate: {e}");
    }
    let saved = SolutionFile::new_partial(network, &solution);
    let read = SolutionFile::read(&saved.to_text().expect("a solution file writes"))
        .expect("a written solution file reads back");
    if let Err(e) = read.verify_partial(network, polytopes) {
        panic!("the saved partial solution does not verify: {e}");
    }
}
