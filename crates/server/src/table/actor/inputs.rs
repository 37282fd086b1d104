//! How a table is set, and what a protocol's sessions ask of it.

use super::super::Timing;
use crate::net::{ConnId, Outbox};
use parlor_game::Seat;
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

/// What a protocol's sessions ask of a table.
pub enum Input<A> {
    /// A person wants a seat; answered with it, or `None` once the game has begun.
    Sit {
        conn: ConnId,
        outbox: Outbox,
        name: String,
        reply: oneshot::Sender<Option<Seated>>,
    },
    /// A person's move.
    Act { conn: ConnId, action: A },
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
pub struct TableHandle<A> {
    pub(super) inbox: mpsc::Sender<Input<A>>,
}

impl<A> Clone for TableHandle<A> {
    fn clone(&self) -> Self {
        TableHandle {
            inbox: self.inbox.clone(),
        }
    }
}

impl<A> TableHandle<A> {
    /// Queues `input`, waiting while the inbox is full; `false` if the table has ended.
    pub async fn send(&self, input: Input<A>) -> bool {
        self.inbox.send(input).await.is_ok()
    }

    /// Whether the table has ended.
    pub fn is_closed(&self) -> bool {
        self.inbox.is_closed()
    }

    /// Whether both handles lead to the same table.
    pub fn same(&self, other: &TableHandle<A>) -> bool {
        self.inbox.same_channel(&other.inbox)
    }
}
