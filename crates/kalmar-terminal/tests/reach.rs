//! Chess-like games: the figures of *Deterministic Graphical Games Revisited*, retrograde analysis
//! against the sorting method and brute force on seeded random games, corrupted solutions, and
//! the rules-based games solved end to end.

use kalmar_core::format::GameGraph;
use kalmar_core::{Builder, Certificate, Edge, Game, Owner, Player, Rational, Strategy, Vertex};
use kalmar_terminal::dgg::{Stats, sorting};
use kalmar_terminal::games::cops::CopsAndRobber;
use kalmar_terminal::games::nim::Nim;
use kalmar_terminal::reach::{self, ChessLike, Outcome, ReachError, ReachSolution};
use kalmar_terminal::{GameError, StrongSolution, TerminalGame, WeakSolution, verify};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const MAX: Owner = Owner::Player(Player::MAX);
const MIN: Owner = Owner::Player(Player::MIN);
const END: Owner = Owner::Terminal;

/// A chess-like game from owners, arcs and payoffs (read at terminals only).
fn game(owners: &[Owner], arcs: &[(u32, u32)], payoffs: &[i8]) -> ChessLike {
    let mut b = Builder::new(2);
    for &owner in owners {
        b.add_vertex(owner);
    }
    for &(from, to) in arcs {
        b.add_edge(Vertex(from), Vertex(to));
    }
    let payoff = payoffs
        .iter()
        .map(|&x| Outcome::from_i8(x).unwrap())
        .collect();
    TerminalGame::new(b.build().unwrap(), payoff).unwrap()
}

/// The strategy moving from each listed vertex to the listed successor.
fn strategy(game: &ChessLike, moves: &[(u32, u32)]) -> Strategy {
    let arena = game.arena();
    let mut s = Strategy::empty(arena.num_vertices());
    for &(from, to) in moves {
        s.set(
            Vertex(from),
            arena.find_edge(Vertex(from), Vertex(to)).unwrap(),
        );
    }
    s
}

fn outcomes(xs: &[i8]) -> Vec<Outcome> {
    xs.iter().map(|&x| Outcome::from_i8(x).unwrap()).collect()
}

#[test]
fn figure_2a_infinite_play_is_the_unique_strong_solution() {
    // a (Min): to +1 or to b; b (Max): to -1 or to a.
    let g = game(
        &[MIN, MAX, END, END],
        &[(0, 2), (0, 1), (1, 3), (1, 0)],
        &[0, 0, 1, -1],
    );
    let s = reach::solve(&g);
    assert_eq!(s.values, outcomes(&[0, 0, 1, -1]));
    assert_eq!(s.distance, vec![0; 4]);
    assert_eq!(s.strategy, strategy(&g, &[(0, 1), (1, 0)]));
    s.verify(&g).unwrap();
    // Of the four strategy profiles only the infinite play is a strong solution.
    for (a, b) in [(2, 3), (2, 0), (1, 3), (1, 0)] {
        let profile = strategy(&g, &[(0, a), (1, b)]);
        let ok = verify::verify(&g, &s.values, &profile, None).is_ok();
        assert_eq!(ok, (a, b) == (1, 0), "a -> {a}, b -> {b}");
    }
}

#[test]
fn figure_2b_max_must_not_take_the_loop() {
    // a (Min): to b or to +1; b (Max): back to a or to +1. Every value is 1.
    let g = game(
        &[MIN, MAX, END, END],
        &[(0, 1), (0, 2), (1, 0), (1, 3)],
        &[0, 0, 1, 1],
    );
    let s = reach::solve(&g);
    assert_eq!(s.values, outcomes(&[1, 1, 1, 1]));
    assert_eq!(s.strategy.successor(g.arena(), Vertex(1)), Some(Vertex(3)));
    // Min delays: a, b, then the win.
    assert_eq!(s.distance, vec![2, 1, 0, 0]);
    assert_eq!(s.line(&g, Vertex(0)), vec![Vertex(0), Vertex(1), Vertex(3)]);
    s.verify(&g).unwrap();
    // The computed strategy really wins: against both of Min's choices play ends at +1.
    for a in [1, 2] {
        let profile = strategy(&g, &[(0, a), (1, 3)]);
        let mut v = Vertex(0);
        for _ in 0..4 {
            if let Some(w) = profile.successor(g.arena(), v) {
                v = w;
            }
        }
        assert_eq!(*g.payoff(v), Outcome::Win);
    }
    // Moving to a successor of equal value is not enough: the loop is rejected.
    let looping = strategy(&g, &[(0, 1), (1, 0)]);
    let err = verify::verify(&g, &s.values, &looping, None).unwrap_err();
    assert!(
        err.reason().contains("Max's strategy secures only 0"),
        "{err}"
    );
    let bad = ReachSolution {
        strategy: looping,
        ..s.clone()
    };
    assert!(bad.verify(&g).is_err());
    let bad = StrongSolution {
        values: s.values.clone(),
        strategy: bad.strategy,
    };
    assert!(bad.verify(&g).is_err());
}

#[test]
fn figure_1_weak_is_not_strong() {
    // s (Min): to m or to a draw; m (Max): to +1 or to a draw. Val(s) = 0, Val(m) = 1.
    let g = game(
        &[MIN, MAX, END, END, END],
        &[(0, 1), (0, 2), (1, 3), (1, 4)],
        &[0, 0, 0, 1, 0],
    );
    let s = reach::solve(&g);
    assert_eq!(s.values, outcomes(&[0, 1, 0, 1, 0]));
    assert_eq!(s.strategy, strategy(&g, &[(0, 2), (1, 3)]));
    s.verify(&g).unwrap();
    // Max settles for the draw at m, which is not reached from s when Min plays well.
    let weak = strategy(&g, &[(0, 2), (1, 4)]);
    let weak_solution = WeakSolution {
        start: Vertex(0),
        value: Outcome::Draw,
        strategy: weak.clone(),
    };
    weak_solution.verify(&g).unwrap();
    let strong = StrongSolution {
        values: s.values.clone(),
        strategy: weak.clone(),
    };
    let err = strong.verify(&g).unwrap_err();
    assert!(err.reason().contains("from 1"), "{err}");
    // Claiming m is only a draw does not help: Min cannot hold Max to it.
    let claimed = StrongSolution {
        values: outcomes(&[0, 0, 0, 1, 0]),
        strategy: weak.clone(),
    };
    assert!(claimed.verify(&g).is_err());
    let reach_solution = ReachSolution {
        strategy: weak,
        ..s
    };
    assert!(reach_solution.verify(&g).is_err());
}

#[test]
fn distances_are_depth_to_mate() {
    // 0 (Max) -> 1, 2 or +1: wins at once (not through 1 or 2, one move slower);
    // 1 (Min) -> +1 and 2 (Max) -> +1; 3 (Max) -> 0: two moves;
    // 4 (Min) -> 0 or +1: loses anyway and delays through 0, two moves; 5: +1.
    let g = game(
        &[MAX, MIN, MAX, MAX, MIN, END],
        &[
            (0, 1),
            (0, 2),
            (0, 5),
            (1, 5),
            (2, 5),
            (3, 0),
            (4, 0),
            (4, 5),
        ],
        &[0, 0, 0, 0, 0, 1],
    );
    let s = reach::solve(&g);
    assert_eq!(s.values, outcomes(&[1; 6]));
    assert_eq!(s.distance, vec![1, 1, 1, 2, 2, 0]);
    assert_eq!(s.strategy.successor(g.arena(), Vertex(4)), Some(Vertex(0)));
    s.verify(&g).unwrap();
    for (v, d) in [(0, 2), (3, 1), (4, 1), (5, 1)] {
        let mut bad = s.clone();
        bad.distance[v] = d;
        assert!(bad.verify(&g).is_err(), "distance {d} at {v}");
    }
    let mut slow = s.clone();
    slow.strategy = strategy(&g, &[(0, 1), (1, 5), (2, 5), (3, 0), (4, 0)]);
    assert!(slow.verify(&g).is_err(), "Max through 1 takes 2 moves");
    let mut hasty = s.clone();
    hasty.strategy = strategy(&g, &[(0, 5), (1, 5), (2, 5), (3, 0), (4, 5)]);
    let err = hasty.verify(&g).unwrap_err();
    assert!(err.reason().contains("vertex 4"), "{err}");
}

// ----- random games: retrograde analysis against the sorting method and brute force -----

/// A random chess-like game: up to 12 positions, at most 9 of them non-terminal, out-degree 1 to
/// 3 with arcs anywhere (cycles, self-loops and parallel arcs included).
fn random_game(seed: u64) -> ChessLike {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n: u32 = rng.random_range(1..=12);
    let terminals = rng.random_range(n.saturating_sub(9).max(1)..=n.min(5));
    let mut b = Builder::new(2);
    let mut payoff = Vec::new();
    for v in 0..n {
        if v < n - terminals {
            b.add_vertex(if rng.random_bool(0.5) { MAX } else { MIN });
            payoff.push(Outcome::Draw);
        } else {
            b.add_vertex(END);
            payoff.push(Outcome::from_i8(rng.random_range(-1..=1)).unwrap());
        }
    }
    for v in 0..n - terminals {
        for _ in 0..rng.random_range(1..=3) {
            b.add_edge(Vertex(v), Vertex(rng.random_range(0..n)));
        }
    }
    TerminalGame::new(b.build().unwrap(), payoff).unwrap()
}

/// The outcome from `v` when both players follow `choice` (an edge index into the successors of
/// each non-terminal): a terminal's payoff, or a draw when a position repeats.
fn play(game: &ChessLike, choice: &[usize], v: Vertex) -> Outcome {
    let arena = game.arena();
    let mut seen = 0u32;
    let mut v = v;
    loop {
        if arena.is_terminal(v) {
            return *game.payoff(v);
        }
        if seen & (1 << v.0) != 0 {
            return Outcome::Draw;
        }
        seen |= 1 << v.0;
        v = arena.successors(v)[choice[v.index()]];
    }
}

/// Every positional strategy of `player`, as a per-vertex successor index (0 elsewhere).
fn strategies(game: &ChessLike, player: Player) -> Vec<Vec<usize>> {
    let arena = game.arena();
    let mut all = vec![vec![0; arena.num_vertices()]];
    for v in arena.vertices() {
        if arena.owner(v) == Owner::Player(player) {
            all = all
                .into_iter()
                .flat_map(|s| {
                    (0..arena.out_degree(v)).map(move |i| {
                        let mut s = s.clone();
                        s[v.index()] = i;
                        s
                    })
                })
                .collect();
        }
    }
    all
}

/// value(v) = max over Max's positional strategies of min over Min's of the play from v.
fn brute_values(game: &ChessLike) -> Vec<Outcome> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let (maxes, mins) = (strategies(game, Player::MAX), strategies(game, Player::MIN));
    let mut value = vec![Outcome::Loss; n];
    for sigma in &maxes {
        let mut worst = vec![Outcome::Win; n];
        for tau in &mins {
            let choice: Vec<usize> = (0..n).map(|i| sigma[i] + tau[i]).collect();
            for v in arena.vertices() {
                worst[v.index()] = worst[v.index()].min(play(game, &choice, v));
            }
        }
        for v in 0..n {
            value[v] = value[v].max(worst[v]);
        }
    }
    value
}

/// The depth to mate by its definition: the least k such that the winner can force play into
/// his winning terminals within k moves (the layers of the attractor), or 0.
fn brute_distances(game: &ChessLike, values: &[Outcome]) -> Vec<u32> {
    let arena = game.arena();
    let mut distance = vec![0u32; arena.num_vertices()];
    for winner in [Player::MAX, Player::MIN] {
        let target = Outcome::won_by(winner);
        let mut forced: Vec<bool> = arena
            .vertices()
            .map(|v| arena.is_terminal(v) && *game.payoff(v) == target)
            .collect();
        for k in 1..=arena.num_vertices() as u32 {
            let next: Vec<bool> = arena
                .vertices()
                .map(|v| {
                    let mut succ = arena.successors(v).iter().map(|w| forced[w.index()]);
                    forced[v.index()]
                        || match arena.owner(v) {
                            Owner::Player(p) if p == winner => succ.any(|x| x),
                            Owner::Player(_) => succ.all(|x| x),
                            _ => false,
                        }
                })
                .collect();
            for v in arena.vertices() {
                if next[v.index()] && !forced[v.index()] {
                    distance[v.index()] = k;
                }
            }
            forced = next;
        }
        for v in arena.vertices() {
            assert_eq!(forced[v.index()], values[v.index()] == target);
        }
    }
    distance
}

/// Whether moving `v`'s choice to edge `e` must break the solution: at a won or lost position
/// the move must keep the value and lower the distance by one, at a draw it must stay in draws.
fn redirect_is_wrong(s: &ReachSolution, v: Vertex, w: Vertex) -> bool {
    let (value, d) = (s.values[v.index()], s.distance[v.index()]);
    let same = s.values[w.index()] == value;
    match value {
        Outcome::Draw => !same,
        _ => !same || s.distance[w.index()] + 1 != d,
    }
}

/// What a random game exercised: positions won or lost in 3 or more moves, drawn non-terminals,
/// and other moves accepted and refused.
#[derive(Default)]
struct Seen {
    deep: usize,
    draws: usize,
    accepted: usize,
    refused: usize,
}

fn check_random_game(seed: u64, seen: &mut Seen) {
    let g = random_game(seed);
    let arena = g.arena();
    let s = reach::solve(&g);
    let values = brute_values(&g);
    assert_eq!(s.values, values, "seed {seed}");
    let sorted = sorting::solve(&g, &mut Stats::default());
    assert_eq!(s.values, sorted.values, "seed {seed}");
    assert_eq!(s.distance, brute_distances(&g, &values), "seed {seed}");
    s.verify(&g).unwrap();
    for v in arena.vertices() {
        seen.deep += usize::from(s.distance[v.index()] >= 3);
        seen.draws += usize::from(!arena.is_terminal(v) && s.values[v.index()] == Outcome::Draw);
        // Any other value is refused.
        for other in [Outcome::Loss, Outcome::Draw, Outcome::Win] {
            if other != s.values[v.index()] {
                let mut bad = s.clone();
                bad.values[v.index()] = other;
                assert!(bad.verify(&g).is_err(), "seed {seed}: value {other} at {v}");
            }
        }
        // Any other distance is refused.
        let d = s.distance[v.index()];
        for other in [d.checked_sub(1), d.checked_add(1), Some(u32::MAX)] {
            let mut bad = s.clone();
            match other {
                Some(x) if x != d => bad.distance[v.index()] = x,
                _ => continue,
            }
            assert!(bad.verify(&g).is_err(), "seed {seed}: distance at {v}");
        }
        // Another move is refused exactly when it loses value or time.
        for e in arena.out_edges(v) {
            if Some(e) == s.strategy.get(v) {
                continue;
            }
            let mut other = s.clone();
            other.strategy.set(v, e);
            let wrong = redirect_is_wrong(&s, v, arena.target(e));
            if wrong {
                seen.refused += 1;
            } else {
                seen.accepted += 1;
            }
            assert_eq!(
                other.verify(&g).is_err(),
                wrong,
                "seed {seed}: move {v} -> {}",
                arena.target(e)
            );
        }
    }
    // A strategy missing at a position is refused.
    if let Some(v) = arena.vertices().find(|&v| !arena.is_terminal(v)) {
        let mut choices: Vec<Option<Edge>> = arena.vertices().map(|u| s.strategy.get(u)).collect();
        choices[v.index()] = None;
        let bad = ReachSolution {
            strategy: Strategy::from_choices(choices),
            ..s.clone()
        };
        assert!(bad.verify(&g).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        rng_seed: RngSeed::Fixed(0x6b61_6c6d_6172),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_match_sorting_and_brute_force(seed in any::<u64>()) {
        check_random_game(seed, &mut Seen::default());
    }
}

#[test]
fn small_seeds() {
    let mut seen = Seen::default();
    for seed in 0..200 {
        check_random_game(seed, &mut seen);
    }
    // The generator makes games worth checking.
    assert!(seen.deep >= 30, "{} deep positions", seen.deep);
    assert!(seen.draws >= 200, "{} drawn positions", seen.draws);
    assert!(seen.accepted >= 100, "{} equally good moves", seen.accepted);
    assert!(seen.refused >= 100, "{} worse moves", seen.refused);
}

/// The sweep keeps a position's state in a word as narrow as the largest out-degree allows;
/// positions of every width count their arcs right: Min at 0 has `degree` arcs to Max's
/// positions that win, so it loses in two moves, and Min at 1 has the same arcs and one more
/// to a draw.
#[test]
fn wide_positions_count_every_arc() {
    for degree in [62, 63, 64, 16_382, 16_383, 16_384, 20_000] {
        let wins = 2 + degree;
        let (draw, won) = (wins + 1, wins + 2);
        let mut owners = vec![MIN, MIN];
        owners.extend(std::iter::repeat_n(MAX, degree as usize));
        owners.extend([END, END, END]);
        let mut arcs = Vec::new();
        for b in 2..2 + degree {
            arcs.extend([(0, b), (1, b), (b, won)]);
        }
        arcs.push((1, draw));
        let mut payoffs = vec![0; owners.len()];
        payoffs[won as usize] = 1;
        let g = game(&owners, &arcs, &payoffs);
        let s = reach::solve(&g);
        assert_eq!(s.values[0], Outcome::Win, "degree {degree}");
        assert_eq!(s.distance[0], 2, "degree {degree}");
        assert_eq!(s.values[1], Outcome::Draw, "degree {degree}");
        assert_eq!(
            s.strategy.successor(g.arena(), Vertex(1)),
            Some(Vertex(draw))
        );
        s.verify(&g).unwrap();
    }
}

#[test]
fn solution_json_uses_integers() {
    let g = game(&[MAX, END], &[(0, 1), (0, 0)], &[0, -1]);
    let s = reach::solve(&g);
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        json,
        r#"{"values":[0,-1],"distance":[0,0],"strategy":[1,null]}"#
    );
    let back: ReachSolution = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    assert!(serde_json::from_str::<Outcome>("2").is_err());
}

// ----- files -----

fn graph(payoffs: &[&[i64]]) -> GameGraph {
    let mut b = Builder::new(2);
    let x = b.add_vertex(MAX);
    b.set_name(x, "x");
    for (i, _) in payoffs.iter().enumerate() {
        let t = b.add_vertex(END);
        b.set_name(t, format!("t{i}"));
        b.add_edge(x, t);
    }
    let mut g = GameGraph::new(b.build().unwrap());
    for (i, p) in payoffs.iter().enumerate() {
        g.payoff[i + 1] = p.iter().map(|&x| Rational::from(x)).collect();
    }
    g
}

#[test]
fn from_graph_accepts_chess_like_payoffs_only() {
    let g = reach::from_graph(&graph(&[&[1], &[0], &[-1, 1]])).unwrap();
    assert_eq!(g.payoffs(), &outcomes(&[0, 1, 0, -1]));
    assert_eq!(reach::solve(&g).values[0], Outcome::Win);

    let err = reach::from_graph(&graph(&[&[1], &[2]])).unwrap_err();
    assert!(matches!(err, ReachError::Game(GameError::Payoff(..))));
    let text = err.to_string();
    assert!(
        text.contains("t1") && text.contains("kalmar dgg solve"),
        "{text}"
    );

    let mut half = graph(&[&[1]]);
    half.payoff[1] = vec![Rational::new(1, 2)];
    assert!(reach::from_graph(&half).is_err());

    // A terminal without a payoff is a draw, as in every terminal-payoff game.
    let g = reach::from_graph(&graph(&[&[]])).unwrap();
    assert_eq!(g.payoffs()[1], Outcome::Draw);
    let err = reach::from_graph(&graph(&[&[1, 1]])).unwrap_err();
    assert!(
        matches!(err, ReachError::Game(GameError::Payoff(..))),
        "{err}"
    );

    let mut b = Builder::new(3);
    let x = b.add_vertex(MAX);
    let t = b.add_vertex(END);
    b.add_edge(x, t);
    let err = reach::from_graph(&GameGraph::new(b.build().unwrap())).unwrap_err();
    assert!(matches!(err, ReachError::Game(GameError::Players(3))));

    let mut b = Builder::new(2);
    let c = b.add_vertex(Owner::Chance);
    b.set_name(c, "coin");
    let t = b.add_vertex(END);
    b.add_chance_edge(c, t, Rational::from(1));
    let mut g = GameGraph::new(b.build().unwrap());
    g.payoff[1] = vec![Rational::from(1)];
    let err = reach::from_graph(&g).unwrap_err();
    assert!(err.to_string().contains("coin"), "{err}");
}

// ----- rules-based games -----

#[test]
fn nim_end_to_end() {
    for heaps in [
        vec![],
        vec![1],
        vec![1, 1],
        vec![3, 4, 5],
        vec![1, 2, 3],
        vec![2, 5, 6, 1],
    ] {
        let nim = Nim::new(heaps.clone());
        let (explored, s) = reach::solve_implicit(&nim, 100_000).unwrap();
        assert!(explored.states.len() as u64 <= nim.num_states().unwrap());
        let start = explored.arena.start().unwrap();
        let expected = if nim.first_player_wins() {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(s.values[start.index()], expected, "{heaps:?}");
        let chess = reach::from_explored(&explored).unwrap();
        s.verify(&chess).unwrap();
        assert!(!s.values.contains(&Outcome::Draw) || heaps.is_empty());
    }
    let err = reach::solve_implicit(&Nim::new(vec![9, 9, 9]), 50).unwrap_err();
    assert!(matches!(err, ReachError::Explore(_)), "{err}");
}

#[test]
fn cops_and_robber_end_to_end() {
    let game = CopsAndRobber::example();
    let (explored, s) = reach::solve_implicit(&game, 100_000).unwrap();
    let chess = reach::from_explored(&explored).unwrap();
    s.verify(&chess).unwrap();
    assert_eq!(
        s.values,
        sorting::solve(&chess, &mut Stats::default()).values
    );
    let start = explored.vertex(&game.initial_state()).unwrap();
    assert_eq!(
        (s.values[start.index()], s.distance[start.index()]),
        (Outcome::Win, 9)
    );
    // The cop next to the robber, cop to move: caught in one move.
    let (e4, e5) = (game.cell("e4").unwrap(), game.cell("d4").unwrap());
    let v = explored.vertex(&game.state(e4, e5, Player::MAX)).unwrap();
    assert_eq!(
        (s.values[v.index()], s.distance[v.index()]),
        (Outcome::Win, 1)
    );
    // The robber next to the exit, robber to move, cop far away: out in one move.
    let (b2, h5) = (game.cell("b2").unwrap(), game.cell("h5").unwrap());
    let v = explored.vertex(&game.state(b2, h5, Player::MIN)).unwrap();
    assert_eq!(
        (s.values[v.index()], s.distance[v.index()]),
        (Outcome::Loss, 1)
    );
    // Draws are cycles: the drawn line never reaches a terminal.
    let standoff = CopsAndRobber::layout("standoff").unwrap();
    let (explored, s) = reach::solve_implicit(&standoff, 100_000).unwrap();
    let chess = reach::from_explored(&explored).unwrap();
    s.verify(&chess).unwrap();
    let start = explored.vertex(&standoff.initial_state()).unwrap();
    let line = s.line(&chess, start);
    assert_eq!(s.values[start.index()], Outcome::Draw);
    assert!(line.iter().all(|v| !explored.arena.is_terminal(*v)));
    assert_eq!(line.first(), Some(&start));
    assert!(line[..line.len() - 1].contains(line.last().unwrap()));
}
