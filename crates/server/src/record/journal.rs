//! A game's steps as they happen, for a cluster: its start (rules, seed, seats), every
//! entry of its action log, the seats' tokens and names, each hand's end and its end, in
//! order. A node of a cluster
//! hands them to its stream (`cluster::stream`), from which another node can make the
//! game again, exactly, if this node dies: the game is the same pure value of its seed
//! and its actions that replays are made from.
//!
//! The steps hold the seed, every action and the seats' tokens: everything that tells
//! the hands of a game still being played, and what takes a seat. They go nowhere but the cluster's own stream, never to a client,
//! page or log.
//!
//! Journaling never blocks or fails a game: steps wait in a bounded queue for the
//! publisher; if it falls that far behind, the steps that do not fit are dropped and
//! counted (`parlor_journal_dropped_total`), and that game cannot be carried over.

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

/// Steps waiting for the publisher before new ones are dropped.
const QUEUE: usize = 65_536;

/// One step of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum Step {
    /// The game started: enough to make it again.
    Start {
        protocol: String,
        variant: String,
        /// The seed, as text (JSON numbers do not hold every `u64`).
        seed: String,
        /// Each seat's name, and its CPU strategy if a CPU player sits there.
        seats: Vec<(String, Option<String>)>,
        table: Option<String>,
        started_at_ms: i64,
    },
    /// An entry of the action log (`SEAT NOTATION`, or a note `# TEXT`).
    Entry { text: String },
    /// Who may take `seat` back if their connection drops: the person given `token`,
    /// or the one of that name connecting from `addr` (as the protocol's rule says). A
    /// node carrying the table on keeps the seat for them.
    Holder {
        seat: usize,
        token: Option<String>,
        addr: Option<String>,
    },
    /// The person in `seat` is called `name` from now on.
    Name { seat: usize, name: String },
    /// Hand `number` ended.
    Hand { number: u32 },
    /// The game ended, with a result (`finished`) or without (abandoned).
    End { finished: bool },
}

/// Where a node's games write their steps; cheap to clone.
#[derive(Clone, Debug)]
pub struct Journal(mpsc::Sender<(i64, Step)>);

/// A journal and the end its publisher reads `(game id, step)` from.
pub fn journal() -> (Journal, mpsc::Receiver<(i64, Step)>) {
    let (tx, rx) = mpsc::channel(QUEUE);
    (Journal(tx), rx)
}

impl Journal {
    /// Queues `step` of game `game`.
    pub fn write(&self, game: i64, step: Step) {
        if self.0.try_send((game, step)).is_err() {
            metrics::counter!("parlor_journal_dropped_total").increment(1);
            crate::net::warn_limited!("the cluster's game journal is behind: steps dropped");
        }
    }
}
