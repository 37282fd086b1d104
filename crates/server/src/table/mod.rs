//! The table kernel every game's table is built on: who holds each seat ([`Seats`]:
//! empty, a person, a person away who may come back), the game in progress with its CPU
//! players, stand-in, timers (the turn's own, [`TurnTimer`]) and record ([`Play`], over
//! the record's `Recorded` game), and one table actor for any game ([`actor`]) that owns
//! them all. A protocol module keeps only what is its own: its codec, commands,
//! rendering and lobby rules.

pub mod actor;
mod carried;
mod play;
mod seats;
mod turn_timer;

pub use carried::seat_carried;
pub use play::{Play, Timing};
pub use seats::{Occupant, Seats, MAX_RETURNS};
use tokio::time::Instant;
pub use turn_timer::TurnTimer;

/// Who is at the keyboard, as a game in play needs to know it: the seats machines play
/// (CPU players, stand-ins for people away) are the others.
pub trait Presence {
    /// Whether a person at the keyboard plays `seat`.
    fn is_here(&self, seat: usize) -> bool;
    /// Whether any person is at the keyboard (else the game waits).
    fn anyone_here(&self) -> bool;
}

/// A person who came and went too often ([`Seats::flaky`]) is connected but not waited
/// for: the stand-in plays their seat.
impl<P> Presence for Seats<P> {
    fn is_here(&self, seat: usize) -> bool {
        Seats::is_here(self, seat) && !self.flaky(seat)
    }

    fn anyone_here(&self) -> bool {
        self.here_all().next().is_some()
    }
}

/// Sleeps until `due`, or forever without one (for `select!` arms).
pub async fn sleep_until(due: Option<Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due).await,
        None => std::future::pending().await,
    }
}
