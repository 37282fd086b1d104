//! The Jass load benchmark: K single games at once, each four `jass-bot` clients (the
//! heuristic strategy) in their own session, over loopback against a `parlor serve` child.
//!
//! Reported: games per minute, and the server's CPU time per game and per deal (the
//! issue's measure: the reference server spent 10.3-10.8 ms per deal). With `--floor`,
//! the games are first played against a server that records its batches (not measured),
//! then against parlor and the floor server ([`super::floor`]), which only sends the
//! frames parlor sent, batch by batch; parlor's CPU per deal is reported as a ratio to
//! the floor's.

use super::floor::{Rounds, Script, Wire};
use super::server::{flag_list, free_port, ServerProcess};
use clap::Args;
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
    /// Also play the games against the floor: a server that only sends the frames parlor
    /// sent, batch by batch, to the same bots, and reads their answers (from a first run
    /// of the games, not measured, that records them).
    #[arg(long)]
    floor: bool,
    /// With `--floor`: rounds of the same games, each against parlor and then against
    /// the floor; the report gives each round's ratio and their median (the CPU of two
    /// shared cores varies from one run to the next by more than the ratio moves).
    #[arg(long, default_value_t = 1)]
    rounds: usize,
}

/// How long the games may take before the benchmark gives up on them.
const PATIENCE: Duration = Duration::from_secs(600);

/// What one run of the games cost its server.
struct Run {
    games: u32,
    deals: u32,
    elapsed: Duration,
    cpu: Option<Duration>,
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
    let scripts = match args.floor {
        true => Some(record(&args).await?),
        false => None,
    };
    let port = free_port()?;
    let server = ServerProcess::start(&serve_flags(port), port).await?;
    let parlor = play(&server, port, &args).await?;
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
    let Some((scripts, scripts_deals)) = scripts else {
        return Ok(report);
    };
    let mut rounds = Rounds::new(args.rounds);
    for round in 1..=args.rounds.max(1) {
        // The first round's games against parlor are the ones reported above.
        let again = match round {
            1 => None,
            _ => Some(play(&server, port, &args).await?),
        };
        let parlor_ms = again.as_ref().unwrap_or(&parlor).ms_per_deal();
        let floor = against_floor(&scripts, &args).await?;
        if floor.deals != scripts_deals {
            return Err(format!(
                "the floor played {} deals of the record's {scripts_deals}",
                floor.deals
            ));
        }
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
        Ok(floor) => play(&floor, port, args).await,
        Err(error) => Err(error),
    };
    let _ = std::fs::remove_file(&file);
    run
}

/// `parlor serve`'s flags: Jass on `port`, every other port off.
fn serve_flags(port: u16) -> Vec<String> {
    flag_list([
        ("--jass-port", port.to_string()),
        ("--minitruco-port", "0".into()),
        ("--truco-port", "0".into()),
        ("--wars-port", "0".into()),
        ("--mahjong-port", "0".into()),
        ("--http-port", "0".into()),
        ("--seed", "1".into()),
    ])
}

/// Plays the games once against a server that records its batches, and makes the
/// floor's scripts of the record; with the deals played.
async fn record(args: &JassArgs) -> Result<(Vec<Script>, u32), String> {
    let port = free_port()?;
    let file = std::env::temp_dir().join(format!(
        "parlor-bench-record-{}-{port}.jsonl",
        std::process::id()
    ));
    let mut flags = serve_flags(port);
    flags.extend(["--record-frames".into(), file.display().to_string()]);
    let played = async {
        let server = ServerProcess::start(&flags, port).await?;
        play(&server, port, args).await
    };
    let recorded = played.await.and_then(|run| {
        let events = parlor_server::net::recorder::read(&file);
        Ok((run, events.map_err(|e| format!("the record: {e}"))?))
    });
    let _ = std::fs::remove_file(&file);
    let (run, events) = recorded?;
    let games: Vec<Vec<String>> = (0..args.games)
        .map(|game| (0..4).map(|seat| name(game, seat)).collect())
        .collect();
    Ok((Script::from_record(Wire::Jass, &games, &events)?, run.deals))
}

/// The name of seat `seat` of game `game`: unique, so that the floor knows each
/// connection by the name it chooses.
fn name(game: usize, seat: usize) -> String {
    format!("bot{seat}g{game}")
}

/// Plays `args.games` games at once against the server on `port`.
async fn play(server: &ServerProcess, port: u16, args: &JassArgs) -> Result<Run, String> {
    let cpu_before = server.cpu_time();
    let started = Instant::now();
    let clients: Vec<_> = (0..args.games)
        .flat_map(|game| (0..4).map(move |seat| (game, seat)))
        .map(|(game, seat)| {
            let options = parlor_client::jass::Options {
                url: format!("ws://127.0.0.1:{port}"),
                name: name(game, seat),
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
    let deadline = tokio::time::Instant::now() + PATIENCE;
    for client in clients {
        let Ok(played) = tokio::time::timeout_at(deadline, client).await else {
            return Err("the games did not end in time".into());
        };
        for played in played.map_err(|e| e.to_string())?? {
            finished += played.games;
            dealt += played.deals;
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
    })
}
