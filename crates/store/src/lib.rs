//! parlor's game store: every game of every protocol with its seats, each hand's result
//! and actions, the final result, and the ordered action log it can be replayed from;
//! per protocol and player, games, wins, points and a Glicko-2 rating; tournaments.
//!
//! Two backends: the embedded [`SqliteStore`] of a single server, and [`PgStore`], the
//! PostgreSQL database every node of a cluster shares. Both run the same statements
//! (`sql.rs`); [`Storage`] writes, [`Reader`] reads. Game actors use
//! neither directly: they hold a [`Recorder`], which queues writes for a thread of its
//! own, so a slow or broken disk never delays or fails a game; trouble is logged,
//! counted in `parlor_store_errors_total` and reported by [`Recorder::health`]. The API
//! reads through a [`StoreReader`], a small pool of read-only connections.
//!
//! Ratings: when a game finishes, each of its players gets one Glicko-2 rating period
//! in the protocol's pool, from pairwise results between seats (the lower rank won;
//! equal ranks, i.e. teammates or ties, are no result). CPU seats are rated under
//! their names and marked as CPU. `docs/store.md` has the full rules, the schema and
//! the API.
//!
//! Crash safety: a game start, each hand and a game's end are one transaction each,
//! committed when the recorder's thread writes them (microseconds after a table
//! reports them, unless the queue is long). A game that has not ended is `playing`;
//! when the store is opened again after a crash it becomes `abandoned`, so a half game
//! is never reported as finished and never counts for a rating.

mod error;
mod ids;
mod migrate;
mod model;
mod notation;
mod pool;
mod postgres;
mod query;
mod ratings;
mod read;
mod recorder;
mod schema;
mod sql;
mod sqlite;
mod write;

pub use error::{Result, StoreError};
pub use model::{
    GameAbandon, GameEnd, GameId, GameStart, HandRecord, Placed, SeatName, SeatRecord,
    TournamentRecord,
};
pub use pool::StoreReader;
pub use postgres::{PgStore, ID_BLOCK};
pub use query::{
    GameDetail, GameFilter, GameSummary, HandDetail, PlayerDetail, SeatResult, Standing, Status,
    StatusFilter,
};
pub use recorder::{Recorder, StoreHealth};
pub use schema::{ACTION_NOTATION, CURRENT as SCHEMA_VERSION};
pub use sqlite::SqliteStore;

/// Where games are written. Each call is one transaction, committed before it returns
/// (inside a batch: committed with the batch); a refused call ([`StoreError::Invalid`])
/// changes nothing.
pub trait Storage: Send {
    /// Groups the writes until [`Storage::end_batch`] into one commit; each still
    /// succeeds or fails alone. The recorder batches what queued up while it was busy,
    /// so a busy server pays one commit for many hands.
    fn begin_batch(&mut self) -> Result<()> {
        Ok(())
    }
    /// Commits the writes since [`Storage::begin_batch`]; an error means none of them
    /// was stored.
    fn end_batch(&mut self) -> Result<()> {
        Ok(())
    }
    /// Stores a new game as `playing`; its id must be new.
    fn start_game(&mut self, start: &GameStart) -> Result<()>;
    /// Stores a hand of a game being played; each hand number once.
    fn record_hand(&mut self, hand: &HandRecord) -> Result<()>;
    /// Stores a game another writer started, carried on by this one (a cluster node
    /// taking a table over): stored as `start` says if the store does not have it yet,
    /// else marked as this writer's (a shared store's `games.node`), and its hands after
    /// the first `hands` are removed: the carrying writer's log holds those `hands` whole,
    /// and a later hand the other writer stored (whose last moves never reached the
    /// carrying writer) is played again and stored as it is played now, so the stored
    /// game stays one game that replays. A game that crash recovery marked abandoned
    /// (its node restarted, no end written) is played on. Refused if the game has ended.
    fn carry_game(&mut self, start: &GameStart, hands: u32) -> Result<()>;
    /// Stores a hand of a carried game as it catches up: a hand stored already (by the
    /// writer that started the game) is left as it is.
    fn record_hand_once(&mut self, hand: &HandRecord) -> Result<()>;
    /// A game this writer hands to another is no longer its own: its crash recovery
    /// leaves it alone (only [`Storage::abandon_released`] ends it, if nobody carries it
    /// on). Nothing to do for a store with one writer.
    fn release_game(&mut self, _game: GameId) -> Result<()> {
        Ok(())
    }
    /// Ends, as abandoned, every game still in play that no writer holds (handed over
    /// by a writer that stopped, with nobody left to carry it on): the last node of a
    /// cluster does this as it stops. Nothing to do for a store with one writer.
    fn abandon_released(&mut self) -> Result<u64> {
        Ok(0)
    }
    /// Ends a game being played, with a score and rank per seat, and updates its
    /// players' statistics and ratings with it. Ending an unknown or already ended
    /// game is refused.
    fn finish_game(&mut self, end: &GameEnd) -> Result<()>;
    /// Marks a game being played `abandoned`, at once and with the reason. Abandoning an
    /// unknown or already ended game is refused.
    fn abandon_game(&mut self, end: &GameAbandon) -> Result<()>;
    /// Forgets a game being played that nobody played in (a table started and left at
    /// once): it is not kept at all. Forgetting an unknown or ended game is refused.
    fn discard_game(&mut self, game: GameId) -> Result<()>;
    /// Names a seat of a game being played; naming a seat of an unknown or ended game
    /// is refused.
    fn name_seat(&mut self, name: &SeatName) -> Result<()>;
    /// Stores a tournament, replacing an earlier record of it (same protocol, name and
    /// start).
    fn record_tournament(&mut self, tournament: &TournamentRecord) -> Result<()>;
    /// The largest game id stored, so ids continue after a restart.
    fn last_game_id(&self) -> Result<Option<GameId>>;
    /// Game ids this writer may give new games: after the largest stored for the only
    /// writer of an embedded store (all of them, in practice); a block of its own for one
    /// of several writers of a shared store, asked for again when it runs low.
    fn reserve_ids(&mut self) -> Result<std::ops::Range<i64>> {
        Ok(self.last_game_id()?.map_or(1, |last| last.0 + 1)..i64::MAX)
    }
}

/// Where games are read from. A reader sees the last committed state and may be used
/// on another thread while a [`Storage`] writes.
pub trait Reader: Send {
    /// Games newest first, filtered and paged by `filter`.
    fn games(&self, filter: &GameFilter) -> Result<Vec<GameSummary>>;
    /// Everything about one game; `None` if there is no such game.
    fn game(&self, id: GameId) -> Result<Option<GameDetail>>;
    /// `protocol`'s players by rating, best first (empty if nobody finished a game).
    fn leaderboard(&self, protocol: &str) -> Result<Vec<Standing>>;
    /// A player's standings in every protocol and latest games; `None` if the name
    /// never sat at a stored game.
    fn player(&self, name: &str) -> Result<Option<PlayerDetail>>;
    /// The latest tournaments, of `protocol` or of all, newest first.
    fn tournaments_for(&self, protocol: Option<&str>) -> Result<Vec<TournamentRecord>>;
    /// The latest tournaments of every protocol, newest first.
    fn tournaments(&self) -> Result<Vec<TournamentRecord>> {
        self.tournaments_for(None)
    }
}
