//! `kalmar positional`: n-player games on graphs.

use crate::report::{ListArgs, count, describe, in_file, listing, load, millis, table, write_game};
use crate::solve::{draw, finish, timed};
use crate::{SolveArgs, bad_input};
use clap::Subcommand;
use kalmar_core::Owner;
use kalmar_core::dot::Mark;
use kalmar_core::format::GameGraph;
use kalmar_efg::format::to_nfg_string;
use kalmar_positional::check::join;
use kalmar_positional::deviation::{self, outcome_name};
use kalmar_positional::improvement::{self, Dynamics, End, Rule, Run};
use kalmar_positional::nash::{self, NashError, Options, SOLVERS};
use kalmar_positional::restricted::{Improvement, Restriction};
use kalmar_positional::solution_file::SolutionFile;
use kalmar_positional::{
    PositionalGame, cycle_certificate, form_search, normal_form, preference_search, ricycle,
    summary,
};
use std::path::{Path, PathBuf};

/// The commands of the positional family.
#[derive(Subcommand)]
pub enum PositionalCommand {
    /// A Nash equilibrium in pure positional strategies, checked by an independent certificate.
    ///
    /// The game is a .gg file with `players N` and a payoff vector at each terminal
    /// (`payoff=(2,1,0)`); on a graph with cycles, every infinite play is one outcome whose
    /// utilities the `cycle (u0,u1,...)` line gives (0 to all without it).
    ///
    /// On an acyclic game (chance allowed), backward induction gives a subgame-perfect
    /// equilibrium in linear time with every player's expected utility at every position (ties
    /// go to the earliest move). On a game with cycles the solver that fits is taken (see
    /// `kalmar positional solvers`): an attractor for two players with ±1 outcomes, strong
    /// improvements for two players, otherwise a search over partial profiles pruned by
    /// attractors, which finds an equilibrium or proves there is none; each equilibrium is
    /// checked by computing every player's best deviation by reachability.
    #[command(
        after_help = "Examples:\n  kalmar positional nash examples/three-players.gg -o spe.json, then `kalmar verify examples/three-players.gg spe.json`\n  kalmar positional nash examples/figure-10.gg --solver brute"
    )]
    Nash {
        #[command(flatten)]
        args: SolveArgs,
        /// The solver (see `kalmar positional solvers`). Default: bi on an acyclic game, else
        /// win-lose, improve (two players) or exact, as fits.
        #[arg(long, value_name = "ID")]
        solver: Option<String>,
        #[command(flatten)]
        preferences: Preferences,
    },
    /// List the solvers of n-player games with their bounds.
    Solvers(ListArgs),
    /// Follow improvement dynamics from a profile to an equilibrium or a cycle, printing every
    /// step: which player improves, the outcomes its deviation passes through and how many of
    /// its decisions change.
    ///
    /// The steps are improvements of the --improvement type under the --restriction; the --rule
    /// picks them: round-robin (the players in turn, each its first improvement) or random (a
    /// player and an improvement drawn from --seed). For two players, strong improvements always
    /// end in an equilibrium (Theorem 3); the end is checked by the Nash certificate.
    #[command(
        after_help = "Examples:\n  kalmar positional dynamics examples/figure-10.gg\n  kalmar positional dynamics game.gg --improvement best-reply --restriction inside-play --rule random --seed 7 --json"
    )]
    Dynamics {
        /// The game (.gg).
        file: std::path::PathBuf,
        /// The type of improvement: standard, strong, last-step or best-reply.
        #[arg(long, default_value = "best-reply", value_name = "TYPE")]
        improvement: String,
        /// Which changes a step may make: lazy (the fewest changes), inside-play or unrestricted.
        #[arg(long, default_value = "lazy", value_name = "R")]
        restriction: String,
        /// How steps are chosen: round-robin or random.
        #[arg(long, default_value = "round-robin", value_name = "RULE")]
        rule: String,
        /// The seed of the random rule and of a random start.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from every position's first move (first) or a random profile (random).
        #[arg(long, default_value = "first", value_name = "FROM")]
        from: String,
        /// The most steps.
        #[arg(long, default_value_t = 1_000_000, value_name = "N")]
        max_steps: usize,
        /// Draw the game in Graphviz DOT with the equilibrium the dynamics end in in bold
        /// (render with `dot -Tsvg FILE -o equilibrium.svg`).
        #[arg(long, value_name = "FILE")]
        dot: Option<PathBuf>,
        /// Print the trace as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        preferences: Preferences,
    },
    /// Search for a restricted improvement cycle (ri-cycle): profiles x¹ → x² → … → x¹, each step
    /// one player's inside-play improvement of the type asked for; or, with --any-preferences,
    /// for preferences that make one in the game form.
    ///
    /// The search builds the graph of all positional profiles and their improvements, so it is
    /// for the small examples of the theory (refused above --max-profiles). By the paper's
    /// theorems it finds none of type strong in two-player games, of type last-step on acyclic
    /// graphs, of type standard on trees; --restriction unrestricted allows any change of a
    /// player's own strategy (the im-cycles of Figure 1, which exist even on trees). Every cycle
    /// found is checked by the cycle's certificate, which replays each step.
    ///
    /// With --any-preferences the file's utilities are ignored (it may be a game form, whose
    /// terminals have none): the search looks for a cycle of deviations whose order constraints
    /// are consistent for every player, and prints the cycle with preferences that make it an
    /// ri-cycle (write them with -o, read them back with --preferences); when it finds none, no
    /// preferences, ties allowed, make an ri-cycle of that type: the search is complete.
    #[command(
        after_help = "Examples:\n  kalmar positional ricycle examples/figure-10.gg --improvement strong\n  kalmar positional ricycle game.gg --improvement standard --restriction unrestricted --json\n  kalmar generate positional flower --size 3 --players 4 -o flower.gg, then\n  kalmar positional ricycle flower.gg --any-preferences --improvement strong-best-reply -o cycle.prefs\n  kalmar positional ricycle flower.gg --any-preferences --c-free   (none: every ri-cycle passes through c)"
    )]
    Ricycle {
        /// The game (.gg); with --any-preferences, a game form.
        file: std::path::PathBuf,
        #[command(flatten)]
        search: CycleSearch,
        /// Ignore the utilities and search for preferences that make an ri-cycle.
        #[arg(long)]
        any_preferences: bool,
        /// Write the preferences found (--any-preferences) to FILE, in the notation
        /// --preferences reads.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Draw the game in Graphviz DOT with the cycle's first profile in bold and, under each
        /// position, the steps that change it (render with `dot -Tsvg FILE -o cycle.svg`).
        #[arg(long, value_name = "FILE")]
        dot: Option<PathBuf>,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        preferences: Preferences,
    },
    /// Draw random game forms and search each for preferences that make an ri-cycle (as
    /// `ricycle --any-preferences` does), until one is found: how the paper's examples are
    /// found, and a way to probe its open questions. A form found is written with -o as a
    /// game (the preferences as utilities 0, 1, 2, … and the `cycle` line); finding none is
    /// evidence about forms of that shape, not a proof.
    #[command(
        after_help = "Examples:\n  kalmar positional forms --players 2 --positions 4 --terminals 4 --acyclic   (Figure 3)\n  kalmar positional forms --players 4 --positions 7 --terminals 4 --random-owners --improvement strong-best-reply --c-free --forms 20000 -o found.gg"
    )]
    Forms {
        /// The number of players.
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// The positions of each form (the start is v0).
        #[arg(long, default_value_t = 4)]
        positions: usize,
        /// The terminals of each form (a1, a2, …).
        #[arg(long, default_value_t = 3)]
        terminals: usize,
        /// The moves of each position.
        #[arg(long, default_value_t = 2)]
        moves: usize,
        /// Moves go to later positions only: acyclic digraphs.
        #[arg(long)]
        acyclic: bool,
        /// Give each position a random owner (else position k belongs to player k mod n).
        #[arg(long)]
        random_owners: bool,
        /// The most forms drawn.
        #[arg(long, default_value_t = 10_000, value_name = "N")]
        forms: usize,
        /// The seed of the draws.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        search: CycleSearch,
        /// Write the form found, with the preferences as utilities, to FILE (.gg).
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Describe a game before solving it: players and their positions, terminals, moves,
    /// whether play from the start can cycle, each player's number of pure positional
    /// strategies and the number of profiles (exact, or "at least 2^k"), whether it is a
    /// two-player win-lose game, and what infinite play (c) pays.
    #[command(after_help = "Example:\n  kalmar positional info examples/figure-10.gg --json")]
    Info {
        /// The game (.gg).
        file: PathBuf,
        /// Print JSON instead of text (counts beyond 2^64 as strings).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        preferences: Preferences,
    },
    /// Write the normal form of a game without chance as a Gambit .nfg file (outcome-list
    /// form): each player's pure positional strategies, named by their moves (`u>a1,w>x`, the
    /// player's positions in file order, the first changing fastest), and the outcome of every
    /// profile (a terminal, or c for infinite play) with its exact utilities. Its pure
    /// equilibria (`kalmar efg nash OUT.nfg --solver pure`) are the positional equilibria. A
    /// table of more payoffs (profiles × players) than --max-size is refused, with its size,
    /// before it is built.
    #[command(
        after_help = "Example:\n  kalmar positional normal-form examples/figure-10.gg -o f.nfg, then `kalmar efg nash f.nfg --solver pure`"
    )]
    NormalForm {
        /// The game (.gg).
        file: PathBuf,
        /// Write the .nfg to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        /// The largest table built, in payoffs (profiles × players).
        #[arg(long, default_value_t = normal_form::DEFAULT_MAX_SIZE, value_name = "N")]
        max_size: u64,
        #[command(flatten)]
        preferences: Preferences,
    },
}

/// What a search for restricted improvement cycles looks for, and how much it may do.
#[derive(clap::Args)]
pub struct CycleSearch {
    /// The type of improvement: standard, strong, last-step, best-reply or strong-best-reply.
    #[arg(long, default_value = "standard", value_name = "TYPE")]
    improvement: String,
    /// Which changes a step may make: inside-play (the paper's restriction), lazy (the fewest
    /// changes to each better outcome) or unrestricted.
    #[arg(long, default_value = "inside-play", value_name = "R")]
    restriction: String,
    /// Only cycles whose every profile's play ends (the paper's c-free cycles).
    #[arg(long)]
    c_free: bool,
    /// The most profiles of a game searched.
    #[arg(long, default_value_t = 1 << 20, value_name = "N")]
    max_profiles: u64,
    /// The most partial cycles a search for preferences extends in one game form.
    #[arg(long, default_value_t = 10_000_000, value_name = "N")]
    max_nodes: u64,
}

impl CycleSearch {
    /// The library's options, the names checked.
    fn options(&self) -> anyhow::Result<ricycle::Options> {
        let (improvement, restriction) =
            improvement_and_restriction(&self.improvement, &self.restriction)?;
        Ok(ricycle::Options {
            improvement,
            restriction,
            c_free: self.c_free,
            max_profiles: self.max_profiles,
            max_nodes: self.max_nodes,
        })
    }
}

/// `--preferences FILE`: the utilities as preference orders in the paper's notation.
#[derive(clap::Args)]
pub struct Preferences {
    /// Read the players' preferences from FILE, one line per player from worst to best, as in
    /// the paper: `1: a2 < a1 < c` (`=` for ties; `c` is infinite play). They replace the
    /// game's payoffs, so FILE can be a game form without any.
    #[arg(long, value_name = "FILE")]
    preferences: Option<std::path::PathBuf>,
}

impl Preferences {
    /// The game graph of `file`, with the preferences applied when given.
    fn load(&self, file: &std::path::Path) -> anyhow::Result<GameGraph> {
        let mut graph = load(file)?;
        if let Some(path) = &self.preferences {
            let text = kalmar_core::format::read_text_file(path).map_err(bad_input)?;
            kalmar_positional::preferences::apply(&mut graph, &text)
                .map_err(|e| bad_input(e.in_file(path.display().to_string())))?;
        }
        Ok(graph)
    }
}

/// Runs a positional command.
pub fn run(command: &PositionalCommand) -> anyhow::Result<()> {
    match command {
        PositionalCommand::Nash {
            args,
            solver,
            preferences,
        } => nash_graph(args, &preferences.load(&args.file)?, solver.as_deref()),
        PositionalCommand::Dynamics {
            file,
            improvement,
            restriction,
            rule,
            seed,
            from,
            max_steps,
            dot,
            json,
            preferences,
        } => {
            let game = positional_game(file, preferences)?;
            let (kind, restriction) = improvement_and_restriction(improvement, restriction)?;
            let rule =
                Rule::from_name(rule, *seed).map_err(|e| bad_input(format!("--rule {e}")))?;
            let start = improvement::start_profile(&game, from, *seed)
                .map_err(|e| bad_input(format!("--from {e}")))?;
            let dynamics = Dynamics {
                improvement: kind,
                restriction,
                rule,
                max_steps: *max_steps,
            };
            let run =
                improvement::run_with(&game, start, &dynamics).map_err(|e| in_file(file, e))?;
            match (&run.end, dot) {
                (End::Equilibrium(profile), _) => {
                    draw(dot.as_deref(), game.arena(), Some(profile), |_| {
                        Mark::default()
                    })?;
                }
                (_, Some(_)) => eprintln!(
                    "the dynamics end without an equilibrium: nothing drawn (`kalmar positional \
                     ricycle --dot` draws improvement cycles)"
                ),
                (_, None) => {}
            }
            print_run(&game, file, &run, *json)
        }
        PositionalCommand::Ricycle {
            file,
            search,
            any_preferences,
            output,
            dot,
            json,
            preferences,
        } => {
            let asked = Asked {
                file,
                any_preferences: *any_preferences,
                output: output.as_deref(),
                dot: dot.as_deref(),
                json: *json,
            };
            find_ricycle(&preferences.load(file)?, &search.options()?, &asked)
        }
        PositionalCommand::Forms {
            players,
            positions,
            terminals,
            moves,
            acyclic,
            random_owners,
            forms,
            seed,
            search,
            output,
            json,
        } => {
            let options = search.options()?;
            let shape = form_search::Shape {
                players: *players,
                positions: *positions,
                terminals: *terminals,
                moves: *moves,
                acyclic: *acyclic,
                owners_in_turn: !*random_owners,
            };
            let found = form_search::search(&shape, &options, *forms, *seed).map_err(bad_input)?;
            print_forms(&found, &options, output.as_deref(), *json)
        }
        PositionalCommand::Solvers(args) => {
            let rows = SOLVERS
                .iter()
                .map(|s| vec![s.id.into(), s.bounds.into(), s.summary.into()]);
            listing(*args, &["id", "bounds", "method"], rows)?;
            if !args.json {
                say!(
                    "\n  n positions, m moves, k players. Use one with `kalmar positional nash FILE --solver ID`."
                );
            }
            Ok(())
        }
        PositionalCommand::Info {
            file,
            json,
            preferences,
        } => info(&positional_game(file, preferences)?, file, *json),
        PositionalCommand::NormalForm {
            file,
            output,
            max_size,
            preferences,
        } => write_normal_form(
            &positional_game(file, preferences)?,
            file,
            output.as_deref(),
            *max_size,
        ),
    }
}

/// The game of a `.gg` file with the preferences given, naming the file in errors.
fn positional_game(file: &Path, preferences: &Preferences) -> anyhow::Result<PositionalGame> {
    PositionalGame::from_graph(&preferences.load(file)?).map_err(|e| in_file(file, e))
}

/// `kalmar positional info`: the library's summary as a table or JSON.
fn info(game: &PositionalGame, file: &Path, json: bool) -> anyhow::Result<()> {
    let info = summary::info(game);
    if json {
        say!("{}", serde_json::to_string_pretty(&info)?);
        return Ok(());
    }
    say!(
        "{}-player game {}: {}",
        info.players.len(),
        file.display(),
        describe(game.arena())
    );
    if info.chance_positions > 0 {
        say!(
            "  {}",
            count(info.chance_positions as u64, "chance position")
        );
    }
    say!(
        "  start {}; {}",
        info.start,
        if info.acyclic {
            "no cycle is reachable from it: backward induction solves the game"
        } else {
            "play from it can cycle"
        }
    );
    say!("  infinite play (c) pays ({})", join(&info.cycle));
    say!(
        "  {}",
        if info.win_lose {
            "a win-lose game: two players, every outcome pays (1,-1) or (-1,1)"
        } else {
            "not a win-lose game"
        }
    );
    let noun = if info.profiles.to_u64() == Some(1) {
        "profile"
    } else {
        "profiles"
    };
    say!("  {} positional {noun}\n", info.profiles);
    table(
        &["player", "positions", "moves", "strategies"],
        info.players.iter().map(|p| {
            vec![
                p.player.to_string(),
                p.positions.to_string(),
                p.moves.to_string(),
                p.strategies.to_string(),
            ]
        }),
        0,
    )
}

/// `kalmar positional normal-form`: the table as `.nfg`, to a file or standard output.
fn write_normal_form(
    game: &PositionalGame,
    file: &Path,
    output: Option<&Path>,
    max_size: u64,
) -> anyhow::Result<()> {
    let form = normal_form::build(game, max_size).map_err(|e| in_file(file, e))?;
    let title = file.file_name().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    let text = to_nfg_string(&form.to_nfg(game, &title));
    write_game(output, &text, || {
        format!(
            "the normal form ({} profiles of {})",
            form.num_profiles(),
            form.shape()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" × ")
        )
    })
}

/// Solves the n-player game of `graph` and prints, saves and draws the equilibrium as asked:
/// by backward induction when `solver` is `bi`, or none is named and the game is acyclic; by
/// the library's `nash::solve` otherwise.
pub fn nash_graph(args: &SolveArgs, graph: &GameGraph, solver: Option<&str>) -> anyhow::Result<()> {
    let game = PositionalGame::from_graph(graph).map_err(|e| in_file(&args.file, e))?;
    if solver.unwrap_or_else(|| nash::fitting(&game)) != "bi" {
        return with_cycles(args, &game, solver);
    }
    let moves = game.arena().num_edges();
    let (solved, _) = timed("backward induction", moves, || nash::subgame_perfect(&game));
    let nash::SubgamePerfect {
        equilibrium: solved,
        solve_time: elapsed,
        check_time,
    } = solved.map_err(|e| match e {
        nash::BackwardError::Cycle(e) => in_file(&args.file, e),
        e => anyhow::anyhow!("{e}"),
    })?;
    finish(args, || SolutionFile::new(&game, &solved).to_text())?;
    let arena = game.arena();
    draw(args.dot.as_deref(), arena, Some(&solved.strategy), |v| {
        Mark {
            text: format!("({})", join(&solved.values[v.index()])),
            winner: None,
        }
    })?;
    if args.json {
        return Ok(());
    }
    say!(
        "{}-player game {}: {}",
        game.num_players(),
        args.file.display(),
        describe(arena)
    );
    say!(
        "subgame-perfect equilibrium by backward induction in {}; certificate verified in {}\n",
        millis(elapsed),
        millis(check_time)
    );
    let start = game.start();
    say!(
        "  from the start {}, the players expect ({})\n",
        arena.name(start),
        join(&solved.values[start.index()])
    );
    let rows = arena.vertices().map(|v| {
        vec![
            arena.name(v).into_owned(),
            match arena.owner(v) {
                Owner::Player(p) => format!("player {p}"),
                Owner::Chance => "chance".into(),
                Owner::Terminal => "end".into(),
            },
            join(&solved.values[v.index()]),
            solved
                .strategy
                .successor(arena, v)
                .map_or(String::new(), |w| format!("-> {}", arena.name(w))),
        ]
    });
    table(
        &["position", "to move", "utilities", "equilibrium move"],
        rows,
        args.limit,
    )?;
    Ok(())
}

/// An equilibrium of a game with cycles by `nash::solve`, printed (or as JSON).
fn with_cycles(
    args: &SolveArgs,
    game: &PositionalGame,
    solver: Option<&str>,
) -> anyhow::Result<()> {
    let options = Options {
        solver: solver.map(str::to_string),
        ..Options::default()
    };
    let moves = game.arena().num_edges();
    let (solved, elapsed) = timed("solving", moves, || nash::solve(game, &options));
    let solved = solved.map_err(|e| match e {
        NashError::Certificate(_) => anyhow::anyhow!("{e}"),
        e => in_file(&args.file, e),
    })?;
    if let Some(path) = &args.output {
        match &solved.equilibrium {
            Some(found) => {
                let file = SolutionFile::nash(game, solved.solver, &found.profile)
                    .map_err(|e| anyhow::anyhow!("internal error: {e}"))?;
                std::fs::write(path, file.to_text()?).map_err(|e| in_file(path, e))?;
                eprintln!("solution written to {}", path.display());
            }
            None => eprintln!(
                "no equilibrium to write to {}: the game has none in pure positional strategies",
                path.display()
            ),
        }
    }
    let arena = game.arena();
    if let Some(found) = &solved.equilibrium {
        draw(args.dot.as_deref(), arena, Some(&found.profile), |_| {
            Mark::default()
        })?;
    }
    if args.json {
        let equilibrium = solved.equilibrium.as_ref().map(|found| {
            let moves: serde_json::Map<String, serde_json::Value> = arena
                .vertices()
                .filter_map(|v| {
                    let w = found.profile.successor(arena, v)?;
                    Some((
                        arena.name(v).into_owned(),
                        arena.name(w).into_owned().into(),
                    ))
                })
                .collect();
            serde_json::json!({
                "outcome": outcome_name(game, found.outcome),
                "utilities": found.utilities.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "subgame_perfect": found.subgame_perfect,
                "moves": moves,
            })
        });
        let json = serde_json::json!({
            "solver": solved.solver,
            "verified": solved.equilibrium.is_some(),
            "equilibrium": equilibrium,
            "steps": solved.steps,
            "equilibria": solved.count.map(|c| c.0),
            "profiles": solved.count.map(|c| c.1),
            "nodes": solved.nodes,
        });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    say!(
        "{}-player game {}: {}",
        game.num_players(),
        args.file.display(),
        describe(arena)
    );
    let how = match (solved.steps, solved.count, solved.nodes) {
        (Some(steps), _, _) => format!(" after {steps} strong improvements"),
        (_, Some((1, profiles)), _) => {
            format!(": 1 of the {profiles} positional profiles is an equilibrium")
        }
        (_, Some((count, profiles)), _) => {
            format!(": {count} of the {profiles} positional profiles are equilibria")
        }
        (_, _, Some(nodes)) => format!(" after searching {}", count(nodes, "partial profile")),
        _ => String::new(),
    };
    say!("solved by {} in {}{how}", solved.solver, millis(elapsed));
    let Some(found) = &solved.equilibrium else {
        say!("\n  no Nash equilibrium in pure positional strategies");
        return Ok(());
    };
    say!(
        "certificate verified: no player reaches a better outcome by changing its own moves{}\n",
        match (found.subgame_perfect, found.subgame_checked) {
            (Some(true), true) => " (from any start too: subgame perfect)",
            (Some(true), false) => {
                " (subgame perfect as the solver builds it; too large to check from every start)"
            }
            (Some(false), _) => " (from this start only: not subgame perfect)",
            (None, _) => "",
        }
    );
    say!(
        "  from the start {}, play ends in {} with utilities ({})\n",
        arena.name(game.start()),
        outcome_name(game, found.outcome),
        join(&found.utilities)
    );
    let movers: Vec<_> = arena
        .vertices()
        .filter(|&v| !arena.is_terminal(v))
        .collect();
    let rows = movers.into_iter().map(|v| {
        vec![
            arena.name(v).into_owned(),
            game.mover(v)
                .map_or("chance".into(), |p| format!("player {p}")),
            found
                .profile
                .successor(arena, v)
                .map_or(String::new(), |w| format!("-> {}", arena.name(w))),
        ]
    });
    table(
        &["position", "to move", "equilibrium move"],
        rows,
        args.limit,
    )?;
    Ok(())
}

/// What `kalmar positional ricycle` is asked besides the search's options.
struct Asked<'a> {
    file: &'a Path,
    any_preferences: bool,
    output: Option<&'a Path>,
    dot: Option<&'a Path>,
    json: bool,
}

/// `kalmar positional ricycle`: a cycle of the game, or preferences and a cycle of the form.
fn find_ricycle(
    graph: &GameGraph,
    options: &ricycle::Options,
    asked: &Asked<'_>,
) -> anyhow::Result<()> {
    let file = asked.file;
    if asked.output.is_some() && !asked.any_preferences {
        return Err(bad_input(
            "-o writes the preferences --any-preferences finds; without it the game's own \
             utilities are searched",
        ));
    }
    let (game, found, searched) = if asked.any_preferences {
        let form = PositionalGame::from_form(graph).map_err(|e| in_file(file, e))?;
        let searched = preference_search::search(&form, options).map_err(|e| in_file(file, e))?;
        match &searched.witness {
            Some(witness) => (
                witness.game(&form),
                Some(witness.steps.clone()),
                Some(searched),
            ),
            None => (form, None, Some(searched)),
        }
    } else {
        let game = PositionalGame::from_graph(graph).map_err(|e| in_file(file, e))?;
        let found = ricycle::search_with(&game, options).map_err(|e| in_file(file, e))?;
        (game, found, None)
    };
    if let Some(steps) = &found {
        cycle_certificate::check(&game, steps, options.improvement, options.restriction).map_err(
            |e| anyhow::anyhow!("internal error, the cycle found fails its certificate: {e}"),
        )?;
        draw_cycle(asked.dot, &game, steps)?;
    }
    let witness = searched.as_ref().and_then(|s| s.witness.as_ref());
    let notation = witness.map(|w| w.notation(&game));
    if let (Some(path), Some(notation)) = (asked.output, &notation) {
        std::fs::write(path, notation).map_err(|e| in_file(path, e))?;
    }
    let lines = found
        .as_deref()
        .map(|cycle| ricycle::describe(&game, cycle));
    let kind = options.improvement.name();
    let restriction = options.restriction.name();
    if asked.json {
        let json = serde_json::json!({
            "improvement": kind,
            "restriction": restriction,
            "c_free": options.c_free,
            "cycle": lines,
            "preferences": notation.as_deref().map(|n| n.lines().collect::<Vec<_>>()),
            "profiles": searched.as_ref().map(|s| s.profiles),
            "nodes": searched.as_ref().map(|s| s.nodes),
        });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    let c_free = if options.c_free { "c-free " } else { "" };
    match (lines, &searched) {
        (None, None) => say!(
            "no {c_free}{kind} improvement cycle ({restriction}) in {}",
            file.display()
        ),
        (None, Some(searched)) => say!(
            "no preferences make a {c_free}{kind} improvement cycle ({restriction}) in {}: the \
             search tried every cycle of deviations among its {} profiles ({} partial cycles)",
            file.display(),
            searched.profiles,
            searched.nodes
        ),
        (Some(lines), _) => {
            say!(
                "a {c_free}{kind} improvement cycle ({restriction}) of {} in {} (certificate \
                 verified):",
                count(lines.len() as u64, "step"),
                file.display()
            );
            for (k, step) in lines.iter().enumerate() {
                say!("  {}. {step}", k + 1);
            }
            if let Some(notation) = &notation {
                say!(
                    "under the preferences, worst to best (the paper's player 1 is player 0 here):"
                );
                for line in notation.lines() {
                    say!("  {line}");
                }
            }
        }
    }
    Ok(())
}

/// Prints what `kalmar positional forms` found, writing the game found if asked.
fn print_forms(
    found: &form_search::Found,
    options: &ricycle::Options,
    output: Option<&Path>,
    json: bool,
) -> anyhow::Result<()> {
    let c_free = if options.c_free { "c-free " } else { "" };
    let kind = options.improvement.name();
    let restriction = options.restriction.name();
    let Some((form, witness)) = &found.found else {
        if json {
            let json =
                serde_json::json!({ "found": false, "forms": found.forms, "nodes": found.nodes });
            say!("{}", serde_json::to_string_pretty(&json)?);
        } else {
            say!(
                "no {c_free}{kind} ri-cycle ({restriction}) under any preferences in {} random forms ({} partial cycles)",
                found.forms,
                found.nodes
            );
        }
        return Ok(());
    };
    let game = witness.game(form);
    cycle_certificate::check(
        &game,
        &witness.steps,
        options.improvement,
        options.restriction,
    )
    .map_err(|e| anyhow::anyhow!("internal error, the cycle found fails its certificate: {e}"))?;
    let text = kalmar_core::format::to_gg_string(&game.to_graph());
    if let Some(path) = output {
        std::fs::write(path, &text).map_err(|e| in_file(path, e))?;
    }
    let steps = ricycle::describe(&game, &witness.steps);
    let notation = witness.notation(form);
    if json {
        let json = serde_json::json!({
            "found": true,
            "forms": found.forms,
            "nodes": found.nodes,
            "game": text,
            "cycle": steps,
            "preferences": notation.lines().collect::<Vec<_>>(),
        });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    say!(
        "form {} of the draws has a {c_free}{kind} ri-cycle ({restriction}) of {} (certificate verified):",
        found.forms,
        count(steps.len() as u64, "step")
    );
    for line in text.lines().filter(|l| !l.contains("terminal")) {
        say!("  {line}");
    }
    for (k, step) in steps.iter().enumerate() {
        say!("  {}. {step}", k + 1);
    }
    say!("under the preferences, worst to best (the paper's player 1 is player 0 here):");
    for line in notation.lines() {
        say!("  {line}");
    }
    Ok(())
}

/// Draws the cycle's first profile in bold, with the steps that change each position.
fn draw_cycle(
    path: Option<&Path>,
    game: &PositionalGame,
    steps: &[ricycle::CycleStep],
) -> anyhow::Result<()> {
    let arena = game.arena();
    draw(path, arena, Some(&steps[0].profile), |v| {
        let changes: Vec<String> = (0..steps.len())
            .filter(|&k| steps[k].profile.get(v) != steps[(k + 1) % steps.len()].profile.get(v))
            .map(|k| (k + 1).to_string())
            .collect();
        Mark {
            text: if changes.is_empty() {
                String::new()
            } else {
                format!("changed in step {}", changes.join(", "))
            },
            winner: None,
        }
    })
}

/// The type of improvement and the restriction named on the command line.
fn improvement_and_restriction(
    improvement: &str,
    restriction: &str,
) -> anyhow::Result<(Improvement, Restriction)> {
    let kind = improvement
        .parse::<Improvement>()
        .map_err(|e| bad_input(format!("--improvement {e}")))?;
    let restriction = restriction
        .parse::<Restriction>()
        .map_err(|e| bad_input(format!("--restriction {e}")))?;
    Ok((kind, restriction))
}

/// Prints a run of the dynamics: every step, then how it ended (an equilibrium is checked).
fn print_run(game: &PositionalGame, file: &Path, run: &Run, json: bool) -> anyhow::Result<()> {
    let arena = game.arena();
    if let End::Equilibrium(profile) = &run.end {
        deviation::check(game, profile).map_err(|e| {
            anyhow::anyhow!("internal error, the dynamics ended off equilibrium: {e}")
        })?;
    }
    let end = match &run.end {
        End::Equilibrium(_) => "equilibrium".to_string(),
        End::Cycle { from } => format!("cycle from step {}", from + 1),
        End::Limit => "step limit".to_string(),
    };
    if json {
        let steps: Vec<serde_json::Value> = run
            .steps
            .iter()
            .map(|s| {
                serde_json::json!({
                    "player": s.player,
                    "from": outcome_name(game, s.from),
                    "to": outcome_name(game, s.to),
                    "utilities": [s.gain.0.to_string(), s.gain.1.to_string()],
                    "changed": s.changed,
                })
            })
            .collect();
        let moves = match &run.end {
            End::Equilibrium(profile) => Some(
                arena
                    .vertices()
                    .filter_map(|v| {
                        let w = profile.successor(arena, v)?;
                        Some((
                            arena.name(v).into_owned(),
                            arena.name(w).into_owned().into(),
                        ))
                    })
                    .collect::<serde_json::Map<_, _>>(),
            ),
            _ => None,
        };
        let json = serde_json::json!({ "steps": steps, "end": end, "equilibrium": moves });
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    say!(
        "{}-player game {}: {}",
        game.num_players(),
        file.display(),
        describe(arena)
    );
    for (k, s) in run.steps.iter().enumerate() {
        say!(
            "  {}. player {}: {} ({}) -> {} ({}), {} decision{} changed",
            k + 1,
            s.player,
            outcome_name(game, s.from),
            s.gain.0,
            outcome_name(game, s.to),
            s.gain.1,
            s.changed,
            if s.changed == 1 { "" } else { "s" }
        );
    }
    match &run.end {
        End::Equilibrium(profile) => {
            let outcome = kalmar_positional::play(game, profile, game.start())?.outcome;
            say!(
                "an equilibrium after {} (certificate verified): play ends in {}",
                count(run.steps.len() as u64, "step"),
                outcome_name(game, outcome)
            );
        }
        _ => say!("{end} after {}", count(run.steps.len() as u64, "step")),
    }
    Ok(())
}
