//! A node cut off from the cluster for longer than its home claims last finds, once it
//! sees NATS again, that another node holds its home and carries its tables on: it must
//! not play them on too, so it stops by itself (handing over; `parlor serve` then exits
//! with a failure for its supervisor to start it again). Here the other node's claim is
//! written by the test, as if this node's had lapsed.

mod common;

use common::{TestServer, PATIENCE};

#[tokio::test]
async fn a_node_that_lost_its_home_while_alive_stops_by_itself() {
    let nats = parlor_testkit::nats().url();
    let url = parlor_testkit::postgres().database();
    let node = TestServer::cluster_node(&nats, &url, "c1", 79).await;
    assert_eq!(node.homes_until("truco").await, "c1");
    let client = async_nats::connect(&nats).await.unwrap();
    let homes = async_nats::jetstream::new(client)
        .get_key_value("parlor_homes")
        .await
        .unwrap();
    homes.put("truco", "c2".into()).await.unwrap();
    tokio::time::timeout(PATIENCE, node.shutdown.cancelled())
        .await
        .expect("the node stops by itself");
    let running = node.running.as_ref().unwrap();
    assert!(running.cut_off(), "it says why");
}
