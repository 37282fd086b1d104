//! What every TCP protocol shares: the accept loop, line framing and outboxes.

mod accept;
mod admission;
mod bridge;
mod connection;
mod lines;
mod outbox;
mod websocket;

pub use accept::{accept_loop, bind, bind_for, BACKLOG};
pub use admission::{Admission, Admitted};
pub use bridge::{bridge, Framing};
pub use connection::{Input, LineConnection, LineSettings};
pub use lines::{LineCodec, LineError};
pub use outbox::{write_lines, Outbox, WRITE_TIMEOUT};
pub use websocket::{config as ws_config, WsConnection, WsInput, MAX_FRAME, PING_EVERY};

use tokio::io::{AsyncRead, AsyncWrite};

/// A byte stream a session runs on: a TCP socket, or the in-memory pipe through which a
/// WebSocket on the HTTP port speaks a line protocol (see [`crate::http`]).
pub trait Socket: AsyncRead + AsyncWrite + Send + Unpin + 'static {}

impl<T: AsyncRead + AsyncWrite + Send + Unpin + 'static> Socket for T {}
