//! `kalmar ohhell experiment`: the paper's experiments, computed by
//! `kalmar_filter::ohhell::experiments` and printed as tables or JSON.

use super::{McmcArgs, PolicyArgs, enumerating, sampling, value};
use clap::Subcommand;
use kalmar_filter::ohhell::experiments;
use kalmar_filter::policy::AnyPolicy;

#[derive(Subcommand)]
pub enum Experiment {
    /// Table 1: enumerate the public states of 192, 12,960 and 544,320 histories (3 players;
    /// 2 suits x 4 ranks, 2 tricks, 1 played; 3 x 4, 3 tricks, 2 played; 3 x 4, 3 tricks,
    /// 1 played) and report counts and times. Use a release build for the largest.
    Table1 {
        /// Print JSON (counts under `rows[].histories`).
        #[arg(long)]
        json: bool,
        /// Skip the 544,320 state.
        #[arg(long)]
        small: bool,
    },
    /// Sampler quality: total-variation distance between the samplers' draws and the exact
    /// distribution of the 192-history public state, for growing sample counts.
    Distance {
        #[command(flatten)]
        policy: PolicyArgs,
        #[command(flatten)]
        mcmc: McmcArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Figure 4: value-estimation error against the number of samples for exact sampling,
    /// importance sampling with a uniform proposal and the sampler with several burn-ins
    /// (table, --csv FILE, --svg FILE).
    Value(value::ValueArgs),
    /// Scale: the sampler on a 52-card public state early in the game (4 players, 12 tricks,
    /// one trick played): transitions per second, acceptance, and the potential scale reduction
    /// factor (R-hat) of trumps in player 0's hand across chains.
    Scale {
        #[command(flatten)]
        policy: PolicyArgs,
        #[command(flatten)]
        mcmc: McmcArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(experiment: &Experiment) -> anyhow::Result<()> {
    match experiment {
        Experiment::Table1 { json, small } => table1(*json, *small),
        Experiment::Distance { policy, mcmc, json } => distance(&policy.load()?, mcmc, *json),
        Experiment::Value(args) => value::run(args),
        Experiment::Scale { policy, mcmc, json } => scale(&policy.load()?, mcmc, *json),
    }
}

fn table1(json: bool, small: bool) -> anyhow::Result<()> {
    let table = enumerating(|progress| experiments::table1(small, progress))?;
    if json {
        say!("{}", serde_json::to_string(&table)?);
        return Ok(());
    }
    say!("Table 1: histories of three Oh Hell public states (3 players)");
    say!(
        "| suits x ranks | tricks | played | paper | enumerated | counted | enumeration | histories/s |"
    );
    say!("|---|---|---|---|---|---|---|---|");
    for row in &table.rows {
        let (state, g) = (&row.state, &row.state.game);
        let counted = row.counted.map_or("–".to_string(), |c| c.to_string());
        say!(
            "| {} x {} | {} | {} | {} | {} | {counted} | {:.3} s | {:.0} |",
            g.suits(),
            g.ranks(),
            g.tricks(),
            state.plays.len() / g.players(),
            row.paper,
            row.histories,
            row.enumerate_seconds,
            row.histories_per_second
        );
    }
    anyhow::ensure!(table.matches_paper(), "a count differs from the paper's");
    Ok(())
}

fn distance(policy: &AnyPolicy, mcmc: &McmcArgs, json: bool) -> anyhow::Result<()> {
    let report = sampling(|| experiments::distance(policy, &mcmc.settings()))?;
    if json {
        say!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    say!(
        "Total-variation distance to the exact distribution of the {}-history public state \
         (burn-in {}, thin {}, {} chains)",
        report.histories,
        mcmc.burn_in,
        mcmc.thin,
        mcmc.chains
    );
    say!("| samples | MCMC | exact sampling |");
    say!("|---|---|---|");
    for row in &report.rows {
        say!("| {} | {:.4} | {:.4} |", row.samples, row.mcmc, row.exact);
    }
    Ok(())
}

fn scale(policy: &AnyPolicy, mcmc: &McmcArgs, json: bool) -> anyhow::Result<()> {
    let report = sampling(|| experiments::scale(policy, &mcmc.settings()))?;
    if json {
        say!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    say!(
        "{}: {} histories",
        report.state.describe(),
        report.histories
    );
    say!(
        "{} samples, {} transitions in {:.2} s: {:.0} transitions/s, {:.1}% accepted",
        report.samples,
        report.transitions,
        report.seconds,
        report.transitions_per_second,
        100.0 * report.accepted as f64 / report.transitions.max(1) as f64
    );
    say!(
        "R-hat of player 0's trumps across {} chains: {:.3} (near 1: the chains agree)",
        report.chains,
        report.r_hat
    );
    say!(
        "exact uniform draws (no policy): {:.0}/s",
        report.uniform_draws_per_second
    );
    Ok(())
}
