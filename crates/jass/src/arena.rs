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
use parlor_game::arena::play_pairs;

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

pub use parlor_game::arena::Record;

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

/// Plays `games` games (or deals) of A against B under `config`, starting from `seed`,
/// in pairs with the sides swapped ([`parlor_game::arena::play_pairs`]); with
/// [`Unit::Deals`] the chooser rotates from pair to pair.
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
    play_pairs(games, seed, |pairing| {
        let mut seats = pairing.partnerships(&mut make_a, &mut make_b);
        let (deal_seed, bot_seed) = (pairing.deal_seed, pairing.bot_seed);
        match unit {
            Unit::Games => Some(play_game(config, deal_seed, bot_seed, &mut seats)),
            Unit::Deals => {
                let number = (pairing.number / 2) % 4 + 1;
                let points = play_deal(config, deal_seed, number, bot_seed, &mut seats);
                match points[0].cmp(&points[1]) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;

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
