//! `kalmar dist`: games solved by workers in threads, processes and machines (timely-dataflow);
//! the work is `kalmar_dist`'s.

use crate::bad_input;
use crate::report::{count, in_file, load, millis};
use crate::solve::outcome_text;
use clap::{Args, Subcommand};
use kalmar_dist::Cluster;
use kalmar_terminal::reach;
use kalmar_terminal::solution_file::SolutionFile;
use std::path::PathBuf;

/// The commands of distributed solving.
#[derive(Subcommand)]
pub enum DistCommand {
    /// Solve a chess-like game by retrograde analysis as a dataflow over workers: the game
    /// split by vertex, rounds of newly decided positions sent to the owners of their
    /// predecessors. The values and distances are those of `kalmar reach solve`; the process
    /// of worker 0 gathers them, recovers both strategies and checks the merged solution with
    /// the same certificate, then prints it.
    ///
    /// One process: `-w` threads. Several (on one machine or many): start the same command
    /// once per process, each with its number `-p`, all with `-n` and a host file `-h` whose
    /// lines are `host:port`, one per process in order.
    #[command(after_help = "Examples:
  kalmar dist reach game.gg -w 2
  kalmar generate reach random-chess --size 1000000 -o r6.gg
  kalmar dist reach r6.gg -w 2 --json
  printf '127.0.0.1:2101\\n127.0.0.1:2102\\n' > hosts
  kalmar dist reach r6.gg -w 2 -n 2 -p 1 -h hosts &  kalmar dist reach r6.gg -w 2 -n 2 -p 0 -h hosts -o r6.json")]
    // `-h` is the host file, as in timely's own options; help is `--help` alone.
    #[command(disable_help_flag = true)]
    Reach(DistArgs),
    /// Solve a chess endgame table (as `kalmar chess table`) on workers that each own a share
    /// of its positions and generate their moves and un-moves themselves; depth by depth,
    /// each sends the ranks of its decided positions' predecessors to their owners. Every
    /// process solves the smaller tables for itself. Process 0 gathers the table, prints its
    /// statistics and the dataflow's figures, and plays sampled positions out on the rules.
    #[command(after_help = "Examples:
  kalmar dist chess KQKR -w 2
  kalmar dist chess KRK -w 2 -n 2 -p 1 -h hosts &  kalmar dist chess KRK -w 2 -n 2 -p 0 -h hosts -o KRK.kct")]
    #[command(disable_help_flag = true)]
    Chess(DistChessArgs),
    /// Solve a simple or terminal-payoff stochastic game by value iteration with sound bounds
    /// (as `kalmar stochastic solve --solver vi`) on workers that each own a share of the
    /// vertices: a sweep in a few rounds, each bound that moved sent to the workers that own a
    /// predecessor of the vertex; both bounds deflated by the end components the workers find
    /// together, after eight sweeps and then again every eight (less often while deflation
    /// moves nothing). With --exact, process 0 finishes exactly by strategy iteration from
    /// the strategies the bounds suggest, and checks the result with the certificate.
    #[command(after_help = "Examples:
  kalmar generate stochastic simple --size 100000 -o s5.gg
  kalmar dist vi s5.gg -w 2 --epsilon 1/1000000
  kalmar dist vi game.gg -w 2 --exact -o game.ssol
  kalmar dist vi s5.gg -w 2 -n 2 -p 1 -h hosts &  kalmar dist vi s5.gg -w 2 -n 2 -p 0 -h hosts --json")]
    #[command(disable_help_flag = true)]
    Vi(DistViArgs),
}

/// The options of `kalmar dist vi`.
#[derive(Args)]
pub struct DistViArgs {
    /// The game file (.gg): a simple or terminal-payoff stochastic game.
    file: PathBuf,
    #[command(flatten)]
    cluster: ClusterArgs,
    /// The largest guaranteed error wanted (a fraction or decimal).
    #[arg(long, default_value = "1/1000000", value_name = "R")]
    epsilon: String,
    /// Stop after this many sweeps even if the bounds are wider than --epsilon.
    #[arg(long, default_value_t = 1_000_000, value_name = "N")]
    max_sweeps: u64,
    /// Finish exactly on process 0, by strategy iteration started from the strategies the
    /// bounds suggest (exact values and strategies, checked).
    #[arg(long)]
    exact: bool,
    /// Print the solution and the dataflow's figures as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the solution (with --exact) in the `kalmar-ssol` format that `kalmar verify`
    /// checks.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Vertices to list in the human-readable table (0 for all).
    #[arg(long, default_value_t = 40, value_name = "N")]
    limit: usize,
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
}

/// Where the workers run: the options every `kalmar dist` command shares.
#[derive(Args)]
pub struct ClusterArgs {
    /// Worker threads in each process.
    #[arg(short = 'w', long, default_value = "1", value_name = "N")]
    workers: usize,
    /// Processes in all.
    #[arg(short = 'n', long, default_value = "1", value_name = "N")]
    processes: usize,
    /// This process's number, from 0.
    #[arg(short = 'p', long, default_value = "0", value_name = "I")]
    process: usize,
    /// The host file: `host:port` of every process, one a line, in order (needed with -n 2
    /// or more).
    #[arg(short = 'h', long, value_name = "FILE")]
    hostfile: Option<PathBuf>,
    /// Print help (`-h` is the host file here).
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

impl ClusterArgs {
    fn cluster(&self) -> anyhow::Result<Cluster> {
        match (&self.hostfile, self.processes) {
            (_, 0) => Err(bad_input("-n must be at least 1")),
            (_, 1) => Ok(Cluster::threads(self.workers)),
            (None, _) => Err(bad_input("-n 2 or more needs a host file (-h FILE)")),
            (Some(path), n) => {
                let text = std::fs::read_to_string(path).map_err(|e| in_file(path, e))?;
                Cluster::from_hostfile(&text, n, self.process, self.workers)
                    .map_err(|e| in_file(path, e))
            }
        }
    }
}

/// The options of `kalmar dist chess`.
#[derive(Args)]
pub struct DistChessArgs {
    /// The material, as KRK or KQKR.
    material: String,
    #[command(flatten)]
    cluster: ClusterArgs,
    /// Write the table to FILE (as `kalmar chess table -o`).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    make: crate::chess::MakeArgs,
    /// Print the statistics and the dataflow's figures as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
}

/// The options of `kalmar dist reach`.
#[derive(Args)]
pub struct DistArgs {
    /// The game file (any graph format kalmar reads, payoffs -1, 0 and 1).
    file: PathBuf,
    #[command(flatten)]
    cluster: ClusterArgs,
    /// Write the checked solution (the file of `kalmar reach solve -o`, for `kalmar verify`).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print the solution and the dataflow's figures as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
}

pub fn run(command: &DistCommand) -> anyhow::Result<()> {
    match command {
        DistCommand::Reach(args) => run_reach(args),
        DistCommand::Chess(args) => run_chess(args),
        DistCommand::Vi(args) => run_vi(args),
    }
}

fn run_reach(args: &DistArgs) -> anyhow::Result<()> {
    let cluster = args.cluster.cluster()?;
    let game = reach::from_owned_graph(load(&args.file)?).map_err(|e| in_file(&args.file, e))?;
    let game = std::sync::Arc::new(game);
    let solved = crate::progress::spinning(
        crate::progress::spinner(&format!("solving on {} workers", cluster.peers())),
        || kalmar_dist::reach::solve(&game, &cluster),
    )?;
    let Some(solved) = solved else {
        return share_solved(&cluster, args.json);
    };
    let (solution, stats) = (&solved.solution, &solved.stats);
    let file = SolutionFile::from_reach(&game, solution);
    if let Some(path) = &args.output {
        std::fs::write(path, file.to_text()?).map_err(|e| in_file(path, e))?;
    }
    if args.json {
        let json = serde_json::json!({ "solution": file, "stats": stats });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    let arena = game.arena();
    say!(
        "chess-like game {}: {}, {}",
        args.file.display(),
        count(arena.num_vertices() as u64, "position"),
        count(arena.num_edges() as u64, "move")
    );
    say!("solved on {stats}; the merged solution passed the certificate");
    say!(
        "dataflow time {}",
        millis(std::time::Duration::from_secs_f64(stats.seconds))
    );
    let start = game.start();
    let value = outcome_text(
        solution.values[start.index()],
        solution.distance[start.index()],
        arena.is_terminal(start),
    );
    say!("start {}: {value}", arena.name(start));
    if let Some(path) = &args.output {
        say!("solution written to {}", path.display());
    }
    Ok(())
}

fn run_chess(args: &DistChessArgs) -> anyhow::Result<()> {
    let cluster = args.cluster.cluster()?;
    let material: kalmar_chess::Material = args.material.parse().map_err(bad_input)?;
    let options = args.make.options();
    let message = format!("solving {material} on {} workers", cluster.peers());
    let made = crate::progress::spinning(crate::progress::spinner(&message), || {
        kalmar_dist::chess::solve(&material, &cluster, &options)
    })?;
    let Some(kalmar_dist::chess::Made { made, stats }) = made else {
        return share_solved(&cluster, args.json);
    };
    if let Some(path) = &args.output {
        let file = std::fs::File::create(path).map_err(|e| in_file(path, e))?;
        kalmar_chess::file::write(made.table(), &mut std::io::BufWriter::new(file))
            .map_err(|e| in_file(path, e))?;
    }
    if args.json {
        let mut json = serde_json::to_value(&made.report)?;
        json["dataflow"] = serde_json::to_value(&stats)?;
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    crate::chess::print_report(&made.report)?;
    say!(
        "dataflow: {}; first pass {:.3} s",
        stats.dataflow,
        stats.first_pass
    );
    if let Some(path) = &args.output {
        say!("table written to {}", path.display());
    }
    Ok(())
}

fn run_vi(args: &DistViArgs) -> anyhow::Result<()> {
    let cluster = args.cluster.cluster()?;
    let graph = load(&args.file)?;
    let options = kalmar_dist::vi::Options {
        epsilon: crate::stochastic::rational(&args.epsilon, "--epsilon")?,
        max_sweeps: args.max_sweeps,
        ..kalmar_dist::vi::Options::default()
    };
    let message = format!("value iteration on {} workers", cluster.peers());
    let solved = crate::progress::spinning(crate::progress::spinner(&message), || {
        kalmar_dist::vi::solve_graph(&graph, &options, args.exact, &cluster)
    });
    let solved = solved.map_err(|e| match e {
        kalmar_dist::DistError::Game(_) => in_file(&args.file, e),
        kalmar_dist::DistError::Options(_) => bad_input(e),
        e => anyhow::anyhow!(e),
    })?;
    let Some((answer, stats)) = solved else {
        return share_solved(&cluster, args.json);
    };
    if !args.json {
        say!(
            "value iteration on {}; {} sweeps, {} deflations",
            stats.dataflow,
            stats.sweeps,
            stats.deflations
        );
    }
    let shown = crate::stochastic::SolveArgs {
        file: args.file.clone(),
        solver: "vi".into(),
        class: None,
        exact: args.exact,
        epsilon: args.epsilon.clone(),
        max_sweeps: args.max_sweeps,
        convention: crate::stochastic::ConventionArg::Even,
        max_memory: kalmar_stochastic::solve::DEFAULT_MAX_MEMORY,
        json: args.json,
        output: args.output.clone(),
        limit: args.limit,
        dot: None,
        timeout: args.timeout,
    };
    let convention = kalmar_stochastic::ParityConvention::EvenWins;
    let dataflow = Some(serde_json::to_value(&stats)?);
    crate::stochastic::report(&shown, &graph, &answer, (false, convention), dataflow)
}

/// What a process other than worker 0's prints: that its share is done.
fn share_solved(cluster: &Cluster, json: bool) -> anyhow::Result<()> {
    if !json {
        say!(
            "process {} of {}: its share is solved; process 0 prints the answer",
            cluster.process,
            cluster.processes_count()
        );
    }
    Ok(())
}
