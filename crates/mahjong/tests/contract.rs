//! Mahjong through the `parlor_game` contract: a hanchan played out by CPU players, the
//! scores still 100,000 in all (riichi sticks aside).

use cards::seeded_rng;
use mahjong::bots::by_name;
use mahjong::{Game, Rules};
use parlor_game::{play_out, Game as _, Strategy};

#[test]
fn cpu_players_finish_a_hanchan_through_the_contract() {
    let (mut game, _) = Game::new(Rules::default(), seeded_rng(8));
    let mut players: Vec<Box<dyn Strategy<Game>>> =
        ["random", "efficiency", "random", "efficiency"]
            .iter()
            .map(|name| by_name(name).unwrap())
            .collect();
    assert!(play_out(&mut game, &mut players, &mut seeded_rng(2)) > 100);
    let total: i64 = (0..4).map(|s| game.score(s)).sum();
    assert!(total <= 100_000 && (100_000 - total) % 1000 == 0, "{total}");
}
