//! The floor of a Jass deal's server cost: a server that decides nothing and only sends
//! the frames a real run sent, to the same clients in the same order, reading their
//! answers where the real server did, over parlor's own socket handling (its accept
//! loop, WebSocket handshake and `WsConnection`, as the Jass port serves). Whatever CPU
//! it spends per deal is what this message pattern costs on this machine before any
//! game logic; `parlor bench jass --floor` measures both in one run.
//!
//! A game's script is its four bots' transcripts (`parlor_client::jass::Transcript`)
//! merged by time: a frame a bot read after another bot sent its move is sent only once
//! that move has come in, so the floor never sends ahead of what the moves allow (which
//! would gather more frames into each write than a real server can). Like a real server,
//! each game is one task and each connection another; what the game owes a connection
//! between two moves goes out in one batch. A connection is matched to its game and seat
//! by the player name it chooses (the benchmark names every bot uniquely); the first
//! frame (`REQUEST_PLAYER_NAME`) is the same for all, so it is sent before the name is
//! known.

use clap::Args;
use parlor_client::jass::Frame;
use parlor_server::net::{accept_loop, ws_handshake, Admission, Outbox, WsConnection, WsInput};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// One game's frames, every connection's, in an order the moves allow.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Script {
    /// The player names, by connection.
    names: Vec<String>,
    /// The first frame every connection is sent.
    opening: String,
    /// `(connection, from the server, text)` after each connection's opening.
    steps: Vec<(usize, bool, String)>,
}

impl Script {
    /// Merges one game's transcripts, `(player name, frames)` each, by time.
    pub fn merge(connections: Vec<(String, Vec<Frame>)>) -> Result<Script, String> {
        let mut opening = None;
        let mut timed = Vec::new();
        let mut names = Vec::new();
        for (conn, (name, frames)) in connections.into_iter().enumerate() {
            let mut frames = frames.into_iter();
            match frames.next() {
                Some(first) if first.from_server => {
                    if opening.get_or_insert_with(|| first.text.clone()) != &first.text {
                        return Err("the connections do not open alike".into());
                    }
                }
                _ => return Err(format!("{name}'s transcript does not open with the server")),
            }
            // A connection's own frames keep their order: equal times go by position.
            timed.extend(frames.enumerate().map(|(i, f)| (f.at, conn, i, f)));
            names.push(name);
        }
        timed.sort_by_key(|&(at, conn, i, _)| (at, conn, i));
        Ok(Script {
            names,
            opening: opening.ok_or("a game without connections")?,
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

/// Flags of the hidden `parlor bench floor`, started by `parlor bench jass --floor`.
#[derive(Args, Debug)]
pub struct FloorArgs {
    /// The port to serve on.
    #[arg(long)]
    port: u16,
    /// The scripts [`save`] wrote.
    #[arg(long)]
    scripts: PathBuf,
}

/// What a connection tells its game.
enum ToGame {
    /// Connection `conn` is here; this is its outbox.
    Joined { conn: usize, outbox: Outbox },
    /// Connection `conn` sent a frame.
    Frame { conn: usize },
}

/// Where a connection with a given name goes: its game and its place in it.
type Directory = Arc<HashMap<String, (mpsc::UnboundedSender<ToGame>, usize)>>;

/// Serves the scripts in `args.scripts` on `args.port` until killed.
pub async fn run(args: FloorArgs) -> Result<String, String> {
    let text = std::fs::read_to_string(&args.scripts).map_err(|e| e.to_string())?;
    let scripts: Vec<Script> = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let opening: Arc<str> = match scripts.first() {
        Some(script) => script.opening.as_str().into(),
        None => return Err("no scripts".into()),
    };
    let mut directory = HashMap::new();
    for script in scripts {
        let (tx, rx) = mpsc::unbounded_channel();
        for (conn, name) in script.names.iter().enumerate() {
            directory.insert(name.clone(), (tx.clone(), conn));
        }
        tokio::spawn(play_game(script, rx));
    }
    let directory: Directory = Arc::new(directory);
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .await
        .map_err(|e| e.to_string())?;
    let admission = Admission::new("floor", 100_000, 100_000);
    accept_loop(
        "floor",
        listener,
        admission,
        CancellationToken::new(),
        move |tcp, _, stop| {
            let (directory, opening) = (directory.clone(), opening.clone());
            async move {
                let Some(ws) = ws_handshake(tcp).await else {
                    return;
                };
                WsConnection::serve(ws, OUTBOX_FRAMES, stop, |ws| {
                    connection(ws, opening, directory)
                })
                .await;
            }
        },
    )
    .await;
    Ok(String::new())
}

/// Frames queued to one client before it is dropped, as the Jass port's default.
const OUTBOX_FRAMES: usize = 256;

/// One connection: the opening, then every frame it sends handed to its game.
async fn connection(mut ws: WsConnection, opening: Arc<str>, directory: Directory) {
    ws.outbox().send(opening.to_string());
    let WsInput::Text(named) = ws.next().await else {
        return;
    };
    let name = serde_json::from_str::<serde_json::Value>(&named)
        .ok()
        .and_then(|v| v["data"].as_str().map(str::to_owned));
    let Some((game, conn)) = name.and_then(|name| directory.get(&name).cloned()) else {
        return;
    };
    let outbox = ws.outbox().clone();
    if game.send(ToGame::Joined { conn, outbox }).is_err() {
        return;
    }
    let mut input = WsInput::Text(named);
    while let WsInput::Text(_) = input {
        if game.send(ToGame::Frame { conn }).is_err() {
            return;
        }
        input = ws.next().await;
    }
}

/// Plays one game's script: frames owed to each connection are sent together when the
/// next move is awaited; at the end every connection is closed.
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
                Some(ToGame::Frame { conn }) => heard[conn] += 1,
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
