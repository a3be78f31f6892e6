//! `kalmar bench stochastic`: the arguments and the table; the benchmark is
//! [`kalmar_bench::stochastic`]'s.

use kalmar_bench::markdown_table;
use kalmar_bench::stochastic::{Setup, run};
use std::path::Path;

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
    svg: Option<&Path>,
) -> anyhow::Result<()> {
    let setup = Setup {
        sizes,
        reps,
        seed,
        solvers,
    };
    let rows = run(families, &setup).map_err(crate::bench::failure)?;
    crate::bench::plot_rows(&rows, svg, "kalmar bench stochastic")?;
    if json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    say!("{}", markdown_table(&rows));
    Ok(())
}
