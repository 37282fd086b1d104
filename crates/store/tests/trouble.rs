//! Database trouble is an error, never a panic: a corrupt file, a directory that
//! cannot be written, a store that is not there, a file that breaks while in use.

mod common;

use common::start;
use parlor_store::{GameFilter, GameId, Recorder, SqliteStore, Storage, StoreError, StoreReader};
use std::os::unix::fs::PermissionsExt;

#[test]
fn a_corrupt_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = SqliteStore::file(dir.path());
    std::fs::write(&file, b"this is not a database, just bytes. ".repeat(200)).unwrap();
    assert!(matches!(
        SqliteStore::open(dir.path()),
        Err(StoreError::Database(_))
    ));
    let reader = StoreReader::sqlite(dir.path());
    let read = reader.read(|r| r.games(&GameFilter::default()));
    assert!(matches!(read, Err(StoreError::Database(_))), "{read:?}");
}

#[test]
fn a_file_damaged_between_runs_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = SqliteStore::open(dir.path()).unwrap();
    store.start_game(&start(1, "mahjong", &["a"])).unwrap();
    drop(store);
    // Overwrite the header and the first pages, as a broken disk might.
    let file = SqliteStore::file(dir.path());
    let mut bytes = std::fs::read(&file).unwrap();
    let garbage = bytes.len().min(8192);
    bytes[..garbage].fill(0xA5);
    std::fs::write(&file, bytes).unwrap();
    assert!(SqliteStore::open(dir.path()).is_err());
    let reader = StoreReader::sqlite(dir.path());
    assert!(reader.read(|r| r.game(GameId(1))).is_err());
}

#[test]
fn a_database_locked_by_another_writer_is_waited_for_then_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = SqliteStore::open(dir.path()).unwrap();
    let file = SqliteStore::file(dir.path());
    // A lock held briefly is waited for.
    let (locked, unlock) = std::sync::mpsc::channel();
    let brief = {
        let file = file.clone();
        std::thread::spawn(move || {
            let intruder = rusqlite::Connection::open(file).unwrap();
            intruder.execute_batch("BEGIN IMMEDIATE").unwrap();
            locked.send(()).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(300));
            intruder.execute_batch("COMMIT").unwrap();
        })
    };
    unlock.recv().unwrap();
    store.start_game(&start(1, "mahjong", &["a"])).unwrap();
    brief.join().unwrap();
    // A lock held past the busy timeout (5 s) is an error, and nothing was written.
    let intruder = rusqlite::Connection::open(&file).unwrap();
    intruder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let refused = store.start_game(&start(2, "mahjong", &["a"]));
    assert!(
        matches!(refused, Err(StoreError::Database(_))),
        "{refused:?}"
    );
    intruder.execute_batch("COMMIT").unwrap();
    assert_eq!(store.last_game_id().unwrap(), Some(GameId(1)));
}

/// A second writer on the same data directory (a second server) is refused while the
/// first lives, and welcome once it is gone; readers are never refused.
#[test]
fn one_writer_per_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = SqliteStore::open(dir.path()).unwrap();
    first.start_game(&start(1, "mahjong", &["a"])).unwrap();
    let second = SqliteStore::open(dir.path());
    assert!(
        matches!(&second, Err(StoreError::InUse(d)) if d == dir.path()),
        "{:?}",
        second.err()
    );
    let reader = StoreReader::sqlite(dir.path());
    assert!(reader.read(|r| r.game(GameId(1))).unwrap().is_some());
    drop(first);
    let again = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(again.last_game_id().unwrap(), Some(GameId(1)));
}

#[test]
fn a_directory_that_cannot_be_written_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    // A path under a file: the directory cannot be created.
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").unwrap();
    assert!(matches!(
        SqliteStore::open(&file.join("parlor-data")),
        Err(StoreError::Io(_))
    ));
    // A read-only directory. Root writes into one anyway; then only the check that
    // cannot be skipped remains: /proc refuses new files to everybody.
    let readonly = dir.path().join("readonly");
    std::fs::create_dir(&readonly).unwrap();
    std::fs::set_permissions(&readonly, std::fs::Permissions::from_mode(0o555)).unwrap();
    let root = std::fs::write(readonly.join("probe"), b"").is_ok();
    if !root {
        assert!(SqliteStore::open(&readonly).is_err());
        assert!(SqliteStore::open(&readonly.join("sub")).is_err());
    }
    assert!(SqliteStore::open(std::path::Path::new("/proc/self")).is_err());
    std::fs::set_permissions(&readonly, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn reading_a_store_that_does_not_exist_is_an_error_until_it_does() {
    let dir = tempfile::tempdir().unwrap();
    let reader = StoreReader::sqlite(dir.path());
    let missing = reader.read(|r| r.leaderboard("jass"));
    assert!(matches!(missing, Err(StoreError::Io(_))), "{missing:?}");
    assert!(
        !SqliteStore::file(dir.path()).exists(),
        "a reader creates nothing"
    );
    let _store = SqliteStore::open(dir.path()).unwrap();
    assert!(reader.read(|r| r.leaderboard("jass")).unwrap().is_empty());
}

#[test]
fn a_store_that_fails_to_open_leaves_a_recorder_that_reports_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(SqliteStore::file(dir.path()), b"junk".repeat(1000)).unwrap();
    let recorder = match SqliteStore::open(dir.path()) {
        Ok(_) => panic!("a junk file opened"),
        Err(e) => Recorder::failed(e.to_string()),
    };
    recorder.start_game(start(1, "mahjong", &["a"]));
    let health = recorder.health();
    assert!(!health.ok);
    assert!(health.last_error.unwrap().contains("not a database"));
}
