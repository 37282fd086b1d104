//! The whole-game benchmark for any protocol: N `parlor play` clients (the same code as
//! the terminal client, without the terminal) each sit down against CPU players and take
//! the suggested move every time they are asked, over loopback against a `parlor serve`
//! child that runs only that protocol, with CPU players moving at once.
//!
//! Reported: games finished per second, the server's CPU time per game, the latency from
//! a move sent to the server's next message (p50, p99), and the server's memory. With
//! `--floor` (Mahjong), the games are first played against a server that records its
//! batches (not measured), then against parlor and the floor server ([`super::floor`]),
//! and parlor's CPU per game is reported as a ratio to the floor's.

use super::floor::{Rounds, Script};
use super::quantile;
use super::server::{flag_list, free_port, Cpu, ServerProcess};
use clap::Args;
use parlor_client::play::wire::Wire;
use parlor_client::play::Game;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

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
    /// Mahjong: people at each table (1: one client and three CPU players; 4: four
    /// clients, one table per four).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    people: u8,
    /// Run the server as a node of the cluster whose NATS server is at this URL (with
    /// `--database`): what the cluster adds to a game (its steps to the stream, its table
    /// in the list) is then in the figures.
    #[arg(long, requires = "database")]
    cluster: Option<String>,
    /// Store the games in this PostgreSQL database instead of SQLite (a cluster's
    /// store; needed by `--cluster`).
    #[arg(long)]
    database: Option<String>,
    /// Mahjong: also play the games against the floor, a server that only sends the
    /// lines parlor sent, batch by batch, to the same clients and reads their answers
    /// (from a first run of the games, not measured, that records them).
    #[arg(long)]
    floor: bool,
    /// With `--floor`: rounds of the same games, each against parlor (a fresh server)
    /// and then against the floor; the report gives each round's ratio and their median.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
}

/// How the clients sit down: how many at each table.
#[derive(Clone, Copy, Debug)]
pub struct Sitting {
    pub people: usize,
}

impl Sitting {
    /// Each client alone with CPU players.
    pub const ALONE: Sitting = Sitting { people: 1 };

    /// The names of the people of each table, when `clients` sit down as this says.
    fn tables(self, clients: usize) -> Vec<Vec<String>> {
        let names: Vec<String> = (0..clients).map(client_name).collect();
        names
            .chunks(self.people.max(1))
            .map(<[_]>::to_vec)
            .collect()
    }
}

/// The name of client `i`: unique, so that the floor knows each connection by the name
/// it gives.
fn client_name(i: usize) -> String {
    format!("bench{i}")
}

/// How long a game may take before the benchmark gives up on it.
const PATIENCE: Duration = Duration::from_secs(600);

/// Whole games played at once: how many, how fast, and the latency their moves saw.
pub struct Games {
    pub clients: usize,
    /// People at each table.
    pub people: usize,
    pub finished: usize,
    pub seconds: f64,
    /// Moves sent, and the latency from each to the server's next message (us).
    pub moves: usize,
    pub p50_us: u64,
    pub p99_us: u64,
}

impl Games {
    pub fn games_per_second(&self) -> f64 {
        self.tables() as f64 / self.seconds.max(f64::EPSILON)
    }

    /// Games finished: clients that saw their game end, over the people at each table.
    pub fn tables(&self) -> usize {
        self.finished / self.people
    }
}

/// What a run of whole games measured.
pub struct PlayFigures {
    pub games: Games,
    /// Server CPU time per finished game (Linux only).
    pub cpu: Option<PerGame>,
    /// Server resident memory now and at its peak, KiB (Linux only).
    pub memory_kib: Option<(u64, u64)>,
    /// Time its CPU players spent choosing moves, per finished game, in ms (from the
    /// server's `parlor_cpu_choice_seconds`; time taken, which is their CPU time unless
    /// the machine kept them waiting).
    pub choosing_ms_per_game: Option<f64>,
}

/// The seconds `protocol`'s CPU players have spent choosing so far, from the server's
/// `/metrics` on the HTTP port `http`.
async fn choosing_seconds(http: u16, protocol: &str) -> Option<f64> {
    let metrics = super::api::get(http, "/metrics").await?;
    let label = format!("protocol=\"{protocol}\"");
    let line = metrics
        .lines()
        .find(|line| line.starts_with("parlor_cpu_choice_seconds_sum{") && line.contains(&label));
    // No CPU player has chosen yet: none is listed.
    line.map_or(Some(0.0), |line| line.rsplit(' ').next()?.parse().ok())
}

/// A server's CPU time per game, in ms, and the part of it in the kernel.
#[derive(Clone, Copy, Debug)]
pub struct PerGame {
    pub ms: f64,
    pub kernel_ms: f64,
}

/// The server's CPU time per finished game since `before` (Linux only).
fn cpu_per_game(server: &ServerProcess, before: Option<Cpu>, finished: usize) -> Option<PerGame> {
    let spent = server.cpu()?.since(before?);
    let per_game = |time: Duration| time.as_secs_f64() * 1000.0 / finished.max(1) as f64;
    Some(PerGame {
        ms: per_game(spent.total),
        kernel_ms: per_game(spent.kernel),
    })
}

/// Runs the benchmark and returns the report.
pub async fn run(args: PlayArgs) -> Result<String, String> {
    let game = Game::by_name(&args.game).ok_or("unknown game")?;
    if game != Game::Mahjong && (args.people > 1 || args.floor) {
        return Err("--people and --floor are for mahjong".into());
    }
    let sitting = Sitting {
        people: usize::from(args.people),
    };
    let clients = args.clients.div_ceil(sitting.people) * sitting.people;
    let mut node = Vec::new();
    if let Some(database) = &args.database {
        let name = format!("bench{}", std::process::id());
        node.extend([
            "--database".into(),
            database.clone(),
            "--node-name".into(),
            name,
        ]);
    }
    if let Some(nats) = &args.cluster {
        node.extend(["--cluster".into(), nats.clone()]);
    }
    let scripts = match args.floor {
        true => Some(record(game, &args, clients, sitting).await?),
        false => None,
    };
    let f = measure(game, &args.game, clients, args.east_only, sitting, &node).await?;
    let g = &f.games;
    let mut report = format!(
        "play {}: {} of {} games finished in {:.2} s: {:.2} games/s\n\
         move -> next server message over {} moves: p50 {} us, p99 {} us\n",
        args.game,
        g.tables(),
        g.clients / g.people,
        g.seconds,
        g.games_per_second(),
        g.moves,
        g.p50_us,
        g.p99_us,
    );
    if let Some(PerGame { ms, kernel_ms }) = f.cpu {
        report.push_str(&format!(
            "server CPU time: {ms:.1} ms per game, {kernel_ms:.1} of it in the kernel\n"
        ));
    }
    if let Some(chose) = f.choosing_ms_per_game.filter(|&c| c > 0.0) {
        report.push_str(&format!(
            "of which its CPU players' choosing: {chose:.1} ms per game\n"
        ));
    }
    if let Some((now, peak)) = f.memory_kib {
        report.push_str(&format!("server memory: {now} KiB now, {peak} KiB peak\n"));
    }
    let Some(scripts) = scripts else {
        return Ok(report);
    };
    let mut rounds = Rounds::new(args.rounds);
    for round in 1..=args.rounds.max(1) {
        // The first round's games against parlor are the ones reported above.
        let (parlor, chose) = match round {
            1 => (f.cpu, f.choosing_ms_per_game),
            _ => {
                let again = measure(game, &args.game, clients, args.east_only, sitting, &node);
                let again = again.await?;
                (again.cpu, again.choosing_ms_per_game)
            }
        };
        let floor = against_floor(game, g, sitting, &scripts).await?;
        let (Some(parlor), Some(floor)) = (parlor, floor) else {
            continue;
        };
        let (kernel, floor_kernel) = (parlor.kernel_ms, floor.kernel_ms);
        let (parlor, floor) = (parlor.ms, floor.ms);
        let cost = format!("{parlor:.1} ms per game ({kernel:.1} in the kernel)");
        let (ratio, round) = rounds.add(round, (parlor, floor), &cost);
        // The floor has no CPU players to think for: what parlor spends besides is shown
        // too.
        let besides = match chose.filter(|&c| c > 0.0) {
            Some(chose) => {
                let without = (parlor - chose) / floor.max(f64::EPSILON);
                rounds.without_choosing(without);
                format!(", {without:.2} without its CPU players' choosing")
            }
            None => String::new(),
        };
        report.push_str(&format!(
            "{round}floor (the same lines played back, no game): {floor:.1} ms per game \
             ({floor_kernel:.1} in the kernel); parlor is {ratio:.2} times the floor{besides}\n"
        ));
    }
    report.extend(rounds.median_line());
    Ok(report)
}

/// Plays the games once against a server of its own that records its batches (never a
/// cluster's node: its frames are the same, and it shares nothing with the measured
/// one), and makes the floor's scripts of the record.
async fn record(
    game: Game,
    args: &PlayArgs,
    clients: usize,
    sitting: Sitting,
) -> Result<Vec<Script>, String> {
    let file = std::env::temp_dir().join(format!(
        "parlor-bench-record-{}-{}.jsonl",
        std::process::id(),
        free_port()?
    ));
    let flags = ["--record-frames".into(), file.display().to_string()];
    let played = measure(game, &args.game, clients, args.east_only, sitting, &flags).await;
    let recorded = played.and_then(|_| {
        parlor_server::net::recorder::read(&file).map_err(|e| format!("the record: {e}"))
    });
    let _ = std::fs::remove_file(&file);
    let tables = sitting.tables(clients);
    Script::from_record(super::floor::Wire::Mahjong, &tables, &recorded?)
}

/// Plays the games in `played` again against the floor server, serving `scripts`; its
/// CPU per game, and the part of it in the kernel.
async fn against_floor(
    game: Game,
    played: &Games,
    sitting: Sitting,
    scripts: &[Script],
) -> Result<Option<PerGame>, String> {
    let port = free_port()?;
    let file = std::env::temp_dir().join(format!(
        "parlor-bench-floor-{}-{port}.json",
        std::process::id()
    ));
    super::floor::save(scripts, &file)?;
    let flags = super::floor::flags("mahjong", port, &file);
    let run = async {
        let floor = ServerProcess::start_other(&flags, port).await?;
        let before = floor.cpu();
        let addr = format!("127.0.0.1:{port}");
        let again = play_games(game, &addr, played.clients, sitting).await?;
        if again.finished != played.finished {
            return Err(format!(
                "the floor finished {} games of {}",
                again.finished, played.finished
            ));
        }
        Ok(cpu_per_game(&floor, before, again.tables()))
    };
    let result = run.await;
    let _ = std::fs::remove_file(&file);
    result
}

/// Plays `clients` whole games of `game` (its name: `name`) against a fresh server.
pub async fn measure(
    game: Game,
    name: &str,
    clients: usize,
    east_only: bool,
    sitting: Sitting,
    more_flags: &[String],
) -> Result<PlayFigures, String> {
    let port = free_port()?;
    let http = free_port()?;
    // Alone: CPU players at once; together: the table starts when four are there.
    let fill_after = if sitting.people == 1 { "0" } else { "600" };
    let mut flags = flag_list([
        ("--only", format!("{name},http")),
        (port_flag(game), port.to_string()),
        ("--http-port", http.to_string()),
        ("--bot-delay-ms", "0".into()),
        ("--rooms", clients.max(1).to_string()),
        ("--mahjong-fill-after", fill_after.into()),
        ("--wars-lobby", "0".into()),
        ("--seed", "1".into()),
    ]);
    if east_only {
        flags.push("--mahjong-east-only".into());
    }
    flags.extend(more_flags.iter().cloned());
    let server = ServerProcess::start(&flags, port).await?;
    let addr = game.address(&format!("127.0.0.1:{port}"));
    // Read before the CPU time starts counting, and after it stops: asking for the
    // metrics costs the server too.
    let chose_before = choosing_seconds(http, name).await;
    let cpu_before = server.cpu();
    let games = play_games(game, &addr, clients, sitting).await?;
    let cpu = cpu_per_game(&server, cpu_before, games.tables());
    let chose = choosing_seconds(http, name).await;
    let per_game = |seconds: f64| seconds * 1000.0 / games.tables().max(1) as f64;
    Ok(PlayFigures {
        cpu,
        choosing_ms_per_game: chose.zip(chose_before).map(|(a, b)| per_game(a - b)),
        games,
        memory_kib: server.memory_kib(),
    })
}

/// Plays `clients` whole games at once against the server at `addr`, sitting down as
/// `sitting` says: tables of several people sit down one after another, each once the
/// one before has started, so that the clients of a table are known.
pub async fn play_games(
    game: Game,
    addr: &str,
    clients: usize,
    sitting: Sitting,
) -> Result<Games, String> {
    play_games_at(game, &[addr.to_owned()], clients, sitting).await
}

/// [`play_games`] with client `i` connecting to `addrs[i % addrs.len()]` (the nodes of a
/// cluster, in turn).
pub async fn play_games_at(
    game: Game,
    addrs: &[String],
    clients: usize,
    sitting: Sitting,
) -> Result<Games, String> {
    let started = Instant::now();
    let mut tasks = Vec::new();
    let mut i = 0;
    for table in sitting.tables(clients) {
        let mut seated = Vec::new();
        for name in table {
            let addr = addrs[i % addrs.len()].clone();
            i += 1;
            let (sat, at_table) = oneshot::channel();
            let together = sitting.people > 1;
            seated.extend(together.then_some(at_table));
            let client = Client {
                game,
                addr,
                name,
                seated: together.then_some(sat),
            };
            tasks.push(tokio::spawn(play_one(client)));
        }
        for at_table in seated {
            // A client that never sat down says why when its task is awaited below.
            let _ = at_table.await;
        }
    }
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
        people: sitting.people.max(1),
        finished,
        seconds: started.elapsed().as_secs_f64(),
        moves: latencies.len(),
        p50_us: quantile(&latencies, 0.5),
        p99_us: quantile(&latencies, 0.99),
    })
}

/// One client: where it plays, and under what name.
struct Client {
    game: Game,
    addr: String,
    name: String,
    /// Told when the table's first message after the greeting comes (several people at
    /// a table).
    seated: Option<oneshot::Sender<()>>,
}

/// What one client's game gave.
struct Played {
    finished: bool,
    /// Microseconds from each move sent to the next server message.
    latencies: Vec<u64>,
}

/// Plays one game as `parlor play` would with Enter pressed at every question.
async fn play_one(client: Client) -> Result<Played, String> {
    let Client {
        game,
        addr,
        name,
        mut seated,
    } = client;
    let mut wire = Wire::connect(&addr, game.framing()).await?;
    let mut table = game.table(&name);
    for hello in table.hello() {
        let written = wire.send(&hello).await;
        written.map_err(|e| format!("{name}: sending its hello: {e}"))?;
    }
    let mut latencies = Vec::new();
    let mut sent: Option<Instant> = None;
    let mut heard = 0;
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
        heard += 1;
        if heard == 2 {
            if let Some(seated) = seated.take() {
                let _ = seated.send(());
            }
        }
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
