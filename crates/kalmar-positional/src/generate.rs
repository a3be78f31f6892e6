//! Generated positional games with cycles, for tests and benchmarks (`kalmar generate
//! positional`): random digraphs whose positions belong to the players, each with two moves to
//! any position (so cycles abound), a terminal for every eighth position, and random utilities.
//!
//! - `random`: `PLAYERS` players, utilities 0..9 at the terminals and for `c`;
//! - `win-lose`: two players, each terminal and `c` a win for one of them (±1), the games of
//!   Proposition 2;
//! - `flower`: the paper's flower game forms (§2.3): a start position v0, a di-cycle c1 → c2 →
//!   … → cSIZE → c1 that v0 enters anywhere, and a terminal a_j at each c_j; player 1 owns v0
//!   and the cycle's positions go to the players in turn ([`flower`] takes any owners and
//!   entries). A game form: the terminals have no payoffs (give preferences, or search for them).
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
        Entry {
            id: "flower",
            summary: "a flower game form (§2.3): v0 entering a di-cycle of SIZE positions",
            bounds: "3·SIZE moves",
            run: |p| {
                if p.players == 0 {
                    return Err(GenerateError::Parameter(
                        "a game needs at least 1 player".into(),
                    ));
                }
                let owners: Vec<u8> = (0..=p.size)
                    .map(|k| (k % usize::from(p.players)) as u8)
                    .collect();
                flower(p.players, &owners, &(1..=p.size).collect::<Vec<_>>())
            },
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

/// The most positions generated: a game takes about 100 bytes per position while it is built
/// and written, so 10⁸ positions is about 10 GiB; more would exhaust a typical machine's memory
/// rather than fail cleanly.
pub const MAX_POSITIONS: usize = 100_000_000;

/// The game of family `id`, refused above [`MAX_POSITIONS`] before anything is allocated.
pub fn generate(id: &str, params: &Params) -> Result<GameGraph, GenerateError> {
    let family = FAMILIES.get(id)?;
    if params.size > MAX_POSITIONS {
        return Err(GenerateError::Parameter(format!(
            "{} positions asked, more than the {MAX_POSITIONS} a generated game may have \
             (about 100 bytes each while it is built)",
            params.size
        )));
    }
    (family.run)(params)
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

/// A flower game form (§2.3.1) of `players` players: a start position v0 owned by `owners[0]`,
/// a di-cycle c1 → c2 → … → ck → c1 whose position c_j belongs to `owners[j]`, a terminal a_j
/// after each c_j, and moves from v0 to the c_j of `entries` (numbered from 1). The terminals
/// have no payoffs: it is a game form.
pub fn flower(players: u8, owners: &[u8], entries: &[usize]) -> Result<GameGraph, GenerateError> {
    let k = owners.len().saturating_sub(1);
    let bad = |why: String| Err(GenerateError::Parameter(why));
    if k < 2 {
        return bad("a flower needs a cycle of at least 2 positions".into());
    }
    if let Some(&o) = owners.iter().find(|&&o| o >= players) {
        return bad(format!("owner {o} is not one of the {players} players"));
    }
    if entries.is_empty() || entries.iter().any(|&e| e == 0 || e > k) {
        return bad(format!(
            "v0 must enter the cycle at positions among 1..={k}"
        ));
    }
    check_size(2 * k + 1, 2 * k + entries.len())?;
    let mut builder = Builder::new(players);
    let mut add = |owner: Owner, name: String| {
        let v = builder.add_vertex(owner);
        builder.set_name(v, name);
        v
    };
    let v0 = add(Owner::Player(Player(owners[0])), "v0".into());
    let cycle: Vec<Vertex> = (1..=k)
        .map(|j| add(Owner::Player(Player(owners[j])), format!("c{j}")))
        .collect();
    let terminals: Vec<Vertex> = (1..=k)
        .map(|j| add(Owner::Terminal, format!("a{j}")))
        .collect();
    builder.set_start(v0);
    let mut entries = entries.to_vec();
    entries.sort_unstable();
    entries.dedup();
    for e in entries {
        builder.add_edge(v0, cycle[e - 1]);
    }
    for j in 0..k {
        builder.add_edge(cycle[j], cycle[(j + 1) % k]);
        builder.add_edge(cycle[j], terminals[j]);
    }
    let arena = builder
        .build()
        .map_err(|e| GenerateError::Parameter(e.to_string()))?;
    Ok(GameGraph::new(arena))
}
