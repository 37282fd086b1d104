//! How many games per second the store sustains through the recorder: each game is a
//! start, 8 hands of 100 logged actions and an end with ratings, written to SQLite (WAL,
//! `synchronous = NORMAL`) in a temporary directory. The measure includes waiting until
//! every write is committed, so it is the store's throughput, not the queue's.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parlor_store::{GameEnd, GameStart, HandRecord, Recorder, SeatRecord, SqliteStore};
use serde_json::json;

/// Games per measured iteration.
const GAMES: u64 = 200;

fn record_games(recorder: &Recorder, runtime: &tokio::runtime::Runtime, actions: &[String]) {
    for g in 0..GAMES {
        let id = recorder.new_game_id();
        let seats = (0..4)
            .map(|s| SeatRecord {
                name: format!("player{}", (g + s) % 16),
                cpu: (s == 3).then(|| "efficiency".into()),
            })
            .collect();
        recorder.start_game(GameStart {
            id,
            protocol: "mahjong".into(),
            variant: "hanchan red-fives".into(),
            seed: g,
            started_at_ms: 0,
            seats,
            table: None,
        });
        for number in 1..=8 {
            recorder.record_hand(HandRecord {
                game: id,
                number,
                result: json!({ "winner": number % 4, "han": 3, "fu": 30, "yaku": ["riichi", "tsumo"] }),
                actions: actions.to_vec(),
                rated: Vec::new(),
            });
        }
        recorder.finish_game(GameEnd {
            game: id,
            ended_at_ms: 1,
            result: json!({ "scores": [40_000, 30_000, 20_000, 10_000] }),
            scores: vec![40_000, 30_000, 20_000, 10_000],
            ranks: vec![1, 2, 3, 4],
            actions: Vec::new(),
            rated: true,
        });
    }
    runtime.block_on(recorder.flush());
}

fn games_per_second(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = SqliteStore::open(dir.path()).expect("the store opens");
    let recorder = Recorder::spawn(Box::new(store)).expect("the recorder starts");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let actions: Vec<String> = (0..100)
        .map(|i| format!("{} {} Discard(Tile({i}))", i % 4, i % 14))
        .collect();
    let mut group = c.benchmark_group("store");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.bench_function("finished games (8 hands x 100 actions)", |b| {
        b.iter(|| record_games(&recorder, &runtime, &actions))
    });
    group.finish();
    let health = recorder.health();
    assert!(
        health.ok && health.failed + health.dropped == 0,
        "{health:?}"
    );
}

criterion_group!(benches, games_per_second);
criterion_main!(benches);
