//! Schema migrations: a new directory gets the current schema; databases written by
//! earlier versions keep their games and gain the new tables; a newer one is refused.

mod common;

use common::{end, start};
use parlor_store::{
    GameId, Reader, SqliteStore, Status, Storage, StoreError, TournamentRecord, SCHEMA_VERSION,
};
use rusqlite::Connection;
use std::path::Path;

/// Version 1 as the first release created it (a fixture: it must not follow later
/// edits of the migrations, since old files do not).
const V1: &str = "
    CREATE TABLE games (id INTEGER PRIMARY KEY, protocol TEXT NOT NULL, variant TEXT NOT NULL,
        seed TEXT NOT NULL, table_name TEXT, started_at_ms INTEGER NOT NULL, ended_at_ms INTEGER,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')), result TEXT,
        final_actions TEXT);
    CREATE TABLE seats (game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
        name TEXT NOT NULL, cpu TEXT, score INTEGER, rank INTEGER, PRIMARY KEY (game, seat));
    CREATE TABLE hands (game INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
        result TEXT NOT NULL, actions TEXT NOT NULL, PRIMARY KEY (game, number));
    INSERT INTO games VALUES (7, 'truco', 'course', '42', 'room 1', 1, 2, 'finished', '{\"won\":0}', '[]');
    INSERT INTO seats VALUES (7, 0, 'ann', NULL, 12, 1), (7, 1, 'bob', NULL, 3, 2);
    INSERT INTO hands VALUES (7, 1, '{\"points\":12}', '[\"0 0 Truco\"]');
    INSERT INTO games VALUES (8, 'truco', 'course', '43', NULL, 3, NULL, 'playing', NULL, NULL);
    INSERT INTO seats VALUES (8, 0, 'ann', NULL, NULL, NULL), (8, 1, 'bob', NULL, NULL, NULL);
    PRAGMA user_version = 1;";

/// What version 2 added, with a rated player and a tournament.
const V2: &str = "
    CREATE TABLE players (protocol TEXT NOT NULL, name TEXT NOT NULL, cpu INTEGER NOT NULL DEFAULT 0,
        games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0, rating REAL NOT NULL, deviation REAL NOT NULL,
        volatility REAL NOT NULL, PRIMARY KEY (protocol, name));
    CREATE TABLE tournaments (name TEXT NOT NULL, protocol TEXT NOT NULL,
        started_at_ms INTEGER NOT NULL, ended_at_ms INTEGER, record TEXT NOT NULL,
        PRIMARY KEY (protocol, name, started_at_ms));
    CREATE INDEX games_by_protocol ON games(protocol, id);
    CREATE INDEX seats_by_name ON seats(name, game);
    INSERT INTO players VALUES ('truco', 'ann', 0, 1, 1, 12, 1600.0, 190.0, 0.06);
    INSERT INTO tournaments VALUES ('Cup', 'jass', 5, NULL,
        '{\"name\":\"Cup\",\"protocol\":\"jass\",\"started_at_ms\":5,\"ended_at_ms\":null,\"entrants\":[],\"pairings\":[],\"ratings\":[]}');
    PRAGMA user_version = 2;";

fn old_store(dir: &Path, sql: &[&str]) {
    std::fs::create_dir_all(dir).unwrap();
    let conn = Connection::open(SqliteStore::file(dir)).unwrap();
    for batch in sql {
        conn.execute_batch(batch).unwrap();
    }
}

fn tables_and_indexes(dir: &Path) -> Vec<String> {
    let conn = Connection::open(SqliteStore::file(dir)).unwrap();
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap();
    let names = stmt.query_map([], |r| r.get(0)).unwrap();
    names.map(Result::unwrap).collect()
}

const CURRENT_SCHEMA: [&str; 9] = [
    "games",
    "games_by_protocol",
    "games_old_notation",
    "games_unfinished",
    "hands",
    "players",
    "seats",
    "seats_by_name",
    "tournaments",
];

#[test]
fn a_new_directory_gets_the_current_schema() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("parlor-data").join("deeper");
    let s = SqliteStore::open(&data).unwrap();
    assert!(SqliteStore::file(&data).is_file());
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 4);
    assert_eq!(tables_and_indexes(&data), CURRENT_SCHEMA);
    drop(s);
    // Opening again changes nothing.
    let again = SqliteStore::open(&data).unwrap();
    assert_eq!(again.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(again.last_game_id().unwrap(), None);
}

#[test]
fn a_version_one_database_keeps_its_games_and_gains_the_new_tables() {
    let dir = tempfile::tempdir().unwrap();
    old_store(dir.path(), &[V1]);
    let mut s = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(tables_and_indexes(dir.path()), CURRENT_SCHEMA);

    let g = s.game(GameId(7)).unwrap().expect("survived");
    assert_eq!(g.summary.status, Status::Finished);
    assert_eq!(g.summary.table.as_deref(), Some("room 1"));
    assert_eq!(g.summary.seats[0].player.name, "ann");
    assert_eq!(g.summary.seats[1].score, Some(3));
    assert_eq!(g.seed.as_deref(), Some("42"));
    assert_eq!(g.actions(), ["0 0 Truco"]);
    assert_eq!(g.hand_results[0].result["points"], 12);
    // Its log is in the old notation, for the server to rewrite: in one transaction,
    // entry for entry (a log of another length is refused and changes nothing).
    assert_eq!(s.games_before_notation().unwrap(), [GameId(7), GameId(8)]);
    let refused = s.rewrite_actions(GameId(7), &["0 truco".into(), "1 fold".into()]);
    assert!(
        matches!(refused, Err(StoreError::Corrupt(_))),
        "{refused:?}"
    );
    assert_eq!(s.game(GameId(7)).unwrap().unwrap().actions(), ["0 0 Truco"]);
    s.rewrite_actions(GameId(7), &["0 truco".into()]).unwrap();
    assert_eq!(s.game(GameId(7)).unwrap().unwrap().actions(), ["0 truco"]);
    assert_eq!(s.games_before_notation().unwrap(), [GameId(8)]);
    // The game the old server left playing is abandoned, never finished.
    let unfinished = s.game(GameId(8)).unwrap().unwrap();
    assert_eq!(unfinished.summary.status, Status::Abandoned);

    // The new tables work; ids continue after the old ones.
    assert_eq!(s.last_game_id().unwrap(), Some(GameId(8)));
    s.start_game(&start(9, "truco", &["ann", "bob"])).unwrap();
    s.finish_game(&end(9, &[12, 0], &[1, 2])).unwrap();
    assert_eq!(s.leaderboard("truco").unwrap()[0].name, "ann");
    s.record_tournament(&TournamentRecord {
        name: "Cup".into(),
        protocol: "truco".into(),
        started_at_ms: 1,
        ended_at_ms: None,
        entrants: vec![],
        pairings: vec![],
        ratings: vec![],
    })
    .unwrap();
    assert_eq!(s.tournaments().unwrap().len(), 1);
}

#[test]
fn a_version_two_database_keeps_its_ratings_and_tournaments() {
    let dir = tempfile::tempdir().unwrap();
    old_store(dir.path(), &[V1, V2]);
    let s = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(tables_and_indexes(dir.path()), CURRENT_SCHEMA);
    let board = s.leaderboard("truco").unwrap();
    assert_eq!((board[0].name.as_str(), board[0].rating), ("ann", 1600.0));
    assert_eq!(s.tournaments().unwrap()[0].name, "Cup");
}

#[test]
fn a_database_from_a_newer_parlor_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    old_store(dir.path(), &[V1, "PRAGMA user_version = 99;"]);
    assert!(matches!(
        SqliteStore::open(dir.path()),
        Err(StoreError::Corrupt(_))
    ));
    let conn = Connection::open(SqliteStore::file(dir.path())).unwrap();
    let status: String = conn
        .query_row("SELECT status FROM games WHERE id = 8", [], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "playing", "not even abandoned");
}
