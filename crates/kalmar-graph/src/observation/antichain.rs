//! The antichain algorithm of K. Chatterjee, L. Doyen, T. A. Henzinger and J.-F. Raskin,
//! *Algorithms for omega-regular games with imperfect information* (LMCS 3(3:4), 2007), the
//! algorithm of the Alpaga tool.
//!
//! The sets of knowledge sets from which the system wins are downward closed: knowing more (a
//! smaller set) never hurts. So are the sets the fixpoint computations go through, because the
//! controllable predecessor
//!
//! ```text
//! CPre(Q) = { s | ∃ action a available at all of s, ∀ observation o:
//!                 (Post_a(s) ∩ o) \ Target ∈ Q or is empty }
//! ```
//!
//! maps downward-closed sets to downward-closed sets. Each is represented by its antichain of
//! maximal elements. `CPre` of an antichain `Q` is computed without listing subsets: for an
//! action `a` and an observation `o`, the largest sets whose `o`-successors fit in an element
//! `q` of `Q` are `{ l | (Post_a(l) ∩ o) \ Target ⊆ q }`, one per `q`; the meet (pairwise
//! intersection) over all observations, split by the observation of the source, and the union
//! over actions give the maximal elements of `CPre(Q)`.
//!
//! The winning knowledge sets are the nested fixpoint of the parity condition (Emerson and
//! Jutla), with `P_i` the safe sets of priority `i` and `Z_i` a greatest fixpoint for even and
//! a least one for odd `i`, the highest priority outermost:
//!
//! ```text
//! W = σZ_d … νZ_0. ⋃_i (P_i ⊓ CPre(Z_i))
//! ```
//!
//! Reachability (priority 1 only) is `μZ. P_1 ⊓ CPre(Z)`, safety (priority 0 only)
//! `νZ. P_0 ⊓ CPre(Z)`. The system wins when every initial knowledge set lies below an element
//! of `W`. For these two objectives the elements carry the action that put them there, which
//! gives a winning strategy (for reachability, listed in the order the elements appeared, so
//! that every step moves to an element found earlier).
//!
//! # Complexity
//! Each iteration of a fixpoint grows or shrinks the downward-closed set, so there are at most
//! `2^n` of them per level (exponential, as the problem is EXPTIME-complete), and far fewer when
//! the antichains stay small; an antichain can have exponentially many elements, and a meet
//! costs the product of the sizes. Parity with `d` priorities nests `d` fixpoints.

use super::{LocationSet, ObservationGame, Side, Solution, Stats, Strategy};

/// An antichain of nonempty knowledge sets (the maximal elements of a downward-closed set),
/// each with the action that justifies it.
type Antichain = Vec<(LocationSet, u32)>;

/// Adds `s` (justified by `a`) unless a superset is there, and removes its subsets.
fn add(antichain: &mut Antichain, s: LocationSet, a: u32) {
    if s.is_empty() || antichain.iter().any(|(t, _)| s.is_subset(t)) {
        return;
    }
    antichain.retain(|(t, _)| !t.is_subset(&s));
    antichain.push((s, a));
}

/// Whether `k` lies below an element of `antichain`.
fn covers(antichain: &Antichain, k: &LocationSet) -> bool {
    antichain.iter().any(|(t, _)| k.is_subset(t))
}

/// The same downward-closed set: each covers the other.
fn same(a: &Antichain, b: &Antichain) -> bool {
    a.len() == b.len() && a.iter().all(|(s, _)| covers(b, s)) && b.iter().all(|(s, _)| covers(a, s))
}

/// The pairwise intersections of two lists of sets, maximal ones only.
fn meet(a: &[LocationSet], b: &[LocationSet]) -> Vec<LocationSet> {
    let mut out: Antichain = Vec::new();
    for s in a {
        for t in b {
            add(&mut out, s.intersection(t), 0);
        }
    }
    out.into_iter().map(|(s, _)| s).collect()
}

/// The data of one game the operators need.
struct Context<'g> {
    game: &'g ObservationGame,
    /// Per observation: its safe locations outside the target (the largest knowledge sets).
    universe: Vec<LocationSet>,
    /// Per compressed priority: the antichain `P_i`.
    by_priority: Vec<Vec<LocationSet>>,
    /// Per observation, its compressed priority.
    level: Vec<usize>,
    stats: Stats,
}

impl<'g> Context<'g> {
    fn new(game: &'g ObservationGame) -> Self {
        let mut universe = Vec::with_capacity(game.num_observations());
        for o in 0..game.num_observations() as u32 {
            let mut s = game.class(o).intersection(game.safe());
            s.subtract(game.target());
            universe.push(s);
        }
        // Compress priorities, keeping their parity and order.
        let mut distinct: Vec<u32> = (0..game.num_observations() as u32)
            .map(|o| game.priority(o))
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        let mut rank = Vec::with_capacity(distinct.len());
        let mut current = distinct.first().map_or(0, |p| (p % 2) as usize);
        for (i, &p) in distinct.iter().enumerate() {
            if i > 0 && p % 2 != distinct[i - 1] % 2 {
                current += 1;
            }
            rank.push(current);
        }
        let level: Vec<usize> = (0..game.num_observations() as u32)
            .map(|o| rank[distinct.binary_search(&game.priority(o)).unwrap_or(0)])
            .collect();
        let levels = rank.last().map_or(1, |&r| r + 1);
        let mut by_priority = vec![Vec::new(); levels];
        for (o, s) in universe.iter().enumerate() {
            if !s.is_empty() {
                by_priority[level[o]].push(s.clone());
            }
        }
        Context {
            game,
            universe,
            by_priority,
            level,
            stats: Stats::default(),
        }
    }

    /// The maximal elements of `CPre(q)` that lie in `within` (sets of one observation each).
    fn cpre(&mut self, q: &Antichain, within: &[LocationSet]) -> Antichain {
        let game = self.game;
        let n = game.num_locations();
        let mut result: Antichain = Vec::new();
        for a in 0..game.num_actions() as u32 {
            // The locations allowing `a`, within the largest knowledge sets.
            let mut allowed = LocationSet::empty(n);
            for s in within {
                for l in s.iter() {
                    if game.available(l, a) {
                        allowed.insert(l);
                    }
                }
            }
            if allowed.is_empty() {
                continue;
            }
            let mut observations: Vec<u32> = allowed
                .iter()
                .flat_map(|l| game.post(l, a))
                .filter(|&t| !game.target().contains(t))
                .map(|t| game.observation(t))
                .collect();
            observations.sort_unstable();
            observations.dedup();
            let mut candidates = vec![allowed.clone()];
            for o in observations {
                let fits = |inside: Option<&LocationSet>| {
                    let mut s = LocationSet::empty(n);
                    for l in allowed.iter() {
                        let ok = game.post(l, a).all(|t| {
                            game.observation(t) != o
                                || game.target().contains(t)
                                || inside.is_some_and(|q| q.contains(t))
                        });
                        if ok {
                            s.insert(l);
                        }
                    }
                    s
                };
                let mut options: Antichain = Vec::new();
                for (t, _) in q.iter().filter(|(t, _)| game.observation_of(t) == o) {
                    add(&mut options, fits(Some(t)), 0);
                }
                if options.is_empty() {
                    add(&mut options, fits(None), 0);
                }
                let options: Vec<LocationSet> = options.into_iter().map(|(s, _)| s).collect();
                candidates = meet(&candidates, &options);
                if candidates.is_empty() {
                    break;
                }
            }
            for s in meet(&candidates, within) {
                add(&mut result, s, a);
            }
        }
        result
    }

    /// `⋃_i (P_i ⊓ CPre(Z_i))`.
    fn step(&mut self, z: &[Antichain]) -> Antichain {
        self.stats.iterations += 1;
        let mut out: Antichain = Vec::new();
        for (i, zi) in z.iter().enumerate() {
            if self.by_priority[i].is_empty() {
                continue;
            }
            let within = self.by_priority[i].clone();
            for (s, a) in self.cpre(zi, &within) {
                add(&mut out, s, a);
            }
        }
        self.stats.max_antichain = self.stats.max_antichain.max(out.len() as u64);
        out
    }

    /// The fixpoint for level `i` and all below, the levels above fixed in `z`. For a least
    /// fixpoint, `order` receives each element when it first appears.
    fn fixpoint(&mut self, i: usize, z: &mut Vec<Antichain>, order: &mut Antichain) -> Antichain {
        let mut current: Antichain = if i.is_multiple_of(2) {
            let mut top = Vec::new();
            for s in self.universe.clone() {
                add(&mut top, s, 0);
            }
            top
        } else {
            Vec::new()
        };
        loop {
            z[i] = current.clone();
            let next = if i == 0 {
                self.step(z)
            } else {
                self.fixpoint(i - 1, z, order)
            };
            if i == z.len() - 1 && i % 2 == 1 {
                for (s, a) in &next {
                    if !covers(order, s) {
                        order.push((s.clone(), *a));
                    }
                }
            }
            if same(&next, &current) {
                return next;
            }
            current = next;
        }
    }
}

/// Decides `game` by the antichain algorithm; for reachability and safety objectives the
/// solution carries a winning strategy when the system wins.
///
/// ```
/// use kalmar_graph::observation::{GameBuilder, Side, antichain};
/// // Safety: the system must avoid `bad`; action `stay` is always safe.
/// let mut b = GameBuilder::new();
/// let o = b.add_observation("o", 0);
/// let [stay, jump] = [b.add_action("stay"), b.add_action("jump")];
/// let home = b.add_location("home", o);
/// let bad = b.add_location("bad", o);
/// b.add_move(home, stay, home); b.add_move(home, jump, bad); b.add_move(bad, stay, bad);
/// b.add_initial(home); b.make_unsafe(bad);
/// let solution = antichain::solve(&b.build().unwrap());
/// assert_eq!(solution.winner, Side::System);
/// ```
pub fn solve(game: &ObservationGame) -> Solution {
    let mut cx = Context::new(game);
    let levels = cx.by_priority.len();
    let mut z = vec![Vec::new(); levels];
    let mut order = Vec::new();
    let winning = cx.fixpoint(levels - 1, &mut z, &mut order);
    let wins = game.initial_knowledge().iter().all(|k| covers(&winning, k));
    let mut stats = cx.stats;
    stats.knowledge_sets = winning.len() as u64;
    let strategy = match (wins, levels) {
        (false, _) => None,
        // Safety: every element of the fixpoint is justified by an action into the fixpoint.
        (true, 1) if cx.level.iter().all(|&l| l == 0) => Some(Strategy { rules: winning }),
        // Reachability: elements in the order they appeared.
        (true, 2) if cx.by_priority[0].is_empty() => Some(Strategy { rules: order }),
        _ => None,
    };
    Solution {
        winner: if wins {
            Side::System
        } else {
            Side::Environment
        },
        strategy,
        spoiler: None,
        stats,
    }
}
