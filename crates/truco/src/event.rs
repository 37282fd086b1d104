//! What happened, in the order it happened, and who may see it.

use crate::{Answer, HandOutcome, RoundOutcome, Seat, Team};
use arrayvec::ArrayVec;
use cards::Card;

/// Something that happened at the table. Events hold full information; pass each through
/// [`Event::for_seat`] before showing it to a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A hand begins: its number (1-based), the seat that opens it, the scores before it.
    HandStarted {
        number: u32,
        opener: Seat,
        scores: [u8; 2],
        value: u8,
    },
    /// A seat's three cards (private to that seat).
    Dealt { seat: Seat, cards: [Card; 3] },
    /// The turned card that chooses the manilhas (public; only with new manilhas).
    Vira(Card),
    /// A hand of 11: `team` is at 11 and must decide whether to play.
    HandOfEleven { team: Team },
    /// In a hand of 11, `to` sees the cards of its partner (private to `to`).
    PartnerHand { to: Seat, cards: [Card; 3] },
    /// A member of the team at 11 decided.
    HandOfElevenDecided { seat: Seat, play: bool },
    /// `seat` is to play; `closed_allowed` says whether it may play face down.
    Turn { seat: Seat, closed_allowed: bool },
    /// A card was played. `card` is `None` in a closed card shown to anyone but its player.
    Played {
        seat: Seat,
        card: Option<Card>,
        closed: bool,
    },
    /// `seat` asked to raise the hand to `value`; the other team must answer.
    RaiseAsked { seat: Seat, value: u8 },
    /// One answer to the pending raise.
    Answered { seat: Seat, answer: Answer },
    /// The raise holds: the hand is worth `value`; `by` accepted it (the last accepting
    /// answer); `turn` is the seat that plays next.
    RaiseAccepted { by: Seat, value: u8, turn: Seat },
    /// A round is over; `next` leads the next round. When a team won, `next` is also a
    /// player of the winning card.
    RoundEnded {
        round: u8,
        outcome: RoundOutcome,
        next: Seat,
    },
    /// A hand is over: `points` went to the winning team; `scores` are the new totals.
    HandEnded {
        outcome: HandOutcome,
        points: u8,
        scores: [u8; 2],
    },
    /// The game is over.
    GameEnded { winner: Team, scores: [u8; 2] },
}

/// The events of one action. Fixed capacity: applying an action never allocates. The
/// most one action gives is twelve (a card that ends a hand, and the next hand's deal
/// into a hand of 11); a small capacity and a small [`Event`] keep the copy of the
/// events out of every `apply` cheap.
pub type Events = ArrayVec<Event, 16>;

impl Event {
    /// Whether this is a turn (a prompt to act): a seat catching up on a hand needs only
    /// the last one.
    pub fn is_turn(&self) -> bool {
        matches!(self, Event::Turn { .. })
    }

    /// This event as `seat` may see it, or `None` if it is none of the seat's business.
    pub fn for_seat(&self, seat: Seat) -> Option<Event> {
        match *self {
            Event::Dealt { seat: owner, .. } if owner != seat => None,
            Event::PartnerHand { to, .. } if to != seat => None,
            Event::Played {
                seat: player,
                closed: true,
                ..
            } if player != seat => Some(Event::Played {
                seat: player,
                card: None,
                closed: true,
            }),
            event => Some(event),
        }
    }
}
