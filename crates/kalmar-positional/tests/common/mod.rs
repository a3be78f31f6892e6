//! Random positional games with cycles, shared by the tests.

use proptest::prelude::*;

/// A random game with cycles as `.gg` text: positions v0.. owned by players, each with one to
/// three moves anywhere, then terminals; utilities small integers, the cycle's too.
pub fn game_text(
    players: usize,
    owners: &[usize],
    moves: &[Vec<usize>],
    utilities: &[Vec<i8>],
) -> String {
    let terminals = utilities.len() - 1;
    let n = owners.len() + terminals;
    let vector = |u: &[i8]| {
        let u: Vec<String> = u.iter().take(players).map(ToString::to_string).collect();
        format!("({})", u.join(","))
    };
    let mut text = format!(
        "kalmar-gg 1\nplayers {players}\nstart v0\ncycle {}\n",
        vector(&utilities[terminals])
    );
    for (i, (&owner, targets)) in owners.iter().zip(moves).enumerate() {
        let mut targets: Vec<usize> = targets.iter().map(|t| t % n).collect();
        targets.sort_unstable();
        targets.dedup();
        let list: Vec<String> = targets.iter().map(|t| format!("v{t}")).collect();
        text += &format!("v{i} player{} -> {}\n", owner % players, list.join(" "));
    }
    for (j, u) in utilities[..terminals].iter().enumerate() {
        text += &format!("v{} terminal payoff={}\n", owners.len() + j, vector(u));
    }
    text
}

pub fn games(players: usize, win_lose: bool) -> impl proptest::strategy::Strategy<Value = String> {
    let utility = if win_lose {
        prop_oneof![Just(vec![1i8, -1]), Just(vec![-1i8, 1])].boxed()
    } else {
        proptest::collection::vec(-2i8..3, players).boxed()
    };
    (1usize..6, 1usize..4).prop_flat_map(move |(positions, terminals)| {
        (
            proptest::collection::vec(0usize..players, positions),
            proptest::collection::vec(proptest::collection::vec(0usize..16, 1..4), positions),
            proptest::collection::vec(utility.clone(), terminals + 1),
        )
            .prop_map(move |(owners, moves, utilities)| {
                game_text(players, &owners, &moves, &utilities)
            })
    })
}
