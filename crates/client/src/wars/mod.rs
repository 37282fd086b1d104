//! The Warlords & Scumbags (seed 001) client: `parlor wars-client -s HOST -p PORT -n NAME [-m]`.
//!
//! - [`message`]: the server's bracketed messages, parsed.
//! - [`state`]: what the client knows: its hand, the table, the lobby.
//! - [`play`]: the connection loop; without `-m` a bot plays, with `-m` a person does.

pub mod auto;
pub mod message;
pub mod play;
pub mod state;

pub use play::{run, Mode};
