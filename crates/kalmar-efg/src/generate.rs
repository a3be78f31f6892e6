//! Generated extensive-form games, for tests and benchmarks: random trees (with perfect recall or
//! without), poker-like games with chance, and repeated games. All are deterministic in their
//! seed. [`FAMILIES`] lists them by id for [`generate`].
//!
//! ```
//! use kalmar_efg::generate::{self, Params};
//! let kuhn = generate::generate("poker", &Params { size: 3, ..Params::default() }).unwrap();
//! assert_eq!(kuhn.num_nodes(), 55);
//! assert!(generate::generate("poker", &Params { size: 1, ..Params::default() }).is_err());
//! assert!(generate::generate("chess", &Params::default()).is_err());
//! ```

use crate::number::Num;
use crate::tree::{ActionId, Efg, EfgBuilder, InfosetId, Mover};
use kalmar_core::Rational;
use kalmar_core::registry::{Entry, Registry, UnknownId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// What builds a family's game.
pub type Generator = fn(&Params) -> Result<Efg, GenerateError>;

/// The generated families, by id.
pub static FAMILIES: Registry<Generator> = Registry::new(
    "game family",
    &[
        Entry {
            id: "poker",
            summary: "poker with SIZE cards (3 is Kuhn's poker), two players, chance deals",
            bounds: "O(SIZE²) nodes",
            run: poker_family,
        },
        Entry {
            id: "leduc",
            summary: "Leduc hold'em with SIZE ranks of two suits (3 is Leduc poker, as OpenSpiel's \
                      leduc_poker), two players, two betting rounds and a public card",
            bounds: "O(SIZE³) nodes",
            run: leduc_family,
        },
        Entry {
            id: "repeated",
            summary: "the prisoner's dilemma repeated SIZE times, moves of each round simultaneous",
            bounds: "O(4^SIZE) nodes",
            run: repeated_family,
        },
        Entry {
            id: "random",
            summary: "a random tree of depth SIZE with PLAYERS players and perfect recall, from SEED",
            bounds: "O(3^SIZE) nodes",
            run: random_family,
        },
    ],
);

/// What a family is generated from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Cards (poker), ranks (leduc), rounds (repeated) or depth (random).
    pub size: u32,
    /// The seed (random).
    pub seed: u64,
    /// Players (random).
    pub players: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            size: 3,
            seed: 1,
            players: 2,
        }
    }
}

/// Why no game is generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// No family has this id.
    #[error(transparent)]
    UnknownFamily(#[from] UnknownId),
    /// The parameters are out of the family's range.
    #[error("{0}")]
    Params(&'static str),
}

/// A game of the family `id`.
pub fn generate(id: &str, params: &Params) -> Result<Efg, GenerateError> {
    (FAMILIES.get(id)?.run)(params)
}

// The largest sizes: trees of at most about 10^7 nodes (N^2 deals of a few nodes each for poker,
// 600 N^3 for Leduc, 4^N for the repeated game, 3^N for random trees), refused before anything
// is built.

fn poker_family(params: &Params) -> Result<Efg, GenerateError> {
    if !(2..=1000).contains(&params.size) {
        return Err(GenerateError::Params("poker takes 2 to 1000 cards"));
    }
    Ok(poker(params.size))
}

fn leduc_family(params: &Params) -> Result<Efg, GenerateError> {
    if !(2..=26).contains(&params.size) {
        return Err(GenerateError::Params(
            "leduc takes 2 to 26 ranks (about 600 N^3 nodes)",
        ));
    }
    Ok(leduc(params.size))
}

fn repeated_family(params: &Params) -> Result<Efg, GenerateError> {
    if !(1..=11).contains(&params.size) {
        return Err(GenerateError::Params(
            "repeated takes 1 to 11 rounds (4^N nodes)",
        ));
    }
    Ok(repeated(params.size, PRISONERS_DILEMMA))
}

fn random_family(params: &Params) -> Result<Efg, GenerateError> {
    if !(1..=64).contains(&params.players) {
        return Err(GenerateError::Params("random needs 1 to 64 players"));
    }
    if params.size > 14 {
        return Err(GenerateError::Params(
            "random takes a depth of at most 14 (3^N nodes)",
        ));
    }
    Ok(random_tree(
        &TreeParams {
            players: params.players,
            max_depth: params.size,
            ..TreeParams::default()
        },
        params.seed,
    ))
}

/// The shape of a random tree.
#[derive(Clone, Debug)]
pub struct TreeParams {
    /// Personal players.
    pub players: u32,
    /// The depth below which every node is terminal.
    pub max_depth: u32,
    /// Moves per information set: 2 ..= this.
    pub max_actions: u32,
    /// The probability that a non-root node above the depth limit is terminal.
    pub terminal: f64,
    /// The probability that a decision node is a chance node.
    pub chance: f64,
    /// The probability that a player's node joins an information set already open to it.
    pub merge: f64,
    /// Join only information sets whose nodes have the same last own move (perfect recall).
    pub perfect_recall: bool,
    /// Payoffs are integers in `-payoff ..= payoff`.
    pub payoff: i64,
}

impl Default for TreeParams {
    fn default() -> Self {
        TreeParams {
            players: 2,
            max_depth: 4,
            max_actions: 3,
            terminal: 0.3,
            chance: 0.15,
            merge: 0.5,
            perfect_recall: true,
            payoff: 5,
        }
    }
}

struct TreeGen<'a> {
    params: &'a TreeParams,
    rng: ChaCha8Rng,
    builder: EfgBuilder,
    /// Open information sets per (player, key): key is the last own move under perfect recall.
    open: HashMap<(u32, Option<ActionId>), Vec<InfosetId>>,
    actions_of: Vec<u32>,
    first_action: Vec<u32>,
    next_action: u32,
    /// Outcomes are labelled z1, z2, ... (unique labels, as Gambit keeps them).
    next_outcome: u32,
}

/// A random game tree.
pub fn random_tree(params: &TreeParams, seed: u64) -> Efg {
    let players = (1..=params.players)
        .map(|p| format!("Player {p}"))
        .collect();
    let mut g = TreeGen {
        params,
        rng: ChaCha8Rng::seed_from_u64(seed),
        builder: EfgBuilder::new(format!("random tree {seed}"), players),
        open: HashMap::new(),
        actions_of: Vec::new(),
        first_action: Vec::new(),
        next_action: 0,
        next_outcome: 1,
    };
    let last = vec![None; params.players as usize];
    g.node(0, &last);
    g.builder.finish().expect("generated trees are well formed")
}

impl TreeGen<'_> {
    fn node(&mut self, depth: u32, last: &[Option<ActionId>]) {
        let p = self.params;
        let terminal = depth >= p.max_depth || (depth > 0 && self.rng.random_bool(p.terminal));
        if terminal {
            let payoffs = (0..p.players)
                .map(|_| Num::from(self.rng.random_range(-p.payoff..=p.payoff)))
                .collect();
            let o = self
                .builder
                .outcome(format!("z{}", self.next_outcome), payoffs)
                .expect("one payoff per player");
            self.next_outcome += 1;
            self.builder.node("", None, Some(o)).expect("preorder");
            return;
        }
        let arity = self.rng.random_range(2..=p.max_actions.max(2));
        if self.rng.random_bool(p.chance) {
            let weights: Vec<i64> = (0..arity).map(|_| self.rng.random_range(1..=4)).collect();
            let total: i64 = weights.iter().sum();
            let actions = weights
                .iter()
                .enumerate()
                .map(|(i, &w)| (format!("c{i}"), Some(Num::new(Rational::new(w, total)))))
                .collect();
            let h = self
                .builder
                .infoset(Mover::Chance, "", actions)
                .expect("valid chance");
            self.track(h, arity);
            self.builder.node("", Some(h), None).expect("preorder");
            for _ in 0..arity {
                self.node(depth + 1, last);
            }
            return;
        }
        let player = self.rng.random_range(0..p.players);
        let key = (
            player,
            if p.perfect_recall {
                last[player as usize]
            } else {
                None
            },
        );
        let candidates: Vec<InfosetId> =
            self.open.get(&key).map(|v| v.to_vec()).unwrap_or_default();
        let join = (!candidates.is_empty() && self.rng.random_bool(p.merge))
            .then(|| candidates[self.rng.random_range(0..candidates.len())]);
        let h = match join {
            Some(h) => h,
            None => {
                let actions = (0..arity)
                    .map(|i| (char::from(b'a' + (i % 26) as u8).to_string(), None))
                    .collect();
                let h = self
                    .builder
                    .infoset(Mover::Player(player), "", actions)
                    .expect("valid infoset");
                self.track(h, arity);
                self.open.entry(key).or_default().push(h);
                h
            }
        };
        self.builder.node("", Some(h), None).expect("preorder");
        let arity = self.actions_of[h.index()];
        for i in 0..arity {
            let mut next = last.to_vec();
            next[player as usize] = Some(ActionId(self.first_action[h.index()] + i));
            self.node(depth + 1, &next);
        }
    }

    fn track(&mut self, h: InfosetId, arity: u32) {
        debug_assert_eq!(h.index(), self.actions_of.len());
        self.actions_of.push(arity);
        self.first_action.push(self.next_action);
        self.next_action += arity;
    }
}

/// The same tree with player 2 paid the negative of player 1's payoff at every outcome (other
/// players keep theirs): a random tree made zero-sum, for the methods that need one.
pub fn zero_sum(game: &Efg) -> Efg {
    let mut b = EfgBuilder::new(game.title.clone(), game.players.clone());
    for (k, h) in game.infosets().iter().enumerate() {
        let moves = game
            .actions_of(InfosetId(k as u32))
            .iter()
            .map(|a| (a.label.clone(), a.prob.clone()))
            .collect();
        b.infoset(h.mover, h.label.clone(), moves)
            .expect("the game's own information set");
    }
    for o in game.outcomes() {
        let mut payoffs = o.payoffs.clone();
        payoffs[1] = Num::new(-&o.payoffs[0].value);
        b.outcome(o.label.clone(), payoffs)
            .expect("the game's own outcome");
    }
    for node in game.nodes() {
        b.node(node.label.clone(), node.infoset, node.outcome)
            .expect("the game's own node");
    }
    b.finish().expect("the game's own tree")
}

/// A poker-like game: chance deals one card to each of two players from a deck of `cards`
/// distinct cards (every ordered pair equally likely); player 1 checks or bets, player 2 (after a
/// bet) calls or folds, (after a check) checks or bets, and player 1 then calls or folds. The
/// higher card wins the pot. Each player sees only their own card and the betting.
pub fn poker(cards: u32) -> Efg {
    assert!(cards >= 2, "poker needs at least two cards");
    let mut b = EfgBuilder::new(
        format!("poker with {cards} cards"),
        vec!["Player 1".into(), "Player 2".into()],
    );
    b.comment("Each antes 1; a bet or call adds 1.");
    let pairs = cards * (cards - 1);
    let deal: Vec<(String, Option<Num>)> = (0..cards)
        .flat_map(|i| (0..cards).filter(move |&j| j != i).map(move |j| (i, j)))
        .map(|(i, j)| {
            (
                format!("{i}{j}"),
                Some(Num::new(Rational::new(1, pairs as i64))),
            )
        })
        .collect();
    let root = b.infoset(Mover::Chance, "deal", deal).expect("valid deal");
    b.node("", Some(root), None).expect("root");
    let two = |l: &str, r: &str| vec![(l.to_string(), None), (r.to_string(), None)];
    // Information sets by card: player 1 first, player 2 after a bet, after a check, player 1
    // after check-bet.
    let mut p1 = Vec::new();
    let mut p2_bet = Vec::new();
    let mut p2_check = Vec::new();
    let mut p1_again = Vec::new();
    for c in 0..cards {
        p1.push(
            b.infoset(Mover::Player(0), format!("{c}"), two("check", "bet"))
                .expect("ok"),
        );
    }
    for c in 0..cards {
        p2_bet.push(
            b.infoset(Mover::Player(1), format!("{c} b"), two("fold", "call"))
                .expect("ok"),
        );
        p2_check.push(
            b.infoset(Mover::Player(1), format!("{c} c"), two("check", "bet"))
                .expect("ok"),
        );
    }
    for c in 0..cards {
        p1_again.push(
            b.infoset(Mover::Player(0), format!("{c} cb"), two("fold", "call"))
                .expect("ok"),
        );
    }
    let mut outcomes: HashMap<i64, crate::tree::OutcomeId> = HashMap::new();
    let mut pay = |b: &mut EfgBuilder, v: i64| {
        *outcomes.entry(v).or_insert_with(|| {
            b.outcome(format!("{v:+}"), vec![Num::from(v), Num::from(-v)])
                .expect("two payoffs")
        })
    };
    for i in 0..cards {
        for j in (0..cards).filter(|&j| j != i) {
            let win = if i > j { 1 } else { -1 };
            b.node("", Some(p1[i as usize]), None).expect("ok");
            // check
            b.node("", Some(p2_check[j as usize]), None).expect("ok");
            let o = pay(&mut b, win);
            b.node("", None, Some(o)).expect("ok"); // check-check: showdown for 1
            b.node("", Some(p1_again[i as usize]), None).expect("ok");
            let o = pay(&mut b, -1);
            b.node("", None, Some(o)).expect("ok"); // fold
            let o = pay(&mut b, 2 * win);
            b.node("", None, Some(o)).expect("ok"); // call
            // bet
            b.node("", Some(p2_bet[j as usize]), None).expect("ok");
            let o = pay(&mut b, 1);
            b.node("", None, Some(o)).expect("ok"); // fold
            let o = pay(&mut b, 2 * win);
            b.node("", None, Some(o)).expect("ok"); // call
        }
    }
    b.finish().expect("poker is well formed")
}

/// Leduc hold'em (F. Southey et al., *Bayes' bluff: opponent modelling in poker*, UAI 2005)
/// with `ranks` ranks of two suits, built as OpenSpiel's `leduc_poker` is for three ranks (its
/// only two-player deck). Chance deals player 1 a card, then player 2 one of the others; each
/// antes 1 and sees only their own card. In each of two betting rounds, player 1 first, a player
/// may fold (only when facing a raise), call (check when not facing one) or raise (at most two
/// raises a round), by 2 in the first round and 4 in the second; the round ends when a call
/// answers a raise or both check. Between the rounds chance turns one of the remaining cards
/// face up. At the showdown a player whose card pairs the public card wins, otherwise the higher
/// rank; equal ranks split the pot. Moves are in OpenSpiel's order (fold, call, raise), cards
/// dealt in its order (rank by rank, two suits each), each chance node its own information set.
///
/// The tree has `1 + 2r + 2r(2r − 1)(15 + 150(r − 1))` nodes for `r` ranks: 9,457 for Leduc,
/// with 468 information sets per player. Leduc is worth about −0.0856 to player 1: exactly
/// −1454920850547486749701863871533/16995463438839962469905132501930, the value of the exact
/// equilibrium that [`sequence_lp`](crate::nash::sequence_lp) recovers.
pub fn leduc(ranks: u32) -> Efg {
    assert!(ranks >= 2, "Leduc needs at least two ranks");
    let mut b = EfgBuilder::new(
        format!("Leduc hold'em with {ranks} ranks"),
        vec!["Player 1".into(), "Player 2".into()],
    );
    b.comment(
        "Each antes 1; raises are 2 in the first round and 4 in the second, at most two a round.",
    );
    let mut g = Leduc {
        b,
        ranks,
        sets: HashMap::new(),
        outcomes: HashMap::new(),
    };
    let deck: Vec<u32> = (0..2 * ranks).collect();
    let first = g.chance("deal to player 1", &deck);
    g.b.node("", Some(first), None).expect("the root");
    for &one in &deck {
        let rest: Vec<u32> = deck.iter().copied().filter(|&c| c != one).collect();
        let second = g.chance("deal to player 2", &rest);
        g.b.node("", Some(second), None).expect("preorder");
        for &two in &rest {
            g.bet(Round {
                cards: [one, two],
                public: None,
                history: [String::new(), String::new()],
                ante: [1, 1],
                raises: 0,
                calls: 0,
                mover: 0,
            });
        }
    }
    g.b.finish().expect("Leduc is well formed")
}

/// Leduc's builder: the information sets by (player, label), the outcomes by player 1's payoff.
struct Leduc {
    b: EfgBuilder,
    ranks: u32,
    sets: HashMap<(usize, String), InfosetId>,
    outcomes: HashMap<i64, crate::tree::OutcomeId>,
}

/// The state of a betting round.
#[derive(Clone)]
struct Round {
    /// The private cards (card `c` has rank `c / 2`).
    cards: [u32; 2],
    /// The public card, in the second round.
    public: Option<u32>,
    /// The moves of each round so far: `f`, `c`, `r`.
    history: [String; 2],
    /// Each player's chips in the pot.
    ante: [i64; 2],
    raises: u32,
    calls: u32,
    mover: usize,
}

impl Leduc {
    /// A card's name: its rank (the highest of `A23456789TJQK` for up to 13 ranks, a number
    /// beyond) and suit.
    fn card(&self, c: u32) -> String {
        let (rank, suit) = (c / 2, ['s', 'h'][(c % 2) as usize]);
        if self.ranks <= 13 {
            let names = "A23456789TJQK".as_bytes();
            let name = names[(13 - self.ranks + rank) as usize] as char;
            format!("{name}{suit}")
        } else {
            format!("{}{suit}", rank + 1)
        }
    }

    /// A chance information set dealing one of `cards`, each equally likely.
    fn chance(&mut self, label: &str, cards: &[u32]) -> InfosetId {
        let p = Rational::new(1, cards.len() as i64);
        let moves = cards
            .iter()
            .map(|&c| (self.card(c), Some(Num::new(p.clone()))))
            .collect();
        self.b
            .infoset(Mover::Chance, label, moves)
            .expect("a uniform deal")
    }

    /// A terminal node paying `v` to player 1 and `−v` to player 2.
    fn pay(&mut self, v: i64) {
        let b = &mut self.b;
        let o = *self.outcomes.entry(v).or_insert_with(|| {
            b.outcome(format!("{v:+}"), vec![Num::from(v), Num::from(-v)])
                .expect("two payoffs")
        });
        self.b.node("", None, Some(o)).expect("preorder");
    }

    /// The decision node of `s.mover` and everything below it.
    fn bet(&mut self, s: Round) {
        let p = s.mover;
        let round = usize::from(s.public.is_some());
        let stakes = s.ante[0].max(s.ante[1]);
        let facing = stakes > s.ante[p];
        let moves: Vec<char> = [(facing, 'f'), (true, 'c'), (s.raises < 2, 'r')]
            .into_iter()
            .filter_map(|(legal, m)| legal.then_some(m))
            .collect();
        let mut label = format!("{}:{}", self.card(s.cards[p]), s.history[0]);
        if let Some(public) = s.public {
            label += &format!(":{}:{}", self.card(public), s.history[1]);
        }
        let h = match self.sets.get(&(p, label.clone())) {
            Some(&h) => h,
            None => {
                let names = moves
                    .iter()
                    .map(|m| {
                        let name = match m {
                            'f' => "fold",
                            'c' => "call",
                            _ => "raise",
                        };
                        (name.to_string(), None)
                    })
                    .collect();
                let h = self
                    .b
                    .infoset(Mover::Player(p as u32), label.clone(), names)
                    .expect("a set with moves");
                self.sets.insert((p, label), h);
                h
            }
        };
        self.b.node("", Some(h), None).expect("preorder");
        for m in moves {
            let mut t = s.clone();
            t.history[round].push(m);
            match m {
                'f' => self.pay(if p == 0 { -s.ante[0] } else { s.ante[1] }),
                'c' => {
                    t.ante[p] = stakes;
                    t.calls += 1;
                    let over = if t.raises == 0 {
                        t.calls == 2
                    } else {
                        t.calls == 1
                    };
                    if !over {
                        t.mover = 1 - p;
                        self.bet(t);
                    } else if round == 0 {
                        self.public(t);
                    } else {
                        self.showdown(&t);
                    }
                }
                _ => {
                    t.ante[p] = stakes + if round == 0 { 2 } else { 4 };
                    t.raises += 1;
                    t.calls = 0;
                    t.mover = 1 - p;
                    self.bet(t);
                }
            }
        }
    }

    /// The chance node turning up the public card, and the second round below it.
    fn public(&mut self, s: Round) {
        let rest: Vec<u32> = (0..2 * self.ranks)
            .filter(|c| !s.cards.contains(c))
            .collect();
        let h = self.chance("public card", &rest);
        self.b.node("", Some(h), None).expect("preorder");
        for c in rest {
            self.bet(Round {
                public: Some(c),
                raises: 0,
                calls: 0,
                mover: 0,
                ..s.clone()
            });
        }
    }

    /// The showdown after the second round: a pair wins, else the higher rank; ties split.
    fn showdown(&mut self, s: &Round) {
        let public = s.public.expect("the second round") / 2;
        let strength = |c: u32| (c / 2 == public, c / 2);
        let (one, two) = (strength(s.cards[0]), strength(s.cards[1]));
        // Both have put the same in the pot.
        let v = match one.cmp(&two) {
            std::cmp::Ordering::Greater => s.ante[1],
            std::cmp::Ordering::Less => -s.ante[0],
            std::cmp::Ordering::Equal => 0,
        };
        self.pay(v);
    }
}

/// A two-player stage game with two moves each, played `rounds` times with the moves of each
/// round simultaneous (player 2 does not see player 1's move of the round) and all earlier moves
/// observed; payoffs are the sums over rounds. `stage` gives the stage payoffs
/// `[(u1, u2); 4]` for the move pairs (0,0), (0,1), (1,0), (1,1).
pub fn repeated(rounds: u32, stage: [(i64, i64); 4]) -> Efg {
    let mut b = EfgBuilder::new(
        format!("stage game repeated {rounds} times"),
        vec!["Player 1".into(), "Player 2".into()],
    );
    fn moves(x: &str, y: &str) -> Vec<(String, Option<Num>)> {
        vec![(x.to_string(), None), (y.to_string(), None)]
    }
    type Outcomes = HashMap<(i64, i64), crate::tree::OutcomeId>;
    fn go(
        b: &mut EfgBuilder,
        outcomes: &mut Outcomes,
        left: u32,
        total: (i64, i64),
        stage: &[(i64, i64); 4],
    ) {
        if left == 0 {
            // One outcome per total, labelled by it.
            let o = *outcomes.entry(total).or_insert_with(|| {
                b.outcome(
                    format!("{} {}", total.0, total.1),
                    vec![Num::from(total.0), Num::from(total.1)],
                )
                .expect("two payoffs")
            });
            b.node("", None, Some(o)).expect("ok");
            return;
        }
        let h1 = b
            .infoset(Mover::Player(0), "", moves("C", "D"))
            .expect("ok");
        let h2 = b
            .infoset(Mover::Player(1), "", moves("c", "d"))
            .expect("ok");
        b.node("", Some(h1), None).expect("ok");
        for i in 0..2 {
            b.node("", Some(h2), None).expect("ok");
            for j in 0..2 {
                let (u, v) = stage[i * 2 + j];
                go(b, outcomes, left - 1, (total.0 + u, total.1 + v), stage);
            }
        }
    }
    go(&mut b, &mut HashMap::new(), rounds, (0, 0), &stage);
    b.finish().expect("repeated games are well formed")
}

/// The prisoner's dilemma stage payoffs (C = cooperate, D = defect).
pub const PRISONERS_DILEMMA: [(i64, i64); 4] = [(3, 3), (0, 5), (5, 0), (1, 1)];

/// A random bimatrix game with integer payoffs in `-range ..= range`.
pub fn random_bimatrix(
    m: usize,
    n: usize,
    range: i64,
    seed: u64,
) -> (crate::Matrix, crate::Matrix) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut a = crate::Matrix::zeros(m, n);
    let mut bm = crate::Matrix::zeros(m, n);
    for i in 0..m {
        for j in 0..n {
            a.set(i, j, Rational::from(rng.random_range(-range..=range)));
            bm.set(i, j, Rational::from(rng.random_range(-range..=range)));
        }
    }
    (a, bm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recall::Recall;

    #[test]
    fn leduc_has_openspiels_tree() {
        // OpenSpiel's leduc_poker, walked: 9,457 histories, 5,520 terminal, 157 chance, 3,780
        // decisions in 468 information sets per player (936 information state strings).
        let game = leduc(3);
        assert_eq!(game.num_nodes(), 9457);
        let terminal = game.nodes().iter().filter(|n| n.infoset.is_none()).count();
        assert_eq!(terminal, 5520);
        let movers: Vec<Mover> = game.infosets().iter().map(|h| h.mover).collect();
        let count = |m: Mover| movers.iter().filter(|&&x| x == m).count();
        assert_eq!(count(Mover::Chance), 157);
        assert_eq!(
            (count(Mover::Player(0)), count(Mover::Player(1))),
            (468, 468)
        );
        let decisions = game
            .nodes()
            .iter()
            .filter(|n| {
                n.infoset
                    .is_some_and(|h| movers[h.index()] != Mover::Chance)
            })
            .count();
        assert_eq!(decisions, 3780);
        assert!(Recall::check(&game).is_perfect());
        assert!(game.outcomes().iter().all(|o| {
            let [u, v] = &o.payoffs[..] else { panic!() };
            &u.value + &v.value == Rational::ZERO && u.value.to_f64().abs() <= 13.0
        }));
        assert_eq!(game.infoset(InfosetId(2)).label, "Js:");
        assert_eq!(
            game.actions_of(InfosetId(0))
                .iter()
                .map(|a| a.label.as_str())
                .collect::<Vec<_>>(),
            ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"]
        );
    }

    #[test]
    fn leduc_grows_with_the_ranks_and_is_bounded() {
        for r in [2u64, 4, 5] {
            let nodes = 1 + 2 * r + 2 * r * (2 * r - 1) * (15 + 150 * (r - 1));
            assert_eq!(leduc(r as u32).num_nodes() as u64, nodes, "{r}");
        }
        let params = |size| Params {
            size,
            ..Params::default()
        };
        assert!(generate("leduc", &params(1)).is_err());
        assert!(generate("leduc", &params(27)).is_err());
        assert_eq!(generate("leduc", &params(3)).unwrap(), leduc(3));
    }
}
