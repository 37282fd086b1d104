//! The engine and the bots never touch the heap while playing: `legal_actions`, `apply`,
//! `view`, `determinize` and every bot's `choose` work in fixed-size values, so searching
//! bots can run millions of simulated moves without allocator traffic.
//!
//! `parlor_game::count_allocations!` installs a counting global allocator (this test
//! binary only) that counts the allocations made on the test's own thread.

use cards::seeded_rng;
use rand::Rng;
use truco::bots::{HeuristicBot, MonteCarloBot, RandomBot, Strategy};
use truco::{DeckStyle, Game, ManilhaStyle, Rules};

parlor_game::count_allocations!();

#[test]
fn playing_and_searching_never_allocate() {
    let rules = [
        Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap(),
        Rules::mineiro(),
        Rules::course(),
    ];
    let mut bots: [Box<dyn Strategy<Game>>; 3] = [
        Box::new(RandomBot),
        Box::new(HeuristicBot),
        Box::new(MonteCarloBot::new(2)),
    ];
    let mut rng = seeded_rng(11);
    let before = allocations();
    let mut decisions = 0;
    for (i, &rules) in rules.iter().cycle().take(6).enumerate() {
        let (mut game, _) = Game::new(rules, seeded_rng(i as u64));
        while !game.is_over() {
            let seat = game.to_act()[0];
            let legal = game.legal_actions(seat);
            let view = game.view(seat);
            let _world = Game::determinize(&view, &mut rng);
            let action = bots[rng.gen_range(0..3)].choose(&view, &legal, &mut rng);
            game.apply(seat, action).unwrap();
            decisions += 1;
        }
    }
    assert!(decisions > 100);
    assert_eq!(
        allocations() - before,
        0,
        "allocations in {decisions} decisions"
    );
}
