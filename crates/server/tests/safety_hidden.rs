//! Hidden information stays hidden on a public server: the JSON API shows neither the
//! seed nor the actions of a game still being played (either would reveal the cards the
//! other seats hold), and shows both once the game is over.

mod common;

use common::minitruco::{play_until, play_until_game_over};
use common::{LineClient, TestServer, PATIENCE};
use parlor_server::Config;
use serde_json::Value;

/// The stored game of the one miniTruco room being played, once the store has it with at
/// least one finished hand.
async fn running_game(s: &TestServer) -> Value {
    let poll = async {
        loop {
            let (_, games) = s.get_json("/api/games?protocol=minitruco").await;
            if let Some(id) = games[0]["id"].as_i64() {
                let (_, game) = s.get_json(&format!("/api/games/{id}")).await;
                if !game["hand_results"].as_array().unwrap().is_empty() {
                    return game;
                }
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(PATIENCE, poll)
        .await
        .expect("the first hand was stored")
}

#[tokio::test]
async fn a_running_games_seed_and_actions_appear_only_when_it_is_over() {
    let (s, _dir) = TestServer::storing(Config::for_tests(61)).await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("N alice").await;
    c.expect("N alice").await;
    c.send("E 1").await;
    c.until(|l| l.starts_with("I 1 ")).await;
    c.send("Q").await;
    // Play the first hand out (it ends with the score, `O`), then look from outside.
    play_until(&mut c, 1, |l| l.starts_with("O ")).await;
    let game = running_game(&s).await;
    assert_eq!(game["status"], "playing", "{game}");
    assert_eq!(game["seed"], Value::Null, "a running game's seed is hidden");
    for hand in game["hand_results"].as_array().unwrap() {
        assert_eq!(hand["actions"], serde_json::json!([]), "{hand}");
    }
    assert_eq!(game["final_actions"], serde_json::json!([]));
    // The whole game's page, rendered for the browser, leaks nothing either.
    let (_, listed) = s.get_json("/api/games?status=playing").await;
    assert!(!listed.to_string().contains("seed\":\""), "{listed}");

    play_until_game_over(&mut c, 1).await;
    let id = game["id"].as_i64().unwrap();
    let over = async {
        loop {
            let (_, game) = s.get_json(&format!("/api/games/{id}")).await;
            if game["status"] == "finished" {
                return game;
            }
            tokio::task::yield_now().await;
        }
    };
    let game = tokio::time::timeout(PATIENCE, over).await.unwrap();
    assert!(
        game["seed"].as_str().unwrap().parse::<u64>().is_ok(),
        "{game}"
    );
    assert!(!game["hand_results"][0]["actions"]
        .as_array()
        .unwrap()
        .is_empty());
    s.stop().await;
}
