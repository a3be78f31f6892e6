//! Reach probabilities and expected utilities of histories under a joint [`Policy`]: [`reach`]
//! splits the reach probability of a history into the chance part and each player's part,
//! exactly; [`expected_utilities`] expands the rest of the game tree.
//!
//! ```
//! use kalmar_filter::ohhell::{PublicState, construct_history};
//! use kalmar_filter::{Uniform, reach};
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! let history = construct_history(&state).unwrap();
//! let r = reach(&state.game, &Uniform, &history).unwrap();
//! assert!(r.total() > 0.into());
//! assert_eq!(r.total(), &r.chance * &r.players.iter().fold(1.into(), |a, p| &a * p));
//! ```

use crate::fosg::{Fosg, HistoryError, Step, replay};
use crate::policy::{InfoView, Policy};
use kalmar_core::{Player, Rational};

/// The reach probability of a history, split as `P^π(h) = P_c(h) · P_1^π(h) ⋯ P_N^π(h)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The product of the chance probabilities of the transitions.
    pub chance: Rational,
    /// Each player's product of the probabilities of their own actions.
    pub players: Vec<Rational>,
}

impl Reach {
    /// The reach probability `P^π(h)`: the product of all parts.
    pub fn total(&self) -> Rational {
        self.players
            .iter()
            .fold(self.chance.clone(), |acc, p| &acc * p)
    }

    /// The part of everybody except `player`, `P_{-i}^π(h)`.
    pub fn others(&self, player: Player) -> Rational {
        self.players
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != player.index())
            .fold(self.chance.clone(), |acc, (_, p)| &acc * p)
    }
}

/// The reach probability of `history` under the joint `policy`, split into chance and players.
///
/// Each acting player's action is weighed by the policy at the player's information state before
/// the step (the public and private observations so far).
pub fn reach<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    history: &[Step<G::Action, G::Outcome>],
) -> Result<Reach, HistoryError> {
    reach_parts(game, policy, history, true)
}

/// The players' parts of the reach probability of `history`, `P_1^π(h) ⋯ P_N^π(h)`, without the
/// chance part (which is left at 1): for comparing histories whose chance parts are equal, as the
/// deals of one public state are, without multiplying out long chance products.
pub fn players_reach<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    history: &[Step<G::Action, G::Outcome>],
) -> Result<Reach, HistoryError> {
    reach_parts(game, policy, history, false)
}

fn reach_parts<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    history: &[Step<G::Action, G::Outcome>],
    with_chance: bool,
) -> Result<Reach, HistoryError> {
    let players = game.num_players();
    let mut result = Reach {
        chance: Rational::from(1),
        players: vec![Rational::from(1); players],
    };
    let mut public = Vec::with_capacity(history.len());
    let mut private: Vec<Vec<G::PrivateObs>> = vec![Vec::with_capacity(history.len()); players];
    let mut world = game.initial();
    for (index, step) in history.iter().enumerate() {
        if game.is_terminal(&world) {
            return Err(HistoryError::AfterEnd { step: index });
        }
        let acting = game.acting(&world);
        if acting.len() != step.joint.len() {
            return Err(HistoryError::Illegal { step: index });
        }
        for (&player, action) in acting.iter().zip(&step.joint) {
            let legal = game.legal_actions(&world, player);
            if !legal.contains(action) {
                return Err(HistoryError::Illegal { step: index });
            }
            let view = InfoView {
                player,
                public: &public,
                private: &private[player.index()],
            };
            let p = policy.probability(&view, &legal, action);
            result.players[player.index()] = &result.players[player.index()] * &p;
        }
        let chance = game.outcome_probability(&world, &step.joint, &step.outcome);
        if chance.is_zero() {
            return Err(HistoryError::Illegal { step: index });
        }
        if with_chance {
            result.chance = &result.chance * &chance;
        }
        let next = game.next(&world, &step.joint, &step.outcome);
        public.push(game.public_observation(&world, &step.joint, &next));
        for (i, obs) in private.iter_mut().enumerate() {
            obs.push(game.private_observation(&world, &step.joint, &next, Player::new(i)));
        }
        world = next;
    }
    Ok(result)
}

/// The expected utilities of play continued from `history` under `policy`:
/// `Σ_z P^π(h → z) u(z)` over the terminal histories `z` that extend `history`, where `u(z)`
/// includes the rewards collected along `history` itself. The continuation tree is expanded in
/// full, so this is for histories near the end of a game.
pub fn expected_utilities<G: Fosg, P: Policy<G> + ?Sized>(
    game: &G,
    policy: &P,
    history: &[Step<G::Action, G::Outcome>],
) -> Result<Vec<Rational>, HistoryError> {
    let players = game.num_players();
    let mut walk = Walk {
        public: Vec::with_capacity(history.len()),
        private: vec![Vec::with_capacity(history.len()); players],
    };
    let mut collected = vec![Rational::from(0); players];
    let world = replay(game, history, |w, step, next| {
        walk.observe(game, w, &step.joint, next);
        for (c, r) in collected.iter_mut().zip(game.rewards(w, &step.joint)) {
            *c = &*c + &r;
        }
    })?;
    let future = walk.expected(game, policy, &world);
    Ok(collected.iter().zip(&future).map(|(a, b)| a + b).collect())
}

/// The observations along a path of the game tree, pushed and popped as it is walked.
struct Walk<P, Q> {
    public: Vec<P>,
    private: Vec<Vec<Q>>,
}

impl<P, Q> Walk<P, Q> {
    fn observe<G: Fosg<PublicObs = P, PrivateObs = Q>>(
        &mut self,
        game: &G,
        world: &G::World,
        joint: &[G::Action],
        next: &G::World,
    ) {
        self.public
            .push(game.public_observation(world, joint, next));
        for (i, obs) in self.private.iter_mut().enumerate() {
            obs.push(game.private_observation(world, joint, next, Player::new(i)));
        }
    }

    fn forget(&mut self) {
        self.public.pop();
        for obs in &mut self.private {
            obs.pop();
        }
    }

    /// The expected rewards still to come from `world`.
    fn expected<G, Pol>(&mut self, game: &G, policy: &Pol, world: &G::World) -> Vec<Rational>
    where
        G: Fosg<PublicObs = P, PrivateObs = Q>,
        Pol: Policy<G> + ?Sized,
    {
        let players = game.num_players();
        let mut total = vec![Rational::from(0); players];
        if game.is_terminal(world) {
            return total;
        }
        let acting = game.acting(world);
        // Each joint action with the probability the acting players give it.
        let mut joints: Vec<(Vec<G::Action>, Rational)> = vec![(Vec::new(), Rational::from(1))];
        for &player in &acting {
            let legal = game.legal_actions(world, player);
            let view = InfoView {
                player,
                public: &self.public,
                private: &self.private[player.index()],
            };
            let probabilities: Vec<Rational> = legal
                .iter()
                .map(|a| policy.probability(&view, &legal, a))
                .collect();
            joints = joints
                .into_iter()
                .flat_map(|(joint, p)| {
                    legal.iter().zip(&probabilities).map(move |(a, q)| {
                        let mut next = joint.clone();
                        next.push(a.clone());
                        (next, &p * q)
                    })
                })
                .filter(|(_, p)| !p.is_zero())
                .collect();
        }
        for (joint, p) in joints {
            let rewards = game.rewards(world, &joint);
            for (outcome, q) in game.transition(world, &joint) {
                let weight = &p * &q;
                let next = game.next(world, &joint, &outcome);
                self.observe(game, world, &joint, &next);
                let future = self.expected(game, policy, &next);
                self.forget();
                for ((t, r), f) in total.iter_mut().zip(&rewards).zip(&future) {
                    *t = &*t + &(&weight * &(r + f));
                }
            }
        }
        total
    }
}
