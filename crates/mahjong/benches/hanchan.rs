//! How fast whole games run: full hanchans with four efficiency bots and with four
//! random bots, every claim window answered by every seat as mmj1 asks.
//!
//! `cargo bench -p mahjong --bench hanchan` (add `-- --quick` for a short run).

use cards::{seeded_rng, GameRng};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mahjong::bots::{EfficiencyBot, RandomBot, Strategy};
use mahjong::{Game, Pending, Rules};
use rand::Rng;

/// Plays one game from `seed` to the end with `bot` in every seat; returns the final
/// scores. One event buffer serves the whole game.
fn hanchan(seed: u64, bot: &mut impl Strategy<Game>, rng: &mut GameRng) -> [i32; 4] {
    let (mut game, _) = Game::new(Rules::default(), seeded_rng(seed));
    let mut events = Vec::new();
    loop {
        let seat = match game.pending() {
            Pending::Turn(seat) => seat,
            Pending::Claims(owed) => owed.iter().next().expect("a window owes answers"),
            Pending::HandOver => {
                game.next_hand().expect("the hand is over");
                continue;
            }
            Pending::GameOver => return game.scores(),
        };
        let legal = game.legal_actions(seat);
        let action = bot.choose(&game.view(seat), &legal, rng);
        game.apply_into(seat, action, &mut events)
            .expect("a legal action");
    }
}

fn whole_games(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    let mut group = c.benchmark_group("hanchan");
    group.throughput(Throughput::Elements(1));
    group.bench_function("efficiency", |b| {
        b.iter(|| black_box(hanchan(rng.gen(), &mut EfficiencyBot, &mut rng)))
    });
    group.bench_function("random", |b| {
        b.iter(|| black_box(hanchan(rng.gen(), &mut RandomBot, &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, whole_games);
criterion_main!(benches);
