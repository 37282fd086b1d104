//! What happened, in the order it happened, and who may see it.

use crate::rules::Mode;
use crate::Seat;
use arrayvec::ArrayVec;
use cards::{Card, CardSet};

/// Something that happened at the table. Events hold full information; pass each through
/// [`Event::for_seat`] before showing it to a seat.
///
/// Points in events are the reference's: card points times the mode's multiplier (when
/// multipliers are on), bonuses included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A deal begins: its number (1-based) and the seat that chooses the trumpf and leads
    /// the first trick.
    DealStarted { number: u32, chooser: Seat },
    /// A seat's nine cards (private to that seat).
    Dealt { seat: Seat, cards: CardSet },
    /// `seat` is to choose the trumpf; `pushed` means its partner pushed the choice to it
    /// and it may not push again.
    TrumpfRequested { seat: Seat, pushed: bool },
    /// The chooser pushed the choice to its partner (SCHIEBE).
    Pushed { by: Seat },
    /// The deal's mode is set.
    TrumpfChosen { by: Seat, mode: Mode },
    /// `seat` is to play a card.
    CardRequested { seat: Seat },
    /// `seat` played `card`.
    Played { seat: Seat, card: Card },
    /// A trick is complete. `cards` are in play order from `first`; `points` is what the
    /// trick brought the winner's team (last-trick and match bonuses included on the
    /// ninth); `totals` are the game totals and `deal` this deal's points after it.
    TrickWon {
        winner: Seat,
        cards: [Card; 4],
        first: Seat,
        points: u32,
        totals: [u32; 2],
        deal: [u32; 2],
    },
    /// The ninth trick is done; `last_trick` took it. The next deal follows at once
    /// unless the game is over.
    DealFinished {
        totals: [u32; 2],
        deal: [u32; 2],
        last_trick: Seat,
    },
    /// A team reached the target with more points than the other; the game is over.
    GameWon {
        team: usize,
        totals: [u32; 2],
        deal: [u32; 2],
    },
}

/// The events of one action (at most: a card, a trick, the end of a deal, a new deal of
/// four hands and its trumpf request). Fixed capacity: applying never allocates.
pub type Events = ArrayVec<Event, 12>;

impl Event {
    /// This event as `seat` may see it, or `None` if it is none of the seat's business.
    /// Only another seat's cards are private.
    pub fn for_seat(&self, seat: Seat) -> Option<Event> {
        match *self {
            Event::Dealt { seat: owner, .. } if owner != seat => None,
            event => Some(event),
        }
    }
}
