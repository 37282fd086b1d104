//! Matches between bots, to tell with confidence whether one plays better.
//!
//! A match is a series of seeded games in which bot A takes one seat and bot B the other
//! three; A's seat rotates from game to game (seat `g % 4` in game `g`), so A deals first
//! as often as it deals last. The record counts A's hands won and dealt in, and its final
//! places. Everything is seeded and single-threaded: the same call gives the same result.

use crate::bots::Strategy;
use crate::{Event, Game, Pending, Rules, Seat};
use cards::seeded_rng;
use rand::Rng;

/// What one game came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Final points.
    pub scores: [i32; 4],
    /// Final places, 1..=4.
    pub ranks: [u8; 4],
    /// Hands played (repeats included).
    pub hands: u32,
    /// Hands each seat won (both winners of a double ron count).
    pub wins: [u32; 4],
    /// Hands each seat dealt into.
    pub deal_ins: [u32; 4],
}

/// Plays one game to the end with `seats[s]` choosing for seat `s`. The walls come from
/// `deal_seed`, the bots' random choices from `bot_seed`.
///
/// # Panics
///
/// If a bot chooses an action the game refuses: bots must pick from the legal ones.
pub fn play_game(
    rules: Rules,
    deal_seed: u64,
    bot_seed: u64,
    seats: &mut [Box<dyn Strategy<Game>>; 4],
) -> GameResult {
    let (mut game, _) = Game::new(rules, seeded_rng(deal_seed));
    let mut rng = seeded_rng(bot_seed);
    let mut events = Vec::new();
    let mut result = GameResult {
        scores: [0; 4],
        ranks: [0; 4],
        hands: 0,
        wins: [0; 4],
        deal_ins: [0; 4],
    };
    loop {
        let seat: Seat = match game.pending() {
            Pending::Turn(seat) => seat,
            Pending::Claims(owed) => owed.iter().next().expect("a window owes answers"),
            Pending::HandOver => {
                game.next_hand().expect("the hand is over");
                continue;
            }
            Pending::GameOver => break,
        };
        let legal = game.legal_actions(seat);
        let action = seats[seat].choose(&game.view(seat), &legal, &mut rng);
        if let Err(e) = game.apply_into(seat, action, &mut events) {
            panic!("{} chose {action:?}: {e}", seats[seat].name());
        }
        for event in &events {
            match event {
                Event::Win(win) => {
                    result.wins[win.winner] += 1;
                    if let Some(from) = win.from {
                        result.deal_ins[from] += 1;
                    }
                }
                Event::HandOver { .. } => result.hands += 1,
                Event::GameOver { scores, ranks } => {
                    result.scores = *scores;
                    result.ranks = *ranks;
                }
                _ => {}
            }
        }
    }
    result
}

/// A match from bot A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Games played.
    pub games: u32,
    /// Hands played.
    pub hands: u32,
    /// Hands A won.
    pub wins: u32,
    /// Hands A dealt into.
    pub deal_ins: u32,
    /// How often A finished first, second, third and fourth.
    pub places: [u32; 4],
}

impl Record {
    /// The share of hands A won.
    pub fn win_rate(&self) -> f64 {
        ratio(self.wins, self.hands)
    }

    /// The 95% Wilson interval of A's hand-win rate. Hands of one game are not quite
    /// independent, so it errs narrow.
    pub fn win_interval(&self) -> (f64, f64) {
        rating::wilson_interval(self.win_rate(), self.hands)
    }

    /// The share of hands A dealt into.
    pub fn deal_in_rate(&self) -> f64 {
        ratio(self.deal_ins, self.hands)
    }

    /// A's average place, 1.0 (always first) to 4.0; 2.5 is what an equal bot gets.
    pub fn average_place(&self) -> f64 {
        let total: u32 = (0..4).map(|i| (i as u32 + 1) * self.places[i]).sum();
        ratio(total, self.games)
    }

    /// A 95% interval of the average place (normal approximation).
    pub fn place_interval(&self) -> (f64, f64) {
        if self.games < 2 {
            return (1.0, 4.0);
        }
        let mean = self.average_place();
        let square: f64 = (0..4)
            .map(|i| f64::from(self.places[i]) * (i as f64 + 1.0 - mean).powi(2))
            .sum();
        let sd = (square / f64::from(self.games - 1)).sqrt();
        let half = 1.96 * sd / f64::from(self.games).sqrt();
        (mean - half, mean + half)
    }

    /// The share of games A finished first.
    pub fn top_rate(&self) -> f64 {
        ratio(self.places[0], self.games)
    }

    /// The 95% Wilson interval of A's first-place rate (an equal bot has 0.25).
    pub fn top_interval(&self) -> (f64, f64) {
        rating::wilson_interval(self.top_rate(), self.games)
    }
}

fn ratio(part: u32, whole: u32) -> f64 {
    if whole == 0 {
        0.0
    } else {
        f64::from(part) / f64::from(whole)
    }
}

/// Plays `games` games of one A against three Bs under `rules`, starting from `seed`.
/// `make_a` and `make_b` build a fresh bot for each seat of each game.
pub fn play_match(
    rules: Rules,
    games: u32,
    seed: u64,
    mut make_a: impl FnMut() -> Box<dyn Strategy<Game>>,
    mut make_b: impl FnMut() -> Box<dyn Strategy<Game>>,
) -> Record {
    let mut seeds = seeded_rng(seed);
    let mut record = Record::default();
    for g in 0..games {
        let a_seat = (g % 4) as Seat;
        let mut seats: [Box<dyn Strategy<Game>>; 4] =
            std::array::from_fn(|s| if s == a_seat { make_a() } else { make_b() });
        let result = play_game(rules, seeds.gen(), seeds.gen(), &mut seats);
        record.games += 1;
        record.hands += result.hands;
        record.wins += result.wins[a_seat];
        record.deal_ins += result.deal_ins[a_seat];
        record.places[usize::from(result.ranks[a_seat] - 1)] += 1;
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;

    #[test]
    fn a_match_is_reproducible_and_counts_every_game() {
        let random = || Box::new(RandomBot) as Box<dyn Strategy<Game>>;
        let first = play_match(Rules::default(), 4, 7, random, random);
        assert_eq!(first, play_match(Rules::default(), 4, 7, random, random));
        assert_eq!(first.places.iter().sum::<u32>(), 4);
        assert!(first.hands >= first.games);
        let (low, high) = first.win_interval();
        assert!(low <= first.win_rate() && first.win_rate() <= high);
    }
}
