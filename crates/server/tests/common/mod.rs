//! A line client and a server starter shared by the integration tests.

#![allow(dead_code)] // each test binary uses a different part of this helper

pub mod bots;
pub mod fuzz;
pub mod minitruco;
pub mod ws;

use parlor_server::{serve_with, Config, Running};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;
use tokio_util::sync::CancellationToken;

/// How long a test waits for a line before it fails (a guard against hangs, not a sleep).
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A server on loopback, stopped when dropped.
pub struct TestServer {
    pub running: Option<Running>,
    pub shutdown: CancellationToken,
}

impl TestServer {
    pub async fn start(config: Config) -> TestServer {
        TestServer::with_games(config, &[]).await
    }

    /// Node `node` of the cluster on `nats`, storing in the database at `url`, its games
    /// seeded from `seed`.
    pub async fn cluster_node(nats: &str, url: &str, node: &str, seed: u64) -> TestServer {
        TestServer::cluster_node_with(nats, url, node, Config::for_tests(seed)).await
    }

    /// [`TestServer::cluster_node`] with `config` otherwise.
    pub async fn cluster_node_with(
        nats: &str,
        url: &str,
        node: &str,
        config: Config,
    ) -> TestServer {
        TestServer::start(Config {
            database: Some(parlor_server::config::Database {
                url: url.to_owned(),
                node: node.to_owned(),
            }),
            cluster: Some(nats.to_owned()),
            ..config
        })
        .await
    }

    /// A server that also runs `extra` games of the test's own.
    pub async fn with_games(
        config: Config,
        extra: &[&'static parlor_server::protocols::Protocol],
    ) -> TestServer {
        let shutdown = CancellationToken::new();
        let running = serve_with(config, extra, shutdown.clone())
            .await
            .expect("server starts");
        TestServer {
            running: Some(running),
            shutdown,
        }
    }

    pub fn addr(&self, protocol: &str) -> SocketAddr {
        self.running.as_ref().unwrap().addrs[protocol]
    }

    /// A server storing its games in a fresh temporary directory (kept while the
    /// returned directory lives).
    pub async fn storing(config: Config) -> (TestServer, tempfile::TempDir) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let config = Config {
            data_dir: Some(dir.path().to_owned()),
            ..config
        };
        (TestServer::start(config).await, dir)
    }

    /// `GET path` on the HTTP port: status and JSON body (`Null` if it is not JSON).
    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.get_text(path).await;
        (status, serde_json::from_str(&body).unwrap_or_default())
    }

    /// `GET path` on the HTTP port: status and body.
    pub async fn get_text(&self, path: &str) -> (u16, String) {
        let mut http = TcpStream::connect(self.addr("http")).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: parlor\r\nConnection: close\r\n\r\n");
        http.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        tokio::time::timeout(PATIENCE, http.read_to_string(&mut response))
            .await
            .expect("an HTTP answer in time")
            .unwrap();
        let status = response[9..12].parse().unwrap();
        let body = response.split("\r\n\r\n").nth(1).unwrap_or("");
        (status, body.to_owned())
    }

    /// Stops the server and waits until every listener has finished.
    /// Waits until the API lists `count` games of `protocol` with `status` (the recorder
    /// writes a moment after the table reports the end); returns them, newest first.
    pub async fn stored(
        &self,
        protocol: &str,
        status: &str,
        count: usize,
    ) -> Vec<serde_json::Value> {
        let path = format!("/api/games?protocol={protocol}&status={status}");
        let poll = async {
            loop {
                let (code, body) = self.get_json(&path).await;
                assert_eq!(code, 200, "{body}");
                let games = body.as_array().unwrap().clone();
                if games.len() >= count {
                    return games;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .expect("the games were stored")
    }

    /// Waits until `/api/tables` (the tables playing now) satisfies `want`; returns it.
    pub async fn tables_until(
        &self,
        want: impl Fn(&[serde_json::Value]) -> bool,
    ) -> Vec<serde_json::Value> {
        let poll = async {
            loop {
                let (code, body) = self.get_json("/api/tables").await;
                assert_eq!(code, 200, "{body}");
                let tables = body.as_array().unwrap().clone();
                if want(&tables) {
                    return tables;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .expect("the running tables as expected")
    }

    /// Waits until `/healthz` names the home node of `protocol` (a cluster's node);
    /// returns it.
    #[allow(dead_code)] // not every test binary uses it
    pub async fn homes_until(&self, protocol: &str) -> String {
        let poll = async {
            loop {
                let (_, health) = self.get_json("/healthz").await;
                if let Some(home) = health["cluster"]["homes"][protocol].as_str() {
                    return home.to_owned();
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .expect("the protocol's home is known")
    }

    /// Waits until `/healthz` counts `open` connections for `protocol` (a session that
    /// ended has told its table and lobby everything it had to).
    pub async fn open_connections(&self, protocol: &str, open: u64) {
        let poll = async {
            loop {
                let (_, health) = self.get_json("/healthz").await;
                if health["connections"][protocol] == open {
                    return;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .unwrap_or_else(|_| panic!("{protocol} never came down to {open} connections"));
    }

    pub async fn stop(mut self) {
        self.shutdown.cancel();
        if let Some(running) = self.running.take() {
            tokio::time::timeout(PATIENCE, running.finished())
                .await
                .expect("server stops");
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

/// A TCP connection to `to` from the loopback address `from` (127.0.0.0/8 is all local).
pub async fn connect_from(from: [u8; 4], to: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(to).await.expect("connect")
}

/// A client of a line protocol.
pub struct LineClient {
    reader: BufReader<OwnedReadHalf>,
    pub writer: OwnedWriteHalf,
    terminator: &'static str,
    /// Whether empty lines (keep-alives) are handed to the test or skipped.
    pub keep_empty: bool,
}

impl LineClient {
    pub async fn connect(addr: SocketAddr, terminator: &'static str) -> LineClient {
        let socket = TcpStream::connect(addr).await.expect("connect");
        LineClient::over(socket, terminator)
    }

    /// A client on a connection already made (say, from another address).
    pub fn over(socket: TcpStream, terminator: &'static str) -> LineClient {
        let (reader, writer) = socket.into_split();
        LineClient {
            reader: BufReader::new(reader),
            writer,
            terminator,
            keep_empty: false,
        }
    }

    pub async fn send(&mut self, line: &str) {
        let bytes = format!("{line}{}", self.terminator);
        self.writer.write_all(bytes.as_bytes()).await.expect("send");
    }

    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).await.expect("send");
    }

    /// The next line without its terminator, or `None` when the server closed.
    pub async fn next(&mut self) -> Option<String> {
        // One deadline for the whole wait: keep-alive lines must not keep a stuck test
        // waiting for ever.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let mut line = String::new();
            let read = tokio::time::timeout_at(deadline, self.reader.read_line(&mut line))
                .await
                .expect("the server answered in time");
            match read {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            assert!(
                line.ends_with(self.terminator),
                "line {line:?} not ended by {:?}",
                self.terminator
            );
            let line = line.trim_end_matches(['\r', '\n']).to_owned();
            if !line.is_empty() || self.keep_empty {
                return Some(line);
            }
        }
    }

    /// The next line, which must exist.
    pub async fn line(&mut self) -> String {
        self.next().await.expect("a line, not a closed connection")
    }

    /// Asserts the next line.
    pub async fn expect(&mut self, want: &str) {
        assert_eq!(self.line().await, want);
    }

    /// Reads lines until one satisfies `stop`; returns all of them, that one last.
    pub async fn until(&mut self, mut stop: impl FnMut(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.line().await;
            let done = stop(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Asserts that the server closes the connection (possibly after some lines).
    pub async fn expect_closed(&mut self) {
        while self.next().await.is_some() {}
    }
}

/// A digest of `frames` for comparing what a seeded game sent with what it sent before:
/// FNV-1a over the frames, each ended by a newline (stable across Rust versions), and
/// their count.
pub fn digest(frames: &[String]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in frames.iter().flat_map(|f| f.bytes().chain([b'\n'])) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x} {} frames", frames.len())
}
