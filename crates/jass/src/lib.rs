//! Schieber Jass rules as a pure value, exactly as the Jass Challenge reference server
//! plays them: no I/O, no clock, randomness only from the [`GameRng`](cards::GameRng)
//! passed in.
//!
//! A [`Game`] is created from a [`Config`] and an RNG and deals its first deal at once;
//! seat 0 chooses the first trumpf. Any seat asks [`Game::legal_actions`] what it may do
//! and [`Game::apply`]s one [`Action`]; the answer is the [`Event`]s that happened (a card
//! played, a trick won, a deal finished and the next one dealt...) or a [`RuleError`] that
//! changed nothing. Events carry everything; before an event reaches a seat it goes
//! through [`Event::for_seat`], which hides other hands. A bot sees only [`View`], the
//! per-seat projection of the state.
//!
//! The rules (see [`rules`] for the details): 36 cards, six to ace of four suits, nine
//! each. The chooser of a deal rotates over seats 0, 1, 2, 3 and may push the choice to
//! its partner once ([`Action::Schiebe`]); either way the chooser leads the first trick.
//! Card points follow the reference's table ([`card_points`]: 152 for the 36 cards), the
//! last trick adds 5 (so a deal is the reference's "157") and taking all nine tricks 100
//! more; with multipliers on (the default) all of it counts [`multiplier`] times. Totals
//! carry over from deal to deal; the game ends after a deal in which a team has reached
//! [`Config::target`] (2500) and leads.
//!
//! Seats are numbered 0..4 and play in that order; team 0 ("Team 1" on the wire) is
//! seats 0 and 2, team 1 ("Team 2") is seats 1 and 3.

mod action;
pub mod arena;
pub mod bots;
mod contract;
mod event;
mod game;
mod play;
mod public;
pub mod rules;
mod view;

pub use action::{Action, Actions, RuleError};
pub use cards::{Card, CardSet, Rank, Suit};
pub use event::{Event, Events};
pub use game::{Game, Phase, Position, Trick};
pub use public::Public;
pub use rules::{card_points, multiplier, Config, Mode};
pub use view::View;

/// A seat at the table, 0..4, in playing order.
pub type Seat = usize;
/// A team: 0 (seats 0 and 2) or 1 (seats 1 and 3).
pub type Team = usize;

/// The team a seat plays for.
pub fn team_of(seat: Seat) -> Team {
    seat % 2
}

/// The seat across the table, on the same team.
pub fn partner_of(seat: Seat) -> Seat {
    (seat + 2) % 4
}
