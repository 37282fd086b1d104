//! What one seat knows: the projection of a [`Hand`] that clients and bots play from.

use crate::hand::{Hand, WARLORD};
use crate::status::Status;
use crate::wars::common_value;
use crate::Seat;
use arrayvec::ArrayVec;
use cards::{Card, CardSet};

/// Everything one seat may know about the hand, and nothing more: its own cards, what is
/// on the table and what the table message shows of the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// How many seats the hand was dealt to.
    pub players: usize,
    /// The seat's own cards.
    pub hand: CardSet,
    /// How many cards each seat holds, in seat order.
    pub cards_left: ArrayVec<u8, 7>,
    /// Each seat's status, in seat order.
    pub statuses: ArrayVec<Status, 7>,
    /// The play to beat; empty at the start of a round.
    pub last_play: CardSet,
    /// Who made the last play of this round.
    pub last_player: Option<Seat>,
    /// Who must act now; `None` once the hand is over.
    pub active: Option<Seat>,
    /// Whether social ranks exist for this hand.
    pub ranked: bool,
    /// Whether the warlord still has to give a card back.
    pub swap_pending: bool,
    /// The card the warlord took from the scumbag, while the swap is pending; only the
    /// warlord and the scumbag see it.
    pub swap_card: Option<Card>,
    /// Whether the next play must include the 3 of clubs.
    pub needs_three_of_clubs: bool,
    /// The seats ranked so far (see [`Hand::finishing_order`]).
    pub ranks: ArrayVec<Seat, 7>,
    /// Every card played to the table this hand.
    pub played: CardSet,
}

impl View {
    /// Whether the seat to act starts a round.
    pub fn starting_round(&self) -> bool {
        self.active.is_some() && self.last_play.is_empty()
    }

    /// Whether it is this seat's move.
    pub fn is_my_turn(&self) -> bool {
        self.active == Some(self.seat)
    }

    /// The value of the play to beat, if any.
    pub fn last_value(&self) -> Option<u8> {
        common_value(self.last_play)
    }

    /// The fewest cards any other seat still in the hand holds (`None` if nobody else
    /// holds cards): how close someone else is to going out.
    pub fn fewest_cards_of_others(&self) -> Option<u8> {
        (0..self.players)
            .filter(|&s| s != self.seat && self.cards_left[s] > 0)
            .map(|s| self.cards_left[s])
            .min()
    }
}

impl Hand {
    /// What `seat` may know of the hand now.
    pub fn view(&self, seat: Seat) -> View {
        let in_swap = seat == WARLORD || seat + 1 == self.players;
        View {
            seat,
            players: self.players,
            hand: self.cards(seat),
            cards_left: self.counts[..self.players].iter().copied().collect(),
            statuses: (0..self.players).map(|s| self.status(s)).collect(),
            last_play: self.last,
            last_player: self.last_player,
            active: self.active,
            ranked: self.ranked,
            swap_pending: self.swap_taken.is_some(),
            swap_card: self.swap_taken.filter(|_| in_swap),
            needs_three_of_clubs: self.needs_three,
            ranks: self.order.clone(),
            played: self.played,
        }
    }
}
