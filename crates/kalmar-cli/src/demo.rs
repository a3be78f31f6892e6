//! `kalmar demo`: a one-minute tour, one built-in example from every family.

use crate::report::table;
use crate::solve::{outcome_text, reach_rows};
use kalmar_cgt::Play;
use kalmar_cgt::octal::Rules;
use kalmar_cgt::octal::analysis::{ValuesOptions, analyse};
use kalmar_core::format::read_gg;
use kalmar_core::{Certificate, Edge, Player};
use kalmar_efg::format::read_game;
use kalmar_efg::nash;
use kalmar_filter::ohhell::{self, PublicState};
use kalmar_parity::ParityGame;
use kalmar_parity::format::read_pg;
use kalmar_terminal::dgg::{self, SOLVERS, Stats};
use kalmar_terminal::games::{cops::CopsAndRobber, nim::Nim};
use kalmar_terminal::reach::{self, Outcome};

/// Figure 2(b) of "Deterministic Graphical Games Revisited".
const TRAP: &str = "kalmar-gg 1
start a
a   max  -> b win
b   min  -> a win
win terminal payoff=1
";

/// A small deterministic graphical game with rational payoffs and a cycle.
const DGG: &str = "kalmar-gg 1
start s
s     max  -> m1 w3_2
m1    min  -> s x2 l1_3
x2    max  -> m1 w7_4 l5
w3_2  terminal payoff=3/2
w7_4  terminal payoff=7/4
l1_3 terminal payoff=-1/3
l5   terminal payoff=-5
";

/// A parity game of five vertices.
const TINY_PG: &str = include_str!("../../../examples/tiny.pg");

/// Condon's simple stochastic game with a coin that returns.
const COIN_TOSS: &str = include_str!("../../../examples/coin-toss.gg");

/// Kuhn's poker, as Gambit writes it.
const KUHN_POKER: &str = include_str!("../../../examples/kuhn-poker.efg");

/// Reduced strategies whose list order is not the tree order.
const LIST_VS_TREE: &str = include_str!("../../../examples/list-vs-tree.efg");

/// A three-player game with a move of chance.
const THREE_PLAYERS: &str = include_str!("../../../examples/three-players.gg");

/// The public state of Table 1 of Solinas et al.
const OHHELL_TABLE1: &str = include_str!("../../../examples/ohhell-table1-192.txt");

fn heading(n: u32, title: &str) -> anyhow::Result<()> {
    say!("\n{n}. {title}\n");
    Ok(())
}

pub fn run() -> anyhow::Result<()> {
    say!("kalmar solves games exactly: values, optimal strategies, and certificates that are");
    say!("checked by code that does not trust the solver. One example from every family.");

    heading(
        1,
        "A chess-like game with a trap (Figure 2(b) of Deterministic Graphical Games Revisited)",
    )?;
    say!("{}\n", indent(TRAP));
    let game = reach::from_graph(&read_gg(TRAP)?)?;
    let solution = reach::solve_checked(&game)?.solution;
    let arena = game.arena();
    table(
        &["position", "to move", "outcome", "optimal move"],
        reach_rows(&game, &solution),
        0,
    )?;
    let mut looping = solution.clone();
    looping.strategy.set(arena.name_index()["a"], Edge(0));
    say!("\n  Both positions are wins for Max, yet moving to a winning position is not enough.");
    say!("  Max looping a -> b is caught by the verifier:");
    say!(
        "    {}",
        looping.verify(&game).expect_err("the loop is not optimal")
    );

    heading(
        2,
        "Cops and robber: a rules-based game explored into a graph, then solved",
    )?;
    let cops = CopsAndRobber::example();
    let (explored, solution) = reach::solve_implicit(&cops, 1_000_000)?;
    solution.verify(&reach::from_explored(&explored)?)?;
    let count = |o: Outcome| solution.values.iter().filter(|&&x| x == o).count();
    say!("{cops}");
    say!(
        "  {} positions, {} moves: the cop (Max) wins from {}, the robber (Min) from {}, {} are draws.",
        explored.arena.num_vertices(),
        explored.arena.num_edges(),
        count(Outcome::Win),
        count(Outcome::Loss),
        count(Outcome::Draw)
    );
    let start = explored.arena.start().unwrap_or(kalmar_core::Vertex(0));
    say!(
        "  From the start ({}): {}.",
        kalmar_core::Game::state_name(&cops, &explored.states[start.index()]),
        outcome_text(
            solution.values[start.index()],
            solution.distance[start.index()],
            false
        )
    );

    heading(
        3,
        "A deterministic graphical game: rational payoffs, infinite play pays 0",
    )?;
    say!("{}\n", indent(DGG));
    let game = dgg::from_graph(&read_gg(DGG)?)?;
    let rows = SOLVERS.iter().map(|info| {
        let mut stats = Stats::default();
        let solution = (info.run.solve)(&game, &mut stats);
        let verdict = if solution.verify(&game).is_ok() {
            "verified"
        } else {
            "REJECTED"
        };
        vec![
            info.id.to_string(),
            format!("{:?}", info.run.kind).to_lowercase(),
            solution.start_value(&game).to_string(),
            stats.comparisons.to_string(),
            verdict.to_string(),
        ]
    });
    let header = [
        "solver",
        "solution",
        "value of s",
        "comparisons",
        "certificate",
    ];
    table(&header, rows, 0)?;

    heading(
        4,
        "A parity game (PGSolver's format), solved by every parity solver",
    )?;
    let graph = read_pg(TINY_PG)?;
    let game = ParityGame::from_graph(&graph, false)?;
    let mut answers = Vec::new();
    for entry in kalmar_parity::SOLVERS.iter() {
        let options = kalmar_parity::Options {
            solver: entry.id.to_string(),
            ..kalmar_parity::Options::default()
        };
        let solved = kalmar_parity::solve(&game, &options)?;
        let even = solved
            .solution
            .winner
            .iter()
            .filter(|&&w| w == Player(0))
            .count();
        answers.push(format!(
            "{} {even}/{}",
            entry.id,
            game.arena().num_vertices()
        ));
    }
    say!(
        "  vertices won by Even, each answer verified: {}",
        answers.join(", ")
    );
    say!("  The same .pg files Oink and PGSolver read; kalmar reads games with many priorities");
    say!("  10–150× faster than Oink (docs/BENCHMARKS.md, `kalmar bench parity --peer OINK`).");

    heading(
        5,
        "A simple stochastic game (Condon): exact values, not floating point",
    )?;
    let graph = read_gg(COIN_TOSS)?;
    let answer = kalmar_stochastic::solve::solve(&graph, &Default::default())?;
    let values: Vec<String> = graph
        .arena
        .vertices()
        .filter(|&v| !graph.arena.is_terminal(v))
        .map(|v| format!("{} = {}", graph.arena.name(v), answer.values[v.index()]))
        .collect();
    say!(
        "  by {}: {}\n  checked by {}",
        answer.solver,
        values.join(", "),
        answer.certificate.unwrap_or("the certificate of its class")
    );
    let parameters = kalmar_stochastic::generate::Parameters {
        positions: 10,
        ..Default::default()
    };
    let chain = kalmar_stochastic::generate::generate("haddad-monmege-3/4", &parameters)?;
    let answer = kalmar_stochastic::solve::solve(&chain, &Default::default())?;
    let start = chain.arena.start().unwrap_or(kalmar_core::Vertex(0));
    say!(
        "  The Haddad–Monmege chain of {} positions is worth exactly {} (by {} and its certificate);",
        chain.arena.num_vertices(),
        answer.values[start.index()],
        answer.solver
    );
    say!("  PRISM-games' default value iteration answers 0.74924 on it, while claiming an error");
    say!("  below 7.5e-6 (docs/BENCHMARKS.md, `kalmar bench stochastic --peer PRISM`).");

    heading(
        6,
        "Kuhn's poker (Gambit's .efg): an exact equilibrium by the sequence form",
    )?;
    let poker = read_game(KUHN_POKER)?;
    let solution = nash::solve(&poker, &nash::Options::for_game(&poker))?;
    if let nash::Solution::Sequence(found) = &solution {
        let payoffs: Vec<String> = found.equilibria[0]
            .payoffs
            .iter()
            .map(ToString::to_string)
            .collect();
        say!(
            "  payoffs {} ({} and {} sequences, {} pivots); regret 0 checked exactly",
            payoffs.join(" and "),
            found.sequences[0],
            found.sequences[1],
            found.pivots
        );
    }
    let list_vs_tree = read_game(LIST_VS_TREE)?;
    let kalmar_efg::format::GameFile::Efg(tree) = &list_vs_tree else {
        anyhow::bail!("list-vs-tree.efg is an extensive form");
    };
    let recall = kalmar_efg::recall::Recall::check(tree);
    let player = kalmar_efg::reduced::ReducedStrategies::new(tree, &recall, 0);
    let labels: Vec<String> = player
        .enumerate(100)
        .ok_or_else(|| anyhow::anyhow!("too many reduced strategies"))?
        .iter()
        .map(|s| player.label(tree, s))
        .collect();
    say!(
        "  Reduced strategies in the tree order (examples/list-vs-tree.efg): {}.",
        labels.join(" ")
    );
    say!(
        "  After q the set u/v is starred but x/y is not, since chance may still reach it; reading"
    );
    say!(
        "  \"earlier\" in the list order of the sets (a bug seen in a game-theory explorer) loses it."
    );

    heading(
        7,
        "Oh Hell (Solinas et al., Table 1): the histories behind a public state",
    )?;
    let state = PublicState::parse(OHHELL_TABLE1)?;
    let report = ohhell::jobs::count(&state, "assignments", None)?;
    say!(
        "  {}: {} histories, counted exactly without listing them",
        state.describe(),
        report.histories
    );
    say!(
        "  (the paper's 192; `kalmar ohhell experiment table1` gives all three: 192, 12,960, 544,320)."
    );

    heading(
        8,
        "Impartial games: Nim by retrograde analysis, Dawson's Kayles by its period",
    )?;
    let heaps = [3u64, 4, 5];
    let nim = Nim::new(vec![3, 4, 5]);
    let (explored, solution) = reach::solve_implicit(&nim, 1_000_000)?;
    let answer = kalmar_cgt::nim::analyse(&heaps, Play::Normal);
    say!(
        "  Nim {heaps:?}: {} positions explored; {} (Max moves first)",
        explored.arena.num_vertices(),
        outcome_text(solution.values[0], solution.distance[0], false),
    );
    say!(
        "  by Bouton's rule (nim-sum {}): {} (`kalmar impartial nim 3 4 5`)",
        answer.nimber,
        answer.outcome
    );
    let rules = Rules::parse("0.07")?;
    let mut options = ValuesOptions::new(1000);
    options.period = true;
    let report = analyse(&rules, &options, &mut |_| {})?;
    if let Some(p) = report.proven {
        say!(
            "  0.07: G(n) has period {} from n = {}, proven from its first {} values (Guy–Smith)",
            p.period,
            p.preperiod,
            p.proof_needs
        );
        say!("  (`kalmar impartial octal 0.07 --up-to 300 --period --svg dawson.svg` plots it)");
    }

    heading(
        9,
        "Imperfect information: Reif's 1984 procedure accepts a game the system loses",
    )?;
    crate::observation::demo()?;

    heading(
        10,
        "Three players and a move of chance: a subgame-perfect equilibrium",
    )?;
    say!("{}\n", indent(THREE_PLAYERS.trim_end()));
    let game = kalmar_positional::PositionalGame::from_graph(&read_gg(THREE_PLAYERS)?)?;
    let equilibrium = kalmar_positional::nash::subgame_perfect(&game)?.equilibrium;
    say!(
        "  from deal the players expect ({}) by backward induction; no player gains by any",
        kalmar_positional::check::join(&equilibrium.values[game.start().index()])
    );
    say!("  change of one move (checked independently).");

    heading(
        11,
        "A Hashiwokakero puzzle from a puzz.link URL: solved, proven unique, checked",
    )?;
    let url = "https://puzz.link/p?hashikake/5/3/2g5g1k1g3h";
    let puzzle = kalmar_puzzles::hashi::url::from_puzz_link(url)?;
    say!(
        "  {url}\n{}\n",
        indent(&kalmar_puzzles::hashi::format::write_puzzle(&puzzle))
    );
    let answer = kalmar_puzzles::hashi::solve(&puzzle, kalmar_puzzles::Mode::Unique)?;
    if let (Some(solution), Some(true)) = (answer.solutions.first(), answer.unique) {
        let solved = kalmar_puzzles::hashi::format::write_solved(&puzzle, solution)?;
        say!("{}\n", indent(&solved));
        say!(
            "  the only solution: {} deductions, then a SAT search that finds it and no other;",
            answer.steps.len()
        );
        say!(
            "  the checker accepts it (`kalmar puzzle solve URL --unique --explain` shows each step)"
        );
    }

    heading(
        12,
        "A chess endgame: every position of king and rook against king, by retrograde analysis",
    )?;
    let made = kalmar_chess::make::make(
        &"KRK".parse()?,
        &kalmar_chess::make::Options {
            lines: 200,
            ..Default::default()
        },
    )?;
    let (stats, check) = (&made.report.stats, &made.report.check);
    say!(
        "  {} positions up to symmetry; White to move mates in at most {} moves ({} positions,",
        stats.positions,
        stats.white.longest_win,
        stats.white.longest_win_positions
    );
    say!(
        "  as published), e.g. {};",
        stats.white.longest_win_example.as_deref().unwrap_or("-")
    );
    say!(
        "  {} sampled positions played out on the rules mated in exactly the announced moves",
        check.mates
    );
    say!("  (`kalmar chess probe FEN` gives a position's value and best moves)");

    say!(
        "\nNext: `kalmar solve FILE` on any game file, `kalmar --help`, and `--help` on every command."
    );
    Ok(())
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
