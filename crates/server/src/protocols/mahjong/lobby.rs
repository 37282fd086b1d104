//! The lobby actor: people who said `mmj1c` wait here until a table of four forms.
//!
//! A table starts as soon as four people wait, or `fill_after` after the first of them
//! arrived, with CPU players in the empty seats (zero: at once, so one person plays
//! straight away). Each table then runs as its own actor ([`super::table`]); the lobby
//! only hands every waiting session the handle of the table it sits at.
//!
//! The lobby also remembers who sits at each running table: an `mmj1c` with the name and
//! address of a person at a table goes back to that seat instead of waiting (their old
//! connection dropped, or is about to: the newest connection plays), as long as the table
//! still keeps the seat for them.

use super::table::{self, Human, MahjongHooks, TableHandle};
use super::MahjongSettings;
use crate::record::{Carried, Carry, Ledger};
use crate::seeds::SeedSource;
use crate::table::actor::{Input, Starter};
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Instant};
use tokio_util::sync::CancellationToken;

pub use crate::net::ConnId;

/// Where a seated session finds its table.
#[derive(Clone)]
pub struct Seating {
    /// The table actor.
    pub table: TableHandle,
    /// The session's seat, 0..4.
    pub seat: usize,
}

/// What sessions tell the lobby.
enum LobbyMsg {
    Join {
        human: Human,
        seated: oneshot::Sender<Seating>,
    },
    Leave {
        conn: ConnId,
    },
    /// Someone waiting asks for a table now, CPU players in the empty seats.
    Fill {
        conn: ConnId,
    },
    /// A table closed: the people it seated can no longer come back to it.
    TableClosed,
    /// A person's seat was not theirs to take when they came back: they wait as usual.
    Rejoin {
        human: Human,
        seated: oneshot::Sender<Seating>,
    },
    /// A table carried over from another node, with the people away from it. Boxed: a
    /// channel's memory is blocks of messages of its largest kind.
    Carried(Box<CarriedTable>),
}

/// A person at a running table.
struct Seated {
    name: String,
    addr: IpAddr,
    token: Option<crate::net::SeatToken>,
    seating: Seating,
}

impl Seated {
    /// `human` sits at `seating`.
    fn of(human: &Human, seating: Seating) -> Seated {
        Seated {
            name: human.name.clone(),
            addr: human.addr,
            token: human.token.clone(),
            seating,
        }
    }

    /// Whether `human` may be the person of this seat: by token, or by exact name and
    /// address (the table decides, knowing whether the seat's owner is away).
    fn may_be(&self, human: &Human) -> bool {
        let holder = crate::net::Holder {
            name: &self.name,
            addr: self.addr,
            token: self.token.as_ref(),
        };
        crate::net::may_take(holder, true, human.holder())
    }
}

/// How sessions reach the lobby. Cheap to clone.
#[derive(Clone)]
pub struct Lobby {
    tx: mpsc::Sender<LobbyMsg>,
    carry: Carry,
    /// Whether the tables play with red fives (operations name them).
    pub red_fives: bool,
}

/// Someone waiting for a table.
struct Waiting {
    human: Human,
    seated: oneshot::Sender<Seating>,
}

struct State {
    settings: MahjongSettings,
    seeds: SeedSource,
    recorder: Ledger,
    waiting: Vec<Waiting>,
    seated: Vec<Seated>,
    /// Where tables send people whose seat was given up back to.
    me: mpsc::Sender<LobbyMsg>,
    /// How long a person who drops keeps their seat.
    grace: Duration,
    /// When the first person now waiting arrived.
    since: Option<Instant>,
    shutdown: CancellationToken,
}

impl Lobby {
    /// Starts the lobby actor.
    pub fn start(
        settings: MahjongSettings,
        grace: Duration,
        seeds: SeedSource,
        recorder: Ledger,
        shutdown: CancellationToken,
    ) -> Lobby {
        let (tx, rx) = mpsc::channel(256);
        let red_fives = settings.red_fives;
        let carrier = Carrier {
            settings: settings.clone(),
            grace,
            recorder: recorder.clone(),
            shutdown: shutdown.clone(),
            lobby: tx.clone(),
        };
        let carry = std::sync::Arc::new(move |carried: Carried| carrier.carry(&carried));
        let state = State {
            settings,
            seeds,
            recorder,
            waiting: Vec::new(),
            seated: Vec::new(),
            me: tx.clone(),
            grace,
            since: None,
            shutdown: shutdown.clone(),
        };
        tokio::spawn(state.run(rx));
        Lobby {
            tx,
            carry,
            red_fives,
        }
    }

    /// Carries on a table another node of a cluster ran.
    pub fn carrier(&self) -> Carry {
        self.carry.clone()
    }

    /// Waits for a seat; the receiver yields it when the table starts, or at once for a
    /// person coming back to the seat they hold (it is dropped if the server stops first).
    pub async fn join(&self, human: Human) -> oneshot::Receiver<Seating> {
        let (seated, rx) = oneshot::channel();
        let _ = self.tx.send(LobbyMsg::Join { human, seated }).await;
        rx
    }

    /// The connection closed before its table started.
    pub async fn leave(&self, conn: ConnId) {
        let _ = self.tx.send(LobbyMsg::Leave { conn }).await;
    }

    /// A person waiting asks for a table now (`fill`): everybody waiting sits down,
    /// with CPU players in the empty seats.
    pub async fn fill(&self, conn: ConnId) {
        let _ = self.tx.send(LobbyMsg::Fill { conn }).await;
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
            LobbyMsg::Join { human, seated } => {
                self.seated.retain(|p| !p.seating.table.is_closed());
                let back = self.seated.iter().find(|p| p.may_be(&human));
                if let Some(back) = back {
                    let seating = back.seating.clone();
                    let lobby = self.me.clone();
                    tokio::spawn(async move {
                        let (reply, answer) = oneshot::channel();
                        let newcomer = human.clone().newcomer();
                        let sit = Input::Sit { newcomer, reply };
                        let back = seating.table.send(sit).await;
                        match answer.await {
                            Ok(Ok(_)) if back => {
                                let _ = seated.send(seating);
                            }
                            _ => {
                                let _ = lobby.send(LobbyMsg::Rejoin { human, seated }).await;
                            }
                        }
                    });
                    return;
                }
                self.wait(human, seated);
            }
            // The seat was not theirs to take (its owner is still there, or it was given
            // up): they wait as anyone new.
            LobbyMsg::Rejoin { human, seated } => self.wait(human, seated),
            // Forgotten at once: each entry holds its table's channel, and with it the
            // channel's memory, which a churn of tables would otherwise keep.
            LobbyMsg::TableClosed => self.seated.retain(|p| !p.seating.table.is_closed()),
            LobbyMsg::Fill { conn } => {
                if self.waiting.iter().any(|w| w.human.conn == conn) {
                    self.start_table();
                }
            }
            LobbyMsg::Leave { conn } => {
                self.waiting.retain(|w| w.human.conn != conn);
                if self.waiting.is_empty() {
                    self.since = None;
                }
            }
            LobbyMsg::Carried(carried) => {
                let CarriedTable { table, away } = *carried;
                for seated in away {
                    self.seated.push(seated);
                }
                self.watch_closing(table);
            }
        }
    }

    /// A newcomer waits for a table. Names are unique in the lobby and at running
    /// tables, so a name can only ever mean one seat: a name taken gets a number.
    fn wait(&mut self, mut human: Human, seated: oneshot::Sender<Seating>) {
        human.name = crate::text::distinct_name(&human.name, |name| {
            let alike = |other: &str| crate::text::look_alike(other, name);
            self.waiting.iter().any(|w| alike(&w.human.name))
                || self.seated.iter().any(|p| alike(&p.name))
        });
        self.waiting.push(Waiting { human, seated });
        self.since.get_or_insert_with(Instant::now);
        if self.waiting.len() == 4 || self.settings.fill_after.is_zero() {
            self.start_table();
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
        let (table, starter) = table::create(
            humans,
            self.settings.clone(),
            self.grace,
            (&self.recorder, &self.seeds),
            self.shutdown.clone(),
        );
        for (seat, w) in waiting.into_iter().enumerate() {
            let seating = Seating {
                table: table.clone(),
                seat,
            };
            self.seated.push(Seated::of(&w.human, seating.clone()));
            if w.seated.send(seating).is_err() {
                // The session ended while the table was being set: the seat is left.
                let (table, conn) = (table.clone(), w.human.conn);
                tokio::spawn(async move { table.send(Input::Leave { conn }).await });
            }
        }
        self.run_table(table, starter);
    }

    /// Runs the table `starter` begins, and forgets its people once it closes.
    fn run_table(&self, table: TableHandle, starter: Starter<MahjongHooks>) {
        starter.run();
        self.watch_closing(table);
    }

    /// Forgets the people of `table` once it closes.
    fn watch_closing(&self, table: TableHandle) {
        let lobby = self.me.clone();
        tokio::spawn(async move {
            table.closed().await;
            let _ = lobby.send(LobbyMsg::TableClosed).await;
        });
    }
}

/// A table carried over from another node, running, and the people who may come back
/// to it.
struct CarriedTable {
    table: TableHandle,
    away: Vec<Seated>,
}

/// Makes tables carried over from other nodes of a cluster, and hands them to the lobby.
struct Carrier {
    settings: MahjongSettings,
    grace: Duration,
    recorder: Ledger,
    shutdown: CancellationToken,
    lobby: mpsc::Sender<LobbyMsg>,
}

impl Carrier {
    fn carry(&self, carried: &Carried) -> Result<(), String> {
        let (settings, grace) = (self.settings.clone(), self.grace);
        let shutdown = self.shutdown.clone();
        let table = table::carry(carried, settings, grace, &self.recorder, shutdown)?;
        // The people who may come back to it by name, from their address (nobody comes
        // back to a CPU player's seat from the start).
        let away = (0..carried.seats.len())
            .filter(|&seat| carried.seats[seat].1.is_none())
            .filter_map(|seat| {
                let holder = carried.holders.get(seat)?;
                let seating = Seating {
                    table: table.clone(),
                    seat,
                };
                Some(Seated {
                    name: carried.seats[seat].0.clone(),
                    addr: holder.addr?,
                    token: holder
                        .token
                        .as_deref()
                        .and_then(crate::net::SeatToken::parse),
                    seating,
                })
            })
            .collect();
        let made = CarriedTable { table, away };
        self.lobby
            .try_send(LobbyMsg::Carried(Box::new(made)))
            .map_err(|e| format!("the lobby cannot take the table: {e}"))
    }
}
