//! The Jass and Mahjong pages of the web client in headless Chromium, each played by
//! clicking (scripts `e2e/jass.mjs` and `e2e/mahjong.mjs`, run by [`e2e::script`];
//! screenshots in `target/e2e-artifacts/<script>/`).

mod common;
mod e2e;

use common::TestServer;
use e2e::{script, script_with, server, ONE_AT_A_TIME};
use futures::{SinkExt, StreamExt};
use parlor_server::Config;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The tournament the Jass script creates; the bots below join it.
const TOURNAMENT: &str = "Cup";
const TOURNAMENT_BOTS: [&str; 2] = ["Alpha", "Beta"];

#[tokio::test]
async fn jass_a_deal_by_clicking_a_spectator_and_a_tournament() {
    let _one = ONE_AT_A_TIME.lock().await;
    // Vreni reloads mid-deal (and must get her seat back), then leaves for good: a short
    // grace period lets the script see her team forfeit.
    let s = TestServer::start(Config {
        reconnect_grace: Duration::from_secs(3),
        ..e2e::config(41)
    })
    .await;
    let url = format!("ws://{}/ws/jass", s.addr("http"));
    // Two bots (two connections each) join the tournament once the page has created it.
    let bots = tokio::spawn(async move {
        wait_for_session(&url, TOURNAMENT).await;
        let runs = TOURNAMENT_BOTS.iter().enumerate().map(|(i, name)| {
            let options = parlor_client::jass::Options {
                url: url.clone(),
                name: (*name).into(),
                strategy: "heuristic".into(),
                tournament: true,
                session: Some(TOURNAMENT.into()),
                seed: i as u64,
                report: false,
            };
            async move { parlor_client::jass::run(&options).await }
        });
        futures::future::join_all(runs).await
    });
    let expected = TOURNAMENT_BOTS.len().to_string();
    script_with(&s, "jass", &[("PARLOR_TOURNAMENT_BOTS", &expected)]).await;
    let results = tokio::time::timeout(Duration::from_secs(60), bots)
        .await
        .expect("the tournament ends")
        .expect("the bots ran");
    for games in results {
        let games = games.expect("a bot played without errors");
        assert!(
            games.iter().all(|p| p.games >= 1),
            "games per connection: {games:?}"
        );
    }
    s.stop().await;
}

#[tokio::test]
async fn mahjong_a_hand_by_clicking() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(42).await;
    script(&s, "mahjong").await;
    s.stop().await;
}

/// Nobody else comes: the Mahjong page counts down to the server's own CPU fill (an
/// hour here) and starts at once with CPU players when asked.
#[tokio::test]
async fn mahjong_start_now_with_cpu_players() {
    let _one = ONE_AT_A_TIME.lock().await;
    let mut config = e2e::config(43);
    config
        .game_mut::<parlor_server::protocols::mahjong::MahjongSettings>()
        .fill_after = Duration::from_secs(3600);
    let s = TestServer::start(config).await;
    script(&s, "mahjong-wait").await;
    s.stop().await;
}

/// Waits until the Jass lobby offers a session named `name` (asking it as a client would).
async fn wait_for_session(url: &str, name: &str) {
    let poll = async {
        loop {
            if offered(url).await.iter().any(|s| s == name) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(180), poll)
        .await
        .expect("the page created the tournament");
}

/// The session names in the lobby's `REQUEST_SESSION_CHOICE`.
async fn offered(url: &str) -> Vec<String> {
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
        return Vec::new();
    };
    let mut names = Vec::new();
    while let Some(Ok(frame)) = ws.next().await {
        let Message::Text(text) = frame else { continue };
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        match value["type"].as_str() {
            Some("REQUEST_PLAYER_NAME") => {
                let reply = r#"{"type":"CHOOSE_PLAYER_NAME","data":"lobby probe"}"#;
                if ws.send(Message::text(reply)).await.is_err() {
                    break;
                }
            }
            Some("REQUEST_SESSION_CHOICE") => {
                names = serde_json::from_value(value["data"].clone()).unwrap_or_default();
                break;
            }
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    names
}
