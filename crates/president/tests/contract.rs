//! A Warlords hand through the `parlor_game` contract: played out by the bots, every seat
//! scored by how many it finished ahead of.

use cards::seeded_rng;
use parlor_game::{play_out, Game as _, Strategy};
use president::bots::by_name;
use president::Hand;

#[test]
fn bots_play_hands_of_every_size_through_the_contract() {
    let mut rng = seeded_rng(6);
    for players in 3..=7 {
        let (mut hand, _) = Hand::deal(players, players % 2 == 0, &mut rng).unwrap();
        let mut bots: Vec<Box<dyn Strategy<Hand>>> = (0..players)
            .map(|i| by_name(["random", "sound"][i % 2]).unwrap())
            .collect();
        assert!(play_out(&mut hand, &mut bots, &mut rng) > 0);
        let mut scores: Vec<i64> = (0..players).map(|s| hand.score(s)).collect();
        scores.sort_unstable();
        assert_eq!(scores, (0..players as i64).collect::<Vec<_>>());
    }
}
