//! The HTTP port.

mod common;

use common::TestServer;
use parlor_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test]
async fn healthz_reports_every_listener() {
    let s = TestServer::start(Config::for_tests(1)).await;
    let mut http = TcpStream::connect(s.addr("http")).await.unwrap();
    http.write_all(b"GET /healthz HTTP/1.1\r\nHost: parlor\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut response = String::new();
    http.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let body = response.split("\r\n\r\n").nth(1).unwrap();
    let json: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(json["status"], "ok");
    for protocol in ["minitruco", "truco", "http"] {
        assert_eq!(json["protocols"][protocol], s.addr(protocol).to_string());
    }
    s.stop().await;
}
