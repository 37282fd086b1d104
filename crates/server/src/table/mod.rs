//! The table kernel every game's table is built on: who holds each seat ([`Seats`]:
//! empty, a person, a person away who may come back), the game in progress with its CPU
//! players, stand-in, timers and record ([`Play`], [`Recorded`]). A protocol module keeps
//! only what is its own: its codec, commands, rendering and lobby rules.

mod play;
mod recorded;
mod seats;

pub use play::{Play, Timing};
pub use recorded::{Chronicle, Recorded};
pub use seats::{Occupant, Seats};
use tokio::time::Instant;

/// Sleeps until `due`, or forever without one (for `select!` arms).
pub async fn sleep_until(due: Option<Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due).await,
        None => std::future::pending().await,
    }
}
