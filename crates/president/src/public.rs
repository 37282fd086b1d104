//! The public state of a hand: what every seat sees.

use crate::event::Order;
use crate::status::Status;
use crate::values::MAX_PLAYERS;
use crate::Seat;
use cards::CardSet;

/// Everything about a hand that every seat sees, kept in one plain block: the hand holds
/// one and each seat's [`View`](crate::View) copies it whole, which players ask for
/// before every decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Public {
    /// How many seats the hand was dealt to.
    pub players: usize,
    /// Whether social ranks exist for this hand (seat 0 warlord, last seat scumbag).
    pub ranked: bool,
    /// How many cards each seat holds, in seat order (0 for seats beyond the table).
    pub cards_left: [u8; MAX_PLAYERS],
    /// Which seats passed, or were skipped, this round.
    pub passed: [bool; MAX_PLAYERS],
    /// Which seats left the hand.
    pub gone: [bool; MAX_PLAYERS],
    /// The play to beat; empty at the start of a round.
    pub last_play: CardSet,
    /// Who made the last play of this round (it may be out or gone since).
    pub last_player: Option<Seat>,
    /// Who must act now: the warlord during the swap, otherwise the seat on turn; `None`
    /// once the hand is over.
    pub active: Option<Seat>,
    /// Whether the next play must include the 3 of clubs (the opening of an unranked
    /// hand).
    pub needs_three_of_clubs: bool,
    /// The seats ranked so far (see [`Hand::finishing_order`](crate::Hand::finishing_order)).
    pub ranks: Order,
    /// Every card played to the table this hand (and, from a position, every card no
    /// seat held at the start).
    pub played: CardSet,
}

impl Public {
    /// A table of `players` seats before anything is dealt: no cards, no play, nobody to
    /// act. Clients fill in what the wire shows.
    pub fn new(players: usize, ranked: bool) -> Public {
        Public {
            players,
            ranked,
            cards_left: [0; MAX_PLAYERS],
            passed: [false; MAX_PLAYERS],
            gone: [false; MAX_PLAYERS],
            last_play: CardSet::EMPTY,
            last_player: None,
            active: None,
            needs_three_of_clubs: false,
            ranks: Order::default(),
            played: CardSet::EMPTY,
        }
    }

    /// Where `seat` stands. Seats beyond the table read [`Status::Gone`].
    pub fn status(&self, seat: Seat) -> Status {
        if seat >= self.players || self.gone[seat] {
            Status::Gone
        } else if self.active == Some(seat) {
            Status::Active
        } else if self.cards_left[seat] == 0 {
            Status::Out
        } else if self.passed[seat] {
            Status::Passed
        } else {
            Status::Waiting
        }
    }
}
