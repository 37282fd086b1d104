//! Warlords & Scumbags (seed 001): bracketed messages on TCP port 36700.
//!
//! ```text
//! client: [cjoin|alice   ]
//! server: [sjoin|alice   ]
//! server: [slobb|01|alice   ]
//! ...                               (enough clients wait; the lobby countdown ends)
//! server: [shand|00,05,...,52]
//! server: [stabl|a0:alice   :18,w0:bob     :17,...|52,52,52,52|1]
//! client: [cplay|00,52,52,52]
//! ```
//!
//! - [`codec`]: bytes to bracketed frames (split and joined messages, garbage, length).
//! - [`message`]: frames to requests, and every server message's text.
//! - [`names`]: name mangling.
//! - [`hall`]: the actor that owns the lobby and who sits where; it begins each evening
//!   and asks for each hand after the pause.
//! - [`evening`]: the evening at the kernel's table actor, one game hand after hand.
//! - [`session`]: one connection.
//!
//! `docs/protocols/wars.md` records every decision the seed left open.

pub mod codec;
mod evening;
pub mod hall;
pub mod message;
pub mod names;
pub mod session;
mod settings;
mod table;

pub use hall::Hall;
pub use settings::{WarsFlags, WarsSettings};

/// Warlords & Scumbags in the registry.
pub const PROTOCOL: super::Protocol = super::Protocol {
    name: "wars",
    title: "Warlords & Scumbags",
    blurb: "President for 3 to 7 players: get rid of your cards first, become the warlord, make the scumbag pay.",
    teams: false,
    options: super::Options::of::<WarsFlags>(),
    start,
    replay: crate::record::wars::replay,
    story: crate::record::wars::story,
};

fn start(cx: &super::Context<'_>) -> super::Entry {
    let config = cx.config;
    let settings = WarsSettings {
        reconnect_grace: config.reconnect_grace,
        ..config.game()
    };
    let hall = Hall::start(
        settings,
        config.limits.room_inbox,
        cx.seeds.clone(),
        cx.recorder.clone(),
        cx.shutdown.clone(),
    );
    cx.carriers.offer(PROTOCOL.name, hall.carrier());
    let (outbox_lines, hello_timeout) = (config.limits.outbox_lines, config.limits.hello_timeout);
    super::Entry::stream(crate::net::Framing::Brackets, move |socket, peer, stop| {
        session::run(
            socket,
            peer,
            hall.clone(),
            outbox_lines,
            hello_timeout,
            stop,
        )
    })
}
