//! `kalmar bench stochastic`: the suite of [`kalmar_bench::stochastic`], and with `--peer` the
//! comparison with PRISM-games of [`kalmar_bench::prism`].

use super::{Common, failure, print, sizes_or};
use clap::Args;
use kalmar_bench::prism::PeerBench;
use kalmar_bench::stochastic::Setup;
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench stochastic --sizes 1e2,1e3 --reps 3\n  \
kalmar bench stochastic --families mean-payoff,parity --sizes 1e2\n  \
kalmar bench stochastic --families friedmann\n  \
kalmar bench stochastic --peer path/to/prism-games/prism/bin/prism --sizes 1e2,1e3 --reps 3"
)]
pub struct StochasticBench {
    /// Families (see `kalmar generate --list`): by default random simple, terminal and
    /// discounted games and the Haddad-Monmege chains (haddad-monmege-3/4 is the chain worth
    /// 3/4); mean-payoff (strategy improvement against Zwick-Paterson on deterministic
    /// mean-payoff games), mean-payoff-chance (si, discount searched), parity (the parity
    /// gadget solver); friedmann runs Friedmann's switch-all games (n = 1..5, sizes not used).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    families: Vec<String>,
    /// Sizes in moves, as 65536, 1e3 or 2^16. Default: 1e2,1e3,1e4.
    #[arg(long, value_delimiter = ',', value_name = "SIZES")]
    sizes: Vec<String>,
    /// kalmar's solvers to run (default: all; see `kalmar stochastic solvers`).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// PRISM-games' `prism` launcher: kalmar's si and vi and PRISM's configurations on the same
    /// simple and Haddad-Monmege games, every answer measured against the exact values.
    #[arg(long, value_name = "PRISM")]
    peer: Option<PathBuf>,
    /// PRISM's configurations: default (its defaults), vi-noprob1 and gs-noprob1 (value
    /// iteration without the Prob1 precomputation), all on the explicit files, and language
    /// (its defaults on the model in its language). Default: default,vi-noprob1.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    peer_solvers: Vec<String>,
    /// Extra arguments for every PRISM run (e.g. --peer-args="-javamaxmem 8g").
    #[arg(
        long,
        value_delimiter = ' ',
        value_name = "ARGS",
        allow_hyphen_values = true
    )]
    peer_args: Vec<String>,
    /// A PRISM run is stopped after this many seconds.
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    timeout: u64,
    /// Runs of each PRISM configuration (default: --reps).
    #[arg(long, value_name = "N")]
    peer_reps: Option<usize>,
    /// Seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench stochastic`.
pub fn run(args: &StochasticBench) -> anyhow::Result<()> {
    let sizes = sizes_or(&args.sizes, &["1e2", "1e3", "1e4"])?;
    let reps = args.common.reps_or(5);
    if let Some(prism) = &args.peer {
        if args.common.svg.is_some() {
            return Err(crate::bad_input(
                "--svg plots kalmar's own runs; with --peer, save the table and use `kalmar bench plot`",
            ));
        }
        let options = PeerBench {
            prism,
            families: &args.families,
            sizes: &sizes,
            solvers: &args.solvers,
            configurations: &args.peer_solvers,
            extra_args: &args.peer_args,
            reps,
            peer_reps: args.peer_reps.unwrap_or(reps),
            timeout: args.timeout,
            seed: args.seed,
        };
        return crate::prism::bench(&options, args.common.json);
    }
    let setup = Setup {
        sizes: &sizes,
        reps,
        seed: args.seed,
        solvers: &args.solvers,
    };
    let rows = kalmar_bench::stochastic::run(&args.families, &setup).map_err(failure)?;
    print(&rows, &args.common, "stochastic")
}
