//! The floor of a game's server cost: a server that decides nothing and only sends the
//! frames a real run sent, to the same clients in the same order, reading their answers
//! where the real server did, over parlor's own socket handling (its accept loop, and
//! the WebSocket `WsConnection` of the Jass port or the line `Connection` of the mmj1
//! port). Whatever CPU it spends per deal or game is what the message pattern costs on
//! this machine before any game logic; `parlor bench jass --floor` and
//! `parlor bench play --game mahjong --floor` measure parlor and its floor in one run.
//!
//! A game's script is its clients' transcripts ([`parlor_client::transcript`]) merged by
//! time: a frame a client read after another client sent its move is sent only once that
//! move has come in, so the floor never sends ahead of what the moves allow (which would
//! gather more frames into each write than a real server can). Like a real server, each
//! game is one task and each connection another; what the game owes a connection
//! between two moves goes out in one batch. A connection is matched to its game and seat
//! by the player name in its first message (the benchmarks name every client uniquely);
//! what the server sends before that (Jass's `REQUEST_PLAYER_NAME`) is the same for all.

use clap::{Args, ValueEnum};
use parlor_client::transcript::Frame;
use parlor_server::net::{
    accept_loop, ws_handshake, Admission, LineConnection, Outbox, Settings, WsConnection, WsInput,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// One game's frames, every connection's, in an order the moves allow.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Script {
    /// The player names, by connection.
    names: Vec<String>,
    /// What every connection is sent before its first message.
    greeting: Vec<String>,
    /// `(connection, from the server, text)` from each connection's first message on.
    steps: Vec<(usize, bool, String)>,
}

impl Script {
    /// Merges one game's transcripts, `(player name, frames)` each, by time.
    pub fn merge(connections: Vec<(String, Vec<Frame>)>) -> Result<Script, String> {
        let mut greeting: Option<Vec<String>> = None;
        let mut timed = Vec::new();
        let mut names = Vec::new();
        for (conn, (name, frames)) in connections.into_iter().enumerate() {
            let first = frames.iter().position(|f| !f.from_server);
            let first = first.ok_or_else(|| format!("{name} never spoke"))?;
            let own: Vec<String> = frames[..first].iter().map(|f| f.text.clone()).collect();
            if greeting.get_or_insert_with(|| own.clone()) != &own {
                return Err("the connections are not greeted alike".into());
            }
            // A connection's own frames keep their order: equal times go by position.
            let rest = frames.into_iter().skip(first).enumerate();
            timed.extend(rest.map(|(i, f)| (f.at, conn, i, f)));
            names.push(name);
        }
        timed.sort_by_key(|&(at, conn, i, _)| (at, conn, i));
        Ok(Script {
            names,
            greeting: greeting.ok_or("a game without connections")?,
            steps: timed
                .into_iter()
                .map(|(_, conn, _, f)| (conn, f.from_server, f.text))
                .collect(),
        })
    }
}

/// Writes `scripts` for [`run`] to read.
pub fn save(scripts: &[Script], file: &Path) -> Result<(), String> {
    let text = serde_json::to_string(scripts).map_err(|e| e.to_string())?;
    std::fs::write(file, text).map_err(|e| e.to_string())
}

/// The wire the floor speaks.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Wire {
    /// Jass: JSON text frames over a WebSocket.
    Jass,
    /// Mahjong: mmj1 lines over TCP.
    Mahjong,
}

impl Wire {
    /// The player name a connection's first message gives.
    fn name(self, first: &str) -> Option<String> {
        match self {
            Wire::Jass => {
                let value = serde_json::from_str::<serde_json::Value>(first).ok()?;
                value["data"].as_str().map(str::to_owned)
            }
            Wire::Mahjong => match parlor_wire::mmj1::ClientMsg::parse(first).ok()? {
                parlor_wire::mmj1::ClientMsg::Hello(name) => String::from_utf8(name).ok(),
                _ => None,
            },
        }
    }
}

/// Flags of the hidden `parlor bench floor`, started by the benchmarks' `--floor`.
#[derive(Args, Debug)]
pub struct FloorArgs {
    /// The wire to speak.
    #[arg(long, value_enum)]
    wire: Wire,
    /// The port to serve on.
    #[arg(long)]
    port: u16,
    /// The scripts [`save`] wrote.
    #[arg(long)]
    scripts: PathBuf,
}

/// The floor's own flags for `scripts` on `port`, to start it with.
pub fn flags(wire: &str, port: u16, scripts: &Path) -> Vec<String> {
    let port = port.to_string();
    let scripts = scripts.display().to_string();
    let flags = [
        "bench",
        "floor",
        "--wire",
        wire,
        "--port",
        &port,
        "--scripts",
        &scripts,
    ];
    flags.into_iter().map(str::to_owned).collect()
}

/// What a connection tells its game.
enum ToGame {
    /// Connection `conn` is here; this is its outbox.
    Joined { conn: usize, outbox: Outbox },
    /// Connection `conn` sent a message.
    Message { conn: usize },
}

/// Where a connection goes by the name it gives: its game, and its place in it.
type Directory = HashMap<String, (mpsc::UnboundedSender<ToGame>, usize)>;

/// What every connection needs: the directory and the greeting.
struct Shared {
    wire: Wire,
    directory: Directory,
    greeting: Vec<String>,
}

/// Messages queued to one client before it is dropped, as the Jass port's default.
const OUTBOX: usize = 256;

/// The longest line a Mahjong client may send, as the mmj1 port's default.
const MAX_LINE: usize = 4096;

/// Serves the scripts in `args.scripts` on `args.port` until killed.
pub async fn run(args: FloorArgs) -> Result<String, String> {
    let text = std::fs::read_to_string(&args.scripts).map_err(|e| e.to_string())?;
    let scripts: Vec<Script> = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let greeting = scripts.first().ok_or("no scripts")?.greeting.clone();
    let mut directory = HashMap::new();
    for script in scripts {
        let (tx, rx) = mpsc::unbounded_channel();
        for (conn, name) in script.names.iter().enumerate() {
            directory.insert(name.clone(), (tx.clone(), conn));
        }
        tokio::spawn(play_game(script, rx));
    }
    let shared = Arc::new(Shared {
        wire: args.wire,
        directory,
        greeting,
    });
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .await
        .map_err(|e| e.to_string())?;
    let admission = Admission::new("floor", 100_000, 100_000);
    accept_loop(
        "floor",
        listener,
        admission,
        CancellationToken::new(),
        move |tcp, _, stop| serve(tcp, shared.clone(), stop),
    )
    .await;
    Ok(String::new())
}

/// Serves one connection as the real port would set it up.
async fn serve(tcp: TcpStream, shared: Arc<Shared>, stop: CancellationToken) {
    match shared.wire {
        Wire::Jass => {
            let Some(ws) = ws_handshake(tcp).await else {
                return;
            };
            WsConnection::serve(ws, OUTBOX, stop, |ws| websocket(ws, shared)).await;
        }
        Wire::Mahjong => {
            let settings = Settings {
                outbox_lines: OUTBOX,
                terminator: "\n",
                protocol: "floor",
            };
            lines(LineConnection::lines(tcp, MAX_LINE, settings, stop), shared).await;
        }
    }
}

/// A WebSocket connection: every text frame it sends handed to its game.
async fn websocket(mut ws: WsConnection, shared: Arc<Shared>) {
    ws.outbox().send_all(shared.greeting.iter().cloned());
    let mut place = None;
    loop {
        let WsInput::Text(text) = ws.next().await else {
            return;
        };
        if !hand_over(&shared, &mut place, ws.outbox(), &text) {
            return;
        }
    }
}

/// A line connection: every line it sends handed to its game.
async fn lines(mut connection: LineConnection, shared: Arc<Shared>) {
    connection
        .outbox()
        .send_all(shared.greeting.iter().cloned());
    let mut place = None;
    while let parlor_server::net::Input::Message(line) = connection.next(None).await {
        if !hand_over(&shared, &mut place, connection.outbox(), &line) {
            break;
        }
    }
    connection.close().await;
}

/// Greets a connection, finds its game by its first message, and tells the game of each
/// message; false when the connection is to end.
fn hand_over(
    shared: &Shared,
    place: &mut Option<(mpsc::UnboundedSender<ToGame>, usize)>,
    outbox: &Outbox,
    text: &str,
) -> bool {
    if place.is_none() {
        let found = shared
            .wire
            .name(text)
            .and_then(|n| shared.directory.get(&n));
        let Some((game, conn)) = found.cloned() else {
            return false;
        };
        let outbox = outbox.clone();
        if game.send(ToGame::Joined { conn, outbox }).is_err() {
            return false;
        }
        *place = Some((game, conn));
    }
    let Some((game, conn)) = place else {
        return false;
    };
    game.send(ToGame::Message { conn: *conn }).is_ok()
}

/// Plays one game's script: frames owed to each connection are sent together when the
/// next message is awaited; at the end every connection is closed.
async fn play_game(script: Script, mut inbox: mpsc::UnboundedReceiver<ToGame>) {
    let seats = script.names.len();
    let mut outboxes: Vec<Option<Outbox>> = vec![None; seats];
    let mut heard = vec![0usize; seats];
    let mut owed: Vec<Vec<String>> = vec![Vec::new(); seats];
    for (conn, from_server, text) in script.steps {
        if from_server {
            owed[conn].push(text);
            continue;
        }
        for (outbox, frames) in outboxes.iter().zip(owed.iter_mut()) {
            if let Some(outbox) = outbox.as_ref().filter(|_| !frames.is_empty()) {
                outbox.send_all(frames.drain(..));
            }
        }
        while heard[conn] == 0 {
            match inbox.recv().await {
                Some(ToGame::Joined { conn, outbox }) => outboxes[conn] = Some(outbox),
                Some(ToGame::Message { conn }) => heard[conn] += 1,
                None => return,
            }
        }
        heard[conn] -= 1;
    }
    for (outbox, frames) in outboxes.iter().zip(owed) {
        if let Some(outbox) = outbox {
            outbox.send_all(frames);
            outbox.close();
        }
    }
}

/// The rounds of a benchmark against its floor: each round's ratio of parlor's CPU to
/// the floor's, and their median.
pub struct Rounds {
    ratios: Vec<f64>,
    /// Whether there is more than one round (then each line names its round).
    several: bool,
}

impl Rounds {
    /// For `rounds` rounds.
    pub fn new(rounds: usize) -> Rounds {
        Rounds {
            ratios: Vec::new(),
            several: rounds > 1,
        }
    }

    /// Round `round`: parlor's cost and the floor's, and parlor's as the report writes
    /// it (`cost`). Returns their ratio and how the round's line begins (the round and
    /// parlor's cost, when there are several rounds).
    pub fn add(&mut self, round: usize, (parlor, floor): (f64, f64), cost: &str) -> (f64, String) {
        let ratio = parlor / floor.max(f64::EPSILON);
        self.ratios.push(ratio);
        let start = match self.several {
            true => format!("round {round}: parlor {cost}, "),
            false => String::new(),
        };
        (ratio, start)
    }

    /// The median of the rounds' ratios, as a report line; `None` for one round.
    pub fn median_line(mut self) -> Option<String> {
        median_line(&mut self.ratios)
    }
}

/// The median of the rounds' ratios of parlor's CPU to the floor's, as a report line;
/// `None` for one round, whose own line says it all.
fn median_line(ratios: &mut [f64]) -> Option<String> {
    if ratios.len() < 2 {
        return None;
    }
    ratios.sort_by(f64::total_cmp);
    let middle = ratios.len() / 2;
    let median = match ratios.len() % 2 {
        0 => (ratios[middle - 1] + ratios[middle]) / 2.0,
        _ => ratios[middle],
    };
    Some(format!(
        "median of {} rounds: parlor is {median:.2} times the floor\n",
        ratios.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::median_line;

    #[test]
    fn the_median_of_the_rounds() {
        assert_eq!(median_line(&mut [1.4]), None);
        let odd = median_line(&mut [1.9, 1.2, 1.5]).unwrap();
        assert_eq!(odd, "median of 3 rounds: parlor is 1.50 times the floor\n");
        let even = median_line(&mut [1.6, 1.2, 1.4, 2.0]).unwrap();
        assert_eq!(even, "median of 4 rounds: parlor is 1.50 times the floor\n");
    }
}
