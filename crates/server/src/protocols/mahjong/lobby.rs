//! The lobby actor: people who said `mmj1c` wait here until a table of four forms.
//!
//! A table starts as soon as four people wait, or `fill_after` after the first of them
//! arrived, with CPU players in the empty seats (zero: at once, so one person plays
//! straight away). Each table then runs as its own actor ([`super::table`]); the lobby
//! only hands every waiting session the handle of the table it sits at.

use super::table::{self, Human, TableHandle};
use crate::config::MahjongSettings;
use crate::net::Outbox;
use crate::seeds::SeedSource;
use parlor_store::Recorder;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Instant};
use tokio_util::sync::CancellationToken;

pub use crate::net::ConnId;

/// Where a seated session finds its table.
pub struct Seating {
    /// The table actor.
    pub table: TableHandle,
    /// The session's seat, 0..4.
    pub seat: usize,
}

/// What sessions tell the lobby.
enum LobbyMsg {
    Join {
        conn: ConnId,
        name: String,
        outbox: Outbox,
        seated: oneshot::Sender<Seating>,
    },
    Leave {
        conn: ConnId,
    },
}

/// How sessions reach the lobby. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Lobby {
    tx: mpsc::Sender<LobbyMsg>,
}

/// Someone waiting for a table.
struct Waiting {
    conn: ConnId,
    human: Human,
    seated: oneshot::Sender<Seating>,
}

struct State {
    settings: MahjongSettings,
    seeds: SeedSource,
    recorder: Recorder,
    waiting: Vec<Waiting>,
    /// When the first person now waiting arrived.
    since: Option<Instant>,
    shutdown: CancellationToken,
}

impl Lobby {
    /// Starts the lobby actor.
    pub fn start(
        settings: MahjongSettings,
        seeds: SeedSource,
        recorder: Recorder,
        shutdown: CancellationToken,
    ) -> Lobby {
        let (tx, rx) = mpsc::channel(256);
        let state = State {
            settings,
            seeds,
            recorder,
            waiting: Vec::new(),
            since: None,
            shutdown: shutdown.clone(),
        };
        tokio::spawn(state.run(rx));
        Lobby { tx }
    }

    /// Waits for a seat; the receiver yields it when the table starts (or is dropped if
    /// the server stops first).
    pub async fn join(
        &self,
        conn: ConnId,
        name: String,
        outbox: Outbox,
    ) -> oneshot::Receiver<Seating> {
        let (seated, rx) = oneshot::channel();
        let _ = self
            .tx
            .send(LobbyMsg::Join {
                conn,
                name,
                outbox,
                seated,
            })
            .await;
        rx
    }

    /// The connection closed before its table started.
    pub async fn leave(&self, conn: ConnId) {
        let _ = self.tx.send(LobbyMsg::Leave { conn }).await;
    }
}

impl State {
    async fn run(mut self, mut inbox: mpsc::Receiver<LobbyMsg>) {
        loop {
            let deadline = self.since.map(|t| t + self.settings.fill_after);
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => self.handle(msg),
                    None => return,
                },
                _ = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.start_table();
                }
                _ = self.shutdown.cancelled() => return,
            }
        }
    }

    fn handle(&mut self, msg: LobbyMsg) {
        match msg {
            LobbyMsg::Join {
                conn,
                name,
                outbox,
                seated,
            } => {
                self.waiting.push(Waiting {
                    conn,
                    human: Human { name, outbox },
                    seated,
                });
                self.since.get_or_insert_with(Instant::now);
                if self.waiting.len() == 4 || self.settings.fill_after.is_zero() {
                    self.start_table();
                }
            }
            LobbyMsg::Leave { conn } => {
                self.waiting.retain(|w| w.conn != conn);
                if self.waiting.is_empty() {
                    self.since = None;
                }
            }
        }
    }

    /// Seats everybody waiting (CPU players fill the rest) at a new table.
    fn start_table(&mut self) {
        self.since = None;
        let waiting = std::mem::take(&mut self.waiting);
        if waiting.is_empty() {
            return;
        }
        let humans = waiting.iter().map(|w| w.human.clone()).collect();
        let (table, new) = table::create(
            humans,
            self.settings.clone(),
            self.seeds.next_seed(),
            &self.recorder,
            self.shutdown.clone(),
        );
        for (seat, w) in waiting.into_iter().enumerate() {
            let seating = Seating {
                table: table.clone(),
                seat,
            };
            if w.seated.send(seating).is_err() {
                // The session ended while the table was being set: a CPU player sits in.
                table.left(seat);
            }
        }
        new.spawn();
    }
}
