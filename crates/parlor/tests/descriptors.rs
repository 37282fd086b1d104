//! `parlor serve` under a small file descriptor limit, flooded with connections: the
//! caps are sized from the limit so that no listener starves another, one host cannot
//! take a listener's every place, and the refusals do not flood the log.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};
use tokio::process::Command;
use tokio::sync::mpsc;

const PATIENCE: Duration = Duration::from_secs(30);

/// The server, its listeners by protocol, the lines it logged, and the connection cap it
/// chose.
struct Limited {
    _child: tokio::process::Child,
    addrs: BTreeMap<String, SocketAddr>,
    /// What it logs after start, line by line.
    log: mpsc::UnboundedReceiver<String>,
    cap: usize,
}

/// Starts `parlor serve` with at most `files` open files (soft and hard).
async fn start(files: u32) -> Limited {
    let exe = env!("CARGO_BIN_EXE_parlor");
    let ports = [
        "--minitruco-port",
        "--truco-port",
        "--wars-port",
        "--jass-port",
        "--mahjong-port",
        "--http-port",
    ]
    .map(|flag| format!("{flag} 0"))
    .join(" ");
    let script = format!(
        "ulimit -n {files} && exec {exe} serve --seed 1 --no-store --max-per-address 8 {ports}"
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("parlor serve starts");
    let mut log = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut addrs = BTreeMap::new();
    let mut cap = 0;
    while addrs.len() < 6 {
        let line = tokio::time::timeout(PATIENCE, log.next_line())
            .await
            .expect("the server logs in time")
            .unwrap()
            .expect("the server runs");
        if let Some(n) = field(&line, "max_connections=") {
            cap = n.parse().unwrap();
        }
        if line.contains("listening") {
            let protocol = field(&line, "protocol=").unwrap().trim_matches('"');
            let addr = field(&line, "addr=").unwrap().parse().unwrap();
            addrs.insert(protocol.to_owned(), addr);
        }
    }
    let (lines, later) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok(Some(line)) = log.next_line().await {
            let _ = lines.send(line);
        }
    });
    Limited {
        _child: child,
        addrs,
        log: later,
        cap,
    }
}

/// The value after `key` in a log line, up to the next space.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(key)? + key.len();
    line[at..].split_whitespace().next()
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
