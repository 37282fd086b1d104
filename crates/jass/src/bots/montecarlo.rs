//! A searching player: determinized Monte Carlo over the rest of the deal.

use super::hand_value::estimate;
use super::{heuristic, Strategy};
use crate::{team_of, Action, Events, Game, Team, View};
use arrayvec::ArrayVec;
use cards::GameRng;

/// Weighs each legal action by playing the deal out in sampled worlds.
///
/// For each of `samples` determinizations (the hidden hands dealt at random, consistently
/// with what the seat has seen: who did not follow which suit, who under-trumped) it
/// applies every legal action in turn and plays the rest of the deal with
/// [`HeuristicBot`](super::HeuristicBot) in all four seats. An outcome is scored by the
/// point difference it brought the seat's team (multiplier and bonuses included, so the
/// trumpf choice weighs a doubled or tripled deal as such). The action with the best
/// average wins. Every action is tried in the same worlds, so the comparison between
/// them is not drowned by the luck of the draw.
///
/// The trumpf choice, which moves the most points and comes once a deal, gets twice the
/// samples but only over the three modes the heuristic's hand estimate rates best (and
/// schiebe when allowed).
#[derive(Clone, Copy, Debug)]
pub struct MonteCarloBot {
    samples: u32,
}

/// How many times more worlds the trumpf choice is tried in than a card.
const CHOICE_FACTOR: u32 = 2;
/// How many modes (by the hand estimate) the trumpf choice searches.
const SHORTLIST: usize = 3;

impl MonteCarloBot {
    /// Sample count of [`MonteCarloBot::default`].
    pub const DEFAULT_SAMPLES: u32 = 32;

    /// A bot that tries each action in `samples` sampled worlds (at least one).
    pub fn new(samples: u32) -> MonteCarloBot {
        MonteCarloBot {
            samples: samples.max(1),
        }
    }

    /// Plays `game` with the heuristic policy until the deal ends; returns the points
    /// `team` gained over the others since `before`.
    ///
    /// The forced last trick is scored without being played, so that the engine does not
    /// shuffle and deal the next deal only for the rollout to throw it away.
    fn rollout(&self, mut game: Game, team: Team, before: [u32; 2], events: &mut Events) -> f64 {
        let number = game.deal_number();
        let after = loop {
            if let Some(totals) = game.totals_after_forced_last_trick() {
                break totals;
            }
            let Some(seat) = game.to_act().filter(|_| game.deal_number() == number) else {
                break game.totals();
            };
            let Some(action) = heuristic::act(&game, seat) else {
                break game.totals();
            };
            if game.apply_into(seat, action, events).is_err() {
                break game.totals();
            }
        };
        let ours = f64::from(after[team] - before[team]);
        let theirs = f64::from(after[1 - team] - before[1 - team]);
        ours - theirs
    }
}

impl Default for MonteCarloBot {
    fn default() -> MonteCarloBot {
        MonteCarloBot::new(MonteCarloBot::DEFAULT_SAMPLES)
    }
}

impl Strategy<Game> for MonteCarloBot {
    fn name(&self) -> &'static str {
        "montecarlo"
    }

    fn choose(&mut self, view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.len() <= 1 {
            return legal[0];
        }
        let team = team_of(view.seat);
        // The trumpf choice decides the most points and comes once a deal: it is sampled
        // more, among the modes the hand estimate rates best (and schiebe).
        let choosing = matches!(legal[0], Action::Choose(_) | Action::Schiebe);
        let (candidates, samples) = if choosing {
            (shortlist(view, legal), self.samples * CHOICE_FACTOR)
        } else {
            (legal.iter().copied().collect(), self.samples)
        };
        let mut totals: ArrayVec<f64, 9> = candidates.iter().map(|_| 0.0).collect();
        let mut events = Events::new();
        for _ in 0..samples {
            let world = Game::determinize(view, rng);
            for (total, &action) in totals.iter_mut().zip(&candidates) {
                let mut game = world.clone();
                // A determinization agrees with the view, so every legal action applies.
                if game.apply_into(view.seat, action, &mut events).is_ok() {
                    *total += self.rollout(game, team, view.public.totals, &mut events);
                }
            }
        }
        let best = totals
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i);
        candidates[best]
    }
}

/// The trumpf choices worth searching: the [`SHORTLIST`] modes the hand estimate rates
/// best (times the multiplier), and schiebe when it is allowed.
fn shortlist(view: &View, legal: &[Action]) -> ArrayVec<Action, 9> {
    let mut modes: ArrayVec<(f64, Action), 9> = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Choose(mode) => {
                let factor = f64::from(view.public.config.factor(mode));
                Some((factor * estimate(view.hand, mode), a))
            }
            _ => None,
        })
        .collect();
    modes.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
    let mut list: ArrayVec<Action, 9> = modes.iter().take(SHORTLIST).map(|m| m.1).collect();
    if legal.contains(&Action::Schiebe) {
        list.push(Action::Schiebe);
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use cards::seeded_rng;

    #[test]
    fn chooses_a_legal_action_and_the_same_one_from_the_same_seed() {
        let (mut game, _) = Game::new(Config::default(), seeded_rng(3));
        game.apply(0, Action::Choose(crate::Mode::Obeabe)).unwrap();
        let view = game.view(0);
        let legal = game.legal_actions(0);
        let mut bot = MonteCarloBot::new(4);
        let first = bot.choose(&view, &legal, &mut seeded_rng(4));
        assert!(legal.contains(&first));
        assert_eq!(bot.choose(&view, &legal, &mut seeded_rng(4)), first);
    }

    #[test]
    fn a_single_legal_action_is_returned_without_searching() {
        let (game, _) = Game::new(Config::default(), seeded_rng(3));
        let only = [game.legal_actions(0)[0]];
        let mut rng = seeded_rng(4);
        let untouched = rng.clone();
        assert_eq!(
            MonteCarloBot::default().choose(&game.view(0), &only, &mut rng),
            only[0]
        );
        assert_eq!(rng, untouched, "no sampling happened");
    }
}
