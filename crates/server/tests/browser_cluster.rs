//! The pages of every game on a cluster (headless Chromium,
//! `e2e/*-takeover.mjs`): the page plays through the node that is not the protocol's
//! home, the home is drained mid-game, and the page comes back to its seat by itself at
//! the node that carries the table on.

mod common;
mod e2e;

use common::{TestServer, PATIENCE};
use e2e::{script, ONE_AT_A_TIME};

/// Two nodes of a cluster (named `names`); the browser script `script_name` plays
/// `protocol` through the node that is not its home, and the home drains once a table of
/// `protocol` runs.
async fn page_outlives_its_home(protocol: &str, names: [&str; 2], script_name: &str) {
    let _one = ONE_AT_A_TIME.lock().await;
    // The nodes' logs, shown if the test fails.
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_env_filter("parlor_server=info")
        .try_init();
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let a = TestServer::cluster_node(&nats, &url, names[0], 83).await;
    let b = TestServer::cluster_node(&nats, &url, names[1], 84).await;
    // A home one of these two nodes holds, as both see it (an earlier test's nodes'
    // claims lapse within seconds).
    let ours = async {
        loop {
            let home = a.homes_until(protocol).await;
            if names.contains(&home.as_str()) && b.homes_until(protocol).await == home {
                return home;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    };
    let home = tokio::time::timeout(PATIENCE, ours).await.expect("a home");
    let (home, edge) = match home == names[0] {
        true => (a, b),
        false => (b, a),
    };
    // The home sees the other node alive: it has someone to hand its tables to.
    let sees = || async {
        loop {
            let (_, health) = home.get_json("/healthz").await;
            if health["cluster"]["nodes"]
                .as_array()
                .is_some_and(|n| n.len() == 2)
            {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(PATIENCE, sees())
        .await
        .expect("two nodes");
    let drain = async {
        // Once the page's table runs (at the home), the home drains.
        let seated = async {
            loop {
                let (_, tables) = edge.get_json("/api/tables").await;
                let listed = tables.as_array().into_iter().flatten();
                if listed.into_iter().any(|t| t["game"] == protocol) {
                    return;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(PATIENCE * 3, seated)
            .await
            .expect("seated");
        // Still, after however long the page took to sit down on a loaded machine: a
        // node whose liveness lapsed meanwhile is seen again at its next renewal.
        tokio::time::timeout(PATIENCE, sees())
            .await
            .expect("two nodes still");
        let running = home.running.as_ref().expect("running");
        assert!(running.hand_over().await, "the other node lives");
        home.shutdown.cancel();
    };
    tokio::join!(script(&edge, script_name), drain);
    edge.stop().await;
}

#[tokio::test]
async fn the_truco_page_comes_back_to_its_seat_when_its_home_drains() {
    page_outlives_its_home("truco", ["w1", "w2"], "truco-takeover").await;
}

#[tokio::test]
async fn the_mahjong_page_comes_back_to_its_seat_when_its_home_drains() {
    page_outlives_its_home("mahjong", ["w3", "w4"], "mahjong-takeover").await;
}

#[tokio::test]
async fn the_jass_page_comes_back_to_its_seat_when_its_home_drains() {
    page_outlives_its_home("jass", ["w5", "w6"], "jass-takeover").await;
}

#[tokio::test]
async fn the_minitruco_page_comes_back_to_its_seat_when_its_home_drains() {
    page_outlives_its_home("minitruco", ["w7", "w8"], "minitruco-takeover").await;
}

#[tokio::test]
async fn the_wars_page_comes_back_to_its_seat_when_its_home_drains() {
    page_outlives_its_home("wars", ["w9", "w10"], "wars-takeover").await;
}
