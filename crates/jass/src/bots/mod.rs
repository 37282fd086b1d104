//! Computer players. Each one chooses from a seat's [`View`] and the legal actions only,
//! so a bot can never use information its seat does not have.
//!
//! From weakest to strongest: [`RandomBot`], [`HeuristicBot`] (rules of thumb) and
//! [`MonteCarloBot`] (a search that plays the deal out in sampled worlds). Servers and
//! tools pick one by name with [`by_name`].

#[cfg(test)]
mod calibrate;
mod hand_value;
mod heuristic;
mod knowledge;
mod montecarlo;

pub use heuristic::HeuristicBot;
pub use montecarlo::MonteCarloBot;
pub use parlor_game::{RandomBot, Strategy};

use crate::Game;

/// The names [`by_name`] knows, weakest first.
pub const NAMES: &[&str] = &["random", "heuristic", "montecarlo"];

/// The strategy called `name` (one of [`NAMES`]) with its default settings.
pub fn by_name(name: &str) -> Option<Box<dyn Strategy<Game>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "heuristic" => Some(Box::new(HeuristicBot)),
        "montecarlo" => Some(Box::new(MonteCarloBot::default())),
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
