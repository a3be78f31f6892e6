//! `kalmar observation`: games of imperfect information (Reif's problem) — solve, verify a
//! strategy, generate the prime-cycles family, benchmark.

use crate::bad_input;
use crate::report::{in_file, load, millis, table};
use clap::{Args, Subcommand, ValueEnum};
use kalmar_bench::{peak_rss, reset_peak_rss};
use kalmar_core::Certificate;
use kalmar_core::format::{read_text_file, to_gg_string};
use kalmar_observation::verify::verify_spoiler;
use kalmar_observation::{
    self as observation, LocationSet, ObservationGame, Side, Solution, Spoiler, Strategy,
    TurnBased, cerny, primes, reif,
};
use kalmar_observation::{read_gii, write_gii};
use kalmar_parity::format::Format;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum ObservationCommand {
    /// Decide who wins a game of imperfect information: the system sees only observations, the
    /// environment sees everything.
    ///
    /// Reads Alpaga's .gii format (actions, transitions, observations with priorities; the
    /// objective is to reach TARGET, or else to stay in SAFE with an even largest recurring
    /// priority) and kalmar's .gg with `obs=` (turn-based: max is the system, min the
    /// environment, the last player to move wins). The system wins when one strategy that
    /// depends only on what it has observed wins every play. With --strategy the witness is
    /// printed: the system's move for each knowledge set (the positions it may be at), or the
    /// environment's spoiling tree.
    ///
    /// For a .gg game the output also says whether Reif's model assumption holds (positions
    /// that look alike offer the same observations next). Only then is Reif's procedure
    /// (--algorithm reif) right; on the note's counterexample (examples/reif-note.gg) it
    /// accepts a game the environment wins.
    Solve(SolveArgs),
    /// Check a strategy saved by `solve --output`: replay it against every behaviour of the
    /// environment on the game.
    Verify {
        /// The game file (.gii or .gg).
        game: PathBuf,
        /// The strategy (JSON, as written by `solve --output`).
        strategy: PathBuf,
    },
    /// Write a game of a generated family in .gii format.
    Generate {
        /// The family.
        #[arg(value_enum)]
        family: Family,
        /// Its size: the number of cycles (primes), or of states of the cycle (cerny).
        size: usize,
        /// Write to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Time the algorithms on the prime-cycles and Černý families and on the files given, and
    /// print a Markdown table: median time of --runs runs, knowledge sets, largest antichain,
    /// and the peak resident memory while each algorithm ran (Linux).
    Bench {
        /// The largest number of prime cycles (games 1 to this).
        #[arg(long, default_value_t = 4, value_name = "K")]
        primes: usize,
        /// The sizes of Černý automata to time.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "4,8,12",
            value_name = "N,..."
        )]
        cerny: Vec<usize>,
        /// .gii or .gg files to time as well.
        files: Vec<PathBuf>,
        /// Runs per game and algorithm.
        #[arg(long, default_value_t = 3, value_name = "N")]
        runs: usize,
    },
}

/// A family of generated games.
#[derive(Clone, Copy, ValueEnum)]
pub enum Family {
    /// Cycles of the first K prime lengths that look alike (Chatterjee, Doyen, Henzinger, Raskin
    /// 2007): the system wins by counting to their product, so the knowledge game is exponential.
    Primes,
    /// Černý's automaton with N states as a safety game: every subset is a knowledge set, one
    /// antichain element wins.
    Cerny,
}

/// The algorithm of `solve`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// The knowledge game, built on the fly and solved by attractors or Zielonka's algorithm.
    Knowledge,
    /// Antichains of knowledge sets (Chatterjee, Doyen, Henzinger, Raskin 2007).
    Antichain,
    /// Reif's procedure (1984), right only under his model assumption (.gg games only).
    Reif,
}

#[derive(Args)]
pub struct SolveArgs {
    /// The game file (.gii or .gg with obs=).
    file: PathBuf,
    /// The algorithm.
    #[arg(long, value_enum, default_value = "knowledge")]
    algorithm: Algorithm,
    /// Print the witness: the system's winning strategy or the environment's spoiling tree.
    #[arg(long)]
    strategy: bool,
    /// Print the answer as JSON (an object whose `winner` is "system" or "environment").
    #[arg(long)]
    json: bool,
    /// Write the system's winning strategy as JSON to this file (for `verify`).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Rules or tree lines to print with --strategy (0 for all).
    #[arg(long, default_value_t = 40, value_name = "N")]
    limit: usize,
}

pub fn run(command: &ObservationCommand) -> anyhow::Result<()> {
    match command {
        ObservationCommand::Solve(args) => solve(args),
        ObservationCommand::Verify { game, strategy } => verify(game, strategy),
        ObservationCommand::Generate {
            family,
            size,
            output,
        } => generate(*family, *size, output.as_deref()),
        ObservationCommand::Bench {
            primes,
            cerny,
            files,
            runs,
        } => bench(*primes, cerny, files, *runs),
    }
}

/// A game as read: Alpaga's action-based games, or a turn-based game with its translation.
struct Loaded {
    game: ObservationGame,
    turn_based: Option<TurnBased>,
}

/// Whether the file is in Alpaga's format: by extension, or by its first keyword.
fn is_gii(path: &Path, text: &str) -> bool {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gii"))
    {
        return true;
    }
    Format::from_extension(path).is_none()
        && text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with("ALPHABET") || l.starts_with("STATES"))
}

/// `kalmar solve` on a game with observations: the default algorithm, witness checked.
pub fn solve_detected(file: &Path, json: bool) -> anyhow::Result<()> {
    solve(&SolveArgs {
        file: file.to_path_buf(),
        algorithm: Algorithm::Knowledge,
        strategy: false,
        json,
        output: None,
        limit: 40,
    })
}

fn read(path: &Path) -> anyhow::Result<Loaded> {
    let text = read_text_file(path).map_err(bad_input)?;
    if is_gii(path, &text) {
        let game = read_gii(&text).map_err(|e| bad_input(e.in_file(path.display().to_string())))?;
        return Ok(Loaded {
            game,
            turn_based: None,
        });
    }
    let graph = load(path)?;
    let turn_based = TurnBased::from_graph(&graph).map_err(|e| in_file(path, e))?;
    Ok(Loaded {
        game: turn_based.to_game(),
        turn_based: Some(turn_based),
    })
}

fn solve(args: &SolveArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let loaded = read(&args.file)?;
    let read_time = started.elapsed();
    let game = &loaded.game;
    let violations = loaded.turn_based.as_ref().map(reif::check_assumption);
    if args.algorithm == Algorithm::Reif {
        return solve_reif(args, &loaded, violations.unwrap_or_default());
    }
    let info = observation::algorithm(match args.algorithm {
        Algorithm::Antichain => "antichain",
        _ => "knowledge",
    })
    .map_err(bad_input)?;
    // The time can be exponential in the size of the file: show the spinner on any game.
    let bar = crate::progress::spinner(info.id);
    let started = Instant::now();
    let solution = (info.solve)(game);
    let solve_time = started.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let started = Instant::now();
    check(game, &solution)?;
    let verify_time = started.elapsed();
    if let Some(path) = &args.output {
        let Some(strategy) = &solution.strategy else {
            return Err(bad_input(
                "--output writes the system's winning strategy, but the environment wins \
                 (--strategy prints its spoiling tree)",
            ));
        };
        let text = serde_json::to_string_pretty(&strategy_json(game, strategy))?;
        std::fs::write(path, text + "\n").map_err(|e| in_file(path, e))?;
    }
    if args.json {
        let mut out = json!({
            "file": args.file.display().to_string(),
            "algorithm": info.id,
            "winner": solution.winner,
            "verified": solution.strategy.is_some() || solution.spoiler.is_some(),
            "stats": solution.stats,
        });
        if let Some(strategy) = &solution.strategy {
            out["strategy"] = strategy_json(game, strategy)["strategy"].clone();
        }
        if let Some(spoiler) = &solution.spoiler {
            out["spoiler"] = spoiler_json(game, spoiler);
        }
        if let Some(v) = &violations {
            out["reif_assumption"] = violations_json(v);
        }
        say!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    say!(
        "observation game {}: {} locations, {} actions, {} observations, {} moves",
        args.file.display(),
        game.num_locations(),
        game.num_actions(),
        game.num_observations(),
        game.num_moves()
    );
    let witness = match solution.winner {
        Side::System => format!("winning strategy verified in {}", millis(verify_time)),
        Side::Environment => format!("spoiling strategy verified in {}", millis(verify_time)),
    };
    say!(
        "read in {}, solved by {} in {}, {witness}",
        millis(read_time),
        info.id,
        millis(solve_time)
    );
    say!("  winner: the {}", solution.winner);
    match info.id {
        "antichain" => say!(
            "  {} maximal winning knowledge sets, largest antichain {}, {} iterations",
            solution.stats.knowledge_sets,
            solution.stats.max_antichain,
            solution.stats.iterations
        ),
        _ => say!("  {} knowledge sets built", solution.stats.knowledge_sets),
    }
    if let Some(v) = &violations {
        say_violations(v)?;
    }
    if args.strategy {
        if let Some(strategy) = &solution.strategy {
            say!(
                "the system's strategy (at knowledge K play the action; K ⊆ a listed set uses its rule):"
            );
            table(
                &["knowledge", "action"],
                strategy
                    .rules
                    .iter()
                    .map(|(k, a)| vec![game.show(k), game.action_name(*a).to_string()]),
                args.limit,
            )?;
        }
        if let Some(spoiler) = &solution.spoiler {
            say!("the environment's spoiling tree (what it shows after each action):");
            for line in spoiling_tree(game, spoiler, args.limit) {
                say!("  {line}");
            }
        }
    }
    if let Some(path) = &args.output {
        say!("  strategy written to {}", path.display());
    }
    Ok(())
}

/// Checks the solution's witness independently; a missing or rejected witness is an internal
/// error.
fn check(game: &ObservationGame, solution: &Solution) -> anyhow::Result<()> {
    let result = match (&solution.strategy, &solution.spoiler) {
        (Some(s), _) => observation::verify(game, s),
        (_, Some(s)) => verify_spoiler(game, s),
        _ => anyhow::bail!("internal error, the solver gave no witness"),
    };
    result
        .map_err(|e| anyhow::anyhow!("internal error, the solver's witness failed its check: {e}"))
}

fn solve_reif(
    args: &SolveArgs,
    loaded: &Loaded,
    violations: Vec<reif::Violation>,
) -> anyhow::Result<()> {
    let Some(turn_based) = &loaded.turn_based else {
        return Err(bad_input(format!(
            "{}: Reif's procedure runs on turn-based .gg games; use --algorithm knowledge",
            args.file.display()
        )));
    };
    if turn_based.priority.iter().any(|&p| p != 1) {
        return Err(bad_input(format!(
            "{}: Reif's procedure decides who moves last; this game has priorities",
            args.file.display()
        )));
    }
    let started = Instant::now();
    let outcome = reif::run(turn_based, None);
    let time = started.elapsed();
    let winner = if outcome.accept {
        Side::System
    } else {
        Side::Environment
    };
    if args.json {
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "file": args.file.display().to_string(),
                "algorithm": "reif",
                "winner": winner,
                "accept": outcome.accept,
                "sets": outcome.sets,
                "rounds": outcome.rounds,
                "reif_assumption": violations_json(&violations),
            }))?
        );
        return Ok(());
    }
    say!(
        "Reif's procedure on {}: {} in {} ({} sets of positions, loop bound {})",
        args.file.display(),
        if outcome.accept { "ACCEPT" } else { "REJECT" },
        millis(time),
        outcome.sets,
        outcome.sets
    );
    say!("  claimed winner: the {winner}");
    say_violations(&violations)?;
    if !violations.is_empty() {
        say!("  so this answer may be wrong; --algorithm knowledge decides every game correctly");
    }
    Ok(())
}

/// The section of `kalmar demo` on imperfect information: the note's game, which Reif's
/// procedure accepts although the environment wins.
pub fn demo() -> anyhow::Result<()> {
    let graph = reif::note_example();
    say!(
        "    {}\n",
        to_gg_string(&graph).trim_end().replace('\n', "\n    ")
    );
    let turn_based = TurnBased::from_graph(&graph).map_err(bad_input)?;
    let game = turn_based.to_game();
    let reif = reif::run(&turn_based, None);
    say!(
        "  Reif's procedure: {}",
        if reif.accept { "ACCEPT" } else { "REJECT" }
    );
    for info in observation::ALGORITHMS {
        let solution = (info.solve)(&game);
        check(&game, &solution)?;
        say!(
            "  {}: the {} wins (witness verified)",
            info.id,
            solution.winner
        );
    }
    say_violations(&reif::check_assumption(&turn_based))?;
    say!("  The system cannot tell cT from cB, and no move is available at both: it loses.");
    say!("  Reif's procedure moves to c2 as if it knew it were at cT.");
    Ok(())
}

fn say_violations(violations: &[reif::Violation]) -> anyhow::Result<()> {
    if violations.is_empty() {
        say!(
            "  Reif's model assumption holds: positions that look alike offer the same observations"
        );
        return Ok(());
    }
    say!("  Reif's model assumption is violated:");
    for v in violations {
        say!(
            "    {} and {} look alike ({}) but {} can move to {} and {} to {}",
            v.first,
            v.second,
            v.observation,
            v.first,
            list_or_nothing(&v.only_first),
            v.second,
            list_or_nothing(&v.only_second)
        );
    }
    Ok(())
}

fn list_or_nothing(names: &[String]) -> String {
    if names.is_empty() {
        "nothing more".to_string()
    } else {
        names.join(", ")
    }
}

fn violations_json(violations: &[reif::Violation]) -> serde_json::Value {
    json!({
        "holds": violations.is_empty(),
        "violations": violations.iter().map(|v| json!({
            "observation": v.observation, "positions": [v.first, v.second],
            "only_first": v.only_first, "only_second": v.only_second,
        })).collect::<Vec<_>>(),
    })
}

fn names(game: &ObservationGame, k: &LocationSet) -> Vec<String> {
    k.iter()
        .map(|l| game.location_name(l).to_string())
        .collect()
}

fn strategy_json(game: &ObservationGame, strategy: &Strategy) -> serde_json::Value {
    json!({
        "strategy": strategy.rules.iter().map(|(k, a)| json!({
            "knowledge": names(game, k), "action": game.action_name(*a),
        })).collect::<Vec<_>>(),
    })
}

fn spoiler_json(game: &ObservationGame, spoiler: &Spoiler) -> serde_json::Value {
    json!({
        "start": spoiler.start.as_ref().map(|k| names(game, k)),
        "answers": spoiler.answers.iter().map(|((k, a), o)| json!({
            "knowledge": names(game, k), "action": game.action_name(*a),
            "observation": game.observation_name(*o),
        })).collect::<Vec<_>>(),
    })
}

/// The spoiling tree, unfolded from the start, each knowledge set expanded once.
fn spoiling_tree(game: &ObservationGame, spoiler: &Spoiler, limit: usize) -> Vec<String> {
    let limit = if limit == 0 { usize::MAX } else { limit };
    let mut lines = Vec::new();
    let mut seen: std::collections::HashSet<LocationSet> = std::collections::HashSet::new();
    let Some(start) = &spoiler.start else {
        return lines;
    };
    let answers = spoiler.lookup();
    let mut stack: Vec<(LocationSet, usize, String)> =
        vec![(start.clone(), 0, "start:".to_string())];
    while let Some((k, depth, prefix)) = stack.pop() {
        if lines.len() >= limit {
            lines.push("… (more with --limit 0)".to_string());
            break;
        }
        let pad = "  ".repeat(depth);
        let shown = game.show(&k);
        if !seen.insert(k.clone()) {
            lines.push(format!("{pad}{prefix} {shown} (as above)"));
            continue;
        }
        if let Some(l) = k.iter().find(|&l| !game.safe().contains(l)) {
            lines.push(format!(
                "{pad}{prefix} {shown}: the play may be at the unsafe {}, the system loses",
                game.location_name(l)
            ));
            continue;
        }
        let actions = game.common_actions(&k);
        if actions.is_empty() {
            lines.push(format!(
                "{pad}{prefix} {shown}: no action is allowed at all of it, the system loses"
            ));
            continue;
        }
        lines.push(format!("{pad}{prefix} {shown}"));
        for &a in actions.iter().rev() {
            let Some(&o) = answers.get(&(&k, a)) else {
                continue;
            };
            if let Some((_, next)) = game
                .successors(&k, a)
                .into_iter()
                .find(|(p, s)| *p == o && !s.is_empty())
            {
                let label = format!(
                    "after {}, shows {} →",
                    game.action_name(a),
                    game.observation_name(o)
                );
                stack.push((next, depth + 1, label));
            }
        }
    }
    lines
}

fn verify(game_path: &Path, strategy_path: &Path) -> anyhow::Result<()> {
    let loaded = read(game_path)?;
    let game = &loaded.game;
    let text = read_text_file(strategy_path).map_err(bad_input)?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| in_file(strategy_path, e))?;
    let rules = value["strategy"].as_array().ok_or_else(|| {
        in_file(
            strategy_path,
            "expected an object with a \"strategy\" list of {\"knowledge\": [...], \"action\": ...}",
        )
    })?;
    let location =
        |name: &str| (0..game.num_locations() as u32).find(|&l| game.location_name(l) == name);
    let action = |name: &str| (0..game.num_actions() as u32).find(|&a| game.action_name(a) == name);
    let mut strategy = Strategy::default();
    for (i, rule) in rules.iter().enumerate() {
        let bad = |what: String| in_file(strategy_path, format!("rule {}: {what}", i + 1));
        let mut k = LocationSet::empty(game.num_locations());
        for name in rule["knowledge"]
            .as_array()
            .ok_or_else(|| bad("no \"knowledge\" list".into()))?
        {
            let name = name.as_str().unwrap_or_default();
            k.insert(location(name).ok_or_else(|| bad(format!("no location '{name}'")))?);
        }
        let name = rule["action"].as_str().unwrap_or_default();
        let a = action(name).ok_or_else(|| bad(format!("no action '{name}'")))?;
        strategy.rules.push((k, a));
    }
    strategy
        .verify(game)
        .map_err(|e| in_file(strategy_path, e))?;
    say!(
        "{}: the strategy wins {} for the system against every behaviour of the environment ({} rules)",
        strategy_path.display(),
        game_path.display(),
        strategy.rules.len()
    );
    Ok(())
}

fn generate(family: Family, size: usize, output: Option<&Path>) -> anyhow::Result<()> {
    let game = match family {
        Family::Primes if (1..=12).contains(&size) => primes::prime_cycles(size),
        Family::Cerny if (2..=1 << 20).contains(&size) => cerny::cerny(size),
        Family::Primes => return Err(bad_input("the prime-cycles family has 1 to 12 cycles")),
        Family::Cerny => return Err(bad_input("Černý's automata have 2 to 2^20 states")),
    };
    let text = write_gii(&game)?;
    match output {
        Some(path) => std::fs::write(path, text).map_err(|e| in_file(path, e))?,
        None => say!("{}", text.trim_end()),
    }
    Ok(())
}

/// The median of `runs` timings of `f`, and its last result.
fn timed<R>(runs: usize, mut f: impl FnMut() -> R) -> (Duration, R) {
    let mut times = Vec::with_capacity(runs);
    let mut result = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        result = Some(f());
        times.push(started.elapsed());
    }
    times.sort();
    (times[times.len() / 2], result.expect("at least one run"))
}

fn bench(
    max_primes: usize,
    cerny_sizes: &[usize],
    files: &[PathBuf],
    runs: usize,
) -> anyhow::Result<()> {
    if let Some(n) = cerny_sizes.iter().find(|&&n| !(2..=24).contains(&n)) {
        return Err(bad_input(format!(
            "--cerny {n}: sizes go from 2 to 24 (2^n knowledge sets)"
        )));
    }
    if max_primes > 8 {
        return Err(bad_input(
            "--primes goes up to 8 (9 cycles have 223092870 rounds to count)",
        ));
    }
    let mut games: Vec<(String, ObservationGame)> = (1..=max_primes)
        .map(|k| (format!("primes {k}"), primes::prime_cycles(k)))
        .collect();
    for &n in cerny_sizes {
        games.push((format!("cerny {n}"), cerny::cerny(n)));
    }
    for path in files {
        games.push((path.display().to_string(), read(path)?.game));
    }
    say!(
        "| game | locations | algorithm | winner | median time | knowledge sets | largest antichain | peak RSS |"
    );
    say!("|---|---:|---|---|---:|---:|---:|---:|");
    for (name, game) in &games {
        for info in observation::ALGORITHMS {
            // The peak while this algorithm ran, where the system can reset it.
            let reset = reset_peak_rss();
            let (time, solution) = timed(runs, || (info.solve)(game));
            let rss = match peak_rss() {
                Some(bytes) if reset => format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0)),
                _ => "–".to_string(),
            };
            let antichain = if info.id == "antichain" {
                solution.stats.max_antichain.to_string()
            } else {
                "–".to_string()
            };
            say!(
                "| {name} | {} | {} | {} | {} | {} | {antichain} | {rss} |",
                game.num_locations(),
                info.id,
                solution.winner,
                millis(time),
                solution.stats.knowledge_sets
            );
        }
    }
    Ok(())
}
