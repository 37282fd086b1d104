//! Computer players. Each one chooses from a seat's [`View`] and the legal actions only,
//! so a bot can never use information its seat does not have.

mod random;

pub use random::RandomBot;

use crate::{Action, View};
use cards::GameRng;

/// A way of choosing moves.
pub trait Strategy: Send {
    /// A short name for logs and tables.
    fn name(&self) -> &'static str;

    /// One of `legal` (never empty) for the seat whose view this is.
    fn choose(&mut self, view: &View, legal: &[Action], rng: &mut GameRng) -> Action;
}
