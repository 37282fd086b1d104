//! A store written before the action notation (`tests/fixtures/notation1`) is brought up
//! to it when a server opens it: every game's log is rewritten in its game's notation,
//! entry for entry, and replays to exactly what it replayed to before and what the store
//! says.

mod common;

use common::TestServer;
use parlor_server::protocols::replay;
use parlor_server::record::Replayed;
use parlor_server::record::{parse_entry, Entry, Named};
use parlor_server::Config;
use parlor_store::{GameDetail, GameId, Reader, SqliteStore, Status};

/// Every game of the store in `dir`, in id order.
fn games(dir: &std::path::Path) -> Vec<GameDetail> {
    let reader = SqliteStore::open_reader(dir).unwrap();
    (1..)
        .map_while(|id| reader.game(GameId(id)).unwrap())
        .collect()
}

fn replayed(game: &GameDetail) -> Replayed {
    let seed = game.seed.as_deref().unwrap().parse().unwrap();
    let s = &game.summary;
    replay(&s.protocol, &s.variant, seed, &game.actions())
        .unwrap_or_else(|e| panic!("game {} ({}): {e}", s.id.0, s.protocol))
}

#[tokio::test]
async fn games_stored_before_the_notation_are_rewritten_and_replay_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/notation1/parlor.db"
    );
    std::fs::copy(fixture, dir.path().join("parlor.db")).unwrap();
    let before = games(dir.path());
    assert_eq!(before.len(), 7, "the fixture's games");
    let legacy = |entry: &String| {
        matches!(
            parse_entry(entry),
            Some(Entry::Action {
                named: Named::Legacy { .. },
                ..
            })
        )
    };
    assert!(before.iter().all(|g| g.actions().iter().any(legacy)));
    let old: Vec<Replayed> = before.iter().map(replayed).collect();

    let s = TestServer::start(Config {
        data_dir: Some(dir.path().to_owned()),
        ..Config::for_tests(52)
    })
    .await;
    let (_, health) = s.get_json("/healthz").await;
    assert_eq!(health["store"]["ok"], true, "{health}");
    let after = games(dir.path());
    assert_eq!(after.len(), before.len());
    let protocols: Vec<&str> = after.iter().map(|g| g.summary.protocol.as_str()).collect();
    assert_eq!(
        protocols,
        [
            "mahjong",
            "minitruco",
            "truco",
            "wars",
            "wars",
            "wars",
            "jass"
        ]
    );
    for ((was, game), old) in before.iter().zip(&after).zip(&old) {
        let id = game.summary.id.0;
        let log = game.actions();
        assert_eq!(log.len(), was.actions().len(), "game {id}: entry for entry");
        for entry in &log {
            match parse_entry(entry) {
                Some(
                    Entry::Action {
                        named: Named::Notation(_),
                        ..
                    }
                    | Entry::Note(_),
                ) => {}
                other => panic!("game {id}: {entry:?} read as {other:?}"),
            }
        }
        let new = replayed(game);
        assert_eq!((&new.hands, &new.end), (&old.hands, &old.end), "game {id}");
        assert_eq!(new.log, log, "game {id}: the log replays as stored");
        if game.summary.status == Status::Finished {
            let scores = game
                .summary
                .seats
                .iter()
                .map(|s| s.score.unwrap())
                .collect();
            let ranks = game.summary.seats.iter().map(|s| s.rank.unwrap()).collect();
            assert_eq!(new.end, Some((scores, ranks)), "game {id}");
        }
        // The API shows each action's notation beside its words.
        let (_, shown) = s.get_json(&format!("/api/games/{id}")).await;
        let first = match &shown["hand_results"][0]["actions"][0] {
            serde_json::Value::Null => &shown["final_actions"][0],
            first => first,
        };
        let stored = parse_entry(&log[0]);
        if let Some(Entry::Action {
            named: Named::Notation(text),
            ..
        }) = stored
        {
            assert_eq!(first["notation"], text, "{shown}");
        }
    }
    // Hands were split back where they were: each hand keeps its number of actions.
    for (was, game) in before.iter().zip(&after) {
        let counts = |g: &GameDetail| {
            g.hand_results
                .iter()
                .map(|h| h.actions.len())
                .collect::<Vec<_>>()
        };
        assert_eq!(counts(was), counts(game));
        assert_eq!(was.final_actions.len(), game.final_actions.len());
    }
    s.stop().await;
    // Opened again, there is nothing left to rewrite.
    let mut store = SqliteStore::open(dir.path()).unwrap();
    assert!(store.games_before_notation().unwrap().is_empty());
    let upgraded =
        parlor_server::record::upgrade::upgrade(&mut store, &parlor_server::protocols::replay)
            .unwrap();
    assert_eq!(upgraded, Default::default());
}

/// A game whose old log does not replay (here: damaged by hand) keeps its old notation;
/// the store opens all the same and every other game is rewritten.
#[tokio::test]
async fn a_game_that_does_not_replay_never_keeps_the_store_from_opening() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/notation1/parlor.db"
    );
    std::fs::copy(fixture, dir.path().join("parlor.db")).unwrap();
    let db = rusqlite::Connection::open(dir.path().join("parlor.db")).unwrap();
    db.execute(
        "UPDATE hands SET actions = '[\"0 99 Nonsense\"]' WHERE game = 2 AND number = 1",
        [],
    )
    .unwrap();
    drop(db);
    let mut store = SqliteStore::open(dir.path()).unwrap();
    let upgraded =
        parlor_server::record::upgrade::upgrade(&mut store, &parlor_server::protocols::replay)
            .unwrap();
    assert_eq!((upgraded.rewritten, upgraded.left), (6, 1));
    assert_eq!(store.games_before_notation().unwrap(), [GameId(2)]);
}
