//! The web client in headless Chromium: the home page and every game, each played by
//! clicking (scripts in `e2e/`, run by [`e2e::script`]; screenshots in
//! `target/e2e-artifacts/`).

mod common;
mod e2e;

use common::minitruco::play_until_game_over;
use common::LineClient;
use e2e::{script, script_with, server, ONE_AT_A_TIME};

#[tokio::test]
async fn the_home_page_lists_the_five_games() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(31).await;
    script(&s, "home").await;
    s.stop().await;
}

#[tokio::test]
async fn minitruco_a_whole_game_by_clicking() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(32).await;
    script(&s, "minitruco").await;
    s.stop().await;
}

#[tokio::test]
async fn a_browser_and_a_tcp_client_play_at_one_minitruco_table() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(33).await;
    let mut tcp = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    tcp.send("N telnet").await;
    tcp.expect("N telnet").await;
    tcp.send("E 1").await;
    tcp.expect("E 1").await;
    // The TCP player waits until the browser player is in the room, then is ready too.
    let playing = tokio::spawn(async move {
        tcp.until(|l| l.starts_with("I 1 telnet|webby|")).await;
        tcp.send("Q").await;
        let lines = play_until_game_over(&mut tcp, 1).await;
        lines.last().cloned()
    });
    script_with(&s, "minitruco", &[("PARLOR_TCP_NICK", "telnet")]).await;
    let last = playing.await.unwrap().unwrap();
    assert!(last.starts_with("G "), "{last}");
    s.stop().await;
}
