//! The reduced strategic form: for every profile of reduced strategies, the expected payoff
//! vector, exact.
//!
//! The tree is not walked once per profile. Each terminal node `z` contributes
//! `chance(z) · payoff(z)` to exactly the profiles whose every strategy chooses all of its
//! player's moves on the path to `z`: a product of one set of strategies per player. Terminal
//! nodes with the same moves of every player (they differ only in chance moves) are merged first,
//! and each player's set of strategies consistent with a sequence of own moves is computed once.
//! The work is the size of the table plus, per merged terminal group, the profiles it reaches.
//!
//! The size is known before anything is built: [`plan`] counts the reduced strategies without
//! enumerating them and refuses, with the sizes, a table larger than the limit.
//!
//! # Complexity
//! `O(n · N)` to group the `n` nodes, `O(S · H)` to sort the `S` strategies of each player into
//! sequence classes (`H` information sets), and `O(Σ_groups Π_i |S_i(group)|)` rational
//! additions for the table, which is at most the number of profiles times the number of
//! terminal groups a profile reaches.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::format::read_efg;
//! use kalmar_efg::recall::Recall;
//! use kalmar_efg::strategic::{DEFAULT_LIMIT, build, strategic_form};
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
//! let form = strategic_form(&game, &Recall::check(&game), DEFAULT_LIMIT).unwrap();
//! assert_eq!(build(&game, DEFAULT_LIMIT).unwrap().nfg, form.nfg);
//! assert_eq!(form.nfg.shape(), [2, 2]);
//! // (In, Accommodate) pays (1, 1).
//! let k = form.nfg.profile_index(&[1, 1]);
//! assert_eq!(*form.nfg.payoff(k, 0), Rational::from(1));
//! ```

use crate::names::unique_names;
use crate::normal::{Nfg, NfgBody, NfgOutcome};
use crate::number::Num;
use crate::recall::Recall;
use crate::reduced::{Reduced, ReducedStrategies};
use crate::tree::{ActionId, Efg, Mover};
use kalmar_core::Rational;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::collections::HashMap;

/// The default limit on the numbers in a strategic form (profiles × players): 2^24.
pub const DEFAULT_LIMIT: u64 = 1 << 24;

/// Why the strategic form is not built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StrategicError {
    /// The table would be too large.
    #[error(
        "the reduced strategic form has {} = {profiles} profiles × {players} payoffs; the limit \
         is {limit} numbers",
        counts.iter().map(ToString::to_string).collect::<Vec<_>>().join(" × ")
    )]
    TooLarge {
        /// Reduced strategies per player.
        counts: Vec<BigUint>,
        /// Their product.
        profiles: BigUint,
        /// The number of players.
        players: usize,
        /// The limit on profiles × players.
        limit: u64,
    },
    /// The exact chance probabilities of the nodes would take too much memory (a deep chance
    /// chain: their numbers grow with the depth).
    #[error(
        "the exact chance probabilities of the tree's nodes would take about {words} machine \
         words; the limit is {limit} (a shallower tree, or a larger --max-size)"
    )]
    ChanceTooLarge {
        /// The estimate ([`crate::nash::size::chance_reach_words`]).
        words: u128,
        /// The limit.
        limit: u64,
    },
}

/// The reduced strategies of every player, counted.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Per player: the reduced strategies.
    pub players: Vec<ReducedStrategies>,
    /// Per player: the number of reduced strategies.
    pub counts: Vec<BigUint>,
}

/// Counts every player's reduced strategies (without enumerating them; by enumeration up to
/// `limit` when a component of sets tangled by imperfect recall is too large to list) and
/// refuses a table of more than `limit` numbers, or exact chance probabilities of more than
/// `limit` machine words.
pub fn plan(game: &Efg, recall: &Recall, limit: u64) -> Result<Plan, StrategicError> {
    let players: Vec<ReducedStrategies> = crate::reduced::all_players(game, recall);
    let counts: Vec<BigUint> = players
        .iter()
        .map(|s| match s.count() {
            Ok(c) => c,
            Err(_) => BigUint::from(s.count_by_enumeration(limit).unwrap_or(limit + 1)),
        })
        .collect();
    let profiles: BigUint = counts.iter().product();
    let cells = &profiles * BigUint::from(game.num_players().max(1));
    if cells > BigUint::from(limit) {
        return Err(StrategicError::TooLarge {
            counts,
            profiles,
            players: game.num_players(),
            limit,
        });
    }
    let words = crate::nash::size::chance_reach_words(game);
    if words > u128::from(limit) {
        return Err(StrategicError::ChanceTooLarge { words, limit });
    }
    Ok(Plan { players, counts })
}

/// The reduced strategic form and each player's strategies (in the order of the table).
#[derive(Clone, Debug)]
pub struct StrategicForm {
    /// The game in strategic form (outcome-list form, strategies labelled with `*`).
    pub nfg: Nfg,
    /// Per player: the reduced strategies, in table order.
    pub strategies: Vec<Vec<Reduced>>,
    /// Per player: the slot lists behind the strategies.
    pub players: Vec<ReducedStrategies>,
}

/// The reduced strategic form of a game within `limit` numbers (profiles × players), its recall
/// checked first; a larger form is refused with its size before anything is built.
pub fn build(game: &Efg, limit: u64) -> Result<StrategicForm, StrategicError> {
    strategic_form(game, &Recall::check(game), limit)
}

/// Builds the reduced strategic form of a game within `limit` numbers, given its recall.
pub fn strategic_form(
    game: &Efg,
    recall: &Recall,
    limit: u64,
) -> Result<StrategicForm, StrategicError> {
    let plan = plan(game, recall, limit)?;
    let n = game.num_players();
    let strategies: Vec<Vec<Reduced>> = plan
        .players
        .iter()
        .zip(&plan.counts)
        .map(|(s, c)| {
            s.enumerate(c.to_usize().expect("within the limit"))
                .expect("counted")
        })
        .collect();
    let sizes: Vec<usize> = strategies.iter().map(Vec::len).collect();
    let profiles: usize = sizes.iter().product();
    let mut stride = vec![1usize; n];
    for i in 1..n {
        stride[i] = stride[i - 1] * sizes[i - 1];
    }
    // Terminal nodes grouped by every player's moves on the path.
    let pay = game.path_payoffs();
    let reach = game.chance_reach();
    let mut groups: HashMap<Vec<Vec<ActionId>>, Vec<Rational>> = HashMap::new();
    let mut own: Vec<Vec<Vec<ActionId>>> = vec![vec![Vec::new(); n]; game.num_nodes()];
    for (x, node) in game.nodes().iter().enumerate() {
        if let Some(parent) = node.parent {
            let mut moves = own[parent.index()].clone();
            if let Some(Mover::Player(i)) = game.mover(parent) {
                let a = game
                    .incoming_action(crate::NodeId(x as u32))
                    .expect("a child has an incoming move");
                moves[i as usize].push(a);
            }
            own[x] = moves;
        }
        if node.infoset.is_none() {
            let chance = &reach[x];
            if chance.is_zero() || pay[x].iter().all(Rational::is_zero) {
                continue;
            }
            let entry = groups
                .entry(own[x].clone())
                .or_insert_with(|| vec![Rational::ZERO; n]);
            for (e, p) in entry.iter_mut().zip(&pay[x]) {
                *e = &*e + &(chance * p);
            }
        }
    }
    drop(own);
    // Per player and sequence of own moves: the consistent strategies, each list filtered from
    // its sequence's prefix by one move, so a deep tree costs the lists' sizes, not their
    // sizes times the depth.
    let mut consistent: Vec<HashMap<Vec<ActionId>, Vec<usize>>> = vec![HashMap::new(); n];
    let mut table = vec![Rational::ZERO; profiles * n];
    let mut lists: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (moves, value) in &groups {
        for i in 0..n {
            lists[i] = consistent_with(
                game,
                &plan.players[i],
                &strategies[i],
                &mut consistent[i],
                &moves[i],
            )
            .to_vec();
        }
        add_product(&lists, &stride, value, &mut table, n);
    }
    // Outcomes: one per distinct payoff vector.
    let mut outcome_of: HashMap<&[Rational], u32> = HashMap::new();
    let mut outcomes = Vec::new();
    let mut profile_outcome = Vec::with_capacity(profiles);
    for k in 0..profiles {
        let v = &table[k * n..(k + 1) * n];
        let id = *outcome_of.entry(v).or_insert_with(|| {
            outcomes.push(NfgOutcome {
                label: String::new(),
                payoffs: v.iter().cloned().map(Num::new).collect(),
            });
            outcomes.len() as u32
        });
        profile_outcome.push(id);
    }
    let labels = plan
        .players
        .iter()
        .zip(&strategies)
        .map(|(s, list)| unique_names(list.iter().map(|r| s.label(game, r))))
        .collect();
    let nfg = Nfg {
        title: game.title.clone(),
        comment: game.comment.clone(),
        players: game.players.clone(),
        strategies: labels,
        labelled: true,
        body: NfgBody::Outcomes {
            outcomes,
            table: profile_outcome,
        },
    };
    Ok(StrategicForm {
        nfg,
        strategies,
        players: plan.players,
    })
}

/// Adds `value` to every profile in the product of `lists`.
/// The strategies (indices into `strategies`) that choose every move of `moves`, memoised by
/// sequence in `memo`: the longest prefix already known is extended one move at a time.
fn consistent_with<'m>(
    game: &Efg,
    player: &ReducedStrategies,
    strategies: &[Reduced],
    memo: &'m mut HashMap<Vec<ActionId>, Vec<usize>>,
    moves: &[ActionId],
) -> &'m [usize] {
    memo.entry(Vec::new())
        .or_insert_with(|| (0..strategies.len()).collect());
    let known = (0..=moves.len())
        .rev()
        .find(|&k| memo.contains_key(&moves[..k]))
        .expect("the empty sequence is known");
    for k in known..moves.len() {
        let action = game.action(moves[k]);
        let slot = player
            .slots
            .iter()
            .position(|&h| h == action.infoset)
            .expect("an own move is at an own set");
        let narrowed: Vec<usize> = memo[&moves[..k]]
            .iter()
            .copied()
            .filter(|&s| strategies[s][slot] == Some(action.index))
            .collect();
        memo.insert(moves[..=k].to_vec(), narrowed);
    }
    &memo[moves]
}

fn add_product(
    lists: &[Vec<usize>],
    stride: &[usize],
    value: &[Rational],
    table: &mut [Rational],
    n: usize,
) {
    if lists.iter().any(Vec::is_empty) {
        return;
    }
    let mut digit = vec![0usize; lists.len()];
    loop {
        let profile: usize = digit
            .iter()
            .zip(lists)
            .zip(stride)
            .map(|((&d, l), &s)| l[d] * s)
            .sum();
        for (cell, v) in table[profile * n..(profile + 1) * n].iter_mut().zip(value) {
            *cell = &*cell + v;
        }
        let mut i = 0;
        loop {
            if i == lists.len() {
                return;
            }
            digit[i] += 1;
            if digit[i] < lists[i].len() {
                break;
            }
            digit[i] = 0;
            i += 1;
        }
    }
}

/// The expected payoffs of one profile of reduced strategies by walking the tree: the slow,
/// obvious definition, for tests.
pub fn payoff_by_walk(
    game: &Efg,
    players: &[ReducedStrategies],
    profile: &[&[Option<u32>]],
) -> Vec<Rational> {
    let pay = game.path_payoffs();
    let mut total = vec![Rational::ZERO; game.num_players()];
    let mut stack = vec![(game.root(), Rational::ONE)];
    while let Some((x, p)) = stack.pop() {
        let Some(h) = game.node(x).infoset else {
            for (t, v) in total.iter_mut().zip(&pay[x.index()]) {
                *t = &*t + &(&p * v);
            }
            continue;
        };
        let children = game.children(x);
        match game.infoset(h).mover {
            Mover::Chance => {
                for (i, &c) in children.iter().enumerate() {
                    let q = &game
                        .action(game.action_id(h, i as u32))
                        .prob
                        .as_ref()
                        .expect("chance")
                        .value;
                    stack.push((c, &p * q));
                }
            }
            Mover::Player(i) => {
                let s = &players[i as usize];
                let slot = s.slots.iter().position(|&k| k == h).expect("own set");
                let a = profile[i as usize][slot].expect("a reached set has a move");
                stack.push((children[a as usize], p));
            }
        }
    }
    total
}
