//! The room actor: one task owns one room's seats, its manager and rule options, and the
//! game with its CPU players while one runs.
//!
//! Sessions talk to it through a bounded [`RoomHandle`]; it answers by writing straight
//! into each person's [`Outbox`], which never blocks, so a client that stops reading can
//! never stall the room.

use super::lounge::Nicks;
use super::render::Renderer;
use super::seating::{Person, Seating};
use super::table::{Setup, Table};
use crate::net::Outbox;
use crate::record::{Carried, Ledger};
use crate::seeds::SeedSource;
use crate::table::{sleep_until, Seats, Timing};
use parlor_wire::minitruco::{Command, Refusal, ServerMsg};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use truco::Rules;

pub use crate::net::ConnId;

/// Chat text as it is relayed: control characters (terminal escapes, bells, NUL) dropped;
/// a line carries no separators, so nothing else changes.
fn chat(text: &str) -> String {
    crate::text::clean(text, "", ' ', usize::MAX)
}

/// A connection arriving in a room (or coming back to its seat).
pub struct Arrival {
    pub conn: ConnId,
    pub nick: String,
    pub addr: IpAddr,
    pub outbox: Outbox,
    /// Dropped by the room when this stay ends (see [`Person::stay`]).
    pub stay: oneshot::Sender<()>,
}

/// What a session asks of a room.
pub enum RoomMsg {
    /// Take the lowest free seat; answered with `false` if the room is full.
    Join {
        arrival: Arrival,
        reply: oneshot::Sender<bool>,
    },
    /// The person leaves (`S`).
    Leave { conn: ConnId },
    /// The person's connection is gone (closed, broken, or dropped for not reading).
    /// Answered with `true` if they keep their seat in the game for the grace period (the
    /// room then holds their nickname), `false` if they have left.
    Dropped {
        conn: ConnId,
        reply: oneshot::Sender<bool>,
    },
    /// `N` with the nickname of a person away from this room's game, from the address
    /// they played from: they take their seat back on this connection. Answered with
    /// whether they did (the grace period may have just ended).
    Resume {
        arrival: Arrival,
        reply: oneshot::Sender<bool>,
    },
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
    /// A game carried over from another node of a cluster, with its people away. Boxed:
    /// a channel's memory is blocks of messages of its largest kind.
    Carried(Box<CarriedRoom>),
}

/// A room's game carried over from another node, ready for the room to take on.
pub struct CarriedRoom {
    table: Table<Renderer>,
    /// The people away from it, each in their seat.
    seats: Seats<Person>,
    rules: Rules,
}

impl CarriedRoom {
    /// The people away from the game: each one's nickname and the address they may come
    /// back from.
    pub fn away(&self) -> Vec<(String, IpAddr)> {
        let held = self.seats.held();
        held.map(|(_, p)| (p.nick.clone(), p.addr)).collect()
    }
}

/// What carrying a room's game over takes, the same for every room of a node.
#[derive(Clone)]
pub struct CarrySettings {
    pub recorder: Ledger,
    pub timing: Timing,
    pub grace: Duration,
}

/// Makes the game `carried` again for its room: each person who played from an address
/// the stream knows may take their seat back from it by their nickname. An error if the
/// game cannot be made again here.
pub fn carry(carried: &Carried, settings: &CarrySettings) -> Result<CarriedRoom, String> {
    let mut seats = Seats::new(4, settings.grace);
    let person = |seat: usize| {
        let addr = carried.holders[seat].addr?;
        Some(Person::new(Arrival {
            conn: crate::net::next_conn_id(),
            nick: carried.seats[seat].0.clone(),
            addr,
            outbox: Outbox::gone(),
            // Nobody's stay yet: the person comes back with a stay of their own.
            stay: oneshot::channel().0,
        }))
    };
    let (recorder, timing) = (&settings.recorder, settings.timing);
    let (table, _) = Table::carry(carried, recorder, timing, &mut seats, person)?;
    let rules = table.rules();
    Ok(CarriedRoom {
        table,
        seats,
        rules,
    })
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

    /// Hands the room a game carried over from another node; an error if the room
    /// cannot take it now.
    pub fn carry(&self, carried: CarriedRoom) -> Result<(), String> {
        let carried = RoomMsg::Carried(Box::new(carried));
        self.tx
            .try_send(carried)
            .map_err(|e| format!("the room cannot take the game: {e}"))
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
    pub recorder: Ledger,
    pub bot_delay: Duration,
    /// The CPU players' strategy; `None` draws one per seat.
    pub cpu_strategy: Option<String>,
    /// Time a person has to act before a stand-in plays for them.
    pub turn_timeout: Option<Duration>,
    /// How long a person who drops mid-game keeps their seat.
    pub grace: Duration,
    pub inbox: usize,
    pub shutdown: CancellationToken,
}

/// Starts a room actor.
pub fn spawn(config: RoomConfig) -> RoomHandle {
    let (tx, rx) = mpsc::channel(config.inbox.max(1));
    let occupancy = Arc::new(AtomicU8::new(0));
    let room = Room {
        seating: Seating::new(config.number, config.grace),
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
    table: Option<Table<Renderer>>,
    occupancy: Arc<AtomicU8>,
}

impl Room {
    async fn run(mut self, mut inbox: mpsc::Receiver<RoomMsg>) {
        loop {
            let due = self.table.as_ref().and_then(Table::due);
            let away = self.seating.seats().next_deadline();
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => crate::telemetry::timed("minitruco", || self.handle(msg)),
                    None => break,
                },
                _ = sleep_until(due), if due.is_some() => self.wake(),
                _ = sleep_until(away), if away.is_some() => self.give_up_expired(),
                _ = self.config.shutdown.cancelled() => break,
            }
        }
        for person in self.seating.people() {
            person.outbox.close();
        }
    }

    fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Join { arrival, reply } => {
                let joined = self.table.is_none() && self.seating.free_seat().is_some();
                if joined {
                    arrival
                        .outbox
                        .send(ServerMsg::Entered(self.config.number).write());
                    self.seating.seat(Person::new(arrival));
                    self.changed();
                }
                let _ = reply.send(joined);
            }
            RoomMsg::Leave { conn } => {
                if let Some(seat) = self.seating.seat_of(conn) {
                    self.remove(seat, true);
                }
            }
            RoomMsg::Dropped { conn, reply } => {
                let _ = reply.send(self.dropped(conn));
            }
            RoomMsg::Resume { arrival, reply } => {
                let _ = reply.send(self.resume(arrival));
            }
            RoomMsg::Info { reply } => {
                let _ = reply.send(self.info_line());
            }
            RoomMsg::Rename { conn, nick, reply } => self.rename(conn, nick, reply),
            RoomMsg::Command { conn, command } => self.command(conn, command),
            RoomMsg::Carried(carried) => self.carried(*carried),
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
                let from = self.seating.nick(seat).to_owned();
                let line = ServerMsg::Chat {
                    from,
                    text: chat(&text),
                }
                .write();
                self.seating.broadcast(&line);
            }
            Command::Whisper { to, text } => {
                let from = self.seating.nick(seat).to_owned();
                let line = ServerMsg::Whisper {
                    from,
                    text: chat(&text),
                }
                .write();
                match self.seating.find_nick(&to) {
                    Some(target) if !text.is_empty() => target.outbox.send(line),
                    // As the original server: an unknown nickname, or no text.
                    _ => self.refuse(seat, Refusal::NoSuchPlayer),
                }
            }
            Command::Rules(arg) if is_manager && idle => {
                if let Some((clean, old)) = arg.as_deref().and_then(parse_rules) {
                    match self.seating.set_rules(clean, old) {
                        Ok(()) => self.changed(),
                        Err(_) => self.refuse(seat, Refusal::BadRules),
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
                        if self.seating.conn_at(p - 1).is_some() && p - 1 != seat {
                            self.remove(p - 1, true);
                        }
                    }
                    _ => self.refuse(seat, Refusal::NoSuchPlayer),
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
            self.refuse(seat, Refusal::InGame);
            let _ = reply.send(old);
            return;
        }
        match self.config.nicks.claim(Some(&old), &nick) {
            Ok(()) => {
                self.seating
                    .send_to(seat, &ServerMsg::Nick(nick.clone()).write());
                self.seating.rename(seat, nick.clone());
                let _ = reply.send(nick);
                self.changed();
            }
            Err(error) => {
                self.seating.send_to(seat, &error.line());
                let _ = reply.send(old);
            }
        }
    }

    /// A person's connection is gone: mid-game they keep the seat for the grace period
    /// (whether they do is the answer), otherwise they leave.
    fn dropped(&mut self, conn: ConnId) -> bool {
        let Some(seat) = self.seating.seat_of(conn) else {
            return false;
        };
        // The node is handing its tables over: the seat stays as it is for the node that
        // carries the game on.
        if self.table.as_ref().is_some_and(Table::handing_over) {
            return true;
        }
        // Until some person has made a move there is no grace: a game started and left
        // keeps nothing.
        let played = self.table.as_ref().is_some_and(|t| t.anyone_played());
        if played && self.seating.step_away(seat) {
            if let Some(person) = self.seating.seats().holder(seat) {
                tracing::debug!(
                    room = self.config.number,
                    player = person.nick,
                    "away; the seat is kept"
                );
                self.config
                    .nicks
                    .set_away(&person.nick, self.config.number, person.addr);
            }
            return true;
        }
        self.remove(seat, false);
        false
    }

    /// A person away comes back on a new connection: they get their seat and are brought
    /// up to date (`N`, `E`, `I`, `P`, then the hand so far). `false` if nobody of that
    /// name from that address is away here.
    fn resume(&mut self, arrival: Arrival) -> bool {
        let Some(table) = &self.table else {
            return false;
        };
        let seat = self.seating.away_seat(&arrival.nick).filter(|&seat| {
            self.seating
                .seats()
                .holder(seat)
                .is_some_and(|p| p.addr == arrival.addr)
        });
        let Some(seat) = seat else {
            return false;
        };
        self.seating.come_back(seat, arrival);
        let nick = self.seating.nick(seat).to_owned();
        self.config.nicks.back(&nick);
        tracing::debug!(
            room = self.config.number,
            player = nick,
            "back at the table"
        );
        let number = self.config.number;
        let position = super::render::position(seat);
        for msg in [ServerMsg::Nick(nick.clone()), ServerMsg::Entered(number)] {
            self.seating.send_to(seat, &msg.write());
        }
        self.seating.send_to(seat, &self.info_line());
        self.seating
            .send_to(seat, &ServerMsg::Position(position).write());
        table.catch_up(seat, &self.seating);
        true
    }

    /// Takes on a game carried over from another node. Its people are away: each may
    /// come back by nickname from their address (the lounge holds their nicknames for
    /// this room already, see `Lounge::carrier`).
    fn carried(&mut self, carried: CarriedRoom) {
        let away = carried.away();
        let CarriedRoom {
            mut table,
            seats,
            rules,
        } = carried;
        if self.table.is_some() || self.seating.seats().held().next().is_some() {
            table.abandon("its room was already taken on the node that carried it on");
            for (nick, _) in away {
                self.config.nicks.release(&nick);
            }
            return;
        }
        self.seating.carried(seats, rules);
        tracing::info!(
            room = self.config.number,
            "game carried on from another node"
        );
        self.table = Some(table);
    }

    /// People away whose grace period is over give their seats up, as if they had left.
    fn give_up_expired(&mut self) {
        while let Some(seat) = self.seating.seats().expired(Instant::now()) {
            self.remove(seat, false);
        }
        self.after_change();
    }

    /// Someone leaves `seat` (told with `S` if `tell_them`); a game in progress is
    /// abandoned, and everyone still away from it leaves too.
    fn remove(&mut self, seat: usize, tell_them: bool) {
        let was_away = self.seating.seats().is_away(seat);
        let Some(person) = self.seating.unseat(seat) else {
            return;
        };
        if tell_them {
            person.outbox.send(ServerMsg::Left.write());
        }
        // Ends this stay for the session (it may have asked for it already).
        let _ = person.stay.send(());
        if was_away {
            // Nobody else will free it: the person's session is gone.
            self.config.nicks.release(&person.nick);
        }
        if let Some(mut table) = self.table.take() {
            tracing::debug!(
                room = self.config.number,
                player = person.nick,
                "game abandoned"
            );
            table.abandon(&format!("{} left the room", person.nick));
            let position = super::render::position(seat);
            let phrase = None;
            self.seating
                .broadcast(&ServerMsg::Abandoned { position, phrase }.write());
            self.seating.reset_ready();
            self.release_away();
        }
        self.changed();
    }

    /// With no game to come back to, the people away leave the room.
    fn release_away(&mut self) {
        for seat in 0..4 {
            if self.seating.seats().is_away(seat) {
                if let Some(person) = self.seating.unseat(seat) {
                    self.config.nicks.release(&person.nick);
                }
            }
        }
    }

    fn start_game(&mut self) {
        let seed = self.config.seeds.next_seed();
        let timing = Timing {
            cpu_delay: self.config.bot_delay,
            turn_limit: self.config.turn_timeout,
        };
        let setup = Setup {
            seed,
            rules: self.seating.rules(),
            recorder: &self.config.recorder,
            name: format!("room {}", self.config.number),
            cpu: self.config.cpu_strategy.as_deref(),
            timing,
        };
        let table = Table::start(setup, &self.seating);
        for (seat, person) in self.seating.seats().here_all() {
            table.holder(seat, person.addr);
        }
        tracing::debug!(
            room = self.config.number,
            players = ?self.seating.names(),
            "game started"
        );
        self.table = Some(table);
        self.after_change();
    }

    /// Lets CPU players and stand-ins move (at once without a delay, else once their
    /// timer is due) and runs the turn timer.
    fn after_change(&mut self) {
        if let Some(table) = &mut self.table {
            table.after_change(&self.seating);
            self.check_game_over();
        }
        self.publish_occupancy();
    }

    /// The game's timer is due: CPU players move, or people out of time get a stand-in's
    /// move.
    fn wake(&mut self) {
        if let Some(table) = &mut self.table {
            table.wake(&self.seating);
        }
        self.after_change();
    }

    fn check_game_over(&mut self) {
        if let Some(result) = self.table.as_ref().and_then(Table::result) {
            tracing::info!(room = self.config.number, winner = result.0 + 1, scores = ?result.1, "game over");
            self.table = None;
            self.seating.reset_ready();
            self.release_away();
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

    /// Tells the person of `seat` why their command was refused.
    fn refuse(&self, seat: usize, refusal: Refusal) {
        self.seating
            .send_to(seat, &ServerMsg::Refused(refusal).write());
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
