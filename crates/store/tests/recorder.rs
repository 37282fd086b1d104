//! The recorder: writes in order on its own thread, never blocks or fails the caller,
//! and says in its health what went wrong (and when it is fine again).

mod common;

use common::{end, hand, start};
use parlor_store::{
    GameAbandon, GameEnd, GameFilter, GameId, GameStart, HandRecord, Recorder, SeatName,
    SqliteStore, Status, Storage, StoreError, StoreReader, TournamentRecord,
};
use std::sync::mpsc;

#[tokio::test]
async fn writes_arrive_in_order_and_ids_continue_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let recorder = Recorder::spawn(Box::new(SqliteStore::open(dir.path()).unwrap())).unwrap();
    let id = recorder.new_game_id();
    assert_eq!(id, GameId(1));
    recorder.start_game(start(id.0, "mahjong", &["a", "b"]));
    recorder.record_hand(hand(id.0, 1));
    recorder.finish_game(end(id.0, &[1, 0], &[1, 2]));
    recorder.finish_game(end(id.0, &[0, 1], &[2, 1])); // twice: refused
    recorder.flush().await;
    let health = recorder.health();
    assert_eq!((health.written, health.failed, health.dropped), (3, 1, 0));
    assert!(
        health.ok && health.enabled,
        "a refused write is not trouble: {health:?}"
    );
    assert!(health.last_error.unwrap().contains("game 1 is finished"));

    let reader = StoreReader::sqlite(dir.path());
    let game = reader.read(|r| r.game(id)).unwrap().unwrap();
    assert_eq!(game.summary.status, Status::Finished);
    assert_eq!(game.summary.seats[0].rank, Some(1));

    // A second id is never the first; a new recorder continues after the stored ones.
    let unused = recorder.new_game_id();
    assert_eq!(unused, GameId(2));
    recorder.start_game(start(unused.0, "mahjong", &["a"]));
    recorder.flush().await;
    drop(recorder);
    let again = Recorder::spawn(Box::new(SqliteStore::open(dir.path()).unwrap())).unwrap();
    assert_eq!(again.new_game_id(), GameId(3));
}

#[tokio::test]
async fn reads_go_on_while_the_recorder_writes() {
    let dir = tempfile::tempdir().unwrap();
    let recorder = Recorder::spawn(Box::new(SqliteStore::open(dir.path()).unwrap())).unwrap();
    let reader = StoreReader::sqlite(dir.path());
    let writer = {
        let recorder = recorder.clone();
        std::thread::spawn(move || {
            for _ in 0..200 {
                let id = recorder.new_game_id();
                recorder.start_game(start(id.0, "wars", &["a", "b", "c"]));
                recorder.record_hand(hand(id.0, 1));
                recorder.finish_game(end(id.0, &[3, 2, 1], &[1, 2, 3]));
            }
        })
    };
    while !writer.is_finished() {
        let listed = reader.read(|r| r.games(&GameFilter::default())).unwrap();
        // Every listed game is whole: a game is never seen half finished.
        for g in &listed {
            if g.status == Status::Finished {
                assert!(g.seats.iter().all(|s| s.rank.is_some()), "{g:?}");
            }
        }
        tokio::task::yield_now().await;
    }
    writer.join().unwrap();
    recorder.flush().await;
    let last = reader.read(|r| r.games(&GameFilter::default())).unwrap();
    assert_eq!(last.len(), 50);
    assert_eq!(last[0].id, GameId(200));
    assert_eq!(
        reader.read(|r| r.leaderboard("wars")).unwrap()[0].games,
        200
    );
    assert!(recorder.health().ok);
}

/// A storage that stops at its first write until told to go on, and can be told to
/// fail or panic: the recorder's behaviour under a slow or broken backend.
struct Stalling {
    entered: mpsc::Sender<()>,
    go_on: mpsc::Receiver<()>,
    stalled: bool,
}

impl Storage for Stalling {
    fn start_game(&mut self, start: &GameStart) -> parlor_store::Result<()> {
        if !std::mem::replace(&mut self.stalled, true) {
            self.entered.send(()).unwrap();
            self.go_on.recv().unwrap();
        }
        match start.protocol.as_str() {
            "broken" => Err(StoreError::Io(std::io::Error::other("disk on fire"))),
            "bug" => panic!("a bug in a backend"),
            _ => Ok(()),
        }
    }
    fn record_hand(&mut self, _: &HandRecord) -> parlor_store::Result<()> {
        Ok(())
    }
    fn carry_game(&mut self, _: &GameStart, _: u32) -> parlor_store::Result<()> {
        Ok(())
    }
    fn record_hand_once(&mut self, _: &HandRecord) -> parlor_store::Result<()> {
        Ok(())
    }
    fn finish_game(&mut self, _: &GameEnd) -> parlor_store::Result<()> {
        Ok(())
    }
    fn abandon_game(&mut self, _: &GameAbandon) -> parlor_store::Result<()> {
        Ok(())
    }
    fn discard_game(&mut self, _: GameId) -> parlor_store::Result<()> {
        Ok(())
    }
    fn name_seat(&mut self, _: &SeatName) -> parlor_store::Result<()> {
        Ok(())
    }
    fn record_tournament(&mut self, _: &TournamentRecord) -> parlor_store::Result<()> {
        Ok(())
    }
    fn last_game_id(&self) -> parlor_store::Result<Option<GameId>> {
        Ok(Some(GameId(41)))
    }
}

#[tokio::test]
async fn a_full_queue_drops_writes_without_blocking_and_says_so() {
    let (entered, stalled) = mpsc::channel();
    let (go_on, release) = mpsc::channel();
    let recorder = Recorder::spawn(Box::new(Stalling {
        entered,
        go_on: release,
        stalled: false,
    }))
    .unwrap();
    assert_eq!(recorder.new_game_id(), GameId(42));
    recorder.start_game(start(1, "mahjong", &["a"]));
    stalled.recv().unwrap();
    // The store thread is stuck in the first write: 65,536 more fill the queue.
    for _ in 0..65_536 {
        recorder.record_hand(hand(1, 1));
    }
    assert!(recorder.health().ok);
    for _ in 0..5 {
        recorder.record_hand(hand(1, 2));
    }
    let health = recorder.health();
    assert_eq!(health.dropped, 5);
    assert!(!health.ok);
    assert!(health.last_error.unwrap().contains("queue is full"));
    go_on.send(()).unwrap();
    recorder.flush().await;
    let health = recorder.health();
    assert_eq!((health.written, health.dropped), (65_537, 5));
    // The next write that fits makes the store healthy again; the error stays known.
    recorder.record_hand(hand(1, 3));
    recorder.flush().await;
    let health = recorder.health();
    assert!(health.ok, "{health:?}");
    assert!(health.last_error.is_some());
}

#[tokio::test]
async fn failing_and_panicking_writes_are_reported_and_later_ones_still_written() {
    let (entered, stalled) = mpsc::channel();
    let (go_on, release) = mpsc::channel();
    let recorder = Recorder::spawn(Box::new(Stalling {
        entered,
        go_on: release,
        stalled: false,
    }))
    .unwrap();
    go_on.send(()).unwrap();
    recorder.start_game(start(1, "broken", &["a"]));
    stalled.recv().unwrap();
    recorder.flush().await;
    let health = recorder.health();
    assert!(!health.ok);
    assert_eq!(health.failed, 1);
    assert_eq!(
        health.last_error.as_deref(),
        Some("data directory: disk on fire")
    );

    recorder.start_game(start(2, "bug", &["a"]));
    recorder.flush().await;
    let health = recorder.health();
    assert_eq!(health.failed, 2);
    assert!(health.last_error.unwrap().contains("a bug in a backend"));

    recorder.start_game(start(3, "mahjong", &["a"]));
    recorder.flush().await;
    let health = recorder.health();
    assert!(health.ok, "writing again: {health:?}");
    assert_eq!(health.written, 1);
}

#[tokio::test]
async fn a_disabled_or_failed_recorder_takes_everything_and_stores_nothing() {
    let disabled = Recorder::disabled();
    disabled.start_game(start(1, "mahjong", &["a"]));
    disabled.flush().await;
    let health = disabled.health();
    assert!(health.ok && !health.enabled);
    assert_eq!(health.written + health.dropped, 0);
    assert_eq!(disabled.new_game_id(), GameId(1));

    let failed = Recorder::failed("the data directory is not writable");
    failed.finish_game(end(1, &[], &[]));
    failed.flush().await;
    let health = failed.health();
    assert!(!health.ok && !health.enabled);
    assert_eq!(
        health.last_error.as_deref(),
        Some("the data directory is not writable")
    );
}

/// A store whose first write waits at a gate, so the test can queue writes behind it and
/// see them taken as one batch; it logs the batches and can fail their commit.
struct Gated {
    inner: SqliteStore,
    gate: Option<(mpsc::Sender<()>, mpsc::Receiver<()>)>,
    log: std::sync::Arc<std::sync::Mutex<Vec<&'static str>>>,
    fail_commit: bool,
}

impl Gated {
    fn wait_at_gate(&mut self) {
        if let Some((arrived, gate)) = self.gate.take() {
            arrived.send(()).unwrap();
            gate.recv().unwrap();
        }
    }
}

impl Storage for Gated {
    fn begin_batch(&mut self) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("begin");
        self.inner.begin_batch()
    }
    fn end_batch(&mut self) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("commit");
        if self.fail_commit {
            return Err(StoreError::Invalid("the commit failed".into()));
        }
        self.inner.end_batch()
    }
    fn start_game(&mut self, start: &GameStart) -> parlor_store::Result<()> {
        self.wait_at_gate();
        self.log.lock().unwrap().push("write");
        self.inner.start_game(start)
    }
    fn record_hand(&mut self, hand: &HandRecord) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("write");
        self.inner.record_hand(hand)
    }
    fn carry_game(&mut self, _: &GameStart, _: u32) -> parlor_store::Result<()> {
        Ok(())
    }
    fn record_hand_once(&mut self, _: &HandRecord) -> parlor_store::Result<()> {
        Ok(())
    }
    fn finish_game(&mut self, end: &GameEnd) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("write");
        self.inner.finish_game(end)
    }
    fn abandon_game(&mut self, end: &GameAbandon) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("write");
        self.inner.abandon_game(end)
    }
    fn discard_game(&mut self, game: GameId) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("write");
        self.inner.discard_game(game)
    }
    fn name_seat(&mut self, name: &SeatName) -> parlor_store::Result<()> {
        self.log.lock().unwrap().push("write");
        self.inner.name_seat(name)
    }
    fn record_tournament(&mut self, t: &TournamentRecord) -> parlor_store::Result<()> {
        self.inner.record_tournament(t)
    }
    fn last_game_id(&self) -> parlor_store::Result<Option<GameId>> {
        self.inner.last_game_id()
    }
}

/// A recorder over a gated store whose first write, game 1's start, is already waiting
/// at the gate; the sender opens it.
fn gated(
    dir: &std::path::Path,
    fail_commit: bool,
) -> (
    Recorder,
    mpsc::Sender<()>,
    std::sync::Arc<std::sync::Mutex<Vec<&'static str>>>,
) {
    let (open, gate) = mpsc::channel();
    let (arrived, at_gate) = mpsc::channel();
    let log = std::sync::Arc::default();
    let store = Gated {
        inner: SqliteStore::open(dir).unwrap(),
        gate: Some((arrived, gate)),
        log: std::sync::Arc::clone(&log),
        fail_commit,
    };
    let recorder = Recorder::spawn(Box::new(store)).unwrap();
    recorder.start_game(start(1, "mahjong", &["a", "b"]));
    at_gate.recv().unwrap();
    (recorder, open, log)
}

#[tokio::test]
async fn writes_queued_while_the_store_is_busy_share_one_commit_and_fail_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (recorder, open, log) = gated(dir.path(), false);
    recorder.start_game(start(2, "mahjong", &["c", "d"]));
    for number in 1..=50 {
        recorder.record_hand(hand(2, number));
    }
    recorder.record_hand(hand(2, 7)); // a second hand 7: refused, alone
    recorder.finish_game(end(2, &[1, 0], &[1, 2]));
    open.send(()).unwrap();
    recorder.flush().await;

    let health = recorder.health();
    assert_eq!((health.written, health.failed, health.dropped), (53, 1, 0));
    assert!(health.ok, "{health:?}");
    let log = log.lock().unwrap().clone();
    assert_eq!(log[..2], ["write", "begin"], "{log:?}");
    assert_eq!(log.iter().filter(|&&e| e == "write").count(), 54);
    assert_eq!(log.last(), Some(&"commit"));

    let reader = StoreReader::sqlite(dir.path());
    let game = reader.read(|r| r.game(GameId(2))).unwrap().unwrap();
    assert_eq!(game.summary.status, Status::Finished);
    assert_eq!(game.summary.hands, 50);
}

#[tokio::test]
async fn a_batch_whose_commit_fails_is_reported_as_not_stored() {
    let dir = tempfile::tempdir().unwrap();
    let (recorder, open, _log) = gated(dir.path(), true); // game 1 alone: committed
    recorder.start_game(start(2, "mahjong", &["c", "d"]));
    recorder.record_hand(hand(2, 1));
    recorder.record_hand(hand(2, 1)); // refused in any case
    open.send(()).unwrap();
    recorder.flush().await;
    let health = recorder.health();
    assert_eq!((health.written, health.failed), (1, 3), "{health:?}");
    assert!(!health.ok);
    assert!(health.last_error.unwrap().contains("the commit failed"));
}

/// A disk that filled up: starting a game fails in the database, so the game's hands
/// are then refused ("no game").
struct FullDisk;

impl Storage for FullDisk {
    fn start_game(&mut self, _: &GameStart) -> parlor_store::Result<()> {
        let full = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL);
        Err(StoreError::Database(rusqlite::Error::SqliteFailure(
            full,
            Some("database or disk is full".into()),
        )))
    }
    fn record_hand(&mut self, hand: &HandRecord) -> parlor_store::Result<()> {
        Err(StoreError::Invalid(format!("no game {}", hand.game.0)))
    }
    fn carry_game(&mut self, _: &GameStart, _: u32) -> parlor_store::Result<()> {
        Ok(())
    }
    fn record_hand_once(&mut self, _: &HandRecord) -> parlor_store::Result<()> {
        Ok(())
    }
    fn finish_game(&mut self, _: &GameEnd) -> parlor_store::Result<()> {
        Ok(())
    }
    fn abandon_game(&mut self, _: &GameAbandon) -> parlor_store::Result<()> {
        Ok(())
    }
    fn discard_game(&mut self, _: GameId) -> parlor_store::Result<()> {
        Ok(())
    }
    fn name_seat(&mut self, _: &SeatName) -> parlor_store::Result<()> {
        Ok(())
    }
    fn record_tournament(&mut self, _: &TournamentRecord) -> parlor_store::Result<()> {
        Ok(())
    }
    fn last_game_id(&self) -> parlor_store::Result<Option<GameId>> {
        Ok(None)
    }
}

#[tokio::test]
async fn the_reported_error_is_the_real_failure_not_its_echo() {
    let recorder = Recorder::spawn(Box::new(FullDisk)).unwrap();
    recorder.start_game(start(1, "mahjong", &["a"]));
    recorder.record_hand(hand(1, 1));
    recorder.flush().await;
    let health = recorder.health();
    assert!(!health.ok);
    assert_eq!(health.failed, 2);
    let error = health.last_error.unwrap();
    assert!(error.contains("full"), "{error}");
}
