//! A searching player: determinized Monte Carlo over the rest of the hand.

use super::odds::game_chance;
use super::{HeuristicBot, Strategy};
use crate::{team_of, Action, Actions, Events, Game, Team, View};
use arrayvec::ArrayVec;
use cards::GameRng;
use rand::{Rng, SeedableRng};

/// Weighs each legal action by playing the hand out in sampled worlds.
///
/// For each of `samples` determinizations (the hidden cards dealt at random, consistently
/// with the seat's [`View`]) it applies every legal action in turn and plays the rest of
/// the hand with [`HeuristicBot`] in all four seats. An outcome is scored by the chance it
/// leaves the seat's team of winning the game (a guess from the score), so points count
/// more when they decide the game. The action with the best average wins. Every action
/// is tried in the same worlds with the same random choices, so the comparison between
/// them is not drowned by the luck of the draw.
///
/// Answers to a raise are left to the heuristic: sampled worlds deal the raiser random
/// cards, so the search would accept far too often (in the arena, searching the answers
/// too lost about five points of win rate against [`HeuristicBot`]).
#[derive(Clone, Copy, Debug)]
pub struct MonteCarloBot {
    samples: u32,
    policy: HeuristicBot,
}

impl MonteCarloBot {
    /// Sample count of [`MonteCarloBot::default`]: keeps one decision near a millisecond
    /// on one core in a release build.
    pub const DEFAULT_SAMPLES: u32 = 48;

    /// A bot that tries each action in `samples` sampled worlds (at least one).
    pub fn new(samples: u32) -> MonteCarloBot {
        MonteCarloBot {
            samples: samples.max(1),
            policy: HeuristicBot,
        }
    }

    /// Plays `game` with the heuristic policy until the hand ends, then scores it for
    /// `team`. `legal` and `events` are scratch room, reused by every action.
    fn rollout(
        &mut self,
        mut game: Game,
        team: Team,
        rng: &mut GameRng,
        legal: &mut Actions,
        events: &mut Events,
    ) -> f64 {
        let hand = game.hand_number();
        while !game.is_over() && game.hand_number() == hand {
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            game.legal_actions_into(seat, legal);
            let action = self.policy.choose(&game.view(seat), legal, rng);
            if game.apply_into(seat, action, events).is_err() {
                break;
            }
        }
        let scores = game.scores();
        game_chance(game.rules().stakes.target, scores[team], scores[1 - team])
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
        if matches!(legal[0], Action::Answer(_)) {
            return self.policy.choose(view, legal, rng);
        }
        let team = team_of(view.seat);
        let mut totals: ArrayVec<f64, 8> = legal.iter().map(|_| 0.0).collect();
        let (mut scratch, mut events) = (Actions::new(), Events::new());
        for _ in 0..self.samples {
            let world = Game::determinize(view, rng);
            let choices = GameRng::seed_from_u64(rng.gen());
            for (total, &action) in totals.iter_mut().zip(legal) {
                let mut game = world.clone();
                // A determinization agrees with the view, so every legal action applies.
                if game.apply_into(view.seat, action, &mut events).is_ok() {
                    let mut choices = choices.clone();
                    *total += self.rollout(game, team, &mut choices, &mut scratch, &mut events);
                }
            }
        }
        let best = totals
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i);
        legal[best]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DeckStyle, ManilhaStyle, Rules};
    use cards::seeded_rng;

    #[test]
    fn chooses_a_legal_action_and_the_same_one_from_the_same_seed() {
        let rules = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
        let (game, _) = Game::new(rules, seeded_rng(3));
        let view = game.view(0);
        let legal = game.legal_actions(0);
        let mut bot = MonteCarloBot::new(8);
        let first = bot.choose(&view, &legal, &mut seeded_rng(4));
        assert!(legal.contains(&first));
        assert_eq!(bot.choose(&view, &legal, &mut seeded_rng(4)), first);
    }

    #[test]
    fn a_single_legal_action_is_returned_without_searching() {
        let rules = Rules::course();
        let (game, _) = Game::new(rules, seeded_rng(3));
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
