//! Generated positional games with cycles, for tests and benchmarks (`kalmar generate
//! positional`): random digraphs whose positions belong to the players, each with two moves to
//! any position (so cycles abound), a terminal for every eighth position, and random utilities.
//!
//! - `random`: `PLAYERS` players, utilities 0..9 at the terminals and for `c`;
//! - `win-lose`: two players, each terminal and `c` a win for one of them (±1), the games of
//!   Proposition 2.
//!
//! ```
//! use kalmar_positional::generate::{Params, generate};
//! use kalmar_positional::{PositionalGame, win_lose};
//! let graph = generate("win-lose", &Params { size: 1000, players: 2, seed: 7 }).unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! assert_eq!(game.arena().num_vertices(), 1000);
//! assert!(win_lose::solve(&game).is_ok());
//! ```

use kalmar_core::format::GameGraph;
use kalmar_core::generate::{GenerateError, check_size, rng};
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Builder, Owner, Player, Rational, Vertex};
use rand::Rng;

/// A family: the parameters to a game graph.
pub type Generator = fn(&Params) -> Result<GameGraph, GenerateError>;

/// The families, by id.
pub static FAMILIES: Registry<Generator> = Registry::new(
    "game family",
    &[
        Entry {
            id: "random",
            summary: "SIZE positions of PLAYERS players, two moves each, utilities 0..9",
            bounds: "3·SIZE/4·2 moves",
            run: |p| random(p, false),
        },
        Entry {
            id: "win-lose",
            summary: "two players, SIZE positions, every outcome (c too) a win for one",
            bounds: "3·SIZE/4·2 moves",
            run: |p| random(p, true),
        },
    ],
);

/// What a family takes.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// The number of positions.
    pub size: usize,
    /// The number of players (random).
    pub players: u8,
    /// The seed.
    pub seed: u64,
}

/// The game of family `id`.
pub fn generate(id: &str, params: &Params) -> Result<GameGraph, GenerateError> {
    (FAMILIES.get(id)?.run)(params)
}

fn random(params: &Params, win_lose: bool) -> Result<GameGraph, GenerateError> {
    let n = params.size;
    let players = if win_lose { 2 } else { params.players };
    if n < 2 {
        return Err(GenerateError::Parameter(
            "a game needs at least 2 positions".into(),
        ));
    }
    if players == 0 {
        return Err(GenerateError::Parameter(
            "a game needs at least 1 player".into(),
        ));
    }
    let terminals = (n / 8).max(1);
    let movers = n - terminals;
    check_size(n, 2 * movers)?;
    let mut rng = rng(params.seed);
    let mut builder = Builder::new(players);
    builder.reserve(n, 2 * movers);
    for _ in 0..movers {
        builder.add_vertex(Owner::Player(Player(rng.random_range(0..players))));
    }
    for _ in 0..terminals {
        builder.add_vertex(Owner::Terminal);
    }
    for v in 0..movers {
        // Two different moves; the first goes forward or to a terminal, so most positions can
        // end the play.
        let first = rng.random_range(v + 1..n);
        let mut second = rng.random_range(0..n);
        if second == first {
            second = (first + 1) % n;
        }
        builder.add_edge(Vertex::new(v), Vertex::new(first));
        builder.add_edge(Vertex::new(v), Vertex::new(second));
    }
    let arena = builder
        .build()
        .map_err(|e| GenerateError::Parameter(e.to_string()))?;
    let mut utilities = || -> Vec<Rational> {
        if win_lose {
            let winner_is_0 = rng.random_bool(0.5);
            let one = Rational::from(if winner_is_0 { 1 } else { -1 });
            vec![one.clone(), -one]
        } else {
            (0..players)
                .map(|_| Rational::from(rng.random_range(0..10i64)))
                .collect()
        }
    };
    let mut graph = GameGraph::new(arena);
    for v in movers..n {
        graph.payoff[v] = utilities();
    }
    graph.cycle = Some(utilities());
    Ok(graph)
}
