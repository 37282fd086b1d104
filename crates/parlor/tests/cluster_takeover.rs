//! A table outlives its node: three `parlor serve` processes make a cluster (a private
//! NATS server and PostgreSQL database from `parlor-testkit`), four course Truco players
//! play a match at the protocol's home node, and the home node is killed (`kill -9`)
//! mid-match: another node carries the table on from the stream of games, the players
//! come back to their seats with their tokens through a node that lives, and the match
//! ends and is stored once. Then the new home is drained (SIGTERM): it hands the next
//! match over the same way, and exits by itself.

mod common;

use common::{get, serve_command, PATIENCE};
use parlor_client::truco::seat;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::BufReader;
use tokio::process::Child;

/// A node of the cluster: its process, its log, HTTP and course Truco addresses.
struct Node {
    name: String,
    /// Printed if the test fails.
    _log: Log,
    child: Child,
    http: String,
    truco: String,
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

async fn node(nats: &str, database: &str, name: &str) -> Node {
    let server = common::start(serve_command(
        &[
            "--seed",
            "31",
            "--bot-delay-ms",
            "0",
            // The paused player owes a move until the test has stopped its node.
            "--truco-turn-timeout",
            "0",
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
    let (http, truco) = (server.addrs["http"].clone(), server.addrs["truco"].clone());
    let (mut log, kept) = (server.log, Log::default());
    let into = kept.0.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = log.next_line().await {
            into.lock().unwrap().push(line);
        }
    });
    Node {
        name: name.to_owned(),
        _log: kept,
        child: server.child,
        http,
        truco,
    }
}

/// The course Truco home as `node` sees it, once it sees one.
async fn home_seen_by(node: &Node) -> String {
    let poll = async {
        loop {
            let health = get(&node.http, "/healthz").await;
            if let Some(home) = health["cluster"]["homes"]["truco"].as_str() {
                return home.to_owned();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(PATIENCE, poll).await.expect("a home")
}

/// Waits until every node in `nodes` sees `home` as the course Truco home.
async fn all_see(nodes: &[&Node], home: &str) {
    for node in nodes {
        let poll = async {
            while home_seen_by(node).await != home {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        tokio::time::timeout(PATIENCE, poll)
            .await
            .expect("the same home everywhere");
    }
}

/// Three automatic players (the terminal client's bot, which comes back to its seat
/// with its token when its connection drops) at `addr`; their last lines.
fn bots(addr: &str) -> Vec<tokio::task::JoinHandle<Option<String>>> {
    (0..3)
        .map(|i| {
            let addr = addr.to_owned();
            tokio::spawn(async move {
                let strategy = truco::bots::by_name("heuristic").unwrap();
                let mode = parlor_client::truco::Mode::Auto { strategy, seed: i };
                let input = BufReader::new(tokio::io::empty());
                parlor_client::truco::run(&addr, mode, None, input, std::io::sink())
                    .await
                    .ok()
                    .flatten()
            })
        })
        .collect()
}

/// Every bot saw the match end.
async fn match_ends(bots: Vec<tokio::task::JoinHandle<Option<String>>>) {
    for bot in bots {
        let last = tokio::time::timeout(PATIENCE, bot).await.unwrap().unwrap();
        assert!(
            last.as_deref().is_some_and(|l| l.starts_with("MATCH_END")),
            "{last:?}"
        );
    }
}

/// The course Truco games in the store: `id status node`, one per line, by id.
fn stored(database: &str) -> Vec<String> {
    let name = database.rsplit('/').next().unwrap();
    let sql = "SELECT id || ' ' || status || ' ' || coalesce(node, '-') FROM games \
               WHERE protocol = 'truco' ORDER BY id";
    let out = parlor_testkit::postgres().psql(name, sql).unwrap();
    out.lines().map(str::to_owned).collect()
}

/// Waits until the store has `count` finished course Truco games (and no other).
async fn finished(database: &str, count: usize) -> Vec<String> {
    let poll = async {
        loop {
            let games = stored(database);
            if games.len() == count && games.iter().all(|g| g.contains(" finished ")) {
                return games;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    match tokio::time::timeout(PATIENCE, poll).await {
        Ok(games) => games,
        Err(_) => panic!("{count} finished games, stored: {:?}", stored(database)),
    }
}

/// `parlor replay` reads game `id` back from the database and finds its stored result.
fn replays(database: &str, id: &str) {
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

/// How a node is stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// `kill -9`.
    Kill,
    /// SIGTERM: it drains.
    Drain,
}

/// One match of the cluster's `nodes`, played through a node that is not the home, the
/// home stopped with `stop` mid-match; returns the nodes left.
async fn match_outliving_its_home(
    nodes: Vec<Node>,
    stop: Stop,
    database: &str,
    before: usize,
) -> Vec<Node> {
    let home = home_seen_by(&nodes[0]).await;
    all_see(&nodes.iter().collect::<Vec<_>>(), &home).await;
    let (mut gone, left): (Vec<Node>, Vec<Node>) = nodes.into_iter().partition(|n| n.name == home);
    let mut gone = gone.pop().unwrap();
    let through = left[0].truco.clone();
    // A player of the test's own holds its seat with the match under way.
    let pausing = tokio::spawn({
        let through = through.clone();
        async move { seat::hold_seat(&through, false).await.unwrap() }
    });
    // The pausing player is seated first (player 1), the bots after it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let bots = bots(&through);
    let token = tokio::time::timeout(PATIENCE, pausing)
        .await
        .unwrap()
        .unwrap();
    match stop {
        Stop::Kill => gone.child.start_kill().unwrap(),
        Stop::Drain => terminate(&gone.child),
    }
    let exit = tokio::time::timeout(PATIENCE, gone.child.wait())
        .await
        .expect("the home node exits")
        .unwrap();
    if stop == Stop::Drain {
        assert!(exit.success(), "a drained node exits by itself: {exit}");
    }
    seat::take_seat_back(&through, &token, PATIENCE)
        .await
        .expect("the seat back");
    match_ends(bots).await;
    let games = finished(database, before + 1).await;
    let last = games.last().unwrap();
    let mut words = last.split(' ');
    let id = words.next().unwrap();
    assert_ne!(
        words.nth(1),
        Some(home.as_str()),
        "{last}: carried on elsewhere"
    );
    replays(database, id);
    left
}

fn terminate(child: &Child) {
    let pid = child.id().unwrap().to_string();
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(sent.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_outlives_a_killed_node_and_a_drained_one() {
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let mut nodes = Vec::new();
    for name in ["n1", "n2", "n3"] {
        nodes.push(node(&nats, &database, name).await);
    }
    let nodes = match_outliving_its_home(nodes, Stop::Kill, &database, 0).await;
    let nodes = match_outliving_its_home(nodes, Stop::Drain, &database, 1).await;
    assert_eq!(nodes.len(), 1);
}
