//! Crash safety of the store: `parlor serve` is killed with SIGKILL while mahjong games
//! are being played, restarted on the same data directory, and every game it had
//! reported finished is there, complete (`parlor replay` reproduces it), while the games
//! cut off are `abandoned`, never `finished`.

mod common;

use common::{get, serve_command, PATIENCE};
use std::collections::BTreeSet;
use std::path::Path;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::Child;

/// `parlor serve` storing in `dir`, short East-only mahjong games with CPU players at
/// once; returns the process and its mahjong and HTTP addresses (from its log).
async fn start(dir: &Path) -> (Child, String, String) {
    let dir = dir.to_str().expect("a UTF-8 temporary path");
    let server = common::start(serve_command(
        &[
            "--seed",
            "3",
            "--bot-delay-ms",
            "0",
            "--mahjong-fill-after",
            "0",
            "--mahjong-east-only",
            // The players reconnect game after game and the test polls the API, all
            // from loopback.
            "--max-connect-rate",
            "0",
            "--data-dir",
            dir,
        ],
        "",
    ))
    .await;
    let (mahjong, http) = (
        server.addrs["mahjong"].clone(),
        server.addrs["http"].clone(),
    );
    (server.drain_log(), mahjong, http)
}

/// A player who discards what it draws and passes every claim, game after game.
async fn keep_playing(addr: String) {
    loop {
        let Ok(socket) = TcpStream::connect(&addr).await else {
            return;
        };
        let (reader, mut writer) = socket.into_split();
        let mut lines = BufReader::new(reader).lines();
        if writer.write_all(b"mmj1c 3:bot\n").await.is_err() {
            return;
        }
        let mut drawn = String::new();
        while let Ok(Some(line)) = lines.next_line().await {
            let words: Vec<&str> = line.split(' ').collect();
            let answer = match words[..] {
                ["move", tile, from, "h1"] if from.starts_with('w') || from.starts_with('r') => {
                    drawn = tile.to_owned();
                    continue;
                }
                ["play"] => format!("discard {drawn}\n"),
                ["claim"] => "pass\n".into(),
                ["ack"] => "ack\n".into(),
                _ => continue,
            };
            if writer.write_all(answer.as_bytes()).await.is_err() {
                return;
            }
        }
    }
}

fn ids(games: &serde_json::Value, status: &str) -> BTreeSet<i64> {
    games
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["status"] == status)
        .map(|g| g["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn a_killed_server_keeps_every_finished_game_and_no_half_game() {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, mahjong, http) = start(dir.path()).await;
    let players: Vec<_> = (0..3)
        .map(|_| tokio::spawn(keep_playing(mahjong.clone())))
        .collect();
    // Wait until a few games have finished, then kill the server mid-game.
    let finished_before = tokio::time::timeout(PATIENCE, async {
        loop {
            let games = get(&http, "/api/games?limit=200").await;
            let finished = ids(&games, "finished");
            if finished.len() >= 3 && !ids(&games, "playing").is_empty() {
                return finished;
            }
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("games finish");
    server.start_kill().unwrap(); // SIGKILL
    server.wait().await.unwrap();
    for p in players {
        p.abort();
    }

    let (mut again, _, http) = start(dir.path()).await;
    let games = get(&http, "/api/games?limit=200").await;
    let all: Vec<i64> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    let unique: BTreeSet<i64> = all.iter().copied().collect();
    assert_eq!(unique.len(), all.len(), "no game twice");
    let finished = ids(&games, "finished");
    assert!(
        finished_before.is_subset(&finished),
        "{finished_before:?} all in {finished:?}"
    );
    assert!(
        ids(&games, "playing").is_empty(),
        "the games cut off are abandoned"
    );
    assert!(
        !ids(&games, "abandoned").is_empty(),
        "the games in progress were abandoned"
    );
    again.start_kill().unwrap();
    again.wait().await.unwrap();
    // Every finished game is complete: replaying its log gives its stored result.
    for id in finished {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["replay", &id.to_string(), "--data-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "replay {id}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
