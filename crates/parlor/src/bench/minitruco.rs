//! The miniTruco load benchmark: N rooms at once, each one scripted person and three CPU
//! players moving without delay, every room playing whole games.
//!
//! Reported: games per second over all rooms, the latency from a person's `J` command to
//! the server's `J` notification of that card (p50, p99), and the server's memory.

use super::quantile;
use super::server::{free_port, ServerProcess};
use clap::Args;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::TcpStream;

/// Flags of `parlor bench minitruco`.
#[derive(Args, Debug)]
pub struct MinitrucoArgs {
    /// Rooms playing at once.
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// Games each room plays.
    #[arg(long, default_value_t = 3)]
    games: usize,
    /// The CPU players' strategy (`--minitruco-cpu` of the server started; without it,
    /// one is drawn per seat).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(truco::bots::NAMES))]
    cpu: Option<String>,
    /// Benchmark a server that is already running at this address instead of starting one
    /// (it must have at least `--tables` rooms and `--bot-delay-ms 0`; memory is not reported).
    #[arg(long)]
    server: Option<SocketAddr>,
}

/// Runs the benchmark and returns the report.
pub async fn run(args: MinitrucoArgs) -> Result<String, String> {
    let (addr, server) = match args.server {
        Some(addr) => (addr, None),
        None => {
            let port = free_port()?;
            let http = free_port()?;
            let mut flags = vec![
                "--minitruco-port".to_string(),
                port.to_string(),
                "--http-port".into(),
                http.to_string(),
                "--rooms".into(),
                args.tables.to_string(),
                "--bot-delay-ms".into(),
                "0".into(),
                "--seed".into(),
                "1".into(),
            ];
            // Without a choice every room meets every strength, as the figures were taken.
            let cpu = args.cpu.clone().unwrap_or_else(|| "mixed".into());
            flags.extend(["--minitruco-cpu".into(), cpu]);
            let server = ServerProcess::start(&flags, port).await?;
            (SocketAddr::from(([127, 0, 0, 1], port)), Some(server))
        }
    };
    let idle_memory = server.as_ref().and_then(ServerProcess::memory_kib);

    let started = Instant::now();
    let tasks: Vec<_> = (1..=args.tables)
        .map(|room| tokio::spawn(play_room(addr, room, args.games)))
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        let room = task.await.map_err(|e| e.to_string())??;
        latencies.extend(room);
    }
    let elapsed = started.elapsed();
    let memory = server.as_ref().and_then(ServerProcess::memory_kib);

    latencies.sort_unstable();
    let games = args.tables * args.games;
    let mut report = format!(
        "minitruco: {} rooms x {} games = {games} games in {:.2} s: {:.1} games/s\n\
         J command -> J notification latency over {} plays: p50 {} us, p99 {} us\n",
        args.tables,
        args.games,
        elapsed.as_secs_f64(),
        games as f64 / elapsed.as_secs_f64(),
        latencies.len(),
        quantile(&latencies, 0.5),
        quantile(&latencies, 0.99),
    );
    if let (Some((idle, _)), Some((now, peak))) = (idle_memory, memory) {
        report.push_str(&format!(
            "server memory: {} KiB idle, {} KiB after, {} KiB peak ({:.1} KiB per room above idle)\n",
            idle,
            now,
            peak,
            peak.saturating_sub(idle) as f64 / args.tables as f64
        ));
    }
    Ok(report)
}

async fn send(writer: &mut OwnedWriteHalf, line: String) -> Result<(), String> {
    let bytes = format!("{line}\r\n");
    writer
        .write_all(bytes.as_bytes())
        .await
        .map_err(|e| e.to_string())
}

/// One person in room `room` plays `games` games; returns the latency of each play (us).
pub(super) async fn play_room(
    addr: SocketAddr,
    room: usize,
    games: usize,
) -> Result<Vec<u64>, String> {
    let socket = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    socket.set_nodelay(true).map_err(|e| e.to_string())?;
    let (reader, mut writer) = socket.into_split();
    let mut lines = BufReader::new(reader).lines();
    send(&mut writer, format!("N bench{room}")).await?;
    send(&mut writer, format!("E {room}")).await?;

    let mut latencies = Vec::new();
    let mut hand: Vec<String> = Vec::new();
    let mut played: Option<(String, Instant)> = None;
    for _ in 0..games {
        send(&mut writer, "Q".into()).await?;
        loop {
            let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
                .await
                .map_err(|_| format!("room {room}: no answer for 60 s"))?
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("room {room}: the server closed the connection"))?;
            let words: Vec<&str> = line.split(' ').collect();
            match words.as_slice() {
                ["M", cards @ ..] => hand = cards.iter().take(3).map(|c| c.to_string()).collect(),
                ["V", "1", _] => {
                    let card = hand.first().cloned().ok_or("no card to play")?;
                    played = Some((card.clone(), Instant::now()));
                    send(&mut writer, format!("J {card}")).await?;
                }
                ["J", "1", card, ..] => {
                    hand.retain(|c| c != card);
                    if let Some((_, at)) = played.take().filter(|(c, _)| c == card) {
                        latencies.push(at.elapsed().as_micros() as u64);
                    }
                }
                ["T", "2" | "4", _] => send(&mut writer, "D".into()).await?,
                ["F", ..] => send(&mut writer, "H T".into()).await?,
                ["G", _] => break,
                _ => {}
            }
        }
    }
    Ok(latencies)
}
