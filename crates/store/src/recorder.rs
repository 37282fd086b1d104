//! The handle game actors record through. Writes are queued (bounded) for one thread
//! that owns the [`Storage`]; a call never blocks and never fails the caller. A full
//! queue or a failed write is logged, counted (`parlor_store_errors_total`) and kept in
//! [`StoreHealth`] for `/healthz`; each write's time goes to `parlor_store_write_seconds`.

use crate::{GameEnd, GameId, GameStart, HandRecord, Storage, TournamentRecord};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Writes waiting for the store thread before new ones are dropped (and counted).
const QUEUE: usize = 65_536;

enum Write {
    Start(GameStart),
    Hand(HandRecord),
    Finish(GameEnd),
    Tournament(TournamentRecord),
    /// Answered once everything queued before it is written.
    Flush(SyncSender<()>),
}

/// How the store is doing.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StoreHealth {
    /// No write has failed and none was dropped.
    pub ok: bool,
    /// Whether games are being stored at all.
    pub enabled: bool,
    pub written: u64,
    pub failed: u64,
    pub dropped: u64,
    pub last_error: Option<String>,
}

#[derive(Default)]
struct Shared {
    written: AtomicU64,
    failed: AtomicU64,
    dropped: AtomicU64,
    last_error: Mutex<Option<String>>,
}

/// Where game actors send what happened. Cheap to clone.
#[derive(Clone)]
pub struct Recorder {
    tx: Option<SyncSender<Write>>,
    next_id: Arc<AtomicI64>,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Recorder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recorder")
            .field("enabled", &self.tx.is_some())
            .finish()
    }
}

impl Recorder {
    /// Starts the store thread for `storage`; ids continue after the largest stored.
    pub fn spawn(storage: Box<dyn Storage>) -> std::io::Result<Recorder> {
        let first = storage.max_game_id().unwrap_or(0) + 1;
        let (tx, rx) = sync_channel(QUEUE);
        let shared = Arc::new(Shared::default());
        let worker = shared.clone();
        std::thread::Builder::new()
            .name("parlor-store".into())
            .spawn(move || write_all(storage, rx, &worker))?;
        Ok(Recorder {
            tx: Some(tx),
            next_id: Arc::new(AtomicI64::new(first)),
            shared,
        })
    }

    /// A recorder that stores nothing (a server started without a data directory).
    pub fn disabled() -> Recorder {
        Recorder {
            tx: None,
            next_id: Arc::new(AtomicI64::new(1)),
            shared: Arc::default(),
        }
    }

    /// A recorder for a store that could not be opened: stores nothing and reports
    /// `error` as unhealthy.
    pub fn failed(error: String) -> Recorder {
        let recorder = Recorder::disabled();
        if let Ok(mut last) = recorder.shared.last_error.lock() {
            *last = Some(error);
        }
        recorder.shared.failed.fetch_add(1, Ordering::Relaxed);
        recorder
    }

    /// A fresh game id.
    pub fn new_game_id(&self) -> GameId {
        GameId(self.next_id.fetch_add(1, Ordering::Relaxed))
    }

    pub fn start_game(&self, start: GameStart) {
        self.queue(Write::Start(start));
    }

    pub fn record_hand(&self, hand: HandRecord) {
        self.queue(Write::Hand(hand));
    }

    pub fn finish_game(&self, end: GameEnd) {
        self.queue(Write::Finish(end));
    }

    pub fn record_tournament(&self, tournament: TournamentRecord) {
        self.queue(Write::Tournament(tournament));
    }

    /// Waits (on a blocking thread) until everything queued so far is written.
    pub fn flush(&self) {
        let Some(tx) = &self.tx else { return };
        let (done, wait) = sync_channel(1);
        if tx.send(Write::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }

    /// How the store is doing.
    pub fn health(&self) -> StoreHealth {
        let s = &self.shared;
        let (failed, dropped) = (
            s.failed.load(Ordering::Relaxed),
            s.dropped.load(Ordering::Relaxed),
        );
        StoreHealth {
            ok: failed == 0 && dropped == 0,
            enabled: self.tx.is_some(),
            written: s.written.load(Ordering::Relaxed),
            failed,
            dropped,
            last_error: s.last_error.lock().map(|e| e.clone()).unwrap_or(None),
        }
    }

    fn queue(&self, write: Write) {
        let Some(tx) = &self.tx else { return };
        match tx.try_send(write) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.shared.dropped.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("parlor_store_errors_total", "kind" => "dropped").increment(1);
                tracing::error!("store queue full: a write was dropped");
            }
            Err(TrySendError::Disconnected(_)) => {
                self.shared.dropped.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("parlor_store_errors_total", "kind" => "dropped").increment(1);
            }
        }
    }
}

/// The store thread: writes until every recorder is gone.
fn write_all(mut storage: Box<dyn Storage>, rx: Receiver<Write>, shared: &Shared) {
    for write in rx {
        let started = Instant::now();
        let result = match &write {
            Write::Start(g) => storage.start_game(g),
            Write::Hand(h) => storage.record_hand(h),
            Write::Finish(e) => storage.finish_game(e),
            Write::Tournament(t) => storage.record_tournament(t),
            Write::Flush(done) => {
                let _ = done.send(());
                continue;
            }
        };
        metrics::histogram!("parlor_store_write_seconds").record(started.elapsed());
        match result {
            Ok(()) => {
                shared.written.fetch_add(1, Ordering::Relaxed);
            }
            Err(error) => {
                shared.failed.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("parlor_store_errors_total", "kind" => "write").increment(1);
                tracing::error!(%error, "store write failed");
                if let Ok(mut last) = shared.last_error.lock() {
                    *last = Some(error.to_string());
                }
            }
        }
    }
}
