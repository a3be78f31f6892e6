//! `kalmar ohhell`: history filtering in Oh Hell — count, enumerate, construct and sample the
//! histories of a public state, and the paper's experiments.

mod value;

use crate::bad_input;
use clap::{Args, Subcommand};
use kalmar_core::{Player, Rational};
use kalmar_filter::filter::{ExactSampler, weigh};
use kalmar_filter::ohhell::{
    Card, McmcConfig, OhHell, Outcome, PublicState, Sampler, Start, UniformDeals,
    construct_assignment,
};
use kalmar_filter::{History, Policy, PolicyBias, TablePolicy, Uniform};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Subcommand)]
pub enum OhHellCommand {
    /// Count the histories of a public state exactly (by suit-length assignments; --enumerate
    /// to count by listing them instead).
    Count {
        #[command(flatten)]
        input: StateArgs,
        /// Count by the breadth-first enumeration of Theorem 2 (slow for large states).
        #[arg(long)]
        enumerate: bool,
        /// Print a JSON object whose `histories` field is the exact count.
        #[arg(long)]
        json: bool,
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
    },
    /// The paper's experiments.
    #[command(subcommand)]
    Experiment(Experiment),
}

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
    /// (table, --csv FILE, --plot FILE.svg).
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
    fn config(&self, samples: usize) -> McmcConfig {
        let chains = self.chains.max(1);
        McmcConfig {
            start: if self.flow_start {
                Start::Flow
            } else {
                Start::Uniform
            },
            chains,
            samples_per_chain: samples.div_ceil(chains),
            burn_in: self.burn_in,
            thin: self.thin.max(1),
            seed: self.seed,
        }
    }
}

pub fn run(command: &OhHellCommand) -> anyhow::Result<()> {
    match command {
        OhHellCommand::Count {
            input,
            enumerate,
            json,
        } => count(&input.load()?, *enumerate, *json),
        OhHellCommand::Enumerate {
            input,
            policy,
            limit,
            max,
            json,
        } => list(&input.load()?, &*policy.load()?, *limit, *max, *json),
        OhHellCommand::Construct { input, json } => construct(&input.load()?, *json),
        OhHellCommand::Sample {
            input,
            policy,
            mcmc,
            exact,
            json,
        } => sample(&input.load()?, &*policy.load()?, mcmc, *exact, *json),
        OhHellCommand::Experiment(Experiment::Table1 { json, small }) => table1(*json, *small),
        OhHellCommand::Experiment(Experiment::Distance { policy, mcmc, json }) => {
            distance(&*policy.load()?, mcmc, *json)
        }
        OhHellCommand::Experiment(Experiment::Value(args)) => value::run(args),
        OhHellCommand::Experiment(Experiment::Scale { policy, mcmc, json }) => {
            scale(&*policy.load()?, mcmc, *json)
        }
    }
}

impl StateArgs {
    fn load(&self) -> anyhow::Result<PublicState> {
        match (&self.file, &self.state) {
            (Some(path), _) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| bad_input(format!("{}: {e}", path.display())))?;
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

type DynPolicy = dyn Policy<OhHell> + Send + Sync;

impl PolicyArgs {
    fn load(&self) -> anyhow::Result<Box<DynPolicy>> {
        let spec = self.policy.as_str();
        if spec == "uniform" {
            return Ok(Box::new(Uniform));
        }
        if let Some(p) = spec.strip_prefix("bias:") {
            let bias: Rational = p
                .parse()
                .ok()
                .filter(|b| *b >= Rational::from(0) && *b <= Rational::from(1))
                .ok_or_else(|| {
                    bad_input(format!("--policy {spec}: expected a bias from 0 to 1"))
                })?;
            return Ok(Box::new(PolicyBias::new(bias, self.policy_seed)));
        }
        if let Some(path) = spec.strip_prefix("file:") {
            let text =
                std::fs::read_to_string(path).map_err(|e| bad_input(format!("{path}: {e}")))?;
            let table = TablePolicy::parse(&text).map_err(|e| bad_input(e.in_file(path)))?;
            return Ok(Box::new(table));
        }
        Err(bad_input(format!(
            "--policy {spec}: expected uniform, bias:P or file:PATH"
        )))
    }
}

/// All histories of a public state by the breadth-first search with the Oh Hell pruner.
fn enumerate_state(state: &PublicState, max: usize) -> anyhow::Result<Vec<History<OhHell>>> {
    let bar = crate::progress::spinner("enumerating");
    let mut report = |depth: usize, kept: usize| {
        if let Some(bar) = &bar {
            bar.set_message(format!("enumerating: depth {depth}, {kept} prefixes"));
        }
    };
    let histories = state.histories(max, Some(&mut report)).map_err(bad_input);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    histories
}

/// The deal of a history (the cards in deal order).
fn deal_of(game: &OhHell, history: &History<OhHell>) -> Vec<Card> {
    history[..game.dealt()]
        .iter()
        .filter_map(|s| match s.outcome {
            Outcome::Card(c) => Some(c),
            Outcome::Move => None,
        })
        .collect()
}

fn names(game: &OhHell, cards: &[Card]) -> Vec<String> {
    cards.iter().map(|&c| game.card_name(c)).collect()
}

/// Each player's cards in the order dealt: "0: Kc Ad | 1: …".
fn hands(game: &OhHell, deal: &[Card]) -> String {
    (0..game.players())
        .map(|p| {
            let cards: Vec<String> = deal
                .iter()
                .enumerate()
                .filter(|&(j, _)| game.receiver(j) == Player::new(p))
                .map(|(_, &c)| game.card_name(c))
                .collect();
            format!("{p}: {}", cards.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn describe(state: &PublicState) -> String {
    let g = &state.game;
    format!(
        "{} players, {} suits x {} ranks, {} tricks, {} cards played",
        g.players(),
        g.suits(),
        g.ranks(),
        g.tricks(),
        state.plays.len()
    )
}

fn count(state: &PublicState, by_enumeration: bool, json: bool) -> anyhow::Result<()> {
    let start = Instant::now();
    let histories = if by_enumeration {
        enumerate_state(state, usize::MAX)?.len().to_string()
    } else {
        state.constraints().count().to_string()
    };
    let seconds = start.elapsed().as_secs_f64();
    let method = if by_enumeration {
        "enumeration"
    } else {
        "assignments"
    };
    if json {
        // Written by hand so that the count stays an exact JSON integer of any size.
        say!("{{\"histories\": {histories}, \"method\": \"{method}\", \"seconds\": {seconds}}}");
    } else {
        say!("{}", describe(state));
        say!("histories: {histories} (by {method}, {seconds:.3} s)");
    }
    Ok(())
}

fn list(
    state: &PublicState,
    policy: &DynPolicy,
    limit: usize,
    max: usize,
    json: bool,
) -> anyhow::Result<()> {
    let game = &state.game;
    let start = Instant::now();
    let histories = enumerate_state(state, max)?;
    let weighted = weigh(game, policy, histories)?;
    let seconds = start.elapsed().as_secs_f64();
    let total = weighted
        .iter()
        .fold(Rational::from(0), |a, (_, r)| &a + &r.total());
    let shown = if limit == 0 {
        weighted.len()
    } else {
        limit.min(weighted.len())
    };
    if json {
        let rows: Vec<_> = weighted[..shown]
            .iter()
            .map(|(h, r)| {
                json!({
                    "deal": names(game, &deal_of(game, h)),
                    "reach": r.total(),
                    "probability": &r.total() / &total,
                })
            })
            .collect();
        say!(
            "{}",
            json!({"histories": weighted.len(), "seconds": seconds, "shown": rows})
        );
        return Ok(());
    }
    say!("{}", describe(state));
    say!(
        "{} histories with positive reach ({seconds:.3} s); each deal by player, in deal order:",
        weighted.len()
    );
    for (h, r) in &weighted[..shown] {
        let p = &r.total() / &total;
        say!("  {}   P(h|S) = {p}", hands(game, &deal_of(game, h)));
    }
    if shown < weighted.len() {
        say!("  … {} more (--limit 0 lists all)", weighted.len() - shown);
    }
    Ok(())
}

fn construct(state: &PublicState, json: bool) -> anyhow::Result<()> {
    let game = &state.game;
    let constraints = state.constraints();
    let assignment = construct_assignment(&constraints);
    let deal = assignment.map(|a| constraints.deal_in_order(&a));
    if let Some(deal) = &deal {
        // The independent check: replay by the rules, compare the public observations.
        let observed = kalmar_filter::public_state(game, &state.history(deal))?;
        anyhow::ensure!(
            observed == state.observations(),
            "the constructed history does not produce the public state"
        );
    }
    if json {
        let matrix = assignment.map(|a| {
            (0..constraints.rows())
                .map(|r| (0..game.suits()).map(|s| a.get(r, s)).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        });
        say!(
            "{}",
            json!({
                "history": deal.as_ref().map(|d| names(game, d)),
                "assignment": matrix,
            })
        );
        return Ok(());
    }
    say!("{}", describe(state));
    match deal {
        None => say!("no history: the plays and voids leave no deal that fits"),
        Some(deal) => {
            say!("a history, by maximum flow: {}", hands(game, &deal));
            say!("(cards each player still hides, per suit; the last row is the stock)");
            let a = assignment.expect("a deal has an assignment");
            for r in 0..constraints.rows() {
                let row: Vec<String> = (0..game.suits()).map(|s| a.get(r, s).to_string()).collect();
                let who = if r == game.players() {
                    "stock".to_string()
                } else {
                    format!("player {r}")
                };
                say!("  {who:>8}: {}", row.join(" "));
            }
        }
    }
    Ok(())
}

fn sample(
    state: &PublicState,
    policy: &DynPolicy,
    mcmc: &McmcArgs,
    exact: bool,
    json: bool,
) -> anyhow::Result<()> {
    let game = &state.game;
    let start = Instant::now();
    let (samples, transitions, accepted) = if exact {
        let weighted: Vec<(Vec<Card>, Rational)> =
            weigh(game, policy, enumerate_state(state, 10_000_000)?)?
                .into_iter()
                .map(|(h, r)| (deal_of(game, &h), r.total()))
                .collect();
        if weighted.is_empty() {
            return Err(bad_input("the public state has no history"));
        }
        let sampler = ExactSampler::new(weighted);
        let mut rng = ChaCha8Rng::seed_from_u64(mcmc.seed);
        let samples: Vec<Vec<Card>> = (0..mcmc.samples)
            .map(|_| sampler.sample(&mut rng).clone())
            .collect();
        (samples, 0, 0)
    } else {
        let sampler = Sampler::new(state, policy).map_err(bad_input)?;
        let bar = crate::progress::spinner("sampling");
        let run = sampler.run(&mcmc.config(mcmc.samples));
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let mut run = run?;
        run.samples.truncate(mcmc.samples);
        (run.samples, run.transitions, run.accepted)
    };
    let seconds = start.elapsed().as_secs_f64();
    if json {
        let deals: Vec<Vec<String>> = samples.iter().map(|d| names(game, d)).collect();
        say!(
            "{}",
            json!({
                "samples": deals,
                "transitions": transitions,
                "accepted": accepted,
                "seconds": seconds,
            })
        );
        return Ok(());
    }
    say!("{}", describe(state));
    if exact {
        say!("{} exact samples in {seconds:.3} s", samples.len());
    } else {
        say!(
            "{} samples from {} chains, {transitions} transitions ({:.1}% accepted) in {seconds:.3} s",
            samples.len(),
            mcmc.chains.max(1),
            100.0 * accepted as f64 / transitions.max(1) as f64
        );
    }
    for deal in samples.iter().take(20) {
        say!("  {}", hands(game, deal));
    }
    if samples.len() > 20 {
        say!("  … {} more (--json prints all)", samples.len() - 20);
    }
    Ok(())
}

/// The public states of Table 1, with the sizes the paper gives.
const TABLE1: [(&str, u64); 3] = [
    (
        "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
        192,
    ),
    (
        "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc Ad Kd Qd",
        12_960,
    ),
    (
        "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc",
        544_320,
    ),
];

fn table1(json: bool, small: bool) -> anyhow::Result<()> {
    let mut rows = Vec::new();
    for &(text, paper) in TABLE1.iter().take(if small { 2 } else { 3 }) {
        let state = PublicState::parse(text).map_err(bad_input)?;
        let start = Instant::now();
        let counted = state.constraints().count();
        let count_seconds = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let enumerated = enumerate_state(&state, usize::MAX)?.len();
        let enumerate_seconds = start.elapsed().as_secs_f64();
        rows.push((
            state,
            paper,
            counted.to_string(),
            enumerated,
            count_seconds,
            enumerate_seconds,
        ));
    }
    if json {
        let rows: Vec<_> = rows
            .iter()
            .map(|(state, paper, counted, enumerated, cs, es)| {
                json!({
                    "public_state": state.to_text(),
                    "paper": paper,
                    "histories": enumerated,
                    "counted": counted.parse::<u64>().ok(),
                    "count_seconds": cs,
                    "enumerate_seconds": es,
                    "histories_per_second": *enumerated as f64 / es,
                })
            })
            .collect();
        say!("{}", json!({"experiment": "table1", "rows": rows}));
        return Ok(());
    }
    say!("Table 1: histories of three Oh Hell public states (3 players)");
    say!(
        "| suits x ranks | tricks | played | paper | enumerated | counted | enumeration | histories/s |"
    );
    say!("|---|---|---|---|---|---|---|---|");
    for (state, paper, counted, enumerated, _, es) in &rows {
        let g = &state.game;
        say!(
            "| {} x {} | {} | {} | {paper} | {enumerated} | {counted} | {:.3} s | {:.0} |",
            g.suits(),
            g.ranks(),
            g.tricks(),
            state.plays.len() / g.players(),
            es,
            *enumerated as f64 / es
        );
    }
    anyhow::ensure!(
        rows.iter().all(
            |(_, paper, counted, enumerated, _, _)| *enumerated as u64 == *paper
                && *counted == paper.to_string()
        ),
        "a count differs from the paper's"
    );
    Ok(())
}

/// Total-variation distance between the empirical distribution of `samples` and `exact`.
fn total_variation(exact: &[(Vec<Card>, f64)], samples: &[Vec<Card>]) -> f64 {
    let mut seen: foldhash::HashMap<&[Card], usize> = Default::default();
    for s in samples {
        *seen.entry(s.as_slice()).or_default() += 1;
    }
    let n = samples.len() as f64;
    exact
        .iter()
        .map(|(deal, p)| (p - seen.get(deal.as_slice()).copied().unwrap_or(0) as f64 / n).abs())
        .sum::<f64>()
        / 2.0
}

fn distance(policy: &DynPolicy, mcmc: &McmcArgs, json: bool) -> anyhow::Result<()> {
    let state = PublicState::parse(TABLE1[0].0).map_err(bad_input)?;
    let game = &state.game;
    let weighted: Vec<(Vec<Card>, Rational)> =
        weigh(game, policy, enumerate_state(&state, usize::MAX)?)?
            .into_iter()
            .map(|(h, r)| (deal_of(game, &h), r.total()))
            .collect();
    let total = weighted.iter().fold(Rational::from(0), |a, (_, p)| &a + p);
    let exact: Vec<(Vec<Card>, f64)> = weighted
        .iter()
        .map(|(d, p)| (d.clone(), (p / &total).to_f64()))
        .collect();
    let exact_sampler = ExactSampler::new(weighted);
    let sampler = Sampler::new(&state, policy).map_err(bad_input)?;
    let mut rows = Vec::new();
    let mut n = 100;
    while n <= mcmc.samples.max(100) {
        let run = sampler.run(&mcmc.config(n))?;
        let mut rng = ChaCha8Rng::seed_from_u64(mcmc.seed);
        let draws: Vec<Vec<Card>> = (0..run.samples.len())
            .map(|_| exact_sampler.sample(&mut rng).clone())
            .collect();
        rows.push((
            run.samples.len(),
            total_variation(&exact, &run.samples),
            total_variation(&exact, &draws),
        ));
        n *= 10;
    }
    if json {
        let rows: Vec<_> = rows
            .iter()
            .map(|(n, mc, ex)| json!({"samples": n, "mcmc": mc, "exact": ex}))
            .collect();
        say!(
            "{}",
            json!({"experiment": "distance", "histories": 192, "rows": rows})
        );
        return Ok(());
    }
    say!(
        "Total-variation distance to the exact distribution of the 192-history public state \
         (burn-in {}, thin {}, {} chains)",
        mcmc.burn_in,
        mcmc.thin,
        mcmc.chains
    );
    say!("| samples | MCMC | exact sampling |");
    say!("|---|---|---|");
    for (n, mc, ex) in rows {
        say!("| {n} | {mc:.4} | {ex:.4} |");
    }
    Ok(())
}

/// The 52-card public state of the scale experiment.
const SCALE_STATE: &str =
    "game players=4 suits=4 ranks=13 tricks=12; trump 7d; bids 3 2 4 1; plays Kc 4c Ac 9c";

/// Gelman and Rubin's potential scale reduction factor of per-chain series.
fn r_hat(chains: &[Vec<f64>]) -> f64 {
    let m = chains.len() as f64;
    let n = chains.iter().map(Vec::len).min().unwrap_or(0) as f64;
    if m < 2.0 || n < 2.0 {
        return f64::NAN;
    }
    let means: Vec<f64> = chains.iter().map(|c| c.iter().sum::<f64>() / n).collect();
    let grand = means.iter().sum::<f64>() / m;
    let between = n / (m - 1.0) * means.iter().map(|x| (x - grand).powi(2)).sum::<f64>();
    let within = chains
        .iter()
        .zip(&means)
        .map(|(c, mean)| c.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0))
        .sum::<f64>()
        / m;
    (((n - 1.0) / n * within + between / n) / within).sqrt()
}

fn scale(policy: &DynPolicy, mcmc: &McmcArgs, json: bool) -> anyhow::Result<()> {
    let state = PublicState::parse(SCALE_STATE).map_err(bad_input)?;
    let game = state.game;
    let histories = state.constraints().count();
    let sampler = Sampler::new(&state, policy).map_err(bad_input)?;
    let config = mcmc.config(mcmc.samples);
    let bar = crate::progress::spinner("sampling");
    let start = Instant::now();
    let run = sampler.run(&config);
    let seconds = start.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let run = run?;
    let trump = game.suit(state.trump);
    let series: Vec<Vec<f64>> = run
        .samples
        .chunks(config.samples_per_chain)
        .map(|chain| {
            chain
                .iter()
                .map(|deal| {
                    deal.iter()
                        .enumerate()
                        .filter(|&(j, &c)| game.receiver(j) == Player(0) && game.suit(c) == trump)
                        .count() as f64
                })
                .collect()
        })
        .collect();
    let r = r_hat(&series);
    let rate = run.transitions as f64 / seconds;
    // Exact uniform draws (no policy) from the same public state, for comparison.
    let uniform = UniformDeals::new(&state.constraints()).ok_or_else(|| bad_input("no history"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(mcmc.seed);
    let start = Instant::now();
    let draws = 1000;
    for _ in 0..draws {
        std::hint::black_box(uniform.deal(&mut rng));
    }
    let uniform_rate = draws as f64 / start.elapsed().as_secs_f64();
    if json {
        say!(
            "{}",
            json!({
                "experiment": "scale",
                "public_state": state.to_text(),
                "histories": histories.to_string(),
                "samples": run.samples.len(),
                "transitions": run.transitions,
                "accepted": run.accepted,
                "seconds": seconds,
                "transitions_per_second": rate,
                "uniform_draws_per_second": uniform_rate,
                "r_hat": r,
            })
        );
        return Ok(());
    }
    say!("{}: {histories} histories", describe(&state));
    say!(
        "{} samples, {} transitions in {seconds:.2} s: {rate:.0} transitions/s, {:.1}% accepted",
        run.samples.len(),
        run.transitions,
        100.0 * run.accepted as f64 / run.transitions.max(1) as f64
    );
    say!(
        "R-hat of player 0's trumps across {} chains: {r:.3} (near 1: the chains agree)",
        config.chains
    );
    say!("exact uniform draws (no policy): {uniform_rate:.0}/s");
    Ok(())
}
