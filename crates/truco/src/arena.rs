//! Matches between two strategies, to tell with confidence whether one plays better.
//!
//! A match is a series of seeded games: strategy A sits in one team's two seats and B in
//! the other's. The games come in pairs dealt from the same seed with the sides swapped
//! (A plays team 0 in even games and team 1 in odd ones), so each side gets the other's
//! cards and the opener's advantage once: luck cancels out and what is left is skill.
//! Everything is seeded and single-threaded; the same call gives the same result.

use crate::bots::Strategy;
use crate::{team_of, Game, Phase, Rules, Team};
use cards::seeded_rng;
use parlor_game::arena::play_pairs;

pub use parlor_game::arena::Record;

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

/// Plays `games` games of A against B under `rules`, starting from `seed`, in pairs
/// with the sides swapped ([`parlor_game::arena::play_pairs`]).
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
    play_pairs(games, seed, |pairing| {
        let mut seats = pairing.partnerships(&mut make_a, &mut make_b);
        Some(play_game(
            rules,
            pairing.deal_seed,
            pairing.bot_seed,
            &mut seats,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::{DeckStyle, ManilhaStyle};

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
