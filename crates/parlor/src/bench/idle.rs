//! The idle-connection benchmark: N clients of one protocol connect to a `parlor serve`
//! child that runs only that protocol, say hello as `parlor play` does (a name, a seat
//! at a forming table, a lobby), then sit idle; the server's resident memory before and
//! after gives the memory per idle connection. With `--ws` the clients come through the
//! HTTP port's `/ws/<protocol>` bridge instead (Jass always speaks WebSocket). With
//! `--churn R` the clients then leave and come back R times, and the memory after each
//! round shows whether the server gives it back. With `--play G`, G whole games are
//! played by `parlor play`'s clients while the idle ones are held: what the idle
//! connections cost the games, as the latency their moves see.

use super::play::{play_games, port_flag, Games, Sitting};
use super::server::{flag_list, free_port, ServerProcess};
use clap::Args;
use parlor_client::play::wire::{Framing, Wire};
use parlor_client::play::Game;
use std::time::Duration;
use tokio::sync::mpsc;

/// Flags of `parlor bench idle`.
#[derive(Args, Debug)]
pub struct IdleArgs {
    /// The protocol: minitruco, truco, wars, jass or mahjong.
    #[arg(long, default_value = "minitruco")]
    protocol: String,
    /// Connections held at once (the server's file limit bounds it: one descriptor each).
    #[arg(long, default_value_t = 2000)]
    connections: usize,
    /// Connect through the HTTP port's `/ws/<protocol>` bridge.
    #[arg(long)]
    ws: bool,
    /// Rounds of everyone leaving and connecting again, memory shown after each.
    #[arg(long, default_value_t = 0)]
    churn: usize,
    /// Whole games played at once by `parlor play` clients (against CPU players) while
    /// the idle connections are held. The server then fills a Mahjong table with CPU
    /// players at once, so idle Mahjong people sit at tables of their own. Not for
    /// Warlords, whose one table holds every client.
    #[arg(long, default_value_t = 0)]
    play: usize,
}

/// How long a new connection may take to be answered before it counts as idle anyway
/// (an mmj1 lobby answers nothing until a table starts).
const FIRST_ANSWER: Duration = Duration::from_secs(3);

/// What an idle run measured (KiB of the server's resident memory).
pub struct IdleFigures {
    pub connections: usize,
    pub start: u64,
    pub full: u64,
    /// Each churn round: after everyone left, and with everyone back.
    pub rounds: Vec<(u64, u64)>,
    pub end: u64,
    /// The games played while the connections were held (`--play`).
    pub games: Option<Games>,
}

impl IdleFigures {
    /// Bytes of server memory per idle connection.
    pub fn per_connection(&self) -> f64 {
        self.full.saturating_sub(self.start) as f64 * 1024.0 / self.connections.max(1) as f64
    }

    /// Memory after everyone left, in percent above the start.
    pub fn end_over_start(&self) -> f64 {
        100.0 * (self.end as f64 - self.start as f64) / self.start.max(1) as f64
    }
}

/// Runs the benchmark and returns the report.
pub async fn run(args: IdleArgs) -> Result<String, String> {
    let game = Game::by_name(&args.protocol).ok_or("unknown protocol")?;
    if args.play > 0 && game == Game::Wars {
        return Err("--play is not offered for Warlords: its one table holds every client".into());
    }
    let holding = Holding {
        connections: args.connections,
        ws: args.ws,
        churn: args.churn,
        play: args.play,
    };
    let f = measure(game, &args.protocol, holding).await?;
    let via = if args.ws { " through /ws/" } else { "" };
    let per = f.per_connection();
    let mut report = format!(
        "idle {}{via}: {} connections, each having said hello\n\
         server RSS before: {} KiB\n\
         server RSS with them: {} KiB: {:.1} KiB ({per:.0} bytes) per idle connection\n",
        args.protocol,
        f.connections,
        f.start,
        f.full,
        per / 1024.0
    );
    if let Some(g) = &f.games {
        report.push_str(&format!(
            "meanwhile {} of {} games finished in {:.2} s; move -> next server message over {} \
             moves: p50 {} us, p99 {} us\n",
            g.finished, g.clients, g.seconds, g.moves, g.p50_us, g.p99_us
        ));
    }
    for (round, (empty, again)) in f.rounds.iter().enumerate() {
        report.push_str(&format!(
            "churn round {}: {empty} KiB after they left, {again} KiB with them again\n",
            round + 1
        ));
    }
    report.push_str(&format!(
        "server RSS after all left: {} KiB ({:+.0}% of the start)\n",
        f.end,
        f.end_over_start()
    ));
    Ok(report)
}

/// What an idle run holds, and what it does meanwhile.
#[derive(Clone, Copy, Debug, Default)]
pub struct Holding {
    /// Idle clients held at once.
    pub connections: usize,
    /// They come through the HTTP port's `/ws/` bridge.
    pub ws: bool,
    /// Rounds of leaving and coming back.
    pub churn: usize,
    /// Whole games played while they are held.
    pub play: usize,
}

/// Holds idle clients of `game` (its name: `name`) against a fresh server, plays the
/// games asked for meanwhile, then lets them leave and come back as asked.
pub async fn measure(game: Game, name: &str, holding: Holding) -> Result<IdleFigures, String> {
    let Holding {
        connections,
        ws,
        churn,
        play,
    } = holding;
    let port = free_port()?;
    let http = free_port()?;
    // Games alongside need CPU players at once: a Mahjong table fills without waiting.
    let fill_after = if play > 0 { "0" } else { "3600" };
    let mut flags = flag_list([
        ("--only", format!("{name},http")),
        (port_flag(game), port.to_string()),
        ("--http-port", http.to_string()),
        ("--max-connections", "100000".into()),
        // No table starts among idle people: Warlords and Mahjong wait for more.
        ("--wars-min-players", "7".into()),
        ("--wars-lobby", "3600".into()),
        ("--mahjong-fill-after", fill_after.into()),
        // Tables of idle people (every fourth course Truco or mmj1 connection starts
        // one) wait for them instead of playing for them.
        ("--truco-turn-timeout", "0".into()),
        ("--mahjong-turn-timeout", "0".into()),
        // A table whose people left ends at once instead of keeping their seats.
        ("--reconnect-grace", "0".into()),
        ("--hello-timeout", "3600".into()),
        ("--seed", "1".into()),
    ]);
    if play > 0 {
        // A room for each game (idle miniTruco people stay in the lounge).
        let rooms = play.min(10_000);
        flags.extend(["--bot-delay-ms".into(), "0".into()]);
        flags.extend(["--rooms".into(), rooms.to_string()]);
    }
    let server = ServerProcess::start(&flags, port).await?;
    let addr = match (ws || game == Game::Jass, game) {
        (_, Game::Jass) => format!("ws://127.0.0.1:{port}"),
        (true, _) => format!("ws://127.0.0.1:{http}/ws/{name}"),
        (false, _) => format!("127.0.0.1:{port}"),
    };
    let framing = match ws {
        true => Framing::WebSocket,
        false => game.framing(),
    };
    let counted = counted_name(game);
    let settled = |open| settle(http, counted, open);
    let start = memory(&server)?;
    let mut held = connect_all(game, &addr, framing, connections).await?;
    settled(connections).await?;
    if play > 0 && game == Game::Truco {
        // Every fourth idle connection completes a table: the games' own people must not
        // complete one of theirs (and wait there for ever for idle people to move).
        formed(http, name, connections / 4).await?;
    }
    let full = memory(&server)?;
    let games = match play {
        0 => None,
        clients => {
            let addr = game.address(&format!("127.0.0.1:{port}"));
            Some(play_games(game, &addr, clients, Sitting::ALONE).await?)
        }
    };
    let mut rounds = Vec::new();
    for _ in 0..churn {
        drop(held);
        settled(0).await?;
        ServerProcess::given_back().await;
        let empty = memory(&server)?;
        held = connect_all(game, &addr, framing, connections).await?;
        settled(connections).await?;
        rounds.push((empty, memory(&server)?));
    }
    drop(held);
    settled(0).await?;
    ServerProcess::given_back().await;
    let end = memory(&server)?;
    Ok(IdleFigures {
        connections,
        start,
        full,
        rounds,
        end,
        games,
    })
}

/// Where `/healthz` counts the clients (a bridged client counts as a connection of its
/// protocol too).
fn counted_name(game: Game) -> &'static str {
    match game {
        Game::Jass => "jass",
        Game::Minitruco => "minitruco",
        Game::Truco => "truco",
        Game::Wars => "wars",
        Game::Mahjong => "mahjong",
    }
}

/// The server's resident memory now, in KiB, once its work has settled.
fn memory(server: &ServerProcess) -> Result<u64, String> {
    server
        .memory_kib()
        .map(|(now, _)| now)
        .ok_or_else(|| "the server's memory cannot be read (Linux /proc only)".into())
}

/// Waits until the server counts `open` connections of `protocol` (its `/healthz`), so
/// what is measured is the server with exactly those connections.
async fn settle(http: u16, protocol: &str, open: usize) -> Result<(), String> {
    for _ in 0..400 {
        if open_connections(http, protocol).await == Some(open) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(format!(
        "the server never counted {open} open {protocol} connections"
    ))
}

/// Waits until `/api/tables` lists `count` running tables of `protocol`.
async fn formed(http: u16, protocol: &str, count: usize) -> Result<(), String> {
    for _ in 0..400 {
        let tables = get_json(http, "/api/tables").await;
        let listed = tables.as_ref().and_then(serde_json::Value::as_array);
        let running = listed.map(|t| t.iter().filter(|t| t["game"] == protocol).count());
        if running == Some(count) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(format!(
        "the idle {protocol} people never made {count} tables"
    ))
}

/// The open connections of `protocol` on `/healthz`.
async fn open_connections(http: u16, protocol: &str) -> Option<usize> {
    let body = get_json(http, "/healthz").await?;
    usize::try_from(body["connections"][protocol].as_u64()?).ok()
}

/// `path` on the server's HTTP port, read as JSON.
async fn get_json(http: u16, path: &str) -> Option<serde_json::Value> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut c = tokio::net::TcpStream::connect(("127.0.0.1", http))
        .await
        .ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n");
    c.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    c.read_to_string(&mut answer).await.ok()?;
    serde_json::from_str(answer.split("\r\n\r\n").nth(1)?).ok()
}

/// Client tasks; dropping them closes their connections.
struct Held(Vec<tokio::task::JoinHandle<()>>);

impl Drop for Held {
    fn drop(&mut self) {
        for client in &self.0 {
            client.abort();
        }
    }
}

/// Opens `n` clients that say hello and then answer what the server asks as
/// `parlor play` would.
async fn connect_all(game: Game, addr: &str, framing: Framing, n: usize) -> Result<Held, String> {
    let (ready_tx, mut ready) = mpsc::channel(n.max(1));
    let mut held = Vec::with_capacity(n);
    for i in 0..n {
        let mut wire = Wire::connect(addr, framing).await?;
        let mut table = game.table(&format!("idle{i}"));
        let ready_tx = ready_tx.clone();
        held.push(tokio::spawn(async move {
            for hello in table.hello() {
                let _ = wire.send(&hello).await;
            }
            let mut answered = false;
            loop {
                let message = if answered {
                    wire.incoming.recv().await
                } else {
                    match tokio::time::timeout(FIRST_ANSWER, wire.incoming.recv()).await {
                        Ok(message) => message,
                        Err(_) => {
                            answered = true;
                            let _ = ready_tx.send(Ok(())).await;
                            continue;
                        }
                    }
                };
                let Some(message) = message else {
                    if !answered {
                        // Closed before its first answer: refused (a full listener).
                        let _ = ready_tx.send(Err(())).await;
                    }
                    break;
                };
                for reply in table.receive(&message) {
                    let _ = wire.send(&reply).await;
                }
                if !answered {
                    answered = true;
                    let _ = ready_tx.send(Ok(())).await;
                }
            }
        }));
    }
    for _ in 0..n {
        match ready.recv().await {
            Some(Ok(())) => {}
            Some(Err(())) => {
                return Err("the server closed a connection before answering it (its \
                     connection cap or file descriptor limit?)"
                    .into())
            }
            None => return Err("a client ended before it was ready".into()),
        }
    }
    Ok(Held(held))
}
