//! Preferences that make an ri-cycle, given only a game form (Andersson, Gurvich and Hansen,
//! *On Acyclicity of Games with Cycles*, §2): the search behind the paper's counterexamples.
//!
//! A step of a cycle is an improvement only under some preferences: an inside-play deviation of
//! player i through outcomes a₀, …, a_m is a standard improvement when u_i(a₀) < u_i(a_m), a
//! strong one when every u_i(a_j) < u_i(a_m), a last-step one when u_i(a_{m−1}) < u_i(a_m), a
//! best reply when moreover u_i(a_m) ≥ u_i(o) for every outcome o that i can reach. A cycle of
//! deviations is an ri-cycle for some preferences exactly when, for every player, the orders
//! its steps impose are consistent: no cycle of ≤ through a strict < in the player's constraint
//! digraph over the outcomes (§2.1, "preference cycles"). Ties are allowed, as in the paper.
//!
//! The search is a depth-first search for simple cycles in the graph of all profiles and all
//! deviations of the restriction, each cycle from its least profile, keeping every player's
//! constraint digraph and abandoning a path as soon as one becomes inconsistent; profiles that
//! cannot return to the cycle's first one are never entered. A cycle that repeats a profile
//! splits into two shorter cycles, each with fewer constraints, so simple cycles suffice and the
//! search is complete: when it ends without a cycle, no preferences (ties included) make an
//! ri-cycle of that type in the game form. The witness is the cycle and preferences that make
//! it one: each player's outcomes from worst to best, tied exactly where its constraints force
//! a tie.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, cycle_certificate, preference_search};
//! use kalmar_positional::ricycle::{Improvement, Options};
//! // The four-person flower of the paper's Figure 7: v0 enters a di-cycle of three positions,
//! // each with a move to its terminal; every player moves at one position.
//! let form = read_gg("kalmar-gg 1\nplayers 4\nstart v0\nv0 player0 -> c1 c2\n\
//!                     c1 player1 -> c2 a1\nc2 player2 -> c3 a2\nc3 player3 -> c1 a3\n\
//!                     a1 terminal\na2 terminal\na3 terminal\n").unwrap();
//! let form = PositionalGame::from_form(&form).unwrap();
//! let options = Options { improvement: Improvement::StrongBestReply, ..Options::default() };
//! let witness = preference_search::search(&form, &options).unwrap().witness.expect("Figure 7");
//! // Preferences that make it a strong best-reply ri-cycle, in the paper's notation; under them
//! // the cycle passes its certificate.
//! let game = witness.game(&form);
//! assert!(cycle_certificate::check(&game, &witness.steps, options.improvement, options.restriction).is_ok());
//! assert_eq!(witness.notation(&form).lines().next(), Some("1: a3 < a1 < a2 < c"));
//! // But no preferences make a c-free one (§2.3.3).
//! let c_free = Options { c_free: true, ..options };
//! assert!(preference_search::search(&form, &c_free).unwrap().witness.is_none());
//! ```
//!
//! # Complexity
//! Exponential: the graph has one node per profile (refused above `max_profiles`) and the search
//! enumerates simple paths in it, at most `max_nodes` of them; each extension checks one
//! player's constraints in O(c²) for c constraints. It is a tool for the small game forms of
//! the theory, where it settles the question either way.

use crate::PositionalGame;
use crate::deviation::reachable_outcomes;
use crate::play::Outcome;
use crate::restricted::{Order, deviations};
use crate::ricycle::{CycleStep, Options, Profiles, SearchError};
use kalmar_core::Rational;

/// A cycle and preferences that make it an ri-cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The cycle's steps.
    pub steps: Vec<CycleStep>,
    /// Per player, its outcomes from worst to best, in classes of equally good ones.
    pub preferences: Vec<Vec<Vec<Outcome>>>,
}

/// The answer of [`search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// A cycle with its preferences; None when no preferences make an ri-cycle of the type.
    pub witness: Option<Witness>,
    /// How many profiles the game form has.
    pub profiles: u64,
    /// How many partial cycles were extended.
    pub nodes: u64,
}

impl Witness {
    /// The game form with the witness's preferences: utilities 0, 1, 2, … by rank.
    pub fn game(&self, form: &PositionalGame) -> PositionalGame {
        let mut game = form.clone();
        for (player, classes) in self.preferences.iter().enumerate() {
            for (rank, class) in classes.iter().enumerate() {
                for &outcome in class {
                    game.set_utility(outcome, player, Rational::from(rank as i64));
                }
            }
        }
        game
    }

    /// The preferences in the paper's notation, one line per player numbered from 1
    /// (`1: a2 < a1 = c`), as `--preferences` reads them.
    pub fn notation(&self, form: &PositionalGame) -> String {
        self.preferences
            .iter()
            .enumerate()
            .map(|(player, classes)| {
                let classes: Vec<String> = classes
                    .iter()
                    .map(|class| {
                        let names: Vec<String> = class
                            .iter()
                            .map(|&o| match o {
                                Outcome::Terminal(v) => form.arena().name(v).into_owned(),
                                Outcome::Cycle => "c".into(),
                            })
                            .collect();
                        names.join(" = ")
                    })
                    .collect();
                format!("{}: {}\n", player + 1, classes.join(" < "))
            })
            .collect()
    }
}

/// One arc of the graph of deviations: the next profile, the player, the outcomes passed
/// through and the orders the player's preferences must satisfy.
struct Arc {
    to: usize,
    player: usize,
    outcomes: Vec<Outcome>,
    orders: Vec<(usize, usize, bool)>,
}

/// Searches the game form (its utilities are ignored) for a cycle of deviations of
/// `options.restriction` and preferences under which every step is an improvement of type
/// `options.improvement`; with `options.c_free`, only among profiles whose play ends.
pub fn search(form: &PositionalGame, options: &Options) -> Result<Searched, SearchError> {
    let profiles = Profiles::of(form, options.max_profiles)?;
    let count = profiles.count;
    let outcomes = outcomes(form);
    // Per position, its outcome's number (terminals only), looked up for every order.
    let mut number = vec![usize::MAX; form.arena().num_vertices()];
    for (k, &o) in outcomes.iter().enumerate() {
        if let Outcome::Terminal(v) = o {
            number[v.index()] = k;
        }
    }
    let id = |o: Outcome| match o {
        Outcome::Terminal(v) => number[v.index()],
        Outcome::Cycle => outcomes.len() - 1,
    };
    let excluded = profiles.excluded(form, options);
    let mut arcs: Vec<Vec<Arc>> = Vec::with_capacity(count);
    for x in 0..count {
        let mut out = Vec::new();
        if !excluded[x] {
            let profile = profiles.profile(x);
            for player in 0..form.num_players() {
                let reachable = reachable_outcomes(form, &profile, player, form.start());
                for (next, passed) in deviations(form, &profile, player, options.restriction) {
                    let to = profiles.index(&next);
                    let Some(orders) = options.improvement.orders(&passed, &reachable) else {
                        continue;
                    };
                    if excluded[to] {
                        continue;
                    }
                    let orders = orders
                        .iter()
                        .map(
                            |&Order {
                                 lower,
                                 higher,
                                 strict,
                             }| (id(lower), id(higher), strict),
                        )
                        .collect();
                    out.push(Arc {
                        to,
                        player,
                        outcomes: passed,
                        orders,
                    });
                }
            }
        }
        arcs.push(out);
    }
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (x, out) in arcs.iter().enumerate() {
        for arc in out {
            into[arc.to].push(x);
        }
    }
    let mut search = Search {
        arcs: &arcs,
        constraints: vec![Vec::new(); form.num_players()],
        nodes: 0,
        max_nodes: options.max_nodes,
    };
    let mut witness = None;
    for root in (0..count).filter(|&x| !excluded[x]) {
        let returns = returning(&into, root);
        if let Some(cycle) = search.from(root, &returns)? {
            let steps = cycle
                .iter()
                .map(|&(x, arc)| CycleStep {
                    player: arcs[x][arc].player,
                    profile: profiles.profile(x),
                    outcomes: arcs[x][arc].outcomes.clone(),
                })
                .collect();
            let preferences = (0..form.num_players())
                .map(|player| {
                    order(outcomes.len(), &search.constraints[player])
                        .into_iter()
                        .map(|class| class.into_iter().map(|k| outcomes[k]).collect())
                        .collect()
                })
                .collect();
            witness = Some(Witness { steps, preferences });
            break;
        }
    }
    Ok(Searched {
        witness,
        profiles: count as u64,
        nodes: search.nodes,
    })
}

/// The outcomes of a game: its terminals in vertex order, then `c`.
fn outcomes(game: &PositionalGame) -> Vec<Outcome> {
    let arena = game.arena();
    arena
        .vertices()
        .filter(|&v| arena.is_terminal(v))
        .map(Outcome::Terminal)
        .chain([Outcome::Cycle])
        .collect()
}

/// The profiles from which `root` can be reached through profiles numbered above it: the only
/// ones a cycle whose least profile is `root` can pass through.
fn returning(into: &[Vec<usize>], root: usize) -> Vec<bool> {
    let mut returns = vec![false; into.len()];
    let mut stack = vec![root];
    while let Some(y) = stack.pop() {
        for &x in &into[y] {
            if x > root && !returns[x] {
                returns[x] = true;
                stack.push(x);
            }
        }
    }
    returns
}

/// The depth-first search for a consistent cycle.
struct Search<'a> {
    arcs: &'a [Vec<Arc>],
    /// Per player, the orders of the current path's steps: (lower, higher, strict).
    constraints: Vec<Vec<(usize, usize, bool)>>,
    nodes: u64,
    max_nodes: u64,
}

impl Search<'_> {
    /// A cycle through `root` and profiles above it whose orders are consistent, as (profile,
    /// arc taken) pairs; the constraints are left as the cycle's.
    fn from(
        &mut self,
        root: usize,
        returns: &[bool],
    ) -> Result<Option<Vec<(usize, usize)>>, SearchError> {
        let mut on_path = vec![false; self.arcs.len()];
        on_path[root] = true;
        // The path: per profile, the next arc to try and how long its player's constraints
        // were before the arc taken.
        let mut path: Vec<(usize, usize, usize)> = vec![(root, 0, 0)];
        while let Some(&mut (x, ref mut next, _)) = path.last_mut() {
            let Some(arc) = self.arcs[x].get(*next) else {
                on_path[x] = false;
                path.pop();
                if let Some(&(y, taken, before)) = path.last() {
                    let player = self.arcs[y][taken - 1].player;
                    self.constraints[player].truncate(before);
                }
                continue;
            };
            *next += 1;
            let y = arc.to;
            if y != root && (on_path[y] || !returns[y]) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return Err(SearchError::Budget(self.max_nodes));
            }
            let mine = &mut self.constraints[arc.player];
            let before = mine.len();
            mine.extend_from_slice(&arc.orders);
            if !consistent(mine) {
                mine.truncate(before);
                continue;
            }
            path.last_mut().expect("on the path").2 = before;
            if y == root {
                return Ok(Some(
                    path.iter().map(|&(z, taken, _)| (z, taken - 1)).collect(),
                ));
            }
            on_path[y] = true;
            path.push((y, 0, 0));
        }
        Ok(None)
    }
}

/// Whether orders (lower, higher, strict) have a solution: no strict order lies on a cycle.
fn consistent(orders: &[(usize, usize, bool)]) -> bool {
    orders
        .iter()
        .filter(|o| o.2)
        .all(|&(lower, higher, _)| !reaches(orders, higher, lower))
}

/// Whether `to` can be reached from `from` along the orders, from lower to higher.
fn reaches(orders: &[(usize, usize, bool)], from: usize, to: usize) -> bool {
    let mut seen = vec![from];
    let mut stack = vec![from];
    while let Some(x) = stack.pop() {
        if x == to {
            return true;
        }
        for &(lower, higher, _) in orders {
            if lower == x && !seen.contains(&higher) {
                seen.push(higher);
                stack.push(higher);
            }
        }
    }
    false
}

/// Consistent orders over `n` outcomes as classes from worst to best: outcomes on a common
/// cycle of the orders are tied, the classes in a topological order (the least outcome first
/// among those free to come next).
fn order(n: usize, orders: &[(usize, usize, bool)]) -> Vec<Vec<usize>> {
    // Classes: outcomes that reach each other.
    let mut class = vec![usize::MAX; n];
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for x in 0..n {
        if class[x] != usize::MAX {
            continue;
        }
        let members: Vec<usize> = (x..n)
            .filter(|&y| class[y] == usize::MAX && reaches(orders, x, y) && reaches(orders, y, x))
            .collect();
        for &y in &members {
            class[y] = classes.len();
        }
        classes.push(members);
    }
    // Kahn's algorithm on the classes.
    let mut above: Vec<Vec<usize>> = vec![Vec::new(); classes.len()];
    let mut below_count = vec![0usize; classes.len()];
    for &(lower, higher, _) in orders {
        let (a, b) = (class[lower], class[higher]);
        if a != b && !above[a].contains(&b) {
            above[a].push(b);
            below_count[b] += 1;
        }
    }
    let mut ready: std::collections::BTreeSet<usize> = (0..classes.len())
        .filter(|&c| below_count[c] == 0)
        .collect();
    let mut sorted = Vec::with_capacity(classes.len());
    while let Some(c) = ready.pop_first() {
        sorted.push(std::mem::take(&mut classes[c]));
        for &d in &above[c] {
            below_count[d] -= 1;
            if below_count[d] == 0 {
                ready.insert(d);
            }
        }
    }
    sorted
}
