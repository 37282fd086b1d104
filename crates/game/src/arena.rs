//! Matches between two strategies, to tell with confidence whether one plays better: the
//! part every game's arena shares.
//!
//! A match is a series of seeded games between side 0 and side 1 (for team games, the
//! two teams). They come in pairs dealt from the same seed with the sides swapped
//! (strategy A plays side 0 in even games and side 1 in odd ones), so each strategy gets
//! the other's cards and the first move once: luck cancels out and what is left is
//! skill. Everything is seeded and single-threaded; the same call gives the same result.

use crate::{Game, GameRng, Strategy};
use cards::seeded_rng;
use rand::Rng;

/// The result of a match, from strategy A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Games played.
    pub games: u32,
    /// Won by A.
    pub wins: u32,
    /// Drawn (in games that can be).
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

/// One game of a match, as the match asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The game's number in the match, from 0 (its pair is `number / 2`).
    pub number: u32,
    /// The seed of the deal; the two games of a pair share it.
    pub deal_seed: u64,
    /// The seed of the players' random choices.
    pub bot_seed: u64,
    /// The side strategy A plays (0 in even games, 1 in odd ones).
    pub a_side: usize,
}

impl Pairing {
    /// The players of a four-seat game of two partnerships (seats 0 and 2 against 1 and
    /// 3): fresh players from `make_a` on A's side, from `make_b` on the other.
    pub fn partnerships<G: Game>(
        &self,
        mut make_a: impl FnMut() -> Box<dyn Strategy<G>>,
        mut make_b: impl FnMut() -> Box<dyn Strategy<G>>,
    ) -> [Box<dyn Strategy<G>>; 4] {
        [0, 1, 2, 3].map(|seat| {
            if seat % 2 == self.a_side {
                make_a()
            } else {
                make_b()
            }
        })
    }
}

/// Plays `games` games from `seed`: `play` plays one and returns the winning side, or
/// `None` for a draw.
pub fn play_pairs(games: u32, seed: u64, mut play: impl FnMut(Pairing) -> Option<usize>) -> Record {
    let mut seeds: GameRng = seeded_rng(seed);
    let mut deal_seed = 0;
    let mut record = Record {
        games,
        wins: 0,
        draws: 0,
    };
    for number in 0..games {
        if number % 2 == 0 {
            deal_seed = seeds.gen();
        }
        let a_side = (number % 2) as usize;
        let pairing = Pairing {
            number,
            deal_seed,
            bot_seed: seeds.gen(),
            a_side,
        };
        match play(pairing) {
            Some(side) if side == a_side => record.wins += 1,
            Some(_) => {}
            None => record.draws += 1,
        }
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_share_a_deal_and_swap_sides() {
        let mut seen = Vec::new();
        let record = play_pairs(6, 1, |p| {
            seen.push(p);
            // The side that sits first always wins: the sides' strategies are even.
            Some(0)
        });
        assert_eq!(record.wins, 3);
        assert_eq!(record.losses(), 3);
        assert_eq!(record.win_rate(), 0.5);
        assert!(!record.a_is_stronger());
        for pair in seen.chunks(2) {
            assert_eq!(pair[0].deal_seed, pair[1].deal_seed);
            assert_eq!((pair[0].a_side, pair[1].a_side), (0, 1));
            assert_ne!(pair[0].bot_seed, pair[1].bot_seed);
        }
        assert_ne!(seen[0].deal_seed, seen[2].deal_seed);
        let drawn = play_pairs(4, 1, |_| None);
        assert_eq!((drawn.draws, drawn.win_rate()), (4, 0.5));
    }

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
}
