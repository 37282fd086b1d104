//! Jass Challenge (seed 002): Schieber Jass over WebSocket JSON, port 3000, any path.
//!
//! ```text
//! server: {"type":"REQUEST_PLAYER_NAME"}
//! client: {"type":"CHOOSE_PLAYER_NAME","data":"Jen"}
//! server: {"type":"REQUEST_SESSION_CHOICE","data":[]}
//! client: {"type":"CHOOSE_SESSION","data":{"sessionChoice":"AUTOJOIN"}}
//! server: {"type":"BROADCAST_SESSION_JOINED","data":{...}}
//! ...     (four players: BROADCAST_TEAMS, DEAL_CARDS, REQUEST_TRUMPF, ...)
//! ```
//!
//! - [`message`]: frames to client messages (with the reference's `BAD_MESSAGE`s) and back.
//! - [`render`]: how the game reads as frames, for one seat or for everyone.
//! - [`lobby`]: the registry of sessions by name.
//! - [`single`]: a session at the kernel's table actor: a single game (players,
//!   spectators, server bots) or a tournament's pairing.
//! - [`tournament`]: the actor of a tournament (entrants, round robin, ranking); its
//!   pairings play at tables of their own.
//! - [`session`]: one WebSocket connection.

pub mod lobby;
pub mod message;
pub mod render;
pub mod session;
mod settings;
pub mod single;
pub mod tournament;

pub use lobby::Lobby;
pub use settings::{JassFlags, JassSettings};

use crate::net::Outbox;
use message::ClientMsg;
use parlor_wire::jass::Bad;
use tokio::sync::oneshot;

pub use crate::net::ConnId;

/// A connection with a player name.
#[derive(Clone, Debug)]
pub struct Client {
    pub conn: ConnId,
    pub name: String,
    pub outbox: Outbox,
    /// Where the connection comes from: a player may come back to their seat from there.
    pub addr: std::net::IpAddr,
    /// parlor's web client's seat token (`net::SeatToken`).
    pub token: Option<crate::net::SeatToken>,
}

impl Client {
    /// Who may take this client's seat back, for a cluster's stream.
    pub fn holder_record(&self) -> crate::record::Holder {
        crate::record::Holder::of(self.token.as_ref(), Some(self.addr))
    }

    /// This client as the rule of taking a seat back sees it (`net::may_take`).
    pub fn holder(&self) -> crate::net::Holder<'_> {
        crate::net::Holder {
            name: &self.name,
            addr: self.addr,
            token: self.token.as_ref(),
        }
    }
}

/// What a connection asks of the session it joined (or is joining).
pub enum SessionMsg {
    /// Join a tournament as a player or as a spectator (a single game's table is asked
    /// directly, `single::join`). The answer is the `BAD_MESSAGE` data when refused.
    Join {
        client: Client,
        spectator: bool,
        reply: oneshot::Sender<Result<(), Bad>>,
    },
    /// Seat a server bot (`JOIN_BOT`).
    JoinBot { team: Option<usize>, from: ConnId },
    /// The connection closed.
    Leave { conn: ConnId },
    /// A message from a member.
    Client { conn: ConnId, msg: ClientMsg },
    /// A frame from a member that earned a `BAD_MESSAGE` with this data.
    Bad { conn: ConnId, data: Bad },
    /// A tournament's pairing ended (from its table).
    PairingOver(single::PairingOver),
}

/// The Jass Challenge in the registry.
pub const PROTOCOL: super::Protocol = super::Protocol {
    name: "jass",
    title: "Schieber Jass",
    blurb: "The Swiss classic for two teams of two, with server bots, spectators and tournaments.",
    teams: true,
    options: super::Options::of::<JassFlags>(),
    start,
    replay: crate::record::jass::replay,
    story: crate::record::jass::story,
};

fn start(cx: &super::Context<'_>) -> super::Entry {
    let config = cx.config;
    let settings: JassSettings = config.game();
    let frames = settings.outbox_frames;
    let lobby = Lobby::new(
        settings,
        config.reconnect_grace,
        cx.seeds.clone(),
        cx.recorder.clone(),
        cx.shutdown.clone(),
    );
    cx.carriers.offer(PROTOCOL.name, lobby.carrier());
    let hello_timeout = config.limits.hello_timeout;
    let tcp_lobby = lobby.clone();
    super::Entry::WebSocket {
        tcp: std::sync::Arc::new(move |socket, peer, stop| {
            let lobby = tcp_lobby.clone();
            Box::pin(session::run(socket, peer, lobby, hello_timeout, stop))
        }),
        ws: std::sync::Arc::new(move |socket, peer, stop, place| {
            let lobby = lobby.clone();
            place.spawn(crate::net::WsConnection::serve(
                socket,
                frames,
                stop,
                move |ws| session::serve(ws, peer, lobby, hello_timeout),
            ));
        }),
    }
}
