//! The whole-game benchmark for any protocol: N `parlor play` clients (the same code as
//! the terminal client, without the terminal) each sit down against CPU players and take
//! the suggested move every time they are asked, over loopback against a `parlor serve`
//! child that runs only that protocol, with CPU players moving at once.
//!
//! Reported: games finished per second, the server's CPU time per game, the latency from
//! a move sent to the server's next message (p50, p99), and the server's memory.

use super::quantile;
use super::server::{free_port, ServerProcess};
use clap::Args;
use parlor_client::play::wire::Wire;
use parlor_client::play::Game;
use std::time::{Duration, Instant};

/// Flags of `parlor bench play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: minitruco, truco, wars, jass or mahjong.
    #[arg(long, default_value = "mahjong")]
    game: String,
    /// Clients playing at once, each at a table of its own with CPU players (Warlords
    /// has one table for everyone).
    #[arg(long, default_value_t = 10)]
    clients: usize,
    /// Mahjong: play the East round only (a hanchan otherwise).
    #[arg(long)]
    east_only: bool,
}

/// How long a game may take before the benchmark gives up on it.
const PATIENCE: Duration = Duration::from_secs(600);

/// Runs the benchmark and returns the report.
pub async fn run(args: PlayArgs) -> Result<String, String> {
    let game = Game::by_name(&args.game).ok_or("unknown game")?;
    let port = free_port()?;
    let http = free_port()?;
    let mut flags: Vec<String> = [
        ("--only", format!("{},http", args.game)),
        (port_flag(game), port.to_string()),
        ("--http-port", http.to_string()),
        ("--bot-delay-ms", "0".into()),
        ("--rooms", args.clients.max(1).to_string()),
        ("--mahjong-fill-after", "0".into()),
        ("--wars-lobby", "0".into()),
        ("--seed", "1".into()),
    ]
    .into_iter()
    .flat_map(|(flag, value)| [flag.to_owned(), value])
    .collect();
    if args.east_only {
        flags.push("--mahjong-east-only".into());
    }
    let server = ServerProcess::start(&flags, port).await?;
    let addr = game.address(&format!("127.0.0.1:{port}"));
    let cpu_before = server.cpu_time();
    let started = Instant::now();
    let clients: Vec<_> = (0..args.clients)
        .map(|i| tokio::spawn(play_one(game, addr.clone(), format!("bench{i}"))))
        .collect();
    let mut latencies = Vec::new();
    let mut finished = 0;
    for client in clients {
        let played = client.await.map_err(|e| e.to_string())??;
        finished += usize::from(played.finished);
        latencies.extend(played.latencies);
    }
    let elapsed = started.elapsed();
    latencies.sort_unstable();
    let mut report = format!(
        "play {}: {finished} of {} games finished in {:.2} s: {:.2} games/s\n\
         move -> next server message over {} moves: p50 {} us, p99 {} us\n",
        args.game,
        args.clients,
        elapsed.as_secs_f64(),
        finished as f64 / elapsed.as_secs_f64(),
        latencies.len(),
        quantile(&latencies, 0.5),
        quantile(&latencies, 0.99),
    );
    if let (Some(before), Some(after)) = (cpu_before, server.cpu_time()) {
        let cpu = after.saturating_sub(before);
        report.push_str(&format!(
            "server CPU time: {:.2} s in all, {:.1} ms per game\n",
            cpu.as_secs_f64(),
            cpu.as_secs_f64() * 1000.0 / finished.max(1) as f64
        ));
    }
    if let Some((now, peak)) = server.memory_kib() {
        report.push_str(&format!("server memory: {now} KiB now, {peak} KiB peak\n"));
    }
    Ok(report)
}

/// What one client's game gave.
struct Played {
    finished: bool,
    /// Microseconds from each move sent to the next server message.
    latencies: Vec<u64>,
}

/// Plays one game as `parlor play` would with Enter pressed at every question.
async fn play_one(game: Game, addr: String, name: String) -> Result<Played, String> {
    let mut wire = Wire::connect(&addr, game.framing()).await?;
    let mut table = game.table(&name);
    for hello in table.hello() {
        wire.send(&hello).await.map_err(|e| e.to_string())?;
    }
    let mut latencies = Vec::new();
    let mut sent: Option<Instant> = None;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let Ok(message) = tokio::time::timeout_at(deadline, wire.incoming.recv()).await else {
            return Err(format!("{name}: the game did not end in time"));
        };
        let Some(message) = message else {
            return Ok(Played {
                finished: table.screen().over.is_some(),
                latencies,
            });
        };
        if let Some(at) = sent.take() {
            latencies.push(at.elapsed().as_micros() as u64);
        }
        for reply in table.receive(&message) {
            wire.send(&reply).await.map_err(|e| e.to_string())?;
        }
        let screen = table.screen();
        if screen.over.is_some() {
            return Ok(Played {
                finished: true,
                latencies,
            });
        }
        if screen.prompt.is_some() && !screen.choices.is_empty() {
            for reply in table.choose(screen.suggested) {
                wire.send(&reply).await.map_err(|e| e.to_string())?;
                sent = Some(Instant::now());
            }
        }
    }
}

/// The serve flag of the game's port.
pub fn port_flag(game: Game) -> &'static str {
    match game {
        Game::Minitruco => "--minitruco-port",
        Game::Truco => "--truco-port",
        Game::Wars => "--wars-port",
        Game::Jass => "--jass-port",
        Game::Mahjong => "--mahjong-port",
    }
}
