//! Perfect recall and reduced strategies: the seed's examples, hand-made trees where the list
//! order and the tree order of information sets differ, imperfect recall, and random trees.

use kalmar_efg::format::read_efg;
use kalmar_efg::generate::{TreeParams, poker, random_tree};
use kalmar_efg::recall::Recall;
use kalmar_efg::reduced::{Parent, ReducedStrategies, brute_force};
use kalmar_efg::{Efg, InfosetId};
use num_bigint::BigUint;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn labels(game: &Efg, player: u32) -> Vec<String> {
    let recall = Recall::check(game);
    let s = ReducedStrategies::new(game, &recall, player);
    s.enumerate(10_000)
        .unwrap()
        .iter()
        .map(|r| s.label(game, r))
        .collect()
}

/// Player I moves X, Y or Z; after X (and player II's reply) player I moves again, P or Q. The
/// slots are {X, Y, Z} and {P, Q}; the second is reachable only after X.
const SLOTS_XYZ_PQ: &str = r#"EFG 2 R "Two slots" { "I" "II" }
""

p "" 1 1 "" { "X" "Y" "Z" } 0
p "" 2 1 "" { "l" "r" } 0
p "" 1 2 "" { "P" "Q" } 0
t "" 1 "" { 3, 1 }
t "" 2 "" { 0, 0 }
t "" 3 "" { 1, 2 }
t "" 4 "" { 2, 2 }
t "" 5 "" { 1, 3 }
"#;

#[test]
fn slots_xyz_and_pq() {
    let game = read_efg(SLOTS_XYZ_PQ).unwrap();
    assert!(Recall::check(&game).is_perfect());
    assert_eq!(labels(&game, 0), ["XP", "XQ", "Y*", "Z*"]);
    assert_eq!(labels(&game, 1), ["l", "r"]);
}

/// Chance picks left or right. Left: player 1 chooses p or q, and after p chooses u or v. Right:
/// player 1 chooses x or y. Breadth-first, the list is [{p,q}, {x,y}, {u,v}]: the slot just
/// before {u,v} is {x,y}, which has nothing to do with it; {u,v} hangs below p.
const LIST_VS_TREE: &str = r#"EFG 2 R "List order is not tree order" { "1" "2" }
""

c "" 1 "" { "left" 1/2 "right" 1/2 } 0
p "" 1 1 "" { "p" "q" } 0
p "" 1 2 "" { "u" "v" } 0
t "" 1 "" { 1, 0 }
t "" 2 "" { 2, 0 }
t "" 3 "" { 0, 0 }
p "" 1 3 "" { "x" "y" } 0
t "" 4 "" { 3, 0 }
t "" 5 "" { 4, 0 }
"#;

/// The rule the seed warns against: a slot is reachable when the nearest filled slot before it in
/// the list holds `lastmove[h]` ("own earlier move in the strategy" read in list order).
fn list_order_rule(s: &ReducedStrategies, recall: &Recall, game: &Efg) -> Vec<Vec<Option<u32>>> {
    let k = s.slots.len();
    let mut out = Vec::new();
    let mut choices = vec![None; k];
    fn go(
        slot: usize,
        s: &ReducedStrategies,
        recall: &Recall,
        game: &Efg,
        choices: &mut Vec<Option<u32>>,
        out: &mut Vec<Vec<Option<u32>>>,
    ) {
        if slot == s.slots.len() {
            out.push(choices.clone());
            return;
        }
        let h: InfosetId = s.slots[slot];
        let reachable = match recall.lastmove(h) {
            None => true,
            Some(m) => {
                let previous = (0..slot).rev().find(|&j| choices[j].is_some());
                previous.is_some_and(|j| {
                    s.slots[j] == game.action(m).infoset && choices[j] == Some(game.action(m).index)
                })
            }
        };
        if !reachable {
            choices[slot] = None;
            go(slot + 1, s, recall, game, choices, out);
            return;
        }
        for a in 0..s.arity[slot] {
            choices[slot] = Some(a);
            go(slot + 1, s, recall, game, choices, out);
        }
        choices[slot] = None;
    }
    go(0, s, recall, game, &mut choices, &mut out);
    out
}

#[test]
fn tree_order_not_list_order() {
    let game = read_efg(LIST_VS_TREE).unwrap();
    let recall = Recall::check(&game);
    assert!(recall.is_perfect());
    let s = ReducedStrategies::new(&game, &recall, 0);
    // Slots: {p,q}, {x,y}, {u,v}.
    assert_eq!(labels(&game, 0), ["pxu", "pxv", "pyu", "pyv", "qx*", "qy*"]);
    assert_eq!(s.count().unwrap(), BigUint::from(6u32));
    // The list-order rule stars {u,v} always (its list predecessor {x,y} never holds p).
    let wrong = list_order_rule(&s, &recall, &game);
    assert_eq!(wrong.len(), 4);
    assert!(wrong.iter().all(|r| r[2].is_none()));
    // The right answer is what walking every pure strategy through the tree gives.
    let mut right = s.enumerate(100).unwrap();
    right.sort();
    assert_eq!(right, brute_force(&game, &s));
}

/// Player 1 forgets their first move: both their second-round nodes are in one information set.
const FORGETFUL: &str = r#"EFG 2 R "Forgetful" { "1" "2" }
""

p "" 1 1 "" { "L" "R" } 0
p "" 2 1 "" { "a" "b" } 0
p "" 1 2 "" { "x" "y" } 0
t "" 1 "" { 1, 0 }
t "" 2 "" { 0, 1 }
t "" 3 "" { 2, 2 }
p "" 2 2 "" { "c" "d" } 0
p "" 1 2 "" { "x" "y" } 0
t "" 4 "" { 0, 0 }
t "" 5 "" { 3, 1 }
t "" 6 "" { 1, 3 }
"#;

#[test]
fn imperfect_recall_is_diagnosed_and_uses_sets_of_last_moves() {
    let game = read_efg(FORGETFUL).unwrap();
    let recall = Recall::check(&game);
    assert!(!recall.is_perfect());
    assert!(recall.is_perfect_for(&game, 1));
    assert_eq!(recall.violations.len(), 1);
    let v = &recall.violations[0];
    assert_eq!(game.infoset(v.infoset).number, 2);
    assert_eq!(v.first.0, 2); // the third node in preorder
    assert_eq!(v.other.0, 7);
    assert_eq!(game.action(v.first_move.unwrap()).label, "L");
    assert_eq!(game.action(v.other_move.unwrap()).label, "R");
    let text = recall.explain(&game).join("\n");
    assert!(text.contains("player 1's information set 2"), "{text}");
    assert!(text.contains("L (move 1"), "{text}");
    assert!(text.contains("R (move 2"), "{text}");
    assert!(recall.absent_minded.is_empty());
    // The set of last moves {L, R}: the second slot is reachable after either first move.
    let s = ReducedStrategies::new(&game, &recall, 0);
    assert!(!s.perfect_recall);
    assert_eq!(labels(&game, 0), ["Lx", "Ly", "Rx", "Ry"]);
    assert_eq!(s.count_by_enumeration(100), Some(4));
    // Counted and numbered without enumerating the player: the second slot hangs below both
    // moves of the first, so that component is listed on its own.
    assert_eq!(s.count().unwrap(), BigUint::from(4u32));
    let ry = [Some(1), Some(1)];
    assert_eq!(s.rank(&ry).unwrap(), BigUint::from(3u32));
    assert_eq!(s.unrank(&BigUint::from(1u32)).unwrap(), [Some(0), Some(1)]);
}

/// The absent-minded driver: one information set, whose second node lies below its first.
const ABSENT_MINDED: &str = r#"EFG 2 R "Absent-minded driver" { "driver" }
""

p "" 1 1 "" { "exit" "continue" } 0
t "" 1 "" { 0 }
p "" 1 1 "" { "exit" "continue" } 0
t "" 2 "" { 4 }
t "" 3 "" { 1 }
"#;

#[test]
fn absent_mindedness_is_detected() {
    let game = read_efg(ABSENT_MINDED).unwrap();
    let recall = Recall::check(&game);
    assert!(!recall.is_perfect());
    assert_eq!(recall.absent_minded.len(), 1);
    let a = &recall.absent_minded[0];
    assert_eq!((a.ancestor.0, a.descendant.0), (0, 2));
    assert!(
        recall
            .explain(&game)
            .iter()
            .any(|l| l.contains("absent-minded"))
    );
}

#[test]
fn kuhn_poker_has_27_and_64_reduced_strategies() {
    // Kuhn's three-card poker: 27 reduced strategies for player 1 and 64 for player 2.
    let game = poker(3);
    let recall = Recall::check(&game);
    assert!(recall.is_perfect());
    let counts: Vec<BigUint> = (0..2)
        .map(|p| ReducedStrategies::new(&game, &recall, p).count().unwrap())
        .collect();
    assert_eq!(counts, [BigUint::from(27u32), BigUint::from(64u32)]);
    // Chance probabilities are exact: each of the 6 deals has probability 1/6.
    let leaf = game
        .nodes()
        .iter()
        .position(|n| n.infoset.is_none())
        .unwrap();
    assert_eq!(game.chance_reach()[leaf].to_string(), "1/6");
}

#[test]
fn counts_of_huge_games_without_enumeration() {
    // Poker with 40 cards: player 1 has 3^40 reduced strategies.
    let game = poker(40);
    let recall = Recall::check(&game);
    let s = ReducedStrategies::new(&game, &recall, 0);
    let count = s.count().unwrap();
    assert_eq!(count, BigUint::from(3u32).pow(40));
    let last = &count - 1u32;
    let top = s.unrank(&last).unwrap();
    assert_eq!(s.rank(&top).unwrap(), last);
    assert!(s.unrank(&count).is_err());
}

fn params() -> impl Strategy<Value = (TreeParams, u64)> {
    (
        2u32..=3,
        2u32..=4,
        2u32..=3,
        0.0f64..0.4,
        0.0f64..0.9,
        any::<u64>(),
    )
        .prop_map(|(players, depth, actions, chance, merge, seed)| {
            (
                TreeParams {
                    players,
                    max_depth: depth,
                    max_actions: actions,
                    chance,
                    merge,
                    ..TreeParams::default()
                },
                seed,
            )
        })
}

/// Whether some set of the player hangs below several moves and nothing else: the case that
/// counting by components lists.
fn tangled(s: &ReducedStrategies) -> bool {
    s.parents
        .iter()
        .any(|p| p.len() > 1 && p.iter().all(|q| matches!(q, Parent::Move { .. })))
}

#[test]
fn random_imperfect_recall_trees_have_tangled_sets_and_count_right() {
    // The trees the property test below draws: many have a set below several moves.
    let params = TreeParams {
        players: 2,
        max_depth: 4,
        merge: 0.9,
        perfect_recall: false,
        ..TreeParams::default()
    };
    let mut seen = 0;
    for seed in 0..40 {
        let game = random_tree(&params, seed);
        let recall = Recall::check(&game);
        for player in 0..2 {
            let s = ReducedStrategies::new(&game, &recall, player);
            if tangled(&s)
                && let Some(n) = s.count_by_enumeration(20_000)
            {
                seen += 1;
                assert_eq!(s.count().unwrap(), BigUint::from(n));
            }
        }
    }
    assert!(seen >= 5, "only {seen} players with tangled sets");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: RngSeed::Fixed(5), ..ProptestConfig::default() })]

    #[test]
    fn counting_ranking_and_brute_force_agree((params, seed) in params()) {
        let game = random_tree(&params, seed);
        let recall = Recall::check(&game);
        prop_assert!(recall.is_perfect());
        prop_assert!(recall.absent_minded.is_empty());
        for player in 0..params.players {
            let s = ReducedStrategies::new(&game, &recall, player);
            let all = s.enumerate(50_000).unwrap();
            prop_assert_eq!(s.count().unwrap(), BigUint::from(all.len()));
            for (i, r) in all.iter().enumerate() {
                prop_assert!(s.is_reduced(r));
                prop_assert_eq!(s.rank(r).unwrap(), BigUint::from(i));
                prop_assert_eq!(&s.unrank(&BigUint::from(i)).unwrap(), r);
            }
            let mut sorted = all.clone();
            sorted.sort();
            prop_assert_eq!(sorted, brute_force(&game, &s));
        }
    }

    #[test]
    fn imperfect_recall_trees_are_diagnosed((mut params, seed) in params()) {
        params.perfect_recall = false;
        params.merge = 0.9;
        let game = random_tree(&params, seed);
        let recall = Recall::check(&game);
        // Every violation is real: two nodes of one set with different last own moves.
        for v in &recall.violations {
            let kalmar_efg::Mover::Player(i) = game.infoset(v.infoset).mover else {
                panic!("chance sets are not checked");
            };
            prop_assert_eq!(game.node(v.first).infoset, Some(v.infoset));
            prop_assert_eq!(game.node(v.other).infoset, Some(v.infoset));
            prop_assert_eq!(recall.table.last_move(v.first, i), v.first_move);
            prop_assert_eq!(recall.table.last_move(v.other, i), v.other_move);
            prop_assert_ne!(v.first_move, v.other_move);
        }
        // Absent-mindedness implies a violation.
        for a in &recall.absent_minded {
            prop_assert!(recall.violations.iter().any(|v| v.infoset == a.infoset));
        }
        for player in 0..params.players {
            let s = ReducedStrategies::new(&game, &recall, player);
            if let Some(n) = s.count_by_enumeration(20_000) {
                prop_assert!(n >= 1);
            }
        }
    }

    #[test]
    fn imperfect_recall_counting_and_ranking_agree_with_enumeration((mut params, seed) in params()) {
        params.perfect_recall = false;
        params.merge = 0.9;
        let game = random_tree(&params, seed);
        let recall = Recall::check(&game);
        for player in 0..params.players {
            let s = ReducedStrategies::new(&game, &recall, player);
            let Some(all) = s.enumerate(20_000) else { continue };
            prop_assert_eq!(s.count().unwrap(), BigUint::from(all.len()));
            for (i, r) in all.iter().enumerate() {
                prop_assert_eq!(s.rank(r).unwrap(), BigUint::from(i));
                prop_assert_eq!(&s.unrank(&BigUint::from(i)).unwrap(), r);
            }
            prop_assert!(s.unrank(&BigUint::from(all.len())).is_err());
        }
    }
}
