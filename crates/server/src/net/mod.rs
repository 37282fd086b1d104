//! What every TCP protocol shares: the accept loop, line framing and outboxes.

mod accept;
mod connection;
mod lines;
mod outbox;

pub use accept::{accept_loop, bind, bind_for, BACKLOG};
pub use connection::{Input, LineConnection, LineSettings};
pub use lines::{LineCodec, LineError};
pub use outbox::{write_lines, Outbox};
