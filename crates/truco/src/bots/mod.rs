//! Computer players. Each one chooses from a seat's [`View`](crate::View) and the legal
//! actions only, so a bot can never use information its seat does not have.
//!
//! From weakest to strongest: [`RandomBot`], [`HeuristicBot`] (rules of thumb) and
//! [`MonteCarloBot`] (a search that plays the hand out in sampled worlds). Servers and
//! tools pick one by name with [`by_name`].

mod heuristic;
mod montecarlo;
mod odds;

pub use heuristic::HeuristicBot;
pub use montecarlo::MonteCarloBot;
pub use parlor_game::{RandomBot, Strategy};

use crate::Game;

parlor_game::strategies!(Game { "random" => RandomBot, "heuristic" => HeuristicBot, "montecarlo" => MonteCarloBot::default() });
