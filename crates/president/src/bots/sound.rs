//! A sensible player: sheds its cards cheaply and keeps its 2s for when they count.

use super::Strategy;
use crate::values::{by_value, common_value, lowest, TWO, VALUES};
use crate::{Action, Hand, View};
use cards::{CardSet, GameRng};
use std::cmp::Reverse;

/// Another seat this close to going out is a danger worth spending 2s and broken sets on.
const DANGER: u8 = 3;

/// Plays by rules of thumb a careful human follows:
///
/// - In the swap it gives back its lowest card.
/// - It goes out whenever one play can empty its hand.
/// - Starting a round, it leads its lowest value, all cards of it at once (a pair of 4s
///   goes together rather than leaving a lone 4 behind), and keeps its 2s.
/// - Answering, it plays the lowest value it can without breaking a pair or triple (a
///   play may hold more cards than the table's, so a whole set fits whenever part of it
///   does), and never a 2; otherwise it passes, unless someone else is close to going out
///   or one more lead would finish its hand: then it spends a single 2 to take the lead.
///
/// It is deterministic (the RNG is not used) and never allocates.
#[derive(Clone, Copy, Debug, Default)]
pub struct SoundBot;

impl Strategy<Hand> for SoundBot {
    fn name(&self) -> &'static str {
        "sound"
    }

    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let fallback = legal.first().copied().unwrap_or(Action::Pass);
        if legal.len() <= 1 {
            return fallback;
        }
        if matches!(fallback, Action::Swap(_)) {
            return lowest(view.hand)
                .map(Action::Swap)
                .filter(|a| legal.contains(a))
                .unwrap_or(fallback);
        }
        let going_out = Action::Play(view.hand);
        if legal.contains(&going_out) {
            return going_out;
        }
        let groups = by_value(view.hand);
        let plays = || {
            legal.iter().filter_map(|&action| match action {
                Action::Play(cards) => common_value(cards).map(|value| (cards, value)),
                _ => None,
            })
        };
        let breaks = |cards: CardSet, value: u8| cards.len() < groups[usize::from(value)].len();
        let cheapest = |allow_breaking: bool| {
            plays()
                .filter(|&(cards, value)| value != TWO && (allow_breaking || !breaks(cards, value)))
                .min_by_key(|&(cards, value)| (breaks(cards, value), value, Reverse(cards.len())))
                .map(|(cards, _)| Action::Play(cards))
        };
        let single_two = plays()
            .filter(|&(_, value)| value == TWO)
            .min_by_key(|&(cards, _)| cards.len())
            .map(|(cards, _)| Action::Play(cards));
        if !legal.contains(&Action::Pass) {
            return cheapest(true).or(single_two).unwrap_or(fallback);
        }
        if let Some(play) = cheapest(false) {
            return play;
        }
        let values_left = (0..VALUES)
            .filter(|&v| v != usize::from(TWO) && !groups[v].is_empty())
            .count();
        let danger = view.fewest_cards_of_others().is_some_and(|n| n <= DANGER);
        if danger || values_left <= 1 {
            if let Some(play) = single_two {
                return play;
            }
        }
        Action::Pass
    }
}
