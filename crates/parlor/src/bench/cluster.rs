//! `parlor bench cluster`: whole games through a cluster of N nodes, the clients spread
//! over the nodes in turn (most of them reach a node that is not their game's home, so
//! their connections are relayed over NATS), then how long the cluster takes to give the
//! game a new home after its home node is killed (`kill -9`) and, for course Truco, to
//! carry tables held mid-match over to it (each held seat taken back with its token
//! through a node that lives).
//!
//! It needs the cluster's NATS server and PostgreSQL database (`scripts/cluster up`
//! starts both); it starts its own nodes as `parlor serve` children.

use super::play::{play_games_at, port_flag, Sitting};
use super::server::{flag_list, free_port, ServerProcess};
use clap::Args;
use parlor_client::play::Game;
use parlor_client::truco::seat;
use std::time::{Duration, Instant};

/// Flags of `parlor bench cluster`.
#[derive(Args, Debug)]
pub struct ClusterArgs {
    /// Nodes in the cluster.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=8))]
    nodes: u8,
    /// The game: minitruco, truco, wars, jass or mahjong.
    #[arg(long, default_value = "truco")]
    game: String,
    /// Clients playing at once, each at a table of its own with CPU players.
    #[arg(long, default_value_t = 200)]
    clients: usize,
    /// The cluster's NATS server.
    #[arg(long, default_value = "nats://127.0.0.1:4222")]
    nats: String,
    /// The cluster's PostgreSQL database.
    #[arg(long, default_value = "postgres://parlor@127.0.0.1:5433/parlor")]
    database: String,
    /// Course Truco tables held mid-match when the home node is killed, each by one
    /// person with three CPU players, to time carrying them over.
    #[arg(long, default_value_t = 20)]
    held: usize,
}

/// One node: its process, its game port and its HTTP port.
struct Node {
    name: String,
    process: ServerProcess,
    port: u16,
    http: u16,
}

/// How long to wait for the cluster to settle (homes known, a new home after a kill).
const PATIENCE: Duration = Duration::from_secs(30);

/// Runs the benchmark and returns the report.
pub async fn run(args: ClusterArgs) -> Result<String, String> {
    let game = Game::by_name(&args.game).ok_or("unknown game")?;
    let run = std::process::id();
    let mut nodes = Vec::new();
    for i in 0..args.nodes {
        let (port, http) = (free_port()?, free_port()?);
        let name = format!("bench{run}n{i}");
        let flags = flag_list([
            ("--only", format!("{},http", args.game)),
            (port_flag(game), port.to_string()),
            ("--http-port", http.to_string()),
            ("--bot-delay-ms", "0".into()),
            ("--rooms", args.clients.max(1).to_string()),
            ("--mahjong-fill-after", "0".into()),
            ("--seed", "1".into()),
            ("--database", args.database.clone()),
            ("--node-name", name.clone()),
            ("--cluster", args.nats.clone()),
        ]);
        let process = ServerProcess::start(&flags, port).await?;
        nodes.push(Node {
            name,
            process,
            port,
            http,
        });
    }
    // A home left by an earlier run's nodes is forgotten within seconds: wait for one of
    // these nodes to be the home, as every node sees it.
    let names: Vec<String> = nodes.iter().map(|n| n.name.clone()).collect();
    let ours = |home: &str| names.iter().any(|n| n == home);
    let mut home = String::new();
    for node in &nodes {
        home = home_of(node.http, &args.game, ours).await?;
    }
    let addrs: Vec<String> = nodes
        .iter()
        .map(|n| game.address(&format!("127.0.0.1:{}", n.port)))
        .collect();
    let cpu_before: Vec<_> = nodes.iter().map(|n| n.process.cpu_time()).collect();
    let games = play_games_at(game, &addrs, args.clients, Sitting::ALONE).await?;
    let cpu: Duration = nodes
        .iter()
        .zip(cpu_before)
        .filter_map(|(n, before)| Some(n.process.cpu_time()?.saturating_sub(before?)))
        .sum();
    let mut report = format!(
        "cluster of {} nodes, {}: {} of {} games in {:.2} s: {:.1} games/s\n\
         move -> next server message over {} moves: p50 {} us, p99 {} us\n\
         the nodes' CPU time: {:.2} ms per game (the home node {home})\n",
        args.nodes,
        args.game,
        games.finished,
        games.clients,
        games.seconds,
        games.games_per_second(),
        games.moves,
        games.p50_us,
        games.p99_us,
        cpu.as_secs_f64() * 1000.0 / games.finished.max(1) as f64,
    );
    if nodes.len() > 1 {
        let at = nodes
            .iter()
            .position(|n| n.name == home)
            .ok_or("no home node")?;
        let mut dead = nodes.remove(at);
        // Course Truco tables held mid-match through a node that lives on.
        let through = format!("127.0.0.1:{}", nodes[0].port);
        let held = match args.game.as_str() {
            "truco" => hold_seats(&through, args.held).await?,
            _ => Vec::new(),
        };
        let killed = Instant::now();
        dead.process.kill();
        let back = held.into_iter().map(|token| {
            let through = through.clone();
            tokio::spawn(async move {
                seat::take_seat_back(&through, &token, PATIENCE)
                    .await
                    .map(|()| killed.elapsed())
            })
        });
        let back: Vec<_> = back.collect();
        let witness = nodes[0].http;
        let new_home = home_of(witness, &args.game, |h| h != dead.name).await?;
        report.push_str(&format!(
            "kill -9 of the home node: {new_home} is the new home after {:.2} s\n",
            killed.elapsed().as_secs_f64()
        ));
        if !back.is_empty() {
            report.push_str(&carried_over(back).await);
        }
    }
    Ok(report)
}

/// Holds `count` course Truco seats mid-match at `addr`, each at a table of its own
/// with CPU players; their tokens.
async fn hold_seats(addr: &str, count: usize) -> Result<Vec<String>, String> {
    let mut tokens = Vec::with_capacity(count);
    for _ in 0..count {
        let token = seat::hold_seat(addr, true).await;
        tokens.push(token.map_err(|e| format!("holding a seat: {e}"))?);
    }
    Ok(tokens)
}

/// How long after the kill each held seat came back, in words.
async fn carried_over(back: Vec<tokio::task::JoinHandle<std::io::Result<Duration>>>) -> String {
    let held = back.len();
    let mut times = Vec::new();
    for seat in back {
        if let Ok(Ok(after)) = seat.await {
            times.push(after);
        }
    }
    times.sort();
    let (Some(first), Some(last)) = (times.first(), times.last()) else {
        return format!("none of {held} tables held mid-match was carried over\n");
    };
    format!(
        "{} of {held} tables held mid-match carried over: seats back after {:.2} s (first), \
         {:.2} s (median), {:.2} s (last)\n",
        times.len(),
        first.as_secs_f64(),
        times[times.len() / 2].as_secs_f64(),
        last.as_secs_f64(),
    )
}

/// The home node of `game` as the node on `http` sees it, once `accept` takes it.
async fn home_of(http: u16, game: &str, accept: impl Fn(&str) -> bool) -> Result<String, String> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let health = get_json(http, "/healthz").await.unwrap_or_default();
        if let Some(home) = health["cluster"]["homes"][game].as_str() {
            if accept(home) {
                return Ok(home.to_owned());
            }
        }
        if Instant::now() > deadline {
            return Err(format!("no home for {game} after {PATIENCE:?}"));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `GET path` on 127.0.0.1:`port`, as JSON.
async fn get_json(port: u16, path: &str) -> Option<serde_json::Value> {
    serde_json::from_str(&super::api::get(port, path).await?).ok()
}
