//! Random stochastic games: Max, Min and chance positions with random successors, for tests,
//! benchmarks and `kalmar generate stochastic`.
//!
//! Vertices `0 .. positions` belong to Max, Min or chance, each with probability 1/3, and have
//! `out_degree` moves to uniformly random vertices (self-loops and parallel moves allowed). A
//! chance vertex of a simple stochastic game tosses a fair coin between two moves; otherwise its
//! moves get random weights 1 to 4, normalised. Terminal-payoff games end with `terminals`
//! terminals after the positions: a simple stochastic game's pay 0 and 1 alternately, other
//! games' integers in [-3, 3]. Discounted and mean-payoff games have no terminals and a reward in
//! [-5, 5] at every vertex; discounted games the discount factor given. Parity games have no
//! terminals and a priority in [0, 3] at every vertex. The start is vertex 0.
//!
//! The generators by name are in [`GENERATORS`]: one per class, and the Haddad-Monmege chains.
//!
//! ```
//! use kalmar_stochastic::generate::{Parameters, generate};
//! let g = generate("discounted", &Parameters { positions: 20, ..Parameters::default() }).unwrap();
//! assert_eq!(g.arena.num_vertices(), 20);
//! assert!(generate("haddad-monmege-3/4", &Parameters { positions: 6, ..Parameters::default() })
//!     .is_ok());
//! assert!(generate("chess", &Parameters::default()).is_err());
//! ```
//!
//! # Complexity
//! O(n + m) time, a few random draws per move.

use crate::Class;
use kalmar_core::format::GameGraph;
use kalmar_core::generate::{GenerateError, check_size, rng};
use kalmar_core::registry::{Entry, Registry, UnknownId};
use kalmar_core::{Builder, Owner, Player, Rational, Vertex};
use rand::Rng;

/// The parameters of a generator of [`GENERATORS`].
#[derive(Clone, Debug, PartialEq)]
pub struct Parameters {
    /// Positions (Max, Min and chance vertices), or a chain's length.
    pub positions: usize,
    /// Moves per position.
    pub degree: usize,
    /// Terminals (terminal-payoff and simple games).
    pub terminals: usize,
    /// The discount factor of discounted games.
    pub discount: Rational,
    /// No chance vertices: the deterministic special case.
    pub deterministic: bool,
    /// The seed.
    pub seed: u64,
}

impl Default for Parameters {
    /// 100 positions of two moves, 4 terminals, discount factor 9/10, with chance, seed 1.
    fn default() -> Self {
        Parameters {
            positions: 100,
            degree: 2,
            terminals: 4,
            discount: Rational::new(9, 10),
            deterministic: false,
            seed: 1,
        }
    }
}

impl Parameters {
    /// A game of about `arcs` moves: two per position, a terminal per ten positions.
    pub fn sized(arcs: usize, seed: u64) -> Self {
        Self::sized_with_degree(arcs, 2, seed)
    }

    /// A game of about `arcs` moves: `degree` per position (at least one), a terminal per ten
    /// positions.
    ///
    /// ```
    /// use kalmar_stochastic::generate::Parameters;
    /// let p = Parameters::sized_with_degree(3000, 3, 7);
    /// assert_eq!((p.positions, p.degree, p.terminals, p.seed), (1000, 3, 102, 7));
    /// ```
    pub fn sized_with_degree(arcs: usize, degree: usize, seed: u64) -> Self {
        let degree = degree.max(1);
        let positions = (arcs / degree).max(1);
        Parameters {
            positions,
            degree,
            terminals: positions / 10 + 2,
            seed,
            ..Parameters::default()
        }
    }
}

/// A generator: what builds its game, and whether it is a chain whose length is the parameter
/// (benchmarks run chains at [`CHAINS`] rather than at sizes).
#[derive(Clone, Copy, Debug)]
pub struct Generator {
    /// Builds the game.
    pub build: fn(&Parameters) -> Result<GameGraph, GenerateError>,
    /// Whether `positions` is a chain's length.
    pub chain: bool,
}

/// The lengths of the Haddad-Monmege chains in the benchmarks.
pub const CHAINS: [usize; 4] = [6, 8, 10, 12];

/// Every generator of `kalmar generate stochastic`.
pub static GENERATORS: Registry<Generator> = Registry::new(
    "stochastic generator",
    &[
        random_entry(
            "simple",
            "simple stochastic games (Condon): fair coins, payoffs 0 and 1",
            |p| random(Class::Simple, p),
        ),
        random_entry(
            "terminal",
            "terminal-payoff games: any distributions, integer payoffs in [-3, 3]",
            |p| random(Class::Terminal, p),
        ),
        random_entry(
            "discounted",
            "discounted games: rewards in [-5, 5], the discount factor given",
            |p| random(Class::Discounted, p),
        ),
        random_entry(
            "mean-payoff",
            "mean-payoff games: rewards in [-5, 5]",
            |p| random(Class::MeanPayoff, p),
        ),
        random_entry("parity", "parity games: priorities in [0, 3]", |p| {
            random(Class::Parity, p)
        }),
        Entry {
            id: "haddad-monmege",
            summary: "Haddad and Monmege's chain, on which value iteration needs about 2^n sweeps",
            bounds: "",
            run: Generator {
                build: |p| haddad_monmege(p.positions),
                chain: true,
            },
        },
        Entry {
            id: "haddad-monmege-3/4",
            summary: "the same chain worth 3/4 instead of 1 (no precomputation finds the value)",
            bounds: "",
            run: Generator {
                build: |p| haddad_monmege_paying(p.positions, Rational::new(3, 4)),
                chain: true,
            },
        },
    ],
);

/// The registry entry of a random class.
const fn random_entry(
    id: &'static str,
    summary: &'static str,
    build: fn(&Parameters) -> Result<GameGraph, GenerateError>,
) -> Entry<Generator> {
    Entry {
        id,
        summary,
        bounds: "O(n + m)",
        run: Generator {
            build,
            chain: false,
        },
    }
}

/// A random game of `class` with these parameters.
fn random(class: Class, p: &Parameters) -> Result<GameGraph, GenerateError> {
    let discount = (class == Class::Discounted).then(|| p.discount.clone());
    random_game(
        class,
        p.positions,
        p.degree,
        p.terminals,
        discount,
        !p.deterministic,
        p.seed,
    )
}

/// The most positions and terminals [`generate`] makes.
pub const LIMIT: usize = 50_000_000;

/// Why [`generate`] made no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeneratorError {
    /// No generator has this id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// The parameters exceed [`LIMIT`] or 64 moves per position.
    #[error("at most {LIMIT} positions and terminals and 64 moves per position")]
    Limit,
    /// The generator refused the parameters.
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

/// The game of the generator with this id.
pub fn generate(id: &str, parameters: &Parameters) -> Result<GameGraph, GeneratorError> {
    if parameters.positions > LIMIT || parameters.degree > 64 || parameters.terminals > LIMIT {
        return Err(GeneratorError::Limit);
    }
    Ok((GENERATORS.get(id)?.run.build)(parameters)?)
}

/// The games a benchmark runs of the generator with this id, each with its label: a chain at
/// each length of [`CHAINS`] (labelled `id n`), any other at each size in moves
/// ([`Parameters::sized`], labelled `id`).
pub fn instances(
    id: &str,
    sizes: &[usize],
    seed: u64,
) -> Result<Vec<(String, GameGraph)>, GeneratorError> {
    let generator = GENERATORS.get(id)?.run;
    if generator.chain {
        return CHAINS
            .iter()
            .map(|&n| {
                let parameters = Parameters {
                    positions: n,
                    ..Parameters::default()
                };
                Ok((format!("{id} {n}"), (generator.build)(&parameters)?))
            })
            .collect();
    }
    sizes
        .iter()
        .map(|&size| {
            Ok((
                id.to_string(),
                generate(id, &Parameters::sized(size, seed))?,
            ))
        })
        .collect()
}

/// A random game of `class` (simple, terminal, discounted or mean-payoff) drawn from `seed`.
///
/// ```
/// use kalmar_stochastic::generate::random_stochastic;
/// use kalmar_stochastic::Class;
/// let g = random_stochastic(Class::Simple, 50, 2, 4, None, 1).unwrap();
/// assert_eq!(g.arena.num_vertices(), 54);
/// assert_eq!(Class::of(&g), Class::Simple);
/// ```
pub fn random_stochastic(
    class: Class,
    positions: usize,
    out_degree: usize,
    terminals: usize,
    discount: Option<Rational>,
    seed: u64,
) -> Result<GameGraph, GenerateError> {
    random_game(
        class, positions, out_degree, terminals, discount, true, seed,
    )
}

/// The same as [`random_stochastic`] without chance vertices: the deterministic special case,
/// with Max and Min positions with probability 1/2 each.
pub fn random_deterministic(
    class: Class,
    positions: usize,
    out_degree: usize,
    terminals: usize,
    discount: Option<Rational>,
    seed: u64,
) -> Result<GameGraph, GenerateError> {
    random_game(
        class, positions, out_degree, terminals, discount, false, seed,
    )
}

fn random_game(
    class: Class,
    positions: usize,
    out_degree: usize,
    terminals: usize,
    discount: Option<Rational>,
    chance: bool,
    seed: u64,
) -> Result<GameGraph, GenerateError> {
    if positions == 0 || out_degree == 0 {
        return Err(GenerateError::Parameter(
            "a random game needs at least one position and one move per position".into(),
        ));
    }
    let infinite = matches!(class, Class::Discounted | Class::MeanPayoff | Class::Parity);
    let terminals = if infinite { 0 } else { terminals };
    let discount = match (class, discount) {
        (Class::Discounted, Some(beta)) if beta.signum().is_gt() && beta < Rational::ONE => {
            Some(beta)
        }
        (Class::Discounted, _) => {
            return Err(GenerateError::Parameter(
                "a discounted game needs a discount factor strictly between 0 and 1".into(),
            ));
        }
        _ => None,
    };
    let n = positions.saturating_add(terminals);
    let arcs = positions.saturating_mul(out_degree.max(2));
    check_size(n, arcs)?;
    let mut rng = rng(seed);
    let mut b = Builder::new(2);
    b.reserve(n, arcs);
    let owners: Vec<Owner> = (0..positions)
        .map(|_| match rng.random_range(0..if chance { 3 } else { 2 }) {
            0 => Owner::Player(Player::MAX),
            1 => Owner::Player(Player::MIN),
            _ => Owner::Chance,
        })
        .collect();
    for &owner in &owners {
        b.add_vertex(owner);
    }
    for _ in 0..terminals {
        b.add_vertex(Owner::Terminal);
    }
    for (i, &owner) in owners.iter().enumerate() {
        let v = Vertex::new(i);
        let mut target = || Vertex::new(rng.random_range(0..n));
        match owner {
            Owner::Chance if class == Class::Simple => {
                let (x, y) = (target(), target());
                b.add_chance_edge(v, x, Rational::new(1, 2));
                b.add_chance_edge(v, y, Rational::new(1, 2));
            }
            Owner::Chance => {
                let moves: Vec<(Vertex, i64)> = (0..out_degree)
                    .map(|_| (Vertex::new(rng.random_range(0..n)), rng.random_range(1..=4)))
                    .collect();
                let total: i64 = moves.iter().map(|m| m.1).sum();
                for (w, weight) in moves {
                    b.add_chance_edge(v, w, Rational::new(weight, total));
                }
            }
            _ => {
                for _ in 0..out_degree {
                    let w = target();
                    b.add_edge(v, w);
                }
            }
        }
    }
    b.set_start(Vertex(0));
    let arena = b.build().expect("the generator builds valid arenas");
    let mut graph = GameGraph::new(arena);
    for k in 0..terminals {
        let payoff = if class == Class::Simple {
            Rational::from((k % 2) as i64)
        } else {
            Rational::from(rng.random_range(-3i64..=3))
        };
        graph.payoff[positions + k] = vec![payoff];
    }
    if class == Class::Parity {
        graph.priority = Some((0..n).map(|_| rng.random_range(0..4u32)).collect());
    } else if infinite {
        graph.reward = Some(
            (0..n)
                .map(|_| Rational::from(rng.random_range(-5i64..=5)))
                .collect(),
        );
    }
    graph.discount = discount;
    Ok(graph)
}

/// The chain of Haddad and Monmege (*Interval iteration algorithm for MDPs and IMDPs*, TCS 2018)
/// on which value iteration converges exponentially slowly, as a terminal-payoff game: Max, at
/// the start, either takes a payoff of 1/2 or enters a chain of `n` fair coins, each of which
/// moves on with probability 1/2 and otherwise falls back to the first; past the last one a
/// terminal pays 1. Play reaches the end with probability 1, so the chain is worth 1 and Max
/// enters it; but a round succeeds with probability 2^-n, so the lower bound of value iteration
/// needs about 2^n sweeps to get close, while strategy iteration solves one linear system.
///
/// ```
/// use kalmar_stochastic::generate::haddad_monmege;
/// let g = haddad_monmege(10).unwrap();
/// assert_eq!(g.arena.num_vertices(), 13);
/// ```
pub fn haddad_monmege(n: usize) -> Result<GameGraph, GenerateError> {
    haddad_monmege_paying(n, Rational::ONE)
}

/// The chain of [`haddad_monmege`] whose end pays `payoff` instead of 1, which must exceed the
/// 1/2 that Max can take at once (so he still enters the chain, worth `payoff`). With a payoff
/// below 1 the value is no longer 1, so a graph precomputation of the vertices won with
/// probability 1 does not find it, and value iteration has to converge to it.
///
/// ```
/// use kalmar_core::Rational;
/// use kalmar_stochastic::generate::haddad_monmege_paying;
/// let g = haddad_monmege_paying(10, Rational::new(3, 4)).unwrap();
/// assert_eq!(g.payoff[2], vec![Rational::new(3, 4)]);
/// ```
pub fn haddad_monmege_paying(n: usize, payoff: Rational) -> Result<GameGraph, GenerateError> {
    if payoff <= Rational::new(1, 2) {
        return Err(GenerateError::Parameter(
            "the chain's end must pay more than the 1/2 Max can take at once".into(),
        ));
    }
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the chain needs at least one coin".into(),
        ));
    }
    check_size(n.saturating_add(3), n.saturating_mul(2).saturating_add(2))?;
    let mut b = Builder::new(2);
    let start = b.add_vertex(Owner::Player(Player::MAX));
    let half = b.add_vertex(Owner::Terminal);
    let end = b.add_vertex(Owner::Terminal);
    b.set_name(start, "choose");
    b.set_name(half, "half");
    b.set_name(end, "end");
    let coins: Vec<Vertex> = (0..n).map(|_| b.add_vertex(Owner::Chance)).collect();
    b.add_edge(start, half);
    b.add_edge(start, coins[0]);
    for (i, &c) in coins.iter().enumerate() {
        let next = coins.get(i + 1).copied().unwrap_or(end);
        b.add_chance_edge(c, next, Rational::new(1, 2));
        b.add_chance_edge(c, coins[0], Rational::new(1, 2));
    }
    b.set_start(start);
    let mut graph = GameGraph::new(b.build().expect("the chain is valid"));
    graph.payoff[half.index()] = vec![Rational::new(1, 2)];
    graph.payoff[end.index()] = vec![payoff];
    Ok(graph)
}
