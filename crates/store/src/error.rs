//! What can go wrong in the store. Every failure is a value: database trouble (locked,
//! full, corrupt, unwritable) never panics.

use std::fmt;

/// Why the store could not do something.
#[derive(Debug)]
pub enum StoreError {
    /// The database failed: busy past the timeout, full, corrupt, unreadable...
    Database(rusqlite::Error),
    /// PostgreSQL failed: unreachable, a lost connection, a failed statement...
    Postgres(postgres::Error),
    /// The database rolled back the batch a write was to join (SQLite does on some
    /// errors, such as a full disk): the write is not stored.
    Lost(String),
    /// The data directory could not be created, or the store thread not started.
    Io(std::io::Error),
    /// The request does not fit what is stored (an unknown game, a game already ended,
    /// a hand recorded twice, scores for the wrong number of seats). Nothing changed.
    Invalid(String),
    /// Another writer (a second server) has this data directory open.
    InUse(std::path::PathBuf),
    /// A backend failed in a way it should not (a write panicked); nothing was stored.
    Bug(String),
    /// Stored data cannot be read back (a row that is not what this code writes), or
    /// the database was written by a newer parlor.
    Corrupt(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Postgres(e) => write!(f, "PostgreSQL: {e}"),
            StoreError::Lost(why) => write!(f, "database: {why}"),
            StoreError::Io(e) => write!(f, "data directory: {e}"),
            StoreError::Invalid(why) => write!(f, "refused: {why}"),
            StoreError::InUse(dir) => write!(
                f,
                "{} is in use by another parlor server (one writer per data directory)",
                dir.display()
            ),
            StoreError::Corrupt(why) => write!(f, "unreadable store: {why}"),
            StoreError::Bug(why) => write!(f, "store bug: {why}"),
        }
    }
}

impl StoreError {
    /// Whether the database file itself is damaged (SQLite found a malformed page or
    /// something that is not a database), as opposed to a busy, full or refused write.
    pub fn is_corruption(&self) -> bool {
        match self {
            StoreError::Corrupt(_) => true,
            StoreError::Database(rusqlite::Error::SqliteFailure(e, _)) => matches!(
                e.code,
                rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase
            ),
            _ => false,
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(e) => Some(e),
            StoreError::Postgres(e) => Some(e),
            StoreError::Io(e) => Some(e),
            StoreError::Invalid(_)
            | StoreError::Lost(_)
            | StoreError::Corrupt(_)
            | StoreError::Bug(_)
            | StoreError::InUse(_) => None,
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e)
    }
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        StoreError::Postgres(e)
    }
}

/// Results of the store.
pub type Result<T> = std::result::Result<T, StoreError>;
