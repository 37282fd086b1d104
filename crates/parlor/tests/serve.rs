//! `parlor serve` as a user runs it: it listens, and a signal stops it cleanly.

use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::Command;

const PATIENCE: Duration = Duration::from_secs(30);

const PORT_FLAGS: [&str; 6] = [
    "--minitruco-port",
    "--truco-port",
    "--wars-port",
    "--jass-port",
    "--mahjong-port",
    "--http-port",
];

/// Starts `parlor serve` on OS-chosen ports and reads the miniTruco address from its log.
async fn start() -> (tokio::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["serve", "--seed", "1", "--bot-delay-ms", "0", "--no-store"])
        // Every port from the OS, including protocols that may not be built yet.
        .args(PORT_FLAGS.iter().flat_map(|flag| [*flag, "0"]))
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("parlor serve starts");
    let mut log = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    let addr = loop {
        let line = tokio::time::timeout(PATIENCE, log.next_line())
            .await
            .expect("the server logs in time")
            .unwrap();
        let Some(line) = line else {
            panic!("the server stopped:\n{}", seen.join("\n"));
        };
        seen.push(line.clone());
        if line.contains("protocol=\"minitruco\"") && line.contains("listening") {
            break line.rsplit("addr=").next().unwrap().trim().to_owned();
        }
    };
    tokio::spawn(async move { while let Ok(Some(_)) = log.next_line().await {} });
    (child, addr)
}

async fn stops_on(signal: &str) {
    let (mut child, addr) = start().await;
    let mut client = TcpStream::connect(&addr).await.unwrap();
    client.write_all(b"N alice\r\nE 1\r\nQ\r\n").await.unwrap();
    let status = Command::new("kill")
        .args([signal, &child.id().unwrap().to_string()])
        .status()
        .await
        .unwrap();
    assert!(status.success());
    let exit = tokio::time::timeout(PATIENCE, child.wait())
        .await
        .expect("the server stops in time")
        .unwrap();
    assert!(exit.success(), "{exit:?}");
    // The connection was closed by the server.
    let mut rest = Vec::new();
    tokio::time::timeout(PATIENCE, client.read_to_end(&mut rest))
        .await
        .expect("closed in time")
        .unwrap();
    assert!(String::from_utf8_lossy(&rest).contains("N alice\r\n"));
    assert!(
        TcpStream::connect(&addr).await.is_err(),
        "the listener is closed"
    );
}

#[tokio::test]
async fn sigterm_stops_the_server_cleanly() {
    stops_on("-TERM").await;
}

#[tokio::test]
async fn sigint_stops_the_server_cleanly() {
    stops_on("-INT").await;
}
