//! The engine and the bots never touch the heap while playing: `legal_actions`, `apply`,
//! `view`, `determinize` and every bot's `choose` work in fixed-size values, so searching
//! bots can run millions of simulated moves without allocator traffic.
//!
//! A counting global allocator (this test binary only) counts the allocations made on
//! the test's own thread while games are played.

use cards::seeded_rng;
use jass::bots::{HeuristicBot, MonteCarloBot, RandomBot, Strategy};
use jass::{Config, Game};
use rand::Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Forwards to the system allocator, counting allocations per thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn playing_and_searching_never_allocate() {
    let mut bots = (RandomBot, HeuristicBot, MonteCarloBot::new(1));
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
            let action = match rng.gen_range(0..3) {
                0 => bots.0.choose(&view, &legal, &mut rng),
                1 => bots.1.choose(&view, &legal, &mut rng),
                _ => bots.2.choose(&view, &legal, &mut rng),
            };
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
