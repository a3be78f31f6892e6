//! `kalmar demo`: a short tour on built-in examples.

use crate::report::table;
use crate::solve::{outcome_text, reach_rows};
use kalmar_core::format::read_gg;
use kalmar_core::{Certificate, Edge, Rational};
use kalmar_terminal::dgg::{self, SOLVERS, Stats};
use kalmar_terminal::games::{cops::CopsAndRobber, nim::Nim};
use kalmar_terminal::generate::sorting_network;
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

fn heading(n: u32, title: &str) -> anyhow::Result<()> {
    say!("\n{n}. {title}\n");
    Ok(())
}

pub fn run() -> anyhow::Result<()> {
    say!("kalmar solves games exactly: values, optimal strategies, and certificates that are");
    say!("checked by code that does not trust the solver. A short tour on built-in examples.");

    heading(
        1,
        "A chess-like game with a trap (Figure 2(b) of Deterministic Graphical Games Revisited)",
    )?;
    say!("{}\n", indent(TRAP));
    let game = reach::from_graph(&read_gg(TRAP)?)?;
    let solution = reach::solve(&game);
    solution.verify(&game)?;
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

    heading(3, "Nim: the retrograde solution agrees with the xor rule")?;
    for heaps in [vec![1, 2, 3], vec![3, 4, 5], vec![2, 5, 6, 7]] {
        let nim = Nim::new(heaps.clone());
        let (explored, solution) = reach::solve_implicit(&nim, 1_000_000)?;
        let xor = heaps.iter().fold(0, |a, b| a ^ b);
        say!(
            "  heaps {:?}: {} positions; {} (xor = {xor})",
            heaps,
            explored.arena.num_vertices(),
            outcome_text(solution.values[0], solution.distance[0], false)
        );
    }

    heading(
        4,
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
    table(
        &[
            "solver",
            "solution",
            "value of s",
            "comparisons",
            "certificate",
        ],
        rows,
        0,
    )?;

    heading(
        5,
        "Sorting networks are games (Figure 4): a strong solution sorts the payoffs",
    )?;
    let payoffs: Vec<Rational> = [5, -3, 8, 1, 0, 7, -6, 2].map(Rational::from).to_vec();
    let network = sorting_network(&payoffs)?;
    let mut stats = Stats::default();
    let solution = dgg::sorting::solve(&network, &mut stats);
    let arena = network.arena();
    let mut outputs: Vec<(usize, String)> = arena
        .vertices()
        .filter_map(|v| {
            let wire: usize = arena.given_name(v)?.strip_prefix("out")?.parse().ok()?;
            Some((wire, format!("out{wire}={}", solution.values[v.index()])))
        })
        .collect();
    outputs.sort();
    let outputs: Vec<String> = outputs.into_iter().map(|(_, text)| text).collect();
    say!(
        "  payoffs {}",
        payoffs
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    say!("  outputs {}", outputs.join(" "));
    say!(
        "  ({} positions; strongly solving needs Θ(n log n) comparisons, Proposition 3.)",
        arena.num_vertices()
    );

    heading(
        6,
        "Imperfect information: Reif's 1984 procedure accepts a game the system loses",
    )?;
    crate::observation::demo()?;

    say!(
        "\nNext: `kalmar solve FILE`, `kalmar dgg solvers`, `kalmar generate --help`, `kalmar bench --help`."
    );
    Ok(())
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
