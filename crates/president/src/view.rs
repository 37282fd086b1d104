//! What one seat knows: the projection of a [`Hand`] that clients and bots play from.

use crate::hand::{Hand, WARLORD};
use crate::public::Public;
use crate::status::Status;
use crate::values::common_value;
use crate::Seat;
use cards::{Card, CardSet};

/// Everything one seat may know about the hand, and nothing more: its own cards, what is
/// on the table and what the table message shows of the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Whether the warlord still has to give a card back.
    pub swap_pending: bool,
    /// The card the warlord took from the scumbag, while the swap is pending; only the
    /// warlord and the scumbag see it.
    pub swap_card: Option<Card>,
    /// What every seat sees: card counts, statuses, the table, the ranks so far...
    pub public: Public,
}

impl View {
    /// Whether the seat to act starts a round.
    pub fn starting_round(&self) -> bool {
        self.public.active.is_some() && self.public.last_play.is_empty()
    }

    /// Whether it is this seat's move.
    pub fn is_my_turn(&self) -> bool {
        self.public.active == Some(self.seat)
    }

    /// The value of the play to beat, if any.
    pub fn last_value(&self) -> Option<u8> {
        common_value(self.public.last_play)
    }

    /// Where `seat` stands, as the table message shows it.
    pub fn status(&self, seat: Seat) -> Status {
        self.public.status(seat)
    }

    /// The fewest cards any other seat still in the hand holds (`None` if nobody else
    /// holds cards): how close someone else is to going out.
    pub fn fewest_cards_of_others(&self) -> Option<u8> {
        let cards_left = &self.public.cards_left;
        (0..self.public.players)
            .filter(|&s| s != self.seat && cards_left[s] > 0)
            .map(|s| cards_left[s])
            .min()
    }
}

impl Hand {
    /// What `seat` may know of the hand now.
    pub fn view(&self, seat: Seat) -> View {
        let in_swap = seat == WARLORD || seat + 1 == self.public.players;
        View {
            seat,
            hand: self.cards(seat),
            swap_pending: self.swap_taken.is_some(),
            swap_card: self.swap_taken.filter(|_| in_swap),
            public: self.public,
        }
    }
}
