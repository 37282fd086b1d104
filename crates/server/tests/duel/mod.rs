//! Duel, a sixth game written the way a new game plugs into parlor: one rules module
//! (`rules.rs`, with its watch narrator in `watch.rs`), one protocol module
//! (`protocol.rs`: its wire, its hooks for the kernel's table actor and its lobby) and
//! one registry entry (`protocol::PROTOCOL`, served with `parlor_server::serve_with`).
//! Seats, CPU fill, turn timers, coming back, recording, replay, the API, the list of
//! running tables and watching come from the kernel, with no code of its own.

pub mod protocol;
pub mod rules;
pub mod watch;
