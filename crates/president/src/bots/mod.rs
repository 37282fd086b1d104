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

use crate::{Action, EveningGame, EveningView, Hand};
use cards::GameRng;

parlor_game::strategies!(Hand { "random" => RandomBot, "sound" => SoundBot });

/// A hand's strategy playing an evening: it chooses from the view of the hand its seat
/// is dealt in (a seat only has moves there).
pub struct InEvening(pub Box<dyn Strategy<Hand>>);

impl Strategy<EveningGame> for InEvening {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn choose(&mut self, view: &EveningView, legal: &[Action], rng: &mut GameRng) -> Action {
        match &view.hand {
            Some(hand) => self.0.choose(hand, legal, rng),
            None => legal[0],
        }
    }
}

/// The strategy called `name` (one of [`NAMES`]) playing an evening.
pub fn evening_by_name(name: &str) -> Option<Box<dyn Strategy<EveningGame>>> {
    let hand = by_name(name)?;
    Some(Box::new(InEvening(hand)))
}
