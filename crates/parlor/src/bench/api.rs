//! The API burst benchmark: a `parlor serve` child stores some miniTruco games, then
//! receives many `GET /api/games?limit=200` at once; reported are the time they took, and
//! the server's threads and memory before, at the peak and after.

use super::minitruco::play_room;
use super::server::{flag_list, free_port, ServerProcess, GIVEN_BACK};
use clap::Args;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Flags of `parlor bench api`.
#[derive(Args, Debug)]
pub struct ApiArgs {
    /// Requests sent at once.
    #[arg(long, default_value_t = 1000)]
    requests: usize,
    /// miniTruco games stored first (one room each, three CPU players).
    #[arg(long, default_value_t = 50)]
    games: usize,
}

/// Runs the benchmark and returns the report.
pub async fn run(args: ApiArgs) -> Result<String, String> {
    let port = free_port()?;
    let http = free_port()?;
    let flags = flag_list([
        ("--only", "minitruco,http".to_owned()),
        ("--minitruco-port", port.to_string()),
        ("--http-port", http.to_string()),
        ("--rooms", args.games.max(1).to_string()),
        ("--bot-delay-ms", "0".into()),
        ("--minitruco-cpu", "heuristic".into()),
        ("--seed", "1".into()),
    ]);
    let server = ServerProcess::start(&flags, port).await?;
    let game_port = SocketAddr::from(([127, 0, 0, 1], port));
    let rooms: Vec<_> = (1..=args.games)
        .map(|room| tokio::spawn(play_room(game_port, room, 1)))
        .collect();
    for room in rooms {
        room.await.map_err(|e| e.to_string())??;
    }
    // The recorder writes a moment after each game ends.
    while stored(http).await < args.games {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (threads_before, rss_before) = (server.threads(), memory(&server));
    let started = Instant::now();
    let requests: Vec<_> = (0..args.requests)
        .map(|_| tokio::spawn(get(http, "/api/games?limit=200")))
        .collect();
    let mut failed = 0;
    let mut threads_peak = threads_before.unwrap_or(0);
    for request in requests {
        threads_peak = threads_peak.max(server.threads().unwrap_or(0));
        if request.await.ok().flatten().is_none() {
            failed += 1;
        }
    }
    let elapsed = started.elapsed();
    let rss_peak = server.memory_kib().map(|(_, peak)| peak);
    ServerProcess::given_back().await;
    let (threads_after, rss_after) = (server.threads(), memory(&server));
    let later = GIVEN_BACK.as_secs_f64();
    Ok(format!(
        "api: {} GET /api/games?limit=200 at once over {} stored games: {:.2} s ({} failed)\n\
         server threads: {} before, {threads_peak} at most during, {} {later} s after\n\
         server RSS: {} KiB before, {} KiB peak, {} KiB {later} s after\n",
        args.requests,
        args.games,
        elapsed.as_secs_f64(),
        failed,
        shown(threads_before),
        shown(threads_after),
        shown(rss_before),
        shown(rss_peak),
        shown(rss_after),
    ))
}

fn shown(value: Option<u64>) -> String {
    value.map_or("?".into(), |v| v.to_string())
}

fn memory(server: &ServerProcess) -> Option<u64> {
    server.memory_kib().map(|(now, _)| now)
}

/// How many finished games the API lists.
async fn stored(http: u16) -> usize {
    let body = get(http, "/api/games?limit=200&status=finished").await;
    body.map_or(0, |b| b.matches("\"id\":").count())
}

/// `GET path` on the HTTP port; the body, or `None` if the request failed.
pub(super) async fn get(http: u16, path: &str) -> Option<String> {
    let mut c = tokio::net::TcpStream::connect(("127.0.0.1", http))
        .await
        .ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n");
    c.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    c.read_to_string(&mut answer).await.ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    head.starts_with("HTTP/1.1 200").then(|| body.to_owned())
}
