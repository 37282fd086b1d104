//! Computer players. Each one chooses from a seat's [`View`] and the legal actions only,
//! so a bot can never use information its seat does not have.
//!
//! From weakest to strongest: [`RandomBot`] (any legal action) and [`EfficiencyBot`]
//! (tile efficiency: lowest shanten, then most tiles that improve the hand). Servers and
//! tools pick one by name with [`by_name`].

mod efficiency;

pub use efficiency::EfficiencyBot;
pub use parlor_game::{RandomBot, Strategy};

use crate::Game;

/// The names [`by_name`] knows, weakest first.
pub const NAMES: &[&str] = &["random", "efficiency"];

/// The bot called `name` (one of [`NAMES`]).
pub fn by_name(name: &str) -> Option<Box<dyn Strategy<Game>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "efficiency" => Some(Box::new(EfficiencyBot)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_builds_the_bot_of_that_name() {
        for &name in NAMES {
            assert_eq!(by_name(name).map(|b| b.name()), Some(name));
        }
        assert!(by_name("nobody").is_none());
    }
}
