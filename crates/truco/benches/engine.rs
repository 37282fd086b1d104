//! How fast the engine and the bots run: decisions and whole games with random play, and
//! one decision of the searching bot.
//!
//! `cargo bench -p truco --bench engine` (add `-- --quick` for a short run).

use cards::{seeded_rng, GameRng};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::Rng;
use truco::bots::{MonteCarloBot, RandomBot, Strategy};
use truco::{Actions, DeckStyle, Events, Game, ManilhaStyle, Rules};

/// Decisions per measured iteration, so the loop's own cost does not dominate.
const BATCH: u64 = 1000;

fn paulista() -> Rules {
    Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).expect("a valid rule set")
}

/// One random decision: who acts, what is legal, the seat's view, the choice, applying it
/// (the legal actions and the events into lists kept across decisions, as a bot's playouts
/// do). A finished game is replaced by a new one dealt from `rng`.
fn decide(game: &mut Game, rules: Rules, rng: &mut GameRng, scratch: &mut (Actions, Events)) {
    if game.is_over() {
        *game = Game::new(rules, seeded_rng(rng.gen())).0;
    }
    let seat = game.to_act()[0];
    let (legal, events) = scratch;
    game.legal_actions_into(seat, legal);
    let action = Strategy::<Game>::choose(&mut RandomBot, &game.view(seat), legal, rng);
    game.apply_into(seat, action, events)
        .expect("a legal action");
    black_box(&*scratch);
}

fn random_decisions(c: &mut Criterion) {
    let rules = paulista();
    let mut rng = seeded_rng(1);
    let mut game = Game::new(rules, seeded_rng(2)).0;
    let mut scratch = (Actions::new(), Events::new());
    let mut group = c.benchmark_group("random play");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("decisions", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                decide(&mut game, rules, &mut rng, &mut scratch);
            }
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let rules = paulista();
    let mut rng = seeded_rng(3);
    let mut group = c.benchmark_group("random play");
    group.throughput(Throughput::Elements(1));
    group.bench_function("games", |b| {
        b.iter(|| {
            let mut game = Game::new(rules, seeded_rng(rng.gen())).0;
            while !game.is_over() {
                let seat = game.to_act()[0];
                let legal = game.legal_actions(seat);
                let action =
                    Strategy::<Game>::choose(&mut RandomBot, &game.view(seat), &legal, &mut rng);
                game.apply(seat, action).expect("a legal action");
            }
            black_box(game.scores())
        })
    });
    group.finish();
}

fn montecarlo_decision(c: &mut Criterion) {
    let (game, _) = Game::new(paulista(), seeded_rng(4));
    let seat = game.to_act()[0];
    let view = game.view(seat);
    let legal = game.legal_actions(seat);
    let mut bot = MonteCarloBot::default();
    let mut rng = seeded_rng(5);
    let mut group = c.benchmark_group("montecarlo");
    group.throughput(Throughput::Elements(1));
    group.bench_function("first decision of a hand", |b| {
        b.iter(|| black_box(bot.choose(&view, &legal, &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, random_decisions, random_games, montecarlo_decision);
criterion_main!(benches);
