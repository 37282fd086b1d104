//! The embedded store: one SQLite file, `parlor.db` in the data directory, in WAL mode,
//! so readers (the API, `parlor replay`) run on their own connections while the
//! recorder writes, and a reader never waits for a writer nor a writer for a reader.
//!
//! Durability: `synchronous = NORMAL`. In WAL mode a transaction is in the WAL file
//! (handed to the operating system) when `COMMIT` returns; it is not yet fsynced. That
//! survives the process dying at any moment (`kill -9`, a panic, an OOM kill), which is
//! what a game server meets, but a power loss or kernel crash may lose the last commits
//! (never corrupt the file: SQLite fsyncs the WAL at each checkpoint). `FULL` would fsync
//! every hand, costing a disk flush per hand for protection against power loss only.

use crate::migrate::{self, Migrated};
use crate::schema::UNFINISHED;
use crate::sql::{Db, Dialect, Row, Value};
use crate::write::Transact;
use crate::{Result, StoreError};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The database file inside a data directory.
const FILE: &str = "parlor.db";

/// The file a writer holds an exclusive lock on for as long as it lives, so a second
/// server started on the same data directory is refused instead of allocating the same
/// game ids. The operating system drops the lock when the process dies, even by `kill -9`.
const LOCK: &str = "parlor.lock";

/// How long a statement waits for another connection's lock before failing (only
/// another writer holds one in WAL mode: a second process on the same directory).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Prepared statements kept per connection: every statement of the writer, and the
/// listing variants of a reader, are prepared once.
const STATEMENTS: usize = 64;

/// A connection to the store: a writer from [`SqliteStore::open`], a reader from
/// [`SqliteStore::open_reader`]. Implements [`Storage`](crate::Storage) and
/// [`Reader`](crate::Reader).
pub struct SqliteStore {
    pub(crate) conn: Connection,
    /// The writer's hold on the data directory ([`LOCK`]); readers and in-memory stores
    /// have none.
    _writer_lock: Option<std::fs::File>,
    /// A batch (`Storage::begin_batch`) is open: writes are savepoints in it.
    in_batch: bool,
}

impl SqliteStore {
    /// Opens the store in `dir` for writing: creates the directory and the database on
    /// first start, brings the schema up to date, and marks the games a crash left
    /// `playing` as `abandoned` (they never get a result). Only one process may write a
    /// data directory at a time (game ids are allocated from the largest stored): while
    /// one has it open, another gets [`StoreError::InUse`].
    pub fn open(dir: &Path) -> Result<SqliteStore> {
        std::fs::create_dir_all(dir).map_err(StoreError::Io)?;
        let writer_lock = lock(dir)?;
        let mut conn = Connection::open(SqliteStore::file(dir))?;
        configure(&conn)?;
        let mode: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            tracing::warn!(
                mode,
                "the store could not use WAL mode; readers may wait for writes"
            );
        }
        let Migrated { from, to } = migrate::migrate(&mut conn)?;
        if from != to {
            tracing::info!(from, to, dir = %dir.display(), "store schema migrated");
        }
        let abandoned = conn.execute(
            &format!(
                "UPDATE games SET status = 'abandoned' WHERE {UNFINISHED} AND status = 'playing'"
            ),
            [],
        )?;
        if abandoned > 0 {
            tracing::warn!(
                abandoned,
                "games left unfinished by the last run are marked abandoned"
            );
        }
        Ok(SqliteStore {
            conn,
            _writer_lock: Some(writer_lock),
            in_batch: false,
        })
    }

    /// A read-only connection to the store in `dir`, which must exist (a server has
    /// opened it once). Safe while a writer is busy: it reads the last committed state.
    pub fn open_reader(dir: &Path) -> Result<SqliteStore> {
        let file = SqliteStore::file(dir);
        if !file.exists() {
            return Err(StoreError::Io(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no store at {}", file.display()),
            )));
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(file, flags)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.set_prepared_statement_cache_capacity(STATEMENTS);
        Ok(SqliteStore {
            conn,
            _writer_lock: None,
            in_batch: false,
        })
    }

    /// A store in memory, at the current schema (tests).
    pub fn open_in_memory() -> Result<SqliteStore> {
        let mut conn = Connection::open_in_memory()?;
        configure(&conn)?;
        migrate::migrate(&mut conn)?;
        Ok(SqliteStore {
            conn,
            _writer_lock: None,
            in_batch: false,
        })
    }

    /// Where the database file of data directory `dir` is.
    pub fn file(dir: &Path) -> PathBuf {
        dir.join(FILE)
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64> {
        migrate::version(&self.conn)
    }
}

/// Takes the data directory's writer lock. A writer that is going away (a recorder's
/// store thread writing its last queued games after the server stopped, when a process
/// restarts its server) is given [`LOCK_PATIENCE`] to let go; after that the directory
/// is in use.
fn lock(dir: &Path) -> Result<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(LOCK))
        .map_err(StoreError::Io)?;
    let deadline = std::time::Instant::now() + LOCK_PATIENCE;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(LOCK_RETRY);
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(StoreError::InUse(dir.to_path_buf()))
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(StoreError::Io(e)),
        }
    }
}

/// How long opening a writer waits for the previous one to let go of the directory.
const LOCK_PATIENCE: Duration = Duration::from_secs(2);

/// How often it looks meanwhile.
const LOCK_RETRY: Duration = Duration::from_millis(10);

/// The writer's settings (see the module documentation for `synchronous`).
fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.set_prepared_statement_cache_capacity(STATEMENTS);
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(())
}

/// A parameter as rusqlite takes it.
pub(crate) fn to_sqlite(value: &Value) -> rusqlite::types::Value {
    use rusqlite::types::Value as V;
    match value {
        Value::Null => V::Null,
        Value::Int(v) => V::Integer(*v),
        Value::Real(v) => V::Real(*v),
        Value::Text(v) => V::Text(v.clone()),
    }
}

/// A column as the store reads it (a BLOB is nothing the store writes).
fn from_sqlite(value: rusqlite::types::ValueRef<'_>) -> Result<Value> {
    use rusqlite::types::ValueRef as V;
    Ok(match value {
        V::Null => Value::Null,
        V::Integer(v) => Value::Int(v),
        V::Real(v) => Value::Real(v),
        V::Text(v) => Value::Text(String::from_utf8_lossy(v).into_owned()),
        V::Blob(_) => return Err(StoreError::Corrupt("a BLOB where text was stored".into())),
    })
}

impl Db for SqliteStore {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64> {
        let mut statement = self.conn.prepare_cached(sql)?;
        let changed =
            statement.execute(rusqlite::params_from_iter(params.iter().map(to_sqlite)))?;
        Ok(changed as u64)
    }

    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        let mut statement = self.conn.prepare_cached(sql)?;
        let columns = statement.column_count();
        let mut rows = statement.query(rusqlite::params_from_iter(params.iter().map(to_sqlite)))?;
        let mut all = Vec::new();
        while let Some(row) = rows.next()? {
            let values = (0..columns).map(|i| from_sqlite(row.get_ref(i)?));
            all.push(Row(values.collect::<Result<_>>()?));
        }
        Ok(all)
    }
}

impl Transact for SqliteStore {
    fn in_batch(&mut self) -> &mut bool {
        &mut self.in_batch
    }

    fn run(&self, sql: &str) -> Result<()> {
        Ok(self.conn.execute_batch(sql)?)
    }

    fn batch_lost(&self) -> bool {
        self.conn.is_autocommit()
    }
}
