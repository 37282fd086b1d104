//! What every TCP protocol shares: the accept loop, line framing and outboxes.

mod accept;
mod admission;
mod bridge;
mod connection;
mod gather;
mod hello;
mod limits;
mod lines;
mod outbox;
mod peer;
mod proxy;
mod quiet;
pub mod recorder;
mod trim;
mod watched;
mod websocket;
mod ws_place;
mod ws_writer;

pub use accept::{accept_loop, bind, bind_for, BACKLOG};
pub use admission::{Admission, Admitted, Refused};
pub use bridge::{bridge, Framing, WsLines};
pub use connection::{next_conn_id, ConnId, Connection, Input, LineConnection, Settings};
pub use gather::Gathered;
pub use hello::HelloTimer;
pub use limits::{descriptor_budget, listener_cap, DEFAULT_MAX_CONNECTIONS};
pub use lines::{LineCodec, LineError};
pub use outbox::{write_lines, Outbox, Queue, WRITE_TIMEOUT};
pub use peer::{may_take, Holder, Peer, SeatToken};
pub(crate) use quiet::warn_limited;
pub use quiet::LogLimit;
pub use trim::trimmer;
pub use watched::{Activity, Watched};
pub use websocket::{
    config as ws_config, handshake as ws_handshake, WsConnection, WsInput, MAX_FRAME, PING_EVERY,
};
pub use ws_place::{WsEntry, WsPlace};

use tokio::io::{AsyncRead, AsyncWrite};

/// A byte stream a session runs on: a TCP socket, or a WebSocket on the HTTP port
/// speaking a line protocol ([`WsLines`], see [`crate::http`]).
pub trait Socket: AsyncRead + AsyncWrite + Send + Unpin + 'static {
    /// The stream as `Any`, so that a connection can find a [`WsLines`] under it: that one
    /// takes whole messages, and needs no writer task of the connection's own.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<T: AsyncRead + AsyncWrite + Send + Unpin + 'static> Socket for T {
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
