//! Read access for many concurrent requests: reader connections opened on demand and
//! kept for the next request, so the API neither opens a database per request nor
//! shares one connection between threads.

use crate::{PgStore, Reader, Result, SqliteStore};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// The most idle connections kept; more may be open while requests run.
const IDLE: usize = 8;

type Open = dyn Fn() -> Result<Box<dyn Reader>> + Send + Sync;

/// A cloneable source of [`Reader`]s for request handlers. Reads block (SQLite does
/// I/O): run them on a blocking thread (`tokio::task::spawn_blocking`).
#[derive(Clone)]
pub struct StoreReader {
    inner: Arc<Inner>,
}

struct Inner {
    open: Box<Open>,
    idle: Mutex<Vec<Box<dyn Reader>>>,
}

impl StoreReader {
    /// Readers from `open` (any backend).
    pub fn new(open: impl Fn() -> Result<Box<dyn Reader>> + Send + Sync + 'static) -> StoreReader {
        StoreReader {
            inner: Arc::new(Inner {
                open: Box::new(open),
                idle: Mutex::new(Vec::new()),
            }),
        }
    }

    /// Read-only connections to the SQLite store in data directory `dir`. Nothing is
    /// opened yet: a store that does not exist yet is an error of each read until a
    /// server creates it.
    pub fn sqlite(dir: impl Into<PathBuf>) -> StoreReader {
        let dir = dir.into();
        StoreReader::new(move || {
            SqliteStore::open_reader(&dir).map(|s| Box::new(s) as Box<dyn Reader>)
        })
    }

    /// Connections to the PostgreSQL store at `url`, opened as reads need them.
    pub fn postgres(url: &str) -> StoreReader {
        let url = url.to_owned();
        StoreReader::new(move || PgStore::open_reader(&url).map(|s| Box::new(s) as Box<dyn Reader>))
    }

    /// Runs `read` on an idle reader or a new one. A reader whose read failed is
    /// dropped rather than reused, in case the failure was the connection's.
    pub fn read<T>(&self, read: impl FnOnce(&dyn Reader) -> Result<T>) -> Result<T> {
        let idle = self.idle().pop();
        let reader = match idle {
            Some(reader) => reader,
            None => (self.inner.open)()?,
        };
        let result = read(reader.as_ref());
        if result.is_ok() {
            let mut idle = self.idle();
            if idle.len() < IDLE {
                idle.push(reader);
            }
        }
        result
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Box<dyn Reader>>> {
        self.inner
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
