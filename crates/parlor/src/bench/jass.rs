//! The Jass load benchmark: K single games at once, each four `jass-bot` clients (the
//! heuristic strategy) in their own session, over loopback against a `parlor serve` child.
//!
//! Reported: games per minute, and the server's CPU time per game and per deal (the
//! issue's measure: the reference server spent 10.3-10.8 ms per deal).

use super::server::{free_port, ServerProcess};
use clap::Args;
use std::time::Instant;

/// Flags of `parlor bench jass`.
#[derive(Args, Debug)]
pub struct JassArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// The client bots' strategy.
    #[arg(long, default_value = "heuristic")]
    strategy: String,
}

/// Runs the benchmark and returns the report.
pub async fn run(args: JassArgs) -> Result<String, String> {
    let port = free_port()?;
    let flags: Vec<String> = [
        ("--jass-port", port.to_string()),
        ("--minitruco-port", "0".into()),
        ("--truco-port", "0".into()),
        ("--wars-port", "0".into()),
        ("--mahjong-port", "0".into()),
        ("--http-port", "0".into()),
        ("--seed", "1".into()),
    ]
    .into_iter()
    .flat_map(|(flag, value)| [flag.to_owned(), value])
    .collect();
    let server = ServerProcess::start(&flags, port).await?;
    let cpu_before = server.cpu_time();
    let started = Instant::now();
    let clients: Vec<_> = (0..args.games)
        .flat_map(|game| (0..4).map(move |seat| (game, seat)))
        .map(|(game, seat)| {
            let options = parlor_client::jass::Options {
                url: format!("ws://127.0.0.1:{port}"),
                name: format!("bot{seat}"),
                strategy: args.strategy.clone(),
                tournament: false,
                session: Some(format!("bench {game}")),
                seed: (game * 4 + seat) as u64,
                report: false,
            };
            tokio::spawn(async move { parlor_client::jass::run(&options).await })
        })
        .collect();
    let (mut finished, mut dealt) = (0, 0);
    for client in clients {
        for played in client.await.map_err(|e| e.to_string())?? {
            finished += played.games;
            dealt += played.deals;
        }
    }
    let elapsed = started.elapsed();
    // Every seat counts every game and deal.
    let (games, deals) = (finished / 4, dealt / 4);
    let mut report = format!(
        "jass: {games} games (of {} started) with 4 {} client bots each, all at once: {:.2} s, {:.0} games/minute\n",
        args.games,
        args.strategy,
        elapsed.as_secs_f64(),
        f64::from(games) * 60.0 / elapsed.as_secs_f64()
    );
    if let (Some(before), Some(after)) = (cpu_before, server.cpu_time()) {
        let cpu = after.saturating_sub(before);
        let ms = cpu.as_secs_f64() * 1000.0;
        report.push_str(&format!(
            "server CPU time: {:.2} s in all, {:.1} ms per game, {:.2} ms per deal ({deals} deals)\n",
            cpu.as_secs_f64(),
            ms / f64::from(games.max(1)),
            ms / f64::from(deals.max(1)),
        ));
    }
    Ok(report)
}
