//! Exact values of the Markov chain that a pair of positional strategies leaves.
//!
//! Fixing both players' choices turns the game into a Markov chain: a player's vertex moves to
//! its chosen successor, a chance vertex by its distribution. The value `x` of each vertex solves
//! the linear system `x_v = r(v) + beta * sum_w P(v, w) x_w`, with `x_t` the payoff at terminals.
//! With `beta < 1` the system is non-singular. Without discounting (terminal-payoff games) it is
//! singular exactly where play can cycle forever: the vertices from which no terminal is reachable
//! in the chain are found first by a backward search and get 0 (the payoff of infinite play); on
//! the rest, every vertex reaches a terminal with positive probability, so the system restricted
//! to them is non-singular.
//!
//! The system is solved exactly over [`Rational`]s, one strongly connected component of the chain
//! at a time, sinks first, so that each component's unknowns see the values below it as
//! constants. Inside a component, unknowns are removed one by one (state elimination: Gaussian
//! elimination on sparse rows, in a minimum-degree order chosen as it goes, so a player's
//! single-successor rows, whose substitution creates no fill, go first), then recovered by back
//! substitution. Numbers are exact throughout; rationals
//! stay in machine words while they fit.
//!
//! # Complexity
//! O(n + m) for the searches and the component split, plus the elimination: O(k^3) rational
//! operations for a component with `k` chance vertices in the worst case (dense fill), far less
//! for the sparse components of typical games; a component of player vertices only costs O(k).

use super::model::{Model, is_deterministic};
use foldhash::HashMap;
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Owner, Rational, Strategy, Vertex};

/// The value of every vertex when both players follow `profile`.
///
/// # Panics
/// If `profile` does not choose an edge at some player's vertex.
pub(crate) fn evaluate(model: &Model<'_>, profile: &Strategy) -> Vec<Rational> {
    evaluate_in(model, profile)
}

/// [`evaluate`] in any number type: exact in [`Rational`], a fast estimate in `f64` (which
/// strategy iteration uses only to choose its next strategies, never for its answer).
pub(crate) fn evaluate_in<T: Scalar>(model: &Model<'_>, profile: &Strategy) -> Vec<T> {
    let arena = model.arena;
    let n = arena.num_vertices();
    // The successors of `v` in the chain, with probabilities (1 for a player's choice).
    let moves = |v: Vertex| -> Vec<(Vertex, T)> {
        match arena.owner(v) {
            Owner::Terminal => Vec::new(),
            Owner::Player(_) => {
                let e = profile.get(v).expect("a choice at every player's vertex");
                vec![(arena.target(e), T::one())]
            }
            Owner::Chance => arena
                .out_edges(v)
                .map(|e| {
                    let p = arena
                        .probability(e)
                        .expect("chance edges have probabilities");
                    (arena.target(e), T::from_rational(p))
                })
                .collect(),
        }
    };
    let live = if model.discounted() {
        vec![true; n]
    } else {
        reaches_terminal(model, profile)
    };
    let beta = model.discount.map(T::from_rational);
    let mut value: Vec<T> = (0..n)
        .map(|i| {
            if arena.is_terminal(Vertex::new(i)) {
                T::from_rational(&model.payoff[i])
            } else {
                T::zero()
            }
        })
        .collect();
    let unknown = |v: Vertex| live[v.index()] && !arena.is_terminal(v);
    let components = strongly_connected_components(n, |v, i| {
        if !unknown(v) {
            return None;
        }
        match arena.owner(v) {
            Owner::Player(_) => (i == 0)
                .then(|| profile.get(v).map(|e| arena.target(e)))
                .flatten()
                .filter(|&w| unknown(w)),
            _ => arena
                .successors(v)
                .get(i)
                .map(|&w| if unknown(w) { w } else { v }),
        }
    });
    let mut local = vec![u32::MAX; n];
    for members in components.members().iter() {
        let members: Vec<Vertex> = members.iter().copied().filter(|&v| unknown(v)).collect();
        if members.is_empty() {
            continue;
        }
        for (i, v) in members.iter().enumerate() {
            local[v.index()] = i as u32;
        }
        let mut system = System::new(members.len());
        for (i, &v) in members.iter().enumerate() {
            let mut known = T::zero();
            for (w, p) in moves(v) {
                if local[w.index()] != u32::MAX {
                    let coefficient = match &beta {
                        Some(beta) => beta.mul(&p),
                        None => p,
                    };
                    system.add(i, local[w.index()] as usize, coefficient);
                } else {
                    known = known.add(&p.mul(&value[w.index()]));
                }
            }
            if let Some(beta) = &beta {
                known = beta.mul(&known);
            }
            if let Some(reward) = model.reward {
                known = known.add(&T::from_rational(&reward[v.index()]));
            }
            system.rows[i].constant = known;
        }
        for (i, x) in system.solve().into_iter().enumerate() {
            value[members[i].index()] = x;
        }
        for v in &members {
            local[v.index()] = u32::MAX;
        }
    }
    value
}

/// The limiting average reward of every vertex when both players follow `profile`, in a game
/// without terminals: the gain of [`gain_and_bias`].
///
/// # Panics
/// If `profile` does not choose an edge at some player's vertex, or there is a terminal.
pub(crate) fn mean_payoff(
    arena: &kalmar_core::Arena,
    reward: &[Rational],
    profile: &Strategy,
) -> Vec<Rational> {
    if is_deterministic(arena) {
        functional_gain_and_bias(arena, reward, profile).gain
    } else {
        solved_gain_and_bias(arena, reward, profile, false).gain
    }
}

/// The gain and a bias of the chain of a strategy pair in a game without terminals: `gain[v]` is
/// the limiting average reward from `v`, and `bias` solves `gain[v] + bias[v] = r(v) + sum_w
/// P(v, w) bias[w]`, normalised to 0 at the smallest vertex of each bottom strongly connected
/// component (so the same component always gets the same bias, whatever strategies lead to it).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GainBias {
    pub gain: Vec<Rational>,
    pub bias: Vec<Rational>,
}

/// The gain and bias of the chain of `profile` (see [`GainBias`]).
///
/// Play ends up, with probability 1, in a bottom strongly connected component of the chain, whose
/// long-run average (its gain) is the same from all its vertices. A bottom component's gain is
/// found by the renewal–reward theorem: from its reference vertex `s` (the smallest), the
/// expected reward collected until play returns to `s`, divided by the expected time it takes
/// (two linear systems of the kind above, with `s` as the only terminal); the same two solves
/// give the bias, `h(v) = R(v) - g T(v)` for the expected reward `R(v)` and time `T(v)` from `v`
/// to `s`. Every other vertex's gain is the mean of its successors' gains and its bias
/// `r(v) - g(v)` plus the mean of theirs, solved component by component from the bottom up. All
/// exact. Without chance vertices the chain is a function (every vertex has one successor) and
/// both are path sums, computed in linear time instead.
///
/// # Panics
/// If `profile` does not choose an edge at some player's vertex, or there is a terminal.
pub(crate) fn gain_and_bias(
    arena: &kalmar_core::Arena,
    reward: &[Rational],
    profile: &Strategy,
) -> GainBias {
    if is_deterministic(arena) {
        functional_gain_and_bias(arena, reward, profile)
    } else {
        solved_gain_and_bias(arena, reward, profile, true)
    }
}

/// [`gain_and_bias`] by exact linear solves, component by component; without `with_bias`, the
/// components that play leaves get no bias (zeros), which saves one solve each.
fn solved_gain_and_bias(
    arena: &kalmar_core::Arena,
    reward: &[Rational],
    profile: &Strategy,
    with_bias: bool,
) -> GainBias {
    let n = arena.num_vertices();
    let moves = |v: Vertex| -> Vec<(Vertex, Rational)> {
        match arena.owner(v) {
            Owner::Player(_) => {
                let e = profile.get(v).expect("a choice at every player's vertex");
                vec![(arena.target(e), Rational::ONE)]
            }
            Owner::Chance => arena
                .out_edges(v)
                .map(|e| {
                    let p = arena
                        .probability(e)
                        .expect("chance edges have probabilities");
                    (arena.target(e), p.clone())
                })
                .collect(),
            Owner::Terminal => panic!("a mean-payoff game has no terminals"),
        }
    };
    let components = strongly_connected_components(n, |v, i| match arena.owner(v) {
        Owner::Player(_) => (i == 0)
            .then(|| profile.get(v).map(|e| arena.target(e)))
            .flatten(),
        _ => arena.successors(v).get(i).copied(),
    });
    let mut gain = vec![Rational::ZERO; n];
    let mut bias = vec![Rational::ZERO; n];
    let mut local = vec![u32::MAX; n];
    for (c, members) in components.members().iter().enumerate() {
        for (i, v) in members.iter().enumerate() {
            local[v.index()] = i as u32;
        }
        let bottom = members
            .iter()
            .all(|&v| moves(v).iter().all(|(w, _)| components.of(*w) == c));
        if bottom {
            // Reward and time until the first return to the reference vertex s.
            let s = *members.iter().min().expect("a component has members");
            let until_return = |per_step: &dyn Fn(Vertex) -> Rational| -> Vec<Rational> {
                let mut system = System::new(members.len());
                for (i, &v) in members.iter().enumerate() {
                    system.rows[i].constant = per_step(v);
                    for (w, p) in moves(v) {
                        if w != s {
                            system.add(i, local[w.index()] as usize, p);
                        }
                    }
                }
                // No row refers to s, so its row only collects the others' values (every vertex
                // of the component reaches s, so the others' system is non-singular).
                system.solve()
            };
            let total = until_return(&|v| reward[v.index()].clone());
            let time = until_return(&|_| Rational::ONE);
            let s_local = local[s.index()] as usize;
            let g = &total[s_local] / &time[s_local];
            for (i, &v) in members.iter().enumerate() {
                gain[v.index()] = g.clone();
                if v != s {
                    bias[v.index()] = &total[i] - &(&g * &time[i]);
                }
            }
        } else {
            // The gains, then the biases, of a component that play leaves (both systems are
            // non-singular).
            for solving_bias in [false, true].into_iter().take(1 + usize::from(with_bias)) {
                let mut system = System::new(members.len());
                for (i, &v) in members.iter().enumerate() {
                    let mut known = if solving_bias {
                        &reward[v.index()] - &gain[v.index()]
                    } else {
                        Rational::ZERO
                    };
                    for (w, p) in moves(v) {
                        if components.of(w) == c {
                            system.add(i, local[w.index()] as usize, p);
                        } else {
                            let outside = if solving_bias { &bias } else { &gain };
                            known = known + &p * &outside[w.index()];
                        }
                    }
                    system.rows[i].constant = known;
                }
                let target = if solving_bias { &mut bias } else { &mut gain };
                for (i, x) in system.solve().into_iter().enumerate() {
                    target[members[i].index()] = x;
                }
            }
        }
        for v in members {
            local[v.index()] = u32::MAX;
        }
    }
    GainBias { gain, bias }
}

/// [`gain_and_bias`] of a chain without chance vertices: from every vertex, play follows a path
/// into one cycle. The cycle's mean is the gain of all vertices that lead to it; the bias is 0 at
/// the cycle's smallest vertex and `r(v) - g + h(next)` backwards from there, along the cycle and
/// then along the paths into it. O(n) rational operations.
fn functional_gain_and_bias(
    arena: &kalmar_core::Arena,
    reward: &[Rational],
    profile: &Strategy,
) -> GainBias {
    const NEW: u8 = 0;
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    let n = arena.num_vertices();
    let next = |v: Vertex| {
        let e = profile.get(v).expect("a choice at every player's vertex");
        arena.target(e)
    };
    let mut gain = vec![Rational::ZERO; n];
    let mut bias = vec![Rational::ZERO; n];
    let mut state = vec![NEW; n];
    let mut path: Vec<Vertex> = Vec::new();
    for start in arena.vertices() {
        let mut v = start;
        while state[v.index()] == NEW {
            state[v.index()] = ON_PATH;
            path.push(v);
            v = next(v);
        }
        if state[v.index()] == ON_PATH {
            // `v` closes a cycle: the end of the path, from v on.
            let at = path
                .iter()
                .rposition(|&u| u == v)
                .expect("v is on the path");
            let cycle = &path[at..];
            let sum = cycle
                .iter()
                .fold(Rational::ZERO, |acc, u| acc + &reward[u.index()]);
            let g = &sum / &Rational::from(cycle.len() as i64);
            let reference = cycle
                .iter()
                .enumerate()
                .min_by_key(|(_, u)| **u)
                .map(|(i, _)| i)
                .expect("a cycle has vertices");
            // Backwards around the cycle from the reference (whose bias stays 0).
            let k = cycle.len();
            for step in 1..k {
                let u = cycle[(reference + k - step) % k];
                let w = next(u);
                bias[u.index()] = &(&reward[u.index()] - &g) + &bias[w.index()];
            }
            for &u in cycle {
                gain[u.index()] = g.clone();
                state[u.index()] = DONE;
            }
            path.truncate(at);
        }
        // The rest of the path leads into vertices already done.
        while let Some(u) = path.pop() {
            let w = next(u);
            gain[u.index()] = gain[w.index()].clone();
            bias[u.index()] = &(&reward[u.index()] - &gain[u.index()]) + &bias[w.index()];
            state[u.index()] = DONE;
        }
    }
    GainBias { gain, bias }
}

/// The probability that Max wins from every vertex when both players follow `profile`, in a
/// parity game: play ends up, with probability 1, in a bottom component of the chain, where it
/// visits every vertex infinitely often; Max wins there when `max_wins` holds for the largest
/// priority of the component. The probability is the mean payoff of reward 1 on the vertices of
/// those components and 0 elsewhere.
pub(crate) fn parity_win(
    arena: &kalmar_core::Arena,
    priority: &[u32],
    max_wins: impl Fn(u32) -> bool,
    profile: &Strategy,
) -> Vec<Rational> {
    let n = arena.num_vertices();
    let successor = |v: Vertex, i: usize| match arena.owner(v) {
        Owner::Player(_) => (i == 0)
            .then(|| profile.get(v).map(|e| arena.target(e)))
            .flatten(),
        _ => arena.successors(v).get(i).copied(),
    };
    let components = strongly_connected_components(n, successor);
    let mut bottom = vec![true; components.count()];
    let mut top = vec![0u32; components.count()];
    for v in arena.vertices() {
        let c = components.of(v);
        top[c] = top[c].max(priority[v.index()]);
        let mut i = 0;
        while let Some(w) = successor(v, i) {
            if components.of(w) != c {
                bottom[c] = false;
            }
            i += 1;
        }
    }
    let reward: Vec<Rational> = arena
        .vertices()
        .map(|v| {
            let c = components.of(v);
            if bottom[c] && max_wins(top[c]) {
                Rational::ONE
            } else {
                Rational::ZERO
            }
        })
        .collect();
    mean_payoff(arena, &reward, profile)
}

/// Which vertices reach a terminal with positive probability in the chain of `profile`.
pub(crate) fn reaches_terminal(model: &Model<'_>, profile: &Strategy) -> Vec<bool> {
    let arena = model.arena;
    let mut reach = vec![false; arena.num_vertices()];
    let mut stack: Vec<Vertex> = arena.vertices().filter(|&v| arena.is_terminal(v)).collect();
    for &t in &stack {
        reach[t.index()] = true;
    }
    while let Some(w) = stack.pop() {
        for &e in arena.in_edges(w) {
            let u = arena.source(e);
            let used = match arena.owner(u) {
                Owner::Player(_) => profile.get(u) == Some(e),
                _ => true,
            };
            if used && !reach[u.index()] {
                reach[u.index()] = true;
                stack.push(u);
            }
        }
    }
    reach
}

/// The numbers the linear systems are solved in.
pub(crate) trait Scalar: Clone + Default {
    fn zero() -> Self;
    fn one() -> Self;
    fn from_rational(x: &Rational) -> Self;
    fn add(&self, other: &Self) -> Self;
    fn sub(&self, other: &Self) -> Self;
    fn mul(&self, other: &Self) -> Self;
    fn div(&self, other: &Self) -> Self;
    fn is_zero(&self) -> bool;
}

/// The four operations of [`Scalar`], by the type's own operators on references.
macro_rules! field_operations {
    () => {
        fn add(&self, other: &Self) -> Self {
            self + other
        }
        fn sub(&self, other: &Self) -> Self {
            self - other
        }
        fn mul(&self, other: &Self) -> Self {
            self * other
        }
        fn div(&self, other: &Self) -> Self {
            self / other
        }
    };
}

impl Scalar for Rational {
    fn zero() -> Self {
        Rational::ZERO
    }
    fn one() -> Self {
        Rational::ONE
    }
    fn from_rational(x: &Rational) -> Self {
        x.clone()
    }
    field_operations!();
    fn is_zero(&self) -> bool {
        Rational::is_zero(self)
    }
}

impl Scalar for f64 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn from_rational(x: &Rational) -> Self {
        x.to_f64()
    }
    field_operations!();
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
}

/// One equation `x_i = constant + sum_j coefficient[j] x_j`.
#[derive(Clone, Debug, Default)]
struct Row<T> {
    constant: T,
    coefficient: HashMap<usize, T>,
}

/// A sparse linear system `x = c + A x` with `I - A` non-singular, solved by state elimination.
struct System<T> {
    rows: Vec<Row<T>>,
    /// For each unknown, the rows that may mention it (with stale entries).
    users: Vec<Vec<usize>>,
}

impl<T: Scalar> System<T> {
    fn new(k: usize) -> Self {
        System {
            rows: vec![Row::default(); k],
            users: vec![Vec::new(); k],
        }
    }

    fn add(&mut self, row: usize, column: usize, a: T) {
        let entry = self.rows[row]
            .coefficient
            .entry(column)
            .or_insert_with(T::zero);
        *entry = entry.add(&a);
        self.users[column].push(row);
    }

    /// The solution. Unknowns are eliminated in the order of fewest entries first (a
    /// minimum-degree order, chosen as the elimination goes, which keeps the fill small; a
    /// player's one-entry rows go first), then recovered by back substitution.
    fn solve(mut self) -> Vec<T> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let k = self.rows.len();
        let mut eliminated = vec![false; k];
        let mut heap: BinaryHeap<Reverse<(usize, usize)>> = (0..k)
            .map(|i| Reverse((self.rows[i].coefficient.len(), i)))
            .collect();
        let mut order = Vec::with_capacity(k);
        while let Some(Reverse((size, i))) = heap.pop() {
            if eliminated[i] || size != self.rows[i].coefficient.len() {
                continue;
            }
            let mut row = std::mem::take(&mut self.rows[i]);
            if let Some(own) = row.coefficient.remove(&i) {
                let scale = T::one().div(&T::one().sub(&own));
                row.constant = row.constant.mul(&scale);
                for a in row.coefficient.values_mut() {
                    *a = a.mul(&scale);
                }
            }
            row.coefficient.retain(|_, a| !a.is_zero());
            let mut users = std::mem::take(&mut self.users[i]);
            users.sort_unstable();
            users.dedup();
            for user in users {
                if user == i || eliminated[user] {
                    continue;
                }
                let Some(a) = self.rows[user].coefficient.remove(&i) else {
                    continue;
                };
                let target = &mut self.rows[user];
                target.constant = target.constant.add(&a.mul(&row.constant));
                for (&j, b) in &row.coefficient {
                    let entry = target.coefficient.entry(j).or_insert_with(T::zero);
                    *entry = entry.add(&a.mul(b));
                    self.users[j].push(user);
                }
                heap.push(Reverse((target.coefficient.len(), user)));
            }
            eliminated[i] = true;
            self.rows[i] = row;
            order.push(i);
        }
        let mut x = vec![T::zero(); k];
        for &i in order.iter().rev() {
            let row = &self.rows[i];
            x[i] = row
                .coefficient
                .iter()
                .fold(row.constant.clone(), |acc, (&j, a)| acc.add(&a.mul(&x[j])));
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DiscountedGame, TerminalPayoffGame};
    use kalmar_core::format::read_gg;

    fn first_edges(arena: &kalmar_core::Arena) -> Strategy {
        Strategy::from_choices(
            arena
                .vertices()
                .map(|v| match arena.owner(v) {
                    Owner::Player(_) => arena.out_edges(v).next(),
                    _ => None,
                })
                .collect(),
        )
    }

    #[test]
    fn path_sums_agree_with_linear_solves_without_chance() {
        use crate::generate::random_deterministic;
        use crate::{Class, MeanPayoffGame};
        for seed in 0..40 {
            let graph = random_deterministic(Class::MeanPayoff, 12, 2, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let arena = game.arena();
            let last_edges = Strategy::from_choices(
                arena
                    .vertices()
                    .map(|v| arena.out_edges(v).last())
                    .collect(),
            );
            for profile in [first_edges(arena), last_edges] {
                assert_eq!(
                    functional_gain_and_bias(arena, game.rewards(), &profile),
                    solved_gain_and_bias(arena, game.rewards(), &profile, true),
                    "seed {seed}"
                );
            }
        }
    }

    #[test]
    fn bias_of_a_cycle_with_a_tail_by_hand() {
        // t -> a -> b -> a: the cycle earns 3, 1 (gain 2); the bias is 0 at a (the smaller),
        // 1 - 2 + 0 = -1 at b, and 7 - 2 + 0 = 5 at t.
        let game = read_gg(
            "kalmar-gg 1
t max reward=7 -> a
a max reward=3 -> b
b min reward=1 -> a
",
        )
        .unwrap();
        let reward = game.reward.clone().unwrap();
        let x = gain_and_bias(&game.arena, &reward, &first_edges(&game.arena));
        assert_eq!(x.gain, [2, 2, 2].map(Rational::from));
        assert_eq!(x.bias, [5, 0, -1].map(Rational::from));
    }

    #[test]
    fn gamblers_ruin_by_hand() {
        // From a, a fair coin moves one step towards 0 or 3 (terminals paying 0 and 1):
        // x_1 = x_2 / 2, x_2 = 1/2 + x_1 / 2, so x_1 = 1/3 and x_2 = 2/3.
        let game = read_gg(
            "kalmar-gg 1\nb0 terminal payoff=0\nb1 chance -> b0:1/2 b2:1/2\n\
             b2 chance -> b1:1/2 b3:1/2\nb3 terminal payoff=1\n",
        )
        .unwrap();
        let game = TerminalPayoffGame::from_graph(&game).unwrap();
        let x = evaluate(&game.model(), &first_edges(game.arena()));
        assert_eq!(x[1], Rational::new(1, 3));
        assert_eq!(x[2], Rational::new(2, 3));
    }

    #[test]
    fn play_that_cannot_end_pays_zero() {
        // Max's loop between a and b never ends; c leaves it with probability 1/4 to a
        // payoff of -8, and otherwise returns into the loop, which pays 0: c = -2.
        let game = read_gg(
            "kalmar-gg 1\na max -> b t\nb min -> a\nc chance -> a:3/4 t:1/4\nt terminal payoff=-8\n",
        )
        .unwrap();
        let game = TerminalPayoffGame::from_graph(&game).unwrap();
        let x = evaluate(&game.model(), &first_edges(game.arena()));
        assert_eq!(x[..3], [Rational::ZERO, Rational::ZERO, Rational::from(-2)]);
    }

    #[test]
    fn figure_2_3_bold_strategies_pay_40_175_271() {
        // Seed 002, Figure 2.3: the bold strategies give Max 8, then 2, 6, 3 over and over,
        // discounted by 9/10: 8 + 9/10 * 2 + (9/10)^2 * 6 + (9/10)^3 * 3 + … = 40 175/271.
        let game = read_gg(include_str!("../../../examples/figure-2-3.gg")).unwrap();
        let game = DiscountedGame::from_graph(&game).unwrap();
        let arena = game.arena();
        let names = arena.name_index();
        let mut profile = Strategy::empty(arena.num_vertices());
        for (from, to) in [
            ("a", "b"),
            ("b", "c"),
            ("c", "d"),
            ("d", "b"),
            ("e", "e"),
            ("f", "a"),
        ] {
            let (u, w) = (names[from], names[to]);
            profile.set(u, arena.find_edge(u, w).unwrap());
        }
        let x = evaluate(&game.model(), &profile);
        assert_eq!(x[names["a"].index()], Rational::new(40 * 271 + 175, 271));
    }
}
