//! The schema, as an ordered list of migrations: version `n` of a database is the state
//! after the first `n` of them, and `PRAGMA user_version` says which `n` a file is at.
//!
//! A released migration is never edited, only followed by a new one: databases in the
//! wild are at every version, and each must reach the current one by the same steps.
//!
//! - 1: `games`, their `seats` and `hands` (the first release).
//! - 2: per-player statistics and ratings (`players`), `tournaments`, and the indexes the
//!   API's protocol and player filters use.
//! - 3: a partial index of the unfinished games, so marking a crash's games abandoned at
//!   open and listing unfinished games do not scan every game ever played.
//! - 4: `games.notation`, the notation of the game's action log: 1 for every game
//!   stored before (`SEAT INDEX DEBUG`), [`ACTION_NOTATION`] for the games written
//!   since. The server rewrites older logs when it opens the store; a partial index of
//!   those (`games_old_notation`) lets it find them without reading every game.

/// Every migration in order.
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
    // 3
    "CREATE INDEX games_unfinished ON games(id) WHERE status <> 'finished';",
    // 4
    "ALTER TABLE games ADD COLUMN notation INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX games_old_notation ON games(id) WHERE notation < 2;",
];

/// The notation this code writes action logs in (`games.notation`): 2 is `SEAT NOTATION`,
/// each game's stable words for its actions; 1 was `SEAT INDEX DEBUG`.
pub const ACTION_NOTATION: i64 = 2;

/// The SQL condition that selects games logged in an older notation through
/// `games_old_notation` (SQLite uses a partial index only when the query repeats its
/// condition).
pub const OLD_NOTATION: &str = "notation < 2";

/// The version this code reads and writes.
pub const CURRENT: i64 = MIGRATIONS.len() as i64;

/// The SQL condition that selects unfinished games through `games_unfinished` (SQLite
/// uses a partial index only when the query repeats its condition).
pub const UNFINISHED: &str = "status <> 'finished'";
