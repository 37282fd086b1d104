//! A table outlives its node: three `parlor serve` processes make a cluster (a private
//! NATS server and PostgreSQL database from `parlor-testkit`), four course Truco players
//! play a match at the protocol's home node, and the home node is killed (`kill -9`)
//! mid-match: another node carries the table on from the stream of games, the players
//! come back to their seats with their tokens through a node that lives, and the match
//! ends and is stored once. Then the new home is drained (SIGTERM): it hands the next
//! match over the same way, and exits by itself. Last, a home is killed and started
//! again at once under the same name (as a supervisor restarts a crashed node): the
//! match goes on all the same, carried on by the new run or the other node; and the same
//! with a drain (a rolling upgrade).

mod common;

use common::cluster::{all_see, finished, home_seen_by, node, replays, Node, Stop};
use common::{get, PATIENCE};
use parlor_client::truco::seat;
use std::time::Duration;
use tokio::io::BufReader;

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

/// One match of the cluster's `nodes`, played through a node that is not the home, the
/// home stopped with `stop` mid-match (and, with `restart`, started again at once under
/// its name on the NATS server at `restart`); returns the nodes left.
async fn match_outliving_its_home(
    nodes: Vec<Node>,
    stop: Stop,
    restart: Option<&str>,
    database: &str,
    before: usize,
) -> Vec<Node> {
    let home = home_seen_by(&nodes[0], "truco").await;
    all_see(&nodes.iter().collect::<Vec<_>>(), "truco", &home).await;
    let (mut gone, mut left): (Vec<Node>, Vec<Node>) =
        nodes.into_iter().partition(|n| n.name == home);
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
    stop.stop(&mut gone).await;
    if let Some(nats) = restart {
        left.push(node(nats, database, &home, 200).await);
    }
    seat::take_seat_back(&through, &token, PATIENCE)
        .await
        .expect("the seat back");
    listed_once(&left[0]).await;
    match_ends(bots).await;
    let games = finished(database, "truco", before + 1).await;
    let last = games.last().unwrap();
    let mut words = last.split(' ');
    let id = words.next().unwrap();
    if restart.is_none() {
        assert_ne!(
            words.nth(1),
            Some(home.as_str()),
            "{last}: carried on elsewhere"
        );
    }
    replays(database, id);
    left
}

/// How soon the carried table must be listed once: the lists are a look (a quarter of a
/// second) and a round trip old, and the heir takes the carried tables out of the stopped
/// node's last list once it has carried them all on. A second: the bucket itself forgets
/// a stopped node's list 15 s after its last write, which can be only seconds after the
/// seat is back, so a longer wait would let a heir that never took them out pass.
const SETTLED: Duration = Duration::from_secs(1);

/// Waits until `node` lists the carried table once, by the node that carries it on (the
/// stopped node's last list no longer has it).
async fn listed_once(node: &Node) {
    let mut truco = Vec::new();
    let settled = tokio::time::timeout(SETTLED, async {
        loop {
            let tables = get(&node.http, "/api/tables").await;
            let listed = tables.as_array().cloned().unwrap_or_default();
            truco = listed
                .into_iter()
                .filter(|t| t["game"] == "truco")
                .collect();
            if truco.len() <= 1 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(settled.is_ok(), "listed twice for {SETTLED:?}: {truco:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_outlives_a_killed_node_and_a_drained_one() {
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let mut nodes = Vec::new();
    for name in ["n1", "n2", "n3"] {
        // The stand-in for the held seat is slow enough for it to come back mid-match.
        nodes.push(node(&nats, &database, name, 200).await);
    }
    let nodes = match_outliving_its_home(nodes, Stop::Kill, None, &database, 0).await;
    let mut nodes = match_outliving_its_home(nodes, Stop::Drain, None, &database, 1).await;
    assert_eq!(nodes.len(), 1);
    nodes.push(node(&nats, &database, "n4", 200).await);
    let restarted = Some(nats.as_str());
    let nodes = match_outliving_its_home(nodes, Stop::Kill, restarted, &database, 2).await;
    assert_eq!(nodes.len(), 2);
    // A rolling upgrade: the home drains and its new version starts at once.
    let nodes = match_outliving_its_home(nodes, Stop::Drain, restarted, &database, 3).await;
    assert_eq!(nodes.len(), 2);
}
