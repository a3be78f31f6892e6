//! Generic filtering: the 3-FSAT-GAME (construction is satisfiability), the belief and range
//! variants, reach probabilities split into chance and players, and policies.

mod common;

use common::{TABLE1, rng};
use kalmar_core::{Player, Rational};
use kalmar_filter::filter::{Enumeration, construct, enumerate, enumerate_belief, range, weigh};
use kalmar_filter::fosg::information_state;
use kalmar_filter::fsat::{Clause, FsatAction, FsatGame};
use kalmar_filter::ohhell::{OhHell, PublicState};
use kalmar_filter::reach::reach;
use kalmar_filter::{PolicyBias, TablePolicy, Uniform};
use rand::Rng;
use rand::seq::IndexedRandom;

fn satisfying(formula: &[Clause], variables: usize) -> Vec<u32> {
    (0..1u32 << variables)
        .filter(|&a| formula.iter().all(|c| c.satisfied_by(a)))
        .collect()
}

#[test]
fn fsat_histories_are_the_satisfying_assignments() {
    let mut r = rng(1);
    for case in 0..20 {
        let variables = r.random_range(3..=6);
        let rounds = r.random_range(1..=8);
        let game = FsatGame::new(variables, rounds);
        // A formula from play: clauses satisfied by a hidden assignment, so it is satisfiable.
        let hidden = r.random_range(0..1u32 << variables);
        let satisfied: Vec<Clause> = game
            .clauses()
            .into_iter()
            .filter(|c| c.satisfied_by(hidden))
            .collect();
        let formula: Vec<Clause> = (0..rounds)
            .map(|_| *satisfied.choose(&mut r).expect("clauses"))
            .collect();
        let target = game.public_state(&formula);
        let histories = enumerate(&game, &target, Enumeration::default()).expect("small");
        let mut found: Vec<u32> = histories
            .iter()
            .map(|h| match h[0].joint[0] {
                FsatAction::Assign(a) => a,
                FsatAction::Go => panic!("the first move assigns"),
            })
            .collect();
        found.sort_unstable();
        assert_eq!(found, satisfying(&formula, variables), "case {case}");
        let built = construct(&game, &Uniform, &target, None)
            .expect("legal")
            .expect("satisfiable");
        let FsatAction::Assign(a) = built[0].joint[0] else {
            panic!("the first move assigns")
        };
        assert!(formula.iter().all(|c| c.satisfied_by(a)));
    }
}

#[test]
fn an_unsatisfiable_formula_has_no_history() {
    // All eight sign patterns over x0, x1, x2: no assignment satisfies them all.
    let game = FsatGame::new(3, 8);
    let formula: Vec<Clause> = game.clauses();
    assert_eq!(formula.len(), 8);
    let target = game.public_state(&formula);
    assert!(
        construct(&game, &Uniform, &target, None)
            .expect("legal")
            .is_none()
    );
    assert!(
        enumerate(&game, &target, Enumeration::default())
            .expect("small")
            .is_empty()
    );
}

fn table1_small() -> (PublicState, Vec<kalmar_filter::History<OhHell>>) {
    let state = PublicState::parse(TABLE1[0].0).expect("valid");
    let histories = state.histories(usize::MAX, None).expect("small");
    (state, histories)
}

#[test]
fn reach_splits_into_chance_and_players() {
    let (state, histories) = table1_small();
    let policy = PolicyBias::new(Rational::new(7, 10), 3);
    for h in &histories {
        let r = reach(&state.game, &policy, h).expect("legal");
        // Six cards dealt and one turned from eight: 1 / (8·7·6·5·4·3·2).
        assert_eq!(r.chance, Rational::new(1, 40_320));
        let product = r.players.iter().fold(r.chance.clone(), |a, p| &a * p);
        assert_eq!(r.total(), product);
        assert_eq!(&r.others(Player(0)) * &r.players[0], r.total());
    }
    // Under the uniform policy, player 0's part is 1/3 (a bid from 0..=2) times 1/|legal| for the
    // lead (all of the 2-card hand): 1/6.
    let r = reach(&state.game, &Uniform, &histories[0]).expect("legal");
    assert_eq!(r.players[0], Rational::new(1, 6));
}

#[test]
fn belief_and_range_partition_the_public_state() {
    let (state, histories) = table1_small();
    let game = state.game;
    let policy = PolicyBias::new(Rational::new(9, 10), 5);
    let weighted = weigh(&game, &policy, histories.clone()).expect("legal");
    for player in 0..3 {
        let player = Player::new(player);
        let entries = range(&game, player, &weighted).expect("legal");
        let total = entries
            .iter()
            .fold(Rational::from(0), |a, e| &a + &e.probability);
        assert_eq!(total, Rational::from(1));
        assert_eq!(entries.iter().map(|e| e.histories).sum::<usize>(), 192);
        // Each player holds the card they played and one of 4 unknown cards, dealt in 2 orders.
        assert_eq!(entries.len(), 8);
        for e in &entries {
            let info = information_state(&game, &histories[0], player).expect("legal");
            let belief = enumerate_belief(
                &game,
                player,
                &info.public,
                &e.private,
                Enumeration::default(),
            )
            .expect("small");
            assert_eq!(belief.len(), e.histories);
        }
    }
}

#[test]
fn a_policy_table_is_read_and_used() {
    let (state, histories) = table1_small();
    // Player 0's first decision is the bid, after the deal and the trump card.
    let info = information_state(&state.game, &histories[0][..7], Player(0)).expect("legal");
    let key = kalmar_filter::InfoView::<OhHell> {
        player: Player(0),
        public: &info.public,
        private: &info.private,
    }
    .key();
    let table = TablePolicy::parse(&format!("# player 0 always bids 1 here\n{key} | bid1=1\n"))
        .expect("valid");
    assert_eq!(table.len(), 1);
    let r = reach(&state.game, &table, &histories[0]).expect("legal");
    // Bid 1 with probability 1, then the lead uniformly from 2 cards.
    assert_eq!(r.players[0], Rational::new(1, 2));

    for (text, line) in [
        ("k | a=1/2 b=1/3\n", 1),
        ("\nk a=1\n", 2),
        ("k | a=1\nk | a=1\n", 2),
        ("k | a=x\n", 1),
    ] {
        let e = TablePolicy::parse(text).expect_err(text);
        assert_eq!(e.span().line, line, "{text}: {e}");
    }
}

#[test]
fn expected_utilities_as_worked_by_hand() {
    use kalmar_filter::ohhell::Card;
    use kalmar_filter::reach::expected_utilities;
    // 2 players, clubs T J Q K A, 2 tricks, player 1 deals. Player 0 holds K J, player 1 A Q,
    // trump Tc (clubs are trumps, the only suit). Bids: 1 and 0. Uniform play:
    // - 0 leads K: 1 plays A (1/2) and wins both tricks, or Q (1/2) and the tricks split 1-1;
    // - 0 leads J: 1 plays A (1/2), then leads Q to 0's K: 1-1; or Q (1/2) and wins both.
    // Player 0 scores 11 at 1-1 and 0 otherwise: 11/2. Player 1 scores 1 at 1-1 and 2 when
    // winning both: 3/2.
    let state = PublicState::parse("game players=2 suits=1 ranks=5 tricks=2; trump Tc; bids 1 0")
        .expect("valid");
    let deal = [Card(3), Card(4), Card(1), Card(2)];
    let u = expected_utilities(&state.game, &Uniform, &state.history(&deal)).expect("legal");
    assert_eq!(u, vec![Rational::new(11, 2), Rational::new(3, 2)]);
}
