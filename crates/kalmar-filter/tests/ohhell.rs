//! Oh Hell filtering on seeded random public states: counting by assignments, enumeration and the
//! maximum-flow construction against brute force; the rules against hand-worked deals.

mod common;

use common::{brute_force_count, random_public_state, random_small_game, rng};
use kalmar_core::{Player, Rational};
use kalmar_filter::fosg::{Fosg, public_state, utilities};
use kalmar_filter::ohhell::{
    Action, Card, OhHell, PublicState, construct_assignment, construct_history,
};
use num_bigint::BigUint;
use rand::Rng;
use rand::seq::SliceRandom;

fn enumerated(state: &PublicState) -> usize {
    state.histories(usize::MAX, None).expect("small").len()
}

/// A public state whose plays are any distinct cards (not from play), so it may have no history.
fn arbitrary_public_state(game: &OhHell, played: usize, r: &mut impl Rng) -> PublicState {
    let base = random_public_state(game, 0, r);
    let mut deck: Vec<Card> = (0..game.deck() as u8)
        .map(Card)
        .filter(|&c| c != base.trump)
        .collect();
    deck.shuffle(r);
    deck.truncate(played.min(game.dealt()));
    PublicState {
        plays: deck,
        ..base
    }
}

#[test]
fn counting_enumeration_and_construction_agree_with_brute_force() {
    let mut r = rng(7);
    for case in 0..60 {
        let game = random_small_game(&mut r);
        let played = r.random_range(0..=game.dealt());
        let state = if case % 2 == 0 {
            random_public_state(&game, played, &mut r)
        } else {
            arbitrary_public_state(&game, played, &mut r)
        };
        let truth = brute_force_count(&state);
        let constraints = state.constraints();
        assert_eq!(
            constraints.count(),
            BigUint::from(truth),
            "{}",
            state.to_text()
        );
        assert_eq!(enumerated(&state) as u64, truth, "{}", state.to_text());
        let total: BigUint = constraints
            .assignments()
            .iter()
            .map(|a| constraints.histories_with(a))
            .sum();
        assert_eq!(total, BigUint::from(truth));
        match construct_history(&state) {
            Some(h) => {
                assert!(truth > 0);
                assert_eq!(
                    public_state(&game, &h).expect("legal"),
                    state.observations()
                );
            }
            None => {
                assert_eq!(truth, 0, "{}", state.to_text());
            }
        }
    }
}

#[test]
fn the_assignment_of_a_constructed_deal_is_the_flow() {
    let mut r = rng(11);
    for _ in 0..30 {
        let game = random_small_game(&mut r);
        let state = random_public_state(&game, r.random_range(0..=game.dealt()), &mut r);
        let c = state.constraints();
        let a = construct_assignment(&c).expect("a played game has a history");
        assert!(c.is_valid(&a));
        assert_eq!(c.assignment_of(&c.deal_in_order(&a)), a);
        let deal = c.random_deal(&a, &mut r);
        assert_eq!(c.assignment_of(&deal), a);
        let h = state.history(&deal);
        assert_eq!(
            public_state(&game, &h).expect("legal"),
            state.observations()
        );
    }
}

#[test]
fn a_void_contradicted_later_leaves_no_history() {
    // Player 1 does not follow clubs in the first trick, then plays a club in the second.
    let state = PublicState::parse(
        "game players=2 suits=2 ranks=4 tricks=2\ntrump Ad\nbids 0 0\nplays Ac Jd Kc Qc\n",
    )
    .expect("parses");
    let c = state.constraints();
    assert!(!c.consistent);
    assert_eq!(c.count(), BigUint::from(0u32));
    assert_eq!(brute_force_count(&state), 0);
    assert!(construct_history(&state).is_none());
}

#[test]
fn voids_shrink_the_count_as_worked_by_hand() {
    // 2 players, clubs and diamonds J Q K A, 2 tricks, dealer 1: player 0 leads.
    // Trump Jd. Trick 1: player 0 leads Ac, player 1 discards Qd: player 1 has no club.
    // Unknown: Jc Qc Kc Kd Ad (5 cards). Player 0 hides 1, player 1 hides 1 (not a club),
    // the stock holds 3. Player 1's card: Kd or Ad (2 ways); player 0's: any of the other 4.
    // Deal orders: 2! per player. 2 * 4 * 2 * 2 = 32.
    let state = PublicState::parse(
        "game players=2 suits=2 ranks=4 tricks=2\ntrump Jd\nbids 1 0\nplays Ac Qd\n",
    )
    .expect("parses");
    assert_eq!(state.constraints().count(), BigUint::from(32u32));
    assert_eq!(brute_force_count(&state), 32);
}

#[test]
fn the_rules_by_hand() {
    // 3 players, one suit of 4 ranks (J Q K A), 1 trick, dealer 2.
    let game = OhHell::new(3, 1, 4, 1).expect("valid");
    assert_eq!(game.receiver(0), Player(0));
    assert_eq!(game.receiver(2), Player(2));
    let state = PublicState::parse(
        "game players=3 suits=1 ranks=4 tricks=1\ntrump Ac\nbids 1 0 1\nplays Jc Kc Qc\n",
    )
    .expect("parses");
    // After bids 1 and 0 the dealer may not bid 0 (the bids would add up to the 1 trick).
    let world = {
        let mut w = game.initial();
        for step in state
            .history(&[Card(0), Card(2), Card(1)])
            .iter()
            .take(3 + 1 + 2)
        {
            w = game.next(&w, &step.joint, &step.outcome);
        }
        w
    };
    assert_eq!(game.legal_actions(&world, Player(2)), vec![Action::Bid(1)]);
    // Player 1 (Kc) wins: player 0 bid 1 and won 0 (score 0), player 1 bid 0 and won 1 (1),
    // player 2 bid 1 and won 0 (0).
    let h = state.history(&[Card(0), Card(2), Card(1)]);
    let u = utilities(&game, &h).expect("legal");
    assert_eq!(
        u,
        vec![Rational::from(0), Rational::from(1), Rational::from(0)]
    );
    // A trump beats the suit led; following suit is forced.
    let g2 = OhHell::new(2, 2, 2, 1).expect("valid");
    let ac = g2.parse_card("Ac").expect("card");
    let kd = g2.parse_card("Kd").expect("card");
    assert_eq!(g2.trick_winner(&[ac, kd], kd), 1);
    assert_eq!(g2.trick_winner(&[kd, ac], ac), 1);
    assert_eq!(
        g2.trick_winner(&[kd, ac], g2.parse_card("Ad").expect("card")),
        0
    );
}

#[test]
fn public_states_read_back_what_they_write() {
    let mut r = rng(3);
    for _ in 0..20 {
        let game = random_small_game(&mut r);
        let state = random_public_state(&game, r.random_range(0..=game.dealt()), &mut r);
        assert_eq!(PublicState::parse(&state.to_text()), Ok(state));
    }
}

#[test]
fn bad_public_states_are_refused_with_positions() {
    let cases = [
        ("game players=3 suits=2 ranks=4\ntrump Jd\n", 1, 31),
        ("game players=3 suits=2 ranks=4 tricks=2\ntrump Xd\n", 2, 7),
        (
            "game players=3 suits=2 ranks=4 tricks=2\ntrump Jd\nbids 1 0 1\n",
            3,
            10,
        ),
        (
            "game players=3 suits=2 ranks=4 tricks=2\ntrump Jd\nbids 1 0 0\nplays Kc Kc\n",
            4,
            10,
        ),
        (
            "game players=3 suits=2 ranks=4 tricks=2\ntrump Jd\nplays Kc\n",
            3,
            7,
        ),
        ("trump Jd\n", 1, 1),
        ("game players=3 suits=2 ranks=4 tricks=9\ntrump Jd\n", 1, 1),
        (
            "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Jd\n",
            1,
            0,
        ),
    ];
    for (text, line, column) in cases {
        let e = PublicState::parse(text).expect_err(text);
        assert_eq!(e.span().line, line, "{text}: {e}");
        if column > 0 {
            assert_eq!(e.span().column, column, "{text}: {e}");
        }
    }
}

#[test]
fn the_52_card_early_game_is_counted_exactly() {
    // 4 players, 13 ranks, 12 tricks, nothing played: 51 unknown cards, 48 dealt in any order,
    // 3 in the stock: 51! / 3! histories.
    let state =
        PublicState::parse("game players=4 suits=4 ranks=13 tricks=12\ntrump 2c\nbids 0 0 0 0\n")
            .expect("parses");
    let expected: BigUint = (4u32..=51).map(BigUint::from).product();
    assert_eq!(state.constraints().count(), expected);
    assert!(state.constraints().count() > BigUint::from(10u32).pow(60));
}

#[test]
fn outcome_probabilities_agree_with_the_transition_function() {
    let mut r = rng(13);
    for _ in 0..20 {
        let game = random_small_game(&mut r);
        let history = common::random_play(&game, &mut r);
        let mut world = game.initial();
        for step in &history {
            for (outcome, p) in game.transition(&world, &step.joint) {
                assert_eq!(game.outcome_probability(&world, &step.joint, &outcome), p);
            }
            world = game.next(&world, &step.joint, &step.outcome);
        }
    }
}
