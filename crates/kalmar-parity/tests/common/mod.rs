//! What the parity-solver tests share: seeded random games and the brute-force solver over all
//! pairs of positional strategies that the solvers are checked against.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use kalmar_core::{Builder, Owner, Player, Vertex};
use kalmar_parity::{self as parity, ParityGame};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Who owns the vertices of a random game.
#[derive(Clone, Copy, Debug)]
pub enum Owners {
    Both,
    Even,
    Odd,
}

/// A random game on `n` vertices with priorities below `priorities` and 1 to `degree` moves
/// per vertex (self-loops and parallel edges allowed), owners drawn at random.
pub fn random_game(seed: u64, n: usize, priorities: u32, degree: usize) -> ParityGame {
    random_game_of(seed, n, priorities, degree, Owners::Both)
}

/// [`random_game`] with the owners given.
pub fn random_game_of(
    seed: u64,
    n: usize,
    priorities: u32,
    degree: usize,
    owners: Owners,
) -> ParityGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = Builder::new(2);
    let mut priority = Vec::new();
    for _ in 0..n {
        let owner = match owners {
            Owners::Both => rng.random_range(0..2),
            Owners::Even => 0,
            Owners::Odd => 1,
        };
        b.add_vertex(Owner::Player(Player(owner)));
        priority.push(rng.random_range(0..priorities));
    }
    for v in 0..n {
        for _ in 0..rng.random_range(1..=degree) {
            b.add_edge(Vertex::new(v), Vertex::new(rng.random_range(0..n)));
        }
    }
    ParityGame::new(b.build().unwrap(), priority).unwrap()
}

/// A game from (owner, priority) per vertex and a list of edges.
pub fn game_of(vertices: &[(u8, u32)], edges: &[(usize, usize)]) -> ParityGame {
    let mut b = Builder::new(2);
    for &(owner, _) in vertices {
        b.add_vertex(Owner::Player(Player(owner)));
    }
    for &(x, y) in edges {
        b.add_edge(Vertex::new(x), Vertex::new(y));
    }
    let priority = vertices.iter().map(|&(_, p)| p).collect();
    ParityGame::new(b.build().unwrap(), priority).unwrap()
}

/// Who wins the play from `v` when every vertex moves to `choice[v]`: the parity of the largest
/// priority on the cycle the play ends in.
pub fn play(game: &ParityGame, choice: &[Vertex], v: Vertex) -> Player {
    let mut seen = vec![usize::MAX; choice.len()];
    let mut path = Vec::new();
    let mut x = v;
    while seen[x.index()] == usize::MAX {
        seen[x.index()] = path.len();
        path.push(x);
        x = choice[x.index()];
    }
    let top = path[seen[x.index()]..]
        .iter()
        .map(|&w| game.priority(w))
        .max()
        .unwrap();
    parity::winner_of(top)
}

/// Every positional strategy of `player` as successor choices (others at their first move).
pub fn strategies(game: &ParityGame, player: Player) -> Vec<Vec<Vertex>> {
    let arena = game.arena();
    let mut all = vec![
        arena
            .vertices()
            .map(|v| arena.successors(v)[0])
            .collect::<Vec<_>>(),
    ];
    for v in arena
        .vertices()
        .filter(|&v| arena.owner(v) == Owner::Player(player))
    {
        all = all
            .into_iter()
            .flat_map(|s| {
                arena.successors(v).iter().map(move |&w| {
                    let mut s = s.clone();
                    s[v.index()] = w;
                    s
                })
            })
            .collect();
    }
    all
}

/// Whether `mine` (a choice for `player`'s vertices) wins from `v` against every opponent
/// strategy.
pub fn wins_with(game: &ParityGame, mine: &[Vertex], player: Player, v: Vertex) -> bool {
    let arena = game.arena();
    strategies(game, player.opponent()).iter().all(|theirs| {
        let choice: Vec<Vertex> = arena
            .vertices()
            .map(|u| {
                if arena.owner(u) == Owner::Player(player) {
                    mine[u.index()]
                } else {
                    theirs[u.index()]
                }
            })
            .collect();
        play(game, &choice, v) == player
    })
}

/// The winner of each vertex by brute force.
pub fn brute_winners(game: &ParityGame) -> Vec<Player> {
    let even = strategies(game, Player(0));
    game.arena()
        .vertices()
        .map(|v| {
            if even.iter().any(|s| wins_with(game, s, Player(0), v)) {
                Player(0)
            } else {
                Player(1)
            }
        })
        .collect()
}

/// One cycle through the vertices 0..n, vertex i of priority i owned by the player of its
/// parity, each with its one move: the largest priority decides, and a recursion on priorities
/// goes n levels deep.
pub fn cycle_of_distinct_priorities(n: usize) -> ParityGame {
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player((i % 2) as u8)));
    }
    for i in 0..n {
        b.add_edge(Vertex::new(i), Vertex::new((i + 1) % n));
    }
    ParityGame::new(b.build().unwrap(), (0..n as u32).collect()).unwrap()
}
