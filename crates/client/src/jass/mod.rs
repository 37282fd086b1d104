//! The Jass Challenge client bot: `parlor jass-bot <ws-url> <name> [--strategy S]
//! [--tournament]`. It joins any Jass Challenge server (parlor's or another) and plays
//! with one of the `jass` crate's bots.
//!
//! - [`state`]: what the bot knows, rebuilt from the broadcasts, as a `jass::View`.
//! - [`play`]: the connection loop.

pub mod play;
pub mod state;

pub use play::{run, Options, Played};
