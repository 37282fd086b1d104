//! What a seat can do, and why the engine refuses it.

use crate::rules::Mode;
use arrayvec::ArrayVec;
use cards::Card;
use std::fmt;

/// One move by one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The seat asked for the trumpf announces how the deal is played.
    Choose(Mode),
    /// The first chooser passes the choice to its partner ("schiebe"); the partner cannot
    /// pass it back.
    Schiebe,
    /// Play a card from the hand.
    Play(Card),
}

/// The moves open to one seat: at most nine (a full hand, or six modes and schiebe).
pub type Actions = ArrayVec<Action, 9>;

/// Why an action was refused; a refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleError {
    /// The game is over.
    GameOver,
    /// Another seat is to play a card (or the seat number is not 0..4).
    NotYourTurn,
    /// The trumpf has not been chosen yet, so no card may be played.
    TrumpfPending,
    /// The card is not in the seat's hand (or is not a Jass card at all).
    NotInHand,
    /// The seat holds the led suit and must play it (or a trump).
    MustFollowSuit,
    /// A trump lower than one on the table, while the seat holds other cards.
    UnderTrump,
    /// The seat was pushed to (schiebe) and must choose itself.
    CannotSchiebe,
    /// Cards are being played; there is no trumpf to choose.
    NoTrumpfToChoose,
    /// Another seat is choosing the trumpf.
    NotChoosing,
}

impl RuleError {
    /// A sentence for people.
    pub fn message(self) -> &'static str {
        match self {
            RuleError::GameOver => "the game is over",
            RuleError::NotYourTurn => "it is not your turn",
            RuleError::TrumpfPending => "the trumpf has not been chosen yet",
            RuleError::NotInHand => "you do not hold that card",
            RuleError::MustFollowSuit => "you must follow the suit that was led (or play a trump)",
            RuleError::UnderTrump => {
                "you may not play a trump lower than one on the table while you hold other cards"
            }
            RuleError::CannotSchiebe => "the choice was pushed to you: you must choose a trumpf",
            RuleError::NoTrumpfToChoose => "there is no trumpf to choose now",
            RuleError::NotChoosing => "another player is choosing the trumpf",
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for RuleError {}
