//! The floor of a game's server cost: a server that decides nothing and only sends the
//! frames a real run sent, to the same clients in the same order, reading their answers
//! where the real server did, over parlor's own socket handling (its accept loop, and
//! the WebSocket `WsConnection` of the Jass port or the line `Connection` of the mmj1
//! port). Whatever CPU it spends per deal or game is what the message pattern costs on
//! this machine before any game logic; `parlor bench jass --floor` and
//! `parlor bench play --game mahjong --floor` measure parlor and its floor in one run.
//!
//! A game's script is what parlor queued to each of its connections, batch by batch,
//! and the messages it read, in the order the server did both: a recorded run of the
//! same games (`parlor serve --record-frames`, [`parlor_server::net::recorder`]). So the
//! floor writes a batch wherever parlor did, never gathering frames of two moves into
//! one write that parlor had to send apart, and never sending ahead of the moves. Like
//! a real server, each game is one task and each connection another. A connection is
//! matched to its game and seat by the player name in its first message (the
//! benchmarks name every client uniquely); what the server sends before that (Jass's
//! `REQUEST_PLAYER_NAME`) is the same for all.

use clap::{Args, ValueEnum};
use parlor_server::net::recorder::Event;
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

/// One game's batches and messages, every connection's, in the order the server had them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Script {
    /// The player names, by connection.
    names: Vec<String>,
    /// What every connection is sent before its first message, batch by batch.
    greeting: Vec<Vec<String>>,
    /// From each connection's first message on.
    steps: Vec<Step>,
}

/// A step of a [`Script`].
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Step {
    /// The server queued these frames to connection `conn` at once.
    Sent { conn: usize, frames: Vec<String> },
    /// The server read a message from connection `conn`.
    Heard { conn: usize },
}

impl Script {
    /// The scripts of `games` (each its players' names, one per connection) from the
    /// record of a run that played them (`events`, as [`parlor_server::net::recorder`]
    /// wrote them). Connections that never named one of these players are left out.
    pub fn from_record(
        wire: Wire,
        games: &[Vec<String>],
        events: &[Event],
    ) -> Result<Vec<Script>, String> {
        let mut seats = HashMap::new();
        for (game, names) in games.iter().enumerate() {
            for (conn, name) in names.iter().enumerate() {
                seats.insert(name.as_str(), (game, conn));
            }
        }
        // Each recorded connection's seat, from the first message it was heard to send.
        let mut placed: HashMap<u64, Option<(usize, usize)>> = HashMap::new();
        for event in events {
            if let Event::Heard { conn, text } = event {
                placed.entry(*conn).or_insert_with(|| {
                    let name = wire.name(text)?;
                    seats.get(name.as_str()).copied()
                });
            }
        }
        let mut scripts: Vec<Script> = games
            .iter()
            .map(|names| Script {
                names: names.clone(),
                greeting: Vec::new(),
                steps: Vec::new(),
            })
            .collect();
        let mut greetings: HashMap<u64, Vec<Vec<String>>> = HashMap::new();
        let mut spoke: HashMap<u64, bool> = HashMap::new();
        for event in events {
            let (Event::Sent { conn: id, .. } | Event::Heard { conn: id, .. }) = event;
            let Some(&Some((game, conn))) = placed.get(id) else {
                continue;
            };
            let spoken = spoke.entry(*id).or_default();
            let step = match event {
                Event::Sent { frames, .. } if !*spoken => {
                    greetings.entry(*id).or_default().push(frames.clone());
                    continue;
                }
                Event::Sent { frames, .. } => Step::Sent {
                    conn,
                    frames: frames.clone(),
                },
                Event::Heard { .. } => {
                    *spoken = true;
                    Step::Heard { conn }
                }
            };
            scripts[game].steps.push(step);
        }
        let found: std::collections::HashSet<_> = placed.values().flatten().collect();
        if let Some((name, _)) = seats.iter().find(|(_, seat)| !found.contains(seat)) {
            return Err(format!("{name} is not in the record"));
        }
        let mut greeting = None;
        for (id, _) in placed.iter().filter(|(_, seat)| seat.is_some()) {
            let own = greetings.remove(id).unwrap_or_default();
            if greeting.get_or_insert_with(|| own.clone()) != &own {
                return Err("the connections are not greeted alike".into());
            }
        }
        let greeting = greeting.ok_or("no connection of these games was recorded")?;
        for script in &mut scripts {
            script.greeting = greeting.clone();
        }
        Ok(scripts)
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
    /// Connection `conn` is gone: the game ends if it waits for a message from it.
    Left { conn: usize },
}

/// Where a connection goes by the name it gives: its game, and its place in it.
type Directory = HashMap<String, (mpsc::UnboundedSender<ToGame>, usize)>;

/// What every connection needs: the directory and the greeting.
struct Shared {
    wire: Wire,
    directory: Directory,
    greeting: Vec<Vec<String>>,
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
    greet(ws.outbox(), &shared);
    let mut place = None;
    while let WsInput::Text(text) = ws.next().await {
        if !hand_over(&shared, &mut place, ws.outbox(), &text) {
            break;
        }
    }
    leave(place);
}

/// A line connection: every line it sends handed to its game.
async fn lines(mut connection: LineConnection, shared: Arc<Shared>) {
    greet(connection.outbox(), &shared);
    let mut place = None;
    while let parlor_server::net::Input::Message(line) = connection.next(None).await {
        if !hand_over(&shared, &mut place, connection.outbox(), &line) {
            break;
        }
    }
    leave(place);
    connection.close().await;
}

/// Sends a new connection what every connection was sent before its first message.
fn greet(outbox: &Outbox, shared: &Shared) {
    for batch in &shared.greeting {
        outbox.send_all(batch.iter().cloned());
    }
}

/// Tells the game of the connection at `place` (if it found one) that it is gone.
fn leave(place: Option<(mpsc::UnboundedSender<ToGame>, usize)>) {
    if let Some((game, conn)) = place {
        let _ = game.send(ToGame::Left { conn });
    }
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

/// Plays one game's script: each batch is queued as the server queued it, once the
/// messages before it have come in; at the end, or once a connection the script waits
/// for is gone, every connection is closed.
async fn play_game(script: Script, mut inbox: mpsc::UnboundedReceiver<ToGame>) {
    let seats = script.names.len();
    let mut outboxes: Vec<Option<Outbox>> = vec![None; seats];
    let mut heard = vec![0usize; seats];
    let mut gone = vec![false; seats];
    'script: for step in script.steps {
        match step {
            // A connection's batches all come after its first message, by which time
            // it has joined: its outbox is known.
            Step::Sent { conn, frames } => {
                if let Some(outbox) = &outboxes[conn] {
                    outbox.send_all(frames);
                }
            }
            Step::Heard { conn } => {
                while heard[conn] == 0 {
                    if gone[conn] {
                        break 'script;
                    }
                    match inbox.recv().await {
                        Some(ToGame::Joined { conn, outbox }) => outboxes[conn] = Some(outbox),
                        Some(ToGame::Message { conn }) => heard[conn] += 1,
                        Some(ToGame::Left { conn }) => gone[conn] = true,
                        None => break 'script,
                    }
                }
                heard[conn] -= 1;
            }
        }
    }
    for outbox in outboxes.into_iter().flatten() {
        outbox.close();
    }
}

/// The rounds of a benchmark against its floor: each round's ratio of parlor's CPU to
/// the floor's, and their median with the spread of the rounds (on two shared cores one
/// round may differ from the next by a third, so a median alone would hide how far it
/// can be trusted).
pub struct Rounds {
    ratios: Vec<f64>,
    /// Each round's ratio without what parlor's CPU players spent choosing, where it has
    /// CPU players.
    without_choosing: Vec<f64>,
    /// Whether there is more than one round (then each line names its round).
    several: bool,
}

impl Rounds {
    /// For `rounds` rounds.
    pub fn new(rounds: usize) -> Rounds {
        Rounds {
            ratios: Vec::new(),
            without_choosing: Vec::new(),
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

    /// The ratio of the round just added without what parlor's CPU players spent
    /// choosing.
    pub fn without_choosing(&mut self, ratio: f64) {
        self.without_choosing.push(ratio);
    }

    /// The median of the rounds' ratios and their spread, as a report line; `None` for
    /// one round.
    pub fn median_line(mut self) -> Option<String> {
        let line = median_line(&mut self.ratios)?;
        let Some(without) = median(&mut self.without_choosing) else {
            return Some(format!("{line}\n"));
        };
        Some(format!(
            "{line}; {:.2} without its CPU players' choosing ({:.2} to {:.2})\n",
            without.middle, without.least, without.most
        ))
    }
}

/// The middle of some ratios and their ends.
struct Median {
    middle: f64,
    least: f64,
    most: f64,
}

/// The median of `ratios` and their ends; `None` for fewer than two, whose own lines say
/// it all.
fn median(ratios: &mut [f64]) -> Option<Median> {
    if ratios.len() < 2 {
        return None;
    }
    ratios.sort_by(f64::total_cmp);
    let middle = ratios.len() / 2;
    Some(Median {
        middle: match ratios.len() % 2 {
            0 => (ratios[middle - 1] + ratios[middle]) / 2.0,
            _ => ratios[middle],
        },
        least: ratios[0],
        most: ratios[ratios.len() - 1],
    })
}

/// The median of the rounds' ratios of parlor's CPU to the floor's and their spread, as
/// the start of a report line (without its end); `None` for one round.
fn median_line(ratios: &mut [f64]) -> Option<String> {
    let m = median(ratios)?;
    Some(format!(
        "median of {} rounds: parlor is {:.2} times the floor ({:.2} to {:.2})",
        ratios.len(),
        m.middle,
        m.least,
        m.most
    ))
}

#[cfg(test)]
mod tests {
    use super::{median_line, Rounds, Script, Step, Wire};
    use parlor_server::net::recorder::Event;

    fn sent(conn: u64, frames: &[&str]) -> Event {
        let frames = frames.iter().map(|f| f.to_string()).collect();
        Event::Sent { conn, frames }
    }

    fn heard(conn: u64, text: &str) -> Event {
        let text = text.to_owned();
        Event::Heard { conn, text }
    }

    #[test]
    fn a_record_becomes_each_games_batches_and_messages_in_order() {
        let name = |n: &str| format!(r#"{{"type":"CHOOSE_PLAYER_NAME","data":"{n}"}}"#);
        let events = [
            sent(7, &["hello"]),
            heard(7, "not json"), // a probe that never named a player
            sent(1, &["hello"]),
            sent(2, &["hello"]),
            heard(2, &name("b")),
            heard(1, &name("a")),
            sent(1, &["to a", "and more"]),
            sent(2, &["to b"]),
            heard(2, "b's move"),
            sent(1, &["again"]),
        ];
        let games = [vec!["a".to_owned(), "b".to_owned()]];
        let scripts = Script::from_record(Wire::Jass, &games, &events).unwrap();
        let [script] = &scripts[..] else {
            panic!("one game")
        };
        assert_eq!(script.greeting, [["hello"]]);
        let steps: Vec<String> = script
            .steps
            .iter()
            .map(|step| match step {
                Step::Sent { conn, frames } => format!("{conn} <- {}", frames.join("+")),
                Step::Heard { conn } => format!("{conn} ->"),
            })
            .collect();
        let expected = [
            "1 ->",
            "0 ->",
            "0 <- to a+and more",
            "1 <- to b",
            "1 ->",
            "0 <- again",
        ];
        assert_eq!(steps, expected);
    }

    #[test]
    fn a_player_missing_from_the_record_is_refused() {
        let events = [sent(1, &["hello"]), heard(1, r#"{"data":"a"}"#)];
        let games = [vec!["a".to_owned(), "b".to_owned()]];
        let missing = Script::from_record(Wire::Jass, &games, &events).unwrap_err();
        assert_eq!(missing, "b is not in the record");
    }

    #[test]
    fn connections_greeted_differently_are_refused() {
        let name = |n: &str| format!(r#"{{"data":"{n}"}}"#);
        let events = [
            sent(1, &["hello"]),
            sent(2, &["hi"]),
            heard(1, &name("a")),
            heard(2, &name("b")),
        ];
        let games = [vec!["a".to_owned(), "b".to_owned()]];
        assert!(Script::from_record(Wire::Jass, &games, &events).is_err());
    }

    #[test]
    fn the_median_of_the_rounds_and_their_spread() {
        assert_eq!(median_line(&mut [1.4]), None);
        let odd = median_line(&mut [1.9, 1.2, 1.5]).unwrap();
        assert_eq!(
            odd,
            "median of 3 rounds: parlor is 1.50 times the floor (1.20 to 1.90)"
        );
        let even = median_line(&mut [1.6, 1.2, 1.4, 2.0]).unwrap();
        assert_eq!(
            even,
            "median of 4 rounds: parlor is 1.50 times the floor (1.20 to 2.00)"
        );
    }

    #[test]
    fn rounds_with_cpu_players_give_the_median_without_their_choosing_too() {
        let mut rounds = Rounds::new(3);
        for (parlor, floor, without) in [(19.0, 10.0, 1.6), (12.0, 10.0, 1.0), (15.0, 10.0, 1.3)] {
            rounds.add(1, (parlor, floor), "");
            rounds.without_choosing(without);
        }
        assert_eq!(
            rounds.median_line().unwrap(),
            "median of 3 rounds: parlor is 1.50 times the floor (1.20 to 1.90); \
             1.30 without its CPU players' choosing (1.00 to 1.60)\n"
        );
        let mut single = Rounds::new(1);
        single.add(1, (15.0, 10.0), "");
        assert_eq!(single.median_line(), None);
    }
}
