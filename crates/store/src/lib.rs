//! parlor's game store: every game of every protocol, with its seats, each hand's result,
//! the final result and the ordered action log it can be replayed from; per player and
//! protocol, games, wins, points and a Glicko-2 rating; Jass tournaments.
//!
//! Writing goes through [`Storage`], reading through [`Reader`]: two small traits, so a
//! PostgreSQL backend can follow the embedded [`SqliteStore`]. Game actors never touch
//! either directly: they hold a [`Recorder`], which queues writes for one thread of its
//! own, so a slow or broken disk never delays or fails a game (trouble is logged,
//! counted in `parlor_store_errors_total` and reported by [`Recorder::health`]).
//!
//! Crash safety: each hand and each game end is one transaction, committed when the
//! recorder writes it (milliseconds after the table reports it). A game that has not
//! ended is `playing`; when a store is opened, games left `playing` by a crash become
//! `abandoned`, so a half game is never reported as finished.

mod query;
mod ratings;
mod recorder;
mod schema;
mod sqlite;

pub use query::{
    GameDetail, GameFilter, GameSummary, HandDetail, PlayerDetail, SeatResult, Standing, Status,
};
pub use recorder::{Recorder, StoreHealth};
pub use sqlite::SqliteStore;

use serde::{Deserialize, Serialize};

/// A game's id: allocated by the [`Recorder`] (increasing, never reused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameId(pub i64);

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The player's name as the protocol knows it.
    pub name: String,
    /// The CPU strategy for a computer player; `None` for a person.
    pub cpu: Option<String>,
}

/// A game begins.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStart {
    pub id: GameId,
    /// `minitruco`, `truco`, `wars`, `jass` or `mahjong`.
    pub protocol: String,
    /// The rule variant, as the protocol names it (replays read it back).
    pub variant: String,
    /// The seed the game was created from.
    pub seed: u64,
    pub started_at_ms: i64,
    /// Seats in seat order.
    pub seats: Vec<SeatRecord>,
    /// The room, table or session name, if the protocol has one.
    pub table: Option<String>,
}

/// A hand ended.
#[derive(Clone, Debug, PartialEq)]
pub struct HandRecord {
    pub game: GameId,
    /// 1 for the first hand.
    pub number: u32,
    /// What the protocol says about the hand (points, winner, yaku...).
    pub result: serde_json::Value,
    /// The actions of this hand, in order (see the server's `record` module).
    pub actions: Vec<String>,
}

/// A game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub game: GameId,
    pub ended_at_ms: i64,
    /// What the protocol says about the game.
    pub result: serde_json::Value,
    /// Final score per seat.
    pub scores: Vec<i64>,
    /// Final place per seat: 1 is best; teammates share a rank.
    pub ranks: Vec<u32>,
    /// Actions after the last hand (usually none).
    pub actions: Vec<String>,
}

/// A Jass tournament, as it stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentRecord {
    pub name: String,
    pub protocol: String,
    pub started_at_ms: i64,
    pub ended_at_ms: Option<i64>,
    pub entrants: Vec<String>,
    /// (first, second, the game if one was played, whether the first won).
    pub pairings: Vec<(String, String, Option<GameId>, bool)>,
    /// (name, rating, deviation), best first.
    pub ratings: Vec<(String, f64, f64)>,
}

/// Why the store could not do something.
#[derive(Debug)]
pub enum StoreError {
    /// The database failed (locked, full, corrupt, unreadable...).
    Database(rusqlite::Error),
    /// Creating the data directory or opening the file failed.
    Io(std::io::Error),
    /// The request does not fit what is stored (an unknown game, a game already ended).
    Invalid(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Io(e) => write!(f, "data directory: {e}"),
            StoreError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e)
    }
}

/// Results of the store.
pub type Result<T> = std::result::Result<T, StoreError>;

/// Where games are written. Each call is one transaction.
pub trait Storage: Send {
    fn start_game(&mut self, start: &GameStart) -> Result<()>;
    fn record_hand(&mut self, hand: &HandRecord) -> Result<()>;
    /// Ends a game and updates its players' statistics and ratings; an unknown or
    /// already ended game is an error that changes nothing.
    fn finish_game(&mut self, end: &GameEnd) -> Result<()>;
    fn record_tournament(&mut self, tournament: &TournamentRecord) -> Result<()>;
    /// The largest game id stored (0 if none), so ids continue after a restart.
    fn max_game_id(&self) -> Result<i64>;
}

/// Where games are read from (the API). Safe to use while another connection writes.
pub trait Reader: Send {
    fn games(&self, filter: &GameFilter) -> Result<Vec<GameSummary>>;
    fn game(&self, id: GameId) -> Result<Option<GameDetail>>;
    fn leaderboard(&self, protocol: &str) -> Result<Vec<Standing>>;
    fn player(&self, name: &str) -> Result<PlayerDetail>;
    fn tournaments(&self) -> Result<Vec<TournamentRecord>>;
}
