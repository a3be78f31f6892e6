//! Factored-observation stochastic games (FOSG; Kovařík, Schmid, Burch, Bowling and Lisý,
//! *Rethinking Formal Models of Partially Observable Multiagent Decision Making*, 2019), the model
//! of Solinas, Rebstock, Sturtevant and Buro, *History Filtering in Imperfect Information Games:
//! Algorithms and Complexity*, Section 2.1.
//!
//! An FOSG is `⟨N, W, P, w⁰, A, T, R, O⟩`: players, world states, the player function (who acts
//! where), the initial world state, joint actions, a stochastic transition function, rewards and
//! an observation function that gives every transition `(w, a, w')` a private observation for each
//! player and a public observation for all. Here a transition's random part is named by an
//! *outcome* ([`Fosg::Outcome`]): `T(w, a)` is a finite distribution over outcomes and
//! [`Fosg::next`] turns an outcome into the next world state. A deal of cards is then a transition
//! in which nobody acts and the outcome is the card.
//!
//! A [`History`] is the sequence of steps (joint action and outcome) from `w⁰`; its public state
//! is the sequence of public observations along it ([`public_state`]) and a player's information
//! state adds the player's private observations ([`information_state`]). Probabilities under a
//! joint policy are in [`crate::reach`](mod@crate::reach).
//!
//! ```
//! use kalmar_filter::fosg::{information_state, public_state, utilities};
//! use kalmar_filter::ohhell::{PublicState, construct_history};
//! use kalmar_core::Player;
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! let history = construct_history(&state).unwrap();
//! assert_eq!(public_state(&state.game, &history).unwrap(), state.observations());
//! let info = information_state(&state.game, &history, Player::new(0)).unwrap();
//! assert_eq!(info.public.len(), history.len());
//! // The game is not over, but the rewards so far are defined.
//! assert_eq!(utilities(&state.game, &history).unwrap().len(), 3);
//! ```

use kalmar_core::{Player, Rational};
use std::fmt;
use std::hash::Hash;

/// A factored-observation stochastic game.
///
/// Contract: in a non-terminal world state every acting player has at least one legal action,
/// [`Fosg::transition`] gives a non-empty support with positive probabilities summing to one, and
/// the observation functions depend only on `(w, a, w')`.
pub trait Fosg {
    /// A world state.
    type World: Clone + fmt::Debug;
    /// One player's action.
    type Action: Clone + Eq + Hash + fmt::Debug + fmt::Display;
    /// The random part of a transition (the card dealt, the clause drawn); a deterministic
    /// transition has a single outcome.
    type Outcome: Clone + Eq + Hash + fmt::Debug;
    /// A public observation.
    type PublicObs: Clone + Eq + Hash + fmt::Debug + fmt::Display;
    /// A private observation.
    type PrivateObs: Clone + Eq + Hash + fmt::Debug + fmt::Display;

    /// The number of players `N`.
    fn num_players(&self) -> usize;
    /// The initial world state `w⁰`.
    fn initial(&self) -> Self::World;
    /// Whether play has ended in `world`.
    fn is_terminal(&self, world: &Self::World) -> bool;
    /// The player function `P(w)`: who acts in `world`, in increasing order (empty when only
    /// chance moves).
    fn acting(&self, world: &Self::World) -> Vec<Player>;
    /// The legal actions `A_i(w)` of `player` in `world`.
    fn legal_actions(&self, world: &Self::World, player: Player) -> Vec<Self::Action>;
    /// The support of `T(w, a)` with its probabilities; `joint` has one action per acting player,
    /// in the order of [`Fosg::acting`].
    fn transition(
        &self,
        world: &Self::World,
        joint: &[Self::Action],
    ) -> Vec<(Self::Outcome, Rational)>;
    /// The probability of `outcome` under `T(w, a)` (zero outside the support). The default looks
    /// it up in [`Fosg::transition`]; games with large supports answer directly.
    fn outcome_probability(
        &self,
        world: &Self::World,
        joint: &[Self::Action],
        outcome: &Self::Outcome,
    ) -> Rational {
        self.transition(world, joint)
            .into_iter()
            .find(|(o, _)| o == outcome)
            .map(|(_, p)| p)
            .unwrap_or_default()
    }
    /// The world state `w'` that `outcome` of `T(w, a)` leads to.
    fn next(
        &self,
        world: &Self::World,
        joint: &[Self::Action],
        outcome: &Self::Outcome,
    ) -> Self::World;
    /// The rewards `R(w, a)`, one per player.
    fn rewards(&self, world: &Self::World, joint: &[Self::Action]) -> Vec<Rational>;
    /// The public observation `O_pub(w, a, w')`.
    fn public_observation(
        &self,
        world: &Self::World,
        joint: &[Self::Action],
        next: &Self::World,
    ) -> Self::PublicObs;
    /// The private observation `O_priv(i)(w, a, w')` of `player`.
    fn private_observation(
        &self,
        world: &Self::World,
        joint: &[Self::Action],
        next: &Self::World,
        player: Player,
    ) -> Self::PrivateObs;
}

/// One step of a history: the joint action taken (one action per acting player) and the outcome
/// of the transition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step<A, O> {
    /// The joint action, in the order of [`Fosg::acting`].
    pub joint: Vec<A>,
    /// The outcome of the transition.
    pub outcome: O,
}

/// A history: the steps from the initial world state. The world states along it follow from the
/// steps by [`Fosg::next`].
pub type History<G> = Vec<Step<<G as Fosg>::Action, <G as Fosg>::Outcome>>;

/// Why a sequence of steps is not a history of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// Step `step` is played in a terminal world state.
    #[error("step {step} follows the end of the game")]
    AfterEnd {
        /// The index of the step.
        step: usize,
    },
    /// Step `step` has an illegal joint action or an outcome outside the transition's support.
    #[error("step {step} is not a legal move of the game")]
    Illegal {
        /// The index of the step.
        step: usize,
    },
}

/// Replays `history` from `w⁰`, calling `visit` with each world state, joint action and next world
/// state, and returns the last world state. Checks legality of every step.
pub fn replay<G: Fosg>(
    game: &G,
    history: &[Step<G::Action, G::Outcome>],
    mut visit: impl FnMut(&G::World, &Step<G::Action, G::Outcome>, &G::World),
) -> Result<G::World, HistoryError> {
    let mut world = game.initial();
    for (index, step) in history.iter().enumerate() {
        if game.is_terminal(&world) {
            return Err(HistoryError::AfterEnd { step: index });
        }
        let acting = game.acting(&world);
        let legal = acting.len() == step.joint.len()
            && acting
                .iter()
                .zip(&step.joint)
                .all(|(&p, a)| game.legal_actions(&world, p).contains(a))
            && !game
                .outcome_probability(&world, &step.joint, &step.outcome)
                .is_zero();
        if !legal {
            return Err(HistoryError::Illegal { step: index });
        }
        let next = game.next(&world, &step.joint, &step.outcome);
        visit(&world, step, &next);
        world = next;
    }
    Ok(world)
}

/// The public state `s_pub(h)`: the public observations along `history`.
pub fn public_state<G: Fosg>(
    game: &G,
    history: &[Step<G::Action, G::Outcome>],
) -> Result<Vec<G::PublicObs>, HistoryError> {
    let mut observations = Vec::with_capacity(history.len());
    replay(game, history, |w, step, next| {
        observations.push(game.public_observation(w, &step.joint, next));
    })?;
    Ok(observations)
}

/// A player's information state `(s_pub(h), s_i(h))`: the public and the player's private
/// observations along `history`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InformationState<P, Q> {
    /// The public observations.
    pub public: Vec<P>,
    /// The player's private observations, one per step.
    pub private: Vec<Q>,
}

/// The information state of `player` after `history`.
pub fn information_state<G: Fosg>(
    game: &G,
    history: &[Step<G::Action, G::Outcome>],
    player: Player,
) -> Result<InformationState<G::PublicObs, G::PrivateObs>, HistoryError> {
    let mut state = InformationState {
        public: Vec::with_capacity(history.len()),
        private: Vec::with_capacity(history.len()),
    };
    replay(game, history, |w, step, next| {
        state
            .public
            .push(game.public_observation(w, &step.joint, next));
        state
            .private
            .push(game.private_observation(w, &step.joint, next, player));
    })?;
    Ok(state)
}

/// The utilities of a terminal history: the sum of each player's rewards along it.
pub fn utilities<G: Fosg>(
    game: &G,
    history: &[Step<G::Action, G::Outcome>],
) -> Result<Vec<Rational>, HistoryError> {
    let mut total = vec![Rational::from(0); game.num_players()];
    replay(game, history, |w, step, _| {
        for (t, r) in total.iter_mut().zip(game.rewards(w, &step.joint)) {
            *t = &*t + &r;
        }
    })?;
    Ok(total)
}
