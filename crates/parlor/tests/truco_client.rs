//! `parlor truco-client` against the real course Truco server: bots play a whole match,
//! and a person plays a hand through stdin.

use parlor_server::protocols::truco::TrucoSettings;
use parlor_server::{serve, Config};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio_util::sync::CancellationToken;

const PATIENCE: Duration = Duration::from_secs(60);

/// A course Truco server on this test's runtime; it stops when the token is cancelled or
/// the returned `Running` is dropped.
async fn course_server() -> (String, CancellationToken, parlor_server::Running) {
    course_server_with(Config::for_tests(12)).await
}

/// [`course_server`] with `config`'s settings.
async fn course_server_with(config: Config) -> (String, CancellationToken, parlor_server::Running) {
    let shutdown = CancellationToken::new();
    let config = Config {
        only: Some(vec!["truco".into()]),
        ..config
    };
    let running = serve(config, shutdown.clone()).await.expect("server");
    (running.addrs["truco"].port().to_string(), shutdown, running)
}

fn client(port: &str, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["truco-client", "127.0.0.1", port])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("client starts")
}

#[tokio::test]
async fn four_auto_clients_play_a_whole_match() {
    let (port, shutdown, _running) = course_server().await;
    let strategies = ["random", "heuristic", "montecarlo", "heuristic"];
    let clients: Vec<Child> = strategies
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (seed, name) = (i.to_string(), format!("bot {i}"));
            let args = ["--auto", "--strategy", s, "--seed", &seed, "--name", &name];
            client(&port, &args)
        })
        .collect();
    for child in clients {
        let output = tokio::time::timeout(PATIENCE, child.wait_with_output())
            .await
            .expect("the match ends in time")
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{text}");
        assert!(text.contains("wins the match"), "{text}");
        assert!(text.contains("You play as bot "), "{text}");
        assert!(
            !text.contains("Refused"),
            "a bot made an illegal move: {text}"
        );
    }
    shutdown.cancel();
}

type Output = tokio::io::Lines<BufReader<tokio::process::ChildStdout>>;

async fn next(lines: &mut Output) -> String {
    tokio::time::timeout(PATIENCE, lines.next_line())
        .await
        .expect("the client prints in time")
        .unwrap()
        .expect("the client keeps running")
}

#[tokio::test]
async fn a_person_plays_a_hand_through_stdin() {
    let (port, shutdown, _running) = course_server().await;
    let mut person = client(&port, &[]);
    let mut stdin = person.stdin.take().unwrap();
    let mut lines = BufReader::new(person.stdout.take().unwrap()).lines();
    // Connect first, so the person is player 1 and opens the first hand.
    loop {
        if next(&mut lines).await.starts_with("You are player 1") {
            break;
        }
    }
    let _bots: Vec<Child> = (0..3)
        .map(|i| client(&port, &["--auto", "--seed", &i.to_string()]))
        .collect();

    let mut bad_input_tried = false;
    let mut shown = Vec::new();
    loop {
        let line = next(&mut lines).await;
        shown.push(line.clone());
        if line.starts_with("Your turn") {
            assert!(line.contains("Cards: 1) "), "{line}");
            let options = next(&mut lines).await;
            assert!(options.contains("o N") && options.contains("t: ask for truco"));
            if !bad_input_tried {
                // Nonsense is answered with the menu again.
                stdin.write_all(b"z 9\n").await.unwrap();
                assert!(next(&mut lines).await.starts_with("Your turn"));
                next(&mut lines).await;
                bad_input_tried = true;
            }
            stdin.write_all(b"o 1\n").await.unwrap();
        } else if line.starts_with("The other team asks") {
            stdin.write_all(b"a\n").await.unwrap();
        } else if line.contains("wins the hand") || line.contains("nobody scores") {
            break;
        }
    }
    let text = shown.join("\n");
    for expected in [
        "Your cards: ",
        "Vira: ",
        "Manilhas: ",
        "player 1 played ",
        "Round 1 ",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    shutdown.cancel();
}

/// A person alone types `cpu` to fill the table, lets every turn time out, and the client
/// exits by itself when the match ends, its keyboard still open (it used to wait for
/// Enter).
#[tokio::test]
async fn a_person_alone_fills_the_table_and_the_client_exits_at_the_end() {
    let config = Config::for_tests(13)
        .with(|truco: &mut TrucoSettings| truco.turn_timeout = Duration::from_millis(20));
    let (port, shutdown, _running) = course_server_with(config).await;
    let mut person = client(&port, &[]);
    let mut stdin = person.stdin.take().unwrap();
    let mut lines = BufReader::new(person.stdout.take().unwrap()).lines();
    loop {
        let line = next(&mut lines).await;
        if line.contains("Type cpu") {
            stdin.write_all(b"cpu\n").await.unwrap();
            break;
        }
    }
    let status = tokio::time::timeout(PATIENCE, person.wait())
        .await
        .expect("the client exits when the match is over, keyboard open or not")
        .unwrap();
    assert!(status.success());
    drop(stdin);
    shutdown.cancel();
}
