//! WebSocket clients on the HTTP port (`/ws/<protocol>`): one protocol message per text
//! frame, in the same lounges, rooms and tables as the TCP clients.

mod common;

use common::ws::{frame, open, send, until};
use common::{LineClient, TestServer, PATIENCE};
use parlor_server::Config;
use tokio::net::TcpStream;

#[tokio::test]
async fn a_browser_and_a_telnet_client_share_a_minitruco_room() {
    let s = TestServer::start(Config::for_tests(21)).await;
    let mut web = open(&s, "minitruco").await;
    send(&mut web, "N web").await;
    assert_eq!(frame(&mut web).await, "N web");
    send(&mut web, "E 1").await;
    assert_eq!(frame(&mut web).await, "E 1");
    let mut tcp = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    tcp.send("N tel").await;
    tcp.expect("N tel").await;
    tcp.send("E 1").await;
    tcp.expect("E 1").await;
    let info = tcp.line().await;
    assert!(info.starts_with("I 1 web|tel|"), "{info}");
    // The browser hears about the telnet player joining, in one frame per line.
    let seen = until(&mut web, |f| f.starts_with("I 1 ") && f.contains("tel")).await;
    assert!(!seen.ends_with('\n'));
    // Either may chat; both hear it.
    tcp.send("B hello").await;
    assert_eq!(
        until(&mut web, |f| f.starts_with("B ")).await,
        "B tel hello"
    );
    send(&mut web, "B hi").await;
    tcp.until(|l| l == "B web hi").await;
    s.stop().await;
}

#[tokio::test]
async fn each_line_protocol_answers_over_websocket() {
    let s = TestServer::start(Config::for_tests(22)).await;
    let mut mj = open(&s, "mahjong").await;
    send(&mut mj, "mmj1c 3:Web").await;
    assert_eq!(frame(&mut mj).await, "mmj1s");
    assert!(frame(&mut mj).await.starts_with("game 1 3:Web "));
    assert_eq!(until(&mut mj, |f| f == "play").await, "play");
    let mut wars = open(&s, "wars").await;
    send(&mut wars, "[cjoin|webby   ]").await;
    assert_eq!(frame(&mut wars).await, "[sjoin|webby   ]");
    let mut truco = open(&s, "truco").await;
    let first = frame(&mut truco).await;
    assert!(!first.is_empty(), "the course server greets: {first}");
    let mut jass = open(&s, "jass").await;
    let greeting = frame(&mut jass).await;
    assert!(greeting.contains("REQUEST_PLAYER_NAME"), "{greeting}");
    // /healthz counts the WebSocket connections with the protocol's own.
    let health = reqwest_like_get(&s, "/healthz").await;
    assert!(health.contains("\"mahjong\":1"), "{health}");
    s.stop().await;
}

#[tokio::test]
async fn unknown_protocols_and_plain_requests_are_refused() {
    let s = TestServer::start(Config::for_tests(23)).await;
    let url = format!("ws://{}/ws/chess", s.addr("http"));
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    let plain = reqwest_like_get(&s, "/ws/mahjong").await;
    assert!(plain.starts_with("HTTP/1.1 400"), "{plain}");
    s.stop().await;
}

/// A bare HTTP/1.1 GET; the whole response as text.
async fn reqwest_like_get(s: &TestServer, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut c = TcpStream::connect(s.addr("http")).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    c.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    tokio::time::timeout(PATIENCE, c.read_to_string(&mut out))
        .await
        .unwrap()
        .unwrap();
    out
}
