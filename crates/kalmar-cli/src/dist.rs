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
}

/// The options of `kalmar dist reach`.
#[derive(Args)]
pub struct DistArgs {
    /// The game file (any graph format kalmar reads, payoffs -1, 0 and 1).
    file: PathBuf,
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
    /// Write the checked solution (the file of `kalmar reach solve -o`, for `kalmar verify`).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print the solution and the dataflow's figures as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
    /// Print help (`-h` is the host file here).
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

pub fn run(command: &DistCommand) -> anyhow::Result<()> {
    let DistCommand::Reach(args) = command;
    let cluster = match (&args.hostfile, args.processes) {
        (_, 0) => return Err(bad_input("-n must be at least 1")),
        (_, 1) => Cluster::threads(args.workers),
        (None, _) => return Err(bad_input("-n 2 or more needs a host file (-h FILE)")),
        (Some(path), n) => {
            let text = std::fs::read_to_string(path).map_err(|e| in_file(path, e))?;
            Cluster::from_hostfile(&text, n, args.process, args.workers)
                .map_err(|e| in_file(path, e))?
        }
    };
    let game = reach::from_owned_graph(load(&args.file)?).map_err(|e| in_file(&args.file, e))?;
    let solved = crate::progress::spinning(
        crate::progress::spinner(&format!("solving on {} workers", cluster.peers())),
        || kalmar_dist::reach::solve(&game, &cluster),
    )?;
    let Some(solved) = solved else {
        if !args.json {
            say!(
                "process {} of {}: its share is solved; process 0 prints the answer",
                cluster.process,
                cluster.processes_count()
            );
        }
        return Ok(());
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
    say!(
        "solved on {} in {} ({} a worker at most): {} rounds, {} messages ({} bytes); the \
         merged solution passed the certificate",
        count(stats.workers as u64, "worker"),
        count(stats.processes as u64, "process"),
        stats.largest_share,
        stats.rounds,
        stats.messages,
        stats.bytes
    );
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
