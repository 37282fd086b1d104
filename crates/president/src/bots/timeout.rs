//! What the server does for a player whose time ran out (and for one who is away): the
//! same move as [`Hand::default_action`](crate::Hand::default_action), chosen from the
//! legal actions alone, so it can be any seat's strategy.

use super::Strategy;
use crate::{lowest, Action, Hand, View};
use cards::GameRng;

/// The timeout move: during the swap, give the lowest card; when the seat may pass, pass;
/// when it starts a round, play its lowest single card.
#[derive(Clone, Copy, Debug, Default)]
pub struct TimeoutBot;

impl Strategy<Hand> for TimeoutBot {
    fn name(&self) -> &'static str {
        "timeout"
    }

    fn choose(&mut self, _view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let swaps = legal.iter().filter_map(|a| match a {
            Action::Swap(card) => Some(*card),
            _ => None,
        });
        if let Some(card) = lowest(swaps.collect()) {
            return Action::Swap(card);
        }
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        let singles = legal.iter().filter_map(|a| match a {
            Action::Play(cards) if cards.len() == 1 => cards.iter().next(),
            _ => None,
        });
        match lowest(singles.collect()) {
            Some(card) => Action::Play([card].into_iter().collect()),
            None => legal[0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::seeded_rng;

    #[test]
    fn it_makes_the_engines_default_move_in_every_position() {
        let mut rng = seeded_rng(5);
        for seed in 0..40 {
            for ranked in [false, true] {
                let players = 3 + seed as usize % 5;
                let (mut hand, _) = Hand::deal(players, ranked, &mut seeded_rng(seed)).unwrap();
                while let Some(seat) = hand.active() {
                    let legal = hand.legal_actions(seat);
                    let chosen = TimeoutBot.choose(&hand.view(seat), &legal, &mut rng);
                    assert_eq!(chosen, hand.default_action(seat), "seed {seed}");
                    hand.apply(seat, chosen).unwrap();
                }
            }
        }
    }
}
