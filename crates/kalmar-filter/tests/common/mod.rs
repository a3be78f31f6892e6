//! Shared helpers of the kalmar-filter tests: the public states of the paper's Table 1, seeded
//! random public states from random play, and a brute-force history counter.
#![allow(dead_code)]

use kalmar_filter::fosg::{Fosg, public_state};
use kalmar_filter::ohhell::{Action, Card, OhHell, Outcome, PublicState};
use kalmar_filter::{History, Step};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The public states of Table 1, with their sizes as the paper gives them.
pub const TABLE1: [(&str, u64); 3] = [
    (
        "game players=3 suits=2 ranks=4 tricks=2\ntrump Jd\nbids 1 0 0\nplays Kc Qc Jc\n",
        192,
    ),
    (
        "game players=3 suits=3 ranks=4 tricks=3\ntrump Jh\nbids 1 1 0\nplays Ac Kc Qc Ad Kd Qd\n",
        12_960,
    ),
    (
        "game players=3 suits=3 ranks=4 tricks=3\ntrump Jh\nbids 1 1 0\nplays Ac Kc Qc\n",
        544_320,
    ),
];

/// Plays a random game to the end (random chance outcomes, random legal actions) and returns its
/// history.
pub fn random_play(game: &OhHell, rng: &mut impl Rng) -> History<OhHell> {
    let mut world = game.initial();
    let mut history = Vec::new();
    while !game.is_terminal(&world) {
        let joint: Vec<Action> = game
            .acting(&world)
            .into_iter()
            .map(|p| {
                *game
                    .legal_actions(&world, p)
                    .choose(rng)
                    .expect("a legal action")
            })
            .collect();
        let outcomes = game.transition(&world, &joint);
        let (outcome, _) = outcomes.choose(rng).expect("an outcome");
        world = game.next(&world, &joint, outcome);
        history.push(Step {
            joint,
            outcome: *outcome,
        });
    }
    history
}

/// The public state of a random game cut after `played` cards.
pub fn random_public_state(game: &OhHell, played: usize, rng: &mut impl Rng) -> PublicState {
    let history = random_play(game, rng);
    let dealt = game.dealt();
    let Outcome::Card(trump) = history[dealt].outcome else {
        panic!("the trump card follows the deal")
    };
    let moves = &history[dealt + 1..];
    let bids = moves[..game.players()]
        .iter()
        .map(|s| match s.joint[0] {
            Action::Bid(b) => b,
            Action::Play(_) => panic!("bids come first"),
        })
        .collect();
    let plays = moves[game.players()..]
        .iter()
        .take(played)
        .map(|s| match s.joint[0] {
            Action::Play(c) => c,
            Action::Bid(_) => panic!("plays follow the bids"),
        })
        .collect();
    PublicState {
        game: *game,
        trump,
        bids,
        plays,
    }
}

/// A small random game: 2 or 3 players, a deck of at most 8 cards.
pub fn random_small_game(rng: &mut impl Rng) -> OhHell {
    loop {
        let players = rng.random_range(2..=3);
        let suits = rng.random_range(1..=3);
        let ranks = rng.random_range(2..=4);
        let tricks = rng.random_range(1..=2);
        if suits * ranks <= 8
            && let Ok(game) = OhHell::new(players, suits, ranks, tricks)
        {
            return game;
        }
    }
}

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Counts the histories of `state` by brute force: every sequence of distinct cards for the deal,
/// followed by the public moves, replayed by the rules and kept when its public observations are
/// the public state's. Independent of the constraints, the assignment counting and the search.
pub fn brute_force_count(state: &PublicState) -> u64 {
    let game = &state.game;
    let target = state.observations();
    let deck: Vec<Card> = (0..game.deck() as u8).map(Card).collect();
    let mut deal = Vec::new();
    let mut count = 0;
    all_deals(&deck, game.dealt(), &mut deal, &mut |deal| {
        if public_state(game, &state.history(deal)).is_ok_and(|obs| obs == target) {
            count += 1;
        }
    });
    count
}

fn all_deals(deck: &[Card], left: usize, deal: &mut Vec<Card>, visit: &mut dyn FnMut(&[Card])) {
    if left == 0 {
        visit(deal);
        return;
    }
    for &c in deck {
        if !deal.contains(&c) {
            deal.push(c);
            all_deals(deck, left - 1, deal, visit);
            deal.pop();
        }
    }
}
