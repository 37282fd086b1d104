//! The room actor: one task owns one room's seats, its manager and rule options, and the
//! game with its CPU players while one runs.
//!
//! Sessions talk to it through a bounded [`RoomHandle`]; it answers by writing straight
//! into each person's [`Outbox`], which never blocks, so a client that stops reading can
//! never stall the room.

use super::command::Command;
use super::lounge::Nicks;
use super::seating::{Person, Seating};
use super::table::Table;
use crate::net::Outbox;
use crate::seeds::SeedSource;
use parlor_store::Recorder;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

pub use crate::net::ConnId;

/// Chat text as it is relayed: control characters (terminal escapes, bells, NUL) dropped;
/// a line carries no separators, so nothing else changes.
fn chat(text: &str) -> String {
    crate::text::clean(text, "", ' ', usize::MAX)
}

/// What a session asks of a room.
pub enum RoomMsg {
    /// Take the lowest free seat; answered with `false` if the room is full.
    Join {
        conn: ConnId,
        nick: String,
        outbox: Outbox,
        /// Dropped by the room when this stay ends (see [`Person::stay`]).
        stay: oneshot::Sender<()>,
        reply: oneshot::Sender<bool>,
    },
    /// The person leaves (`S`, a disconnect, or a connection closed for not reading).
    Leave { conn: ConnId, said_s: bool },
    /// The current `I` line.
    Info { reply: oneshot::Sender<String> },
    /// `N` while in the room; answered with the nickname now in force.
    Rename {
        conn: ConnId,
        nick: String,
        reply: oneshot::Sender<String>,
    },
    /// Any other room command from a person in the room.
    Command { conn: ConnId, command: Command },
}

/// How sessions reach a room and read its occupancy.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<RoomMsg>,
    occupancy: Arc<AtomicU8>,
}

impl RoomHandle {
    /// Seats taken, CPU players included during a game (for `L`).
    pub fn occupancy(&self) -> u8 {
        self.occupancy.load(Ordering::Relaxed)
    }

    /// Sends a message, waiting while the room's inbox is full; `false` if the room is gone.
    pub async fn send(&self, msg: RoomMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }
}

/// What a room needs to start.
pub struct RoomConfig {
    pub number: usize,
    pub nicks: Nicks,
    pub seeds: SeedSource,
    pub recorder: Recorder,
    pub bot_delay: Duration,
    /// The CPU players' strategy; `None` draws one per seat.
    pub cpu_strategy: Option<String>,
    /// Time a person has to act before a stand-in plays for them.
    pub turn_timeout: Option<Duration>,
    pub inbox: usize,
    pub shutdown: CancellationToken,
}

/// Starts a room actor.
pub fn spawn(config: RoomConfig) -> RoomHandle {
    let (tx, rx) = mpsc::channel(config.inbox.max(1));
    let occupancy = Arc::new(AtomicU8::new(0));
    let room = Room {
        seating: Seating::new(config.number),
        table: None,
        occupancy: occupancy.clone(),
        config,
    };
    tokio::spawn(room.run(rx));
    RoomHandle { tx, occupancy }
}

struct Room {
    config: RoomConfig,
    seating: Seating,
    table: Option<Table>,
    occupancy: Arc<AtomicU8>,
}

impl Room {
    async fn run(mut self, mut inbox: mpsc::Receiver<RoomMsg>) {
        loop {
            let due = self.table.as_ref().and_then(Table::bot_due);
            let turn_due = self.table.as_ref().and_then(Table::turn_due);
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => crate::telemetry::timed("minitruco", || self.handle(msg)),
                    None => break,
                },
                _ = crate::cpu::sleep_until(due), if due.is_some() => self.step_bots(),
                _ = crate::cpu::sleep_until(turn_due), if turn_due.is_some() => self.time_out(),
                _ = self.config.shutdown.cancelled() => break,
            }
        }
        for person in self.seating.people() {
            person.outbox.close();
        }
    }

    fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Join {
                conn,
                nick,
                outbox,
                stay,
                reply,
            } => {
                let joined = self.table.is_none() && self.seating.free_seat().is_some();
                if joined {
                    outbox.send(format!("E {}", self.config.number));
                    self.seating.seat(Person::new(conn, nick, outbox, stay));
                    self.changed();
                }
                let _ = reply.send(joined);
            }
            RoomMsg::Leave { conn, said_s } => self.remove(conn, said_s),
            RoomMsg::Info { reply } => {
                let _ = reply.send(self.info_line());
            }
            RoomMsg::Rename { conn, nick, reply } => self.rename(conn, nick, reply),
            RoomMsg::Command { conn, command } => self.command(conn, command),
        }
        self.after_change();
    }

    fn command(&mut self, conn: ConnId, command: Command) {
        let Some(seat) = self.seating.seat_of(conn) else {
            return;
        };
        let is_manager = self.seating.manager() == Some(seat);
        let idle = self.table.is_none();
        match command {
            Command::Chat(text) => {
                let line = format!("B {} {}", self.seating.nick(seat), chat(&text));
                self.seating.broadcast(&line);
            }
            Command::Whisper { to, text } => {
                let line = format!("M {} {}", self.seating.nick(seat), chat(&text));
                match self.seating.find_nick(&to) {
                    Some(target) if !text.is_empty() => target.outbox.send(line),
                    // As the original server: an unknown nickname, or no text.
                    _ => self.seating.send_to(seat, "X JI"),
                }
            }
            Command::Rules(arg) if is_manager && idle => {
                if let Some((clean, old)) = arg.as_deref().and_then(parse_rules) {
                    match self.seating.set_rules(clean, old) {
                        Ok(()) => self.changed(),
                        Err(_) => self.seating.send_to(seat, "X TT"),
                    }
                }
            }
            Command::SwapFoes if is_manager && idle => {
                self.seating.swap_foes(seat);
                self.changed();
            }
            Command::CyclePartner if is_manager && idle => {
                self.seating.cycle_partner(seat);
                self.changed();
            }
            Command::Kick(arg) if is_manager && idle => {
                match arg.and_then(|p| p.parse::<usize>().ok()) {
                    Some(p @ 1..=4) => {
                        if let Some(conn) = self.seating.conn_at(p - 1).filter(|_| p - 1 != seat) {
                            self.remove(conn, true);
                        }
                    }
                    _ => self.seating.send_to(seat, "X JI"),
                }
            }
            Command::Ready if idle => {
                self.seating.set_ready(seat);
                self.changed();
                if self.seating.all_ready() {
                    self.start_game();
                }
            }
            command => {
                if let Some(table) = &mut self.table {
                    table.person_command(seat, command, &self.seating);
                }
            }
        }
    }

    fn rename(&mut self, conn: ConnId, nick: String, reply: oneshot::Sender<String>) {
        let Some(seat) = self.seating.seat_of(conn) else {
            return;
        };
        let old = self.seating.nick(seat).to_owned();
        if self.table.is_some() {
            self.seating.send_to(seat, "X JO");
            let _ = reply.send(old);
            return;
        }
        match self.config.nicks.claim(Some(&old), &nick) {
            Ok(()) => {
                self.seating.send_to(seat, &format!("N {nick}"));
                self.seating.rename(seat, nick.clone());
                let _ = reply.send(nick);
                self.changed();
            }
            Err(error) => {
                self.seating.send_to(seat, error.line());
                let _ = reply.send(old);
            }
        }
    }

    fn remove(&mut self, conn: ConnId, tell_them: bool) {
        let Some((seat, person)) = self.seating.unseat(conn) else {
            return;
        };
        if tell_them {
            person.outbox.send("S");
        }
        // Ends this stay for the session (it may have asked for it already).
        let _ = person.stay.send(());
        if let Some(mut table) = self.table.take() {
            tracing::info!(
                room = self.config.number,
                player = person.nick,
                "game abandoned"
            );
            table.abandon(&format!("{} left the room", person.nick));
            self.seating
                .broadcast(&format!("A {}", super::render::position(seat)));
            self.seating.reset_ready();
        }
        self.changed();
    }

    fn start_game(&mut self) {
        let seed = self.config.seeds.next_seed();
        let table = Table::start(
            seed,
            &mut self.seating,
            &self.config.recorder,
            self.config.number,
            self.config.cpu_strategy.as_deref(),
            self.config.turn_timeout,
        );
        tracing::info!(
            room = self.config.number,
            players = ?self.seating.names(),
            "game started"
        );
        self.table = Some(table);
        self.after_change();
    }

    /// Lets CPU players move: at once without a delay, else once their timer is due.
    fn after_change(&mut self) {
        let Some(table) = &mut self.table else {
            self.publish_occupancy();
            return;
        };
        if self.config.bot_delay.is_zero() {
            table.play_bots(&self.seating);
        } else {
            table.schedule_bots(Instant::now() + self.config.bot_delay);
        }
        table.update_turn(&self.seating);
        self.check_game_over();
        self.publish_occupancy();
    }

    /// The people the game waited for let their time run out: a stand-in plays for them.
    fn time_out(&mut self) {
        if let Some(table) = &mut self.table {
            table.time_out(&self.seating);
        }
        self.after_change();
    }

    fn step_bots(&mut self) {
        if let Some(table) = &mut self.table {
            table.step_bots(&self.seating);
        }
        self.after_change();
    }

    fn check_game_over(&mut self) {
        if let Some(result) = self.table.as_ref().and_then(Table::result) {
            tracing::info!(room = self.config.number, winner = result.0 + 1, scores = ?result.1, "game over");
            self.table = None;
            self.seating.reset_ready();
            // No `I` unasked after `G`: the 2008 client takes any `I` for the end of the
            // game and would skip its end-of-game screen. The next change in the room,
            // or the client's own `I`, brings the room's state.
            self.publish_occupancy();
        }
    }

    /// Something in the room changed: everyone gets a fresh `I`.
    fn changed(&mut self) {
        if self.table.is_none() {
            let line = self.info_line();
            self.seating.broadcast(&line);
        }
        self.publish_occupancy();
    }

    fn info_line(&self) -> String {
        self.seating
            .info_line(self.table.as_ref().map(Table::cpu_names))
    }

    fn publish_occupancy(&self) {
        let taken = match &self.table {
            Some(_) => 4,
            None => self.seating.people().count() as u8,
        };
        self.occupancy.store(taken, Ordering::Relaxed);
    }
}

/// `R dm`: two `T`/`F` flags, clean deck then old manilha.
fn parse_rules(arg: &str) -> Option<(bool, bool)> {
    let flag = |c: u8| match c.to_ascii_uppercase() {
        b'T' => Some(true),
        b'F' => Some(false),
        _ => None,
    };
    match arg.as_bytes() {
        [d, m] => Some((flag(*d)?, flag(*m)?)),
        _ => None,
    }
}
