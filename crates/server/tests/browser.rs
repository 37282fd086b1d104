//! The web client in headless Chromium: the home page, miniTruco (alone, and at one table
//! with a TCP player), course Truco and Warlords & Scumbags (each also alone, filling the
//! table with CPU players), each played by clicking
//! (scripts in `e2e/`, run by [`e2e::script`]; screenshots in
//! `target/e2e-artifacts/<script>/`). Jass and Mahjong are in `browser_tables.rs`.
//! See docs/web-client.md.

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

/// Two browsers at one private table of the app's dialect (Mineiro), made and joined by
/// its code, play a whole game against two CPU players.
/// The end of a hand stays on screen long enough to read before the next deal.
#[tokio::test]
async fn minitruco_the_end_of_a_hand_stays_in_view() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(27).await;
    script(&s, "minitruco-hold").await;
    s.stop().await;
}

#[tokio::test]
async fn minitruco_private_room_for_two_browsers() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(37).await;
    script(&s, "minitruco-rooms").await;
    s.stop().await;
}

#[tokio::test]
async fn course_truco_a_match_by_clicking() {
    let _one = ONE_AT_A_TIME.lock().await;
    // The page is reloaded mid-match (no CPU players here: only the stand-in is slowed).
    let s = reloading_server(34).await;
    let addr = s.addr("truco").to_string();
    // Three bot clients take seats 1-3; the browser completes the table.
    let mut bots = Vec::new();
    for i in 0..3 {
        let addr = addr.clone();
        bots.push(tokio::spawn(async move {
            let strategy = truco::bots::by_name("heuristic").unwrap();
            let mode = parlor_client::truco::Mode::Auto { strategy, seed: i };
            let input = tokio::io::BufReader::new(tokio::io::empty());
            let _ = parlor_client::truco::run(&addr, mode, None, input, std::io::sink()).await;
        }));
    }
    wait_for(&s, "truco", 3).await;
    script(&s, "truco").await;
    s.stop().await;
}

#[tokio::test]
async fn alone_in_course_truco_and_warlords_a_person_fills_the_table_with_cpus() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(36).await;
    script(&s, "alone").await;
    s.stop().await;
}

#[tokio::test]
async fn warlords_two_hands_by_clicking() {
    let _one = ONE_AT_A_TIME.lock().await;
    // The page is reloaded mid-hand (no CPU players here: only the stand-in is slowed).
    let s = reloading_server(35).await;
    let addr = s.addr("wars").to_string();
    for i in 0..2u64 {
        let addr = addr.clone();
        tokio::spawn(async move {
            let mode = parlor_client::wars::Mode::Auto {
                seed: i,
                hands: Some(2),
            };
            let input = tokio::io::BufReader::new(tokio::io::empty());
            let _ =
                parlor_client::wars::run(&addr, &format!("bot{i}"), mode, input, std::io::sink())
                    .await;
        });
    }
    script(&s, "wars").await;
    s.stop().await;
}

/// A server for a page reloaded mid-game among bot clients: the stand-in that covers the
/// page's seat meanwhile thinks long enough for the page to be back before it moves.
async fn reloading_server(seed: u64) -> common::TestServer {
    let config = parlor_server::Config {
        bot_delay: std::time::Duration::from_secs(30),
        ..e2e::config(seed)
    };
    // Warlords' stand-in thinks as its CPU players do.
    let config = config.with(|wars: &mut parlor_server::protocols::wars::WarsSettings| {
        wars.cpu_delay = std::time::Duration::from_secs(30);
    });
    common::TestServer::start(config).await
}

/// Waits until `count` connections of `protocol` are open (from `/healthz`).
async fn wait_for(s: &common::TestServer, protocol: &str, count: u64) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let poll = async {
        loop {
            let mut c = tokio::net::TcpStream::connect(s.addr("http"))
                .await
                .unwrap();
            c.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .await
                .unwrap();
            let mut out = String::new();
            c.read_to_string(&mut out).await.unwrap();
            let body: serde_json::Value =
                serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap();
            if body["connections"][protocol].as_u64() >= Some(count) {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(common::PATIENCE, poll)
        .await
        .expect("the bots connected");
}
