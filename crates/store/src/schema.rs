//! The schema and its versioned migrations. `PRAGMA user_version` holds the version a
//! database is at; opening applies every later migration in one transaction each.
//!
//! Version 1: games, their seats and hands. Version 2: per-player statistics and
//! ratings, tournaments, and the indexes the API's filters use.

use rusqlite::Connection;

/// Every migration in order; version `n` is the state after the first `n`.
pub const MIGRATIONS: &[&str] = &[
    // 1
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        protocol TEXT NOT NULL,
        variant TEXT NOT NULL,
        seed TEXT NOT NULL,
        table_name TEXT,
        started_at_ms INTEGER NOT NULL,
        ended_at_ms INTEGER,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
        result TEXT,
        final_actions TEXT
    );
    CREATE TABLE seats (
        game INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        cpu TEXT,
        score INTEGER,
        rank INTEGER,
        PRIMARY KEY (game, seat)
    );
    CREATE TABLE hands (
        game INTEGER NOT NULL REFERENCES games(id),
        number INTEGER NOT NULL,
        result TEXT NOT NULL,
        actions TEXT NOT NULL,
        PRIMARY KEY (game, number)
    );",
    // 2
    "CREATE TABLE players (
        protocol TEXT NOT NULL,
        name TEXT NOT NULL,
        cpu INTEGER NOT NULL DEFAULT 0,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        PRIMARY KEY (protocol, name)
    );
    CREATE TABLE tournaments (
        name TEXT NOT NULL,
        protocol TEXT NOT NULL,
        started_at_ms INTEGER NOT NULL,
        ended_at_ms INTEGER,
        record TEXT NOT NULL,
        PRIMARY KEY (protocol, name, started_at_ms)
    );
    CREATE INDEX games_by_protocol ON games(protocol, id);
    CREATE INDEX seats_by_name ON seats(name, game);",
];

/// The version this code writes.
pub const CURRENT: usize = MIGRATIONS.len();

/// Brings `conn` to [`CURRENT`]; returns the version it was at.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<usize> {
    let from: usize = conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))? as usize;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(from) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
    }
    Ok(from)
}
