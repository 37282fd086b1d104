//! The weakest player: any legal action, uniformly at random. It exercises every rule
//! (calls, kans, riichi, passing wins), which is what property tests want from it.

use super::Bot;
use crate::{Action, View};
use cards::GameRng;
use rand::seq::SliceRandom;

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
        *legal.choose(rng).unwrap_or(&legal[0])
    }
}
