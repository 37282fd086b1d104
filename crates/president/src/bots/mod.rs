//! Computer players. Each chooses from a seat's [`View`] and the legal actions only, so a
//! bot can never use information its seat does not have.
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

/// The names [`by_name`] knows, weakest first.
pub const NAMES: &[&str] = &["random", "sound"];

/// The strategy called `name` (one of [`NAMES`]).
pub fn by_name(name: &str) -> Option<Box<dyn Strategy<Hand>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "sound" => Some(Box::new(SoundBot)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_builds_the_strategy_of_that_name() {
        for &name in NAMES {
            assert_eq!(by_name(name).map(|s| s.name()), Some(name));
        }
        assert!(by_name("nobody").is_none());
    }
}
