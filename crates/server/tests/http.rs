//! The HTTP port.

mod common;

use common::{LineClient, TestServer};
use parlor_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// `GET path`: the whole response.
async fn get(s: &TestServer, path: &str) -> String {
    let mut http = TcpStream::connect(s.addr("http")).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: parlor\r\nConnection: close\r\n\r\n");
    http.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    http.read_to_string(&mut response).await.unwrap();
    response
}

#[tokio::test]
async fn healthz_reports_every_listener() {
    let s = TestServer::start(Config::for_tests(1)).await;
    let response = get(&s, "/healthz").await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let body = response.split("\r\n\r\n").nth(1).unwrap();
    let json: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(json["status"], "ok");
    for protocol in ["minitruco", "truco", "http"] {
        assert_eq!(json["protocols"][protocol], s.addr(protocol).to_string());
    }
    s.stop().await;
}

#[tokio::test]
async fn metrics_count_connections_messages_and_commands() {
    let s = TestServer::start(Config::for_tests(2)).await;
    let mut mj = LineClient::connect(s.addr("mahjong"), "\n").await;
    mj.send("mmj1c 2:mm").await;
    mj.until(|l| l == "play").await;
    mj.send("pass").await; // rejected, but handled by the table
    mj.until(|l| l.starts_with("reject")).await;
    let response = get(&s, "/metrics").await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    for want in [
        "parlor_connections_open{protocol=\"mahjong\",transport=\"tcp\"} 1",
        "parlor_connections_total{protocol=\"mahjong\",transport=\"tcp\"}",
        "parlor_messages_in_total{protocol=\"mahjong\"}",
        "parlor_messages_out_total{protocol=\"mahjong\"}",
        "parlor_command_seconds_bucket{protocol=\"mahjong\"",
        "parlor_games_started_total{protocol=\"mahjong\"} 1",
        "parlor_games_active{protocol=\"mahjong\"} 1",
    ] {
        assert!(response.contains(want), "{want} in\n{response}");
    }
    s.stop().await;
}
