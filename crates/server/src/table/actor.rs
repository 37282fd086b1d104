//! One table actor for any game: the loop that owns a table's seats and its game.
//!
//! It takes people as they sit down (and starts the game when every seat is taken, or
//! at once with CPU players when someone asks), their moves, their leaving and their
//! coming back with the token they were given; it keeps a dropped person's seat for the
//! grace period while a stand-in plays, moves the CPU players after their delay, runs
//! the turn timer, and records, lists and shows the game to watchers through
//! [`Play`]. When the game ends, the table ends.
//!
//! A protocol brings only what is its own ([`Hooks`]): how an event reads on its wire
//! for one seat, what a person is told on sitting down, how a refusal reads, and the
//! CPU players' strategy. It turns its clients' lines into [`Input`]s and keeps its own
//! lobby (which table a newcomer joins).

use super::{sleep_until, Play, Seats, Timing};
use crate::net::{ConnId, Outbox};
use crate::record::generic::OutcomeChronicle;
use crate::record::watch::Watchable;
use crate::record::{seat as seat_record, GameLog, Ledger, Note, Recorded};
use crate::seeds::SeedSource;
use parlor_game::{Game, GameRng, Notation, Projected, Seat, Strategy};
use std::fmt::Display;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// Inputs queued for a table before its actor reads them.
const INBOX: usize = 64;

/// What a protocol tells the kernel's table.
pub trait Hooks: Send + 'static {
    /// The game played at the table.
    type Game: Watchable + Notation + Send + 'static;

    /// The lines `event` (already as `seat` may see it) reads as on the wire for the
    /// person in `seat`.
    fn render(&self, seat: Seat, event: &<Self::Game as Projected>::Event, out: &mut Vec<String>);

    /// What a person taking `seat` is told first, on sitting down and on coming back;
    /// `token` lets them come back.
    fn seated(&self, seat: Seat, token: &str) -> Vec<String>;

    /// A refused action, as one line.
    fn refused(&self, refusal: &<Self::Game as Game>::Refusal) -> String;

    /// A CPU player's strategy (the stand-in for a person away or out of time too).
    fn cpu(&self) -> Box<dyn Strategy<Self::Game>>;
}

/// How a table is set.
#[derive(Clone, Debug)]
pub struct Settings<R> {
    /// The protocol's name, for the store and the list of running tables.
    pub protocol: &'static str,
    /// The rules of the game played (its `Display` is the variant the store records).
    pub rules: R,
    /// How many people the table seats.
    pub seats: usize,
    pub timing: Timing,
    /// How long a dropped person's seat is kept.
    pub grace: Duration,
}

/// What a protocol's sessions ask of a table.
pub enum Input<A> {
    /// A person wants a seat; answered with it, or `None` once the game has begun.
    Sit {
        conn: ConnId,
        outbox: Outbox,
        name: String,
        reply: oneshot::Sender<Option<Seat>>,
    },
    /// A person's move.
    Act { conn: ConnId, action: A },
    /// Start now, with CPU players in the empty seats.
    Fill { conn: ConnId },
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
    /// Queues `input`; `false` if the table has ended.
    pub async fn send(&self, input: Input<A>) -> bool {
        self.inbox.send(input).await.is_ok()
    }

    /// Whether the table has ended.
    pub fn is_closed(&self) -> bool {
        self.inbox.is_closed()
    }
}

/// A person at the table.
struct Person {
    conn: ConnId,
    outbox: Outbox,
    name: String,
    token: String,
}

type Action<H> = <<H as Hooks>::Game as Game>::Action;
type Event<H> = <<H as Hooks>::Game as Projected>::Event;

/// Starts a table's actor; it runs until its game ends, or until every handle is gone
/// before a game began, or on shutdown.
pub fn spawn<H>(
    hooks: H,
    settings: Settings<<H::Game as Game>::Rules>,
    ledger: Ledger,
    seeds: SeedSource,
    shutdown: CancellationToken,
) -> TableHandle<Action<H>>
where
    H: Hooks,
    <H::Game as Game>::Rules: Display + Send,
    Action<H>: Send,
    Event<H>: Send + Sync,
{
    let (tx, mut inbox) = mpsc::channel(INBOX);
    let mut table = Table {
        seats: Seats::new(settings.seats, settings.grace),
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
                input = inbox.recv() => match input {
                    Some(input) => table.handle(input),
                    None if table.play.is_none() => return,
                    None => {}
                },
                () = sleep_until(due) => table.wake(),
                () = sleep_until(away) => table.expire(),
                () = shutdown.cancelled() => return,
            }
            if !table.after_change() {
                return;
            }
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
    play: Option<Play<H::Game, OutcomeChronicle>>,
}

impl<H> Table<H>
where
    H: Hooks,
    <H::Game as Game>::Rules: Display,
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
            Input::Fill { conn } => {
                if self.play.is_none() && self.seat_of(conn).is_some() {
                    self.start();
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

    fn sit(&mut self, conn: ConnId, outbox: Outbox, name: String) -> Option<Seat> {
        if self.play.is_some() {
            return None;
        }
        let seat = self.seats.free_seat()?;
        let token = format!("{:032x}", rand::random::<u128>());
        for line in self.hooks.seated(seat, &token) {
            outbox.send(line);
        }
        self.seats.sit(
            seat,
            Person {
                conn,
                outbox,
                name,
                token,
            },
        );
        if self.seats.free_seat().is_none() {
            self.start();
        }
        Some(seat)
    }

    /// The game begins: CPU players take the empty seats.
    fn start(&mut self) {
        let seed = self.seeds.next_seed();
        let strategy = self.hooks.cpu();
        let cpu_name = |seat: Seat| format!("CPU {}", seat + 1);
        let records = (0..self.settings.seats)
            .map(|seat| match self.seats.here(seat) {
                Some(person) => seat_record(&person.name, None),
                None => seat_record(&cpu_name(seat), Some(strategy.name())),
            })
            .collect();
        let rules = &self.settings.rules;
        let variant = rules.to_string();
        let protocol = self.settings.protocol;
        let log = GameLog::start(&self.ledger, protocol, &variant, seed, records, None);
        let (game, first) = H::Game::start(rules, cards::seeded_rng(seed));
        let recorded = Recorded::new(game, log, OutcomeChronicle::default());
        let rng: GameRng = cards::seeded_rng(seed.rotate_left(29) ^ 0xC0FF_EE00);
        let mut play = Play::new(recorded, &first, rng, self.settings.timing, strategy);
        for seat in (0..self.settings.seats).filter(|&s| !self.seats.is_here(s)) {
            play.seat_cpu(seat, cpu_name(seat), self.hooks.cpu());
        }
        self.play = Some(play);
        let first: Vec<Event<H>> = H::Game::events(&first).to_vec();
        self.show(&first);
    }

    fn act(&mut self, conn: ConnId, action: Action<H>) {
        let (Some(seat), Some(play)) = (self.seat_of(conn), self.play.as_mut()) else {
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

    fn leave(&mut self, conn: ConnId) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let Some(play) = &self.play else {
            self.seats.clear(seat);
            return;
        };
        // Until some person has moved there is no grace: a table started and left keeps
        // nothing.
        if play.anyone_played() && self.seats.step_away(seat, Instant::now()) {
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
                play.seat_cpu(seat, format!("CPU {}", seat + 1), self.hooks.cpu());
            }
        }
    }

    fn resume(&mut self, token: &str, conn: ConnId, outbox: Outbox) -> bool {
        let held = |p: &Person| p.token == token;
        let Some(seat) = self
            .seats
            .find_away(held)
            .or_else(|| self.seats.find_here(held))
        else {
            return false;
        };
        let taken = self.seats.take_back(seat, |person| {
            person.outbox.close();
            person.conn = conn;
            person.outbox = outbox;
        });
        if !taken {
            return false;
        }
        let mut lines = self.hooks.seated(seat, token);
        if let Some(play) = &self.play {
            for event in play.catch_up(seat) {
                self.hooks.render(seat, &event, &mut lines);
            }
        }
        for line in lines {
            self.send(seat, line);
        }
        true
    }

    fn wake(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let mut shown = Vec::new();
        play.wake(
            Instant::now(),
            &self.seats,
            |events| shown.extend_from_slice(H::Game::events(events)),
            |_| {},
        );
        self.show(&shown);
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
            play.abandon("every person left");
            return false;
        }
        true
    }

    /// Tells every person here `events`, each as their seat may see it.
    fn show(&self, events: &[Event<H>]) {
        for (seat, person) in self.seats.here_all() {
            let mut lines = Vec::new();
            for event in events.iter().filter_map(|e| H::Game::for_seat(e, seat)) {
                self.hooks.render(seat, &event, &mut lines);
            }
            for line in lines {
                person.outbox.send(line);
            }
        }
    }

    fn send(&self, seat: Seat, line: String) {
        if let Some(person) = self.seats.here(seat) {
            person.outbox.send(line);
        }
    }
}
