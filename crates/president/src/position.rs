//! Hands set up by hand, for tests, puzzles and bot training.

use crate::event::{Event, Events};
use crate::hand::{Hand, WARLORD};
use crate::values::{
    common_value, highest, MAX_HAND, MAX_PLAYERS, MIN_PLAYERS, THREE_OF_CLUBS, TWO,
};
use crate::Seat;
use arrayvec::ArrayVec;
use cards::{Card, CardSet};

/// A hand's state described from outside (see [`Hand::from_position`]).
///
/// With `active: None` it is the opening of a hand, exactly as after a deal: in an
/// unranked hand the holder of the 3 of clubs must open with it; in a ranked hand the
/// scumbag's highest card goes to the warlord, who must give one back. With
/// `active: Some(seat)` it is a point in the middle of a hand: no 3 of clubs rule, no
/// swap, `seat` to act against `last` (or starting a round when `last` is `None`).
///
/// Cards in no hand count as already played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Each seat's cards, in seat order; there are as many players as hands (3 to 7).
    pub hands: ArrayVec<CardSet, MAX_PLAYERS>,
    /// Whether social ranks exist: seat 0 is the warlord, the last seat the scumbag.
    pub ranked: bool,
    /// The seat to act; `None` for the opening of the hand.
    pub active: Option<Seat>,
    /// The play to beat and who made it; `None` at the start of a round.
    pub last: Option<(Seat, CardSet)>,
    /// Seats that passed (or were skipped) this round.
    pub passed: ArrayVec<Seat, MAX_PLAYERS>,
    /// Seats that already went out, in the order they did; exactly the seats with no cards.
    pub out: ArrayVec<Seat, MAX_PLAYERS>,
}

impl Position {
    /// The opening of an unranked hand with these hands (one per seat).
    ///
    /// # Panics
    /// If there are more than seven hands.
    pub fn new(hands: &[CardSet]) -> Position {
        Position {
            hands: hands.iter().copied().collect(),
            ..Position::default()
        }
    }

    /// The same position in a ranked hand.
    pub fn ranked(mut self) -> Position {
        self.ranked = true;
        self
    }

    /// The same position with `seat` to act (the middle of a hand).
    pub fn active(mut self, seat: Seat) -> Position {
        self.active = Some(seat);
        self
    }

    /// The same position with `cards`, played by `seat`, to beat.
    pub fn table(mut self, seat: Seat, cards: CardSet) -> Position {
        self.last = Some((seat, cards));
        self
    }

    /// The same position with these seats passed this round.
    pub fn passed(mut self, seats: &[Seat]) -> Position {
        self.passed = seats.iter().copied().collect();
        self
    }

    /// The same position with these seats already out, in this order.
    pub fn out(mut self, seats: &[Seat]) -> Position {
        self.out = seats.iter().copied().collect();
        self
    }

    /// Whether the position can happen: see [`Hand::from_position`].
    fn is_valid(&self) -> bool {
        let players = self.hands.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return false;
        }
        let all: CardSet = self.hands.iter().flat_map(|h| h.iter()).collect();
        let count: usize = self.hands.iter().map(|h| h.len()).sum();
        let holds = |seat: Seat| seat < players && !self.hands[seat].is_empty();
        let distinct = |seats: &[Seat]| {
            seats
                .iter()
                .enumerate()
                .all(|(i, s)| *s < players && !seats[..i].contains(s))
        };
        let empty_seats_are_out = (0..players).all(|s| holds(s) != self.out.contains(&s));
        let shape = all.len() == count
            && self.hands.iter().all(|h| h.len() <= MAX_HAND)
            && distinct(&self.out)
            && distinct(&self.passed)
            && empty_seats_are_out
            && self.out.len() + 2 <= players
            && self.passed.iter().all(|&s| holds(s));
        if !shape {
            return false;
        }
        match (self.active, self.last) {
            (None, last) => {
                let opening_holder = if self.ranked {
                    // The scumbag must still hold a card after giving its highest.
                    holds(WARLORD) && self.hands[players - 1].len() >= 2
                } else {
                    all.contains(THREE_OF_CLUBS)
                };
                last.is_none() && self.passed.is_empty() && opening_holder
            }
            (Some(active), None) => holds(active) && self.passed.is_empty(),
            (Some(active), Some((seat, cards))) => {
                holds(active)
                    && !self.passed.contains(&active)
                    && seat < players
                    && seat != active
                    && !self.passed.contains(&seat)
                    && (1..=4).contains(&cards.len())
                    && cards.intersection(all).is_empty()
                    && common_value(cards).is_some_and(|v| v != TWO)
            }
        }
    }
}

impl Hand {
    /// The hand in `position`, with the events a deal would give (each seat's cards,
    /// and at a ranked opening the scumbag's card going to the warlord).
    ///
    /// Returns `None` if the position cannot happen: not 3 to 7 hands; a card in two
    /// hands; a hand of more than 18 cards; `out` not exactly the seats without cards, or
    /// fewer than two seats holding cards; a passed seat without cards; an unranked
    /// opening without the 3 of clubs, or a ranked one where the warlord holds nothing or
    /// the scumbag fewer than two cards; a table play that is not 1 to 4 cards of one
    /// value below 2, is held by someone, or was made by the seat to act; a passed seat
    /// to act or as the last player; passes at the start of a round.
    pub fn from_position(position: Position) -> Option<(Hand, Events)> {
        if !position.is_valid() {
            return None;
        }
        let players = position.hands.len();
        let mut hand = Hand::empty(players, position.ranked);
        let mut events = Events::new();
        let mut in_hands = CardSet::EMPTY;
        for (seat, &cards) in position.hands.iter().enumerate() {
            hand.set_held(seat, cards);
            in_hands = in_hands.union(cards);
            events.push(Event::Dealt { seat, cards });
        }
        let deck: CardSet = (0..52).filter_map(Card::from_index).collect();
        hand.public.played = deck.difference(in_hands);
        hand.public.ranks = position.out.iter().copied().collect();
        hand.finished = position.out.len();
        for &seat in &position.passed {
            hand.public.passed[seat] = true;
        }
        match position.active {
            Some(active) => {
                hand.public.active = Some(active);
                if let Some((seat, cards)) = position.last {
                    hand.public.last_play = cards;
                    hand.public.last_player = Some(seat);
                }
            }
            None if position.ranked => {
                let scumbag = players - 1;
                let card = highest(hand.held[scumbag])?;
                hand.move_card(card, scumbag, WARLORD);
                hand.swap_taken = Some(card);
                hand.public.active = Some(WARLORD);
                events.push(Event::SwapTaken {
                    from: scumbag,
                    to: WARLORD,
                    card,
                });
            }
            None => {
                hand.public.active = (0..players).find(|&s| hand.held[s].contains(THREE_OF_CLUBS));
                hand.public.needs_three_of_clubs = true;
            }
        }
        Some((hand, events))
    }
}
