//! One table actor for any game: the loop that owns a table's seats and its game.
//!
//! It takes people as they sit down (and starts the game when every seat is taken, or
//! at once with CPU players when someone asks), their moves, their names, their leaving
//! and their coming back with their token; it keeps a dropped person's seat for the
//! grace period while a stand-in plays (for a person who holds a token to come back
//! with), moves the CPU players after their delay, runs the turn timer, and records,
//! lists and shows the game to watchers through [`Play`]. When the game ends, the table
//! ends and closes its people's connections.
//!
//! A protocol brings only what is its own ([`Hooks`]): how an event reads on its wire
//! for one seat, what a person is told on sitting down and on coming back, the lines it
//! announces the table's changes with, how refusals read, its names' rules, and the CPU
//! players' strategy. It turns its clients' lines into [`Input`]s and keeps its own
//! lobby (which table a newcomer joins, which table a token belongs to).

use super::{sleep_until, Play, Seats, Timing};
use crate::net::{ConnId, Outbox};
use crate::record::watch::Watchable;
use crate::record::{seat as seat_record, Chronicle, GameLog, Ledger, Note, Recorded, SeatKind};
use crate::seeds::SeedSource;
use parlor_game::{Game, Notation, Projected, Seat, Strategy};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

type Event<H> = <<H as Hooks>::Game as Projected>::Event;
type Action<H> = <<H as Hooks>::Game as Game>::Action;

/// What a protocol tells the kernel's table. Every method but the first five has a
/// default that says nothing.
pub trait Hooks: Send + 'static {
    /// The game played at the table.
    type Game: Watchable + Notation + Send + 'static;
    /// What the game's record keeps besides the actions (`record::generic`'s
    /// `OutcomeChronicle` for a game without one of its own).
    type Chronicle: Chronicle<Self::Game>;
    /// What rendering remembers for one seat between events (`()` if nothing).
    type Viewer: Send;

    /// A fresh viewer for `seat` (at the start, and for a person coming back).
    fn viewer(&self, seat: Seat) -> Self::Viewer;

    /// The lines `event` (already as the viewer's seat may see it) reads as on the wire.
    fn render(&self, viewer: &mut Self::Viewer, event: &Event<Self>, out: &mut Vec<String>);

    /// What a person taking `seat` is told first; `token` (if they hold one yet) lets
    /// them come back.
    fn seated(&self, seat: Seat, token: Option<&str>) -> Vec<String>;

    /// A refused action, as one line.
    fn refused(&self, refusal: &<Self::Game as Game>::Refusal) -> String;

    /// A CPU player's strategy (the stand-in for a person away or out of time too).
    fn cpu(&self) -> Box<dyn Strategy<Self::Game>>;

    /// The record of a new game.
    fn chronicle(&self) -> Self::Chronicle;

    /// Whether a person is given a token on sitting down (else on asking, [`Input::Token`]).
    fn token_at_sit(&self) -> bool {
        true
    }

    /// The line telling a person their token.
    fn token(&self, _token: &str) -> Option<String> {
        None
    }

    /// The name a CPU player in `seat` is called.
    fn cpu_name(&self, seat: Seat) -> String {
        format!("CPU {}", seat + 1)
    }

    /// Told to everyone waiting when a person sits down or leaves before the game:
    /// `seated` people are there.
    fn waiting(&self, _seated: usize) -> Option<String> {
        None
    }

    /// Told to everyone as the game begins, before its first events.
    fn started(&self) -> Vec<String> {
        Vec::new()
    }

    /// What a person coming back to `seat` is told before the game so far.
    fn resumed(&self, seat: Seat, token: &str) -> Vec<String> {
        self.seated(seat, Some(token))
    }

    /// Told to a connection whose seat a newer one took with its token.
    fn replaced(&self) -> Option<String> {
        None
    }

    /// Told to everyone when a CPU player takes `seat` from a person gone for good.
    fn left(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// Told to the person of `seat` when their time ran out and the stand-in moves.
    fn timed_out(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// Told to a person who moves before the game has begun.
    fn not_started(&self) -> Option<String> {
        None
    }

    /// Told to a person who asks for CPU players once the game has begun.
    fn fill_refused(&self) -> Option<String> {
        None
    }

    /// The name `name` a person in `seat` asks to be called, as kept, with the line that
    /// says so; or the line refusing it. `taken` says whether another seat's name looks
    /// like a given one.
    fn rename(&self, _seat: Seat, _name: &str, _taken: &dyn Fn(&str) -> bool) -> Result<(String, String), String> {
        Err(String::new())
    }

    /// The answer to [`Input::Seats`]: who plays each seat (`None`: empty).
    fn seats(&self, _kinds: &[Option<SeatKind>]) -> Option<String> {
        None
    }

    /// Whether `event` asks someone to act, so that a person coming back is shown only
    /// the last such event of the hand so far (`false`: every event).
    fn is_prompt(_event: &Event<Self>) -> bool {
        false
    }
}

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
    inbox: mpsc::Sender<Input<A>>,
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

/// A person at the table.
struct Person {
    conn: ConnId,
    outbox: Outbox,
    name: String,
    /// The token to come back with, once given.
    token: Option<String>,
}

/// Starts a table's actor with an inbox of `inbox` inputs; it runs until its game ends,
/// until every handle is gone before a game began, or until shutdown.
pub fn spawn<H>(
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    inbox: usize,
    ledger: Ledger,
    seeds: SeedSource,
    shutdown: CancellationToken,
) -> TableHandle<Action<H>>
where
    H: Hooks,
    <H::Game as Game>::Rules: Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    let (tx, mut inputs) = mpsc::channel(inbox.max(1));
    let viewers = (0..settings.seats).map(|s| hooks.viewer(s)).collect();
    let mut table = Table {
        seats: Seats::new(settings.seats, settings.grace),
        viewers,
        hooks,
        settings,
        ledger,
        seeds,
        play: None,
    };
    tokio::spawn(async move {
        loop {
            let due = table.play.as_ref().and_then(Play::due);
            let away = table.seats.next_deadline();
            tokio::select! {
                input = inputs.recv() => match input {
                    Some(input) => {
                        crate::telemetry::timed(table.settings.protocol, || table.handle(input));
                    }
                    None if table.play.is_none() => break,
                    None => {}
                },
                () = sleep_until(due) => table.wake(),
                () = sleep_until(away) => table.expire(),
                () = shutdown.cancelled() => break,
            }
            if !table.after_change() {
                break;
            }
        }
        for (_, person) in table.seats.here_all() {
            person.outbox.close();
        }
    });
    TableHandle { inbox: tx }
}

struct Table<H: Hooks> {
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    ledger: Ledger,
    seeds: SeedSource,
    seats: Seats<Person>,
    viewers: Vec<H::Viewer>,
    play: Option<Play<H::Game, H::Chronicle>>,
}

impl<H> Table<H>
where
    H: Hooks,
    Event<H>: Send + Sync,
{
    fn handle(&mut self, input: Input<Action<H>>) {
        match input {
            Input::Sit {
                conn,
                outbox,
                name,
                reply,
            } => {
                let _ = reply.send(self.sit(conn, outbox, name));
            }
            Input::Act { conn, action } => self.act(conn, action),
            Input::Fill { conn } => self.fill(conn),
            Input::Token { conn, reply } => {
                if let Some(token) = self.token(conn) {
                    let _ = reply.send(token);
                }
            }
            Input::Rename { conn, name } => self.rename(conn, &name),
            Input::Seats { conn } => {
                let kinds: Vec<Option<SeatKind>> = (0..self.settings.seats)
                    .map(|seat| self.kind(seat))
                    .collect();
                if let (Some(seat), Some(line)) = (self.seat_of(conn), self.hooks.seats(&kinds)) {
                    self.send(seat, line);
                }
            }
            Input::Leave { conn } => self.leave(conn),
            Input::Resume {
                token,
                conn,
                outbox,
                reply,
            } => {
                let _ = reply.send(self.resume(&token, conn, outbox));
            }
        }
    }

    fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        self.seats.find_here(|p| p.conn == conn)
    }

    /// Who plays `seat` now; `None` for an empty seat before the game.
    fn kind(&self, seat: Seat) -> Option<SeatKind> {
        if self.seats.is_here(seat) {
            Some(SeatKind::Person)
        } else if self.seats.is_away(seat) {
            Some(SeatKind::Away)
        } else {
            self.play.is_some().then_some(SeatKind::Cpu)
        }
    }

    fn sit(&mut self, conn: ConnId, outbox: Outbox, name: String) -> Option<Seated> {
        if self.play.is_some() {
            return None;
        }
        let seat = self.seats.free_seat()?;
        let token = self
            .hooks
            .token_at_sit()
            .then(|| format!("{:032x}", rand::random::<u128>()));
        for line in self.hooks.seated(seat, token.as_deref()) {
            outbox.send(line);
        }
        let person = Person {
            conn,
            outbox,
            name,
            token,
        };
        self.seats.sit(seat, person);
        let seated = self.seats.here_all().count();
        let full = seated == self.settings.seats;
        if full {
            self.start();
        } else if let Some(line) = self.hooks.waiting(seated) {
            self.broadcast(&line);
        }
        Some(Seated { seat, full })
    }

    fn fill(&mut self, conn: ConnId) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        match self.play {
            None => self.start(),
            Some(_) => {
                if let Some(line) = self.hooks.fill_refused() {
                    self.send(seat, line);
                }
            }
        }
    }

    /// The game begins: CPU players take the empty seats.
    fn start(&mut self) {
        let seed = self.seeds.next_seed();
        let strategy = self.hooks.cpu();
        let records = (0..self.settings.seats)
            .map(|seat| match self.seats.here(seat) {
                Some(person) => seat_record(&person.name, None),
                None => seat_record(&self.hooks.cpu_name(seat), Some(strategy.name())),
            })
            .collect();
        let (rules, variant) = (&self.settings.rules, &self.settings.variant);
        let (protocol, name) = (self.settings.protocol, self.settings.name.clone());
        let log = GameLog::start(&self.ledger, protocol, variant, seed, records, name);
        let (game, first) = H::Game::start(rules, cards::seeded_rng(seed));
        let recorded = Recorded::new(game, log, self.hooks.chronicle());
        // The CPU players' choices follow the seed too, on a stream of their own.
        let rng = cards::seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075);
        let mut play = Play::new(recorded, &first, rng, self.settings.timing, strategy);
        for seat in (0..self.settings.seats).filter(|&s| !self.seats.is_here(s)) {
            play.seat_cpu(seat, self.hooks.cpu_name(seat), self.hooks.cpu());
        }
        self.play = Some(play);
        for line in self.hooks.started() {
            self.broadcast(&line);
        }
        let first: Vec<Event<H>> = H::Game::events(&first).to_vec();
        self.show(&first);
    }

    fn act(&mut self, conn: ConnId, action: Action<H>) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let Some(play) = self.play.as_mut() else {
            if let Some(line) = self.hooks.not_started() {
                self.send(seat, line);
            }
            return;
        };
        match play.act(seat, action) {
            Ok(events) => {
                let events = H::Game::events(&events).to_vec();
                self.show(&events);
            }
            Err(refusal) => self.send(seat, self.hooks.refused(&refusal)),
        }
    }

    /// The token of the person on `conn`, given now if they had none; told to them.
    fn token(&mut self, conn: ConnId) -> Option<String> {
        let seat = self.seat_of(conn)?;
        let person = self.seats.here_mut(seat)?;
        let token = person
            .token
            .get_or_insert_with(|| format!("{:032x}", rand::random::<u128>()))
            .clone();
        if let Some(line) = self.hooks.token(&token) {
            self.send(seat, line);
        }
        Some(token)
    }

    fn rename(&mut self, conn: ConnId, name: &str) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let others: Vec<String> = (0..self.settings.seats)
            .filter(|&s| s != seat)
            .filter_map(|s| self.seats.holder(s).map(|p| p.name.clone()))
            .collect();
        let taken = |name: &str| others.iter().any(|o| crate::text::look_alike(o, name));
        match self.hooks.rename(seat, name, &taken) {
            Ok((kept, line)) => {
                if let Some(person) = self.seats.here_mut(seat) {
                    person.name.clone_from(&kept);
                }
                if let Some(play) = self.play.as_mut() {
                    play.name_seat(seat, &kept);
                }
                self.send(seat, line);
            }
            Err(line) if !line.is_empty() => self.send(seat, line),
            Err(_) => {}
        }
    }

    fn leave(&mut self, conn: ConnId) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let Some(play) = &self.play else {
            self.seats.clear(seat);
            let seated = self.seats.here_all().count();
            if let Some(line) = self.hooks.waiting(seated) {
                self.broadcast(&line);
            }
            return;
        };
        // Until some person has moved there is no grace: a table started and left keeps
        // nothing. Only a person who holds a token can come back.
        let has_token = self.seats.here(seat).is_some_and(|p| p.token.is_some());
        if play.anyone_played() && has_token && self.seats.step_away(seat, Instant::now()) {
            return;
        }
        self.give_up(seat);
    }

    /// The person of `seat` is gone for good: the game goes on without the seat if it
    /// can, else a CPU player takes it.
    fn give_up(&mut self, seat: Seat) {
        self.seats.clear(seat);
        let Some(play) = self.play.as_mut() else {
            return;
        };
        match play.leave(seat) {
            Some(events) => {
                let events = H::Game::events(&events).to_vec();
                self.show(&events);
            }
            None => {
                play.note(Note::CpuTookOver { seat });
                play.seat_cpu(seat, self.hooks.cpu_name(seat), self.hooks.cpu());
                if let Some(line) = self.hooks.left(seat) {
                    self.broadcast(&line);
                }
            }
        }
    }

    fn resume(&mut self, token: &str, conn: ConnId, outbox: Outbox) -> bool {
        let Some(play) = &self.play else {
            return false;
        };
        let held = |p: &Person| p.token.as_deref() == Some(token);
        let Some(seat) = self.seats.find_away(held).or_else(|| self.seats.find_here(held)) else {
            return false;
        };
        if self.seats.here(seat).is_some_and(|p| p.conn == conn) {
            return true; // its own token: it holds the seat already
        }
        let replaced = self.hooks.replaced();
        self.seats.take_back(seat, |old| {
            if let Some(line) = replaced {
                old.outbox.send(line);
            }
            old.outbox.close();
            old.conn = conn;
            old.outbox = outbox;
        });
        let mut viewer = self.hooks.viewer(seat);
        let mut lines = self.hooks.resumed(seat, token);
        for event in play.catch_up_standing(seat, H::is_prompt) {
            self.hooks.render(&mut viewer, &event, &mut lines);
        }
        self.viewers[seat] = viewer;
        for line in lines {
            self.send(seat, line);
        }
        true
    }

    fn wake(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        // The moves made, and where each person out of time comes among them.
        let shown = std::cell::RefCell::new(Vec::new());
        let mut late = Vec::new();
        play.wake(
            Instant::now(),
            &self.seats,
            |events| shown.borrow_mut().extend_from_slice(H::Game::events(events)),
            |seat| late.push((seat, shown.borrow().len())),
        );
        let shown = shown.into_inner();
        // Each person out of time is told so before the move made for them.
        let mut from = 0;
        for (seat, at) in late {
            self.show(&shown[from..at]);
            from = at;
            if let Some(line) = self.hooks.timed_out(seat) {
                self.send(seat, line);
            }
        }
        self.show(&shown[from..]);
    }

    /// A person away for the whole grace period gives their seat up.
    fn expire(&mut self) {
        while let Some(seat) = self.seats.expired(Instant::now()) {
            self.give_up(seat);
        }
    }

    /// Machines move and timers are set after any change; whether the table goes on
    /// (not when its game is over, nor when nobody holds a seat of a game under way).
    fn after_change(&mut self) -> bool {
        let Some(play) = self.play.as_mut() else {
            return true;
        };
        let mut shown = Vec::new();
        play.after_change(&self.seats, |events| {
            shown.extend_from_slice(H::Game::events(events));
        });
        self.show(&shown);
        let Some(play) = self.play.as_mut() else {
            return true;
        };
        if play.is_over() {
            return false;
        }
        if self.seats.held().next().is_none() {
            play.abandon("every person left the table");
            return false;
        }
        true
    }

    /// Tells every person here `events`, each as their seat may see it.
    fn show(&mut self, events: &[Event<H>]) {
        if events.is_empty() {
            return;
        }
        let mut lines = Vec::new();
        for (seat, person) in self.seats.here_all() {
            let viewer = &mut self.viewers[seat];
            for event in events.iter().filter_map(|e| H::Game::for_seat(e, seat)) {
                self.hooks.render(viewer, &event, &mut lines);
            }
            for line in lines.drain(..) {
                person.outbox.send(line);
            }
        }
    }

    fn send(&self, seat: Seat, line: String) {
        if let Some(person) = self.seats.here(seat) {
            person.outbox.send(line);
        }
    }

    fn broadcast(&self, line: &str) {
        for (_, person) in self.seats.here_all() {
            person.outbox.send(line);
        }
    }
}
