//! Course Truco (seed 003): four TCP connections make a table and play one match.
//!
//! The seed leaves the wire format open; the course's wire specification fixes it and
//! `docs/protocols/truco.md` documents it as built:
//!
//! ```text
//! server: WELCOME 1 1            (player 1, team 1)
//! server: WAITING 1
//! ...                            (three more connections)
//! server: MATCH 1
//! server: HAND 1 1 0 0
//! server: CARDS 3p 6c 10e
//! server: VIRA 4o
//! server: TURN 1 1
//! client: TRUCO
//! server: TRUCO 1 3
//! ```
//!
//! - [`command`]: a line to a typed command.
//! - [`lobby`]: puts each connection at the table being formed.
//! - [`table`]: the table actor: seats, the match, CPU players for those who left.
//! - [`render`]: game events to the lines one player may see.
//! - [`session`]: one connection.

pub mod command;
pub mod lobby;
pub mod render;
pub mod session;
mod settings;
pub mod table;

pub use lobby::Lobby;
pub use settings::{TrucoFlags, TrucoSettings};

/// Course Truco in the registry.
pub const PROTOCOL: super::Protocol = super::Protocol {
    name: "truco",
    title: "Course Truco",
    blurb: "Truco as the networking course plays it: tables of four people, raises answered by both opponents.",
    teams: true,
    options: super::Options::of::<TrucoFlags>(),
    start,
    replay: crate::record::truco::replay,
    story: crate::record::truco::story,
};

fn start(cx: &super::Context<'_>) -> super::Entry {
    let lobby = Lobby::start(
        cx.config,
        cx.seeds.clone(),
        &cx.recorder,
        cx.shutdown.clone(),
    );
    cx.carriers.offer(PROTOCOL.name, lobby.carry.clone());
    super::Entry::stream(crate::net::Framing::Lines, move |socket, peer, stop| {
        session::accept(socket, peer, &lobby, stop)
    })
}
