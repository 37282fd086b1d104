//! What happened, in the order it happened, and who may see it.

use crate::Seat;
use arrayvec::ArrayVec;
use cards::{Card, CardSet};

/// Something that happened at the table. Events hold full information; pass each through
/// [`Event::for_seat`] before showing it to a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The cards `seat` was dealt (before any swap). Private to `seat`.
    Dealt { seat: Seat, cards: CardSet },
    /// At the deal of a ranked hand the scumbag's highest card went to the warlord.
    /// Private to the two of them.
    SwapTaken { from: Seat, to: Seat, card: Card },
    /// The warlord gave `card` back to the scumbag. Private to the two of them.
    SwapGiven { from: Seat, to: Seat, card: Card },
    /// `seat` played `cards`; `skipped` is the seat the play skipped by exactly matching
    /// the last play (that seat is now marked passed).
    Played {
        seat: Seat,
        cards: CardSet,
        skipped: Option<Seat>,
    },
    /// `seat` passed.
    Passed { seat: Seat },
    /// The round ended (everyone else passed, or a 2 was played); `next` starts the next.
    RoundCleared { next: Seat },
    /// `seat` played its last card and took `rank` (0-based: 0 is the next warlord).
    WentOut { seat: Seat, rank: usize },
    /// `seat` left the hand; its cards are out of play.
    Left { seat: Seat },
    /// The hand is over; `order` is every seat, best rank first (see
    /// [`crate::Hand::finishing_order`]).
    HandOver { order: Order },
}

/// A finishing order: seats, best rank first (at most seven). Kept in eight bytes: events
/// are copied out of every `apply`, so the largest one sets what each costs, and every
/// view copies the order so far.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Order {
    seats: [u8; 7],
    len: u8,
}

impl Order {
    /// The seats, best rank first.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + '_ {
        self.seats[..usize::from(self.len)]
            .iter()
            .map(|&s| usize::from(s))
    }

    /// The seats as a list.
    pub fn to_vec(&self) -> Vec<Seat> {
        self.seats().collect()
    }

    /// How many seats are ranked.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no seat is ranked yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The points of the seat at rank `at` (0 is best) of a hand that ended in this
    /// order: one for each player who finished after it.
    pub fn points(&self, at: usize) -> i64 {
        self.len().saturating_sub(at + 1) as i64
    }

    /// Puts `seat` at rank `at` (0 is best), moving those from `at` on one rank down.
    ///
    /// # Panics
    /// If the order already holds seven seats, or `at` is beyond its end.
    pub(crate) fn insert(&mut self, at: usize, seat: Seat) {
        let len = self.len();
        assert!(
            len < self.seats.len() && at <= len,
            "an order holds at most seven seats, each inserted within it"
        );
        self.seats.copy_within(at..len, at + 1);
        self.seats[at] = seat as u8;
        self.len += 1;
    }
}

impl std::fmt::Debug for Order {
    /// The seats as a list, as the ranked [`Seat`]s they stand for.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.seats()).finish()
    }
}

impl<const N: usize> PartialEq<[Seat; N]> for Order {
    fn eq(&self, seats: &[Seat; N]) -> bool {
        self.seats().eq(seats.iter().copied())
    }
}

impl FromIterator<Seat> for Order {
    /// Takes the first seven seats (a table has at most seven).
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> Order {
        let mut order = Order::default();
        for seat in seats.into_iter().take(7) {
            order.seats[usize::from(order.len)] = seat as u8;
            order.len += 1;
        }
        order
    }
}

/// The events of one action. Fixed capacity, so applying an action never allocates: a
/// deal gives at most 8 (seven hands and the scumbag's card), an action at most 3, a
/// leave at most 4 (a warlord leaving during the swap completes it first).
pub type Events = ArrayVec<Event, 10>;

impl Event {
    /// This event as `seat` may see it, or `None` if it is none of the seat's business:
    /// dealt cards go to their owner only, swapped cards to the warlord and scumbag only.
    pub fn for_seat(&self, seat: Seat) -> Option<Event> {
        match *self {
            Event::Dealt { seat: owner, .. } if owner != seat => None,
            Event::SwapTaken { from, to, .. } | Event::SwapGiven { from, to, .. }
                if seat != from && seat != to =>
            {
                None
            }
            _ => Some(self.clone()),
        }
    }
}
