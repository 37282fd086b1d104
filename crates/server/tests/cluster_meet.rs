//! Two nodes of a cluster (a private NATS server and PostgreSQL database from
//! `parlor-testkit`, of this test binary alone): players who reach different nodes meet
//! at one table on the protocol's home node, their connections relayed over NATS, in
//! every game (course Truco, miniTruco, Warlords and Mahjong over TCP; Jass from both
//! its port and browsers' `/ws/jass` on the HTTP port).

mod common;

use common::{LineClient, TestServer};
use parlor_server::Config;
use std::net::SocketAddr;
use std::time::Duration;

/// Node `node` of the cluster on `nats`, storing in the database at `url`. Mahjong's
/// lobby waits for people a moment before CPU players fill a table; Warlords pauses
/// between hands, as it does by default, so that players leaving after a hand leave
/// before the next is dealt (and the evening, deserted, ends).
async fn node(nats: &str, url: &str, node: &str) -> TestServer {
    let mut config = Config::for_tests(73);
    config
        .game_mut::<parlor_server::protocols::mahjong::MahjongSettings>()
        .fill_after = Duration::from_secs(3);
    config
        .game_mut::<parlor_server::protocols::wars::WarsSettings>()
        .lobby_timeout = Duration::from_secs(2);
    TestServer::cluster_node_with(nats, url, node, config).await
}

/// A miniTruco player at `addr` who enters room 1, gets ready once `other` is there too
/// and plays the game out; every line up to `G`.
async fn minitruco_player(addr: SocketAddr, nick: &str, other: &str) -> Vec<String> {
    let mut c = LineClient::connect(addr, "\r\n").await;
    c.send(&format!("N {nick}")).await;
    c.expect(&format!("N {nick}")).await;
    c.send("E 1").await;
    c.expect("E 1").await;
    // Ready once both are in the room (the game starts when everyone there is).
    c.until(|l| l.starts_with("I 1 ") && l.contains(other))
        .await;
    c.send("Q").await;
    let at = c.until(|l| l.starts_with("P ")).await.pop().unwrap();
    let position = at[2..].parse().unwrap();
    common::minitruco::play_until_game_over(&mut c, position).await
}

/// A Mahjong person at `addr` (mmj1) who waits for a table; the `game` line naming its
/// seats.
async fn mahjong_person(addr: SocketAddr, name: &str) -> String {
    let mut c = LineClient::connect(addr, "\n").await;
    c.send(&format!("mmj1c {}:{name}", name.len())).await;
    c.until(|l| l.starts_with("game ")).await.pop().unwrap()
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
    // miniTruco: one person on each node, in room 1 of the home, play one game.
    for s in [&a, &b] {
        s.homes_until("minitruco").await;
    }
    let (ana, bia) = tokio::join!(
        minitruco_player(a.addr("minitruco"), "ana", "bia"),
        minitruco_player(b.addr("minitruco"), "bia", "ana")
    );
    assert_eq!(ana.last(), bia.last(), "one game, ended for both");
    assert_eq!(a.stored("minitruco", "finished", 1).await.len(), 1);
    // Warlords: one hall for the cluster; three clients, from both nodes, one hand.
    for s in [&a, &b] {
        s.homes_until("wars").await;
    }
    let (wa, wb) = (a.addr("wars"), b.addr("wars"));
    let dealt = common::bots::warlords_hands_at(&[wa, wb, wa], 1).await;
    assert!(dealt.iter().all(|&d| d >= 1), "{dealt:?}");
    assert!(!b.stored("wars", "finished", 1).await.is_empty());
    // Mahjong: a person on each node, at one table of the home's lobby.
    for s in [&a, &b] {
        s.homes_until("mahjong").await;
    }
    let (game_a, game_b) = tokio::join!(
        mahjong_person(a.addr("mahjong"), "kaz"),
        mahjong_person(b.addr("mahjong"), "lin")
    );
    for game in [&game_a, &game_b] {
        assert!(game.contains("kaz") && game.contains("lin"), "{game}");
    }
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
