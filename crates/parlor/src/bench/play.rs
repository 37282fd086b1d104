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

/// Whole games played at once: how many, how fast, and the latency their moves saw.
pub struct Games {
    pub clients: usize,
    pub finished: usize,
    pub seconds: f64,
    /// Moves sent, and the latency from each to the server's next message (us).
    pub moves: usize,
    pub p50_us: u64,
    pub p99_us: u64,
}

impl Games {
    pub fn games_per_second(&self) -> f64 {
        self.finished as f64 / self.seconds.max(f64::EPSILON)
    }
}

/// What a run of whole games measured.
pub struct PlayFigures {
    pub games: Games,
    /// Server CPU time per finished game, in ms (Linux only).
    pub cpu_ms_per_game: Option<f64>,
    /// Server resident memory now and at its peak, KiB (Linux only).
    pub memory_kib: Option<(u64, u64)>,
}

/// Runs the benchmark and returns the report.
pub async fn run(args: PlayArgs) -> Result<String, String> {
    let game = Game::by_name(&args.game).ok_or("unknown game")?;
    let f = measure(game, &args.game, args.clients, args.east_only).await?;
    let g = &f.games;
    let mut report = format!(
        "play {}: {} of {} games finished in {:.2} s: {:.2} games/s\n\
         move -> next server message over {} moves: p50 {} us, p99 {} us\n",
        args.game,
        g.finished,
        g.clients,
        g.seconds,
        g.games_per_second(),
        g.moves,
        g.p50_us,
        g.p99_us,
    );
    if let Some(cpu) = f.cpu_ms_per_game {
        report.push_str(&format!("server CPU time: {cpu:.1} ms per game\n"));
    }
    if let Some((now, peak)) = f.memory_kib {
        report.push_str(&format!("server memory: {now} KiB now, {peak} KiB peak\n"));
    }
    Ok(report)
}

/// Plays `clients` whole games of `game` (its name: `name`) against a fresh server.
pub async fn measure(
    game: Game,
    name: &str,
    clients: usize,
    east_only: bool,
) -> Result<PlayFigures, String> {
    let port = free_port()?;
    let http = free_port()?;
    let mut flags: Vec<String> = [
        ("--only", format!("{name},http")),
        (port_flag(game), port.to_string()),
        ("--http-port", http.to_string()),
        ("--bot-delay-ms", "0".into()),
        ("--rooms", clients.max(1).to_string()),
        ("--mahjong-fill-after", "0".into()),
        ("--wars-lobby", "0".into()),
        ("--seed", "1".into()),
    ]
    .into_iter()
    .flat_map(|(flag, value)| [flag.to_owned(), value])
    .collect();
    if east_only {
        flags.push("--mahjong-east-only".into());
    }
    let server = ServerProcess::start(&flags, port).await?;
    let addr = game.address(&format!("127.0.0.1:{port}"));
    let cpu_before = server.cpu_time();
    let games = play_games(game, &addr, clients).await?;
    let finished = games.finished;
    let cpu_ms_per_game = match (cpu_before, server.cpu_time()) {
        (Some(before), Some(after)) => {
            let cpu = after.saturating_sub(before).as_secs_f64() * 1000.0;
            Some(cpu / finished.max(1) as f64)
        }
        _ => None,
    };
    Ok(PlayFigures {
        games,
        cpu_ms_per_game,
        memory_kib: server.memory_kib(),
    })
}

/// Plays `clients` whole games at once against the server at `addr`.
pub async fn play_games(game: Game, addr: &str, clients: usize) -> Result<Games, String> {
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|i| tokio::spawn(play_one(game, addr.to_owned(), format!("bench{i}"))))
        .collect();
    let mut latencies = Vec::new();
    let mut finished = 0;
    for task in tasks {
        let played = task.await.map_err(|e| e.to_string())??;
        finished += usize::from(played.finished);
        latencies.extend(played.latencies);
    }
    latencies.sort_unstable();
    Ok(Games {
        clients,
        finished,
        seconds: started.elapsed().as_secs_f64(),
        moves: latencies.len(),
        p50_us: quantile(&latencies, 0.5),
        p99_us: quantile(&latencies, 0.99),
    })
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
        let written = wire.send(&hello).await;
        written.map_err(|e| format!("{name}: sending its hello: {e}"))?;
    }
    let mut latencies = Vec::new();
    let mut sent: Option<Instant> = None;
    // A write failed: the server closed the connection, which happens at the end of a
    // game when a move or an answer crosses the last messages. What it sent before is
    // still read, and says whether the game finished.
    let mut closed = false;
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
        let mut replies = table.receive(&message);
        let screen = table.screen();
        if screen.over.is_some() {
            return Ok(Played {
                finished: true,
                latencies,
            });
        }
        let moving = screen.prompt.is_some() && !screen.choices.is_empty();
        if moving {
            replies.extend(table.choose(screen.suggested));
        }
        for reply in replies {
            closed = closed || wire.send(&reply).await.is_err();
        }
        if moving && !closed {
            sent = Some(Instant::now());
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
