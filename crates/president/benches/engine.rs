//! How fast the engine runs: single decisions and whole hands with random play, and
//! decisions of the sound bot.
//!
//! `cargo bench -p president --bench engine` (add `-- --quick` for a short run).

use cards::{seeded_rng, GameRng};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use president::bots::{RandomBot, SoundBot, Strategy};
use president::{Actions, Events, Hand};
use rand::Rng;

/// Decisions per measured iteration, so the loop's own cost does not dominate.
const BATCH: u64 = 1000;

/// A new hand at a random table size (3 to 7), ranked or not.
fn new_hand(rng: &mut GameRng) -> Hand {
    let players = rng.gen_range(3..=7);
    let ranked = rng.gen();
    Hand::deal(players, ranked, rng).expect("3 to 7 players").0
}

/// One decision: who acts, what is legal, the seat's view, the choice, applying it (the
/// legal actions and the events into lists kept across decisions, as a bot's playouts do).
/// A finished hand is replaced by a new deal.
fn decide(
    hand: &mut Hand,
    bot: &mut impl Strategy<Hand>,
    rng: &mut GameRng,
    scratch: &mut (Actions, Events),
) {
    let seat = match hand.active() {
        Some(seat) => seat,
        None => {
            *hand = new_hand(rng);
            hand.active().expect("a new hand has a seat to act")
        }
    };
    let (legal, events) = scratch;
    hand.legal_actions_into(seat, legal);
    let action = bot.choose(&hand.view(seat), legal, rng);
    hand.apply_into(seat, action, events)
        .expect("a legal action");
    black_box(&*scratch);
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("decisions");
    group.throughput(Throughput::Elements(BATCH));
    let mut rng = seeded_rng(1);
    let mut scratch = (Actions::new(), Events::new());
    let mut hand = new_hand(&mut rng);
    group.bench_function("random", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                decide(&mut hand, &mut RandomBot, &mut rng, &mut scratch);
            }
        })
    });
    let mut hand = new_hand(&mut rng);
    group.bench_function("sound", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                decide(&mut hand, &mut SoundBot, &mut rng, &mut scratch);
            }
        })
    });
    group.finish();
}

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("hands");
    group.throughput(Throughput::Elements(1));
    let mut rng = seeded_rng(2);
    group.bench_function("random play, deal to hand over", |b| {
        b.iter(|| {
            let mut hand = new_hand(&mut rng);
            while let Some(seat) = hand.active() {
                let legal = hand.legal_actions(seat);
                let action =
                    Strategy::<Hand>::choose(&mut RandomBot, &hand.view(seat), &legal, &mut rng);
                hand.apply(seat, action).expect("a legal action");
            }
            black_box(hand.finishing_order().len())
        })
    });
    group.finish();
}

criterion_group!(benches, decisions, hands);
criterion_main!(benches);
