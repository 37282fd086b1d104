//! `parlor serve` as a user runs it: it listens, and a signal stops it cleanly.

mod common;

use common::{serve_command, PATIENCE};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::process::Command;

/// Starts `parlor serve` on OS-chosen ports; returns it and its miniTruco address.
async fn start() -> (tokio::process::Child, String) {
    let server = common::start(serve_command(
        &["--seed", "1", "--bot-delay-ms", "0", "--no-store"],
        "",
    ))
    .await;
    let addr = server.addrs["minitruco"].clone();
    (server.drain_log(), addr)
}

async fn stops_on(signal: &str) {
    let (mut child, addr) = start().await;
    let mut client = TcpStream::connect(&addr).await.unwrap();
    client.write_all(b"N alice\r\nE 1\r\nQ\r\n").await.unwrap();
    // Once the game has started the server has read everything we sent: closing then
    // ends the connection cleanly (a socket closed with unread input is reset instead).
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains("\r\nP 1\r\n") {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(PATIENCE, client.read(&mut chunk))
            .await
            .expect("the game starts in time")
            .unwrap();
        assert!(n > 0, "closed before the game started");
        seen.extend_from_slice(&chunk[..n]);
    }
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
    seen.extend_from_slice(&rest);
    assert!(String::from_utf8_lossy(&seen).contains("N alice\r\n"));
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
