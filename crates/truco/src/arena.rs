//! Matches between two strategies, to tell with confidence whether one plays better.
//!
//! A match is a series of seeded games: strategy A sits in one team's two seats and B in
//! the other's. The games come in pairs dealt from the same seed with the sides swapped
//! (A plays team 0 in even games and team 1 in odd ones), so each side gets the other's
//! cards and the opener's advantage once: luck cancels out and what is left is skill.
//! Everything is seeded and single-threaded; the same call gives the same result.

use crate::bots::Strategy;
use crate::{team_of, Game, Phase, Rules, Team};
use cards::{seeded_rng, GameRng};
use rand::Rng;

/// The result of a match, from strategy A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Games played.
    pub games: u32,
    /// Games won by A (the rest were won by B; a game cannot be drawn).
    pub wins: u32,
}

impl Record {
    /// Games won by B.
    pub fn losses(&self) -> u32 {
        self.games - self.wins
    }

    /// A's share of the games (0 when none were played).
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        f64::from(self.wins) / f64::from(self.games)
    }

    /// The 95% Wilson score interval for A's true win rate, as (low, high).
    ///
    /// Paired games share their deals, which makes the games' results anti-correlated
    /// rather than independent; the interval assumes independence and so errs wide.
    pub fn confidence_interval(&self) -> (f64, f64) {
        rating::wilson_interval(self.win_rate(), self.games)
    }

    /// Whether A beats B at 95% confidence: the interval lies above one half.
    pub fn a_is_stronger(&self) -> bool {
        self.confidence_interval().0 > 0.5
    }
}

/// Plays one game to the end with `seats[s]` choosing for seat `s`; returns the winner.
///
/// The deal comes from `deal_seed` and the bots' random choices from `bot_seed`. When two
/// seats may act at once (the answers to a raise, a hand of 11) the lower seat goes first.
pub fn play_game(
    rules: Rules,
    deal_seed: u64,
    bot_seed: u64,
    seats: &mut [Box<dyn Strategy<Game>>; 4],
) -> Team {
    let (mut game, _) = Game::new(rules, seeded_rng(deal_seed));
    let mut rng = seeded_rng(bot_seed);
    loop {
        if let Phase::Over { winner } = game.phase() {
            return winner;
        }
        let seat = game.to_act()[0];
        let legal = game.legal_actions(seat);
        let action = seats[seat].choose(&game.view(seat), &legal, &mut rng);
        let chosen = game.apply(seat, action);
        debug_assert!(
            chosen.is_ok(),
            "{} chose an illegal {action:?}",
            seats[seat].name()
        );
        if chosen.is_err() {
            // A strategy that breaks the rules forfeits the game.
            return 1 - team_of(seat);
        }
    }
}

/// Plays `games` games of A against B under `rules`, starting from `seed`.
///
/// `make_a` and `make_b` build a fresh player for each seat of each game, so strategies
/// with state never carry it from one game into the next.
pub fn play_match(
    rules: Rules,
    games: u32,
    seed: u64,
    mut make_a: impl FnMut() -> Box<dyn Strategy<Game>>,
    mut make_b: impl FnMut() -> Box<dyn Strategy<Game>>,
) -> Record {
    let mut seeds: GameRng = seeded_rng(seed);
    let mut deal_seed = 0;
    let mut wins = 0;
    for game in 0..games {
        if game % 2 == 0 {
            deal_seed = seeds.gen();
        }
        let a_team = (game % 2) as Team;
        let mut seats = [0, 1, 2, 3].map(|seat| {
            if team_of(seat) == a_team {
                make_a()
            } else {
                make_b()
            }
        });
        if play_game(rules, deal_seed, seeds.gen(), &mut seats) == a_team {
            wins += 1;
        }
    }
    Record { games, wins }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::{DeckStyle, ManilhaStyle};

    #[test]
    fn wilson_interval_brackets_the_rate_and_narrows_with_games() {
        let few = Record {
            games: 20,
            wins: 15,
        };
        let many = Record {
            games: 2000,
            wins: 1500,
        };
        let (lo, hi) = few.confidence_interval();
        assert!(lo < 0.75 && 0.75 < hi && lo > 0.5);
        let (lo2, hi2) = many.confidence_interval();
        assert!(lo2 > lo && hi2 < hi);
        assert!((lo2 - 0.7306).abs() < 1e-3 && (hi2 - 0.7685).abs() < 1e-3);
        assert!(!Record { games: 10, wins: 6 }.a_is_stronger());
        assert_eq!(
            Record { games: 0, wins: 0 }.confidence_interval(),
            (0.0, 1.0)
        );
    }

    #[test]
    fn a_match_is_reproducible_and_a_bot_against_itself_is_not_stronger() {
        let rules = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
        let random = || Box::new(RandomBot) as Box<dyn Strategy<Game>>;
        let first = play_match(rules, 200, 9, random, random);
        assert_eq!(first, play_match(rules, 200, 9, random, random));
        assert_eq!(first.wins + first.losses(), 200);
        assert!(!first.a_is_stronger());
    }
}
