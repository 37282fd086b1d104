//! Truco through the `parlor_game` contract: every strategy plays whole games to 12 with
//! legal moves only, and the score is the team's.

use cards::seeded_rng;
use parlor_game::{play_out, Game as _, Strategy};
use truco::bots::by_name;
use truco::{Game, Rules};

#[test]
fn every_strategy_plays_whole_games_through_the_contract() {
    for (i, rules) in [Rules::mineiro(), Rules::course()].into_iter().enumerate() {
        let (mut game, _) = Game::new(rules, seeded_rng(i as u64));
        let mut players: Vec<Box<dyn Strategy<Game>>> =
            ["random", "heuristic", "random", "heuristic"]
                .iter()
                .map(|name| by_name(name).unwrap())
                .collect();
        assert!(play_out(&mut game, &mut players, &mut seeded_rng(9)) > 8);
        assert_eq!(game.seats(), 4);
        assert_eq!(game.score(0), game.score(2), "partners share a score");
        assert!(game.score(0).max(game.score(1)) >= 12);
        assert_eq!(parlor_game::Game::to_act(&game).count(), 0);
    }
}
