//! Two nodes of a cluster (a private NATS server and PostgreSQL database from
//! `parlor-testkit`, of this test binary alone): players who reach different nodes meet
//! at one table on the protocol's home node, their connections relayed over NATS (course
//! Truco over TCP; Jass from both its port and browsers' `/ws/jass` on the HTTP port).

mod common;

use common::TestServer;

/// Node `node` of the cluster on `nats`, storing in the database at `url`.
async fn node(nats: &str, url: &str, node: &str) -> TestServer {
    TestServer::cluster_node(nats, url, node, 73).await
}

/// Course Truco's players meet whatever node they reached: two connect to a, two to b,
/// and the four play one match at the protocol's home node, stored once.
#[tokio::test]
async fn players_on_different_nodes_meet_at_one_table() {
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let [a, b] = [node(&nats, &url, "m1").await, node(&nats, &url, "m2").await];
    // Both nodes know the protocol's home before anyone connects.
    for s in [&a, &b] {
        s.homes_until("truco").await;
    }
    let (ta, tb) = (a.addr("truco"), b.addr("truco"));
    let ends = common::bots::course_truco_match_at([ta, tb, ta, tb]).await;
    assert!(
        ends.iter()
            .all(|e| e.as_deref().is_some_and(|l| l.starts_with("MATCH_END"))),
        "{ends:?}"
    );
    let games = a.stored("truco", "finished", 1).await;
    assert_eq!(games.len(), 1, "one match, stored once: {games:?}");
    // Jass: two bots on the home's Jass port, two by the browsers' way in on the other
    // node's HTTP port (`/ws/jass`, upgraded there and relayed to the home), one session.
    let jass_home = a.homes_until("jass").await;
    assert_eq!(b.homes_until("jass").await, jass_home);
    let (home, edge) = match jass_home.as_str() {
        "m1" => (&a, &b),
        _ => (&b, &a),
    };
    let port = format!("ws://{}", home.addr("jass"));
    let browser = format!("ws://{}/ws/jass", edge.addr("http"));
    let urls = [port.clone(), browser.clone(), port, browser];
    let finished = common::bots::jass_game_at(urls, "across").await;
    assert_eq!(finished, [1, 1, 1, 1], "one game, seen by all four");
    let games = a.stored("jass", "finished", 1).await;
    assert_eq!(games.len(), 1, "one game, stored once: {games:?}");
    // The home stops: the other node becomes the protocol's home and its players meet
    // there.
    let home = a.homes_until("truco").await;
    let (gone, left, name) = match home.as_str() {
        "m1" => (a, b, "m2"),
        _ => (b, a, "m1"),
    };
    gone.stop().await;
    let poll = async {
        while left.homes_until("truco").await != name {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(common::PATIENCE, poll)
        .await
        .expect("a new home");
    let t = left.addr("truco");
    common::bots::course_truco_match_at([t; 4]).await;
    left.stored("truco", "finished", 2).await;
    left.stop().await;
}
