//! `parlor wars-client` against the real Warlords server: a person plays a whole hand
//! through stdin (`-m`) with two bots.

use parlor_server::protocols::wars::WarsSettings;
use parlor_server::{serve, Config};
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
        only: Some(vec!["wars".into()]),
        ..Config::for_tests(8)
    }
    .with(|wars: &mut WarsSettings| {
        wars.min_players = 3;
        wars.lobby_timeout = Duration::ZERO;
    });
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
        only: Some(vec!["wars".into()]),
        ..Config::for_tests(8)
    }
    .with(|wars: &mut WarsSettings| {
        wars.min_players = 5;
        wars.lobby_timeout = Duration::ZERO;
        wars.turn_timeout = Duration::from_secs(10);
    });
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
        assert!(state.hands_played >= 3, "{state:?}");
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

/// The messages in `buffer` so far, brackets included; the rest stays.
fn take_messages(buffer: &mut Vec<u8>) -> Vec<String> {
    let mut messages = Vec::new();
    while let Some(end) = buffer.iter().position(|&b| b == b']') {
        let message: Vec<u8> = buffer.drain(..=end).collect();
        messages.push(String::from_utf8(message).unwrap());
    }
    messages
}

/// As warlord on a server that marks the warlord active before the swap and sends no
/// new `shand` after it (not every server does), the client swaps once and then plays
/// once, on the first table that shows the swap done.
#[tokio::test]
async fn the_warlord_plays_after_its_swap_without_a_new_hand() {
    use tokio::io::AsyncReadExt;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let client = tokio::spawn(async move {
        let mode = parlor_client::wars::Mode::Auto {
            seed: 1,
            hands: None,
        };
        let input = tokio::io::BufReader::new(tokio::io::empty());
        parlor_client::wars::run(&addr, "boss", mode, input, std::io::sink()).await
    });
    let (mut socket, _) = listener.accept().await.unwrap();
    let mut buffer = Vec::new();
    let mut received: Vec<String> = Vec::new();
    let mut read_until = async |socket: &mut tokio::net::TcpStream, prefix: &str| loop {
        if let Some(at) = received.iter().position(|m| m.starts_with(prefix)) {
            return received.remove(at);
        }
        let mut chunk = [0u8; 512];
        let n = tokio::time::timeout(PATIENCE, socket.read(&mut chunk))
            .await
            .expect("the client answers in time")
            .unwrap();
        assert!(n > 0, "the client left before {prefix}");
        buffer.extend_from_slice(&chunk[..n]);
        received.extend(take_messages(&mut buffer));
    };
    read_until(&mut socket, "[cjoin|").await;
    let empty = "e0:        :00,".repeat(4);
    let table = |boss: &str, cards: usize| {
        format!(
            "[stabl|{boss}0:boss    :{cards:02},w0:mid     :17,w0:low     :17,{}|52,52,52,52|0]",
            empty.trim_end_matches(',')
        )
    };
    let hand = "[shand|00,05,09,13,17,21,25,29,33,37,41,44,45,47,48,49,50,51]";
    let before = format!("[sjoin|boss    ]{hand}[swapw|51]{}", table("a", 18));
    socket.write_all(before.as_bytes()).await.unwrap();
    let swap = read_until(&mut socket, "[cswap|").await;
    assert_eq!(swap, "[cswap|00]", "the lowest card goes back");
    // The swap done, no `shand`: only a table marking the warlord active.
    socket.write_all(table("a", 17).as_bytes()).await.unwrap();
    let play = read_until(&mut socket, "[cplay|").await;
    assert!(
        !play.contains("|00"),
        "the card given away is not played: {play}"
    );
    // Nothing more until the table moves on: one play for one turn.
    socket.write_all(table("w", 16).as_bytes()).await.unwrap();
    // The server closes; everything the client still sent is read to its end.
    socket.shutdown().await.unwrap();
    let state = tokio::time::timeout(PATIENCE, client)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let mut tail = Vec::new();
    socket.read_to_end(&mut tail).await.unwrap();
    buffer.extend_from_slice(&tail);
    let mut rest = take_messages(&mut buffer);
    rest.extend(received);
    assert!(!rest.iter().any(|m| m.starts_with("[cplay|")), "{rest:?}");
    assert!(state.strikes.is_empty());
}
