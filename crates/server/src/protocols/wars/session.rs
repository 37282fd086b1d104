//! One Warlords connection: frames in, requests to the hall; the hall writes back.

use super::codec::{Frame, WarsCodec};
use super::hall::{Hall, HallMsg};
use super::message::{parse, strike, Request};
use crate::net::{Connection, HelloTimer, Input, Peer, Settings, Socket};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Serves one client until it disconnects, is struck out, or the server stops.
pub async fn run(
    socket: impl Socket,
    peer: Peer,
    hall: Hall,
    outbox_lines: usize,
    hello_timeout: Duration,
    stop: CancellationToken,
) {
    // Messages carry their own brackets: nothing ends them.
    let settings = Settings {
        outbox_lines,
        terminator: "",
        protocol: "wars",
    };
    let mut connection = Connection::open(socket, WarsCodec::default(), settings, stop);
    let conn = connection.id();
    let outbox = connection.outbox().clone();
    let mut hello = HelloTimer::start(hello_timeout);
    let (addr, token) = (peer.addr.ip(), peer.token);
    let connect = HallMsg::Connect {
        conn,
        outbox,
        addr,
        token,
    };
    if hall.send(connect).await {
        loop {
            let input = tokio::select! {
                input = connection.next(None) => input,
                _ = hello.expired() => {
                    tracing::debug!(peer = %peer.addr, "no cjoin in time; closing");
                    Input::Closed
                }
            };
            let request = match input {
                Input::Message(Frame::Message(text)) => parse(&text),
                Input::Message(Frame::TooLong) => Err(strike::TOO_LONG),
                Input::Message(Frame::Garbage) => Err(strike::BAD_MESSAGE),
                Input::Idle | Input::Closed => break,
            };
            if matches!(request, Ok(Request::Join(_))) {
                hello.greeted();
            }
            let sent = tokio::select! {
                sent = hall.send(HallMsg::Request { conn, request }) => sent,
                _ = connection.stop().cancelled() => false,
            };
            if !sent {
                break;
            }
        }
        let _ = hall.send(HallMsg::Disconnect { conn }).await;
    }
    connection.close().await;
    tracing::debug!(peer = %peer.addr, "wars session ended");
}
