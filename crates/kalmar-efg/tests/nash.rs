//! Equilibria: known answers from the literature, and cross-checks on random games, every
//! equilibrium passed through the exact regret test.

use kalmar_core::Rational;
use kalmar_efg::format::{GameFile, read_efg, read_game};
use kalmar_efg::generate::{TreeParams, poker, random_bimatrix, random_tree};
use kalmar_efg::nash::backward::{backward_induction, check};
use kalmar_efg::nash::lemke_howson::all_labels;
use kalmar_efg::nash::pure::pure_equilibria;
use kalmar_efg::nash::sequence_form::{self, SequenceForm, behaviour, mixed_strategy};
use kalmar_efg::nash::subgames;
use kalmar_efg::nash::support::support_enumeration;
use kalmar_efg::nash::{self, METHODS, MixedProfile, Options, Solution, is_equilibrium, regret};
use kalmar_efg::normal::{Matrix, bimatrix_game};
use kalmar_efg::recall::Recall;
use kalmar_efg::strategic::{DEFAULT_LIMIT, strategic_form};
use kalmar_efg::{Efg, EfgBuilder, InfosetId, NodeId};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn r(n: i64, d: i64) -> Rational {
    Rational::new(n, d)
}

/// The subtree at `root` as a game of its own, with per information set of it the game's set.
fn subtree(game: &Efg, root: NodeId) -> (Efg, Vec<InfosetId>) {
    let mut b = EfgBuilder::new("", game.players.clone());
    let mut nodes = Vec::new();
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        nodes.push(x);
        stack.extend(game.children(x).iter().rev());
    }
    let mut sets: Vec<InfosetId> = nodes.iter().filter_map(|&x| game.node(x).infoset).collect();
    sets.sort_unstable();
    sets.dedup();
    let ids: Vec<InfosetId> = sets
        .iter()
        .map(|&h| {
            let moves = game
                .actions_of(h)
                .iter()
                .map(|a| (a.label.clone(), a.prob.clone()));
            b.infoset(game.infoset(h).mover, "", moves.collect())
                .unwrap()
        })
        .collect();
    for &x in &nodes {
        let node = game.node(x);
        let outcome = node.outcome.map(|o| {
            b.outcome("", game.outcomes()[o.index()].payoffs.clone())
                .unwrap()
        });
        let infoset = node.infoset.map(|h| ids[sets.binary_search(&h).unwrap()]);
        b.node("", infoset, outcome).unwrap();
    }
    (b.finish().unwrap(), sets)
}

/// The realization plan of a behaviour profile given per information set of the whole game,
/// on the sequences of a subtree whose sets are `sets`.
fn plan_from(
    seqs: &sequence_form::Sequences,
    sets: &[InfosetId],
    behaviour: &[Option<Vec<Rational>>],
) -> Vec<Rational> {
    let mut plan = vec![Rational::ZERO; seqs.len()];
    plan[0] = Rational::ONE;
    // Repeated passes until every set's parent is known: the trees here are small.
    let mut done = vec![false; seqs.infosets.len()];
    while done.iter().any(|d| !d) {
        for k in 0..seqs.infosets.len() {
            let parent = seqs.parent[k];
            let ready = parent == 0
                || seqs
                    .children
                    .iter()
                    .zip(&done)
                    .any(|(c, &d)| d && c.contains(&parent));
            if done[k] || !ready {
                continue;
            }
            let probs = behaviour[sets[seqs.infosets[k].index()].index()]
                .as_ref()
                .unwrap();
            for (&s, p) in seqs.children[k].iter().zip(probs) {
                plan[s] = &plan[parent] * p;
            }
            done[k] = true;
        }
    }
    plan
}

fn profile(x: &[Rational], y: &[Rational]) -> MixedProfile {
    MixedProfile::new(vec![x.to_vec(), y.to_vec()])
}

#[test]
fn von_stengels_3x2_example_has_three_equilibria() {
    // B. von Stengel, Computing equilibria for two-person games (Handbook of Game Theory 3,
    // 2002), the 3 × 2 game of Figure 2 with equilibria (1,0,0),(1,0); (4/5,1/5,0),(2/3,1/3);
    // (0,1/3,2/3),(1/3,2/3).
    let a = Matrix::from_rows(&[&[3, 3], &[2, 5], &[0, 6]]);
    let b = Matrix::from_rows(&[&[3, 2], &[2, 6], &[3, 1]]);
    let game = bimatrix_game("von Stengel", &a, &b);
    let (mut all, _) = support_enumeration(&a, &b);
    let one = Rational::ONE;
    let zero = Rational::ZERO;
    let mut expected = vec![
        profile(
            &[one.clone(), zero.clone(), zero.clone()],
            &[one.clone(), zero.clone()],
        ),
        profile(&[r(4, 5), r(1, 5), zero.clone()], &[r(2, 3), r(1, 3)]),
        profile(&[zero.clone(), r(1, 3), r(2, 3)], &[r(1, 3), r(2, 3)]),
    ];
    let key = |p: &MixedProfile| format!("{:?}", p.0);
    all.sort_by_key(key);
    expected.sort_by_key(key);
    assert_eq!(all, expected);
    let lh = all_labels(&a, &b).0.equilibria;
    assert!(!lh.is_empty());
    for e in &lh {
        assert!(all.contains(e), "{e:?}");
        assert!(is_equilibrium(&game, e));
    }
    assert_eq!(pure_equilibria(&game), vec![vec![0, 0]]);
}

#[test]
fn matching_pennies_and_battle_of_the_sexes() {
    let a = Matrix::from_rows(&[&[1, -1], &[-1, 1]]);
    let b = Matrix::from_rows(&[&[-1, 1], &[1, -1]]);
    let half = [r(1, 2), r(1, 2)];
    let lh = all_labels(&a, &b).0.equilibria;
    assert_eq!(lh, vec![profile(&half, &half)]);
    assert!(pure_equilibria(&bimatrix_game("", &a, &b)).is_empty());
    // Battle of the sexes: two pure equilibria and the mixed one (2/3, 1/3), (1/3, 2/3).
    let a = Matrix::from_rows(&[&[2, 0], &[0, 1]]);
    let b = Matrix::from_rows(&[&[1, 0], &[0, 2]]);
    let (all, _) = support_enumeration(&a, &b);
    assert_eq!(all.len(), 3);
    assert!(all.contains(&profile(&[r(2, 3), r(1, 3)], &[r(1, 3), r(2, 3)])));
    assert_eq!(
        pure_equilibria(&bimatrix_game("", &a, &b)),
        vec![vec![0, 0], vec![1, 1]]
    );
}

#[test]
fn kuhn_poker_is_worth_minus_one_eighteenth_to_player_one() {
    // Kuhn (1950): the value of three-card poker for the first player is −1/18.
    let game = poker(3);
    let recall = Recall::check(&game);
    let form = SequenceForm::new(&game, &recall).unwrap();
    let (eq, _) = sequence_form::solve(&form).unwrap();
    assert_eq!(eq.payoffs, [r(-1, 18), r(1, 18)]);
    assert_eq!(
        sequence_form::regret(&form, &eq.x, &eq.y).unwrap(),
        [Rational::ZERO, Rational::ZERO]
    );
    // The reduced strategic form (27 × 64) agrees: Lemke–Howson finds the same value.
    let sf = strategic_form(&game, &recall, DEFAULT_LIMIT).unwrap();
    assert_eq!(sf.nfg.shape(), vec![27, 64]);
    let (a, b) = sf.nfg.bimatrix().unwrap();
    let (lh, _) = kalmar_efg::nash::lemke_howson::lemke_howson(&a, &b, 0);
    let values = regret(&sf.nfg, &lh).unwrap();
    assert_eq!(values[0], (r(-1, 18), Rational::ZERO));
    assert_eq!(values[1], (r(1, 18), Rational::ZERO));
}

#[test]
fn entry_game_subgame_perfect_equilibrium() {
    // The entry game: Out pays (0, 2); In, then the incumbent fights (−1, −1) or accommodates
    // (1, 1). The subgame-perfect equilibrium is (In, accommodate).
    let text = r#"EFG 2 R "Entry" { "Entrant" "Incumbent" }
""

p "" 1 1 "" { "Out" "In" } 0
t "" 1 "" { 0, 2 }
p "" 2 1 "" { "Fight" "Accommodate" } 0
t "" 2 "" { -1, -1 }
t "" 3 "" { 1, 1 }
"#;
    let game = read_efg(text).unwrap();
    let spe = backward_induction(&game).unwrap();
    assert_eq!(spe.choice[0], Some(1));
    assert_eq!(spe.choice[2], Some(1));
    assert_eq!(spe.value[0], vec![Rational::from(1), Rational::from(1)]);
    assert_eq!(check(&game, &spe.choice), Ok(()));
    // (Out, fight) is a Nash equilibrium but not subgame perfect.
    let mut bad = spe.choice.clone();
    bad[0] = Some(0);
    bad[2] = Some(0);
    assert_eq!(check(&game, &bad).unwrap_err().0, 2);
    let recall = Recall::check(&game);
    let sf = strategic_form(&game, &recall, DEFAULT_LIMIT).unwrap();
    assert_eq!(pure_equilibria(&sf.nfg), vec![vec![0, 0], vec![1, 1]]);
}

/// A chain of "stop or go on" decisions, alternating players, 2,000 deep: one small LCP per
/// decision rather than one of dimension 8,000, and the subgame-perfect answer.
#[test]
fn a_deep_chain_is_solved_subgame_by_subgame() {
    let depth = 2000;
    let mut text = String::from("EFG 2 R \"chain\" { \"1\" \"2\" }\n\"\"\n\n");
    for i in 0..depth {
        text += &format!(
            "p \"\" {} {} \"\" {{ \"stop\" \"go\" }} 0\n",
            1 + i % 2,
            i / 2 + 1
        );
        text += &format!("t \"\" {} \"\" {{ {i}, {} }}\n", i + 1, depth - i);
    }
    text += &format!("t \"\" {} \"\" {{ {depth}, 0 }}\n", depth + 1);
    let file = GameFile::Efg(read_efg(&text).unwrap());
    let Solution::Sequence(found) = nash::solve(&file, &Options::default()).unwrap() else {
        panic!("the sequence form's solution")
    };
    assert_eq!(found.subgames, depth);
    // Without ties the subgame-perfect equilibrium is unique: backward induction's.
    let spe = Options {
        method: "spe".into(),
        ..Options::default()
    };
    let Solution::Subgame(by_induction) = nash::solve(&file, &spe).unwrap() else {
        panic!("backward induction's solution")
    };
    assert_eq!(found.equilibria[0].payoffs, by_induction.values);
}

/// The logit branch's limit, simplicial subdivision and the global Newton method on a
/// three-player 2 × 2 × 2 game: ε-equilibria whose exact ε is below a millionth of the payoffs'
/// range, every regret within.
#[test]
fn approximate_methods_give_epsilon_equilibria_of_three_players() {
    let text = "NFG 1 R \"three\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\n\
                9 8 12 0 0 0 0 0 0 9 8 2 0 0 0 3 4 6 0 0 0 3 4 6\n";
    let file = read_game(text).unwrap();
    for method in ["logit", "simpdiv", "gnm"] {
        let options = Options {
            method: method.into(),
            ..Options::default()
        };
        let Solution::Strategic(found) = nash::solve(&file, &options).unwrap() else {
            panic!("a strategic solution")
        };
        let epsilon = found.epsilon.clone().unwrap();
        assert!(
            epsilon < Rational::new(12, 1_000_000),
            "{method}: {epsilon}"
        );
        assert!(!found.equilibria.is_empty(), "{method}");
        assert!(
            found
                .equilibria
                .iter()
                .all(|e| e.regret.iter().all(|r| *r <= epsilon))
        );
    }
}

/// The sequence-form LP recovers Kuhn's exact equilibrium: the value −1/18, regret 0.
#[test]
fn the_linear_program_gives_kuhns_exact_value() {
    let file = GameFile::Efg(poker(3));
    let options = Options {
        method: "lp".into(),
        ..Options::default()
    };
    let Solution::Sequence(found) = nash::solve(&file, &options).unwrap() else {
        panic!("an exact equilibrium on the tree")
    };
    assert_eq!(found.method, "lp");
    let e = &found.equilibria[0];
    assert_eq!(e.payoffs, [Rational::new(-1, 18), Rational::new(1, 18)]);
    assert!(e.regret.iter().all(Rational::is_zero));
}

/// Every CFR variant on Kuhn's poker: the exact gains bracket the game's value −1/18 (player
/// 1 gets at most its payoff plus its own gain, at least its payoff minus player 2's), and the
/// ε is the larger gain.
#[test]
fn cfr_variants_bracket_kuhns_value_by_their_exact_gains() {
    let file = GameFile::Efg(poker(3));
    for method in ["cfr", "cfr+", "dcfr"] {
        let options = Options {
            method: method.into(),
            target: Some(1e-2),
            ..Options::default()
        };
        let Solution::Iterative(found) = nash::solve(&file, &options).unwrap() else {
            panic!("an iterative method's solution")
        };
        assert_eq!(found.stopped, nash::solution::Stopped::Target, "{method}");
        let e = &found.equilibria[0];
        let value = Rational::new(-1, 18);
        assert!(&e.payoffs[0] - &e.regret[1] <= value, "{method}");
        assert!(value <= &e.payoffs[0] + &e.regret[0], "{method}");
        assert_eq!(found.epsilon, e.regret.iter().max().unwrap().clone());
        assert_eq!(found.exploitability, &e.regret[0] + &e.regret[1]);
        assert!(found.exploitability <= Rational::new(11, 1000), "{method}");
    }
}

#[test]
fn sequence_form_is_fast_on_the_repeated_prisoners_dilemma() {
    use kalmar_efg::generate::{PRISONERS_DILEMMA, repeated};
    let game = repeated(3, PRISONERS_DILEMMA);
    let recall = Recall::check(&game);
    let form = SequenceForm::new(&game, &recall).unwrap();
    assert_eq!(form.players[0].len(), 1 + 2 * (1 + 4 + 16));
    let (eq, _) = sequence_form::solve(&form).unwrap();
    assert_eq!(
        sequence_form::regret(&form, &eq.x, &eq.y).unwrap(),
        [Rational::ZERO, Rational::ZERO]
    );
    // Defection in every round is the only equilibrium outcome of the finitely repeated game.
    assert_eq!(eq.payoffs, [Rational::from(3), Rational::from(3)]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: RngSeed::Fixed(5), ..ProptestConfig::default() })]

    #[test]
    fn lemke_howson_finds_support_enumeration_equilibria(m in 1usize..=4, n in 1usize..=4, seed: u64) {
        // Payoffs from a wide range: such games are nondegenerate with overwhelming probability.
        let (a, b) = random_bimatrix(m, n, 1_000_000, seed);
        let game = bimatrix_game("random", &a, &b);
        let (all, _) = support_enumeration(&a, &b);
        prop_assert!(!all.is_empty());
        for e in &all {
            prop_assert!(is_equilibrium(&game, e));
        }
        let lh = all_labels(&a, &b).0.equilibria;
        for e in &lh {
            prop_assert!(is_equilibrium(&game, e));
            prop_assert!(all.contains(e));
        }
        for p in pure_equilibria(&game) {
            prop_assert!(all.contains(&MixedProfile::pure(&[m, n], &p)));
        }
    }

    #[test]
    fn sequence_form_equilibria_are_equilibria_of_the_strategic_form(
        depth in 2u32..=4, chance in 0.0f64..0.4, merge in 0.0f64..0.9, seed: u64,
    ) {
        let params = TreeParams { players: 2, max_depth: depth, chance, merge, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let recall = Recall::check(&game);
        let form = SequenceForm::new(&game, &recall).unwrap();
        let (eq, _) = sequence_form::solve(&form).unwrap();
        prop_assert_eq!(
            sequence_form::regret(&form, &eq.x, &eq.y).unwrap(),
            [Rational::ZERO, Rational::ZERO]
        );
        // Kuhn's theorem: the behaviour strategies as mixed reduced strategies are an
        // equilibrium of the reduced strategic form, with the same payoffs.
        let sf = strategic_form(&game, &recall, DEFAULT_LIMIT).unwrap();
        let mixed: Vec<Vec<Rational>> = (0..2)
            .map(|i| {
                let plan = if i == 0 { &eq.x } else { &eq.y };
                let b = behaviour(&game, &form.players[i], plan);
                mixed_strategy(&sf.players[i], &sf.strategies[i], &b)
            })
            .collect();
        let values = regret(&sf.nfg, &MixedProfile::new(mixed)).unwrap();
        prop_assert_eq!(&values[0], &(eq.payoffs[0].clone(), Rational::ZERO));
        prop_assert_eq!(&values[1], &(eq.payoffs[1].clone(), Rational::ZERO));
    }

    #[test]
    fn subgame_by_subgame_equilibria_are_subgame_perfect(
        depth in 2u32..=5, chance in 0.0f64..0.4, merge in 0.0f64..0.6, seed: u64,
    ) {
        // Solved subgame by subgame, the plans have regret 0 on the whole game, and the
        // behaviour restricted to every subgame has regret 0 there too (checked by the sequence
        // form of the subgame alone, built from the subtree as a game of its own).
        let params = TreeParams { players: 2, max_depth: depth, chance, merge, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let form = SequenceForm::new(&game, &Recall::check(&game)).unwrap();
        let solved = subgames::solve(&game, &form).unwrap();
        let eq = &solved.equilibrium;
        prop_assert_eq!(
            sequence_form::regret(&form, &eq.x, &eq.y).unwrap(),
            [Rational::ZERO, Rational::ZERO]
        );
        let roots = subgames::subgame_roots(&game);
        prop_assert_eq!(solved.subgames, roots.len());
        for &root in &roots {
            let (sub, sets) = subtree(&game, root);
            let sub_form = SequenceForm::new(&sub, &Recall::check(&sub)).unwrap();
            let plans: Vec<Vec<Rational>> = (0..2)
                .map(|i| plan_from(&sub_form.players[i], &sets, &solved.behaviour))
                .collect();
            prop_assert_eq!(
                sequence_form::regret(&sub_form, &plans[0], &plans[1]).unwrap(),
                [Rational::ZERO, Rational::ZERO]
            );
        }
    }

    #[test]
    fn backward_induction_gives_a_pure_equilibrium(depth in 2u32..=4, players in 1u32..=3, seed: u64) {
        let params = TreeParams { players, max_depth: depth, merge: 0.0, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let spe = backward_induction(&game).unwrap();
        prop_assert_eq!(check(&game, &spe.choice), Ok(()));
        // As a profile of reduced strategies it is a pure equilibrium of the strategic form.
        let recall = Recall::check(&game);
        let sf = strategic_form(&game, &recall, DEFAULT_LIMIT).unwrap();
        let profile: Vec<usize> = (0..players as usize)
            .map(|i| {
                let s = &sf.players[i];
                sf.strategies[i]
                    .iter()
                    .position(|r| {
                        r.iter().zip(&s.slots).all(|(c, &h)| {
                            let node = recall.members[h.index()][0];
                            c.is_none() || *c == spe.choice[node.index()]
                        })
                    })
                    .unwrap()
            })
            .collect();
        prop_assert!(pure_equilibria(&sf.nfg).contains(&profile));
    }

    #[test]
    fn solve_checks_every_method_and_the_values_agree(
        depth in 2u32..=3, merge in 0.0f64..0.9, seed: u64,
    ) {
        // Every method on one random two-player tree with perfect recall: each either does not
        // apply (bad input, never an internal failure) or returns equilibria with regret 0;
        // on a perfect-information tree (merge 0) backward induction's values are among the
        // values of the pure equilibria.
        let params = TreeParams { players: 2, max_depth: depth, merge, ..TreeParams::default() };
        let file = GameFile::Efg(random_tree(&params, seed));
        for entry in &METHODS {
            let options = Options { method: entry.id.into(), ..Options::default() };
            match nash::solve(&file, &options) {
                Err(e) => prop_assert!(!e.is_internal(), "{}: {}", entry.id, e),
                Ok(Solution::Strategic(found)) => {
                    prop_assert!(found.reduced && found.checked);
                    for e in &found.equilibria {
                        // Exact methods: regret 0; approximate ones (simpdiv, gnm, logit): at most
                        // their ε, itself small.
                        let allowed = found.epsilon.clone().unwrap_or(Rational::ZERO);
                        prop_assert!(e.regret.iter().all(|r| *r <= allowed), "{}", entry.id);
                        prop_assert!(allowed < Rational::new(1, 10_000), "{}", entry.id);
                    }
                }
                Ok(Solution::Sequence(found)) => {
                    prop_assert!(found.equilibria[0].regret.iter().all(Rational::is_zero));
                }
                Ok(Solution::Iterative(found)) => {
                    let gains = &found.equilibria[0].regret;
                    prop_assert!(gains.iter().all(|g| *g <= found.epsilon));
                }
                Ok(Solution::Subgame(found)) => {
                    let pure = Options { method: "pure".into(), ..Options::default() };
                    let Ok(Solution::Strategic(all)) = nash::solve(&file, &pure) else {
                        panic!("pure equilibria on a small tree");
                    };
                    prop_assert!(all.equilibria.iter().any(|e| e.payoffs == found.values));
                }
            }
        }
    }
}
