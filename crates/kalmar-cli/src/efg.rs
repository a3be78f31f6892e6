//! `kalmar efg`: extensive-form games in Gambit's formats — describe them, check perfect recall,
//! list and count reduced strategies, write the reduced strategic form, find equilibria.

use crate::bad_input;
use crate::progress::spinner_for as spinner;
use crate::report::{in_file, millis, table};
use anyhow::Context;
use clap::{Args, Subcommand};
use kalmar_core::Rational;
use kalmar_efg::format::{GameFile, read_game, to_nfg_string};
use kalmar_efg::nash::sequence_form::{self, SequenceForm, behaviour};
use kalmar_efg::nash::{self, Domain, MixedProfile, backward, lemke_howson, pure, support, vertex};
use kalmar_efg::recall::Recall;
use kalmar_efg::reduced::ReducedStrategies;
use kalmar_efg::strategic::{self, StrategicForm};
use kalmar_efg::{Efg, Mover, Nfg};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The largest game file read, in bytes (2 GiB).
const MAX_FILE_BYTES: u64 = 2 << 30;

/// Strategic forms with more numbers than this get a spinner while they are built.
const SPINNER_CELLS: usize = 1_000_000;

#[derive(Subcommand)]
pub enum EfgCommand {
    /// Describe a game (.efg or .nfg): players, nodes, information sets, outcomes, perfect
    /// information and recall, and the number of reduced strategies of each player.
    Info(FileArgs),
    /// Check perfect recall by the breadth-first method: every node of an information set must
    /// have the same last own move. Failures name the set, two of its nodes and their moves;
    /// absent-minded sets (one node below another) are listed too.
    Recall(FileArgs),
    /// List each player's reduced strategies: one slot per information set in breadth-first
    /// order, `*` where the player's own earlier move in the tree makes the set unreachable.
    ///
    /// With --count, only count them (without enumerating, so huge games can be sized); with
    /// --json the object's `reduced_strategies` field has one count per player, in player order
    /// (a number, or a string of digits when larger than 2^64 - 1).
    Reduce {
        #[command(flatten)]
        file: FileArgs,
        /// Only count the reduced strategies.
        #[arg(long)]
        count: bool,
        /// Strategies to list per player in the human-readable output (0 for all).
        #[arg(long, default_value_t = 40, value_name = "N")]
        limit: usize,
    },
    /// Write the reduced strategic form as a Gambit .nfg file (outcome-list form, strategies
    /// named with `*`), with exact expected payoffs. A form with more numbers (profiles ×
    /// players) than --max-size is refused, with its size, before it is built.
    Strategic {
        /// The game (.efg).
        file: PathBuf,
        /// Write the .nfg to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// The largest strategic form built, in numbers (profiles × players).
        #[arg(long, default_value_t = strategic::DEFAULT_LIMIT, value_name = "N")]
        max_size: u64,
    },
    /// Find Nash equilibria, exact, each checked by an independent regret test.
    ///
    /// Methods: pure (all pure equilibria, any number of players), lh (Lemke-Howson from every
    /// starting label, then from every equilibrium found), enum (support enumeration: every
    /// equilibrium of a nondegenerate game), vertex (vertex enumeration: every extreme
    /// equilibrium, degenerate games too), seqform (the sequence form and Lemke's algorithm, on
    /// the tree: two players, perfect recall; no strategic form is built), spe (backward
    /// induction, perfect information). pure, lh, enum and vertex work on an .nfg file or on the
    /// reduced strategic form of an .efg file.
    Nash {
        #[command(flatten)]
        file: FileArgs,
        /// The method: pure, lh, enum, vertex, seqform or spe.
        #[arg(long, default_value = "seqform", value_name = "ID")]
        method: String,
        /// The largest strategic form built for pure, lh, enum and vertex (profiles × players).
        #[arg(long, default_value_t = strategic::DEFAULT_LIMIT, value_name = "N")]
        max_size: u64,
    },
    /// List the equilibrium methods.
    Methods,
    /// Time one task on a game file in-process (reading excluded): the median of --reps runs
    /// and the peak resident memory, as JSON. Tasks: strategic (build the reduced strategic
    /// form and write it as .nfg text), and the equilibrium methods pure, lh, enum, vertex,
    /// seqform.
    Bench {
        /// The game (.efg).
        file: PathBuf,
        /// strategic, pure, lh, enum, vertex or seqform.
        #[arg(long)]
        task: String,
        /// Runs (the median is reported).
        #[arg(long, default_value_t = 5)]
        reps: usize,
    },
    /// Write a generated game as .efg: poker with N cards (3 is Kuhn's poker), the prisoner's
    /// dilemma repeated N times, or a random tree.
    Generate {
        /// poker, repeated or random.
        family: String,
        /// Cards (poker), rounds (repeated) or depth (random).
        #[arg(default_value_t = 3)]
        size: u32,
        /// The seed (random).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players (random).
        #[arg(long, default_value_t = 2)]
        players: u32,
    },
}

#[derive(Args)]
pub struct FileArgs {
    /// The game file (.efg, or .nfg where a strategic form will do).
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(command: &EfgCommand) -> anyhow::Result<()> {
    match command {
        EfgCommand::Info(args) => info(args),
        EfgCommand::Recall(args) => recall(args),
        EfgCommand::Reduce { file, count, limit } => reduce(file, *count, *limit),
        EfgCommand::Strategic {
            file,
            output,
            max_size,
        } => write_strategic(file, output.as_deref(), *max_size),
        EfgCommand::Nash {
            file,
            method,
            max_size,
        } => nash_command(file, method, *max_size),
        EfgCommand::Generate {
            family,
            size,
            seed,
            players,
        } => generate(family, *size, *seed, *players),
        EfgCommand::Bench { file, task, reps } => bench(file, task, (*reps).max(1)),
        EfgCommand::Methods => table(
            &["id", "works on", "method"],
            nash::METHODS.iter().map(|m| {
                vec![
                    m.id.to_string(),
                    match m.domain {
                        Domain::Strategic => "strategic form".into(),
                        Domain::Extensive => "tree".into(),
                    },
                    m.summary.to_string(),
                ]
            }),
            0,
        ),
    }
}

/// Reads a game file, naming it in errors.
fn load(path: &Path) -> anyhow::Result<GameFile> {
    let size = std::fs::metadata(path)
        .with_context(|| format!("reading {}", path.display()))
        .map_err(|e| bad_input(format!("{e:#}")))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(in_file(
            path,
            format!("{size} bytes is more than the {MAX_FILE_BYTES} read"),
        ));
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading {}", path.display()))
        .map_err(|e| bad_input(format!("{e:#}")))?;
    read_game(&text).map_err(|e| bad_input(e.in_file(path.display().to_string())))
}

fn load_efg(path: &Path) -> anyhow::Result<Efg> {
    match load(path)? {
        GameFile::Efg(game) => Ok(game),
        GameFile::Nfg(_) => Err(in_file(path, "this needs an extensive-form game (.efg)")),
    }
}

fn player_name(game: &Efg, p: u32) -> String {
    let name = &game.players[p as usize];
    if name.is_empty() {
        format!("player {}", p + 1)
    } else {
        name.clone()
    }
}

/// A count as JSON: a number when it fits in u64, else a string of digits.
fn count_json(c: &num_bigint::BigUint) -> Value {
    use num_traits::ToPrimitive;
    c.to_u64()
        .map_or_else(|| json!(c.to_string()), |n| json!(n))
}

/// Each player's count of reduced strategies, by counting, or by enumeration up to `limit` when
/// a component of sets tangled by imperfect recall is too large to list.
fn counts(players: &[ReducedStrategies], limit: u64) -> Vec<Option<num_bigint::BigUint>> {
    players
        .iter()
        .map(|s| {
            s.count()
                .ok()
                .or_else(|| s.count_by_enumeration(limit).map(num_bigint::BigUint::from))
        })
        .collect()
}

fn info(args: &FileArgs) -> anyhow::Result<()> {
    let game = match load(&args.file)? {
        GameFile::Efg(game) => game,
        GameFile::Nfg(nfg) => return info_nfg(&nfg, args.json),
    };
    let recall = Recall::check(&game);
    let players = kalmar_efg::reduced::all_players(&game, &recall);
    let counts = counts(&players, 1 << 24);
    let terminals = game.nodes().iter().filter(|n| n.infoset.is_none()).count();
    let chance_sets = game
        .infosets()
        .iter()
        .filter(|h| h.mover == Mover::Chance)
        .count();
    if args.json {
        let per_player: Vec<Value> = (0..game.num_players() as u32)
            .map(|p| {
                json!({
                    "name": game.players[p as usize],
                    "infosets": game.player_infosets(p).count(),
                    "perfect_recall": recall.is_perfect_for(&game, p),
                    "reduced_strategies": counts[p as usize].as_ref().map(count_json),
                })
            })
            .collect();
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "title": game.title,
                "players": per_player,
                "nodes": game.num_nodes(),
                "terminal_nodes": terminals,
                "chance_infosets": chance_sets,
                "outcomes": game.outcomes().len(),
                "perfect_information": game.is_perfect_information(),
                "perfect_recall": recall.is_perfect(),
                "absent_minded": !recall.absent_minded.is_empty(),
            }))?
        );
        return Ok(());
    }
    say!(
        "{}",
        if game.title.is_empty() {
            "(untitled)"
        } else {
            &game.title
        }
    );
    if !game.comment.is_empty() {
        say!("  {}", game.comment);
    }
    say!(
        "  {} nodes ({} terminal), {} outcomes, {} chance information sets",
        game.num_nodes(),
        terminals,
        game.outcomes().len(),
        chance_sets
    );
    say!(
        "  perfect information: {}; perfect recall: {}{}",
        yes(game.is_perfect_information()),
        yes(recall.is_perfect()),
        if recall.absent_minded.is_empty() {
            ""
        } else {
            " (absent-minded)"
        }
    );
    table(
        &[
            "player",
            "information sets",
            "perfect recall",
            "reduced strategies",
        ],
        (0..game.num_players() as u32).map(|p| {
            vec![
                player_name(&game, p),
                game.player_infosets(p).count().to_string(),
                yes(recall.is_perfect_for(&game, p)).into(),
                counts[p as usize]
                    .as_ref()
                    .map_or("more than 16777216".into(), ToString::to_string),
            ]
        }),
        0,
    )
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn info_nfg(nfg: &Nfg, json_out: bool) -> anyhow::Result<()> {
    if json_out {
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "title": nfg.title,
                "players": nfg.players,
                "strategies": nfg.shape(),
                "profiles": nfg.num_profiles(),
            }))?
        );
        return Ok(());
    }
    say!("{} (strategic form)", nfg.title);
    table(
        &["player", "strategies"],
        nfg.players
            .iter()
            .zip(nfg.shape())
            .map(|(p, n)| vec![p.clone(), n.to_string()]),
        0,
    )
}

fn recall(args: &FileArgs) -> anyhow::Result<()> {
    let game = load_efg(&args.file)?;
    let recall = Recall::check(&game);
    let explained = recall.explain(&game);
    if args.json {
        let violations: Vec<Value> = recall
            .violations
            .iter()
            .map(|v| {
                json!({
                    "infoset": game.infoset_name(v.infoset),
                    "nodes": [game.node_name(v.first), game.node_name(v.other)],
                    "last_moves": [
                        v.first_move.map(|a| game.action_name(a)),
                        v.other_move.map(|a| game.action_name(a)),
                    ],
                })
            })
            .collect();
        let absent: Vec<Value> = recall
            .absent_minded
            .iter()
            .map(|a| {
                json!({
                    "infoset": game.infoset_name(a.infoset),
                    "nodes": [game.node_name(a.ancestor), game.node_name(a.descendant)],
                })
            })
            .collect();
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "perfect_recall": recall.is_perfect(),
                "players": (0..game.num_players() as u32)
                    .map(|p| recall.is_perfect_for(&game, p))
                    .collect::<Vec<_>>(),
                "violations": violations,
                "absent_minded": absent,
            }))?
        );
        return Ok(());
    }
    if recall.is_perfect() {
        say!("Perfect recall: every player remembers their own earlier moves.");
        return Ok(());
    }
    say!("Imperfect recall:");
    for line in explained {
        say!("  {line}");
    }
    Ok(())
}

fn reduce(args: &FileArgs, count_only: bool, limit: usize) -> anyhow::Result<()> {
    let game = load_efg(&args.file)?;
    let recall = Recall::check(&game);
    let players = kalmar_efg::reduced::all_players(&game, &recall);
    let counts = counts(&players, 1 << 24);
    let counts_json: Vec<Value> = counts
        .iter()
        .map(|c| c.as_ref().map_or(Value::Null, count_json))
        .collect();
    if count_only {
        if args.json {
            say!(
                "{}",
                serde_json::to_string_pretty(&json!({
                    "players": game.players,
                    "reduced_strategies": counts_json,
                }))?
            );
        } else {
            for (p, c) in counts.iter().enumerate() {
                let total = c
                    .as_ref()
                    .map_or("more than 16777216".into(), ToString::to_string);
                say!(
                    "{}: {total} reduced strateg{}",
                    player_name(&game, p as u32),
                    if total == "1" { "y" } else { "ies" }
                );
            }
        }
        return Ok(());
    }
    let show = if limit == 0 { usize::MAX } else { limit };
    if args.json {
        let listed: Vec<Value> = players
            .iter()
            .map(|s| {
                let list = s.enumerate(1 << 20).ok_or_else(|| {
                    bad_input(format!(
                        "{} has more than 2^20 reduced strategies; use --count",
                        player_name(&game, s.player)
                    ))
                })?;
                Ok(json!({
                    "player": game.players[s.player as usize],
                    "slots": s.slots.iter().map(|&h| game.infoset_name(h)).collect::<Vec<_>>(),
                    "strategies": list.iter().map(|r| s.label(&game, r)).collect::<Vec<_>>(),
                }))
            })
            .collect::<anyhow::Result<_>>()?;
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "reduced_strategies": counts_json,
                "players": listed,
            }))?
        );
        return Ok(());
    }
    for (s, c) in players.iter().zip(&counts) {
        let total = c
            .as_ref()
            .map_or("more than 16777216".into(), ToString::to_string);
        say!(
            "{}: {total} reduced strateg{}",
            player_name(&game, s.player),
            if total == "1" { "y" } else { "ies" }
        );
        if s.slots.is_empty() {
            say!("  (no moves: the one empty strategy)");
            continue;
        }
        let slots: Vec<String> = s
            .slots
            .iter()
            .map(|&h| {
                let labels: Vec<&str> = game
                    .actions_of(h)
                    .iter()
                    .map(|a| a.label.as_str())
                    .collect();
                format!("{{{}}}", labels.join(","))
            })
            .collect();
        say!("  slots (breadth-first): {}", slots.join(" "));
        let mut shown = 0;
        s.for_each(|r| {
            if shown == show {
                return false;
            }
            shown += 1;
            let _ = crate::write_out(format_args!("  {}\n", s.label(&game, r)));
            true
        });
        if c.as_ref()
            .is_none_or(|c| *c > num_bigint::BigUint::from(shown))
        {
            say!("  … (all of them with --limit 0)");
        }
    }
    Ok(())
}

/// Builds the reduced strategic form behind a spinner.
fn build_strategic(game: &Efg, recall: &Recall, max_size: u64) -> anyhow::Result<StrategicForm> {
    let plan = strategic::plan(game, recall, max_size).map_err(bad_input)?;
    let cells: u64 = plan
        .counts
        .iter()
        .map(|c| num_traits::ToPrimitive::to_u64(c).unwrap_or(u64::MAX))
        .product::<u64>()
        .saturating_mul(game.num_players() as u64);
    let bar = spinner(
        "building the reduced strategic form",
        if cells as usize >= SPINNER_CELLS {
            usize::MAX
        } else {
            0
        },
    );
    let form = strategic::strategic_form(game, recall, max_size).map_err(bad_input);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    form
}

fn write_strategic(file: &Path, output: Option<&Path>, max_size: u64) -> anyhow::Result<()> {
    let game = load_efg(file)?;
    let recall = Recall::check(&game);
    let form = build_strategic(&game, &recall, max_size)?;
    let text = to_nfg_string(&form.nfg);
    match output {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None => crate::write_out(format_args!("{text}"))?,
    }
    Ok(())
}

fn ratio(r: &Rational) -> Value {
    if r.is_integer()
        && let Some((n, _)) = r.to_small()
    {
        return json!(n);
    }
    json!(r.to_string())
}

fn nash_command(args: &FileArgs, method_id: &str, max_size: u64) -> anyhow::Result<()> {
    let method = nash::method(method_id).map_err(bad_input)?;
    let started = Instant::now();
    let file = load(&args.file)?;
    match (method.domain, file) {
        (Domain::Extensive, GameFile::Nfg(_)) => Err(in_file(
            &args.file,
            format!("method {} works on the tree: give an .efg file", method.id),
        )),
        (Domain::Extensive, GameFile::Efg(game)) => {
            if method.id == "spe" {
                spe(&game, args.json)
            } else {
                seqform(&game, args.json, started)
            }
        }
        (Domain::Strategic, GameFile::Nfg(nfg)) => {
            strategic_nash(&nfg, None, method.id, args.json, started)
        }
        (Domain::Strategic, GameFile::Efg(game)) => {
            let recall = Recall::check(&game);
            let form = build_strategic(&game, &recall, max_size)?;
            strategic_nash(&form.nfg, Some(&game), method.id, args.json, started)
        }
    }
}

fn strategic_nash(
    nfg: &Nfg,
    tree: Option<&Efg>,
    method: &str,
    json_out: bool,
    started: Instant,
) -> anyhow::Result<()> {
    let shape = nfg.shape();
    let two = || {
        nfg.bimatrix().ok_or_else(|| {
            bad_input(format!(
                "method {method} is for two players; the game has {}",
                nfg.num_players()
            ))
        })
    };
    // For lh: how many equilibria lie at the end of a path from the artificial one.
    let mut from_artificial = None;
    // Enumeration may run long on big or degenerate forms: a spinner on a terminal.
    let bar = spinner(
        &format!("Equilibria by {method}"),
        if shape.iter().sum::<usize>() > 40 {
            usize::MAX
        } else {
            0
        },
    );
    let (equilibria, stats) = match method {
        "pure" => (
            pure::pure_equilibria(nfg)
                .iter()
                .map(|p| MixedProfile::pure(&shape, p))
                .collect(),
            nash::Stats::default(),
        ),
        "lh" => {
            let (a, b) = two()?;
            let (traversal, stats) = lemke_howson::all_labels(&a, &b);
            from_artificial = Some(traversal.from_artificial);
            (traversal.equilibria, stats)
        }
        "vertex" => {
            let (a, b) = two()?;
            vertex::extreme_equilibria(&a, &b)
        }
        _ => {
            let (a, b) = two()?;
            support::support_enumeration(&a, &b)
        }
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let elapsed = started.elapsed();
    let mut out = Vec::new();
    for e in &equilibria {
        let regrets = nash::regret(nfg, e).map_err(|err| anyhow::anyhow!("internal: {err}"))?;
        if regrets.iter().any(|(_, r)| !r.is_zero()) {
            anyhow::bail!("internal failure: an equilibrium failed the regret check");
        }
        out.push((e, regrets));
    }
    if json_out {
        let list: Vec<Value> = out
            .iter()
            .map(|(e, regrets)| {
                let players: Vec<Value> =
                    e.0.iter()
                        .enumerate()
                        .map(|(i, probs)| {
                            let support: serde_json::Map<String, Value> = probs
                                .iter()
                                .enumerate()
                                .filter(|(_, p)| !p.is_zero())
                                .map(|(k, p)| (strategy_name(nfg, i, k), ratio(p)))
                                .collect();
                            json!({ "player": nfg.players[i], "strategy": support })
                        })
                        .collect();
                json!({
                    "players": players,
                    "payoffs": regrets.iter().map(|(u, _)| ratio(u)).collect::<Vec<_>>(),
                    "regret": regrets.iter().map(|(_, r)| ratio(r)).collect::<Vec<_>>(),
                })
            })
            .collect();
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "method": method,
                "strategic_form": shape,
                "equilibria": list,
                "from_artificial": from_artificial,
                "pivots": stats.pivots,
                "checked": true,
            }))?
        );
        return Ok(());
    }
    let what = if tree.is_some() {
        "reduced strategic form"
    } else {
        "strategic form"
    };
    say!(
        "{} equilibri{} ({method}) of the {what} {}, each checked (regret 0), in {}",
        out.len(),
        if out.len() == 1 { "um" } else { "a" },
        shape
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" × "),
        millis(elapsed)
    );
    if let Some(n) = from_artificial {
        say!(
            "  {n} at the ends of the paths from the artificial equilibrium, {} more by paths \
             from the equilibria found",
            out.len() - n
        );
    }
    for (k, (e, regrets)) in out.iter().enumerate() {
        say!("  #{}", k + 1);
        for (i, probs) in e.0.iter().enumerate() {
            let support: Vec<String> = probs
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.is_zero())
                .map(|(s, p)| {
                    if *p == Rational::ONE {
                        strategy_name(nfg, i, s)
                    } else {
                        format!("{p} {}", strategy_name(nfg, i, s))
                    }
                })
                .collect();
            say!(
                "    {}: {}  (payoff {})",
                nfg.players[i],
                support.join(" + "),
                regrets[i].0
            );
        }
    }
    Ok(())
}

fn strategy_name(nfg: &Nfg, player: usize, k: usize) -> String {
    let label = &nfg.strategies[player][k];
    if label.is_empty() {
        (k + 1).to_string()
    } else {
        label.clone()
    }
}

fn seqform(game: &Efg, json_out: bool, started: Instant) -> anyhow::Result<()> {
    let recall = Recall::check(game);
    let form = SequenceForm::new(game, &recall).map_err(bad_input)?;
    let size = form.players[0].len() + form.players[1].len();
    let bar = spinner(
        "Lemke's algorithm on the sequence form",
        if size > 2_000 { usize::MAX } else { 0 },
    );
    let solved = sequence_form::solve(&form);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let (eq, stats) = solved.map_err(|e| anyhow::anyhow!("internal failure: {e}"))?;
    let elapsed = started.elapsed();
    let regret = sequence_form::regret(&form, &eq.x, &eq.y)
        .ok_or_else(|| anyhow::anyhow!("internal failure: not a realization plan"))?;
    if regret.iter().any(|r| !r.is_zero()) {
        anyhow::bail!("internal failure: the equilibrium failed the regret check");
    }
    let plans = [&eq.x, &eq.y];
    let behaviours: Vec<_> = (0..2)
        .map(|i| behaviour(game, &form.players[i], plans[i]))
        .collect();
    if json_out {
        let players: Vec<Value> = (0..2)
            .map(|i| {
                let sets: Vec<Value> = behaviours[i]
                    .iter()
                    .map(|(h, probs)| {
                        let moves: serde_json::Map<String, Value> = game
                            .actions_of(*h)
                            .iter()
                            .zip(probs)
                            .map(|(a, p)| (a.label.clone(), ratio(p)))
                            .collect();
                        json!({ "infoset": game.infoset_name(*h), "moves": moves })
                    })
                    .collect();
                json!({ "player": game.players[i], "behaviour": sets })
            })
            .collect();
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "method": "seqform",
                "sequences": [form.players[0].len(), form.players[1].len()],
                "equilibria": [{
                    "players": players,
                    "payoffs": eq.payoffs.iter().map(ratio).collect::<Vec<_>>(),
                    "regret": [0, 0],
                }],
                "pivots": stats.pivots,
                "checked": true,
            }))?
        );
        return Ok(());
    }
    say!(
        "An equilibrium (sequence form, {} and {} sequences, {} pivots), checked (regret 0), in {}",
        form.players[0].len(),
        form.players[1].len(),
        stats.pivots,
        millis(elapsed)
    );
    for (i, (player, payoff)) in behaviours.iter().zip(&eq.payoffs).enumerate() {
        say!("  {} (payoff {payoff}):", player_name(game, i as u32));
        for (h, probs) in player {
            let moves: Vec<String> = game
                .actions_of(*h)
                .iter()
                .zip(probs)
                .filter(|(_, p)| !p.is_zero())
                .map(|(a, p)| {
                    if *p == Rational::ONE {
                        a.label.clone()
                    } else {
                        format!("{p} {}", a.label)
                    }
                })
                .collect();
            say!("    {}: {}", game.infoset_name(*h), moves.join(" + "));
        }
    }
    Ok(())
}

fn spe(game: &Efg, json_out: bool) -> anyhow::Result<()> {
    let spe = backward::backward_induction(game).map_err(bad_input)?;
    if let Err(node) = backward::check(game, &spe.choice) {
        anyhow::bail!(
            "internal failure: backward induction's strategy is not optimal at {}",
            game.node_name(node)
        );
    }
    let moves: Vec<(String, String)> = (0..game.num_nodes())
        .filter_map(|x| {
            let id = kalmar_efg::NodeId(x as u32);
            let k = spe.choice[x]?;
            let h = game.node(id).infoset?;
            Some((
                game.node_name(id),
                game.actions_of(h)[k as usize].label.clone(),
            ))
        })
        .collect();
    let root = &spe.value[0];
    if json_out {
        say!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "method": "spe",
                "values": root.iter().map(ratio).collect::<Vec<_>>(),
                "moves": moves.iter().map(|(n, m)| json!({ "node": n, "move": m })).collect::<Vec<_>>(),
                "checked": true,
            }))?
        );
        return Ok(());
    }
    say!(
        "Subgame-perfect equilibrium by backward induction, checked: payoffs {}",
        root.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    table(
        &["node", "move"],
        moves.into_iter().map(|(n, m)| vec![n, m]),
        40,
    )
}

fn generate(family: &str, size: u32, seed: u64, players: u32) -> anyhow::Result<()> {
    use kalmar_efg::generate;
    let game = match family {
        "poker" if size >= 2 => generate::poker(size),
        "repeated" if size >= 1 => generate::repeated(size, generate::PRISONERS_DILEMMA),
        "random" if (1..=64).contains(&players) => generate::random_tree(
            &generate::TreeParams {
                players,
                max_depth: size,
                ..generate::TreeParams::default()
            },
            seed,
        ),
        _ => {
            return Err(bad_input(format!(
                "unknown family '{family}' or size {size}: poker N (N >= 2 cards), repeated N \
                 (N >= 1 rounds) or random DEPTH [--seed S] [--players P]"
            )));
        }
    };
    crate::write_out(format_args!("{}", kalmar_efg::format::to_efg_string(&game)))
}

/// One timed run of a task: a short description of the answer.
fn bench_once(game: &Efg, task: &str) -> anyhow::Result<String> {
    let recall = Recall::check(game);
    let strategic = || build_strategic(game, &recall, strategic::DEFAULT_LIMIT);
    Ok(match task {
        "strategic" => {
            let form = strategic()?;
            let text = to_nfg_string(&form.nfg);
            format!("{:?} strategies, {} bytes", form.nfg.shape(), text.len())
        }
        "pure" => format!(
            "{} pure equilibria",
            pure::pure_equilibria(&strategic()?.nfg).len()
        ),
        "lh" | "enum" | "vertex" => {
            let form = strategic()?;
            let (a, b) = form
                .nfg
                .bimatrix()
                .ok_or_else(|| bad_input("lh, enum and vertex are for two players"))?;
            let found = match task {
                "lh" => lemke_howson::all_labels(&a, &b).0.equilibria,
                "enum" => support::support_enumeration(&a, &b).0,
                _ => vertex::extreme_equilibria(&a, &b).0,
            };
            format!("{} equilibria", found.len())
        }
        "seqform" => {
            let form = SequenceForm::new(game, &recall).map_err(bad_input)?;
            let (eq, stats) = sequence_form::solve(&form)
                .map_err(|e| anyhow::anyhow!("internal failure: {e}"))?;
            format!(
                "payoffs {} and {}, {} pivots",
                eq.payoffs[0], eq.payoffs[1], stats.pivots
            )
        }
        other => {
            return Err(bad_input(format!(
                "unknown task '{other}': strategic, pure, lh, enum, vertex or seqform"
            )));
        }
    })
}

fn bench(file: &Path, task: &str, reps: usize) -> anyhow::Result<()> {
    let game = load_efg(file)?;
    // The peak from here on covers the runs, not the reading (where the system allows).
    let reset = kalmar_bench::reset_peak_rss();
    let mut times = Vec::with_capacity(reps);
    let mut summary = String::new();
    for _ in 0..reps {
        let start = Instant::now();
        summary = bench_once(&game, task)?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    say!(
        "{}",
        json!({
            "task": task,
            "nodes": game.num_nodes(),
            "median_ms": times[times.len() / 2],
            "reps": reps,
            "result": summary,
            "peak_rss_bytes": kalmar_bench::peak_rss(),
            "peak_rss_covers_reading": !reset,
        })
    );
    Ok(())
}

/// `kalmar solve` on a Gambit file: equilibria by the method that fits the game (the sequence
/// form for two-player trees, Lemke–Howson for two-player tables, pure equilibria otherwise).
pub fn solve_detected(file: &Path, game: &GameFile, json: bool) -> anyhow::Result<()> {
    let method = match game {
        GameFile::Efg(g) if g.num_players() == 2 => "seqform",
        GameFile::Nfg(g) if g.num_players() == 2 => "lh",
        _ => "pure",
    };
    let args = FileArgs {
        file: file.to_path_buf(),
        json,
    };
    nash_command(&args, method, strategic::DEFAULT_LIMIT)
}
