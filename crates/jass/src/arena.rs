//! Matches between two strategies, to tell with confidence whether one plays better.
//!
//! A match is a series of seeded games (or single deals): strategy A sits in one team's
//! two seats and B in the other's. They come in pairs dealt from the same seed with the
//! sides swapped (A plays team 0 in even games and team 1 in odd ones), so each side gets
//! the other's cards and the chooser's advantage once: luck cancels out and what is left
//! is skill. Everything is seeded and single-threaded; the same call gives the same
//! result.

use crate::bots::Strategy;
use crate::{team_of, Config, Game, Position, Team};
use cards::{seeded_rng, GameRng};
use rand::Rng;

/// What one sample of a match is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A whole game to the target; the winner is the team the engine declares.
    Games,
    /// One deal of nine tricks (what the reference protocol calls a "game"); the winner
    /// is the team with more points in it. Deals of a pair share the cards and the
    /// chooser, and the chooser rotates from pair to pair.
    Deals,
}

/// The result of a match, from strategy A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Games (or deals) played.
    pub games: u32,
    /// Won by A.
    pub wins: u32,
    /// Drawn (only deals can be: both teams with equal points).
    pub draws: u32,
}

impl Record {
    /// Won by B.
    pub fn losses(&self) -> u32 {
        self.games - self.wins - self.draws
    }

    /// A's score rate: wins plus half the draws, over games (0 when none were played).
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games)
    }

    /// The 95% Wilson score interval for A's true score rate, as (low, high).
    ///
    /// Paired games share their deals, which makes their results anti-correlated rather
    /// than independent; the interval assumes independence and so errs wide.
    pub fn confidence_interval(&self) -> (f64, f64) {
        rating::wilson_interval(self.win_rate(), self.games)
    }

    /// Whether A beats B at 95% confidence: the interval lies above one half.
    pub fn a_is_stronger(&self) -> bool {
        self.confidence_interval().0 > 0.5
    }
}

/// Asks the seat to act for its move and applies it. Returns the team that forfeits
/// when a strategy breaks the rules.
fn step(
    game: &mut Game,
    seats: &mut [Box<dyn Strategy<Game>>; 4],
    rng: &mut GameRng,
) -> Option<Team> {
    let seat = game.to_act()?;
    let legal = game.legal_actions(seat);
    let action = seats[seat].choose(&game.view(seat), &legal, rng);
    let applied = game.apply(seat, action);
    debug_assert!(
        applied.is_ok(),
        "{} chose an illegal {action:?}",
        seats[seat].name()
    );
    applied.is_err().then_some(team_of(seat))
}

/// Plays one game to the end with `seats[s]` choosing for seat `s`; returns the winner.
///
/// The deals come from `deal_seed` and the bots' random choices from `bot_seed`.
pub fn play_game(
    config: Config,
    deal_seed: u64,
    bot_seed: u64,
    seats: &mut [Box<dyn Strategy<Game>>; 4],
) -> Team {
    let (mut game, _) = Game::new(config, seeded_rng(deal_seed));
    let mut rng = seeded_rng(bot_seed);
    loop {
        if let Some(winner) = game.winner() {
            return winner;
        }
        if let Some(cheat) = step(&mut game, seats, &mut rng) {
            // A strategy that breaks the rules forfeits the game.
            return 1 - cheat;
        }
    }
}

/// Plays one deal: the cards dealt from `deal_seed`, deal `number` (so seat
/// `(number - 1) % 4` chooses). Returns each team's points in it.
pub fn play_deal(
    config: Config,
    deal_seed: u64,
    number: u32,
    bot_seed: u64,
    seats: &mut [Box<dyn Strategy<Game>>; 4],
) -> [u32; 2] {
    let (dealt, _) = Game::new(config, seeded_rng(deal_seed));
    let position = Position {
        totals: [0, 0],
        number,
        hands: [0, 1, 2, 3].map(|s| dealt.hand(s)),
    };
    let (mut game, _) = Game::from_position(config, seeded_rng(deal_seed), position)
        .expect("a shuffled deal is a valid position");
    let mut rng = seeded_rng(bot_seed);
    while game.deal_number() == number && !game.is_over() {
        if let Some(cheat) = step(&mut game, seats, &mut rng) {
            let mut points = [0, 0];
            points[1 - cheat] = 1;
            return points;
        }
    }
    game.totals()
}

/// Plays `games` games (or deals) of A against B under `config`, starting from `seed`.
///
/// `make_a` and `make_b` build a fresh player for each seat of each game, so strategies
/// with state never carry it from one game into the next.
pub fn play_match(
    config: Config,
    unit: Unit,
    games: u32,
    seed: u64,
    mut make_a: impl FnMut() -> Box<dyn Strategy<Game>>,
    mut make_b: impl FnMut() -> Box<dyn Strategy<Game>>,
) -> Record {
    let mut seeds: GameRng = seeded_rng(seed);
    let mut deal_seed = 0;
    let mut record = Record {
        games,
        wins: 0,
        draws: 0,
    };
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
        let bot_seed = seeds.gen();
        let winner = match unit {
            Unit::Games => Some(play_game(config, deal_seed, bot_seed, &mut seats)),
            Unit::Deals => {
                let number = (game / 2) % 4 + 1;
                let points = play_deal(config, deal_seed, number, bot_seed, &mut seats);
                match points[0].cmp(&points[1]) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                }
            }
        };
        match winner {
            Some(team) if team == a_team => record.wins += 1,
            Some(_) => {}
            None => record.draws += 1,
        }
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;

    #[test]
    fn wilson_interval_brackets_the_rate_and_narrows_with_games() {
        let few = Record {
            games: 20,
            wins: 15,
            draws: 0,
        };
        let many = Record {
            games: 2000,
            wins: 1500,
            draws: 0,
        };
        let (lo, hi) = few.confidence_interval();
        assert!(lo < 0.75 && 0.75 < hi && lo > 0.5);
        let (lo2, hi2) = many.confidence_interval();
        assert!(lo2 > lo && hi2 < hi);
        assert!((lo2 - 0.7306).abs() < 1e-3 && (hi2 - 0.7685).abs() < 1e-3);
        let draws = Record {
            games: 10,
            wins: 4,
            draws: 2,
        };
        assert_eq!(draws.win_rate(), 0.5);
        assert_eq!(draws.losses(), 4);
        assert_eq!(
            Record {
                games: 0,
                wins: 0,
                draws: 0
            }
            .confidence_interval(),
            (0.0, 1.0)
        );
    }

    #[test]
    fn a_match_is_reproducible_and_a_bot_against_itself_is_not_stronger() {
        let random = || Box::new(RandomBot) as Box<dyn Strategy<Game>>;
        let config = Config::default();
        for unit in [Unit::Deals, Unit::Games] {
            let n = if unit == Unit::Games { 10 } else { 200 };
            let first = play_match(config, unit, n, 9, random, random);
            assert_eq!(first, play_match(config, unit, n, 9, random, random));
            assert_eq!(first.wins + first.draws + first.losses(), n);
            assert!(!first.a_is_stronger());
        }
    }
}
