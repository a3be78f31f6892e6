//! The rules of Oh Hell as a factored-observation game.
//!
//! `N` players, a deck of `suits × ranks` cards, `k` tricks. The deal gives `k` cards to each
//! player, one card per step, starting left of the dealer and going round; the next card is turned
//! face up and fixes trumps (the rest of the deck stays face down). Bidding starts left of the
//! dealer: each player bids a number of tricks from 0 to `k`, and the dealer, who bids last, may
//! not bid so that the bids add up to `k`. Play: the player left of the dealer leads the first
//! trick; each player must follow the suit led if they can; the highest trump wins, otherwise the
//! highest card of the suit led; the winner leads the next trick. Scoring (as OpenSpiel's Oh
//! Hell): one point per trick won and ten more for winning exactly the tricks bid, paid when the
//! last trick ends.
//!
//! Observations: everybody sees who is dealt a card (`deal>p`), the trump card, every bid and every
//! card played; only the receiver sees which card is dealt. So the public state fixes everything
//! but the hidden cards and the order of the deal.
//!
//! ```
//! use kalmar_filter::ohhell::OhHell;
//! let game = OhHell::new(3, 2, 4, 2).unwrap();
//! assert_eq!((game.deck(), game.dealt()), (8, 6));
//! let ace_of_clubs = game.parse_card("Ac").unwrap();
//! assert_eq!(game.card_name(ace_of_clubs), "Ac");
//! assert!(OhHell::new(3, 2, 4, 3).is_err()); // 10 cards do not fit a deck of 8
//! ```

use crate::fosg::{Fosg, History};
use kalmar_core::{Player, Rational};
use std::fmt;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 7;
/// The most suits.
pub const MAX_SUITS: usize = 4;
/// The most ranks per suit.
pub const MAX_RANKS: usize = 13;
const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
const SUIT_CHARS: &[u8; 4] = b"cdhs";

/// Why game parameters were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParamsError(String);

/// A card: `suit × ranks + rank`, rank 0 the lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);

/// An Oh Hell game: its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OhHell {
    players: u8,
    suits: u8,
    ranks: u8,
    tricks: u8,
    dealer: u8,
}

impl OhHell {
    /// A game of `players` players (2 to 7) with `suits` suits (1 to 4) of `ranks` ranks (1 to 13)
    /// and `tricks` tricks; the last player deals. Each player is dealt `tricks` cards and one more
    /// card is turned for trumps, so `players × tricks + 1` cards must fit the deck.
    pub fn new(
        players: usize,
        suits: usize,
        ranks: usize,
        tricks: usize,
    ) -> Result<Self, ParamsError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(ParamsError(format!(
                "players must be 2 to {MAX_PLAYERS}, not {players}"
            )));
        }
        if !(1..=MAX_SUITS).contains(&suits) {
            return Err(ParamsError(format!(
                "suits must be 1 to {MAX_SUITS}, not {suits}"
            )));
        }
        if !(1..=MAX_RANKS).contains(&ranks) {
            return Err(ParamsError(format!(
                "ranks must be 1 to {MAX_RANKS}, not {ranks}"
            )));
        }
        if tricks == 0 || players * tricks + 1 > suits * ranks {
            return Err(ParamsError(format!(
                "tricks must be at least 1 and {players} players x {tricks} tricks + 1 trump card \
                 must fit a deck of {} cards",
                suits * ranks
            )));
        }
        Ok(OhHell {
            players: players as u8,
            suits: suits as u8,
            ranks: ranks as u8,
            tricks: tricks as u8,
            dealer: players as u8 - 1,
        })
    }

    /// The same game with another dealer.
    ///
    /// # Panics
    /// If `dealer` is not a player of the game.
    pub fn with_dealer(mut self, dealer: Player) -> Self {
        assert!(
            dealer.index() < self.players as usize,
            "the dealer is a player"
        );
        self.dealer = dealer.0;
        self
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// The number of suits.
    pub fn suits(&self) -> usize {
        self.suits as usize
    }
    /// The number of ranks per suit.
    pub fn ranks(&self) -> usize {
        self.ranks as usize
    }
    /// The number of tricks (cards dealt to each player).
    pub fn tricks(&self) -> usize {
        self.tricks as usize
    }
    /// The dealer.
    pub fn dealer(&self) -> Player {
        Player(self.dealer)
    }
    /// The number of cards in the deck.
    pub fn deck(&self) -> usize {
        self.suits as usize * self.ranks as usize
    }
    /// The number of cards dealt to the players.
    pub fn dealt(&self) -> usize {
        self.players as usize * self.tricks as usize
    }
    /// The player who receives the deal's `step`-th card (0-based).
    pub fn receiver(&self, step: usize) -> Player {
        Player(((self.dealer as usize + 1 + step) % self.players as usize) as u8)
    }
    /// The suit of `card`.
    pub fn suit(&self, card: Card) -> usize {
        card.0 as usize / self.ranks as usize
    }
    /// The mask of all cards of `suit`.
    pub fn suit_mask(&self, suit: usize) -> u64 {
        let width = self.ranks as u32;
        (((1u128 << width) - 1) as u64) << (suit as u32 * width)
    }
    /// The mask of the whole deck.
    pub fn deck_mask(&self) -> u64 {
        ((1u128 << self.deck()) - 1) as u64
    }

    /// The card's name: rank then suit, as `Ah` or `Tc`. A suit of `r` ranks uses the top `r` of
    /// `23456789TJQKA`.
    pub fn card_name(&self, card: Card) -> String {
        let rank = card.0 as usize % self.ranks as usize + MAX_RANKS - self.ranks as usize;
        let suit = self.suit(card);
        format!("{}{}", RANK_CHARS[rank] as char, SUIT_CHARS[suit] as char)
    }

    /// The deal of a history: the cards in deal order.
    pub fn deal_of(&self, history: &History<OhHell>) -> Vec<Card> {
        history[..self.dealt()]
            .iter()
            .filter_map(|s| match s.outcome {
                Outcome::Card(c) => Some(c),
                Outcome::Move => None,
            })
            .collect()
    }

    /// The names of the cards.
    pub fn card_names(&self, cards: &[Card]) -> Vec<String> {
        cards.iter().map(|&c| self.card_name(c)).collect()
    }

    /// Each player's cards of a deal (the cards in deal order), in the order dealt.
    ///
    /// ```
    /// use kalmar_filter::ohhell::OhHell;
    /// let game = OhHell::new(2, 2, 4, 2).unwrap();
    /// let deal: Vec<_> = ["Jc", "Qc", "Kc", "Ac"].iter().map(|c| game.parse_card(c).unwrap()).collect();
    /// let hands = game.hands_of(&deal);
    /// assert_eq!(hands.len(), 2);
    /// assert_eq!(hands.iter().map(Vec::len).sum::<usize>(), 4);
    /// assert_eq!(game.hands(&deal), format!("0: {} | 1: {}",
    ///     game.card_names(&hands[0]).join(" "), game.card_names(&hands[1]).join(" ")));
    /// ```
    pub fn hands_of(&self, deal: &[Card]) -> Vec<Vec<Card>> {
        let mut hands = vec![Vec::new(); self.players()];
        for (j, &card) in deal.iter().enumerate() {
            hands[self.receiver(j).index()].push(card);
        }
        hands
    }

    /// Each player's cards of a deal in the order dealt: `0: Kc Ad | 1: …`.
    pub fn hands(&self, deal: &[Card]) -> String {
        self.hands_of(deal)
            .iter()
            .enumerate()
            .map(|(p, cards)| format!("{p}: {}", self.card_names(cards).join(" ")))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// The card named `name` (as [`OhHell::card_name`] writes it), if it is in the deck.
    pub fn parse_card(&self, name: &str) -> Option<Card> {
        let bytes = name.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let rank = RANK_CHARS
            .iter()
            .position(|&c| c == bytes[0].to_ascii_uppercase())?;
        let suit = SUIT_CHARS
            .iter()
            .position(|&c| c == bytes[1].to_ascii_lowercase())?;
        let low = MAX_RANKS - self.ranks as usize;
        if rank < low || suit >= self.suits as usize {
            return None;
        }
        Some(Card((suit * self.ranks as usize + rank - low) as u8))
    }

    /// Whether the dealer may bid `bid` after the other players' bids summing to `others`.
    pub fn dealer_may_bid(&self, others: usize, bid: usize) -> bool {
        others + bid != self.tricks as usize
    }

    /// The winner's offset from the leader in a complete trick.
    pub fn trick_winner(&self, trick: &[Card], trump: Card) -> usize {
        let trump_suit = self.suit(trump);
        let led = self.suit(trick[0]);
        let key = |c: Card| {
            let s = self.suit(c);
            let class = if s == trump_suit {
                2
            } else {
                u8::from(s == led)
            };
            (class, c.0)
        };
        (0..trick.len()).max_by_key(|&i| key(trick[i])).unwrap_or(0)
    }

    /// The score of a player who bid `bid` and won `won` tricks.
    pub fn score(&self, bid: u8, won: u8) -> i64 {
        won as i64 + if bid == won { 10 } else { 0 }
    }
}

/// Where a game of Oh Hell stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Cards are being dealt.
    Deal,
    /// The trump card is being turned.
    Trump,
    /// Players are bidding.
    Bid,
    /// Tricks are being played.
    Play,
    /// The game is over.
    Over,
}

/// A world state of Oh Hell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct World {
    /// The phase.
    pub phase: Phase,
    /// The cards dealt so far to the players.
    pub dealt: u8,
    /// The cards each player holds.
    pub hands: [u64; MAX_PLAYERS],
    /// The cards out of the deck (dealt or turned).
    pub used: u64,
    /// The trump card, once turned.
    pub trump: Option<Card>,
    /// The bids so far, in bidding order from the dealer's left.
    pub bids: [u8; MAX_PLAYERS],
    /// How many players have bid.
    pub bid_count: u8,
    /// The cards of the current trick, from its leader on.
    pub trick: [Card; MAX_PLAYERS],
    /// How many cards the current trick has.
    pub trick_len: u8,
    /// The leader of the current trick.
    pub leader: u8,
    /// The tricks each player has won.
    pub won: [u8; MAX_PLAYERS],
    /// How many tricks are complete.
    pub tricks_done: u8,
}

/// A player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Bid this many tricks.
    Bid(u8),
    /// Play this card.
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(b) => write!(f, "bid{b}"),
            Action::Play(c) => write!(f, "card{}", c.0),
        }
    }
}

/// The random part of a step: the card dealt or turned, or nothing for a player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This card is dealt (or turned for trumps).
    Card(Card),
    /// A player's move, which has no random part.
    Move,
}

/// What everybody observes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PublicObs {
    /// A card was dealt to this player.
    Dealt(Player),
    /// This card was turned for trumps.
    Trump(Card),
    /// This player bid this many tricks.
    Bid(Player, u8),
    /// This player played this card.
    Played(Player, Card),
}

impl fmt::Display for PublicObs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicObs::Dealt(p) => write!(f, "deal>{p}"),
            PublicObs::Trump(c) => write!(f, "trump:{}", c.0),
            PublicObs::Bid(p, b) => write!(f, "bid{p}:{b}"),
            PublicObs::Played(p, c) => write!(f, "play{p}:{}", c.0),
        }
    }
}

/// What one player alone observes: the card dealt to them, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrivateObs {
    /// Nothing private.
    Nothing,
    /// This card was dealt to the player.
    Received(Card),
}

impl fmt::Display for PrivateObs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrivateObs::Nothing => f.write_str("-"),
            PrivateObs::Received(c) => write!(f, "got:{}", c.0),
        }
    }
}

/// The cards of a mask, lowest first.
pub fn cards(mask: u64) -> impl Iterator<Item = Card> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Card(c)
        })
    })
}

impl OhHell {
    /// The player to act in a bidding or playing world state.
    pub fn to_act(&self, world: &World) -> Player {
        let n = self.players as usize;
        match world.phase {
            Phase::Bid => Player(((self.dealer as usize + 1 + world.bid_count as usize) % n) as u8),
            _ => Player(((world.leader as usize + world.trick_len as usize) % n) as u8),
        }
    }

    /// The cards `player` may play in `world` (following suit when possible).
    pub fn playable(&self, world: &World, player: Player) -> u64 {
        let hand = world.hands[player.index()];
        if world.trick_len == 0 {
            return hand;
        }
        let led = self.suit_mask(self.suit(world.trick[0]));
        if hand & led != 0 { hand & led } else { hand }
    }
}

impl Fosg for OhHell {
    type World = World;
    type Action = Action;
    type Outcome = Outcome;
    type PublicObs = PublicObs;
    type PrivateObs = PrivateObs;

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn initial(&self) -> World {
        World {
            phase: Phase::Deal,
            dealt: 0,
            hands: [0; MAX_PLAYERS],
            used: 0,
            trump: None,
            bids: [0; MAX_PLAYERS],
            bid_count: 0,
            trick: [Card(0); MAX_PLAYERS],
            trick_len: 0,
            leader: ((self.dealer as usize + 1) % self.players as usize) as u8,
            won: [0; MAX_PLAYERS],
            tricks_done: 0,
        }
    }

    fn is_terminal(&self, world: &World) -> bool {
        world.phase == Phase::Over
    }

    fn acting(&self, world: &World) -> Vec<Player> {
        match world.phase {
            Phase::Deal | Phase::Trump | Phase::Over => Vec::new(),
            Phase::Bid | Phase::Play => vec![self.to_act(world)],
        }
    }

    fn legal_actions(&self, world: &World, player: Player) -> Vec<Action> {
        match world.phase {
            Phase::Bid if player == self.to_act(world) => {
                let last = world.bid_count as usize + 1 == self.players as usize;
                let others: usize = world.bids[..world.bid_count as usize]
                    .iter()
                    .map(|&b| b as usize)
                    .sum();
                (0..=self.tricks)
                    .filter(|&b| !last || self.dealer_may_bid(others, b as usize))
                    .map(Action::Bid)
                    .collect()
            }
            Phase::Play if player == self.to_act(world) => cards(self.playable(world, player))
                .map(Action::Play)
                .collect(),
            _ => Vec::new(),
        }
    }

    fn transition(&self, world: &World, _: &[Action]) -> Vec<(Outcome, Rational)> {
        match world.phase {
            Phase::Deal | Phase::Trump => {
                let left = self.deck_mask() & !world.used;
                let p = Rational::new(1, left.count_ones() as i64);
                cards(left).map(|c| (Outcome::Card(c), p.clone())).collect()
            }
            _ => vec![(Outcome::Move, Rational::from(1))],
        }
    }

    fn outcome_probability(&self, world: &World, _: &[Action], outcome: &Outcome) -> Rational {
        let left = self.deck_mask() & !world.used;
        match (world.phase, outcome) {
            (Phase::Deal | Phase::Trump, Outcome::Card(c))
                if (c.0 as usize) < self.deck() && left & (1 << c.0) != 0 =>
            {
                Rational::new(1, left.count_ones() as i64)
            }
            (Phase::Bid | Phase::Play, Outcome::Move) => Rational::from(1),
            _ => Rational::from(0),
        }
    }

    fn next(&self, world: &World, joint: &[Action], outcome: &Outcome) -> World {
        let mut w = *world;
        match (w.phase, outcome, joint.first()) {
            (Phase::Deal, Outcome::Card(c), _) => {
                let to = self.receiver(w.dealt as usize);
                w.hands[to.index()] |= 1 << c.0;
                w.used |= 1 << c.0;
                w.dealt += 1;
                if w.dealt as usize == self.dealt() {
                    w.phase = Phase::Trump;
                }
            }
            (Phase::Trump, Outcome::Card(c), _) => {
                w.used |= 1 << c.0;
                w.trump = Some(*c);
                w.phase = Phase::Bid;
            }
            (Phase::Bid, _, Some(Action::Bid(b))) => {
                w.bids[w.bid_count as usize] = *b;
                w.bid_count += 1;
                if w.bid_count == self.players {
                    w.phase = Phase::Play;
                }
            }
            (Phase::Play, _, Some(Action::Play(c))) => {
                let player = self.to_act(&w);
                w.hands[player.index()] &= !(1 << c.0);
                w.trick[w.trick_len as usize] = *c;
                w.trick_len += 1;
                if w.trick_len == self.players {
                    let trump = w.trump.unwrap_or(Card(0));
                    let offset = self.trick_winner(&w.trick[..self.players as usize], trump);
                    let winner = (w.leader as usize + offset) % self.players as usize;
                    w.won[winner] += 1;
                    w.leader = winner as u8;
                    w.trick_len = 0;
                    w.tricks_done += 1;
                    if w.tricks_done == self.tricks {
                        w.phase = Phase::Over;
                    }
                }
            }
            _ => {}
        }
        w
    }

    fn rewards(&self, world: &World, joint: &[Action]) -> Vec<Rational> {
        let n = self.players as usize;
        let next = self.next(world, joint, &Outcome::Move);
        if world.phase != Phase::Play || next.phase != Phase::Over {
            return vec![Rational::from(0); n];
        }
        (0..n)
            .map(|p| {
                // Bids are stored in bidding order, which starts left of the dealer.
                let order = (p + n - (self.dealer as usize + 1) % n) % n;
                Rational::from(self.score(next.bids[order], next.won[p]))
            })
            .collect()
    }

    fn public_observation(&self, world: &World, joint: &[Action], next: &World) -> PublicObs {
        match (world.phase, joint.first()) {
            (Phase::Deal, _) => PublicObs::Dealt(self.receiver(world.dealt as usize)),
            (Phase::Bid, Some(Action::Bid(b))) => PublicObs::Bid(self.to_act(world), *b),
            (Phase::Play, Some(Action::Play(c))) => PublicObs::Played(self.to_act(world), *c),
            _ => PublicObs::Trump(next.trump.unwrap_or(Card(0))),
        }
    }

    fn private_observation(
        &self,
        world: &World,
        _: &[Action],
        next: &World,
        player: Player,
    ) -> PrivateObs {
        if world.phase == Phase::Deal && self.receiver(world.dealt as usize) == player {
            let card = next.hands[player.index()] & !world.hands[player.index()];
            PrivateObs::Received(Card(card.trailing_zeros() as u8))
        } else {
            PrivateObs::Nothing
        }
    }
}
