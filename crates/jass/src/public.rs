//! The public state of a game: what every seat sees.

use crate::game::Phase;
use crate::rules::{Config, Mode};
use crate::Seat;
use cards::CardSet;

/// Everything about a game that every seat sees, but for the tricks and the table, kept
/// in one plain block: the game holds one and each seat's [`View`](crate::View) copies it
/// whole, which players ask for before every decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Public {
    /// The settings in force.
    pub config: Config,
    /// Game totals, including this deal so far.
    pub totals: [u32; 2],
    /// This deal's points so far, bonuses and multiplier included.
    pub deal: [u32; 2],
    /// The deal's 1-based number.
    pub number: u32,
    /// The seat asked first for the trumpf; it leads the first trick.
    pub chooser: Seat,
    pub phase: Phase,
    pub mode: Option<Mode>,
    /// The seat that announced the mode (the chooser or, after schiebe, its partner).
    pub declarer: Option<Seat>,
    /// The seat that led the trick being played.
    pub leader: Seat,
    /// Cards each seat has shown it cannot hold (by not following suit or by
    /// under-trumping). Public: everyone saw the plays.
    pub cannot_hold: [CardSet; 4],
}
