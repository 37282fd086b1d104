//! Two servers, nodes `a` and `b`, storing their games in one PostgreSQL database (a
//! private server from `parlor-testkit`), as the nodes of a cluster do: each node's
//! finished games are there for the other's API, both answer alike, ids never meet, and
//! every stored game replays from its action log to its stored result.

mod common;

use common::bots::{course_truco_match, jass_game};
use common::TestServer;
use parlor_server::config::Database;
use parlor_server::Config;
use parlor_store::{GameId, PgStore, Reader};
use serde_json::Value;

/// A server storing its games in the database at `url` as node `node`.
async fn node(url: &str, node: &str, seed: u64) -> TestServer {
    let database = Some(Database {
        url: url.to_owned(),
        node: node.to_owned(),
    });
    TestServer::start(Config {
        database,
        ..Config::for_tests(seed)
    })
    .await
}

/// Replays game `id` from the database and checks it ends as stored.
fn replays_exactly(url: &str, id: i64) {
    let store = PgStore::open_reader(url).unwrap();
    let game = store.game(GameId(id)).unwrap().expect("stored");
    let g = &game.summary;
    let seed: u64 = game.seed.as_deref().unwrap().parse().unwrap();
    let replayed = parlor_server::protocols::replay(&g.protocol, &g.variant, seed, &game.actions())
        .unwrap_or_else(|e| panic!("replay of game {id}: {e}"));
    assert_eq!(replayed.hands.len(), game.hand_results.len(), "game {id}");
    let scores = g.seats.iter().map(|s| s.score.unwrap()).collect();
    let ranks = g.seats.iter().map(|s| s.rank.unwrap()).collect();
    assert_eq!(replayed.end, Some((scores, ranks)), "game {id}");
}

#[tokio::test]
async fn two_nodes_store_in_one_database_and_answer_alike() {
    let url = parlor_testkit::postgres().database();
    let (a, b) = (node(&url, "a", 61).await, node(&url, "b", 62).await);
    course_truco_match(a.addr("truco")).await;
    jass_game(&format!("ws://{}", b.addr("jass")), "on b").await;
    // Node a lists node b's game, and b lists a's.
    let truco = b.stored("truco", "finished", 1).await;
    let jass = a.stored("jass", "finished", 1).await;
    let ids = [&truco[0], &jass[0]].map(|g| g["id"].as_i64().unwrap());
    assert_ne!(ids[0], ids[1]);
    let paths = [
        "/api/games".to_owned(),
        format!("/api/games/{}", ids[0]),
        format!("/api/games/{}", ids[1]),
        "/api/leaderboard/jass".into(),
        "/api/leaderboard/truco".into(),
        "/api/players/bot0".into(),
    ];
    for path in &paths {
        let (on_a, on_b) = (a.get_json(path).await, b.get_json(path).await);
        assert_eq!(on_a.0, 200, "{path}: {on_a:?}");
        assert_eq!(on_a, on_b, "{path}");
    }
    let (_, listed) = a.get_json("/api/games").await;
    assert_eq!(listed.as_array().map(Vec::len), Some(2), "{listed}");
    let (_, board) = a.get_json("/api/leaderboard/jass").await;
    assert!(board.as_array().is_some_and(|b| b.len() == 4), "{board}");
    let (_, health) = a.get_json("/healthz").await;
    assert_eq!(health["store"]["ok"], Value::Bool(true), "{health}");
    let url2 = url.clone();
    tokio::task::spawn_blocking(move || ids.map(|id| replays_exactly(&url2, id)))
        .await
        .unwrap();
    a.stop().await;
    b.stop().await;
}
