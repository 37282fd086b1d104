//! One module per wire protocol, and the registry that `serve`, the API and replay read:
//! each protocol describes itself once (its name, its settings, flags and port, how it
//! starts, how its games replay) in a [`Protocol`]. A protocol module never imports another.

pub mod jass;
pub mod mahjong;
pub mod minitruco;
mod options;
pub mod truco;
pub mod wars;

pub use options::{GameFlags, Options};

use crate::config::Config;
use crate::net::WsEntry;
use crate::net::{Framing, Peer, Socket};
use crate::record::story::Story;
use crate::record::{Carriers, Ledger};
use crate::record::{Replayed, Teller};
use crate::seeds::SeedSource;
use futures::future::BoxFuture;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// What a protocol starts from: the configuration and what every protocol shares.
pub struct Context<'a> {
    pub config: &'a Config,
    pub seeds: SeedSource,
    pub recorder: Ledger,
    pub shutdown: CancellationToken,
    /// Where a protocol whose tables can be carried over from another node of a
    /// cluster offers itself (`record::Carried`).
    pub carriers: Carriers,
}

/// A session of a byte-stream protocol, on a TCP socket or on the pipe a `/ws/` bridge
/// gives it.
pub type StreamSession =
    Arc<dyn Fn(Box<dyn Socket>, Peer, CancellationToken) -> BoxFuture<'static, ()> + Send + Sync>;

/// A session of a WebSocket protocol on its own port: the TCP connection before the
/// handshake.
pub type TcpSession = Arc<
    dyn Fn(Box<dyn Socket>, SocketAddr, CancellationToken) -> BoxFuture<'static, ()> + Send + Sync,
>;

/// How clients reach a started protocol.
pub enum Entry {
    /// A byte-stream protocol: one session per connection on its port, and browsers at
    /// `/ws/<name>` bridged to the same sessions with `framing`.
    Stream {
        session: StreamSession,
        framing: Framing,
    },
    /// A WebSocket protocol: its port upgrades connections itself; `/ws/<name>` hands
    /// it connections the HTTP port upgraded.
    WebSocket { tcp: TcpSession, ws: WsEntry },
}

impl Entry {
    /// A byte-stream protocol whose sessions `session` runs, bridged to browsers with
    /// `framing`.
    pub fn stream<F, Fut>(framing: Framing, session: F) -> Entry
    where
        F: Fn(Box<dyn Socket>, Peer, CancellationToken) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = ()> + Send + 'static,
    {
        Entry::Stream {
            session: Arc::new(move |socket, peer, stop| Box::pin(session(socket, peer, stop))),
            framing,
        }
    }
}

/// One protocol, as `serve`, the API, replay and the web client know it.
pub struct Protocol {
    /// The name in `/healthz`, `/ws/<name>`, `--only`, the store and the metrics.
    pub name: &'static str,
    /// The game's name for people (`Course Truco`), on the web client's pages.
    pub title: &'static str,
    /// A line about the game for the home page.
    pub blurb: &'static str,
    /// Whether it is played by two teams (a seat's result is its team's: won or lost).
    pub teams: bool,
    /// Its own settings: their flags, its port, how tests tune them.
    pub options: Options,
    /// Starts its lobby, lounge or hall; returns how clients reach it.
    pub start: fn(&Context<'_>) -> Entry,
    /// Replays a stored game of it from its variant, seed and action log.
    pub replay: fn(&str, u64, &[String]) -> Result<Replayed, String>,
    /// Tells a stored game that is over step by step, from its variant, seed, action log
    /// and seat names (`record::story`).
    pub story: Teller,
}

/// Every protocol, in the order `serve` starts them and the home page lists them.
pub const ALL: [Protocol; 5] = [
    minitruco::PROTOCOL,
    truco::PROTOCOL,
    wars::PROTOCOL,
    jass::PROTOCOL,
    mahjong::PROTOCOL,
];

/// The games a server runs: the registry's ([`ALL`]) and any a program that serves
/// parlor adds (`crate::serve_with`), as serving, the API and replays look them up.
#[derive(Clone)]
pub struct Games(Arc<Vec<&'static Protocol>>);

impl Games {
    /// The registry's games and `extra` ones.
    pub fn with(extra: &[&'static Protocol]) -> Games {
        Games(Arc::new(ALL.iter().chain(extra.iter().copied()).collect()))
    }

    /// Every game, the registry's first.
    pub fn iter(&self) -> impl Iterator<Item = &'static Protocol> + '_ {
        self.0.iter().copied()
    }

    /// The game whose protocol is called `name`.
    pub fn named(&self, name: &str) -> Option<&'static Protocol> {
        self.iter().find(|p| p.name == name)
    }

    /// Replays a game of `protocol` under `variant` from `seed` with its `log`.
    pub fn replay(
        &self,
        protocol: &str,
        variant: &str,
        seed: u64,
        log: &[String],
    ) -> Result<Replayed, String> {
        match self.named(protocol) {
            Some(protocol) => (protocol.replay)(variant, seed, log),
            None => Err(format!("no replay for protocol {protocol}")),
        }
    }

    /// Tells a game of `protocol` that is over step by step (see
    /// [`crate::record::story`]); `names` are the stored seats' names, in seat order.
    pub fn tell(
        &self,
        protocol: &str,
        variant: &str,
        seed: u64,
        log: &[String],
        names: &[String],
    ) -> Result<Story, String> {
        match self.named(protocol) {
            Some(protocol) => (protocol.story)(variant, seed, log, names),
            None => Err(format!("no replay for protocol {protocol}")),
        }
    }
}

/// Replays a game of one of the registry's protocols (see [`Games::replay`]).
pub fn replay(
    protocol: &str,
    variant: &str,
    seed: u64,
    log: &[String],
) -> Result<Replayed, String> {
    Games::with(&[]).replay(protocol, variant, seed, log)
}

/// Every protocol's name.
pub fn names() -> impl Iterator<Item = &'static str> {
    ALL.iter().map(|p| p.name)
}
