//! How fast the engine and the bots run: decisions and whole deals with random play, and
//! one decision of the searching bot.
//!
//! `cargo bench -p jass --bench engine` (add `-- --quick` for a short run).

use cards::{seeded_rng, GameRng};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use jass::bots::{HeuristicBot, MonteCarloBot, RandomBot, Strategy};
use jass::{Action, Actions, Config, Events, Game, Mode};
use rand::Rng;

/// Decisions per measured iteration, so the loop's own cost does not dominate.
const BATCH: u64 = 1000;

/// One random decision: who acts, what is legal, the seat's view, the choice, applying it
/// (the legal actions and the events into lists kept across decisions, as a bot's playouts
/// do). A finished game is replaced by a new one dealt from `rng`.
fn decide(
    game: &mut Game,
    bot: &mut RandomBot,
    rng: &mut GameRng,
    scratch: &mut (Actions, Events),
) {
    if game.is_over() {
        *game = Game::new(Config::default(), seeded_rng(rng.gen())).0;
    }
    let seat = game.to_act().expect("a game in progress has a seat to act");
    let (legal, events) = scratch;
    game.legal_actions_into(seat, legal);
    let action = Strategy::<Game>::choose(bot, &game.view(seat), legal, rng);
    game.apply_into(seat, action, events)
        .expect("a legal action");
    black_box(&*scratch);
}

fn random_decisions(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    let mut game = Game::new(Config::default(), seeded_rng(2)).0;
    let mut scratch = (Actions::new(), Events::new());
    let mut group = c.benchmark_group("random play");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("decisions", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                decide(&mut game, &mut RandomBot, &mut rng, &mut scratch);
            }
        })
    });
    group.finish();
}

/// Plays one deal to its end with `bot` in every seat.
fn play_deal(game: &mut Game, bot: &mut impl Strategy<Game>, rng: &mut GameRng) {
    let number = game.deal_number();
    while game.deal_number() == number && !game.is_over() {
        let seat = game.to_act().expect("a game in progress has a seat to act");
        let legal = game.legal_actions(seat);
        let action = Strategy::<Game>::choose(bot, &game.view(seat), &legal, rng);
        game.apply(seat, action).expect("a legal action");
    }
}

fn whole_deals(c: &mut Criterion) {
    let mut rng = seeded_rng(3);
    let mut group = c.benchmark_group("deals");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random", |b| {
        b.iter(|| {
            let mut game = Game::new(Config::default(), seeded_rng(rng.gen())).0;
            play_deal(&mut game, &mut RandomBot, &mut rng);
            black_box(game.totals())
        })
    });
    group.bench_function("heuristic", |b| {
        b.iter(|| {
            let mut game = Game::new(Config::default(), seeded_rng(rng.gen())).0;
            play_deal(&mut game, &mut HeuristicBot, &mut rng);
            black_box(game.totals())
        })
    });
    group.finish();
}

fn montecarlo_decision(c: &mut Criterion) {
    let (mut game, _) = Game::new(Config::default(), seeded_rng(4));
    let mut group = c.benchmark_group("montecarlo");
    group.throughput(Throughput::Elements(1));
    let mut bot = MonteCarloBot::default();
    let mut rng = seeded_rng(5);
    let view = game.view(0);
    let legal = game.legal_actions(0);
    group.bench_function("trumpf choice", |b| {
        b.iter(|| black_box(bot.choose(&view, &legal, &mut rng)))
    });
    game.apply(0, Action::Choose(Mode::Obeabe))
        .expect("a legal choice");
    let view = game.view(0);
    let legal = game.legal_actions(0);
    group.bench_function("first card of a deal", |b| {
        b.iter(|| black_box(bot.choose(&view, &legal, &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, random_decisions, whole_deals, montecarlo_decision);
criterion_main!(benches);
