//! The weakest player of every game: any legal action, uniformly at random.

use crate::{Game, GameRng, Strategy};
use rand::seq::SliceRandom;

/// Picks uniformly among the legal actions, in any game.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Strategy<G> for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        *legal.choose(rng).unwrap_or(&legal[0])
    }
}
