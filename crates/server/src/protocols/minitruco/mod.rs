//! miniTruco (seed 000): Brazilian Truco over CRLF text lines on TCP port 6912.
//!
//! ```text
//! client: N alice            server: N alice
//! client: E 1                server: E 1
//!                            server: I 1 alice||| TTTT 1 FF
//! client: Q                  server: I 1 alice||| TTTT 1 FF
//!                            server: P 1
//!                            server: M 3p 6c 7e 4o
//!                            server: V 1 F
//! ```
//!
//! - `parlor_wire::minitruco`: every line both ways, in both dialects.
//! - [`session`]: one connection: reads lines, answers lounge commands, forwards room
//!   commands to the room it is in.
//! - [`lounge`]: the shared directory of nicknames and rooms.
//! - [`room`]: the room actor: seats, manager, readiness; it starts each game.
//! - [`game`]: a game at the kernel's table actor with its CPU players, for both dialects.
//! - [`render`]: game events to the notification lines one seat may see.
//! - [`app`]: today's Android app's dialect on the same port (its first line tells).
//!
//! `docs/protocols/minitruco.md` records every decision the seed left open.

pub mod app;
pub mod game;
pub mod lounge;
mod opening;
pub mod render;
pub mod room;
mod seating;
pub mod session;
mod settings;

pub use lounge::Lounge;
pub use settings::{MinitrucoFlags, MinitrucoSettings};

/// The version `W` reports: the minimum client version, as the original server did.
pub const VERSION: &str = "2.00.00";

/// miniTruco in the registry.
pub const PROTOCOL: super::Protocol = super::Protocol {
    name: "minitruco",
    title: "miniTruco",
    blurb: "Brazilian Truco (Paulista) in rooms of four: pick a room, get ready, CPU players fill the empty seats. Chat with the table.",
    teams: true,
    options: super::Options::of::<MinitrucoFlags>(),
    start,
    replay: crate::record::truco::replay,
    story: crate::record::truco::story,
};

fn start(cx: &super::Context<'_>) -> super::Entry {
    let lounge = Lounge::start(
        cx.config,
        cx.seeds.clone(),
        &cx.recorder,
        cx.shutdown.clone(),
    );
    cx.carriers.offer(PROTOCOL.name, lounge.carrier());
    super::Entry::stream(crate::net::Framing::Lines, move |socket, peer, stop| {
        session::run(socket, peer, lounge.clone(), stop)
    })
}
