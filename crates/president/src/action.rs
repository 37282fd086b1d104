//! What a seat can do.

use arrayvec::ArrayVec;
use cards::{Card, CardSet};

/// One move by one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play one to four cards of one value from the hand.
    Play(CardSet),
    /// Decline to beat the table; the seat sits out the rest of the round.
    Pass,
    /// The warlord's choice of a card to give the scumbag, before the first play of a
    /// ranked hand.
    Swap(Card),
}

/// The moves open to one seat.
///
/// 64 fits every case: while playing a seat holds at most 18 cards, and the most
/// combinations of equal cards 18 cards allow is four quads (15 non-empty subsets each)
/// and a pair (3): 63 plays, plus a pass. During the swap the warlord has one
/// [`Action::Swap`] per card, at most 19.
pub type Actions = ArrayVec<Action, 64>;
