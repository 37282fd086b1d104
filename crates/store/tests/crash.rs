//! Crash safety: a writer killed with SIGKILL at an arbitrary moment loses nothing it
//! reported finished, and leaves no half game that looks finished.
//!
//! The test re-runs its own binary as the writer (`crash_writer`, which does nothing
//! unless `PARLOR_STORE_CRASH_DIR` is set): it records games in a loop and prints
//! `finished <id>` after each `finish_game` has returned. The test kills it mid-loop,
//! reopens the store and checks every game.

mod common;

use common::{end, hand, hand_actions, start};
use parlor_store::{
    GameFilter, GameId, Reader, Recorder, SqliteStore, Status, StatusFilter, Storage,
};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const DIR: &str = "PARLOR_STORE_CRASH_DIR";
const VIA_RECORDER: &str = "PARLOR_STORE_CRASH_VIA_RECORDER";
const HANDS: u32 = 6;
const NAMES: [&str; 4] = ["ann", "bob", "cat", "dan"];

/// Game `id`'s hand `number`, with enough actions that a write takes a moment.
fn long_hand(id: i64, number: u32) -> parlor_store::HandRecord {
    let mut h = hand(id, number);
    for i in 0..60 {
        h.actions.push(format!("{} {i} Discard(Tile({i}))", i % 4));
    }
    h
}

/// The end of game `id`: seat `id % 4` wins.
fn game_end(id: i64) -> parlor_store::GameEnd {
    let winner = (id % 4) as usize;
    let ranks: Vec<u32> = (0..4).map(|s| if s == winner { 1 } else { 2 }).collect();
    let scores: Vec<i64> = ranks.iter().map(|&r| 10 - i64::from(r)).collect();
    end(id, &scores, &ranks)
}

/// The writer: two games at a time, their hands interleaved, so a kill finds games in
/// every state (starting, between hands, finishing, finished).
#[test]
fn crash_writer() {
    let Some(dir) = std::env::var_os(DIR) else {
        return;
    };
    let dir = Path::new(&dir);
    if std::env::var_os(VIA_RECORDER).is_some() {
        write_via_recorder(dir);
    } else {
        write_directly(dir);
    }
}

fn write_directly(dir: &Path) {
    let mut store = SqliteStore::open(dir).unwrap();
    let mut next = store.last_game_id().unwrap().map_or(1, |g| g.0 + 1);
    let mut out = std::io::stdout().lock();
    loop {
        let (a, b) = (next, next + 1);
        next += 2;
        store.start_game(&start(a, "mahjong", &NAMES)).unwrap();
        store.start_game(&start(b, "mahjong", &NAMES)).unwrap();
        for number in 1..=HANDS {
            store.record_hand(&long_hand(a, number)).unwrap();
            store.record_hand(&long_hand(b, number)).unwrap();
        }
        for id in [a, b] {
            store.finish_game(&game_end(id)).unwrap();
            writeln!(out, "finished {id}").unwrap();
            out.flush().unwrap();
        }
    }
}

fn write_via_recorder(dir: &Path) {
    let recorder = Recorder::spawn(Box::new(SqliteStore::open(dir).unwrap())).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let mut out = std::io::stdout().lock();
    loop {
        let (a, b) = (recorder.new_game_id().0, recorder.new_game_id().0);
        recorder.start_game(start(a, "mahjong", &NAMES));
        recorder.start_game(start(b, "mahjong", &NAMES));
        for number in 1..=HANDS {
            recorder.record_hand(long_hand(a, number));
            recorder.record_hand(long_hand(b, number));
        }
        for id in [a, b] {
            recorder.finish_game(game_end(id));
            runtime.block_on(recorder.flush());
            let health = recorder.health();
            assert_eq!(health.failed + health.dropped, 0, "{health:?}");
            writeln!(out, "finished {id}").unwrap();
            out.flush().unwrap();
        }
    }
}

/// Runs the writer until it has reported `at_least` more games, then kills it a moment
/// later; returns every id it reported.
fn run_and_kill(dir: &Path, via_recorder: bool, at_least: usize) -> Vec<i64> {
    let mut writer = Command::new(std::env::current_exe().unwrap());
    writer
        .args(["crash_writer", "--exact", "--nocapture", "--test-threads=1"])
        .env(DIR, dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if via_recorder {
        writer.env(VIA_RECORDER, "1");
    }
    let mut child = writer.spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // The harness prints `test crash_writer ... ` before the first line, unterminated.
    let finished = |line: &str| {
        line.split_once("finished ")
            .map(|(_, id)| id.parse::<i64>().unwrap())
    };
    let mut reported: Vec<i64> = Vec::new();
    while reported.len() < at_least {
        let line = lines.next().expect("the writer runs").unwrap();
        reported.extend(finished(&line));
    }
    // An arbitrary moment: up to 5 ms later, from the clock's nanoseconds.
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    std::thread::sleep(Duration::from_micros(u64::from(nanos % 5_000)));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    // What it printed before it died.
    for line in lines {
        reported.extend(finished(&line.unwrap()));
    }
    reported
}

/// Every finished game is whole; every reported one is finished; nothing is playing;
/// the statistics count each finished game exactly once.
fn check(dir: &Path, reported: &BTreeSet<i64>) {
    let store = SqliteStore::open(dir).unwrap();
    let mut finished = BTreeSet::new();
    let mut before = None;
    loop {
        let page = store
            .games(&GameFilter {
                before,
                limit: GameFilter::MAX_LIMIT,
                ..GameFilter::default()
            })
            .unwrap();
        let Some(last) = page.last() else { break };
        before = Some(last.id);
        for g in &page {
            match g.status {
                Status::Finished => {
                    assert!(finished.insert(g.id.0), "game {} listed twice", g.id.0);
                    let game = store.game(g.id).unwrap().unwrap();
                    assert_eq!(game.hand_results.len(), HANDS as usize, "game {}", g.id.0);
                    for (h, number) in game.hand_results.iter().zip(1..) {
                        assert_eq!(h.number, number);
                        assert_eq!(h.actions[..3], hand_actions(number)[..]);
                        assert_eq!(h.actions.len(), 63);
                    }
                    let expected = game_end(g.id.0);
                    let ranks: Vec<u32> = g.seats.iter().map(|s| s.rank.unwrap()).collect();
                    assert_eq!(ranks, expected.ranks);
                    assert_eq!(game.final_actions, expected.actions);
                }
                Status::Abandoned => assert!(
                    !reported.contains(&g.id.0),
                    "game {} was reported finished",
                    g.id.0
                ),
                Status::Playing => panic!("game {} still playing after reopening", g.id.0),
            }
        }
    }
    let missing: Vec<_> = reported.difference(&finished).collect();
    assert!(
        missing.is_empty(),
        "reported finished but not stored: {missing:?}"
    );
    let counted: u32 = store
        .leaderboard("mahjong")
        .unwrap()
        .iter()
        .map(|p| p.games)
        .sum();
    assert_eq!(
        counted as usize,
        4 * finished.len(),
        "statistics follow the games"
    );
    let unfinished = store
        .games(&GameFilter {
            status: StatusFilter::Only(Status::Playing),
            ..GameFilter::default()
        })
        .unwrap();
    assert!(unfinished.is_empty());
}

#[test]
fn games_reported_finished_survive_kill_9_whole_and_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut reported = BTreeSet::new();
    for round in 0..4 {
        let via_recorder = round % 2 == 1;
        let ids = run_and_kill(dir.path(), via_recorder, 10 + 3 * round);
        assert!(!ids.is_empty());
        for id in ids {
            assert!(reported.insert(id), "id {id} reported twice");
        }
        check(dir.path(), &reported);
    }
    // Ids went on increasing across the crashes.
    let store = SqliteStore::open(dir.path()).unwrap();
    let last = store.last_game_id().unwrap().unwrap();
    assert!(last >= GameId(*reported.last().unwrap()));
}
