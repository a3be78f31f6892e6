//! The check of a behaviour profile on the tree: well formed, the claimed payoffs recomputed,
//! and no player better off with another strategy.
//!
//! A player's payoff is summed from the leaves up, each node's value the probability-weighted
//! sum of its children's (exact fractions stay small that way: a flat sum over the leaves
//! would carry one huge common denominator through every addition). For a player's best
//! response, the *others' reach* of a node is the product of the chance and the other players'
//! probabilities on its path, and then:
//!
//! - under perfect recall, by backward induction over the player's own information sets in the
//!   sequence form's terms (Koller, Megiddo and von Stengel 1996): with `direct(σ)` the others'
//!   reach times the payoff summed over the leaves whose own last move is `σ`,
//!   `best(σ) = direct(σ) + Σ_{h below σ} max_a best(σ h a)`, and the best response is worth
//!   `best(∅)`;
//! - without perfect recall (and without absent-mindedness, where the payoff is multilinear in
//!   the player's behaviour so that a pure strategy is a best response), by trying every pure
//!   strategy of the player, refused above [`PURE_LIMIT`] strategies × leaf groups.
//!
//! # Complexity
//! `O(n · N)` rational operations for `n` nodes and `N` players under perfect recall; without it
//! `O(S · L)` for `S` pure strategies and `L` groups of leaves with the same own moves.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::certificate::tree::{Behaviour, check};
//! use kalmar_efg::format::read_efg;
//! let game = read_efg(r#"EFG 2 R "Entry game" { "Entrant" "Incumbent" }
//! ""
//!
//! p "" 1 1 "" { "Out" "In" } 0
//! t "" 1 "" { 0, 2 }
//! p "" 2 1 "" { "Fight" "Accommodate" } 0
//! t "" 2 "" { -1, -1 }
//! t "" 3 "" { 1, 1 }
//! "#)
//! .unwrap();
//! let (one, zero) = (Rational::ONE, Rational::ZERO);
//! let (first, second) = (vec![one.clone(), zero.clone()], vec![zero.clone(), one.clone()]);
//! // (In, Accommodate) pays (1, 1) and is an equilibrium.
//! let enter = Behaviour(vec![Some(second.clone()), Some(second.clone())]);
//! assert!(check(&game, &enter, &[one.clone(), one.clone()]).is_ok());
//! // (In, Fight) is not: the entrant would rather stay out.
//! let fight = Behaviour(vec![Some(second), Some(first)]);
//! let minus = Rational::from(-1);
//! let wrong = check(&game, &fight, &[minus.clone(), minus]).unwrap_err().to_string();
//! assert!(wrong.contains("player 1 (Entrant) gains by deviating: playing Out"), "{wrong}");
//! ```

use super::{Checked, Rejection, distribution, judge, listing, player_name};
use crate::names::move_names;
use crate::recall::Recall;
use crate::tree::{ActionId, Efg, InfosetId, Mover, NodeId};
use kalmar_core::Rational;
use std::collections::HashMap;

/// The most pure strategies × leaf groups tried for a player without perfect recall.
pub const PURE_LIMIT: u64 = 1 << 24;

/// A behaviour profile: per information set (by id), the probabilities of its moves for a
/// personal player's set, `None` for a chance set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Behaviour(pub Vec<Option<Vec<Rational>>>);

/// Checks the behaviour profile against the game and the payoffs `claimed`.
pub fn check(game: &Efg, profile: &Behaviour, claimed: &[Rational]) -> Result<Checked, Rejection> {
    check_within(game, profile, claimed, &Rational::ZERO)
}

/// Checks that the behaviour profile is an ε-equilibrium for `epsilon`: as [`check`], but a
/// player may gain up to `epsilon` by deviating.
pub fn check_within(
    game: &Efg,
    profile: &Behaviour,
    claimed: &[Rational],
    epsilon: &Rational,
) -> Result<Checked, Rejection> {
    well_formed(game, profile)?;
    let pay = game.path_payoffs();
    let leaves: Vec<usize> = (0..game.num_nodes())
        .filter(|&x| game.nodes()[x].infoset.is_none())
        .collect();
    let payoffs = (0..game.num_players())
        .map(|i| expected_below(game, profile, &pay, i, None)[0].clone())
        .collect();
    let mut recall = None;
    judge(&game.players, payoffs, claimed, epsilon, |i| {
        let others = reach(game, profile, i as u32);
        let weight = |z: usize| &others[z] * &pay[z][i];
        let last = own_last_moves(game, i as u32);
        let best = match own_parents(game, i as u32, &last) {
            Some(parent) => {
                let direct = direct_payoffs(game, profile, &pay, i, &others, &last);
                by_backward_induction(game, &parent, direct)
            }
            None => {
                let recall = recall.get_or_insert_with(|| Recall::check(game));
                by_pure_strategies(game, recall, i as u32, &leaves, weight)?
            }
        };
        Ok((best.value, describe(game, profile, &best.moves)))
    })
}

/// Every personal player's information set has a distribution over exactly its moves; chance
/// sets have none.
fn well_formed(game: &Efg, profile: &Behaviour) -> Result<(), Rejection> {
    if profile.0.len() != game.infosets().len() {
        return Err(Rejection::Profile(format!(
            "the profile covers {} information sets; the game has {}",
            profile.0.len(),
            game.infosets().len()
        )));
    }
    for (k, (h, probs)) in game.infosets().iter().zip(&profile.0).enumerate() {
        let id = InfosetId(k as u32);
        match (h.mover, probs) {
            (Mover::Chance, None) => {}
            (Mover::Chance, Some(_)) => {
                return Err(Rejection::Profile(format!(
                    "{} is chance's: its probabilities are the game's",
                    game.infoset_name(id)
                )));
            }
            (Mover::Player(_), None) => {
                return Err(Rejection::Profile(format!(
                    "the profile gives no probabilities at {}",
                    game.infoset_name(id)
                )));
            }
            (Mover::Player(_), Some(probs)) => {
                let moves = game.actions_of(id).len();
                if probs.len() != moves {
                    return Err(Rejection::Profile(format!(
                        "{} has {moves} moves, the profile gives {} probabilities",
                        game.infoset_name(id),
                        probs.len()
                    )));
                }
                distribution(probs, || format!("the moves at {}", game.infoset_name(id)))?;
            }
        }
    }
    Ok(())
}

/// Every node's probability of being reached by the others' moves and chance's: `player`'s own
/// moves count 1.
fn reach(game: &Efg, profile: &Behaviour, player: u32) -> Vec<Rational> {
    let mut reach = vec![Rational::ZERO; game.num_nodes()];
    reach[game.root().index()] = Rational::ONE;
    // Preorder: a parent is reached before its children are set.
    for x in 0..game.num_nodes() {
        let id = NodeId(x as u32);
        let Some(h) = game.node(id).infoset else {
            continue;
        };
        if reach[x].is_zero() {
            continue;
        }
        let own = game.infoset(h).mover == Mover::Player(player);
        for (k, &child) in game.children(id).iter().enumerate() {
            reach[child.index()] = if own {
                reach[x].clone()
            } else {
                &reach[x] * &move_probability(game, profile, h, k)
            };
        }
    }
    reach
}

/// Per node: player `i`'s expected payoff from the node on, as the profile plays below it;
/// with `stop` set, that player's own nodes count 0 (the sums stop there). Summed from the
/// leaves up, so each sum adds the few terms of one node's children: a flat sum over the
/// leaves would carry one huge common denominator through every addition.
fn expected_below(
    game: &Efg,
    profile: &Behaviour,
    pay: &[Vec<Rational>],
    i: usize,
    stop: Option<u32>,
) -> Vec<Rational> {
    let mut value = vec![Rational::ZERO; game.num_nodes()];
    // Reverse preorder: every child before its parent.
    for x in (0..game.num_nodes()).rev() {
        let id = NodeId(x as u32);
        let Some(h) = game.node(id).infoset else {
            value[x] = pay[x][i].clone();
            continue;
        };
        let mover = game.infoset(h).mover;
        if stop.is_some_and(|p| mover == Mover::Player(p)) {
            continue;
        }
        let mut sum = Rational::ZERO;
        for (k, &child) in game.children(id).iter().enumerate() {
            let v = &value[child.index()];
            if !v.is_zero() {
                sum = sum + &(&move_probability(game, profile, h, k) * v);
            }
        }
        value[x] = sum;
    }
    value
}

/// The probability of move `k` at set `h`: chance's, or the profile's for a player.
fn move_probability(game: &Efg, profile: &Behaviour, h: InfosetId, k: usize) -> Rational {
    match game.infoset(h).mover {
        Mover::Player(_) => profile.0[h.index()].as_ref().expect("well formed")[k].clone(),
        Mover::Chance => game.actions_of(h)[k]
            .prob
            .as_ref()
            .expect("chance moves have probabilities")
            .value
            .clone(),
    }
}

/// Per sequence of player `i` (0 the empty one, `1 + a` the one ending with move `a`): the
/// others' reach times `i`'s payoff summed over the leaves whose last own move it is. The
/// leaves of one sequence lie below its *region roots* (the root for the empty sequence, the
/// children of `i`'s nodes for the others) without another node of `i` between, so each
/// region root contributes its others' reach times its value below ([`expected_below`]).
fn direct_payoffs(
    game: &Efg,
    profile: &Behaviour,
    pay: &[Vec<Rational>],
    i: usize,
    others: &[Rational],
    last: &[Option<ActionId>],
) -> Vec<Rational> {
    let below = expected_below(game, profile, pay, i, Some(i as u32));
    let mut direct = vec![Rational::ZERO; game.num_actions() + 1];
    let mut add = |y: usize| {
        if !below[y].is_zero() && !others[y].is_zero() {
            let s = sequence(last[y]);
            direct[s] = &direct[s] + &(&others[y] * &below[y]);
        }
    };
    add(game.root().index());
    for (x, node) in game.nodes().iter().enumerate() {
        if let Some(h) = node.infoset
            && game.infoset(h).mover == Mover::Player(i as u32)
        {
            for &child in game.children(NodeId(x as u32)) {
                add(child.index());
            }
        }
    }
    direct
}

/// Per node: `player`'s last own move on the path to it (`None`: no own move yet).
fn own_last_moves(game: &Efg, player: u32) -> Vec<Option<ActionId>> {
    let mut last: Vec<Option<ActionId>> = vec![None; game.num_nodes()];
    for x in 0..game.num_nodes() {
        let id = NodeId(x as u32);
        if let Some(h) = game.node(id).infoset {
            let own = game.infoset(h).mover == Mover::Player(player);
            for (k, &child) in game.children(id).iter().enumerate() {
                last[child.index()] = if own {
                    Some(game.action_id(h, k as u32))
                } else {
                    last[x]
                };
            }
        }
    }
    last
}

/// Per information set of `player`: the last own move before it (its parent sequence), when
/// every node of the set agrees on it (perfect recall for the player); `None` when some set's
/// nodes disagree. Sets of other movers get `None` inside.
fn own_parents(
    game: &Efg,
    player: u32,
    last: &[Option<ActionId>],
) -> Option<Vec<Option<Option<ActionId>>>> {
    let mut parent: Vec<Option<Option<ActionId>>> = vec![None; game.infosets().len()];
    for (x, node) in game.nodes().iter().enumerate() {
        let Some(h) = node.infoset else {
            continue;
        };
        if game.infoset(h).mover != Mover::Player(player) {
            continue;
        }
        match parent[h.index()] {
            None => parent[h.index()] = Some(last[x]),
            Some(seen) if seen != last[x] => return None,
            Some(_) => {}
        }
    }
    Some(parent)
}

/// A best response: its value and the moves it makes where the play reaches.
struct Best {
    value: Rational,
    moves: Vec<(InfosetId, u32)>,
}

/// A sequence's index: 0 for the empty sequence, `1 + a` for the sequence ending with move `a`.
fn sequence(last: Option<ActionId>) -> usize {
    last.map_or(0, |a| 1 + a.index())
}

/// The best response under perfect recall, by backward induction over the player's sequences
/// from their direct payoffs ([`direct_payoffs`]).
fn by_backward_induction(
    game: &Efg,
    parent: &[Option<Option<ActionId>>],
    direct: Vec<Rational>,
) -> Best {
    let sequences = game.num_actions() + 1;
    let mut below: Vec<Vec<InfosetId>> = vec![Vec::new(); sequences];
    for (k, p) in parent.iter().enumerate() {
        if let Some(p) = p {
            below[sequence(*p)].push(InfosetId(k as u32));
        }
    }
    // Post-order over the forest of sequences: a sequence after every one below it.
    let children = |s: usize| {
        below[s].iter().flat_map(|&h| {
            (0..game.actions_of(h).len() as u32).map(move |k| 1 + game.action_id(h, k).index())
        })
    };
    let mut order = Vec::new();
    let mut stack = vec![0usize];
    while let Some(s) = stack.pop() {
        order.push(s);
        stack.extend(children(s));
    }
    let mut best = vec![Rational::ZERO; sequences];
    let mut choice = vec![0u32; game.infosets().len()];
    for &s in order.iter().rev() {
        let mut v = direct[s].clone();
        for &h in &below[s] {
            let (k, m) = (0..game.actions_of(h).len() as u32)
                .map(|k| (k, &best[1 + game.action_id(h, k).index()]))
                .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))
                .expect("a set has moves");
            choice[h.index()] = k;
            v = &v + m;
        }
        best[s] = v;
    }
    // The moves of the best response, from the empty sequence down.
    let mut moves = Vec::new();
    let mut stack = vec![0usize];
    while let Some(s) = stack.pop() {
        for &h in &below[s] {
            let k = choice[h.index()];
            moves.push((h, k));
            stack.push(1 + game.action_id(h, k).index());
        }
    }
    moves.sort_unstable();
    Best {
        value: best[0].clone(),
        moves,
    }
}

/// The best response without perfect recall: every pure strategy of the player, on the leaves
/// grouped by the player's own moves on their paths.
fn by_pure_strategies(
    game: &Efg,
    recall: &Recall,
    player: u32,
    leaves: &[usize],
    weight: impl Fn(usize) -> Rational,
) -> Result<Best, Rejection> {
    let who = player_name(player as usize, &game.players[player as usize]);
    if let Some(a) = recall
        .absent_minded
        .iter()
        .find(|a| game.infoset(a.infoset).mover == Mover::Player(player))
    {
        return Err(Rejection::Unchecked(format!(
            "{who} is absent-minded at {}: best responses there need not be pure, and \
             equilibria of such games are not checked",
            game.infoset_name(a.infoset)
        )));
    }
    let slots: Vec<InfosetId> = game
        .player_infosets(player)
        .filter(|h| !recall.members[h.index()].is_empty())
        .collect();
    let mut slot_of = vec![usize::MAX; game.infosets().len()];
    for (k, h) in slots.iter().enumerate() {
        slot_of[h.index()] = k;
    }
    // Own moves on the path to each node, as (slot, move index).
    let mut own: Vec<Vec<(usize, u32)>> = vec![Vec::new(); game.num_nodes()];
    for x in 0..game.num_nodes() {
        let id = NodeId(x as u32);
        if let Some(h) = game.node(id).infoset {
            let mine = game.infoset(h).mover == Mover::Player(player);
            for (k, &child) in game.children(id).iter().enumerate() {
                let mut path = own[x].clone();
                if mine {
                    path.push((slot_of[h.index()], k as u32));
                }
                own[child.index()] = path;
            }
        }
    }
    let mut groups: HashMap<Vec<(usize, u32)>, Rational> = HashMap::new();
    for &z in leaves {
        let w = weight(z);
        if !w.is_zero() {
            let entry = groups.entry(own[z].clone()).or_insert(Rational::ZERO);
            *entry = &*entry + &w;
        }
    }
    let arity: Vec<u32> = slots
        .iter()
        .map(|&h| game.actions_of(h).len() as u32)
        .collect();
    let strategies = arity
        .iter()
        .try_fold(1u64, |acc, &a| acc.checked_mul(u64::from(a)));
    let work = strategies.and_then(|s| s.checked_mul(groups.len().max(1) as u64));
    if work.is_none_or(|w| w > PURE_LIMIT) {
        return Err(Rejection::Unchecked(format!(
            "{who} does not have perfect recall and has {} pure strategies: too many to try \
             every deviation (the limit is {PURE_LIMIT} strategies × leaf groups)",
            strategies.map_or("more than 2^64".to_string(), |s| s.to_string())
        )));
    }
    let mut strategy = vec![0u32; slots.len()];
    let mut best: Option<(Rational, Vec<u32>)> = None;
    loop {
        let value = groups
            .iter()
            .filter(|(path, _)| path.iter().all(|&(slot, k)| strategy[slot] == k))
            .fold(Rational::ZERO, |acc, (_, w)| acc + w);
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, strategy.clone()));
        }
        let mut d = 0;
        while d < slots.len() {
            strategy[d] += 1;
            if strategy[d] < arity[d] {
                break;
            }
            strategy[d] = 0;
            d += 1;
        }
        if d == slots.len() {
            break;
        }
    }
    let (value, strategy) = best.expect("at least one pure strategy");
    // The moves at the sets the best response's play reaches.
    let mut reached = vec![false; slots.len()];
    for path in groups.keys() {
        if path.iter().all(|&(slot, k)| strategy[slot] == k) {
            for &(slot, _) in path {
                reached[slot] = true;
            }
        }
    }
    let moves = (0..slots.len())
        .filter(|&k| reached[k])
        .map(|k| (slots[k], strategy[k]))
        .collect();
    Ok(Best { value, moves })
}

/// The deviation in words: the best response's moves that the profile does not already make
/// for sure.
fn describe(game: &Efg, profile: &Behaviour, moves: &[(InfosetId, u32)]) -> String {
    let items: Vec<String> = moves
        .iter()
        .filter(|(h, k)| {
            profile.0[h.index()]
                .as_ref()
                .is_none_or(|p| p[*k as usize] != Rational::ONE)
        })
        .map(|&(h, k)| {
            format!(
                "{} at {}",
                move_names(game, h)[k as usize],
                game.infoset_name(h)
            )
        })
        .collect();
    if items.is_empty() {
        "a best response".to_string()
    } else {
        format!("playing {}", listing(items, 6))
    }
}
