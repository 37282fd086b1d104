//! Computer players. Each one chooses from a seat's [`View`](crate::View) and the legal actions only,
//! so a bot can never use information its seat does not have.
//!
//! From weakest to strongest: [`RandomBot`] (any legal action) and [`EfficiencyBot`]
//! (tile efficiency: lowest shanten, then most tiles that improve the hand). Servers and
//! tools pick one by name with [`by_name`].

mod efficiency;

pub use efficiency::EfficiencyBot;
pub use parlor_game::{RandomBot, Strategy};

use crate::Game;

parlor_game::strategies!(Game { "random" => RandomBot, "efficiency" => EfficiencyBot });
