//! The exact search against the exhaustive one: on small random games with cycles, of two to
//! four players with ties and `c` ranked anywhere, it finds an equilibrium exactly when trying
//! every profile finds one, and each it returns passes the certificate; a three-player game
//! without an equilibrium, and the games around it, are proved so; and games of far more than
//! 2^40 profiles are answered.

use kalmar_core::format::read_gg;
use kalmar_positional::brute_force::{self, BruteForceError};
use kalmar_positional::generate::{Params, generate};
use kalmar_positional::play::{decision_points, profile_count};
use kalmar_positional::{PositionalGame, deviation, exact};
use proptest::prelude::*;

mod common;
use common::games;

fn read(text: &str) -> PositionalGame {
    PositionalGame::from_graph(&read_gg(text).unwrap()).unwrap()
}

/// Whether `game` has an equilibrium, by both searches, which must agree; the exact search's
/// equilibrium must pass the certificate.
fn agreed(game: &PositionalGame) -> Result<bool, String> {
    let brute = brute_force::solve(game, 1 << 16).map_err(|e| e.to_string())?;
    let searched = exact::solve(game, 1 << 20).map_err(|e| e.to_string())?;
    if let Some(profile) = &searched.profile {
        deviation::check(game, profile).map_err(|e| e.to_string())?;
    }
    let exists = !brute.equilibria.is_empty();
    if searched.profile.is_some() != exists {
        return Err(format!(
            "the exact search says {}, trying every profile finds {} equilibria",
            if searched.profile.is_some() {
                "there is one"
            } else {
                "there is none"
            },
            brute.equilibria.len()
        ));
    }
    Ok(exists)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn exact_finds_an_equilibrium_iff_one_exists(text in (2usize..5).prop_flat_map(|k| games(k, false))) {
        if let Err(e) = agreed(&read(&text)) {
            prop_assert!(false, "{}\n{}", e, text);
        }
    }
}

/// A three-player game without a Nash equilibrium in pure positional strategies: seven
/// positions, one cycle (v1, v2) and three terminals, a 2 × 2 × 4 normal form: the shape of
/// the game of Boros, Gurvich, Milanič, Oudalov and Vičič, *A three-person deterministic
/// graphical game without Nash equilibria* (2018), found by trying every game of that shape.
/// Its utilities are ranks 0..3 of the outcomes a0, a1, a2 and c.
struct Around {
    start: usize,
    owners: [usize; 4],
    /// Per outcome a0, a1, a2, c, each player's utility.
    utilities: [[u8; 3]; 4],
}

const NO_EQUILIBRIUM: Around = Around {
    start: 0,
    owners: [1, 2, 0, 2],
    utilities: [[0, 1, 2], [2, 0, 3], [1, 2, 1], [3, 3, 0]],
};

impl Around {
    fn text(&self) -> String {
        let vector = |u: &[u8; 3]| format!("({},{},{})", u[0], u[1], u[2]);
        let moves = ["v2 v3", "v2 a2", "v1 a1", "v1 a0"];
        let mut text = format!(
            "kalmar-gg 1\nplayers 3\nstart v{}\ncycle {}\n",
            self.start,
            vector(&self.utilities[3])
        );
        for (v, (owner, moves)) in self.owners.iter().zip(moves).enumerate() {
            text += &format!("v{v} player{owner} -> {moves}\n");
        }
        for (t, u) in self.utilities[..3].iter().enumerate() {
            text += &format!("a{t} terminal payoff={}\n", vector(u));
        }
        text
    }
}

#[test]
fn a_three_player_game_without_equilibrium_is_proved_so() {
    let game = read(&NO_EQUILIBRIUM.text());
    let brute = brute_force::solve(&game, 16).unwrap();
    assert_eq!((brute.profiles, brute.equilibria.len()), (16, 0));
    let searched = exact::solve(&game, 1000).unwrap();
    assert!(searched.profile.is_none());
}

/// Every game one change away from the game without an equilibrium (one utility of one player,
/// the start, or the owner of a position): the searches agree, on both sides of the line.
#[test]
fn the_games_around_it_agree() {
    let mut variants = Vec::new();
    for start in 0..4 {
        variants.push(Around {
            start,
            ..NO_EQUILIBRIUM
        });
    }
    for v in 0..4 {
        for owner in 0..3 {
            let mut owners = NO_EQUILIBRIUM.owners;
            owners[v] = owner;
            variants.push(Around {
                owners,
                ..NO_EQUILIBRIUM
            });
        }
    }
    for outcome in 0..4 {
        for player in 0..3 {
            for value in 0..4 {
                let mut utilities = NO_EQUILIBRIUM.utilities;
                utilities[outcome][player] = value;
                variants.push(Around {
                    utilities,
                    ..NO_EQUILIBRIUM
                });
            }
        }
    }
    let mut without = 0;
    for variant in &variants {
        let text = variant.text();
        match agreed(&read(&text)) {
            Ok(exists) => without += usize::from(!exists),
            Err(e) => panic!("{e}\n{text}"),
        }
    }
    eprintln!("{without} of {}", variants.len());
    // The game itself is among the variants (a start, owner or utility set to its own value).
    assert!(
        without >= 1 && without < variants.len(),
        "{without} of {}",
        variants.len()
    );
}

/// Generated games of the `random` family, three and four players, 8 to 14 positions.
#[test]
fn generated_games_agree() {
    for seed in 0..60 {
        for (players, size) in [(3, 10), (3, 14), (4, 12)] {
            let graph = generate(
                "random",
                &Params {
                    size,
                    players,
                    seed,
                },
            )
            .unwrap();
            let game = PositionalGame::from_graph(&graph).unwrap();
            if let Err(e) = agreed(&game) {
                panic!("seed {seed}, {players} players, {size} positions: {e}");
            }
        }
    }
}

/// Games of 2^175 and more profiles, which the exhaustive search refuses: the exact search
/// answers them, each equilibrium passing the certificate.
#[test]
fn games_far_beyond_the_exhaustive_search_are_answered() {
    for (players, seed) in [(3, 1), (3, 2), (3, 3), (4, 4), (5, 5)] {
        let graph = generate(
            "random",
            &Params {
                size: 200,
                players,
                seed,
            },
        )
        .unwrap();
        let game = PositionalGame::from_graph(&graph).unwrap();
        let (_, moves) = decision_points(&game);
        assert!(profile_count(&moves).is_none_or(|p| p >= 1 << 40));
        assert!(matches!(
            brute_force::solve(&game, 1 << 24),
            Err(BruteForceError::TooMany { .. })
        ));
        let searched = exact::solve(&game, 1 << 20).unwrap();
        let profile = searched.profile.expect("these games have an equilibrium");
        deviation::check(&game, &profile).unwrap();
    }
}
