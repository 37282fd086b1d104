//! Why the engine refuses an action (the protocol's strike code for each is the wire's
//! business: `parlor_wire::wars::strike_for`).

use std::fmt;

/// Why an action was refused. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayError {
    /// The cards played have different face values (11).
    DifferentValues,
    /// The value played is below the last play's (12).
    ValueTooLow,
    /// Fewer cards than the last play (13).
    QuantityTooLow,
    /// A card played is not in the seat's hand (14).
    NotInHand,
    /// It is not the seat's turn, or the seat is out or gone (15).
    OutOfTurn,
    /// The opening play of an unranked hand lacks the 3 of clubs (16).
    NeedsThreeOfClubs,
    /// The seat must start the round and may not pass (18).
    PassOnStart,
    /// An empty play or one of more than four cards (34).
    Malformed,
    /// The warlord played or passed before giving a card back to the scumbag (15: the
    /// seat is on turn, but for a swap, not a play).
    SwapFirst,
    /// The hand is over (15: nobody is on turn).
    HandOver,
    /// The warlord does not hold the card it offered in the swap (70).
    SwapNotHeld,
    /// A swap from someone other than the warlord of a ranked hand (71). In an unranked
    /// hand there is no warlord and every swap is [`PlayError::NoSwapPending`].
    NotWarlord,
    /// A swap when none is awaited: the swap is done, or the hand is unranked (72).
    NoSwapPending,
}

impl PlayError {
    /// A sentence for people.
    pub fn message(self) -> &'static str {
        match self {
            PlayError::DifferentValues => "the cards played do not have matching face values",
            PlayError::ValueTooLow => "the face value played is too low",
            PlayError::QuantityTooLow => "too few cards played",
            PlayError::NotInHand => "a card played is not in your hand",
            PlayError::OutOfTurn => "it is not your turn",
            PlayError::NeedsThreeOfClubs => {
                "the first play of the game must include the 3 of clubs"
            }
            PlayError::PassOnStart => "you start this round and may not pass",
            PlayError::Malformed => "a play is one to four cards",
            PlayError::SwapFirst => "give the scumbag a card first",
            PlayError::HandOver => "the hand is over",
            PlayError::SwapNotHeld => "you do not hold the card you offered",
            PlayError::NotWarlord => "only the warlord swaps",
            PlayError::NoSwapPending => "no swap is awaited",
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for PlayError {}
