//! How many games per second the store sustains through the recorder: each game is a
//! start, 8 hands of 100 logged actions and an end with ratings, written to SQLite (WAL)
//! in a temporary directory; the measure includes waiting until all are on disk.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parlor_store::{GameEnd, GameStart, HandRecord, Recorder, SeatRecord, SqliteStore};
use serde_json::json;

const GAMES: u64 = 200;

fn record_games(recorder: &Recorder) {
    let actions: Vec<String> = (0..100)
        .map(|i| format!("{} {} Discard(Tile({i}))", i % 4, i % 14))
        .collect();
    for g in 0..GAMES {
        let id = recorder.new_game_id();
        let seats = (0..4)
            .map(|s| SeatRecord {
                name: format!("player{}", (g + s) % 16),
                cpu: None,
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
                result: json!({ "winner": number % 4, "han": 3, "fu": 30 }),
                actions: actions.clone(),
            });
        }
        recorder.finish_game(GameEnd {
            game: id,
            ended_at_ms: 1,
            result: json!({}),
            scores: vec![40_000, 30_000, 20_000, 10_000],
            ranks: vec![1, 2, 3, 4],
            actions: Vec::new(),
        });
    }
    recorder.flush();
}

fn games_per_second(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = SqliteStore::open(dir.path()).expect("the store opens");
    let recorder = Recorder::spawn(Box::new(store)).expect("the recorder starts");
    let mut group = c.benchmark_group("store");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.bench_function("finished games (8 hands x 100 actions)", |b| {
        b.iter(|| record_games(&recorder))
    });
    group.finish();
    assert!(recorder.health().ok, "{:?}", recorder.health());
}

criterion_group!(benches, games_per_second);
criterion_main!(benches);
