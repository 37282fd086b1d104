//! The store on its own: migrations, writes and reads, ratings, the recorder, and what
//! happens when the database is in trouble.

use parlor_store::{
    GameEnd, GameFilter, GameId, GameStart, HandRecord, Reader, Recorder, SeatRecord, SqliteStore,
    Status, Storage, StoreError, TournamentRecord,
};
use serde_json::json;

fn seat(name: &str) -> SeatRecord {
    SeatRecord {
        name: name.into(),
        cpu: None,
    }
}

fn start(id: i64, protocol: &str, names: &[&str]) -> GameStart {
    GameStart {
        id: GameId(id),
        protocol: protocol.into(),
        variant: "v".into(),
        seed: u64::MAX - 1,
        started_at_ms: 1000 + id,
        seats: names.iter().map(|n| seat(n)).collect(),
        table: Some("t".into()),
    }
}

fn end(id: i64, scores: Vec<i64>, ranks: Vec<u32>) -> GameEnd {
    GameEnd {
        game: GameId(id),
        ended_at_ms: 5000,
        result: json!({ "scores": scores }),
        scores,
        ranks,
        actions: vec!["0 1 Pass".into()],
    }
}

fn hand(id: i64, number: u32) -> HandRecord {
    HandRecord {
        game: GameId(id),
        number,
        result: json!({ "hand": number }),
        actions: vec![format!("0 0 Hand{number}"), "# note".into()],
    }
}

#[test]
fn a_game_is_written_and_read_back_whole() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "mahjong", &["a", "b", "c", "d"]))
        .unwrap();
    s.record_hand(&hand(1, 1)).unwrap();
    s.record_hand(&hand(1, 2)).unwrap();
    s.finish_game(&end(1, vec![40, 30, 20, 10], vec![1, 2, 3, 4]))
        .unwrap();
    let g = s.game(GameId(1)).unwrap().unwrap();
    assert_eq!(g.summary.status, Status::Finished);
    assert_eq!(g.seed, (u64::MAX - 1).to_string());
    assert_eq!(g.summary.hands, 2);
    assert_eq!(g.summary.seats[0].score, Some(40));
    assert_eq!(g.summary.seats[3].rank, Some(4));
    assert_eq!(
        g.actions(),
        ["0 0 Hand1", "# note", "0 0 Hand2", "# note", "0 1 Pass"]
    );
    assert!(s.game(GameId(2)).unwrap().is_none());
    assert_eq!(s.max_game_id().unwrap(), 1);
}

#[test]
fn ending_twice_or_an_unknown_game_changes_nothing() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "wars", &["a", "b", "c"])).unwrap();
    s.finish_game(&end(1, vec![2, 1, 0], vec![1, 2, 3]))
        .unwrap();
    assert!(matches!(
        s.finish_game(&end(1, vec![0, 1, 2], vec![3, 2, 1])),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        s.finish_game(&end(9, vec![], vec![])),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        s.record_hand(&hand(1, 2)),
        Err(StoreError::Invalid(_))
    ));
    let board = s.leaderboard("wars").unwrap();
    assert_eq!(
        board.iter().map(|p| p.games).sum::<u32>(),
        3,
        "counted once"
    );
    assert_eq!(
        s.game(GameId(1)).unwrap().unwrap().summary.seats[0].rank,
        Some(1)
    );
}

#[test]
fn ratings_follow_results_and_teammates_are_one_side() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    for id in 1..=5 {
        // Jass-like: seats 0 and 2 (ann, ann) beat 1 and 3 (bob, cat).
        s.start_game(&start(id, "jass", &["ann", "bob", "ann", "cat"]))
            .unwrap();
        s.finish_game(&end(id, vec![2600, 900, 2600, 900], vec![1, 2, 1, 2]))
            .unwrap();
    }
    let board = s.leaderboard("jass").unwrap();
    assert_eq!(board[0].name, "ann");
    assert_eq!(board[0].games, 5);
    assert_eq!(board[0].wins, 5);
    assert_eq!(board[0].points, 5 * 2600);
    assert!(
        board[0].rating > 1500.0 && board[2].rating < 1500.0,
        "{board:?}"
    );
    assert!(board.iter().all(|p| p.deviation <= 200.0));
    let ann = s.player("ann").unwrap();
    assert_eq!(ann.standings.len(), 1);
    assert_eq!(ann.recent.len(), 5);
}

#[test]
fn listings_filter_and_page_newest_first() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    for id in 1..=7 {
        let protocol = if id % 2 == 0 { "truco" } else { "mahjong" };
        s.start_game(&start(id, protocol, &["x", &format!("p{id}")]))
            .unwrap();
        if id <= 5 {
            s.finish_game(&end(id, vec![1, 0], vec![1, 2])).unwrap();
        }
    }
    let ids = |f: GameFilter| -> Vec<i64> { s.games(&f).unwrap().iter().map(|g| g.id.0).collect() };
    assert_eq!(ids(GameFilter::default()), [7, 6, 5, 4, 3, 2, 1]);
    let page = GameFilter {
        limit: Some(3),
        ..GameFilter::default()
    };
    assert_eq!(ids(page.clone()), [7, 6, 5]);
    assert_eq!(
        ids(GameFilter {
            before: Some(5),
            ..page
        }),
        [4, 3, 2]
    );
    let truco = GameFilter {
        protocol: Some("truco".into()),
        ..GameFilter::default()
    };
    assert_eq!(ids(truco), [6, 4, 2]);
    let p3 = GameFilter {
        player: Some("p3".into()),
        ..GameFilter::default()
    };
    assert_eq!(ids(p3), [3]);
    let playing = GameFilter {
        status: Some(Status::Playing),
        ..GameFilter::default()
    };
    assert_eq!(ids(playing), [7, 6]);
}

#[test]
fn tournaments_are_kept_and_updated() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    let mut t = TournamentRecord {
        name: "Cup".into(),
        protocol: "jass".into(),
        started_at_ms: 1,
        ended_at_ms: None,
        entrants: vec!["a".into(), "b".into()],
        pairings: vec![],
        ratings: vec![],
    };
    s.record_tournament(&t).unwrap();
    t.ended_at_ms = Some(9);
    t.pairings
        .push(("a".into(), "b".into(), Some(GameId(4)), true));
    s.record_tournament(&t).unwrap();
    assert_eq!(s.tournaments().unwrap(), [t]);
}

#[test]
fn migrations_from_empty_and_from_version_one() {
    let dir = tempfile::tempdir().unwrap();
    // An empty directory: created, then at the current version.
    let fresh = SqliteStore::open(&dir.path().join("new")).unwrap();
    assert_eq!(fresh.schema_version().unwrap(), 2);
    // A version 1 database with a finished game in it, as the first release wrote it.
    let old = dir.path().join("old");
    std::fs::create_dir_all(&old).unwrap();
    {
        let conn = rusqlite::Connection::open(SqliteStore::file(&old)).unwrap();
        conn.execute_batch(parlor_store_schema_v1()).unwrap();
        conn.execute_batch(
            "INSERT INTO games VALUES (7, 'truco', 'course', '42', NULL, 1, 2, 'finished', '{}', '[]');
             INSERT INTO seats VALUES (7, 0, 'ann', NULL, 12, 1), (7, 1, 'bob', NULL, 3, 2);
             INSERT INTO hands VALUES (7, 1, '{}', '[\"0 0 Truco\"]');
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let mut migrated = SqliteStore::open(&old).unwrap();
    assert_eq!(migrated.schema_version().unwrap(), 2);
    let g = migrated.game(GameId(7)).unwrap().unwrap();
    assert_eq!(g.summary.seats[0].player.name, "ann");
    assert_eq!(g.actions(), ["0 0 Truco"]);
    // The new tables work, and ids continue after the old ones.
    assert_eq!(migrated.max_game_id().unwrap(), 7);
    migrated
        .start_game(&start(8, "truco", &["ann", "bob"]))
        .unwrap();
    migrated
        .finish_game(&end(8, vec![12, 0], vec![1, 2]))
        .unwrap();
    assert_eq!(migrated.leaderboard("truco").unwrap()[0].name, "ann");
}

/// Version 1 of the schema, as `schema::MIGRATIONS[0]` has it.
fn parlor_store_schema_v1() -> &'static str {
    "CREATE TABLE games (id INTEGER PRIMARY KEY, protocol TEXT NOT NULL, variant TEXT NOT NULL,
        seed TEXT NOT NULL, table_name TEXT, started_at_ms INTEGER NOT NULL, ended_at_ms INTEGER,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')), result TEXT,
        final_actions TEXT);
     CREATE TABLE seats (game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
        name TEXT NOT NULL, cpu TEXT, score INTEGER, rank INTEGER, PRIMARY KEY (game, seat));
     CREATE TABLE hands (game INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
        result TEXT NOT NULL, actions TEXT NOT NULL, PRIMARY KEY (game, number));"
}

#[test]
fn reopening_marks_unfinished_games_abandoned() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut s = SqliteStore::open(dir.path()).unwrap();
        s.start_game(&start(1, "mahjong", &["a"])).unwrap();
        s.record_hand(&hand(1, 1)).unwrap();
    }
    let s = SqliteStore::open(dir.path()).unwrap();
    let g = s.game(GameId(1)).unwrap().unwrap();
    assert_eq!(g.summary.status, Status::Abandoned);
    assert_eq!(g.hand_results.len(), 1, "its finished hands are kept");
}

#[test]
fn a_corrupt_file_or_an_unwritable_directory_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        SqliteStore::file(dir.path()),
        b"this is not a database, just bytes".repeat(200),
    )
    .unwrap();
    assert!(SqliteStore::open(dir.path()).is_err());
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").unwrap();
    assert!(matches!(
        SqliteStore::open(&file.join("sub")),
        Err(StoreError::Io(_))
    ));
    // A recorder on a store that fails keeps going and reports it.
    let recorder = Recorder::failed("disk on fire".into());
    recorder.start_game(start(1, "x", &["a"]));
    let health = recorder.health();
    assert!(!health.ok);
    assert_eq!(health.last_error.as_deref(), Some("disk on fire"));
}

#[test]
fn the_recorder_writes_in_order_and_reports_failed_writes() {
    let dir = tempfile::tempdir().unwrap();
    let recorder = Recorder::spawn(Box::new(SqliteStore::open(dir.path()).unwrap())).unwrap();
    let id = recorder.new_game_id();
    recorder.start_game(start(id.0, "mahjong", &["a", "b"]));
    recorder.record_hand(hand(id.0, 1));
    recorder.finish_game(end(id.0, vec![1, 0], vec![1, 2]));
    recorder.finish_game(end(id.0, vec![1, 0], vec![1, 2])); // twice: refused
    recorder.flush();
    let health = recorder.health();
    assert_eq!((health.written, health.failed), (3, 1));
    assert!(!health.ok);
    let reader = SqliteStore::open_reader(dir.path()).unwrap();
    assert_eq!(
        reader.game(id).unwrap().unwrap().summary.status,
        Status::Finished
    );
    // A new recorder on the same store continues the ids.
    drop(recorder);
    let again = Recorder::spawn(Box::new(SqliteStore::open(dir.path()).unwrap())).unwrap();
    assert_eq!(again.new_game_id(), GameId(id.0 + 1));
}
