//! `kalmar ohhell`: history filtering in Oh Hell — count, enumerate, construct and sample the
//! histories of a public state, and the paper's experiments.

mod experiment;
mod value;

use crate::bad_input;
use crate::registry_ids::ids;
use clap::{Args, Subcommand};
use kalmar_filter::ohhell::PublicState;
use kalmar_filter::ohhell::jobs::SamplerSettings;
use kalmar_filter::ohhell::jobs::{self, JobError};
use kalmar_filter::policy::{AnyPolicy, from_spec};
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum OhHellCommand {
    /// Count the histories of a public state exactly (by suit-length assignments; --enumerate
    /// to count by listing them instead).
    Count {
        #[command(flatten)]
        input: StateArgs,
        /// The counting method (assignments: exact counting over card assignments;
        /// enumeration: the breadth-first enumeration of Theorem 2, slow for large states).
        #[arg(long, default_value = "assignments", value_name = "ID", value_parser = ids(&jobs::COUNTERS))]
        solver: String,
        /// The same as `--solver enumeration` (an old name).
        #[arg(long, hide = true)]
        enumerate: bool,
        /// Print a JSON object whose `histories` field is the exact count.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
    /// List the histories of a public state: each deal in order, with its reach probability.
    Enumerate {
        #[command(flatten)]
        input: StateArgs,
        #[command(flatten)]
        policy: PolicyArgs,
        /// Histories to print (0 for all); all are counted.
        #[arg(long, default_value_t = 20, value_name = "N")]
        limit: usize,
        /// Refuse public states with more histories than this.
        #[arg(long, default_value_t = 10_000_000, value_name = "N")]
        max: usize,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
    /// Build one history of a public state by maximum flow (Lemma 2), or prove there is none.
    Construct {
        #[command(flatten)]
        input: StateArgs,
        /// Print JSON (`history` is null when there is none).
        #[arg(long)]
        json: bool,
    },
    /// Draw histories in proportion to their reach probabilities: by the RingSwap
    /// Metropolis–Hastings sampler (default) or exactly from the enumerated public state.
    Sample {
        #[command(flatten)]
        input: StateArgs,
        #[command(flatten)]
        policy: PolicyArgs,
        #[command(flatten)]
        mcmc: McmcArgs,
        /// Sample exactly from the enumerated histories instead (small public states only).
        #[arg(long)]
        exact: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        timeout: crate::timeout::TimeoutArg,
    },
    /// The paper's experiments.
    #[command(subcommand)]
    Experiment(experiment::Experiment),
}

/// Where the public state comes from.
#[derive(Args)]
pub struct StateArgs {
    /// A public state file (see docs/formats.md).
    file: Option<PathBuf>,
    /// The public state on the command line, lines separated by ';', as
    /// "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc".
    #[arg(long, value_name = "TEXT", conflicts_with = "file")]
    state: Option<String>,
}

/// The joint policy.
#[derive(Args, Clone)]
pub struct PolicyArgs {
    /// The joint policy: `uniform`, `bias:P` (the paper's random policies: probability P, such
    /// as 0.7 or 7/10, on one action drawn per information state, the rest shared equally) or
    /// `file:PATH` (a policy table, see docs/formats.md).
    #[arg(long, default_value = "uniform", value_name = "SPEC")]
    policy: String,
    /// The seed of a `bias:` policy.
    #[arg(long, default_value_t = 0, value_name = "N")]
    policy_seed: u64,
}

/// Settings of the Metropolis–Hastings sampler.
#[derive(Args, Clone)]
pub struct McmcArgs {
    /// Samples to draw in all.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    samples: usize,
    /// Chains run in parallel, each with its own random stream.
    #[arg(long, default_value_t = 4, value_name = "N")]
    chains: usize,
    /// Transitions before a chain's first sample.
    #[arg(long, default_value_t = 20, value_name = "N")]
    burn_in: usize,
    /// Transitions between two samples of a chain.
    #[arg(long, default_value_t = 20, value_name = "N")]
    thin: usize,
    /// The seed.
    #[arg(long, default_value_t = 1, value_name = "N")]
    seed: u64,
    /// Start every chain from the history built by maximum flow instead of a uniformly drawn
    /// one (the flow's history can be extreme, and the chain slow to leave it).
    #[arg(long)]
    flow_start: bool,
}

impl McmcArgs {
    fn settings(&self) -> SamplerSettings {
        SamplerSettings {
            samples: self.samples,
            chains: self.chains,
            burn_in: self.burn_in,
            thin: self.thin,
            seed: self.seed,
            flow_start: self.flow_start,
        }
    }
}

pub fn run(command: &OhHellCommand) -> anyhow::Result<()> {
    match command {
        OhHellCommand::Count {
            input,
            solver,
            enumerate,
            json,
            ..
        } => count(
            &input.load()?,
            if *enumerate { "enumeration" } else { solver },
            *json,
        ),
        OhHellCommand::Enumerate {
            input,
            policy,
            limit,
            max,
            json,
            ..
        } => list(&input.load()?, &policy.load()?, *limit, *max, *json),
        OhHellCommand::Construct { input, json } => construct(&input.load()?, *json),
        OhHellCommand::Sample {
            input,
            policy,
            mcmc,
            exact,
            json,
            ..
        } => sample(&input.load()?, &policy.load()?, mcmc, *exact, *json),
        OhHellCommand::Experiment(experiment) => experiment::run(experiment),
    }
}

impl StateArgs {
    fn load(&self) -> anyhow::Result<PublicState> {
        match (&self.file, &self.state) {
            (Some(path), _) => {
                let text = kalmar_core::format::read_text_file(path).map_err(bad_input)?;
                PublicState::parse(&text)
                    .map_err(|e| bad_input(e.in_file(path.display().to_string())))
            }
            (None, Some(text)) => {
                PublicState::parse(text).map_err(|e| bad_input(e.in_file("--state")))
            }
            (None, None) => Err(bad_input(
                "give a public state: a FILE or --state \"game …; trump …; bids …; plays …\"",
            )),
        }
    }
}

impl PolicyArgs {
    fn load(&self) -> anyhow::Result<AnyPolicy> {
        from_spec(&self.policy, self.policy_seed).map_err(bad_input)
    }
}

/// A job's failure: the program's (exit 1) or the input's (exit 2).
fn failed(error: JobError) -> anyhow::Error {
    crate::library_error(error.is_internal(), error)
}

/// Runs a job that enumerates histories, with a spinner that shows how far it got.
fn enumerating<T>(
    job: impl FnOnce(jobs::Progress<'_>) -> Result<T, JobError>,
) -> anyhow::Result<T> {
    let bar = crate::progress::spinner("enumerating");
    let mut report = |depth: usize, kept: usize| {
        if let Some(bar) = &bar {
            bar.set_message(format!("enumerating: depth {depth}, {kept} prefixes"));
        }
    };
    let result = job(Some(&mut report));
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result.map_err(failed)
}

/// Runs a sampling job with a spinner.
fn sampling<T>(job: impl FnOnce() -> Result<T, JobError>) -> anyhow::Result<T> {
    let result = crate::progress::spinning(crate::progress::spinner("sampling"), job);
    result.map_err(failed)
}

pub fn count(state: &PublicState, method: &str, json: bool) -> anyhow::Result<()> {
    let report = enumerating(|progress| jobs::count(state, method, progress))?;
    if json {
        say!("{}", report.to_json());
    } else {
        say!("{}", state.describe());
        say!(
            "histories: {} (by {}, {:.3} s)",
            report.histories,
            report.method,
            report.seconds
        );
    }
    Ok(())
}

fn list(
    state: &PublicState,
    policy: &AnyPolicy,
    limit: usize,
    max: usize,
    json: bool,
) -> anyhow::Result<()> {
    let game = &state.game;
    let listing = enumerating(|progress| jobs::list(state, policy, limit, max, progress))?;
    if json {
        say!("{}", serde_json::to_string(&listing)?);
        return Ok(());
    }
    say!("{}", state.describe());
    say!(
        "{} histories with positive reach ({:.3} s); each deal by player, in deal order:",
        listing.histories,
        listing.seconds
    );
    for h in &listing.shown {
        say!("  {}   P(h|S) = {}", game.hands(&h.cards), h.probability);
    }
    if listing.shown.len() < listing.histories {
        say!(
            "  … {} more (--limit 0 lists all)",
            listing.histories - listing.shown.len()
        );
    }
    Ok(())
}

fn construct(state: &PublicState, json: bool) -> anyhow::Result<()> {
    let game = &state.game;
    let construction = jobs::construct(state).map_err(failed)?;
    if json {
        say!("{}", serde_json::to_string(&construction)?);
        return Ok(());
    }
    say!("{}", state.describe());
    match (&construction.cards, &construction.assignment) {
        (Some(deal), Some(rows)) => {
            say!("a history, by maximum flow: {}", game.hands(deal));
            say!("(cards each player still hides, per suit; the last row is the stock)");
            for (r, row) in rows.iter().enumerate() {
                let row: Vec<String> = row.iter().map(u8::to_string).collect();
                let who = if r == game.players() {
                    "stock".to_string()
                } else {
                    format!("player {r}")
                };
                say!("  {who:>8}: {}", row.join(" "));
            }
        }
        _ => say!("no history: the plays and voids leave no deal that fits"),
    }
    Ok(())
}

fn sample(
    state: &PublicState,
    policy: &AnyPolicy,
    mcmc: &McmcArgs,
    exact: bool,
    json: bool,
) -> anyhow::Result<()> {
    let game = &state.game;
    let samples = sampling(|| jobs::sample(state, policy, &mcmc.settings(), exact))?;
    if json {
        say!("{}", serde_json::to_string(&samples)?);
        return Ok(());
    }
    say!("{}", state.describe());
    let seconds = samples.seconds;
    if exact {
        say!("{} exact samples in {seconds:.3} s", samples.cards.len());
    } else {
        say!(
            "{} samples from {} chains, {} transitions ({:.1}% accepted) in {seconds:.3} s",
            samples.cards.len(),
            mcmc.chains.min(samples.cards.len()),
            samples.transitions,
            100.0 * samples.acceptance()
        );
    }
    for deal in samples.cards.iter().take(20) {
        say!("  {}", game.hands(deal));
    }
    if samples.cards.len() > 20 {
        say!("  … {} more (--json prints all)", samples.cards.len() - 20);
    }
    Ok(())
}
