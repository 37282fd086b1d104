//! How a table is set, and what a protocol's sessions ask of it.

use super::super::Timing;
use crate::net::{ConnId, Outbox, SeatToken};
use parlor_game::{Game, Seat};
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How a table is set.
#[derive(Clone, Debug)]
pub struct Settings<R> {
    /// The protocol's name, for the store and the list of running tables.
    pub protocol: &'static str,
    /// The rules of the game played.
    pub rules: R,
    /// Their name in the store (the variant its replay reads them back from).
    pub variant: String,
    /// How many people the table seats.
    pub seats: usize,
    pub timing: Timing,
    /// How long a dropped person's seat is kept.
    pub grace: Duration,
    /// The table's name in the store and the list, if it has one.
    pub name: Option<String>,
}

/// Where a person sat down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seated {
    pub seat: Seat,
    /// Whether this person completed the table (the game has begun).
    pub full: bool,
}

/// Why a newcomer got no seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSeat {
    /// Every seat is taken and the game has not begun.
    Full,
    /// The game has begun, and no seat of it is theirs to take back.
    Started,
}

/// Why a CPU player asked for before the game was not seated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCpu {
    /// The connection asking holds no seat here.
    NotSeated,
    /// The game has begun.
    Started,
}

/// A person asking for a seat.
pub struct Newcomer {
    pub conn: ConnId,
    pub outbox: Outbox,
    pub name: String,
    /// Where they connect from: with [`super::Hooks::back_by_name`], a person away is
    /// taken back by their name from there.
    pub addr: Option<IpAddr>,
    /// A token of their client's own, which takes their seat back from anywhere.
    pub token: Option<SeatToken>,
    /// The seat they would rather have (a protocol's [`super::Hooks::seat_for`] reads it).
    pub preference: Option<Seat>,
}

impl Newcomer {
    /// A person known by their connection and name alone.
    pub fn named(conn: ConnId, outbox: Outbox, name: String) -> Newcomer {
        Newcomer {
            conn,
            outbox,
            name,
            addr: None,
            token: None,
            preference: None,
        }
    }
}

/// A person's command that becomes an action only against the game as it is (Mahjong
/// names tiles by kind; the game knows which of them the person holds): the action, or
/// the line refusing the command.
pub type Op<G> = Box<dyn FnOnce(&G, Seat) -> Result<<G as Game>::Action, String> + Send + 'static>;

/// A person's question about the game, answered from the game as it is for their seat.
pub type Query<G> = Box<dyn FnOnce(&G, Seat) -> String + Send + 'static>;

/// Who sits down at a game under way ([`Input::SitDown`]).
pub enum Joiner<G: Game> {
    /// A person (their `preference`: the seat they are given if it is free).
    Person(Newcomer),
    /// A CPU player called `name`, in seat `preference` if it is free.
    Cpu {
        name: String,
        strategy: Box<dyn parlor_game::Strategy<G>>,
        preference: Option<Seat>,
    },
}

/// What a protocol's sessions ask of a table playing game `G`.
pub enum Input<G: Game> {
    /// A person wants a seat; answered with it (their own again, if the game has begun
    /// and it is theirs to take back), or why not.
    Sit {
        newcomer: Newcomer,
        reply: oneshot::Sender<Result<Seated, NoSeat>>,
    },
    /// Someone sits down in an empty seat of a game under way that takes players as it
    /// goes ([`Game::join`]: a Warlords evening); answered with the seat, or
    /// [`NoSeat::Full`] if the game takes nobody now.
    SitDown {
        joiner: Joiner<G>,
        reply: oneshot::Sender<Result<Seat, NoSeat>>,
    },
    /// The game's next step, which nobody's action takes, now (with
    /// [`super::Hooks::deals_when_asked`]: a Warlords evening's next hand, or its end).
    Next,
    /// A seated person asks for a CPU player in a seat (near `preference`) before the
    /// game begins.
    Cpu {
        conn: ConnId,
        preference: Option<Seat>,
    },
    /// Someone watches the table through its own protocol, told what everyone may see.
    Watch { conn: ConnId, outbox: Outbox },
    /// A person's move.
    Act { conn: ConnId, action: G::Action },
    /// The game ends for everyone as the protocol says ([`super::Hooks::forfeit`]), at
    /// the request of the person on `conn`, who keeps their seat until the table ends;
    /// answered once what it owes everyone is sent.
    End {
        conn: ConnId,
        /// Why, as the store keeps it.
        reason: String,
        reply: oneshot::Sender<()>,
    },
    /// A person's move, read against the game ([`Op`]).
    Op { conn: ConnId, op: Op<G> },
    /// A person has seen the end of the hand ([`super::Hooks::acknowledges`]).
    Ack { conn: ConnId },
    /// Lines a person sends others at the table (chat, already made safe), by seat; only
    /// people here are told.
    Relay {
        conn: ConnId,
        lines: Vec<(Seat, String)>,
    },
    /// Tells the person on `conn` what `query` reads of the game for their seat
    /// (Warlords' `chand`: their cards).
    Query { conn: ConnId, query: Query<G> },
    /// Tells the connection `line` (a refusal of something that was no move) and then,
    /// if it is a person at play, what is asked of them ([`super::Hooks::again`]).
    Again { conn: ConnId, line: String },
    /// Start now, with CPU players in the empty seats.
    Fill { conn: ConnId },
    /// A person asks for a token to come back with; answered with it.
    Token {
        conn: ConnId,
        reply: oneshot::Sender<String>,
    },
    /// A person asks to be called `name`.
    Rename { conn: ConnId, name: String },
    /// A person asks who plays each seat.
    Seats { conn: ConnId },
    /// The connection is gone.
    Leave { conn: ConnId },
    /// The connection is gone, as [`Input::Leave`]; answered with whether its person
    /// keeps the seat (away for the grace period, or the table is being handed over), for
    /// a lobby that holds their name meanwhile.
    Drop {
        conn: ConnId,
        reply: oneshot::Sender<bool>,
    },
    /// The person leaves for good, now, without a grace period (a protocol's own way out
    /// of a game); answered once what it owes everyone is sent.
    Quit {
        conn: ConnId,
        reply: oneshot::Sender<()>,
    },
    /// A new connection comes back to the seat `token` was given with; answered with
    /// whether it did.
    Resume {
        token: String,
        conn: ConnId,
        outbox: Outbox,
        reply: oneshot::Sender<bool>,
    },
}

/// A way to a table's actor. Sending fails once the table has ended.
pub struct TableHandle<G: Game> {
    pub(super) inbox: mpsc::Sender<Input<G>>,
}

impl<G: Game> Clone for TableHandle<G> {
    fn clone(&self) -> Self {
        TableHandle {
            inbox: self.inbox.clone(),
        }
    }
}

impl<G: Game> TableHandle<G> {
    /// Queues `input`, waiting while the inbox is full; `false` if the table has ended.
    pub async fn send(&self, input: Input<G>) -> bool {
        self.inbox.send(input).await.is_ok()
    }

    /// Whether the table has ended.
    pub fn is_closed(&self) -> bool {
        self.inbox.is_closed()
    }

    /// Completes when the table has ended.
    pub async fn closed(&self) {
        self.inbox.closed().await
    }

    /// Whether both handles lead to the same table.
    pub fn same(&self, other: &TableHandle<G>) -> bool {
        self.inbox.same_channel(&other.inbox)
    }
}
