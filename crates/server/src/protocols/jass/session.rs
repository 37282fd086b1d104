//! One Jass WebSocket connection: the player name, the session choice, then the messages
//! forwarded to the session it joined.

use super::lobby::{Lobby, SessionHandle};
use super::message::{parse, Bad, ClientMsg, ServerMsg};
use super::render::request_player_name;
use super::{Client, SessionMsg};
use crate::net::{HelloTimer, Peer, Socket, WsConnection, WsInput};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Serves one connection until it closes, its game ends, or the server stops.
pub async fn run(
    socket: impl Socket,
    peer: SocketAddr,
    lobby: Lobby,
    hello_timeout: Duration,
    stop: CancellationToken,
) {
    let Some(ws) = crate::net::ws_handshake(socket).await else {
        tracing::debug!(%peer, "not a WebSocket client");
        return;
    };
    let frames = lobby.settings.outbox_frames;
    WsConnection::serve(ws, frames, stop, |ws| {
        serve(ws, Peer::at(peer), lobby, hello_timeout)
    })
    .await;
}

/// Serves one connection whose WebSocket handshake is done (on the Jass port, or at
/// `/ws/jass` on the HTTP port).
/// A connection that has not chosen a player name within `hello_timeout` is closed.
pub async fn serve(mut ws: WsConnection, peer: Peer, lobby: Lobby, hello_timeout: Duration) {
    ws.count_as("jass");
    let conn = crate::net::next_conn_id();
    let outbox = ws.outbox().clone();
    outbox.send(request_player_name());
    let mut name: Option<String> = None;
    let mut session: Option<SessionHandle> = None;
    let mut hello = HelloTimer::start(hello_timeout);
    loop {
        if name.is_some() {
            hello.greeted();
        }
        let input = tokio::select! {
            input = ws.next() => input,
            () = hello.expired() => break,
        };
        let parsed = match input {
            WsInput::Closed => break,
            WsInput::Binary => Err(Bad::Frame("binary frames are not supported".into())),
            WsInput::Text(text) => parse(&text),
        };
        match (parsed, &name, &session) {
            (Err(data), _, Some(handle)) => {
                let _ = handle.send(SessionMsg::Bad { conn, data }).await;
            }
            (Err(data), _, None) => {
                outbox.send(ServerMsg::BadMessage(data).write());
                ask_again(&outbox, &name, &lobby);
            }
            (Ok(ClientMsg::PlayerName(chosen)), None, None) => {
                name = Some(chosen);
                ask_again(&outbox, &name, &lobby);
            }
            (Ok(_), None, None) => {
                let bad = Bad::field("type", "CHOOSE_PLAYER_NAME expected");
                outbox.send(ServerMsg::BadMessage(bad).write());
                ask_again(&outbox, &name, &lobby);
            }
            (Ok(ClientMsg::ChooseSession(request)), Some(player), None) => {
                let client = Client {
                    conn,
                    name: player.clone(),
                    outbox: outbox.clone(),
                    addr: peer.addr.ip(),
                    token: peer.token.clone(),
                };
                match lobby.join(client, request).await {
                    Ok((_, handle)) => session = Some(handle),
                    Err(data) => {
                        outbox.send(ServerMsg::BadMessage(data).write());
                        ask_again(&outbox, &name, &lobby);
                    }
                }
            }
            (Ok(_), Some(_), None) => {
                let bad = Bad::field("type", "CHOOSE_SESSION expected");
                outbox.send(ServerMsg::BadMessage(bad).write());
                ask_again(&outbox, &name, &lobby);
            }
            (
                Ok(ClientMsg::JoinBot {
                    session: target,
                    team,
                }),
                _,
                Some(own),
            ) => match lobby.find(&target) {
                // Only a player of a session may add bots to it; the session itself
                // checks that the sender is seated, not watching.
                Some(other) if !other.same(own) => {
                    let why = format!("you are not in session {target}");
                    let bad = Bad::field("data.sessionName", why);
                    outbox.send(ServerMsg::BadMessage(bad).write())
                }
                Some(other) => {
                    let _ = other.send(SessionMsg::JoinBot { team, from: conn }).await;
                }
                None => {
                    let bad = Bad::field("data.sessionName", format!("{target} is not a session"));
                    outbox.send(ServerMsg::BadMessage(bad).write())
                }
            },
            (Ok(msg), _, Some(handle)) => {
                let _ = handle.send(SessionMsg::Client { conn, msg }).await;
            }
        }
    }
    if let Some(handle) = session {
        let _ = handle.send(SessionMsg::Leave { conn }).await;
    }
    ws.close();
}

/// The question the client has not answered yet.
fn ask_again(outbox: &crate::net::Outbox, name: &Option<String>, lobby: &Lobby) {
    match name {
        None => outbox.send(request_player_name()),
        Some(_) => outbox.send(ServerMsg::RequestSessionChoice(lobby.waiting()).write()),
    }
}
