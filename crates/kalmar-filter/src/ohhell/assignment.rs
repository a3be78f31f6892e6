//! Suit-length assignments (Section 5.3 of the paper): how many unknown cards of each suit each
//! player — and the undealt stock — holds. A deal has one assignment; an assignment stands for
//!
//! ```text
//! ∏_suits u_s! / ∏_rows a_{r,s}!  ×  (k!)^N
//! ```
//!
//! histories: the ways to split each suit's `u_s` unknown cards among the rows with the given
//! lengths, times the orders in which each player's `k` cards (played ones included) can have come
//! in the deal. Summing over the valid assignments counts `H_S` without enumerating it.
//!
//! # Complexity
//! [`Constraints::count`] is a dynamic program over the rows (players, then the stock) whose states
//! are the unknown cards left in each suit: at most `∏_s (u_s + 1)` states per row, each trying
//! every way for the row to take its hidden cards from its suits.

use super::public::Constraints;
use super::rules::{Card, MAX_PLAYERS, MAX_SUITS, cards};
use foldhash::HashMap;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use rand::Rng;
use rand::seq::SliceRandom;

/// A suit-length assignment: unknown cards per row (players, then the stock) and suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Assignment {
    /// Row-major: `counts[row * MAX_SUITS + suit]`.
    counts: [u8; CELLS],
}

const CELLS: usize = (MAX_PLAYERS + 1) * MAX_SUITS;

impl std::hash::Hash for Assignment {
    /// Four words instead of 32 bytes one by one: assignments are hashed in the sampler's hot loop.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for word in self.counts.chunks_exact(8) {
            state.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
    }
}

impl Assignment {
    /// The all-zero assignment.
    pub fn zero() -> Self {
        Assignment { counts: [0; CELLS] }
    }
    /// The unknown cards of `suit` in `row`.
    pub fn get(&self, row: usize, suit: usize) -> u8 {
        self.counts[row * MAX_SUITS + suit]
    }
    /// Sets the unknown cards of `suit` in `row`.
    pub fn set(&mut self, row: usize, suit: usize, value: u8) {
        self.counts[row * MAX_SUITS + suit] = value;
    }
    /// `Σ ln a_{r,s}!` over all entries (those beyond the game's rows and suits are zero).
    pub fn ln_cell_factorials(&self) -> f64 {
        self.counts
            .iter()
            .filter(|&&c| c > 1)
            .map(|&c| ln_factorial(c as usize))
            .sum()
    }
}

/// `n!` as a big integer.
pub fn factorial(n: usize) -> BigUint {
    (1..=n as u64).fold(BigUint::one(), |acc, i| acc * i)
}

/// Pascal's triangle up to `n`: `binomials(n)[a][b]` is `a choose b`.
fn binomials(n: usize) -> Vec<Vec<BigUint>> {
    let mut rows: Vec<Vec<BigUint>> = Vec::with_capacity(n + 1);
    for a in 0..=n {
        let row = (0..=a)
            .map(|b| {
                if b == 0 || b == a {
                    BigUint::one()
                } else {
                    &rows[a - 1][b - 1] + &rows[a - 1][b]
                }
            })
            .collect();
        rows.push(row);
    }
    rows
}

/// `ln n!` for `n` up to 64 (a deck has at most 52 cards), from a table built once.
pub fn ln_factorial(n: usize) -> f64 {
    static TABLE: std::sync::OnceLock<[f64; 65]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0.0; 65];
        for i in 2..65 {
            t[i] = t[i - 1] + (i as f64).ln();
        }
        t
    });
    table[n]
}

impl Constraints {
    /// Whether `a` is a valid assignment: row sums are the hidden cards, column sums the unknown
    /// cards of each suit, and void entries are zero.
    pub fn is_valid(&self, a: &Assignment) -> bool {
        let (rows, suits) = (self.rows(), self.game.suits());
        (0..rows).all(|r| {
            (0..suits).map(|s| a.get(r, s) as usize).sum::<usize>() == self.hidden[r] as usize
                && (0..suits).all(|s| self.allows(r, s) || a.get(r, s) == 0)
        }) && (0..suits)
            .all(|s| (0..rows).map(|r| a.get(r, s) as usize).sum::<usize>() == self.unknown_in(s))
    }

    /// The orders of the deal per split of the cards: `(k!)^N`.
    fn deal_orders(&self) -> BigUint {
        factorial(self.game.tricks()).pow(self.game.players() as u32)
    }

    /// The number of histories with assignment `a` (zero when `a` is not valid or the plays
    /// contradict the voids).
    pub fn histories_with(&self, a: &Assignment) -> BigUint {
        if !self.consistent || !self.is_valid(a) {
            return BigUint::zero();
        }
        let mut count = self.deal_orders();
        for s in 0..self.game.suits() {
            count *= factorial(self.unknown_in(s));
            for r in 0..self.rows() {
                count /= factorial(a.get(r, s) as usize);
            }
        }
        count
    }

    /// `ln` of [`Constraints::histories_with`] for a valid `a`.
    pub fn ln_histories_with(&self, a: &Assignment) -> f64 {
        self.ln_histories_base() - a.ln_cell_factorials()
    }

    /// The part of `ln` [`Constraints::histories_with`] that is the same for every assignment:
    /// `N ln k! + Σ_s ln u_s!`.
    pub fn ln_histories_base(&self) -> f64 {
        self.game.players() as f64 * ln_factorial(self.game.tricks())
            + (0..self.game.suits())
                .map(|s| ln_factorial(self.unknown_in(s)))
                .sum::<f64>()
    }

    /// Calls `visit` with every way for `row` to take its hidden cards from the suits it may hold,
    /// at most `left[s]` of suit `s` (`take[s]` cards of suit `s`).
    fn row_splits(
        &self,
        row: usize,
        left: &[u8; MAX_SUITS],
        visit: &mut dyn FnMut(&[u8; MAX_SUITS]),
    ) {
        fn go(
            c: &Constraints,
            row: usize,
            suit: usize,
            need: usize,
            left: &[u8; MAX_SUITS],
            take: &mut [u8; MAX_SUITS],
            visit: &mut dyn FnMut(&[u8; MAX_SUITS]),
        ) {
            if suit == c.game.suits() {
                if need == 0 {
                    visit(take);
                }
                return;
            }
            let most = if c.allows(row, suit) {
                need.min(left[suit] as usize)
            } else {
                0
            };
            for x in 0..=most {
                take[suit] = x as u8;
                go(c, row, suit + 1, need - x, left, take, visit);
            }
            take[suit] = 0;
        }
        let mut take = [0u8; MAX_SUITS];
        go(
            self,
            row,
            0,
            self.hidden[row] as usize,
            left,
            &mut take,
            visit,
        );
    }

    /// The unknown cards of each suit.
    fn suit_lengths(&self) -> [u8; MAX_SUITS] {
        let mut lengths = [0u8; MAX_SUITS];
        for (s, l) in lengths.iter_mut().enumerate().take(self.game.suits()) {
            *l = self.unknown_in(s) as u8;
        }
        lengths
    }

    /// `|H_S|`: the number of histories of the public state, by a dynamic program over the rows
    /// whose states are the unknown cards left in each suit.
    pub fn count(&self) -> BigUint {
        if !self.consistent {
            return BigUint::zero();
        }
        let binomial = binomials(self.game.deck());
        let mut ways: HashMap<[u8; MAX_SUITS], BigUint> = HashMap::default();
        ways.insert(self.suit_lengths(), BigUint::one());
        for row in 0..self.rows() {
            let mut next: HashMap<[u8; MAX_SUITS], BigUint> = HashMap::default();
            for (left, w) in &ways {
                self.row_splits(row, left, &mut |take| {
                    let mut rest = *left;
                    let mut product = w.clone();
                    for s in 0..self.game.suits() {
                        product *= &binomial[left[s] as usize][take[s] as usize];
                        rest[s] -= take[s];
                    }
                    *next.entry(rest).or_insert_with(BigUint::zero) += product;
                });
            }
            ways = next;
        }
        ways.remove(&[0u8; MAX_SUITS]).unwrap_or_default() * self.deal_orders()
    }

    /// Every valid assignment (for public states small enough to list them).
    pub fn assignments(&self) -> Vec<Assignment> {
        let mut all = Vec::new();
        if self.consistent {
            self.assignments_from(0, self.suit_lengths(), &mut Assignment::zero(), &mut all);
        }
        all
    }

    fn assignments_from(
        &self,
        row: usize,
        left: [u8; MAX_SUITS],
        current: &mut Assignment,
        all: &mut Vec<Assignment>,
    ) {
        if row == self.rows() {
            if left.iter().all(|&l| l == 0) {
                all.push(*current);
            }
            return;
        }
        let mut takes = Vec::new();
        self.row_splits(row, &left, &mut |t| takes.push(*t));
        for take in takes {
            let mut rest = left;
            for s in 0..self.game.suits() {
                rest[s] -= take[s];
                current.set(row, s, take[s]);
            }
            self.assignments_from(row + 1, rest, current, all);
        }
        for s in 0..self.game.suits() {
            current.set(row, s, 0);
        }
    }

    /// The assignment of a deal (the cards in deal order), if the deal gives each player the
    /// cards they play.
    pub fn assignment_of(&self, deal: &[Card]) -> Assignment {
        let g = &self.game;
        let mut a = Assignment::zero();
        for (j, &card) in deal.iter().enumerate() {
            let p = g.receiver(j).index();
            if self.known[p] & (1 << card.0) == 0 {
                let s = g.suit(card);
                a.set(p, s, a.get(p, s) + 1);
            }
        }
        let stock = g.players();
        for s in 0..g.suits() {
            let dealt: usize = (0..stock).map(|p| a.get(p, s) as usize).sum();
            a.set(stock, s, self.unknown_in(s).saturating_sub(dealt) as u8);
        }
        a
    }

    /// A deal with assignment `a`; `shuffle` permutes a slice of cards (identity for a fixed deal,
    /// a random shuffle for a uniform one).
    fn deal_with(&self, a: &Assignment, shuffle: &mut dyn FnMut(&mut [Card])) -> Vec<Card> {
        let g = &self.game;
        let mut hands: Vec<Vec<Card>> = (0..g.players())
            .map(|p| cards(self.known[p]).collect())
            .collect();
        for s in 0..g.suits() {
            let mut pool: Vec<Card> = cards(self.unknown & g.suit_mask(s)).collect();
            shuffle(&mut pool);
            let mut next = pool.into_iter();
            for (p, hand) in hands.iter_mut().enumerate() {
                hand.extend(next.by_ref().take(a.get(p, s) as usize));
            }
        }
        for hand in &mut hands {
            shuffle(hand);
        }
        let mut taken = vec![0usize; g.players()];
        (0..g.dealt())
            .map(|j| {
                let p = g.receiver(j).index();
                taken[p] += 1;
                hands[p][taken[p] - 1]
            })
            .collect()
    }

    /// A deal with the valid assignment `a`: each suit's unknown cards in increasing order, each
    /// hand dealt in increasing order.
    pub fn deal_in_order(&self, a: &Assignment) -> Vec<Card> {
        self.deal_with(a, &mut |_| {})
    }

    /// A deal drawn uniformly from the histories of the valid assignment `a`.
    pub fn random_deal(&self, a: &Assignment, rng: &mut impl Rng) -> Vec<Card> {
        self.deal_with(a, &mut |cards| cards.shuffle(rng))
    }
}

/// Draws suit-length assignments in proportion to their numbers of histories, and so deals
/// uniformly from all histories of the public state, without listing them: the counting dynamic
/// program run backwards, with each row's split drawn in proportion to the ways to complete it.
#[derive(Clone, Debug)]
pub struct UniformDeals {
    constraints: Constraints,
    /// For each row, the ways to fill the rows from it on, by unknown cards left per suit.
    completions: Vec<HashMap<[u8; MAX_SUITS], BigUint>>,
    binomial: Vec<Vec<BigUint>>,
}

impl UniformDeals {
    /// The sampler of the public state of `constraints`, or `None` when it has no history.
    pub fn new(constraints: &Constraints) -> Option<Self> {
        let mut uniform = UniformDeals {
            constraints: constraints.clone(),
            completions: vec![HashMap::default(); constraints.rows() + 1],
            binomial: binomials(constraints.game.deck()),
        };
        let lengths = constraints.suit_lengths();
        (constraints.consistent && !uniform.complete(0, lengths).is_zero()).then_some(uniform)
    }

    /// The ways to fill rows `row..` with `left` unknown cards per suit (memoised).
    fn complete(&mut self, row: usize, left: [u8; MAX_SUITS]) -> BigUint {
        if row == self.constraints.rows() {
            return if left.iter().all(|&l| l == 0) {
                BigUint::one()
            } else {
                BigUint::zero()
            };
        }
        if let Some(w) = self.completions[row].get(&left) {
            return w.clone();
        }
        let mut takes = Vec::new();
        self.constraints
            .row_splits(row, &left, &mut |t| takes.push(*t));
        let mut sum = BigUint::zero();
        for take in takes {
            let (weight, rest) = self.split_weight(&left, &take);
            sum += weight * self.complete(row + 1, rest);
        }
        self.completions[row].insert(left, sum.clone());
        sum
    }

    /// `∏_s C(left_s, take_s)` and what is left after `take`.
    fn split_weight(
        &self,
        left: &[u8; MAX_SUITS],
        take: &[u8; MAX_SUITS],
    ) -> (BigUint, [u8; MAX_SUITS]) {
        let mut rest = *left;
        let mut weight = BigUint::one();
        for s in 0..self.constraints.game.suits() {
            weight *= &self.binomial[left[s] as usize][take[s] as usize];
            rest[s] -= take[s];
        }
        (weight, rest)
    }

    /// An assignment drawn in proportion to its number of histories.
    pub fn assignment(&self, rng: &mut impl Rng) -> Assignment {
        let mut a = Assignment::zero();
        let mut left = self.constraints.suit_lengths();
        for row in 0..self.constraints.rows() {
            let mut takes = Vec::new();
            self.constraints
                .row_splits(row, &left, &mut |t| takes.push(*t));
            let weights: Vec<f64> = takes
                .iter()
                .map(|take| {
                    let (weight, rest) = self.split_weight(&left, take);
                    let ways = self.completions[row + 1]
                        .get(&rest)
                        .cloned()
                        .unwrap_or_else(|| {
                            if row + 1 == self.constraints.rows() && rest.iter().all(|&l| l == 0) {
                                BigUint::one()
                            } else {
                                BigUint::zero()
                            }
                        });
                    (weight * ways).to_f64().unwrap_or(f64::MAX)
                })
                .collect();
            let total: f64 = weights.iter().sum();
            let mut u = rng.random::<f64>() * total;
            let mut pick = takes.len() - 1;
            for (i, w) in weights.iter().enumerate() {
                if u < *w {
                    pick = i;
                    break;
                }
                u -= w;
            }
            for s in 0..self.constraints.game.suits() {
                a.set(row, s, takes[pick][s]);
                left[s] -= takes[pick][s];
            }
        }
        a
    }

    /// A deal drawn uniformly from all histories of the public state.
    pub fn deal(&self, rng: &mut impl Rng) -> Vec<Card> {
        let a = self.assignment(rng);
        self.constraints.random_deal(&a, rng)
    }
}
