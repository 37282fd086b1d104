//! The room actor: one task owns one room's seats, its manager and rule options; each
//! game it starts runs at the kernel's table actor (`game.rs`), which the room hands its
//! people's moves and hears the game's end from.
//!
//! Sessions talk to it through a bounded [`RoomHandle`]; it answers by writing straight
//! into each person's [`Outbox`], which never blocks, so a client that stops reading can
//! never stall the room.

use super::game::{self, CarrySettings, GameHandle, Host, Over, RoomGame, RoomStarter, Start};
use super::lounge::Nicks;
use super::render::Renderer;
use super::seating::{Person, Seating};
use crate::net::Outbox;
use crate::record::{Carried, Ledger};
use crate::seeds::SeedSource;
use crate::table::actor::{Input, Newcomer};
use crate::table::{Seats, Timing};
use parlor_wire::minitruco::{Command, Refusal, ServerMsg};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::sync::oneshot;
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
    game: GameHandle,
    starter: RoomStarter,
    /// Its number in the room.
    id: u64,
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

    /// The room will not take the game on: it ends without a result, for `reason`.
    pub fn abandon(self, reason: &str) {
        self.starter.abandon(reason);
    }
}

/// Makes the game `carried` again for `room`: each person who played from an address
/// the record knows may take their seat back from it by their nickname. An error if the
/// game cannot be made again here.
pub fn carry(
    carried: &Carried,
    room: &RoomHandle,
    settings: &CarrySettings,
) -> Result<CarriedRoom, String> {
    let (id, rules) = (carried.id, crate::record::truco::rules_of(&carried.variant));
    let rules = rules.ok_or_else(|| format!("game {id} is not a miniTruco game"))?;
    let ticket = room.ticket();
    let id = ticket.0;
    let (game, starter) = game::carry(carried, (room.number, rules), settings, ticket)?;
    let mut seats = Seats::new(4, settings.grace);
    for seat in starter.kept() {
        let (Some(addr), Some((nick, _))) = (carried.holders[seat].addr, carried.seats.get(seat))
        else {
            continue;
        };
        let person = Person::new(Arrival {
            conn: crate::net::next_conn_id(),
            nick: nick.clone(),
            addr,
            outbox: Outbox::gone(),
            // Nobody's stay yet: the person comes back with a stay of their own.
            stay: oneshot::channel().0,
        });
        seats.sit(seat, person);
        seats.step_away(seat, Instant::now());
    }
    Ok(CarriedRoom {
        game,
        starter,
        id,
        seats,
        rules,
    })
}

/// How sessions reach a room and read its occupancy.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    number: usize,
    tx: mpsc::Sender<RoomMsg>,
    occupancy: Arc<AtomicU8>,
    /// The last game number given out.
    games: Arc<AtomicU64>,
    /// Where the room's games say how they ended.
    over: mpsc::UnboundedSender<Over>,
}

impl RoomHandle {
    /// Seats taken, CPU players included during a game (for `L`).
    pub fn occupancy(&self) -> u8 {
        self.occupancy.load(Ordering::Relaxed)
    }

    /// Hands the room a game carried over from another node; an error (the game ended)
    /// if the room cannot take it now.
    pub fn carry(&self, carried: CarriedRoom) -> Result<(), String> {
        let carried = RoomMsg::Carried(Box::new(carried));
        self.tx.try_send(carried).map_err(|error| {
            let why = format!("the room cannot take the game: {error}");
            if let RoomMsg::Carried(carried) = error.into_inner() {
                carried.abandon(&why);
            }
            why
        })
    }

    /// Sends a message, waiting while the room's inbox is full; `false` if the room is gone.
    pub async fn send(&self, msg: RoomMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }

    /// A number for the room's next game, and where that game says how it ended.
    fn ticket(&self) -> (u64, mpsc::UnboundedSender<Over>) {
        let id = self.games.fetch_add(1, Ordering::Relaxed) + 1;
        (id, self.over.clone())
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
    let (over, overs) = mpsc::unbounded_channel();
    let handle = RoomHandle {
        number: config.number,
        tx,
        occupancy: Arc::new(AtomicU8::new(0)),
        games: Arc::new(AtomicU64::new(0)),
        over,
    };
    let room = Room {
        seating: Seating::new(config.number, config.grace),
        game: None,
        handle: handle.clone(),
        config,
    };
    tokio::spawn(room.run(rx, overs));
    handle
}

struct Room {
    config: RoomConfig,
    seating: Seating,
    /// The game being played, and its number in this room.
    game: Option<(u64, GameHandle)>,
    /// The room's own handle: its occupancy and its games' numbers.
    handle: RoomHandle,
}

impl Room {
    async fn run(
        mut self,
        mut inbox: mpsc::Receiver<RoomMsg>,
        mut overs: mpsc::UnboundedReceiver<Over>,
    ) {
        loop {
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => {
                        // A game that ended by its rules has already told its people
                        // (`G`): whatever they send now is for the room.
                        while let Ok(over) = overs.try_recv() {
                            self.game_over(over);
                        }
                        self.handle(msg).await;
                    }
                    None => break,
                },
                Some(over) = overs.recv() => self.game_over(over),
                _ = self.config.shutdown.cancelled() => break,
            }
            self.publish_occupancy();
        }
        for person in self.seating.people() {
            person.outbox.close();
        }
    }

    async fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Join { arrival, reply } => {
                let joined = self.game.is_none() && self.seating.free_seat().is_some();
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
                    self.remove(seat, true).await;
                }
            }
            RoomMsg::Dropped { conn, reply } => {
                let _ = reply.send(self.dropped(conn).await);
            }
            RoomMsg::Resume { arrival, reply } => {
                let _ = reply.send(self.resume(arrival).await);
            }
            RoomMsg::Info { reply } => {
                let _ = reply.send(self.info_line());
            }
            RoomMsg::Rename { conn, nick, reply } => self.rename(conn, nick, reply),
            RoomMsg::Command { conn, command } => self.command(conn, command).await,
            RoomMsg::Carried(carried) => self.carried(*carried),
        }
    }

    async fn command(&mut self, conn: ConnId, command: Command) {
        let Some(seat) = self.seating.seat_of(conn) else {
            return;
        };
        let is_manager = self.seating.manager() == Some(seat);
        let idle = self.game.is_none();
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
                            self.remove(p - 1, true).await;
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
                if let Some((_, game)) = &self.game {
                    game.send(game::input(conn, command)).await;
                }
            }
        }
    }

    fn rename(&mut self, conn: ConnId, nick: String, reply: oneshot::Sender<String>) {
        let Some(seat) = self.seating.seat_of(conn) else {
            return;
        };
        let old = self.seating.nick(seat).to_owned();
        if self.game.is_some() {
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

    /// A person's connection is gone: mid-game the game may keep their seat for the
    /// grace period (whether it did is the answer: the room then holds their nickname),
    /// otherwise they leave.
    async fn dropped(&mut self, conn: ConnId) -> bool {
        let Some(seat) = self.seating.seat_of(conn) else {
            return false;
        };
        if let Some((_, game)) = &self.game {
            let (reply, kept) = oneshot::channel();
            if game.send(Input::Drop { conn, reply }).await && kept.await == Ok(true) {
                if self.seating.step_away(seat) {
                    self.away(seat);
                }
                return true;
            }
        }
        self.remove(seat, false).await;
        false
    }

    /// The person of `seat` is away from the game: the lounge routes their nickname from
    /// their address back here.
    fn away(&self, seat: usize) {
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
    }

    /// A person away comes back on a new connection: the game gives them their seat and
    /// brings them up to date (`N`, `E`, `I`, `P`, then the hand so far). `false` if
    /// nobody of that name from that address is away here, or the game did not take
    /// them back (their grace period has just ended).
    async fn resume(&mut self, arrival: Arrival) -> bool {
        let Some((_, game)) = &self.game else {
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
        let newcomer = Newcomer {
            addr: Some(arrival.addr),
            ..Newcomer::named(arrival.conn, arrival.outbox.clone(), arrival.nick.clone())
        };
        let (reply, seated) = oneshot::channel();
        if !game.send(Input::Sit { newcomer, reply }).await || !matches!(seated.await, Ok(Ok(_))) {
            return false;
        }
        self.seating.come_back(seat, arrival);
        let nick = self.seating.nick(seat).to_owned();
        self.config.nicks.back(&nick);
        tracing::debug!(
            room = self.config.number,
            player = nick,
            "back at the table"
        );
        true
    }

    /// Takes on a game carried over from another node. Its people are away: each may
    /// come back by nickname from their address (the lounge holds their nicknames for
    /// this room already, see `Lounge::carrier`).
    fn carried(&mut self, carried: CarriedRoom) {
        let away = carried.away();
        if self.game.is_some() || self.seating.seats().held().next().is_some() {
            carried.abandon("its room was already taken on the node that carried it on");
            for (nick, _) in away {
                self.config.nicks.release(&nick);
            }
            return;
        }
        let CarriedRoom {
            game,
            mut starter,
            id,
            seats,
            rules,
        } = carried;
        self.seating.carried(seats, rules);
        starter.hooks_mut().set_info(self.game_info());
        tracing::info!(
            room = self.config.number,
            "game carried on from another node"
        );
        self.game = Some((id, game));
        starter.run();
    }

    /// Someone leaves `seat` (told with `S` if `tell_them`); a game in progress ends for
    /// everyone (`A <pos>`, from the game, before they go), and everyone still away from
    /// it leaves too.
    async fn remove(&mut self, seat: usize, tell_them: bool) {
        let game = self.game.take();
        if let (Some((_, game)), Some(conn)) = (&game, self.seating.conn_at(seat)) {
            let (reply, done) = oneshot::channel();
            if game.send(Input::Quit { conn, reply }).await {
                let _ = done.await;
            }
        }
        self.unseat(seat, tell_them);
        if game.is_some() {
            tracing::debug!(room = self.config.number, "game abandoned");
            self.after_game();
        }
        self.changed();
    }

    /// The person of `seat` is no longer in the room (told with `S` if `tell_them`).
    fn unseat(&mut self, seat: usize, tell_them: bool) {
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
    }

    /// With no game any more, everybody must say `Q` again, and the people away leave
    /// the room.
    fn after_game(&mut self) {
        self.seating.reset_ready();
        for seat in 0..4 {
            if self.seating.seats().is_away(seat) {
                if let Some(person) = self.seating.unseat(seat) {
                    self.config.nicks.release(&person.nick);
                }
            }
        }
    }

    fn start_game(&mut self) {
        let (id, over) = self.handle.ticket();
        let people = (0..4).map(|seat| self.seating.newcomer(seat)).collect();
        let room = RoomGame {
            number: self.config.number,
            nicks: self.seating.names().map(str::to_owned),
            info: self.game_info(),
            grace: self.config.grace,
        };
        let start = Start {
            rules: self.seating.rules(),
            host: Host::Room(room),
            cpu: self.config.cpu_strategy.as_deref(),
            timing: Timing {
                cpu_delay: self.config.bot_delay,
                turn_limit: self.config.turn_timeout,
            },
            seeds: &self.config.seeds,
            recorder: &self.config.recorder,
            shutdown: self.config.shutdown.clone(),
        };
        tracing::debug!(
            room = self.config.number,
            players = ?self.seating.names(),
            "game started"
        );
        let (game, starter) = game::start::<Renderer>(people, start, (id, over));
        self.game = Some((id, game));
        starter.run();
    }

    /// A game ended: if it is this room's game, the room is free again. No `I` unasked
    /// after `G`: the 2008 client takes any `I` for the end of the game and would skip
    /// its end-of-game screen; the next change in the room, or the client's own `I`,
    /// brings the room's state. A game that ended because someone away for too long
    /// gave their seat up (`A`) is a change: they leave the room.
    fn game_over(&mut self, over: Over) {
        if self.game.as_ref().is_none_or(|(id, _)| *id != over.id) {
            return;
        }
        self.game = None;
        if let Some((winner, scores)) = over.result {
            tracing::info!(
                room = self.config.number,
                winner = winner + 1,
                ?scores,
                "game over"
            );
        }
        if let Some(seat) = over.gone {
            self.unseat(seat, false);
        }
        self.after_game();
        if over.gone.is_some() {
            self.changed();
        }
    }

    /// Something in the room changed: everyone gets a fresh `I`.
    fn changed(&mut self) {
        if self.game.is_none() {
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
        match self.game {
            Some(_) => self.game_info(),
            None => self.seating.info_line(None),
        }
    }

    /// The `I` line while a game runs: the CPU players named in the seats without a
    /// person.
    fn game_info(&self) -> String {
        let cpus: [String; 4] = std::array::from_fn(game::cpu_name);
        self.seating
            .info_line(Some(cpus.each_ref().map(|name| Some(name.as_str()))))
    }

    fn publish_occupancy(&self) {
        let taken = match &self.game {
            Some(_) => 4,
            None => self.seating.people().count() as u8,
        };
        self.handle.occupancy.store(taken, Ordering::Relaxed);
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
