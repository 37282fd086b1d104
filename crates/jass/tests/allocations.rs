//! The engine and the bots never touch the heap while playing: `legal_actions`, `apply`,
//! `view`, `determinize` and every bot's `choose` work in fixed-size values, so searching
//! bots can run millions of simulated moves without allocator traffic.
//!
//! `parlor_game::count_allocations!` installs a counting global allocator (this test
//! binary only) that counts the allocations made on the test's own thread.

use cards::seeded_rng;
use jass::bots::{HeuristicBot, MonteCarloBot, RandomBot, Strategy};
use jass::{Config, Game};
use rand::Rng;

parlor_game::count_allocations!();

#[test]
fn playing_and_searching_never_allocate() {
    let mut bots: [Box<dyn Strategy<Game>>; 3] = [
        Box::new(RandomBot),
        Box::new(HeuristicBot),
        Box::new(MonteCarloBot::new(1)),
    ];
    let mut rng = seeded_rng(11);
    let before = allocations();
    let mut decisions = 0;
    for (i, multipliers) in [true, false].into_iter().enumerate() {
        let config = Config {
            multipliers,
            target: 1000,
        };
        let (mut game, _) = Game::new(config, seeded_rng(i as u64));
        while !game.is_over() {
            let seat = game.to_act().unwrap();
            let legal = game.legal_actions(seat);
            let view = game.view(seat);
            let _world = Game::determinize(&view, &mut rng);
            let action = bots[rng.gen_range(0..3)].choose(&view, &legal, &mut rng);
            let events = game.apply(seat, action).unwrap();
            let _seen = events.iter().filter_map(|e| e.for_seat(seat)).count();
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
