//! Every node of a cluster drained at (nearly) the same moment: nobody is left to carry
//! their tables on, so each ends its games as a server alone does, and the last one
//! ends the games another node handed over just before it. No game is left `playing` with no node to play it.

mod common;

use common::{TestServer, PATIENCE};
use parlor_client::truco::seat::hold_seat;
use std::time::Duration;

/// Whether `node` sees two nodes alive.
async fn sees_two(node: &TestServer) -> bool {
    let (_, health) = node.get_json("/healthz").await;
    health["cluster"]["nodes"].as_array().map_or(0, Vec::len) == 2
}

/// Two nodes of one cluster on a database of their own that see each other alive and
/// agree on the course Truco home: the home first, and the database's name.
async fn two_nodes(names: [&str; 2], seed: u64) -> ([TestServer; 2], String) {
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let a = TestServer::cluster_node(&nats, &url, names[0], seed).await;
    let b = TestServer::cluster_node(&nats, &url, names[1], seed + 1).await;
    let ready = async {
        loop {
            let home = a.homes_until("truco").await;
            let agreed = names.contains(&home.as_str()) && b.homes_until("truco").await == home;
            if agreed && sees_two(&a).await && sees_two(&b).await {
                return home;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let home = tokio::time::timeout(PATIENCE, ready).await.expect("ready");
    let database = url.rsplit('/').next().unwrap().to_owned();
    match home == names[0] {
        true => ([a, b], database),
        false => ([b, a], database),
    }
}

/// Waits until the course Truco games in `database` are `count`, none of them `playing`
/// without a node; each one's status and node.
async fn none_left_without_a_node(database: &str, count: usize) -> Vec<String> {
    let sql = "SELECT status || ' ' || coalesce(node, '-') FROM games \
               WHERE protocol = 'truco' ORDER BY id";
    let games = || {
        let out = parlor_testkit::postgres().psql(database, sql).unwrap();
        out.lines().map(str::to_owned).collect::<Vec<_>>()
    };
    let poll = async {
        loop {
            let now = games();
            if now.len() == count && !now.iter().any(|g| g == "playing -") {
                return now;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    match tokio::time::timeout(PATIENCE, poll).await {
        Ok(games) => games,
        Err(_) => panic!("games left without a node: {:?}", games()),
    }
}

/// The name `node` goes by.
async fn home_name(node: &TestServer) -> String {
    let (_, health) = node.get_json("/healthz").await;
    health["cluster"]["node"].as_str().unwrap().to_owned()
}

/// A match under way at `home` (a seat held by the test, CPU players in the others).
async fn match_under_way(home: &TestServer) {
    let at = home.addr("truco").to_string();
    tokio::time::timeout(PATIENCE, hold_seat(&at, true))
        .await
        .expect("in time")
        .expect("a seat held");
}

/// (One test: the nodes of both parts are in one cluster, which must hold two at a time.)
#[tokio::test]
async fn nodes_drained_together_leave_no_game_playing() {
    // Drained at the same moment: each ends its own games.
    let ([home, other], database) = two_nodes(["e1", "e2"], 91).await;
    match_under_way(&home).await;
    let (a, b) = tokio::join!(
        home.running.as_ref().unwrap().hand_over(),
        other.running.as_ref().unwrap().hand_over()
    );
    assert!(!a && !b, "nobody is left to hand over to");
    let ended = format!("abandoned {}", home_name(&home).await);
    tokio::join!(home.stop(), other.stop());
    assert_eq!(none_left_without_a_node(&database, 1).await, [ended]);

    // One just after the other: the last ends what the first handed over.
    let ([home, other], database) = two_nodes(["e3", "e4"], 93).await;
    match_under_way(&home).await;
    assert!(home.running.as_ref().unwrap().hand_over().await);
    let (_, last) = tokio::join!(home.stop(), other.running.as_ref().unwrap().hand_over());
    assert!(!last, "the node that drained first is gone");
    other.stop().await;
    // Ended by the last node: carried on and ended there, or ended where it was let go.
    let games = none_left_without_a_node(&database, 1).await;
    assert!(games[0].starts_with("abandoned "), "{games:?}");
}
