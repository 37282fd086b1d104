//! One course Truco connection: it is seated at the forming table and forwards its lines
//! there.

use super::command::{parse, Line};
use super::lobby::Lobby;
use super::table::{ConnId, TableHandle, Tokens};
use crate::net::{Input, LineConnection, Outbox, Peer, Settings, Socket};
use crate::table::actor::Input as TableInput;
use parlor_wire::truco::ServerMsg;
use std::future::Future;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

/// Queues the connection for a seat at once (so seats follow accept order) and returns
/// the session that serves the player until they leave, the match ends or the server
/// stops.
pub fn accept(
    socket: impl Socket,
    peer: Peer,
    lobby: &Lobby,
    stop: CancellationToken,
) -> impl Future<Output = ()> + Send + 'static {
    let settings = Settings {
        outbox_lines: lobby.outbox_lines,
        terminator: "\n",
        protocol: "truco",
    };
    let mut connection = LineConnection::lines(socket, lobby.max_line, settings, stop);
    let conn = connection.id();
    let seat = lobby.enqueue(conn, connection.outbox().clone());
    let tokens = lobby.tokens.clone();
    async move {
        let Ok(Some((mut table, joined))) = seat.await else {
            return connection.close().await;
        };
        tracing::debug!(peer = %peer.addr, player = joined.seat + 1, "seated");
        loop {
            match connection.next(None).await {
                Input::Message(line) if line.trim().is_empty() => {}
                Input::Message(line) => {
                    let command = match parse(&line) {
                        Some(Line::FillWithCpus) => TableInput::Fill { conn },
                        Some(Line::Token) => {
                            let (reply, token) = oneshot::channel();
                            if !table.send(TableInput::Token { conn, reply }).await {
                                break;
                            }
                            if let Ok(token) = token.await {
                                // Findable before the client can know it.
                                remember(&tokens, token.clone(), &table);
                                connection.outbox().send(ServerMsg::Token(token).write());
                            }
                            continue;
                        }
                        Some(Line::Seats) => TableInput::Seats { conn },
                        Some(Line::Name(name)) => TableInput::Rename { conn, name },
                        Some(Line::Resume(token)) => {
                            match resume(&tokens, &token, conn, connection.outbox()).await {
                                Some(old) if old.same(&table) => {}
                                Some(old) => {
                                    // Out of the table being formed, back at the old one.
                                    let _ = table.send(TableInput::Leave { conn }).await;
                                    table = old;
                                }
                                None => connection.outbox().send(
                                    "ERROR BAD_COMMAND no seat to come back to with that token",
                                ),
                            }
                            continue;
                        }
                        Some(Line::Action(action)) => TableInput::Act { conn, action },
                        None => {
                            connection.outbox().send("ERROR BAD_COMMAND not a command");
                            continue;
                        }
                    };
                    let sent = tokio::select! {
                        sent = table.send(command) => sent,
                        _ = connection.stop().cancelled() => false,
                    };
                    if !sent {
                        break;
                    }
                }
                Input::Idle => {}
                Input::Closed => break,
            }
        }
        // The table may have ended (and closed us) already; then nobody needs to hear this.
        let _ = table.send(TableInput::Leave { conn }).await;
        connection.close().await;
    }
}

/// Keeps the table `token` was given at, for a `RESUME`; tables that ended are
/// forgotten then.
pub(super) fn remember(tokens: &Tokens, token: String, table: &TableHandle) {
    let mut tokens = tokens.lock().unwrap_or_else(|e| e.into_inner());
    tokens.retain(|_, t| !t.is_closed());
    tokens.insert(token, table.clone());
}

/// `RESUME <token>`: the table that gave `token` out, if it gave this connection the
/// seat back.
async fn resume(
    tokens: &Tokens,
    token: &str,
    conn: ConnId,
    outbox: &Outbox,
) -> Option<TableHandle> {
    let table = tokens
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(token)
        .cloned()?;
    let (reply, answer) = oneshot::channel();
    let resume = TableInput::Resume {
        token: token.to_owned(),
        conn,
        outbox: outbox.clone(),
        reply,
    };
    let taken = table.send(resume).await && answer.await == Ok(true);
    taken.then_some(table)
}
