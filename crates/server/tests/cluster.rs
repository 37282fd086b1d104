//! Three nodes of a cluster on a private NATS server and PostgreSQL database
//! (`parlor-testkit`): every node lists every node's running tables, each with its
//! node's name, and a node that stops takes its tables off every list.

mod common;
mod mmj1;

use common::ws;

use common::TestServer;
use mmj1::{Calls, Mj};
use serde_json::Value;

/// Node `node` of the cluster on `nats`, storing in the database at `url`.
async fn node(nats: &str, url: &str, node: &str) -> TestServer {
    TestServer::cluster_node(nats, url, node, 71).await
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
    let nodes_up = [
        node(&nats, &url, "a").await,
        node(&nats, &url, "b").await,
        node(&nats, &url, "c").await,
    ];
    // Mahjong's players meet on its home node, whichever node they reach.
    let mut home = String::new();
    for s in &nodes_up {
        home = s.homes_until("mahjong").await;
    }
    let [a, b, c] = nodes_up;
    let mut others = Vec::new();
    let mut at_home = None;
    for (name, s) in [("a", a), ("b", b), ("c", c)] {
        match name == home {
            true => at_home = Some(s),
            false => others.push(s),
        }
    }
    let (home_node, away) = (at_home.expect("the home is a node"), &others);
    // A person reaches each of the two other nodes; both sit at tables on the home,
    // CPU players filling the other seats at once; the tables wait for their discards.
    let mut ana = Mj::join(away[0].addr("mahjong"), "ana", Calls::Never).await;
    let mut bea = Mj::join(away[1].addr("mahjong"), "bea", Calls::Never).await;
    ana.first_move().await;
    bea.first_move().await;
    let on_home = [home.as_str(), home.as_str()];
    let listed = away[1].tables_until(|t| nodes(t) == on_home).await;
    let names: Vec<&str> = listed
        .iter()
        .map(|t| t["seats"][0]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ana", "bea"], "{listed:?}");
    // Every node answers alike, the home included, and lists no seed or hand.
    assert_eq!(
        home_node.tables_until(|t| nodes(t) == on_home).await,
        listed
    );
    assert_eq!(away[0].tables_until(|t| nodes(t) == on_home).await, listed);
    let text = serde_json::to_string(&listed).unwrap();
    assert!(!text.contains("seed") && !text.contains("tiles"), "{text}");
    // A watcher on another node watches ana's table on the home and sees it go on.
    let mut watcher = ws::watch(&away[1], &listed[0]["id"]).await;
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
    drop((ana, bea, watcher));
    home_node.stop().await;
    others[0].tables_until(|t| t.is_empty()).await;
    for s in others {
        s.stop().await;
    }
}
