//! The store tells the truth at once: a game ended by a player leaving (or not coming
//! back in time) is marked abandoned when it happens, and a damaged database found by any read makes `/healthz`
//! say so, naming the real failure.

mod common;

use common::{LineClient, TestServer};
use parlor_server::Config;
use parlor_store::{GameEnd, GameId, GameStart, HandRecord, SeatRecord, SqliteStore, Storage};
use serde_json::{json, Value};

/// Waits until the API lists `count` abandoned miniTruco games; returns them.
async fn abandoned(s: &TestServer, count: usize) -> Vec<Value> {
    s.stored("minitruco", "abandoned", count).await
}

/// A person alone in room `room` with three CPU players, their game under way.
async fn in_a_game(s: &TestServer, nick: &str, room: usize) -> LineClient {
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send(&format!("N {nick}")).await;
    c.expect(&format!("N {nick}")).await;
    c.send(&format!("E {room}")).await;
    c.until(|l| l.starts_with(&format!("I {room} "))).await;
    c.send("Q").await;
    // The first card played (a game nobody played in is not kept at all).
    common::minitruco::open_the_hand(&mut c).await;
    c
}

#[tokio::test]
async fn a_game_left_mid_hand_is_abandoned_at_once() {
    let config = Config {
        reconnect_grace: std::time::Duration::from_millis(20),
        ..Config::for_tests(91)
    };
    let (s, _dir) = TestServer::storing(config).await;
    // One leaves with `S`...
    let mut leaver = in_a_game(&s, "leaver", 1).await;
    leaver.send("S").await;
    let games = abandoned(&s, 1).await;
    assert!(games[0]["ended_at_ms"].is_i64(), "{}", games[0]);
    // ...one simply disconnects, and does not come back within the grace period.
    let dropper = in_a_game(&s, "dropper", 2).await;
    drop(dropper);
    let games = abandoned(&s, 2).await;
    for game in &games {
        let (_, detail) = s.get_json(&format!("/api/games/{}", game["id"])).await;
        let who = detail["seats"][0]["name"].as_str().unwrap().to_owned();
        assert_eq!(
            detail["result"]["abandoned"],
            format!("{who} left the room"),
            "{detail}"
        );
        // Over now: its seed and actions may be seen.
        assert!(detail["seed"].is_string(), "{detail}");
    }
    s.stop().await;
}

/// Fills a data directory with finished games, so the database has pages to damage.
fn fill(dir: &std::path::Path, games: i64) {
    let mut store = SqliteStore::open(dir).unwrap();
    let seat = |name: &str| SeatRecord {
        name: name.into(),
        cpu: None,
    };
    for id in 1..=games {
        store
            .start_game(&GameStart {
                id: GameId(id),
                protocol: "minitruco".into(),
                variant: "paulista".into(),
                seed: id as u64,
                started_at_ms: id,
                seats: vec![seat("ann"), seat("bob"), seat("cy"), seat("dee")],
                table: Some("room 1".into()),
            })
            .unwrap();
        store
            .record_hand(&HandRecord {
                game: GameId(id),
                number: 1,
                result: json!({ "points": [1, 0] }),
                actions: vec!["0 0 a long enough action to fill pages".into(); 20],
                rated: Vec::new(),
            })
            .unwrap();
        store
            .finish_game(&GameEnd {
                game: GameId(id),
                ended_at_ms: id + 1,
                result: json!({ "winner": 0 }),
                scores: vec![12, 3, 12, 3],
                ranks: vec![1, 2, 1, 2],
                actions: Vec::new(),
                rated: true,
            })
            .unwrap();
    }
}

#[tokio::test]
async fn a_damaged_database_makes_the_store_degraded_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    fill(dir.path(), 400);
    // 8 KiB of noise in the middle of the file (a fixed pattern: the test repeats).
    let file = SqliteStore::file(dir.path());
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    for (i, b) in bytes[middle..middle + 8192].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(151).wrapping_add(7);
    }
    std::fs::write(&file, bytes).unwrap();
    let s = TestServer::start(Config {
        data_dir: Some(dir.path().to_owned()),
        ..Config::for_tests(92)
    })
    .await;
    // Opening the store touches none of the damaged pages: all looks well...
    let (_, health) = s.get_json("/healthz").await;
    assert_eq!(health["store"]["ok"], true, "{health}");
    // ...until somebody reads through the API and a query meets the damage.
    let mut failed = None;
    for before in (1..=401).rev().step_by(50) {
        let (status, body) = s
            .get_json(&format!("/api/games?limit=200&before={before}"))
            .await;
        if status == 503 {
            failed = Some(body);
            break;
        }
        for game in body.as_array().into_iter().flatten() {
            let (status, body) = s.get_json(&format!("/api/games/{}", game["id"])).await;
            if status == 503 {
                failed = Some(body);
                break;
            }
        }
        if failed.is_some() {
            break;
        }
    }
    let failed = failed.expect("a read met the damaged pages");
    let (_, health) = s.get_json("/healthz").await;
    assert_eq!(health["status"], "degraded", "{health}");
    assert_eq!(health["store"]["ok"], false, "{health}");
    let reason = health["store"]["last_error"].as_str().unwrap();
    assert!(
        reason.contains("malformed") || reason.contains("not a database"),
        "{reason} (the API said {failed})"
    );
    s.stop().await;
}
