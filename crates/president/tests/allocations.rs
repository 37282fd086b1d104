//! The engine and the bots never touch the heap while playing: dealing, `legal_actions`,
//! `apply`, `leave`, `view` and every bot's `choose` work in fixed-size values, so bots can
//! simulate millions of moves without allocator traffic.
//!
//! A counting global allocator (this test binary only) counts the allocations made on
//! the test's own thread while hands are played.

use cards::seeded_rng;
use president::bots::{RandomBot, SoundBot, Strategy};
use president::Hand;
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
fn dealing_playing_and_choosing_never_allocate() {
    let mut rng = seeded_rng(11);
    let mut bots = (RandomBot, SoundBot);
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
            let action = if rng.gen() {
                bots.0.choose(&view, &legal, &mut rng)
            } else {
                bots.1.choose(&view, &legal, &mut rng)
            };
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
