//! The course Truco (seed 003) client: `parlor truco-client <host> <port> [--auto]`.
//!
//! - [`state`]: what the player knows, rebuilt from the server's lines.
//! - [`text`]: those lines in words for a person.
//! - [`play`]: the connection loop, asking a person (or a bot) when it is their move.

pub mod play;
pub mod state;
pub mod text;

pub use play::{run, Mode};
