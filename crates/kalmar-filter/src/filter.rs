//! History filtering for any factored-observation game: given a public state `S` (a sequence of
//! public observations) and a joint policy `π`, the histories `H_S` that produce `S` with positive
//! reach probability — the relation FILTER(G, π) of Solinas, Rebstock, Sturtevant and Buro,
//! *History Filtering in Imperfect Information Games: Algorithms and Complexity*, Definition 1.
//!
//! - **Enumeration** ([`enumerate`]): the breadth-first search of the proof of Theorem 2. Depth
//!   `k` keeps only prefixes whose `k`-th public observation is `S`'s, so in a game whose public
//!   tree is sparse the frontier holds at most `p(k)` prefixes. An optional game-specific
//!   *pruner* may drop prefixes earlier (it must never drop a prefix of a history in `H_S`); the
//!   search itself still checks every observation, so a pruner can only make it faster.
//! - **Existence and construction** ([`construct`]): depth-first search with the same checks,
//!   stopping at the first history of positive reach.
//! - **Counting** ([`count`]) and **exact generation** ([`ExactSampler`]): by enumeration, the
//!   latter drawing histories in proportion to their reach probabilities.
//! - The supplement's variants: [`enumerate_belief`] filters the histories of one player's
//!   information state (FILTER-BELIEF, Definition 4) and [`range`] the player's information states
//!   within a public state with their probabilities (FILTER-RANGE, Definition 5).
//!
//! # Complexity
//! Enumeration evaluates the transition and observation functions `O(|A × W| · Σ_k |H_S^k|)`
//! times, where `H_S^k` are the depth-`k` prefixes kept; with an exact pruner `|H_S^k| ≤ |H_S|`.
//! Memory is one parent index and step per kept prefix.
//!
//! ```
//! use kalmar_filter::ohhell::PublicState;
//! use kalmar_filter::{Enumeration, Uniform, construct, count, enumerate, public_state};
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! let target = state.observations();
//! // Theorem 2's breadth-first search, without the Oh Hell pruner: still 192 histories.
//! let histories = enumerate(&state.game, &target, Enumeration::default()).unwrap();
//! assert_eq!(histories.len(), 192);
//! assert_eq!(count(&state.game, &Uniform, &target, Enumeration::default()).unwrap(), 192);
//! let one = construct(&state.game, &Uniform, &target, None).unwrap().unwrap();
//! assert_eq!(public_state(&state.game, &one).unwrap(), target);
//! ```

use crate::fosg::{Fosg, History, HistoryError, Step};
use crate::policy::Policy;
use crate::reach::{Reach, reach};
use kalmar_core::{Player, Rational};
use rand::Rng;

/// A game-specific test that a world state reached after `depth` steps can still be extended to a
/// history of the public state; it may answer `true` when unsure, never `false` wrongly.
pub type Pruner<'a, W> = &'a (dyn Fn(&W, usize) -> bool + Sync);

/// Why enumeration stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// More prefixes than allowed at one depth.
    #[error(
        "more than {limit} histories at depth {depth}; the public state is too large to enumerate"
    )]
    TooMany {
        /// The limit that was passed.
        limit: usize,
        /// The depth at which it was passed.
        depth: usize,
    },
    /// A history could not be replayed (the game broke the [`Fosg`] contract).
    #[error(transparent)]
    History(#[from] HistoryError),
}

/// Options of an enumeration.
pub struct Enumeration<'a, G: Fosg> {
    /// Drops prefixes that cannot be completed (see [`Pruner`]).
    pub prune: Option<Pruner<'a, G::World>>,
    /// The most prefixes kept at any depth.
    pub limit: usize,
    /// Called after each depth with the depth and the number of prefixes kept.
    pub progress: Option<&'a mut dyn FnMut(usize, usize)>,
}

impl<G: Fosg> Default for Enumeration<'_, G> {
    fn default() -> Self {
        Enumeration {
            prune: None,
            limit: usize::MAX,
            progress: None,
        }
    }
}

/// The joint actions of `world`: the product of the acting players' legal actions.
pub fn joint_actions<G: Fosg>(game: &G, world: &G::World) -> Vec<Vec<G::Action>> {
    let mut joints: Vec<Vec<G::Action>> = vec![Vec::new()];
    for player in game.acting(world) {
        let legal = game.legal_actions(world, player);
        joints = joints
            .iter()
            .flat_map(|j| {
                legal.iter().map(move |a| {
                    let mut next = j.clone();
                    next.push(a.clone());
                    next
                })
            })
            .collect();
    }
    joints
}

/// One kept prefix: its parent at the previous depth and its last step.
struct Node<A, O> {
    parent: u32,
    step: Step<A, O>,
}

/// Breadth-first search for the legal histories whose observations pass `matches` at every depth
/// (`matches(depth, w, step, w')` for the step from depth `depth` to `depth + 1`).
fn breadth_first<G: Fosg>(
    game: &G,
    depth: usize,
    matches: impl Fn(usize, &G::World, &Step<G::Action, G::Outcome>, &G::World) -> bool,
    options: Enumeration<'_, G>,
) -> Result<Vec<History<G>>, FilterError> {
    let Enumeration {
        prune,
        limit,
        mut progress,
    } = options;
    let mut levels: Vec<Vec<Node<G::Action, G::Outcome>>> = Vec::with_capacity(depth);
    let mut frontier = vec![game.initial()];
    for k in 0..depth {
        let mut nodes = Vec::new();
        let mut next_frontier = Vec::new();
        for (parent, world) in frontier.iter().enumerate() {
            if game.is_terminal(world) {
                continue;
            }
            for joint in joint_actions(game, world) {
                for (outcome, p) in game.transition(world, &joint) {
                    if p.is_zero() {
                        continue;
                    }
                    let next = game.next(world, &joint, &outcome);
                    let step = Step {
                        joint: joint.clone(),
                        outcome,
                    };
                    if !matches(k, world, &step, &next) || prune.is_some_and(|f| !f(&next, k + 1)) {
                        continue;
                    }
                    if nodes.len() >= limit {
                        return Err(FilterError::TooMany {
                            limit,
                            depth: k + 1,
                        });
                    }
                    nodes.push(Node {
                        parent: parent as u32,
                        step,
                    });
                    next_frontier.push(next);
                }
            }
        }
        if let Some(progress) = progress.as_mut() {
            progress(k + 1, nodes.len());
        }
        levels.push(nodes);
        frontier = next_frontier;
    }
    // Follow the parent indices back from the last depth.
    let Some(last) = levels.last() else {
        return Ok(vec![Vec::new()]);
    };
    let mut histories = Vec::with_capacity(last.len());
    for leaf in 0..last.len() {
        let mut history = Vec::with_capacity(depth);
        let mut index = leaf;
        for level in levels.iter().rev() {
            let node = &level[index];
            history.push(node.step.clone());
            index = node.parent as usize;
        }
        history.reverse();
        histories.push(history);
    }
    Ok(histories)
}

/// All legal histories of the public state `target` (those with positive reach under a policy
/// with full support), by the breadth-first search of Theorem 2.
pub fn enumerate<G: Fosg>(
    game: &G,
    target: &[G::PublicObs],
    options: Enumeration<'_, G>,
) -> Result<Vec<History<G>>, FilterError> {
    breadth_first(
        game,
        target.len(),
        |k, w, step, next| game.public_observation(w, &step.joint, next) == target[k],
        options,
    )
}

/// The histories of `player`'s information state `(public, private)` (FILTER-BELIEF): both the
/// public and the player's private observations must match.
pub fn enumerate_belief<G: Fosg>(
    game: &G,
    player: Player,
    public: &[G::PublicObs],
    private: &[G::PrivateObs],
    options: Enumeration<'_, G>,
) -> Result<Vec<History<G>>, FilterError> {
    if public.len() != private.len() {
        return Ok(Vec::new());
    }
    breadth_first(
        game,
        public.len(),
        |k, w, step, next| {
            game.public_observation(w, &step.joint, next) == public[k]
                && game.private_observation(w, &step.joint, next, player) == private[k]
        },
        options,
    )
}

/// The histories among `histories` with positive reach under `policy`, with their reach.
pub fn weigh<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    histories: Vec<History<G>>,
) -> Result<Vec<(History<G>, Reach)>, HistoryError> {
    let mut weighted = Vec::with_capacity(histories.len());
    for history in histories {
        let r = reach(game, policy, &history)?;
        if !r.total().is_zero() {
            weighted.push((history, r));
        }
    }
    Ok(weighted)
}

/// The number of histories of `target` with positive reach under `policy`, by enumeration.
pub fn count<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    target: &[G::PublicObs],
    options: Enumeration<'_, G>,
) -> Result<usize, FilterError> {
    let histories = enumerate(game, target, options)?;
    Ok(weigh(game, policy, histories)?.len())
}

/// A history of `target` with positive reach under `policy`, or `None` when there is none, by
/// depth-first search (existence is `construct(…).is_some()`).
pub fn construct<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    target: &[G::PublicObs],
    prune: Option<Pruner<'_, G::World>>,
) -> Result<Option<History<G>>, HistoryError> {
    let mut history = Vec::with_capacity(target.len());
    depth_first(game, policy, target, prune, &game.initial(), &mut history)
}

fn depth_first<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    target: &[G::PublicObs],
    prune: Option<Pruner<'_, G::World>>,
    world: &G::World,
    history: &mut History<G>,
) -> Result<Option<History<G>>, HistoryError> {
    let k = history.len();
    if k == target.len() {
        let positive = !reach(game, policy, history)?.total().is_zero();
        return Ok(positive.then(|| history.clone()));
    }
    if game.is_terminal(world) {
        return Ok(None);
    }
    for joint in joint_actions(game, world) {
        for (outcome, p) in game.transition(world, &joint) {
            if p.is_zero() {
                continue;
            }
            let next = game.next(world, &joint, &outcome);
            if game.public_observation(world, &joint, &next) != target[k]
                || prune.is_some_and(|f| !f(&next, k + 1))
            {
                continue;
            }
            history.push(Step {
                joint: joint.clone(),
                outcome,
            });
            if let Some(found) = depth_first(game, policy, target, prune, &next, history)? {
                return Ok(Some(found));
            }
            history.pop();
        }
    }
    Ok(None)
}

/// Exact generation: draws histories of a public state in proportion to their reach
/// probabilities, `P^π(h | S)`, from the enumerated histories.
///
/// The reach probabilities are exact; the draw compares a uniform `f64` against their cumulative
/// sums converted to `f64`, so each probability is honoured to about 1e-15 relative error.
#[derive(Clone, Debug)]
pub struct ExactSampler<H> {
    histories: Vec<H>,
    cumulative: Vec<f64>,
}

impl<H> ExactSampler<H> {
    /// A sampler over `weighted` histories (not all of weight zero).
    ///
    /// # Panics
    /// If `weighted` is empty.
    pub fn new(weighted: Vec<(H, Rational)>) -> Self {
        assert!(!weighted.is_empty(), "no history to sample");
        let total = weighted
            .iter()
            .fold(Rational::from(0), |acc, (_, w)| &acc + w);
        let mut sum = Rational::from(0);
        let mut histories = Vec::with_capacity(weighted.len());
        let mut cumulative = Vec::with_capacity(weighted.len());
        for (h, w) in weighted {
            sum = &sum + &w;
            cumulative.push((&sum / &total).to_f64());
            histories.push(h);
        }
        ExactSampler {
            histories,
            cumulative,
        }
    }

    /// The histories, in the order of their index.
    pub fn histories(&self) -> &[H] {
        &self.histories
    }

    /// The index of a history drawn in proportion to its weight.
    pub fn sample_index(&self, rng: &mut impl Rng) -> usize {
        let u: f64 = rng.random();
        self.cumulative
            .partition_point(|&c| c <= u)
            .min(self.histories.len() - 1)
    }

    /// A history drawn in proportion to its weight.
    pub fn sample(&self, rng: &mut impl Rng) -> &H {
        &self.histories[self.sample_index(rng)]
    }
}

/// One information state of a player's range at a public state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeEntry<Q> {
    /// The player's private observations, which tell this information state from the others.
    pub private: Vec<Q>,
    /// The player's own reach `P_i^π(S_i)` (the same for every history of `S_i`).
    pub own: Rational,
    /// `P^π(S_i | S)`: the information state's share of the public state's reach.
    pub probability: Rational,
    /// How many histories of the public state lie in it.
    pub histories: usize,
}

/// FILTER-RANGE: `player`'s information states within the public state whose weighted histories
/// are `weighted` (from [`enumerate`] and [`weigh`]), with their probabilities, in order of first
/// appearance.
pub fn range<G: Fosg>(
    game: &G,
    player: Player,
    weighted: &[(History<G>, Reach)],
) -> Result<Vec<RangeEntry<G::PrivateObs>>, HistoryError> {
    let total = weighted
        .iter()
        .fold(Rational::from(0), |acc, (_, r)| &acc + &r.total());
    let mut entries: Vec<RangeEntry<G::PrivateObs>> = Vec::new();
    let mut index: foldhash::HashMap<Vec<G::PrivateObs>, usize> = Default::default();
    for (history, r) in weighted {
        let private = crate::fosg::information_state(game, history, player)?.private;
        let share = &r.total() / &total;
        match index.get(&private) {
            Some(&i) => {
                entries[i].probability = &entries[i].probability + &share;
                entries[i].histories += 1;
            }
            None => {
                index.insert(private.clone(), entries.len());
                entries.push(RangeEntry {
                    private,
                    own: r.players[player.index()].clone(),
                    probability: share,
                    histories: 1,
                });
            }
        }
    }
    Ok(entries)
}
