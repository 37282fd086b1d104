//! The course Truco page on a cluster (headless Chromium, `e2e/truco-takeover.mjs`): the
//! page plays through the node that is not the protocol's home, the home is drained
//! mid-match, and the page comes back to its seat by itself at the node that carries the
//! table on, and plays on.

mod common;
mod e2e;

use common::{TestServer, PATIENCE};
use e2e::{script, ONE_AT_A_TIME};

#[tokio::test]
async fn the_truco_page_comes_back_to_its_seat_when_its_home_drains() {
    let _one = ONE_AT_A_TIME.lock().await;
    // The nodes' logs, shown if the test fails.
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_env_filter("parlor_server=info")
        .try_init();
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let a = TestServer::cluster_node(&nats, &url, "w1", 83).await;
    let b = TestServer::cluster_node(&nats, &url, "w2", 84).await;
    let home = a.homes_until("truco").await;
    assert_eq!(b.homes_until("truco").await, home);
    let (home, edge) = match home.as_str() {
        "w1" => (a, b),
        _ => (b, a),
    };
    // The home sees the other node alive: it has someone to hand its tables to.
    let sees = async {
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
    tokio::time::timeout(PATIENCE, sees)
        .await
        .expect("two nodes");
    let drain = async {
        // Once the page's table runs (at the home), the home drains.
        let seated = async {
            loop {
                let (_, tables) = edge.get_json("/api/tables").await;
                let truco = tables.as_array().into_iter().flatten();
                if truco.into_iter().any(|t| t["game"] == "truco") {
                    return;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(PATIENCE * 3, seated)
            .await
            .expect("seated");
        let running = home.running.as_ref().expect("running");
        assert!(running.hand_over().await, "the other node lives");
        home.shutdown.cancel();
    };
    tokio::join!(script(&edge, "truco-takeover"), drain);
    edge.stop().await;
}
