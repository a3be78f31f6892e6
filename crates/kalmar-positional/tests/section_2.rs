//! The examples of the paper's §2 (Andersson, Gurvich and Hansen, *On Acyclicity of Games with
//! Cycles*), each found or refuted by search rather than typed in: the game forms are built from
//! their description in the text (the flowers of §2.3) or drawn at random until the search for
//! preferences finds what the figure shows (Figures 3 and 4), and every cycle found passes its
//! certificate under the preferences found.

use kalmar_positional::form_search::{self, Shape};
use kalmar_positional::generate::flower;
use kalmar_positional::play::{Outcome, is_acyclic};
use kalmar_positional::preference_search::{self, Searched, Witness};
use kalmar_positional::ricycle::{self, Improvement, Options, Restriction};
use kalmar_positional::{PositionalGame, cycle_certificate, play, preferences};

fn search(
    form: &PositionalGame,
    improvement: Improvement,
    restriction: Restriction,
    c_free: bool,
) -> Searched {
    let options = Options {
        improvement,
        restriction,
        c_free,
        ..Options::default()
    };
    let found = preference_search::search(form, &options).unwrap();
    if let Some(witness) = &found.witness {
        let game = witness.game(form);
        cycle_certificate::check(&game, &witness.steps, improvement, restriction).unwrap();
    }
    found
}

/// Whether some profile of the cycle has an infinite play.
fn contains_c(game: &PositionalGame, witness: &Witness) -> bool {
    witness
        .steps
        .iter()
        .any(|s| play(game, &s.profile, game.start()).unwrap().outcome == Outcome::Cycle)
}

/// The first random form of the shape in which the search finds preferences for an ri-cycle
/// of the type, its witness checked by the certificate.
fn first_found(shape: Shape, improvement: Improvement, forms: usize) -> (PositionalGame, Witness) {
    let options = Options {
        improvement,
        ..Options::default()
    };
    let found = form_search::search(&shape, &options, forms, 7).unwrap();
    let (form, witness) = found.found.expect("a form with an ri-cycle");
    let game = witness.game(&form);
    cycle_certificate::check(&game, &witness.steps, improvement, options.restriction).unwrap();
    (form, witness)
}

/// Figure 3: a two-person game on an acyclic digraph can have a (standard) ri-cycle; Theorems
/// 2 and 3 say it is neither last-step nor strong.
#[test]
fn figure_3_a_two_person_ri_cycle_on_an_acyclic_digraph() {
    let shape = Shape {
        players: 2,
        positions: 4,
        terminals: 4,
        moves: 2,
        acyclic: true,
        owners_in_turn: true,
    };
    let (form, witness) = first_found(shape, Improvement::Standard, 5000);
    assert!(is_acyclic(&form));
    let game = witness.game(&form);
    for kind in [Improvement::Strong, Improvement::LastStep] {
        let steps = &witness.steps;
        assert!(cycle_certificate::check(&game, steps, kind, Restriction::InsidePlay).is_err());
    }
}

/// Figure 4: with di-cycles, a two-person game can have a best-reply ri-cycle (so Theorem 3
/// needs strong improvements).
#[test]
fn figure_4_a_two_person_best_reply_ri_cycle() {
    let shape = Shape {
        players: 2,
        positions: 5,
        terminals: 3,
        moves: 3,
        acyclic: false,
        owners_in_turn: false,
    };
    let (form, witness) = first_found(shape, Improvement::BestReply, 4000);
    assert_eq!(form.num_players(), 2);
    assert!(!is_acyclic(&form));
    assert!(witness.steps.len() >= 4);
}

/// §2.3.2, Figure 6: the three-person play-once flower is ri-acyclic for every preference, and
/// even im-acyclic: no improvement cycle of any type, restricted or not.
#[test]
fn the_three_person_flower_has_no_improvement_cycle() {
    let form = PositionalGame::from_form(&flower(3, &[0, 1, 2], &[1, 2]).unwrap()).unwrap();
    for (_, improvement) in Improvement::ALL {
        for (_, restriction) in Restriction::ALL {
            assert!(
                search(&form, improvement, restriction, false)
                    .witness
                    .is_none()
            );
        }
    }
}

/// §2.3.3, Figures 7 and 8: the four-person play-once flower (v0 entering two of the three
/// positions of the cycle) has a strong best-reply ri-cycle; it contains c, and no c-free
/// ri-cycle of any type exists.
#[test]
fn the_four_person_flower_has_a_strong_best_reply_ri_cycle_only_through_c() {
    let form = PositionalGame::from_form(&flower(4, &[0, 1, 2, 3], &[1, 2]).unwrap()).unwrap();
    let witness = search(
        &form,
        Improvement::StrongBestReply,
        Restriction::InsidePlay,
        false,
    )
    .witness
    .expect("Figure 7's ri-cycle");
    assert!(contains_c(&witness.game(&form), &witness));
    for (_, improvement) in Improvement::ALL {
        for (_, restriction) in Restriction::ALL {
            assert!(
                search(&form, improvement, restriction, true)
                    .witness
                    .is_none()
            );
        }
    }
}

/// §2.3.4, Figure 9: the paper's preferences of three players over a flower with a cycle of
/// five positions. Among the 3⁵ ways to give the cycle's positions to the players (v0 to
/// player 1, entering every position), the search finds the form whose strong best-reply
/// ri-cycle the figure draws: positions c1..c5 of players 2, 3, 2, 3, 2, and the cycle
/// contains c.
#[test]
fn figure_9_a_three_person_flower_with_a_strong_best_reply_ri_cycle() {
    let order = "1: a5 < a2 < a1 < a3 < a4 < c\n2: a4 < a3 < a1 < a2 < a5 < c\n3: c < a3 < a2 < a4 < a1 < a5\n";
    let mut found = Vec::new();
    for code in 0..3u32.pow(5) {
        let owners: Vec<u8> = std::iter::once(0)
            .chain((0..5).map(|k| (code / 3u32.pow(k) % 3) as u8))
            .collect();
        let mut graph = flower(3, &owners, &[1, 2, 3, 4, 5]).unwrap();
        preferences::apply(&mut graph, order).unwrap();
        let game = PositionalGame::from_graph(&graph).unwrap();
        let options = Options {
            improvement: Improvement::StrongBestReply,
            ..Options::default()
        };
        if let Some(cycle) = ricycle::search_with(&game, &options).unwrap() {
            cycle_certificate::check(&game, &cycle, options.improvement, options.restriction)
                .unwrap();
            let through_c = cycle
                .iter()
                .any(|s| play(&game, &s.profile, game.start()).unwrap().outcome == Outcome::Cycle);
            found.push((owners, through_c));
        }
    }
    assert_eq!(found, [(vec![0, 1, 2, 1, 2, 1], true)]);
}

/// §2.2: statement (ii) fails, a strong best-reply ri-cycle need not pass through c. The paper's
/// Figure 5 has seven players; `examples/c-free-4.gg` is a four-player form found among random
/// ones (`kalmar positional forms`), and the search finds preferences that make such a cycle.
#[test]
fn a_c_free_strong_best_reply_ri_cycle_of_four_players() {
    let graph = kalmar_core::format::read_gg(
        &std::fs::read_to_string("../../examples/c-free-4.gg").unwrap(),
    )
    .unwrap();
    let form = PositionalGame::from_form(&graph).unwrap();
    assert_eq!(form.num_players(), 4);
    let witness = search(
        &form,
        Improvement::StrongBestReply,
        Restriction::InsidePlay,
        true,
    )
    .witness
    .expect("a c-free strong best-reply ri-cycle");
    assert!(!contains_c(&witness.game(&form), &witness));
}
