//! `parlor wars-client` against the real Warlords server: a person plays a whole hand
//! through stdin (`-m`) with two bots.

use parlor_server::config::WarsSettings;
use parlor_server::{serve, Config, Service};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio_util::sync::CancellationToken;

const PATIENCE: Duration = Duration::from_secs(60);

fn client(port: &str, name: &str, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["wars-client", "-s", "127.0.0.1", "-p", port, "-n", name])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("client starts")
}

#[tokio::test]
async fn a_person_plays_a_hand_with_two_bots() {
    let shutdown = CancellationToken::new();
    let config = Config {
        services: vec![Service::Wars],
        wars: WarsSettings {
            min_players: 3,
            lobby_timeout: Duration::ZERO,
            ..WarsSettings::default()
        },
        ..Config::for_tests(8)
    };
    let running = serve(config, shutdown.clone()).await.expect("server");
    let port = running.addrs["wars"].port().to_string();

    let mut person = client(&port, "human", &["-m"]);
    let mut stdin = person.stdin.take().unwrap();
    let mut lines = BufReader::new(person.stdout.take().unwrap()).lines();
    let _bots = [client(&port, "bot1", &[]), client(&port, "bot2", &[])];

    let mut shown = Vec::new();
    let mut last_play_empty = true;
    loop {
        let line = tokio::time::timeout(PATIENCE, lines.next_line())
            .await
            .expect("the client prints in time")
            .unwrap()
            .expect("the client keeps running");
        if line.starts_with("  Last play: ") {
            last_play_empty = line.contains("none");
        }
        // The lowest card is always a legal lead (it is the 3 of clubs when that must
        // open); otherwise passing is.
        if line.starts_with("Your turn.") || line.starts_with("Still your turn") {
            let command = if last_play_empty {
                "play 1\n"
            } else {
                "pass\n"
            };
            stdin.write_all(command.as_bytes()).await.unwrap();
        }
        if line.starts_with("You are the warlord") {
            stdin.write_all(b"swap 1\n").await.unwrap();
        }
        if line.starts_with("Strike") {
            panic!("the person was struck: {line}\n{}", shown.join("\n"));
        }
        let done = line.starts_with("Table (warlord first)");
        shown.push(line);
        if done {
            break;
        }
    }
    let text = shown.join("\n");
    for expected in [
        "You are human.",
        "Lobby (",
        "Your hand: ",
        "Table (first hand",
        "  human ",
        " cards, 0 strikes",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    shutdown.cancel();
    drop(running);
}

/// Five automatic clients play three hands: none of them may ever wait for the server's
/// turn timeout (strike 20). A bot that took a fresh table for one sent before its own
/// move (the client's `Sent` bookkeeping) would sit silent until that timeout and fail
/// here.
#[tokio::test]
async fn automatic_clients_never_stall_into_a_timeout() {
    let shutdown = CancellationToken::new();
    let config = Config {
        services: vec![Service::Wars],
        wars: WarsSettings {
            min_players: 5,
            lobby_timeout: Duration::ZERO,
            turn_timeout: Duration::from_secs(10),
            ..WarsSettings::default()
        },
        ..Config::for_tests(8)
    };
    let running = serve(config, shutdown.clone()).await.expect("server");
    let addr = running.addrs["wars"].to_string();
    let players: Vec<_> = (0..5u64)
        .map(|seed| {
            let addr = addr.clone();
            tokio::spawn(async move {
                let mode = parlor_client::wars::Mode::Auto {
                    seed,
                    hands: Some(3),
                };
                let input = tokio::io::BufReader::new(tokio::io::empty());
                parlor_client::wars::run(&addr, &format!("bot{seed}"), mode, input, std::io::sink())
                    .await
            })
        })
        .collect();
    for player in players {
        let state = tokio::time::timeout(PATIENCE, player)
            .await
            .expect("the hands end in time")
            .unwrap()
            .expect("the client keeps its connection");
        assert!(state.hands_dealt > 3, "{state:?}");
        assert!(
            !state.strikes.contains(&20),
            "{:?} stalled: {:?}",
            state.name,
            state.strikes
        );
    }
    shutdown.cancel();
    drop(running);
}
