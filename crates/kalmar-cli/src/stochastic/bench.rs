//! `kalmar bench stochastic`: the arguments and the table; the benchmark is
//! [`kalmar_bench::stochastic`]'s.

use crate::bad_input;
use kalmar_bench::stochastic::{Setup, StochasticBenchError, StochasticRow, run};

/// The benchmark's error: internal failures exit with 1, bad families and games with 2.
fn reported(e: StochasticBenchError) -> anyhow::Error {
    if e.is_internal() {
        anyhow::anyhow!(e)
    } else {
        bad_input(e)
    }
}

/// `kalmar bench stochastic`: exact strategy iteration and value iteration on random games
/// and the Haddad–Monmege chains, and the other families of
/// [`kalmar_bench::stochastic::FAMILIES`]; a Markdown table or JSON.
pub fn bench(
    families: &[String],
    solvers: &[String],
    sizes: &[usize],
    reps: usize,
    seed: u64,
    json: bool,
) -> anyhow::Result<()> {
    let setup = Setup {
        sizes,
        reps,
        seed,
        solvers,
    };
    let rows = run(families, &setup).map_err(reported)?;
    if json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    say!("{}", StochasticRow::markdown_header());
    for row in rows {
        say!("{}", row.markdown());
    }
    Ok(())
}
