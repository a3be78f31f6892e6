//! Oh Hell public states after the deal: the game, the trump card, the bids and the cards played
//! so far. Everything else — which hidden card each player holds and the order of the deal — is
//! what history filtering recovers.
//!
//! The text form (see `docs/formats.md`):
//!
//! ```text
//! # 3 players, 2 suits of 4 ranks, 2 tricks, one trick played
//! game players=3 suits=2 ranks=4 tricks=2
//! trump Jh
//! bids 1 0 0
//! plays Ac Kc Qc
//! ```
//!
//! [`Constraints`] reads off what the public state says about the deal (Section 5.1 of the paper):
//! each card played was dealt to its player; a player who did not follow suit holds no other card
//! of that suit; and how many hidden cards each player and the undealt stock hold.

use super::rules::{Card, MAX_PLAYERS, OhHell, PublicObs};
use crate::filter::{Enumeration, FilterError, enumerate};
use crate::fosg::{History, Step};
use kalmar_core::Player;
use kalmar_core::error::{Cursor, ParseError, Span};

/// An Oh Hell public state after the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicState {
    /// The game.
    pub game: OhHell,
    /// The trump card.
    pub trump: Card,
    /// The bids so far, in bidding order (from the dealer's left).
    pub bids: Vec<u8>,
    /// The cards played so far, in order.
    pub plays: Vec<Card>,
}

/// What the public state says about the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// The game.
    pub game: OhHell,
    /// The cards no one has seen: neither trump nor played.
    pub unknown: u64,
    /// The cards each player has played (and so was dealt).
    pub known: [u64; MAX_PLAYERS],
    /// How many unknown cards each row holds: the players, then the stock (row `players`).
    pub hidden: [u8; MAX_PLAYERS + 1],
    /// For each row, the suits it holds no unknown card of (the stock has none).
    pub void: [u8; MAX_PLAYERS + 1],
    /// Whether the plays agree with the voids: a player who did not follow a suit cannot play
    /// that suit later. When false the public state has no history.
    pub consistent: bool,
}

impl Constraints {
    /// The number of rows: the players and the stock.
    pub fn rows(&self) -> usize {
        self.game.players() + 1
    }

    /// How many unknown cards of `suit` there are.
    pub fn unknown_in(&self, suit: usize) -> usize {
        (self.unknown & self.game.suit_mask(suit)).count_ones() as usize
    }

    /// Whether `row` may hold unknown cards of `suit`.
    pub fn allows(&self, row: usize, suit: usize) -> bool {
        self.void[row] & (1 << suit) == 0
    }
}

impl PublicState {
    /// The game and how far it went, in one line.
    pub fn describe(&self) -> String {
        let g = &self.game;
        format!(
            "{} players, {} suits x {} ranks, {} tricks, {} cards played",
            g.players(),
            g.suits(),
            g.ranks(),
            g.tricks(),
            self.plays.len()
        )
    }

    /// The player of each card played, in order.
    pub fn players_of_plays(&self) -> Vec<Player> {
        let g = &self.game;
        let n = g.players();
        let mut leader = (g.dealer().index() + 1) % n;
        let mut players = Vec::with_capacity(self.plays.len());
        for trick in self.plays.chunks(n) {
            for i in 0..trick.len() {
                players.push(Player::new((leader + i) % n));
            }
            if trick.len() == n {
                leader = (leader + g.trick_winner(trick, self.trump)) % n;
            }
        }
        players
    }

    /// The public observations: the deal, the trump card, the bids and the plays.
    pub fn observations(&self) -> Vec<PublicObs> {
        let g = &self.game;
        let n = g.players();
        let mut obs: Vec<PublicObs> = (0..g.dealt())
            .map(|j| PublicObs::Dealt(g.receiver(j)))
            .collect();
        obs.push(PublicObs::Trump(self.trump));
        for (i, &b) in self.bids.iter().enumerate() {
            obs.push(PublicObs::Bid(
                Player::new((g.dealer().index() + 1 + i) % n),
                b,
            ));
        }
        for (p, &c) in self.players_of_plays().iter().zip(&self.plays) {
            obs.push(PublicObs::Played(*p, c));
        }
        obs
    }

    /// The history that deals `deal` (the cards in deal order) and then follows this public state.
    pub fn history(&self, deal: &[Card]) -> History<OhHell> {
        use super::rules::{Action, Outcome};
        let mut history: History<OhHell> = deal
            .iter()
            .map(|&c| Step {
                joint: Vec::new(),
                outcome: Outcome::Card(c),
            })
            .collect();
        history.push(Step {
            joint: Vec::new(),
            outcome: Outcome::Card(self.trump),
        });
        history.extend(self.bids.iter().map(|&b| Step {
            joint: vec![Action::Bid(b)],
            outcome: Outcome::Move,
        }));
        history.extend(self.plays.iter().map(|&c| Step {
            joint: vec![Action::Play(c)],
            outcome: Outcome::Move,
        }));
        history
    }

    /// Every history of this public state, by the breadth-first search of Theorem 2 with the
    /// Oh Hell pruner ([`may_extend`]): at most `limit` prefixes at any depth, `progress` told
    /// the depth and the prefixes kept after each.
    pub fn histories(
        &self,
        limit: usize,
        mut progress: Option<&mut dyn FnMut(usize, usize)>,
    ) -> Result<Vec<History<OhHell>>, FilterError> {
        let constraints = self.constraints();
        let prune = |w: &_, _: usize| may_extend(&constraints, w);
        let mut report = |depth: usize, kept: usize| {
            if let Some(progress) = progress.as_mut() {
                progress(depth, kept);
            }
        };
        let options = Enumeration {
            prune: Some(&prune),
            limit,
            progress: Some(&mut report),
        };
        enumerate(&self.game, &self.observations(), options)
    }

    /// What the public state says about the deal.
    pub fn constraints(&self) -> Constraints {
        let g = &self.game;
        let n = g.players();
        let mut known = [0u64; MAX_PLAYERS];
        let mut void = [0u8; MAX_PLAYERS + 1];
        let mut consistent = true;
        let players = self.players_of_plays();
        for (i, (&card, p)) in self.plays.iter().zip(&players).enumerate() {
            let p = p.index();
            let suit = g.suit(card);
            if void[p] & (1 << suit) != 0 {
                consistent = false;
            }
            known[p] |= 1 << card.0;
            let led = self.plays[i - i % n];
            if g.suit(led) != suit {
                void[p] |= 1 << g.suit(led);
            }
        }
        let played = known.iter().fold(0, |a, k| a | k);
        let unknown = g.deck_mask() & !played & !(1 << self.trump.0);
        let mut hidden = [0u8; MAX_PLAYERS + 1];
        for p in 0..n {
            hidden[p] = (g.tricks() - known[p].count_ones() as usize) as u8;
        }
        hidden[n] = (g.deck() - g.dealt() - 1) as u8;
        Constraints {
            game: *g,
            unknown,
            known,
            hidden,
            void,
            consistent,
        }
    }

    /// Parses the text form (name the file with [`ParseError::in_file`]). A `;` ends a line too,
    /// so a public state fits on a command line: `game players=3 suits=2 ranks=4 tricks=2; …`.
    pub fn parse(text: &str) -> Result<PublicState, ParseError> {
        let mut cursor = Cursor::new(text);
        let mut game: Option<OhHell> = None;
        let mut trump: Option<(Card, Span)> = None;
        let mut bids: Option<Vec<u8>> = None;
        let mut plays: Option<Vec<Card>> = None;
        loop {
            cursor.skip_whitespace();
            match cursor.peek() {
                None => break,
                Some('#') => {
                    cursor.take_while(|c| c != '\n');
                    continue;
                }
                Some(';') => {
                    cursor.bump();
                    continue;
                }
                _ => {}
            }
            let at = cursor.clone();
            let keyword = cursor.take_while(|c| !c.is_whitespace() && c != ';');
            match keyword {
                "game" if game.is_none() => game = Some(parse_game(&mut cursor, &at)?),
                "trump" | "bids" | "plays" if game.is_none() => {
                    return Err(at.error("the 'game' line first"));
                }
                "trump" if trump.is_none() => {
                    let g = game.as_ref().expect("checked above");
                    cursor.skip_blanks();
                    let span = cursor.span();
                    trump = Some((parse_card(&mut cursor, g)?, span));
                }
                "bids" if bids.is_none() => {
                    let g = game.as_ref().expect("checked above");
                    bids = Some(parse_bids(&mut cursor, g)?);
                }
                "plays" if plays.is_none() => {
                    let g = game.as_ref().expect("checked above");
                    plays = Some(parse_plays(&mut cursor, g, bids.as_deref())?);
                }
                "game" | "trump" | "bids" | "plays" => {
                    return Err(at.error(format!("'{keyword}' only once")));
                }
                _ => return Err(at.error("'game', 'trump', 'bids', 'plays' or '#'")),
            }
            cursor.skip_blanks();
            if !matches!(cursor.peek(), None | Some('\n') | Some(';') | Some('#')) {
                return Err(cursor.error("the end of the line"));
            }
        }
        let Some(game) = game else {
            return Err(cursor.error("a 'game' line"));
        };
        let Some((trump, trump_span)) = trump else {
            return Err(cursor.error("a 'trump' line"));
        };
        let state = PublicState {
            game,
            trump,
            bids: bids.unwrap_or_default(),
            plays: plays.unwrap_or_default(),
        };
        if state.plays.contains(&trump) {
            return Err(ParseError::new(
                trump_span,
                format!(
                    "'{}' turned for trumps and also played",
                    game.card_name(trump)
                ),
                "a trump card that no one plays",
            ));
        }
        Ok(state)
    }

    /// The text form, which [`PublicState::parse`] reads back.
    pub fn to_text(&self) -> String {
        let g = &self.game;
        let mut text = format!(
            "game players={} suits={} ranks={} tricks={} dealer={}\ntrump {}\n",
            g.players(),
            g.suits(),
            g.ranks(),
            g.tricks(),
            g.dealer(),
            g.card_name(self.trump)
        );
        if !self.bids.is_empty() {
            let bids: Vec<String> = self.bids.iter().map(u8::to_string).collect();
            text += &format!("bids {}\n", bids.join(" "));
        }
        if !self.plays.is_empty() {
            let plays: Vec<String> = self.plays.iter().map(|&c| g.card_name(c)).collect();
            text += &format!("plays {}\n", plays.join(" "));
        }
        text
    }
}

fn end_of_item(c: char) -> bool {
    c.is_whitespace() || c == ';' || c == '#'
}

fn parse_game(cursor: &mut Cursor<'_>, at: &Cursor<'_>) -> Result<OhHell, ParseError> {
    let mut values: [Option<usize>; 5] = [None; 5];
    const KEYS: [&str; 5] = ["players", "suits", "ranks", "tricks", "dealer"];
    loop {
        cursor.skip_blanks();
        if matches!(cursor.peek(), None | Some('\n') | Some(';') | Some('#')) {
            break;
        }
        let item = cursor.clone();
        let word = cursor.take_while(|c| !end_of_item(c));
        let parsed = word.split_once('=').and_then(|(k, v)| {
            let slot = KEYS.iter().position(|&key| key == k)?;
            let value = v.parse::<usize>().ok().filter(|&v| v <= 64)?;
            Some((slot, value))
        });
        match parsed {
            Some((slot, value)) if values[slot].is_none() => values[slot] = Some(value),
            _ => {
                return Err(item.error(
                    "players=N, suits=N, ranks=N, tricks=N or dealer=N (each once, N at most 64)",
                ));
            }
        }
    }
    let [
        Some(players),
        Some(suits),
        Some(ranks),
        Some(tricks),
        dealer,
    ] = values
    else {
        return Err(cursor.error("players=, suits=, ranks= and tricks= on the 'game' line"));
    };
    let game = OhHell::new(players, suits, ranks, tricks)
        .map_err(|e| ParseError::new(at.span(), "these parameters", e.to_string()))?;
    match dealer {
        None => Ok(game),
        Some(d) if d < players => Ok(game.with_dealer(Player::new(d))),
        Some(d) => Err(ParseError::new(
            at.span(),
            format!("dealer={d}"),
            format!("a dealer from 0 to {}", players - 1),
        )),
    }
}

fn parse_card(cursor: &mut Cursor<'_>, game: &OhHell) -> Result<Card, ParseError> {
    let at = cursor.clone();
    let word = cursor.take_while(|c| !end_of_item(c));
    game.parse_card(word).ok_or_else(|| {
        at.error(format!(
            "a card of this deck (rank {} then suit {})",
            &"23456789TJQKA"[13 - game.ranks()..],
            &"cdhs"[..game.suits()]
        ))
    })
}

fn parse_bids(cursor: &mut Cursor<'_>, game: &OhHell) -> Result<Vec<u8>, ParseError> {
    let mut bids: Vec<u8> = Vec::new();
    loop {
        cursor.skip_blanks();
        if matches!(cursor.peek(), None | Some('\n') | Some(';') | Some('#')) {
            return Ok(bids);
        }
        let at = cursor.clone();
        let word = cursor.take_while(|c| !end_of_item(c));
        if bids.len() == game.players() {
            return Err(at.error(format!("one bid per player ({})", game.players())));
        }
        let bid = match word.parse::<u8>() {
            Ok(b) if b as usize <= game.tricks() => b,
            _ => return Err(at.error(format!("a bid from 0 to {}", game.tricks()))),
        };
        let others: usize = bids.iter().map(|&b| b as usize).sum();
        if bids.len() + 1 == game.players() && !game.dealer_may_bid(others, bid as usize) {
            return Err(at.error(format!(
                "a dealer's bid that does not make the bids add up to {}",
                game.tricks()
            )));
        }
        bids.push(bid);
    }
}

fn parse_plays(
    cursor: &mut Cursor<'_>,
    game: &OhHell,
    bids: Option<&[u8]>,
) -> Result<Vec<Card>, ParseError> {
    let mut plays: Vec<Card> = Vec::new();
    loop {
        cursor.skip_blanks();
        if matches!(cursor.peek(), None | Some('\n') | Some(';') | Some('#')) {
            return Ok(plays);
        }
        if bids.map_or(0, <[u8]>::len) < game.players() {
            return Err(cursor.error("plays only after every player has bid"));
        }
        let at = cursor.clone();
        let card = parse_card(cursor, game)?;
        if plays.contains(&card) {
            return Err(at.error("a card not played before"));
        }
        if plays.len() == game.dealt() {
            return Err(at.error(format!("at most {} cards played", game.dealt())));
        }
        plays.push(card);
    }
}

/// Whether a world state reached while dealing can still become a deal of these constraints: every
/// card a player holds is one they play or an unknown card of a suit they are not void in, and no
/// player holds more unknown cards than they hide. A [`Pruner`](crate::filter::Pruner) for
/// [`enumerate`](crate::filter::enumerate).
pub fn may_extend(constraints: &Constraints, world: &super::rules::World) -> bool {
    let g = &constraints.game;
    (0..g.players()).all(|p| {
        let hand = world.hands[p];
        let unknown = hand & !constraints.known[p];
        if unknown & !constraints.unknown != 0
            || unknown.count_ones() > constraints.hidden[p] as u32
        {
            return false;
        }
        (0..g.suits()).all(|s| constraints.allows(p, s) || unknown & g.suit_mask(s) == 0)
    })
}
