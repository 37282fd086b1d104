//! What every TCP protocol shares: the accept loop, line framing and outboxes.

mod accept;
mod connection;
mod lines;
mod outbox;
mod websocket;

pub use accept::{accept_loop, bind, bind_for, BACKLOG};
pub use connection::{Input, LineConnection, LineSettings};
pub use lines::{LineCodec, LineError};
pub use outbox::{write_lines, Outbox, WRITE_TIMEOUT};
pub use websocket::{WsConnection, WsInput, MAX_FRAME, PING_EVERY};
