//! The public state of a game: what every seat sees.

use crate::game::Phase;
use crate::rules::Rules;
use crate::view::PendingRaise;
use crate::{Seat, Team};
use cards::Card;

/// Everything about a game that every seat sees, kept in one plain block: the game holds
/// one and each seat's [`View`](crate::View) copies it whole, which players ask for
/// before every decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Public {
    pub rules: Rules,
    /// Team scores (team 0 first).
    pub scores: [u8; 2],
    pub phase: Phase,
    /// 1-based number of the hand being played.
    pub hand_number: u32,
    /// The seat that played first in this hand.
    pub opener: Seat,
    /// The turned card (only with new manilhas).
    pub vira: Option<Card>,
    /// The hand's value as accepted so far.
    pub value: u8,
    /// The team that made the last accepted or pending raise in this hand.
    pub last_raiser: Option<Team>,
    /// A raise waiting for its answers.
    pub pending: Option<PendingRaise>,
    /// Hand-of-11 decisions announced so far, indexed by `seat / 2`.
    pub eleven: [Option<bool>; 2],
    /// The seat on turn (during a pending raise: the seat that will play after it).
    pub turn: Seat,
}
