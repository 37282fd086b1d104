//! A sixth game plugged in from outside the server (`duel/`): it gets seats, CPU
//! players, the turn timer, coming back, recording, replay, the API, the running tables
//! and watching from the kernel.

mod common;
mod duel;

use common::{LineClient, TestServer};
use duel::protocol::PROTOCOL;
use parlor_server::Config;
use serde_json::Value;
use std::time::Duration;

async fn server(config: Config) -> (TestServer, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: Some(dir.path().to_owned()),
        ..config
    };
    (TestServer::with_games(config, &[&PROTOCOL]).await, dir)
}

/// Plays every turn of `seat` with its first card until the game is over; returns every
/// line.
async fn play_to_the_end(c: &mut LineClient, seat: usize, dealt: &str) -> Vec<String> {
    let mut hand: Vec<String> = dealt.split(' ').skip(1).map(str::to_owned).collect();
    let mut lines = Vec::new();
    while let Some(line) = c.next().await {
        let words: Vec<&str> = line.split(' ').collect();
        match words.as_slice() {
            ["CARDS", cards @ ..] => hand = cards.iter().map(|c| c.to_string()).collect(),
            ["TURN", s] if s.parse() == Ok(seat) => c.send(&format!("PLAY {}", hand[0])).await,
            ["PLAYED", s, card] if s.parse() == Ok(seat) => hand.retain(|h| h != card),
            ["OVER", ..] => {
                lines.push(line);
                return lines;
            }
            _ => {}
        }
        lines.push(line);
    }
    lines
}

/// One person alone: CPU fill, the whole game, the running tables and a watcher while
/// it plays, then the store, the API and the replay page after it.
#[tokio::test]
async fn a_sixth_game_plugs_in_and_gets_everything_from_the_kernel() {
    let (s, dir) = server(Config::for_tests(90)).await;
    let mut ana = LineClient::connect(s.addr("duel"), "\n").await;
    ana.send("NAME Ana").await;
    let seat = ana.line().await;
    assert!(seat.starts_with("SEAT 0 "), "{seat}");
    ana.send("CPU").await;
    let dealt = ana.until(|l| l.starts_with("CARDS ")).await.pop().unwrap();
    // Listed and watchable while it plays.
    let listed = s.tables_until(|t| t.len() == 1).await;
    assert_eq!(listed[0]["game"], "duel");
    assert_eq!(listed[0]["seats"][1]["kind"], "cpu");
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let first: Value = serde_json::from_str(&common::ws::frame(&mut watcher).await).unwrap();
    assert_eq!(
        first["table"]["hands"],
        serde_json::json!([["?", "?", "?"], ["?", "?", "?"]])
    );
    let (lines, frames) = tokio::join!(
        play_to_the_end(&mut ana, 0, &dealt),
        common::ws::watch_to_the_end(&mut watcher)
    );
    let over = lines.last().unwrap();
    assert!(over.starts_with("OVER "), "{lines:?}");
    assert!(
        frames.iter().any(|f| f["steps"][0]["text"]
            == "The game is over: ".to_owned() + &over[5..].replace(' ', " × ")),
        "{frames:?}"
    );
    s.tables_until(|t| t.is_empty()).await;
    // Stored, with places and points, in the notation; replayed exactly; told.
    let games = s.stored("duel", "finished", 1).await;
    let id = games[0]["id"].as_i64().unwrap();
    let (_, game) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(game["variant"], "3 hands");
    assert_eq!(game["seats"][0]["name"], "Ana");
    assert_eq!(game["seats"][1]["cpu"], "random");
    let first_action = &game["hand_results"][0]["actions"][0];
    assert!(
        first_action["notation"]
            .as_str()
            .unwrap()
            .starts_with("play "),
        "{game}"
    );
    let reader = parlor_store::SqliteStore::open_reader(dir.path()).unwrap();
    let stored = parlor_store::Reader::game(&reader, parlor_store::GameId(id))
        .unwrap()
        .unwrap();
    let seed = stored.seed.as_deref().unwrap().parse().unwrap();
    let replayed = (PROTOCOL.replay)("3 hands", seed, &stored.actions()).unwrap();
    let scores = stored
        .summary
        .seats
        .iter()
        .map(|s| s.score.unwrap())
        .collect();
    let ranks = stored
        .summary
        .seats
        .iter()
        .map(|s| s.rank.unwrap())
        .collect();
    assert_eq!(replayed.end, Some((scores, ranks)));
    assert_eq!(replayed.hands.len(), 3);
    let (status, story) = s.get_json(&format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 200, "{story}");
    assert_eq!(story["hands"].as_array().unwrap().len(), 3, "{story}");
    let (_, protocols) = s.get_json("/api/protocols").await;
    assert!(protocols
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["title"] == "Duel"));
    let (_, board) = s.get_json("/api/leaderboard/duel").await;
    assert!(
        board.as_array().unwrap().iter().any(|p| p["name"] == "Ana"),
        "{board}"
    );
    s.stop().await;
}

/// Two people meet at one table; a move out of turn is refused in the protocol's words;
/// a person who drops after moving keeps the seat (a stand-in plays it meanwhile) and
/// comes back with the token to the game so far; people who stop moving are played for
/// when their turn's time runs out.
#[tokio::test]
async fn people_meet_time_out_and_come_back() {
    let config = Config {
        reconnect_grace: Duration::from_secs(60),
        ..Config::for_tests(91)
    }
    .with(|duel: &mut duel::protocol::DuelSettings| duel.turn_timeout = Duration::from_millis(50));
    let (s, _dir) = server(config).await;
    let mut ana = LineClient::connect(s.addr("duel"), "\n").await;
    ana.send("NAME Ana").await;
    let token = ana.line().await.split(' ').nth(2).unwrap().to_owned();
    let mut bo = LineClient::connect(s.addr("duel"), "\n").await;
    bo.send("NAME Bo").await;
    assert!(bo.line().await.starts_with("SEAT 1 "));
    // Hand 1 is led by seat 0 (Ana): Bo may not play yet.
    let cards = ana.until(|l| l.starts_with("CARDS ")).await.pop().unwrap();
    let bo_cards = bo.until(|l| l.starts_with("CARDS ")).await.pop().unwrap();
    let bo_card = bo_cards.split(' ').nth(1).unwrap().to_owned();
    bo.send(&format!("PLAY {bo_card}")).await;
    bo.until(|l| l == "ERROR it is not your turn").await;
    let card = cards.split(' ').nth(1).unwrap().to_owned();
    ana.send(&format!("PLAY {card}")).await;
    ana.until(|l| l == format!("PLAYED 0 {card}")).await;
    drop(ana);
    s.tables_until(|t| t.len() == 1 && t[0]["seats"][0]["kind"] == "away")
        .await;
    // Bo plays on: a stand-in plays Ana's seat while she is away.
    bo.send(&format!("PLAY {bo_card}")).await;
    bo.until(|l| l.starts_with("TRICK ")).await;
    let mut back = LineClient::connect(s.addr("duel"), "\n").await;
    back.send(&format!("RESUME {token}")).await;
    assert_eq!(back.line().await, format!("SEAT 0 {token}"));
    let so_far = back.until(|l| l.starts_with("CARDS ")).await;
    assert!(so_far.iter().any(|l| l.starts_with("HAND ")), "{so_far:?}");
    s.tables_until(|t| t.len() == 1 && t[0]["seats"][0]["kind"] == "person")
        .await;
    // Neither moves again: the turn timer plays for each in turn, to the end.
    let started = std::time::Instant::now();
    back.until(|l| l.starts_with("OVER ")).await;
    bo.until(|l| l.starts_with("OVER ")).await;
    assert!(
        started.elapsed() >= Duration::from_millis(50),
        "the timer ran"
    );
    s.stop().await;
}

/// Duel's settings come with their flags through its registry entry alone: a command
/// given the entry's flags reads them into the configuration, where Duel's table finds
/// them.
#[test]
fn the_sixth_game_brings_its_own_flags() {
    let command = (PROTOCOL.options.flags)(clap::Command::new("serve"));
    let matches = command
        .try_get_matches_from(["serve", "--duel-turn-timeout", "5"])
        .expect("Duel's flags parse");
    let mut config = Config::default();
    (PROTOCOL.options.read)(&matches, &mut config).expect("read");
    let duel: duel::protocol::DuelSettings = config.game();
    assert_eq!(duel.turn_timeout, Duration::from_secs(5));
    assert_eq!((PROTOCOL.options.port)(&config), 0, "any free port");
}
