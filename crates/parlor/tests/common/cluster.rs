//! A cluster of `parlor serve` processes for the binary's tests: a private NATS server
//! and PostgreSQL database from `parlor-testkit`, nodes started and stopped for real.

use super::{get, serve_command, PATIENCE};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::process::Child;

/// A node of the cluster: its process, its log, and the addresses the tests use.
pub struct Node {
    pub name: String,
    /// Printed if the test fails.
    _log: Log,
    pub child: Child,
    pub http: String,
    pub truco: String,
    pub mahjong: String,
    pub minitruco: String,
    pub jass: String,
    pub wars: String,
}

/// A node's log, printed if the test fails.
#[derive(Default)]
struct Log(Arc<Mutex<Vec<String>>>);

impl Drop for Log {
    fn drop(&mut self) {
        if std::thread::panicking() {
            for line in self.0.lock().unwrap().iter() {
                eprintln!("{line}");
            }
        }
    }
}

/// Node `name` of the cluster on `nats` storing in `database`; CPU players and stand-ins
/// take `cpu_ms` to move.
pub async fn node(nats: &str, database: &str, name: &str, cpu_ms: u32) -> Node {
    let cpu_ms = cpu_ms.to_string();
    let server = super::start(serve_command(
        &[
            "--seed",
            "31",
            "--bot-delay-ms",
            &cpu_ms,
            // A paused player owes a move until the test has stopped its node.
            "--truco-turn-timeout",
            "0",
            "--mahjong-turn-timeout",
            "0",
            "--minitruco-turn-timeout",
            "0",
            "--jass-turn-timeout",
            "0",
            // One person and three CPU players at once, for an East round only.
            "--mahjong-fill-after",
            "0",
            "--mahjong-east-only",
            "--reconnect-grace",
            "60",
            "--max-connect-rate",
            "0",
            "--cluster",
            nats,
            "--database",
            database,
            "--node-name",
            name,
        ],
        "",
    ))
    .await;
    let addr = |protocol: &str| server.addrs[protocol].clone();
    let (http, truco, mahjong) = (addr("http"), addr("truco"), addr("mahjong"));
    let (minitruco, jass, wars) = (addr("minitruco"), addr("jass"), addr("wars"));
    let (mut log, kept) = (server.log, Log::default());
    let (into, node) = (kept.0.clone(), name.to_owned());
    tokio::spawn(async move {
        while let Ok(Some(line)) = log.next_line().await {
            into.lock().unwrap().push(format!("[{node}] {line}"));
        }
    });
    Node {
        name: name.to_owned(),
        _log: kept,
        child: server.child,
        http,
        truco,
        mahjong,
        minitruco,
        jass,
        wars,
    }
}

/// The home of `protocol` as `node` sees it, once it sees one.
pub async fn home_seen_by(node: &Node, protocol: &str) -> String {
    let poll = async {
        loop {
            let health = get(&node.http, "/healthz").await;
            if let Some(home) = health["cluster"]["homes"][protocol].as_str() {
                return home.to_owned();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(PATIENCE, poll).await.expect("a home")
}

/// Waits until every node in `nodes` sees `home` as the home of `protocol`.
pub async fn all_see(nodes: &[&Node], protocol: &str, home: &str) {
    for node in nodes {
        let poll = async {
            while home_seen_by(node, protocol).await != home {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .expect("the same home everywhere");
    }
}

/// Waits until every node in `nodes` sees all of them alive (a draining node hands its
/// tables over only to a node it has seen).
pub async fn all_alive(nodes: &[&Node]) {
    for node in nodes {
        let poll = async {
            loop {
                let health = get(&node.http, "/healthz").await;
                let seen = health["cluster"]["nodes"].as_array().cloned();
                let seen = seen.unwrap_or_default();
                if nodes.iter().all(|n| seen.iter().any(|s| *s == n.name)) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .expect("every node sees every other alive");
    }
}

/// How a node is stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// `kill -9`.
    Kill,
    /// SIGTERM: it drains.
    Drain,
}

impl Stop {
    /// Stops `node` so, and waits until it has exited.
    pub async fn stop(self, node: &mut Node) {
        match self {
            Stop::Kill => node.child.start_kill().unwrap(),
            Stop::Drain => terminate(&node.child),
        }
        let exit = tokio::time::timeout(PATIENCE, node.child.wait())
            .await
            .expect("the node exits")
            .unwrap();
        if self == Stop::Drain {
            assert!(exit.success(), "a drained node exits by itself: {exit}");
        }
    }
}

fn terminate(child: &Child) {
    let pid = child.id().unwrap().to_string();
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// The games of `protocol` in the store: `id status node`, one per line, by id.
pub fn stored(database: &str, protocol: &str) -> Vec<String> {
    let name = database.rsplit('/').next().unwrap();
    let sql = format!(
        "SELECT id || ' ' || status || ' ' || coalesce(node, '-') FROM games \
         WHERE protocol = '{protocol}' ORDER BY id"
    );
    let out = parlor_testkit::postgres().psql(name, &sql).unwrap();
    out.lines().map(str::to_owned).collect()
}

/// Waits until the store has `count` finished games of `protocol` (and no other).
pub async fn finished(database: &str, protocol: &str, count: usize) -> Vec<String> {
    let poll = async {
        loop {
            let games = stored(database, protocol);
            if games.len() == count && games.iter().all(|g| g.contains(" finished ")) {
                return games;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    match tokio::time::timeout(PATIENCE, poll).await {
        Ok(games) => games,
        Err(_) => panic!(
            "{count} finished games, stored: {:?}",
            stored(database, protocol)
        ),
    }
}

/// `parlor replay` reads game `id` back from the database and finds its stored result.
pub fn replays(database: &str, id: &str) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["replay", "--database", database, id])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// How a stretch of a person's play ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// The person owes a move and stopped there (the game waits: nobody else is a person).
    Paused,
    /// The game is over.
    Over,
    /// The connection closed, or the seat was not there to take.
    Dropped,
}

/// Has a person come back (`comes_back`: connect again and play on) until they play the
/// game out: while their table is being carried over, or their connection drops as its
/// home changes, they try again.
pub async fn played_out<F, Fut>(mut comes_back: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Ended>,
{
    let rest = async {
        while comes_back().await != Ended::Over {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::time::timeout(PATIENCE * 2, rest)
        .await
        .expect("the game played out");
}

/// A game of `protocol` outlives its home node, killed (`kill -9`), then drained: a
/// cluster of two nodes named `prefix1` and `prefix2` (a third joins for the second
/// round). In each round `starts(addr, round)` has a person start a game at `port` of the
/// node that is not the home, pausing while they owe a move (what it returns is kept
/// until the game is carried on); the home stops; and `comes_back(addr, round)` has the
/// person come back there once, and play on. The game is stored once, finished by the
/// node that lives, and replays.
pub async fn outlives_kill_and_drain<T, S, SF, B, BF>(
    protocol: &str,
    prefix: &str,
    port: fn(&Node) -> &str,
    starts: S,
    comes_back: B,
) where
    S: Fn(String, usize) -> SF,
    SF: Future<Output = T>,
    B: Fn(String, usize) -> BF,
    BF: Future<Output = Ended>,
{
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let mut nodes = vec![
        node(&nats, &database, &format!("{prefix}1"), 0).await,
        node(&nats, &database, &format!("{prefix}2"), 0).await,
    ];
    for (round, stop) in [Stop::Kill, Stop::Drain].into_iter().enumerate() {
        let home = home_seen_by(&nodes[0], protocol).await;
        let all: Vec<&Node> = nodes.iter().collect();
        all_see(&all, protocol, &home).await;
        all_alive(&all).await;
        let at = nodes.iter().position(|n| n.name == home).unwrap();
        let mut gone = nodes.remove(at);
        let through = &nodes[0];
        let addr = port(through).to_owned();
        let _person = starts(addr.clone(), round).await;
        stop.stop(&mut gone).await;
        played_out(|| comes_back(addr.clone(), round)).await;
        let games = finished(&database, protocol, round + 1).await;
        let game = games[round].split(' ').collect::<Vec<_>>();
        assert_eq!(game[2], through.name, "carried on by the node that lives");
        replays(&database, game[0]);
        // A node for the next round to stop.
        let next = format!("{prefix}{}", round + 3);
        nodes.push(node(&nats, &database, &next, 0).await);
    }
}
