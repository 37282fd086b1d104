//! The handle game actors record through. Writes go into a bounded queue for one thread
//! that owns the [`Storage`]; a call never blocks and never fails the caller. A full
//! queue or a failed write is logged, counted in `parlor_store_errors_total` (label
//! `kind`: `dropped`, `refused`, `database`) and kept in [`StoreHealth`] for `/healthz`;
//! each write's duration goes to `parlor_store_write_seconds` (label `write`; `commit`
//! for the commit of a batch: what queued up while the thread was busy is written in one
//! transaction, each write in its own savepoint).
//!
//! Why a thread and not a tokio task: SQLite calls block (a commit is a `write(2)`, a
//! checkpoint an `fsync`), and one long-lived thread keeps them off the runtime's
//! workers without a `spawn_blocking` per hand. Why a bounded queue: a dead disk must
//! not grow memory without limit; 65,536 writes are minutes of the busiest server.

use crate::ids::Ids;
use crate::{
    GameAbandon, GameEnd, GameId, GameStart, HandRecord, Result, SeatName, Storage, StoreError,
    TournamentRecord,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// Writes waiting for the store thread before new ones are dropped (and counted).
const QUEUE: usize = 65_536;

/// What goes through the queue.
enum Message {
    Write(Write),
    /// Answered once everything queued before it is written.
    Flush(oneshot::Sender<()>),
    /// Fetch the next block of game ids.
    Reserve,
}

/// One write: one call of the [`Storage`].
enum Write {
    Start(GameStart),
    Hand(HandRecord),
    /// A carried game, and the hands its carrying log holds whole.
    Carry(GameStart, u32),
    HandOnce(HandRecord),
    Release(GameId),
    /// Every game in play that no writer holds ends (see [`Storage::abandon_released`]).
    AbandonReleased,
    Finish(GameEnd),
    Abandon(GameAbandon),
    Discard(GameId),
    Name(SeatName),
    Tournament(TournamentRecord),
}

/// How the store is doing, for `/healthz`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StoreHealth {
    /// Games are being stored: the last write reached the database without database
    /// trouble and the last write queued was accepted. (A refused write, such as ending
    /// a game twice, is a caller's mistake: counted, but the store is still ok.)
    pub ok: bool,
    /// Whether a store is attached at all.
    pub enabled: bool,
    /// Writes committed.
    pub written: u64,
    /// Writes that failed or were refused.
    pub failed: u64,
    /// Writes never attempted: the queue was full.
    pub dropped: u64,
    /// The latest failure, kept after the store recovers.
    pub last_error: Option<String>,
}

struct Shared {
    written: AtomicU64,
    failed: AtomicU64,
    dropped: AtomicU64,
    /// The last write did not fail with database trouble.
    writing: AtomicBool,
    /// The last write offered to the queue was taken.
    queueing: AtomicBool,
    /// Set for good once a write or a read finds the database damaged.
    corrupt: AtomicBool,
    last_error: Mutex<Option<String>>,
}

impl Shared {
    fn new(writing: bool, last_error: Option<String>) -> Shared {
        Shared {
            written: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            writing: AtomicBool::new(writing),
            queueing: AtomicBool::new(true),
            corrupt: AtomicBool::new(false),
            last_error: Mutex::new(last_error),
        }
    }

    fn set_error(&self, error: String) {
        *self
            .last_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(error);
    }

    /// The database is damaged: unhealthy from now on, and `last_error` says so.
    fn found_corruption(&self, error: &StoreError) {
        if !self.corrupt.swap(true, Ordering::Relaxed) {
            tracing::error!(%error, "the database is damaged; restore it from a backup");
        }
        self.set_error(error.to_string());
    }

    fn error(&self) -> Option<String> {
        self.last_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// Where game actors send what happened. Cheap to clone; every clone feeds the same
/// store thread, which stops when the last clone is dropped (after writing what is
/// queued).
#[derive(Clone)]
pub struct Recorder {
    tx: Option<mpsc::Sender<Message>>,
    ids: Arc<Ids>,
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
    /// Starts the store thread for `storage`. Game ids come from the store
    /// ([`Storage::reserve_ids`]); failing to get them is an error, since guessing could
    /// reuse an id.
    pub fn spawn(mut storage: Box<dyn Storage>) -> Result<Recorder> {
        let ids = Arc::new(Ids::new(storage.reserve_ids()?));
        let (tx, rx) = mpsc::channel(QUEUE);
        let shared = Arc::new(Shared::new(true, None));
        let (worker, supplied) = (shared.clone(), ids.clone());
        std::thread::Builder::new()
            .name("parlor-store".into())
            .spawn(move || write_all(storage, rx, &worker, &supplied))
            .map_err(StoreError::Io)?;
        Ok(Recorder {
            tx: Some(tx),
            ids,
            shared,
        })
    }

    /// A recorder that stores nothing (a server without a data directory, tests that
    /// do not look at the store). Healthy: nothing is expected of it.
    pub fn disabled() -> Recorder {
        Recorder {
            tx: None,
            ids: Arc::new(Ids::new(1..i64::MAX)),
            shared: Arc::new(Shared::new(true, None)),
        }
    }

    /// A recorder for a store that could not be opened: stores nothing and reports
    /// `error`, unhealthy, so `/healthz` says why games are not kept.
    pub fn failed(error: impl Into<String>) -> Recorder {
        Recorder {
            tx: None,
            ids: Arc::new(Ids::new(1..i64::MAX)),
            shared: Arc::new(Shared::new(false, Some(error.into()))),
        }
    }

    /// A fresh game id: increasing (within a block, for a shared store), never one the
    /// store already has.
    pub fn new_game_id(&self) -> GameId {
        let (id, ask) = self.ids.take();
        if let (true, Some(tx)) = (ask, &self.tx) {
            if tx.try_send(Message::Reserve).is_err() {
                self.ids.supply(None);
            }
        }
        GameId(id)
    }

    /// Queues the start of a game.
    pub fn start_game(&self, start: GameStart) {
        self.queue(Write::Start(start));
    }

    /// Queues a finished hand.
    pub fn record_hand(&self, hand: HandRecord) {
        self.queue(Write::Hand(hand));
    }

    /// Queues carrying on a game another node started (see [`Storage::carry_game`]).
    pub fn carry_game(&self, start: GameStart, hands: u32) {
        self.queue(Write::Carry(start, hands));
    }

    /// Queues a hand of a carried game catching up (see [`Storage::record_hand_once`]).
    pub fn record_hand_once(&self, hand: HandRecord) {
        self.queue(Write::HandOnce(hand));
    }

    /// Queues ending the games in play that no node holds (see
    /// [`Storage::abandon_released`]).
    pub fn abandon_released(&self) {
        self.queue(Write::AbandonReleased);
    }

    /// Queues handing a game to another node (see [`Storage::release_game`]).
    pub fn release_game(&self, game: GameId) {
        self.queue(Write::Release(game));
    }

    /// Queues the end of a game.
    pub fn finish_game(&self, end: GameEnd) {
        self.queue(Write::Finish(end));
    }

    /// Queues the end of a game without a result.
    pub fn abandon_game(&self, end: GameAbandon) {
        self.queue(Write::Abandon(end));
    }

    /// Queues forgetting a game nobody played in.
    pub fn discard_game(&self, game: GameId) {
        self.queue(Write::Discard(game));
    }

    /// Queues the name a player of a running game gave.
    pub fn name_seat(&self, name: SeatName) {
        self.queue(Write::Name(name));
    }

    /// Queues a tournament's current state.
    pub fn record_tournament(&self, tournament: TournamentRecord) {
        self.queue(Write::Tournament(tournament));
    }

    /// Waits until everything queued before the call is written (or has failed): for
    /// tests, and for a server shutting down. Returns at once without a store.
    pub async fn flush(&self) {
        let Some(tx) = &self.tx else { return };
        let (done, written) = oneshot::channel();
        if tx.send(Message::Flush(done)).await.is_ok() {
            // An error means the store thread is gone: nothing more will be written.
            let _ = written.await;
        }
    }

    /// A read of the same store (the API's) failed with `error`: damage to the database
    /// found by any query marks the store unhealthy for good, with the reason.
    pub fn read_failed(&self, error: &StoreError) {
        if error.is_corruption() {
            self.shared.found_corruption(error);
        }
    }

    /// How the store is doing.
    pub fn health(&self) -> StoreHealth {
        let s = &self.shared;
        StoreHealth {
            ok: s.writing.load(Ordering::Relaxed)
                && s.queueing.load(Ordering::Relaxed)
                && !s.corrupt.load(Ordering::Relaxed),
            enabled: self.tx.is_some(),
            written: s.written.load(Ordering::Relaxed),
            failed: s.failed.load(Ordering::Relaxed),
            dropped: s.dropped.load(Ordering::Relaxed),
            last_error: s.error(),
        }
    }

    fn queue(&self, write: Write) {
        let Some(tx) = &self.tx else { return };
        let why = match tx.try_send(Message::Write(write)) {
            Ok(()) => {
                // Written only on a change: game actors on every core share this line.
                if !self.shared.queueing.load(Ordering::Relaxed) {
                    self.shared.queueing.store(true, Ordering::Relaxed);
                }
                return;
            }
            Err(mpsc::error::TrySendError::Full(_)) => "the store queue is full",
            Err(mpsc::error::TrySendError::Closed(_)) => "the store thread has stopped",
        };
        self.shared.dropped.fetch_add(1, Ordering::Relaxed);
        metrics::counter!("parlor_store_errors_total", "kind" => "dropped").increment(1);
        // Logged once per run of drops, not once per write of a flood.
        if self.shared.queueing.swap(false, Ordering::Relaxed) {
            tracing::error!("{why}: game records are being dropped");
            self.shared.set_error(format!("{why}: records dropped"));
        }
    }
}

impl Write {
    /// The `write` label of `parlor_store_write_seconds`.
    fn kind(&self) -> &'static str {
        match self {
            Write::Start(_) => "start",
            Write::Hand(_) | Write::HandOnce(_) => "hand",
            Write::Carry(..) => "carry",
            Write::Release(_) => "release",
            Write::AbandonReleased => "abandon",
            Write::Finish(_) => "finish",
            Write::Abandon(_) => "abandon",
            Write::Discard(_) => "discard",
            Write::Name(_) => "name",
            Write::Tournament(_) => "tournament",
        }
    }

    fn apply(&self, storage: &mut dyn Storage) -> Result<()> {
        match self {
            Write::Start(g) => storage.start_game(g),
            Write::Hand(h) => storage.record_hand(h),
            Write::Carry(g, hands) => storage.carry_game(g, *hands),
            Write::HandOnce(h) => storage.record_hand_once(h),
            Write::Release(g) => storage.release_game(*g),
            Write::AbandonReleased => storage.abandon_released().map(|ended| {
                if ended > 0 {
                    tracing::warn!(
                        ended,
                        "games handed over with nobody left to carry them on are marked abandoned"
                    );
                }
            }),
            Write::Finish(e) => storage.finish_game(e),
            Write::Abandon(e) => storage.abandon_game(e),
            Write::Discard(g) => storage.discard_game(*g),
            Write::Name(n) => storage.name_seat(n),
            Write::Tournament(t) => storage.record_tournament(t),
        }
    }
}

/// Writes taken from the queue into one commit at most. Bounds how much a failed
/// commit can cost, and how long a `flush` waits behind a long queue.
const BATCH: usize = 256;

/// The store thread: writes in queue order until every recorder is gone. What queued up
/// while it was busy goes into one commit (a batch of one when the server is quiet, so a
/// hand is committed as soon as it ends); each write still succeeds or fails alone.
fn write_all(
    mut storage: Box<dyn Storage>,
    mut rx: mpsc::Receiver<Message>,
    shared: &Shared,
    ids: &Ids,
) {
    let mut writes = Vec::with_capacity(BATCH);
    let mut flushes = Vec::new();
    while let Some(first) = rx.blocking_recv() {
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Write(write) => writes.push(write),
                Message::Flush(done) => flushes.push(done),
                Message::Reserve => ids.supply(reserve(storage.as_mut())),
            }
            if writes.len() < BATCH {
                next = rx.try_recv().ok();
            }
        }
        write_batch(storage.as_mut(), writes.drain(..), shared);
        for done in flushes.drain(..) {
            // The caller may have stopped waiting.
            let _ = done.send(());
        }
    }
}

/// The next block of game ids, or `None` (logged) if the store cannot give one now.
fn reserve(storage: &mut dyn Storage) -> Option<std::ops::Range<i64>> {
    storage
        .reserve_ids()
        .inspect_err(|error| tracing::error!(%error, "no new block of game ids"))
        .ok()
}

/// Writes a batch in one commit. If the commit fails, none of it was stored.
fn write_batch(
    storage: &mut dyn Storage,
    writes: impl ExactSizeIterator<Item = Write>,
    shared: &Shared,
) {
    let batched = writes.len() > 1 && storage.begin_batch().is_ok();
    let mut stored = 0;
    for write in writes {
        if write_one(storage, &write, shared) {
            stored += 1;
        }
    }
    if !batched {
        return;
    }
    let started = Instant::now();
    let committed = storage.end_batch();
    metrics::histogram!("parlor_store_write_seconds", "write" => "commit")
        .record(started.elapsed());
    if let Err(error) = committed {
        shared.written.fetch_sub(stored, Ordering::Relaxed);
        shared.failed.fetch_add(stored, Ordering::Relaxed);
        metrics::counter!("parlor_store_errors_total", "kind" => "database").increment(stored);
        shared.writing.store(false, Ordering::Relaxed);
        tracing::error!(%error, writes = stored, "a batch of game records was not stored");
        if error.is_corruption() {
            shared.found_corruption(&error);
        } else {
            shared.set_error(error.to_string());
        }
    }
}

/// One write, timed and accounted for; whether it succeeded. A panic in a write (a bug)
/// is caught and reported like a failed write, so one bad record cannot stop all later
/// ones; its transaction or savepoint was rolled back when it unwound.
fn write_one(storage: &mut dyn Storage, write: &Write, shared: &Shared) -> bool {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| write.apply(storage))).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(StoreError::Bug(format!("a write panicked: {why}")))
    });
    metrics::histogram!("parlor_store_write_seconds", "write" => write.kind())
        .record(started.elapsed());
    match result {
        Ok(()) => {
            shared.written.fetch_add(1, Ordering::Relaxed);
            if !shared.writing.swap(true, Ordering::Relaxed) {
                tracing::info!("the store writes again");
            }
            true
        }
        Err(error) => {
            shared.failed.fetch_add(1, Ordering::Relaxed);
            let refused = matches!(error, StoreError::Invalid(_));
            let kind = if refused { "refused" } else { "database" };
            metrics::counter!("parlor_store_errors_total", "kind" => kind).increment(1);
            // A dead disk fails every write: log when the trouble starts or changes.
            let started_failing = !refused && shared.writing.swap(false, Ordering::Relaxed);
            let message = error.to_string();
            if refused || started_failing || shared.error().as_deref() != Some(&message) {
                tracing::error!(%error, write = write.kind(), "a game record was not stored");
            }
            if error.is_corruption() {
                shared.found_corruption(&error);
            } else if !refused || shared.writing.load(Ordering::Relaxed) {
                // While the database fails, a refusal is only its echo (the hand of a
                // game whose start was lost): the real failure stays the one reported.
                shared.set_error(message);
            }
            false
        }
    }
}
