//! Mahjong over mmj1 (seed 004): der Mouse's "intelligent terminal" protocol on TCP port
//! 6914, playing Japanese Riichi mahjong as Tenhou does (the `mahjong` crate).
//!
//! ```text
//! client: mmj1c 4:Jean
//! server: mmj1s
//! server: game 1 4:Jean 5:CPU 2 5:CPU 3 5:CPU 4      (four people, or CPU players fill)
//! server: newhand e e s w n
//! server: score 25000. 25000. 25000. 25000. 0. 0.
//! server: move ? k w000 ...  break 4 6  move c6 w052 h1 ...  move dg a0 a0
//! server: play
//! client: discard d6
//! server: move d6 h1 d1
//! ```
//!
//! - `parlor_wire::mmj1`: every message both ways, the decoder that reads client
//!   messages from bytes by grammar (mmj1 has no framing), the spelling of tiles and
//!   places.
//! - [`render`]: the game's events and state to server messages.
//! - [`lobby`]: people wait here until a table of four forms or CPU players fill it.
//! - [`operation`]: operations (tile kinds) to the engine's actions (physical tiles).
//! - [`table`]: one game at the kernel's table actor: Mahjong's hooks (moves per
//!   receiver, prompts, acknowledgements between hands, the stand-in).
//! - [`session`]: one connection; it reads operations into the table's inputs.
//!
//! `docs/protocols/mahjong.md` records every decision the seed left open.

pub mod lobby;
pub mod operation;
pub mod render;
pub mod session;
mod settings;
pub mod table;

pub use lobby::Lobby;
pub use settings::{MahjongFlags, MahjongSettings};

/// Mahjong over mmj1 in the registry.
pub const PROTOCOL: super::Protocol = super::Protocol {
    name: "mahjong",
    title: "Riichi Mahjong",
    blurb: "Japanese mahjong against CPU players or friends: draw, discard, call, win.",
    teams: false,
    options: super::Options::of::<MahjongFlags>(),
    start,
    replay: crate::record::mahjong::replay,
    story: crate::record::mahjong::story,
};

fn start(cx: &super::Context<'_>) -> super::Entry {
    let settings: MahjongSettings = cx.config.game();
    let outbox_lines = settings.outbox_lines;
    let hello_timeout = cx.config.limits.hello_timeout;
    let lobby = Lobby::start(
        settings,
        cx.config.reconnect_grace,
        cx.seeds.clone(),
        cx.recorder.clone(),
        cx.shutdown.clone(),
    );
    cx.carriers.offer(PROTOCOL.name, lobby.carrier());
    super::Entry::stream(crate::net::Framing::Lines, move |socket, peer, stop| {
        let lobby = lobby.clone();
        session::run(socket, peer, lobby, outbox_lines, hello_timeout, stop)
    })
}
