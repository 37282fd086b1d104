//! Every protocol's games end up in the store: played over the wire, found through the
//! JSON API with the right players and results, and replayed from their action logs to
//! the same result.

mod common;
mod mmj1;

use common::bots::{course_truco_match, jass_game, warlords_hands};
use common::minitruco::{play_alone_in_room_one, play_until};
use common::{LineClient, TestServer, PATIENCE};
use mmj1::{Calls, Mj};
use parlor_server::protocols::wars::WarsSettings;
use parlor_server::Config;
use serde_json::Value;
use std::time::Duration;

/// A server storing games in a fresh temporary directory.
async fn server(seed: u64) -> (TestServer, tempfile::TempDir) {
    TestServer::storing(config(seed)).await
}

/// The configuration of [`server`]: Warlords pauses between hands, so that players
/// leaving after a hand leave before the next is dealt.
fn config(seed: u64) -> Config {
    Config::for_tests(seed).with(|wars: &mut WarsSettings| {
        wars.min_players = 3;
        wars.lobby_timeout = Duration::from_secs(2);
        wars.turn_timeout = Duration::from_secs(60);
    })
}

/// Waits until the API lists `count` finished games of `protocol`; returns them, newest
/// first.
async fn finished(s: &TestServer, protocol: &str, count: usize) -> Vec<Value> {
    s.stored(protocol, "finished", count).await
}

/// Replays stored game `id` (its log read from the store in `dir`) and checks the replay
/// gives its stored hands and result; checks the API tells it in words, seats from 1,
/// and that its replay page's story has every hand.
async fn replays_exactly(s: &TestServer, dir: &std::path::Path, id: i64) -> Value {
    let (status, game) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
    let reader = parlor_store::SqliteStore::open_reader(dir).unwrap();
    let stored = parlor_store::Reader::game(&reader, parlor_store::GameId(id));
    let actions = stored.unwrap().expect("the game is stored").actions();
    // Stored in the game's notation (`2 play 10c`), never as engine text.
    for entry in &actions {
        let read = parlor_server::record::parse_entry(entry);
        let in_notation = matches!(
            read,
            Some(
                parlor_server::record::Entry::Action {
                    named: parlor_server::record::Named::Notation(_),
                    ..
                } | parlor_server::record::Entry::Note(_)
            )
        );
        assert!(in_notation, "game {id}: {entry:?}");
    }
    told_in_words(s, &game).await;
    let seed: u64 = game["seed"].as_str().unwrap().parse().unwrap();
    let protocol = game["protocol"].as_str().unwrap();
    let variant = game["variant"].as_str().unwrap();
    let replayed = parlor_server::protocols::replay(protocol, variant, seed, &actions)
        .unwrap_or_else(|e| panic!("replay of {protocol} game {id}: {e}"));
    assert_eq!(
        replayed.hands.len(),
        game["hand_results"].as_array().unwrap().len()
    );
    let seats = game["seats"].as_array().unwrap();
    let scores: Vec<i64> = seats.iter().map(|s| s["score"].as_i64().unwrap()).collect();
    let ranks: Vec<u32> = seats
        .iter()
        .map(|s| s["rank"].as_u64().unwrap() as u32)
        .collect();
    assert_eq!(replayed.end, Some((scores, ranks)), "{protocol} game {id}");
    game
}

/// The API shows a game's actions in words with seats from 1 (never the engines'
/// notation, such as `Play(H7)` or `Won(0)`), and its replay tells every hand.
async fn told_in_words(s: &TestServer, game: &Value) {
    assert_eq!(game["told"], true, "{game}");
    let seats = game["seats"].as_array().unwrap().len() as u64;
    // `Play(H7)`, `Won(0)`: a letter or digit right before a parenthesis.
    let engine_notation = |text: &str| {
        let b = text.as_bytes();
        (1..b.len()).any(|i| b[i] == b'(' && b[i - 1].is_ascii_alphanumeric())
    };
    for hand in game["hand_results"].as_array().unwrap() {
        assert!(!engine_notation(&hand["result"].to_string()), "{hand}");
        for action in hand["actions"].as_array().unwrap() {
            if let Some(seat) = action["seat"].as_u64() {
                assert!((1..=seats).contains(&seat), "{action}");
                let text = action["text"].as_str().unwrap();
                assert!(!text.is_empty() && !engine_notation(text), "{action}");
            }
        }
    }
    let id = game["id"].as_i64().unwrap();
    let (status, story) = s.get_json(&format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 200, "{story}");
    let hands = story["hands"].as_array().unwrap();
    assert!(hands.len() >= game["hand_results"].as_array().unwrap().len());
    for hand in hands {
        let steps = hand["steps"].as_array().unwrap();
        assert_eq!(steps[0]["seat"], Value::Null, "a hand starts with its deal");
        assert_eq!(
            steps[0]["table"]["hands"].as_array().unwrap().len() as u64,
            seats
        );
        assert!(!hand["result"].as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn mahjong_games_are_stored_and_replay_exactly() {
    let (s, dir) = server(41).await;
    let mut mj = Mj::join(s.addr("mahjong"), "Jean", Calls::Always).await;
    mj.play_game().await;
    let games = finished(&s, "mahjong", 1).await;
    let id = games[0]["id"].as_i64().unwrap();
    let game = replays_exactly(&s, dir.path(), id).await;
    assert_eq!(game["seats"][0]["name"], "Jean");
    assert_eq!(game["seats"][0]["cpu"], Value::Null);
    assert_eq!(game["seats"][1]["cpu"], "efficiency");
    assert_eq!(
        game["hand_results"].as_array().unwrap().len(),
        mj.record.hands
    );
    // The final scores are the client's last `score` line.
    let last = mj.record.scores.last().unwrap();
    let stored: Vec<i64> = (0..4)
        .map(|i| game["seats"][i]["score"].as_i64().unwrap())
        .collect();
    assert_eq!(&stored[..], &last[..]);
    // The player and the leaderboard know the game.
    let (_, player) = s.get_json("/api/players/Jean").await;
    assert_eq!(player["standings"][0]["games"], 1);
    let (_, board) = s.get_json("/api/leaderboard/mahjong").await;
    assert_eq!(board.as_array().unwrap().len(), 4);
    s.stop().await;
}

#[tokio::test]
async fn minitruco_games_are_stored_and_replay_exactly() {
    let (s, dir) = server(42).await;
    let lines = play_alone_in_room_one(s.addr("minitruco"), "alice").await;
    let g = lines.last().unwrap();
    let games = finished(&s, "minitruco", 1).await;
    let game = replays_exactly(&s, dir.path(), games[0]["id"].as_i64().unwrap()).await;
    assert_eq!(game["seats"][0]["name"], "alice");
    assert_eq!(game["variant"], "paulista dirty new");
    assert_eq!(game["table"], "room 1");
    // `G <winning team>`: seat 1 is team 1.
    let alice_won = g == "G 1";
    assert_eq!(game["seats"][0]["rank"] == 1, alice_won, "{g}");
    s.stop().await;
}

/// Games at the tables of today's app are stored under their mode and replay exactly; a
/// player with a default name is stored without one (not rated).
#[tokio::test]
async fn app_games_are_stored_under_their_mode_and_replay_exactly() {
    let (s, dir) = server(44).await;
    for (mode, name) in [("M", "N bia"), ("L", "N")] {
        let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
        c.send("B 20600").await;
        c.send(name).await;
        c.send(&format!("E NPU {mode}")).await;
        c.send("Q").await;
        play_until(&mut c, 1, |l| l.starts_with("G ")).await;
    }
    let games = finished(&s, "minitruco", 2).await;
    let mut seen = Vec::new();
    for game in &games {
        let game = replays_exactly(&s, dir.path(), game["id"].as_i64().unwrap()).await;
        assert_eq!(game["table"], "public table");
        seen.push((game["variant"].clone(), game["seats"][0]["name"].clone()));
    }
    seen.sort_by_key(|(variant, _)| variant.to_string());
    assert_eq!(
        seen,
        [
            (Value::from("app baralho limpo"), Value::from("")),
            (Value::from("app mineiro"), Value::from("bia")),
        ]
    );
    s.stop().await;
}

/// `--minitruco-cpu`: every CPU seat plays the strategy asked for, as the store records.
#[tokio::test]
async fn minitruco_cpu_players_of_one_strategy() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: Some(dir.path().to_owned()),
        ..Config::for_tests(43)
    }
    .with(
        |m: &mut parlor_server::protocols::minitruco::MinitrucoSettings| {
            m.cpu = Some("heuristic".into())
        },
    );
    let s = TestServer::start(config).await;
    play_alone_in_room_one(s.addr("minitruco"), "alice").await;
    let games = finished(&s, "minitruco", 1).await;
    let game = replays_exactly(&s, dir.path(), games[0]["id"].as_i64().unwrap()).await;
    let cpus: Vec<&Value> = game["seats"].as_array().unwrap()[1..]
        .iter()
        .map(|seat| &seat["cpu"])
        .collect();
    assert_eq!(cpus, [&Value::from("heuristic"); 3], "{game}");
    s.stop().await;
}

#[tokio::test]
async fn course_truco_games_are_stored_and_replay_exactly() {
    let (s, dir) = server(43).await;
    course_truco_match(s.addr("truco")).await;
    let games = finished(&s, "truco", 1).await;
    let game = replays_exactly(&s, dir.path(), games[0]["id"].as_i64().unwrap()).await;
    assert_eq!(game["variant"], "course");
    assert_eq!(game["seats"][3]["name"], "", "the bots gave no NAME");
    s.stop().await;
}

/// A Warlords evening is one stored game: a hand record for each hand with its
/// finishing order, each seat's points over the evening, and it replays exactly, its
/// seats sitting down and leaving and each deal the table asked for included.
#[tokio::test]
async fn a_warlords_evening_is_stored_and_replays_exactly() {
    // The bots leave once two hands have ended: the evening, deserted, ends.
    let (s, dir) = server(44).await;
    warlords_hands(s.addr("wars"), 3, 2).await;
    let games = finished(&s, "wars", 1).await;
    assert_eq!(games.len(), 1, "one evening: {games:?}");
    let game = replays_exactly(&s, dir.path(), games[0]["id"].as_i64().unwrap()).await;
    assert_eq!(game["variant"], "evening 3");
    let names: Vec<&str> = (0..7)
        .map(|i| game["seats"][i]["name"].as_str().unwrap())
        .collect();
    let mut players: Vec<&str> = names[..3].to_vec();
    players.sort_unstable();
    assert_eq!(players, ["bot0", "bot1", "bot2"]);
    assert!(
        names[3..].iter().all(|n| n.is_empty()),
        "nobody sat there: {names:?}"
    );
    let hands = game["hand_results"].as_array().unwrap();
    assert_eq!(hands.len(), 2, "{hands:?}");
    for hand in hands {
        let order = hand["result"]["order"].as_array().unwrap();
        assert_eq!(order.len(), 3, "{hand}");
    }
    // Two hands of three score 2 + 1 + 0 each.
    let points: i64 = (0..3)
        .map(|i| game["seats"][i]["score"].as_i64().unwrap())
        .sum();
    assert_eq!(points, 3 * hands.len() as i64);
    // Each hand counts in the standings as a game (whoever leaves an evening early keeps
    // the hands they played), and the evening's end does not count them again.
    let (_, board) = s.get_json("/api/leaderboard/wars").await;
    let board = board.as_array().unwrap();
    assert_eq!(board.len(), 3, "{board:?}");
    for player in board {
        assert_eq!(player["games"], 2, "{player}");
    }
    let points: i64 = board.iter().map(|p| p["points"].as_i64().unwrap()).sum();
    assert_eq!(points, 6, "{board:?}");
    s.stop().await;
}

#[tokio::test]
async fn jass_games_are_stored_and_replay_exactly() {
    let (s, dir) = server(45).await;
    jass_game(&format!("ws://{}", s.addr("jass")), "stored").await;
    let games = finished(&s, "jass", 1).await;
    let game = replays_exactly(&s, dir.path(), games[0]["id"].as_i64().unwrap()).await;
    assert_eq!(game["table"], "stored");
    let winners: Vec<u64> = (0..4)
        .map(|i| game["seats"][i]["rank"].as_u64().unwrap())
        .collect();
    assert!(
        winners == [1, 2, 1, 2] || winners == [2, 1, 2, 1],
        "{winners:?}"
    );
    assert!(game["result"]["totals"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t.as_u64().unwrap() >= 2500));
    s.stop().await;
}

#[tokio::test]
async fn the_api_pages_filters_and_refuses_nonsense() {
    // People who drop are given a moment to come back, then their games end.
    let config = Config {
        reconnect_grace: Duration::from_millis(20),
        ..config(46)
    };
    let (s, _dir) = TestServer::storing(config).await;
    for i in 0..3 {
        let mut mj = Mj::join(s.addr("mahjong"), &format!("p{i}"), Calls::Never).await;
        // One move, then leave: the game is not finished.
        mj.first_move().await;
    }
    let poll = async {
        loop {
            let (_, all) = s.get_json("/api/games?limit=2").await;
            if all.as_array().unwrap().len() == 2 {
                return all;
            }
            tokio::task::yield_now().await;
        }
    };
    let page = tokio::time::timeout(PATIENCE, poll).await.unwrap();
    let last = page[1]["id"].as_i64().unwrap();
    let (_, next) = s
        .get_json(&format!("/api/games?limit=2&before={last}"))
        .await;
    assert_eq!(next.as_array().unwrap().len(), 1);
    assert!(next[0]["id"].as_i64().unwrap() < last);
    assert_ne!(page[0]["status"], "finished");
    // Everyone left each game (and did not come back in time): each is stored abandoned
    // at once, with when and why, not left `playing` until the next start.
    let abandoned = async {
        loop {
            let (_, gone) = s.get_json("/api/games?status=abandoned").await;
            if gone.as_array().unwrap().len() == 3 {
                return gone;
            }
            tokio::task::yield_now().await;
        }
    };
    let gone = tokio::time::timeout(PATIENCE, abandoned).await.unwrap();
    for game in gone.as_array().unwrap() {
        assert!(game["ended_at_ms"].as_i64().is_some(), "{game}");
        let (_, detail) = s.get_json(&format!("/api/games/{}", game["id"])).await;
        let why = detail["result"]["abandoned"].as_str().unwrap();
        assert!(why.starts_with("every person left"), "{detail}");
    }
    let (_, mine) = s.get_json("/api/games?player=p1").await;
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(s.get_json("/api/games/999999").await.0, 404);
    assert_eq!(s.get_json("/api/games/abc").await.0, 400);
    assert_eq!(s.get_json("/api/leaderboard/chess").await.0, 404);
    assert_eq!(s.get_json("/api/games?limit=lots").await.0, 400);
    let (_, health) = s.get_json("/healthz").await;
    assert_eq!(health["store"]["enabled"], true);
    assert_eq!(health["store"]["ok"], true);
    s.stop().await;
}

/// A second server started on a data directory another one is writing stores nothing,
/// says why on `/healthz`, and still plays; the first keeps its store.
#[tokio::test]
async fn a_second_server_on_the_same_data_directory_is_refused_the_store() {
    let (first, dir) = server(12).await;
    let second = TestServer::start(Config {
        data_dir: Some(dir.path().to_owned()),
        ..Config::for_tests(13)
    })
    .await;
    let (_, health) = second.get_json("/healthz").await;
    assert_eq!(health["store"]["ok"], false, "{health}");
    let error = health["store"]["last_error"].as_str().unwrap_or_default();
    assert!(
        error.contains("in use by another parlor server"),
        "{health}"
    );
    let mut c = LineClient::connect(second.addr("minitruco"), "\r\n").await;
    c.send("W").await;
    c.expect("W 2.00.00").await;
    let (_, health) = first.get_json("/healthz").await;
    assert_eq!(health["store"]["ok"], true, "{health}");
    second.stop().await;
    first.stop().await;
}
