//! What a seat can do, and why the engine refuses it.

use arrayvec::ArrayVec;
use cards::Card;
use std::fmt;

/// An answer to a raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    Accept,
    /// Give up the hand ("correr" / "fugir"): the raising team scores the value before
    /// the raise.
    Fold,
    /// Accept and ask for the next value ("retrucar"), where the variant allows it.
    Raise,
}

/// One move by one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card from the hand, face down if `closed` (then it is worth nothing).
    Play { card: Card, closed: bool },
    /// Ask to raise the hand's value ("truco", "seis", "nove", "doze"), on one's turn.
    Truco,
    /// Answer the other team's raise.
    Answer(Answer),
    /// In a hand of 11, the team at 11 decides whether to play it (`true`) or give the
    /// opponents the hand's base value (`false`).
    PlayHandOfEleven(bool),
}

/// The moves open to one seat; never more than 7 (3 cards open or closed, and truco).
pub type Actions = ArrayVec<Action, 8>;

/// Why an action was refused; a refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game is over.
    GameOver,
    /// Another seat is on turn.
    NotYourTurn,
    /// The card is not in the seat's hand.
    CardNotHeld,
    /// A closed card is not allowed now (first round, or the partner played closed).
    ClosedNotAllowed,
    /// The hand is already at its top value, the seat's team made the last raise, or
    /// raises are not allowed in this hand (a hand of 11).
    TrucoNotAllowed,
    /// A raise is waiting for its answer.
    RaisePending,
    /// There is no raise to answer.
    NoRaisePending,
    /// The seat is on the raising team, or already answered.
    NotYourAnswer,
    /// The team at 11 has not decided yet whether to play the hand.
    HandOfElevenPending,
    /// There is no hand of 11 to decide, it is not this seat's team's decision, or the
    /// seat already gave its answer.
    NotYourDecision,
}

impl RuleError {
    /// A sentence for people.
    pub fn message(self) -> &'static str {
        match self {
            RuleError::GameOver => "the game is over",
            RuleError::NotYourTurn => "it is not your turn",
            RuleError::CardNotHeld => "you do not hold that card",
            RuleError::ClosedNotAllowed => "you may not play a closed card now",
            RuleError::TrucoNotAllowed => {
                "you may not raise now: the hand is at its top value, your team raised last, or it is a hand of 11"
            }
            RuleError::RaisePending => "a raise must be answered first",
            RuleError::NoRaisePending => "there is no raise to answer",
            RuleError::NotYourAnswer => "this raise is not yours to answer",
            RuleError::HandOfElevenPending => "the team at 11 has not decided yet",
            RuleError::NotYourDecision => "there is no hand of 11 for you to decide",
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for RuleError {}
