//! One mmj1 connection: `mmj1c` first, then a wait in the lobby, then every operation
//! goes to the table actor, which answers (or rejects) through the outbox.
//!
//! What the session decides itself, because no table is involved: the greeting, rejects
//! before the game starts, and the chat rate limit (a flood of chat would otherwise fill
//! the other players' outboxes and cost them their connections).

use super::lobby::{ConnId, Lobby, Seating};
use super::table::Human;
use super::{operation, render};
use crate::net::{Connection, HelloTimer, Input, Peer, Settings, Socket};
use crate::table::actor::Input as TableInput;
use mahjong::game::Game;
use parlor_wire::mmj1::{ClientMsg, Frame, Mmj1Codec, ServerMsg};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// Chat messages a player may send per [`CHAT_WINDOW`].
const CHAT_BURST: usize = 10;
const CHAT_WINDOW: Duration = Duration::from_secs(10);

/// Where the connection stands.
enum Stage {
    /// Nothing but `mmj1c` yet.
    Greeting,
    /// In the lobby, waiting for a table.
    Waiting(oneshot::Receiver<Seating>),
    /// At a table.
    Seated(Seating),
}

/// Serves one client until it disconnects or the server stops.
pub async fn run(
    socket: impl Socket,
    peer: Peer,
    lobby: Lobby,
    outbox_lines: usize,
    hello_timeout: Duration,
    stop: CancellationToken,
) {
    let settings = Settings {
        outbox_lines,
        terminator: "\n",
        protocol: "mahjong",
    };
    let mut connection = Connection::open(socket, Mmj1Codec::default(), settings, stop);
    let conn = connection.id();
    let red_fives = lobby.red_fives;
    let outbox = connection.outbox().clone();
    let mut stage = Stage::Greeting;
    let mut chats: Vec<Instant> = Vec::new();
    let mut hello = HelloTimer::start(hello_timeout);
    loop {
        if !matches!(stage, Stage::Greeting) {
            hello.greeted();
        }
        let frame = tokio::select! {
            // A seat first: a client may answer `game` at once.
            biased;
            () = hello.expired() => {
                tracing::debug!(peer = %peer.addr, "no mmj1c in time; closing");
                break;
            }
            seated = wait_for_table(&mut stage) => {
                match seated {
                    Some(seating) => stage = Stage::Seated(seating),
                    None => break,
                }
                continue;
            }
            input = connection.next(None) => input,
        };
        let msg = match frame {
            Input::Message(Frame::Message(msg)) => msg,
            Input::Message(Frame::Bad(why)) => {
                outbox.send(render::reject(&why));
                continue;
            }
            Input::Idle | Input::Closed => break,
        };
        match (&stage, msg) {
            (Stage::Greeting, ClientMsg::Hello(name)) => match check_name(&name) {
                Ok(name) => {
                    outbox.send(ServerMsg::Hello.line());
                    let human = Human {
                        name,
                        outbox: outbox.clone(),
                        addr: peer.addr.ip(),
                        conn,
                        token: peer.token.clone(),
                    };
                    stage = Stage::Waiting(lobby.join(human).await);
                }
                Err(why) => outbox.send(render::reject(why)),
            },
            (Stage::Greeting, _) => outbox.send(render::reject("say mmj1c first")),
            (_, ClientMsg::Hello(_)) => outbox.send(render::reject("you are already here")),
            (Stage::Waiting(_), ClientMsg::Fill) => lobby.fill(conn).await,
            (Stage::Waiting(_), _) => outbox.send(render::reject("the game has not started yet")),
            (Stage::Seated(_), ClientMsg::Fill) => {
                outbox.send(render::reject("you are at a table already"))
            }
            (Stage::Seated(_), ClientMsg::Chat { .. }) if !chat_allowed(&mut chats) => {
                outbox.send(render::reject("too much chat; wait a little"))
            }
            (Stage::Seated(s), msg) => {
                if !s
                    .table
                    .send(table_input(s.seat, conn, msg, red_fives))
                    .await
                {
                    break;
                }
            }
        }
    }
    match stage {
        Stage::Seated(s) => {
            s.table.send(TableInput::Leave { conn }).await;
        }
        Stage::Waiting(seated) => leave_waiting(&lobby, seated, conn).await,
        Stage::Greeting => {}
    }
    connection.close().await;
    tracing::debug!(peer = %peer.addr, "mahjong session ended");
}

/// A session that ends while it waits: out of the lobby or, if a table seated it in the
/// meantime (its connection closed just as the table formed), away from that seat.
///
/// Closing the receiver first settles the race: a seat given before is read here and
/// handed back to its table; a table forming after finds the session gone and marks the
/// seat away itself. Without this, a seat sent just before the session ended stayed
/// "here" for good, and a table without turn timers never ended.
async fn leave_waiting(lobby: &Lobby, mut seated: oneshot::Receiver<Seating>, conn: ConnId) {
    seated.close();
    match seated.try_recv() {
        Ok(seating) => {
            seating.table.send(TableInput::Leave { conn }).await;
        }
        Err(_) => lobby.leave(conn).await,
    }
}

/// What a seated person's message asks of their table: an acknowledgement, chat for the
/// others (cleaned: control characters, newlines and terminal escapes dropped), or an
/// operation, read into the engine's action against the game (a `reject` if it cannot
/// be).
fn table_input(seat: usize, conn: ConnId, msg: ClientMsg, red_fives: bool) -> TableInput<Game> {
    match msg {
        ClientMsg::Ack => TableInput::Ack { conn },
        ClientMsg::Chat { dests, text } => {
            let text = crate::text::clean(&String::from_utf8_lossy(&text), "", ' ', usize::MAX);
            let to: Vec<usize> = (0..4).filter(|s| dests >> s & 1 == 1).collect();
            let lines = to
                .iter()
                .map(|&receiver| {
                    let others = to.iter().copied().filter(|&s| s != receiver);
                    (receiver, render::chat(seat, others, &text))
                })
                .collect();
            TableInput::Relay { conn, lines }
        }
        msg => {
            let op = move |game: &Game, seat| {
                operation::action(game, red_fives, seat, msg).map_err(|why| render::reject(&why))
            };
            TableInput::Op {
                conn,
                op: Box::new(op),
            }
        }
    }
}

/// A name from `mmj1c`, if others may see it: UTF-8 without control characters, and
/// not one that looks like a CPU player's (`CPU 1`).
fn check_name(name: &[u8]) -> Result<String, &'static str> {
    let name = std::str::from_utf8(name).map_err(|_| "a name must be UTF-8 text")?;
    if crate::text::has_unsafe(name, "") {
        return Err("a name may not contain control characters");
    }
    if crate::text::looks_like_cpu(name) {
        return Err("that name is kept for CPU players");
    }
    Ok(name.to_owned())
}

/// Resolves when a waiting session is seated (`None` if the lobby went away); never
/// resolves in other stages.
async fn wait_for_table(stage: &mut Stage) -> Option<Seating> {
    match stage {
        Stage::Waiting(rx) => rx.await.ok(),
        _ => std::future::pending().await,
    }
}

/// Counts one chat message against the rate limit.
fn chat_allowed(recent: &mut Vec<Instant>) -> bool {
    let now = Instant::now();
    recent.retain(|t| now.duration_since(*t) < CHAT_WINDOW);
    if recent.len() >= CHAT_BURST {
        return false;
    }
    recent.push(now);
    true
}

#[cfg(test)]
mod tests {
    use super::super::MahjongSettings;
    use super::*;
    use crate::net::{next_conn_id, Outbox};
    use crate::record::Ledger;
    use crate::seeds::SeedSource;
    use std::net::{IpAddr, Ipv4Addr};

    fn human(name: &str) -> Human {
        let (outbox, _queue) = Outbox::new(64, CancellationToken::new());
        Human {
            name: name.into(),
            outbox,
            addr: IpAddr::V4(Ipv4Addr::LOCALHOST),
            conn: next_conn_id(),
            token: None,
        }
    }

    /// Three sessions end just as their table forms: each was already sent its seat but
    /// never read it. The table must still learn they are gone, and close once the fourth
    /// person leaves too (before the fix, the three seats stayed taken and the table,
    /// without turn timers, never ended).
    #[tokio::test]
    async fn a_seat_given_as_the_session_ends_is_handed_back() {
        let settings = MahjongSettings {
            fill_after: Duration::from_secs(3600),
            turn_timeout: Duration::ZERO,
            ..MahjongSettings::default()
        };
        let stop = CancellationToken::new();
        let lobby = Lobby::start(
            settings,
            Duration::ZERO,
            SeedSource::new(Some(1)),
            Ledger::disabled(),
            stop.clone(),
        );
        let people: Vec<Human> = ["ann", "bob", "cy", "dee"].map(human).into();
        let mut waiting = Vec::new();
        for person in &people {
            waiting.push((lobby.join(person.clone()).await, person.conn));
        }
        let (last, last_conn) = waiting.pop().expect("four people");
        // The fourth seat arriving means the table formed and gave out all four.
        let seating = last.await.expect("a seat");
        for (seated, conn) in waiting {
            leave_waiting(&lobby, seated, conn).await;
        }
        let leave = TableInput::Leave { conn: last_conn };
        seating.table.send(leave).await;
        let closed = tokio::time::timeout(Duration::from_secs(30), seating.table.closed());
        assert!(closed.await.is_ok(), "the table outlived everyone at it");
        stop.cancel();
    }
}
