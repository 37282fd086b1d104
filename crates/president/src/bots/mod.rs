//! Computer players. Each chooses from a seat's [`View`](crate::View) and the legal actions
//! only, so a bot can never use information its seat does not have.
//!
//! From weakest to strongest: [`RandomBot`] and [`SoundBot`]. Servers and tools pick one
//! by name with [`by_name`]. [`TimeoutBot`] is not a player: it makes the move a server
//! makes for a player out of time.

mod sound;
mod timeout;

pub use parlor_game::{RandomBot, Strategy};
pub use sound::SoundBot;
pub use timeout::TimeoutBot;

use crate::Hand;

parlor_game::strategies!(Hand { "random" => RandomBot, "sound" => SoundBot });
