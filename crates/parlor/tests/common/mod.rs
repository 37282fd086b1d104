//! `parlor serve` as a child process for the binary's tests: started on OS-chosen ports,
//! its addresses read from its log.

#![allow(dead_code)] // each test binary uses a different part of this helper

pub mod cluster;

use std::collections::BTreeMap;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, ChildStderr, Command};

/// How long a test waits for the server before it fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Every port flag of `parlor serve`.
pub const PORT_FLAGS: [&str; 6] = [
    "--minitruco-port",
    "--truco-port",
    "--wars-port",
    "--jass-port",
    "--mahjong-port",
    "--http-port",
];

/// A running `parlor serve` (killed when dropped).
pub struct Server {
    pub child: Child,
    /// Each listener's address, by protocol (`http` included).
    pub addrs: BTreeMap<String, String>,
    /// What it logged up to the last `listening` line.
    pub started: Vec<String>,
    /// The rest of its log.
    pub log: tokio::io::Lines<BufReader<ChildStderr>>,
}

/// `parlor serve` with `args` and every port from the OS, run by `sh -c` after
/// `shell_prefix` (e.g. `ulimit -n 128 &&`), logging at info level.
pub fn serve_command(args: &[&str], shell_prefix: &str) -> Command {
    let ports: Vec<String> = PORT_FLAGS.iter().map(|flag| format!("{flag} 0")).collect();
    let script = format!(
        "{shell_prefix} exec '{}' serve {} {}",
        env!("CARGO_BIN_EXE_parlor"),
        args.join(" "),
        ports.join(" ")
    );
    let mut command = Command::new("sh");
    command
        .args(["-c", &script])
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

/// Starts `command` and reads its log until every listener is up.
pub async fn start(mut command: Command) -> Server {
    let mut child = command.spawn().expect("parlor serve starts");
    let mut log = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut addrs = BTreeMap::new();
    let mut started = Vec::new();
    while addrs.len() < PORT_FLAGS.len() {
        let line = tokio::time::timeout(PATIENCE, log.next_line())
            .await
            .expect("the server logs in time")
            .unwrap()
            .unwrap_or_else(|| panic!("the server stopped:\n{}", started.join("\n")));
        if line.contains("listening") {
            let protocol = field(&line, "protocol=").unwrap().trim_matches('"');
            let addr = field(&line, "addr=").unwrap();
            addrs.insert(protocol.to_owned(), addr.to_owned());
        }
        started.push(line);
    }
    Server {
        child,
        addrs,
        started,
        log,
    }
}

impl Server {
    /// Reads and drops the rest of the log, so the server never blocks on it.
    pub fn drain_log(self) -> Child {
        let mut log = self.log;
        tokio::spawn(async move { while let Ok(Some(_)) = log.next_line().await {} });
        self.child
    }
}

/// The value after `key` in a log line, up to the next space.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(key)? + key.len();
    line[at..].split_whitespace().next()
}

/// `GET path` from the HTTP port at `http`, read as JSON.
pub async fn get(http: &str, path: &str) -> serde_json::Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut c = tokio::net::TcpStream::connect(http).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    c.write_all(request.as_bytes()).await.unwrap();
    let mut out = String::new();
    c.read_to_string(&mut out).await.unwrap();
    serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap()
}
