//! Bringing a database to the current schema, one migration per transaction.

use crate::schema::{CURRENT, MIGRATIONS};
use crate::{Result, StoreError};
use rusqlite::Connection;

/// Which version a database was at, and which it is at now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Migrated {
    pub from: i64,
    pub to: i64,
}

/// The schema version of `conn` (`PRAGMA user_version`; 0 for a new file).
pub fn version(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Applies every migration `conn` lacks, each with its version bump in one transaction,
/// so a crash mid-way leaves the database at the last complete version. A database
/// from a newer parlor is refused rather than guessed at.
pub fn migrate(conn: &mut Connection) -> Result<Migrated> {
    let from = version(conn)?;
    if !(0..=CURRENT).contains(&from) {
        return Err(StoreError::Corrupt(format!(
            "the database is at schema version {from}; this parlor knows up to {CURRENT}"
        )));
    }
    for (done, sql) in (from..).zip(&MIGRATIONS[from as usize..]) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", done + 1)?;
        tx.commit()?;
    }
    Ok(Migrated { from, to: CURRENT })
}
