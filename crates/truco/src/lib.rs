//! Brazilian Truco rules as a pure value: no I/O, no clock, randomness only from the
//! [`GameRng`](cards::GameRng) passed in.
//!
//! A [`Game`] is created from [`Rules`] and an RNG and deals its first hand at once. Any
//! seat asks [`Game::legal_actions`] what it may do and [`Game::apply`]s one [`Action`];
//! the answer is the [`Event`]s that happened (who played, who won a round, a new hand
//! dealt...) or a [`RuleError`] that changed nothing. Events carry everything; before an
//! event reaches a seat it goes through [`Event::for_seat`], which hides other hands and
//! closed cards. A bot sees only [`View`], the per-seat projection of the state.
//!
//! Seats are numbered 0..4 and play in that order; team 0 is seats 0 and 2, team 1 is
//! seats 1 and 3. Protocols number them from 1.
//!
//! The rule variants ([`Rules::paulista`], [`Rules::mineiro`], [`Rules::app`],
//! [`Rules::course`]) are
//! documented on [`Rules`].

mod action;
pub mod arena;
pub mod bots;
mod contract;
mod event;
mod game;
mod outcome;
mod play;
mod public;
mod raise;
mod rules;
mod view;

pub use action::{Action, Actions, Answer, RuleError};
pub use event::{Event, Events};
pub use game::{Game, Phase, Position};
pub use outcome::{HandOutcome, RoundOutcome};
pub use public::Public;
pub use rules::{
    Answering, AppMode, ClosedCards, DeckStyle, Lead, ManilhaStyle, Rules, RulesError, Stakes,
};
pub use view::{PendingRaise, Seen, View};

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
