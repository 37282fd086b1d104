//! The Jass load benchmark: K single games at once, each four `jass-bot` clients (the
//! heuristic strategy) in their own session, over loopback against a `parlor serve` child.
//!
//! Reported: games per minute, and the server's CPU time per game and per deal (the
//! issue's measure: the reference server spent 10.3-10.8 ms per deal). With `--floor`,
//! the same bots then play the same games again against the floor server
//! ([`super::floor`]), which only sends the frames parlor sent; parlor's CPU per deal is
//! reported as a ratio to the floor's.

use super::floor::{Rounds, Script};
use super::server::{free_port, ServerProcess};
use clap::Args;
use parlor_client::transcript::{self, Transcript};
use std::time::{Duration, Instant};

/// Flags of `parlor bench jass`.
#[derive(Args, Debug)]
pub struct JassArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// The client bots' strategy.
    #[arg(long, default_value = "heuristic")]
    strategy: String,
    /// Then play the same games against the floor: a server that only sends the frames
    /// parlor sent, to the same bots, and reads their answers.
    #[arg(long)]
    floor: bool,
    /// With `--floor`: rounds of the same games, each against parlor and then against
    /// the floor; the report gives each round's ratio and their median (the CPU of two
    /// shared cores varies from one run to the next by more than the ratio moves).
    #[arg(long, default_value_t = 1)]
    rounds: usize,
}

/// What one run of the games cost its server.
struct Run {
    games: u32,
    deals: u32,
    elapsed: Duration,
    cpu: Option<Duration>,
    /// Each connection's frames, when they were kept.
    scripts: Vec<Script>,
}

impl Run {
    /// The server's CPU time per deal, in milliseconds.
    fn ms_per_deal(&self) -> Option<f64> {
        let cpu = self.cpu?;
        Some(cpu.as_secs_f64() * 1000.0 / f64::from(self.deals.max(1)))
    }
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
    let parlor = play(&server, port, &args, args.floor).await?;
    let mut report = format!(
        "jass: {} games (of {} started) with 4 {} client bots each, all at once: {:.2} s, {:.0} games/minute\n",
        parlor.games,
        args.games,
        args.strategy,
        parlor.elapsed.as_secs_f64(),
        f64::from(parlor.games) * 60.0 / parlor.elapsed.as_secs_f64()
    );
    if let Some(cpu) = parlor.cpu {
        let ms = cpu.as_secs_f64() * 1000.0;
        report.push_str(&format!(
            "server CPU time: {:.2} s in all, {:.1} ms per game, {:.2} ms per deal ({} deals)\n",
            cpu.as_secs_f64(),
            ms / f64::from(parlor.games.max(1)),
            ms / f64::from(parlor.deals.max(1)),
            parlor.deals,
        ));
    }
    if !args.floor {
        return Ok(report);
    }
    let mut rounds = Rounds::new(args.rounds);
    for round in 1..=args.rounds.max(1) {
        // The first round's games against parlor are the ones reported above.
        let again = match round {
            1 => None,
            _ => Some(play(&server, port, &args, false).await?),
        };
        let parlor_ms = again.as_ref().unwrap_or(&parlor).ms_per_deal();
        let floor = against_floor(&parlor.scripts, &args).await?;
        let (Some(parlor_ms), Some(floor_ms)) = (parlor_ms, floor.ms_per_deal()) else {
            continue;
        };
        let cost = format!("{parlor_ms:.2} ms per deal");
        let (ratio, round) = rounds.add(round, (parlor_ms, floor_ms), &cost);
        report.push_str(&format!(
            "{round}floor (the same frames played back, no game): {floor_ms:.2} ms per deal ({} deals); parlor is {ratio:.2} times the floor\n",
            floor.deals,
        ));
    }
    report.extend(rounds.median_line());
    Ok(report)
}

/// Plays the same games again against the floor server, serving `scripts`.
async fn against_floor(scripts: &[Script], args: &JassArgs) -> Result<Run, String> {
    let port = free_port()?;
    let file = std::env::temp_dir().join(format!(
        "parlor-bench-floor-{}-{port}.json",
        std::process::id()
    ));
    super::floor::save(scripts, &file)?;
    let flags = super::floor::flags("jass", port, &file);
    let floor = ServerProcess::start_other(&flags, port).await;
    let run = match floor {
        Ok(floor) => play(&floor, port, args, false).await,
        Err(error) => Err(error),
    };
    let _ = std::fs::remove_file(&file);
    run
}

/// Plays `args.games` games at once against the server on `port`, keeping each
/// connection's frames when `keep` asks for them.
async fn play(
    server: &ServerProcess,
    port: u16,
    args: &JassArgs,
    keep: bool,
) -> Result<Run, String> {
    let cpu_before = server.cpu_time();
    let started = Instant::now();
    let clients: Vec<_> = (0..args.games)
        .flat_map(|game| (0..4).map(move |seat| (game, seat)))
        .map(|(game, seat)| {
            let transcript = keep.then(Transcript::default);
            // Unique, so that the floor knows each connection by the name it chooses.
            let name = format!("bot{seat}g{game}");
            let options = parlor_client::jass::Options {
                url: format!("ws://127.0.0.1:{port}"),
                name: name.clone(),
                strategy: args.strategy.clone(),
                tournament: false,
                session: Some(format!("bench {game}")),
                seed: (game * 4 + seat) as u64,
                report: false,
                transcript: transcript.clone(),
            };
            let client = tokio::spawn(async move { parlor_client::jass::run(&options).await });
            (name, transcript, client)
        })
        .collect();
    let (mut finished, mut dealt) = (0, 0);
    let mut scripts = Vec::new();
    let mut game = Vec::new();
    for (name, transcript, client) in clients {
        for played in client.await.map_err(|e| e.to_string())?? {
            finished += played.games;
            dealt += played.deals;
        }
        if let Some(transcript) = transcript {
            game.push((name, transcript::take(&transcript)));
        }
        // The clients come game by game, four each.
        if game.len() == 4 {
            scripts.push(Script::merge(std::mem::take(&mut game))?);
        }
    }
    let elapsed = started.elapsed();
    let cpu = match (cpu_before, server.cpu_time()) {
        (Some(before), Some(after)) => Some(after.saturating_sub(before)),
        _ => None,
    };
    // Every seat counts every game and deal.
    Ok(Run {
        games: finished / 4,
        deals: dealt / 4,
        elapsed,
        cpu,
        scripts,
    })
}
