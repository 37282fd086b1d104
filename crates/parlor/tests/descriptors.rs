//! `parlor serve` under a small file descriptor limit, flooded with connections: the
//! caps are sized from the limit so that no listener starves another, one host cannot
//! take a listener's every place, and the refusals do not flood the log.

mod common;

use common::{field, serve_command, PATIENCE};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::mpsc;

/// The server, its listeners by protocol, the connection cap it chose, and what it logs
/// after start.
struct Limited {
    _child: tokio::process::Child,
    addrs: BTreeMap<String, SocketAddr>,
    cap: usize,
    log: mpsc::UnboundedReceiver<String>,
}

/// Starts `parlor serve` with at most `files` open files (soft and hard).
async fn start(files: u32) -> Limited {
    // Connections are logged at debug (a client's rate must not set the log's): shown
    // here, so that the last one marks the end of the flood.
    let limit = format!("ulimit -n {files} && RUST_LOG=info,parlor_server::net::accept=debug");
    let args = ["--seed", "1", "--no-store", "--max-per-address", "8"];
    let server = common::start(serve_command(&args, &limit)).await;
    let cap = server
        .started
        .iter()
        .find_map(|line| field(line, "max_connections="))
        .expect("the caps are logged")
        .parse()
        .unwrap();
    let addrs = server
        .addrs
        .iter()
        .map(|(protocol, addr)| (protocol.clone(), addr.parse().unwrap()))
        .collect();
    let (lines, later) = mpsc::unbounded_channel();
    let mut log = server.log;
    tokio::spawn(async move {
        while let Ok(Some(line)) = log.next_line().await {
            let _ = lines.send(line);
        }
    });
    Limited {
        _child: server.child,
        addrs,
        cap,
        log: later,
    }
}

/// A connection from loopback address `from`.
async fn connect_from(from: [u8; 4], to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(to).await
}

#[tokio::test]
async fn a_flood_under_a_small_file_limit_starves_nobody() {
    let mut server = start(128).await;
    // 128 files, 64 kept back, six listeners: 10 connections each.
    assert_eq!(server.cap, 10);
    // One host opens 300 connections to each of two listeners and holds them.
    let mut flood = Vec::new();
    for protocol in ["minitruco", "http"] {
        for _ in 0..300 {
            if let Ok(tcp) = connect_from([127, 0, 0, 1], server.addrs[protocol]).await {
                flood.push(tcp);
            }
        }
    }
    // Another host is still served on both, and the other listeners are untouched.
    let mut http = connect_from([127, 0, 0, 2], server.addrs["http"])
        .await
        .unwrap();
    http.write_all(b"GET /healthz HTTP/1.1\r\nHost: parlor\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut health = String::new();
    tokio::time::timeout(PATIENCE, http.read_to_string(&mut health))
        .await
        .unwrap()
        .unwrap();
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains("\"minitruco\":8"), "{health}");
    let mut mini = connect_from([127, 0, 0, 3], server.addrs["minitruco"])
        .await
        .unwrap();
    mini.write_all(b"N other\r\n").await.unwrap();
    let mut answer = [0u8; 9];
    tokio::time::timeout(PATIENCE, mini.read_exact(&mut answer))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(&answer, b"N other\r\n");
    // 584 refusals, but the warnings about them are rate-limited. The last connection's
    // line marks the end of the flood in the log.
    let logged = async {
        let mut lines = 0;
        while let Some(line) = server.log.recv().await {
            lines += 1;
            if line.contains("127.0.0.3") {
                break;
            }
        }
        lines
    };
    let logged = tokio::time::timeout(PATIENCE, logged).await.unwrap();
    assert!(logged < 100, "{logged} log lines for the flood");
    drop(flood);
}
