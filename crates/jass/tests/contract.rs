//! Jass through the `parlor_game` contract: whole games with legal moves only, scores by
//! team.

use cards::seeded_rng;
use jass::bots::by_name;
use jass::{Config, Game};
use parlor_game::{play_out, Game as _, Strategy};

#[test]
fn strategies_play_whole_games_through_the_contract() {
    let config = Config {
        multipliers: true,
        target: 1000,
    };
    let (mut game, _) = Game::new(config, seeded_rng(3));
    let mut players: Vec<Box<dyn Strategy<Game>>> = ["random", "heuristic", "random", "heuristic"]
        .iter()
        .map(|name| by_name(name).unwrap())
        .collect();
    assert!(play_out(&mut game, &mut players, &mut seeded_rng(4)) > 36);
    assert_eq!(game.score(1), game.score(3), "partners share a score");
    assert!(game.score(0).max(game.score(1)) >= 1000);
}
