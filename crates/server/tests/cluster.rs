//! Three nodes of a cluster on a private NATS server and PostgreSQL database
//! (`parlor-testkit`): every node lists every node's running tables, each with its
//! node's name, and a node that stops takes its tables off every list.

mod common;
mod mmj1;

use common::ws;

use common::TestServer;
use mmj1::{Calls, Mj};
use parlor_server::config::Database;
use parlor_server::Config;
use serde_json::Value;

/// Node `node` of the cluster on `nats`, storing in the database at `url`.
async fn node(nats: &str, url: &str, node: &str) -> TestServer {
    TestServer::start(Config {
        database: Some(Database {
            url: url.to_owned(),
            node: node.to_owned(),
        }),
        cluster: Some(nats.to_owned()),
        ..Config::for_tests(71)
    })
    .await
}

/// The nodes of the tables listed.
fn nodes(tables: &[Value]) -> Vec<&str> {
    let mut nodes: Vec<&str> = tables.iter().filter_map(|t| t["node"].as_str()).collect();
    nodes.sort_unstable();
    nodes
}

#[tokio::test]
async fn every_node_lists_every_nodes_tables() {
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let [a, b, c] = [
        node(&nats, &url, "a").await,
        node(&nats, &url, "b").await,
        node(&nats, &url, "c").await,
    ];
    // A person at a Mahjong table on a and on b (CPU players fill the other seats at
    // once); the tables wait for their first discards.
    let mut ana = Mj::join(a.addr("mahjong"), "ana", Calls::Never).await;
    let mut bea = Mj::join(b.addr("mahjong"), "bea", Calls::Never).await;
    ana.first_move().await;
    bea.first_move().await;
    let listed = c.tables_until(|t| nodes(t) == ["a", "b"]).await;
    let names: Vec<&str> = listed
        .iter()
        .map(|t| t["seats"][0]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ana", "bea"], "{listed:?}");
    // Every node answers alike, its own tables included, and lists no seed or hand.
    let on_a = a.tables_until(|t| nodes(t) == ["a", "b"]).await;
    assert_eq!(on_a, listed);
    let text = serde_json::to_string(&listed).unwrap();
    assert!(!text.contains("seed") && !text.contains("tiles"), "{text}");
    // A watcher on c watches ana's table, which runs on a, and sees the next move.
    let mut watcher = ws::watch(&c, &listed[0]["id"]).await;
    let first: Value = serde_json::from_str(&ws::frame(&mut watcher).await).unwrap();
    assert_eq!(first["hand"], 1, "{first}");
    let hands = first["table"]["hands"].as_array().unwrap();
    assert!(
        hands
            .iter()
            .flat_map(|h| h.as_array().unwrap())
            .all(|t| t == "?"),
        "{first}"
    );
    // Ana plays on (answering what the table asks of her) until the watcher sees a step.
    let next = loop {
        tokio::select! {
            line = ana.conn.line() => { ana.on_line(&line).await; }
            frame = ws::frame(&mut watcher) => break frame,
        }
    };
    let next: Value = serde_json::from_str(&next).unwrap();
    assert!(
        next["steps"].as_array().is_some_and(|s| !s.is_empty()),
        "{next}"
    );
    // A node that stops takes its tables off the others' lists.
    a.stop().await;
    c.tables_until(|t| nodes(t) == ["b"]).await;
    drop((ana, bea));
    b.stop().await;
    c.stop().await;
}
