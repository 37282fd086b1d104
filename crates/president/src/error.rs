//! Why the engine refuses an action, and the protocol strike code for each reason.

use std::fmt;

/// The protocol's strike codes that the rules can cause (the others are about messages
/// and connections, which are the server's business).
pub mod strike {
    /// The cards played do not all have the same face value.
    pub const DIFFERENT_VALUES: u8 = 11;
    /// The face value played is below the table's.
    pub const VALUE_TOO_LOW: u8 = 12;
    /// Fewer cards played than are on the table.
    pub const QUANTITY_TOO_LOW: u8 = 13;
    /// A card played is not in the player's hand.
    pub const NOT_IN_HAND: u8 = 14;
    /// A play out of turn.
    pub const OUT_OF_TURN: u8 = 15;
    /// The first play of the first hand must include the 3 of clubs.
    pub const NEEDS_THREE_OF_CLUBS: u8 = 16;
    /// The same card listed twice in one play. A [`crate::CardSet`] cannot hold a card
    /// twice, so only the protocol layer, reading the card list, can detect this.
    pub const DUPLICATE_CARDS: u8 = 17;
    /// A pass by the player who must start the round.
    pub const PASS_ON_START: u8 = 18;
    /// A malformed message of a known type (here: an empty play or more than 4 cards).
    pub const MALFORMED: u8 = 34;
    /// The warlord offered a card it does not hold.
    pub const SWAP_NOT_HELD: u8 = 70;
    /// Someone other than the warlord tried to swap.
    pub const SWAP_NOT_WARLORD: u8 = 71;
    /// A swap when none is awaited.
    pub const SWAP_OUT_OF_TURN: u8 = 72;
}

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
    /// The protocol strike code for this refusal (see [`strike`]).
    pub fn strike_code(self) -> u8 {
        match self {
            PlayError::DifferentValues => strike::DIFFERENT_VALUES,
            PlayError::ValueTooLow => strike::VALUE_TOO_LOW,
            PlayError::QuantityTooLow => strike::QUANTITY_TOO_LOW,
            PlayError::NotInHand => strike::NOT_IN_HAND,
            PlayError::OutOfTurn | PlayError::SwapFirst | PlayError::HandOver => {
                strike::OUT_OF_TURN
            }
            PlayError::NeedsThreeOfClubs => strike::NEEDS_THREE_OF_CLUBS,
            PlayError::PassOnStart => strike::PASS_ON_START,
            PlayError::Malformed => strike::MALFORMED,
            PlayError::SwapNotHeld => strike::SWAP_NOT_HELD,
            PlayError::NotWarlord => strike::SWAP_NOT_WARLORD,
            PlayError::NoSwapPending => strike::SWAP_OUT_OF_TURN,
        }
    }

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
