//! The engine and the bots never touch the heap while playing: dealing, `legal_actions`,
//! `apply`, `leave`, `view` and every bot's `choose` work in fixed-size values, so bots can
//! simulate millions of moves without allocator traffic.
//!
//! `parlor_game::count_allocations!` installs a counting global allocator (this test
//! binary only) that counts the allocations made on the test's own thread.

use cards::seeded_rng;
use president::bots::{RandomBot, SoundBot, Strategy};
use president::Hand;
use rand::Rng;

parlor_game::count_allocations!();

#[test]
fn dealing_playing_and_choosing_never_allocate() {
    let mut rng = seeded_rng(11);
    let mut bots: [Box<dyn Strategy<Hand>>; 2] = [Box::new(RandomBot), Box::new(SoundBot)];
    let before = allocations();
    let mut decisions = 0;
    for i in 0..20 {
        let players = 3 + i % 5;
        let (mut hand, _) = Hand::deal(players, i % 2 == 1, &mut rng).unwrap();
        while let Some(seat) = hand.active() {
            if rng.gen_range(0..100) == 0 {
                hand.leave(rng.gen_range(0..players));
                continue;
            }
            let legal = hand.legal_actions(seat);
            let view = hand.view(seat);
            let _timeout = hand.default_action(seat);
            let action = bots[rng.gen_range(0..2)].choose(&view, &legal, &mut rng);
            let events = hand.apply(seat, action).unwrap();
            for event in &events {
                let _ = event.for_seat(seat);
            }
            decisions += 1;
        }
    }
    assert!(decisions > 500);
    assert_eq!(
        allocations() - before,
        0,
        "allocations in {decisions} decisions"
    );
}
