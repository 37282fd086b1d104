//! The table itself: its seats, its game, and what each input and timer does to them.

use super::{Action, Event, Hooks, Input, Seated, Settings};
use crate::net::{ConnId, Outbox};
use crate::record::{seat as seat_record, Carried, GameLog, Holder, Ledger, Note};
use crate::record::{Recorded, SeatKind};
use crate::seeds::SeedSource;
use crate::table::{seat_carried, Play, Seats};
use parlor_game::{Game, Projected, Seat};
use tokio::time::Instant;

/// A person at the table.
pub(super) struct Person {
    conn: ConnId,
    outbox: Outbox,
    name: String,
    /// The token to come back with, once given.
    token: Option<String>,
}

pub(super) struct Table<H: Hooks> {
    pub(super) hooks: H,
    pub(super) settings: Settings<<H::Game as Game>::Rules>,
    pub(super) ledger: Ledger,
    pub(super) seeds: SeedSource,
    pub(super) seats: Seats<Person>,
    pub(super) viewers: Vec<H::Viewer>,
    pub(super) play: Option<Play<H::Game, H::Chronicle>>,
}

impl<H> Table<H>
where
    H: Hooks,
    Event<H>: Send + Sync,
{
    /// A table with every seat empty and no game yet.
    pub(super) fn new(
        hooks: H,
        settings: Settings<<H::Game as Game>::Rules>,
        ledger: Ledger,
        seeds: SeedSource,
    ) -> Table<H> {
        Table {
            seats: Seats::new(settings.seats, settings.grace),
            viewers: (0..settings.seats).map(|s| hooks.viewer(s)).collect(),
            hooks,
            settings,
            ledger,
            seeds,
            play: None,
        }
    }

    pub(super) fn handle(&mut self, input: Input<Action<H>>) {
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
            let play = self.play.as_ref()?;
            Some(match play.has_left(seat) {
                true => SeatKind::Left,
                false => SeatKind::Cpu,
            })
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
        outbox.send_all(self.hooks.seated(seat, token.as_deref()));
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
        for (seat, person) in self.seats.here_all() {
            if let Some(token) = &person.token {
                play.holder(seat, &token_holder(token));
            }
        }
        self.play = Some(play);
        for line in self.hooks.started() {
            self.broadcast(&line);
        }
        let first: Vec<Event<H>> = H::Game::events(&first).to_vec();
        self.show(&first);
    }

    /// Carries on game `carried`, which another node started: made again from its seed
    /// and log, its CPU players seated again, each person's seat kept for the grace
    /// period for whoever comes back with their token (a seat without a token is played
    /// by a CPU player from now on).
    pub(super) fn carry_on(&mut self, carried: &Carried) -> Result<(), String> {
        carried.plays(&self.settings.variant, self.settings.seats)?;
        let log = GameLog::carry(&self.ledger, carried);
        let (game, first) = H::Game::start(&self.settings.rules, cards::seeded_rng(carried.seed));
        let recorded = Recorded::new(game, log, self.hooks.chronicle());
        let (rng, timing, strategy) = (carried.cpu_rng(), self.settings.timing, self.hooks.cpu());
        let mut play = Play::new(recorded, &first, rng, timing, strategy);
        let taken_over = play.redo_log(&carried.entries)?;
        play.caught_up();
        let hooks = &self.hooks;
        let person = |seat: Seat| {
            let token = carried.holders[seat].token.clone()?;
            let (conn, outbox) = (crate::net::next_conn_id(), Outbox::gone());
            let name = carried.seats[seat].0.clone();
            Some(Person {
                conn,
                outbox,
                name,
                token: Some(token),
            })
        };
        let cpu = |seat: Seat, took_over: bool| {
            let name = match took_over {
                true => hooks.cpu_name(seat),
                false => carried.seats[seat].0.clone(),
            };
            (name, hooks.cpu())
        };
        seat_carried(
            &mut play,
            &mut self.seats,
            carried,
            &taken_over,
            person,
            cpu,
        );
        self.play = Some(play);
        Ok(())
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
        let new = person.token.is_none();
        let token = person
            .token
            .get_or_insert_with(|| format!("{:032x}", rand::random::<u128>()))
            .clone();
        // Journaled once (a token asked for again is the same one).
        if let Some(play) = self.play.as_ref().filter(|_| new) {
            play.holder(seat, &token_holder(&token));
        }
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
        // The node is handing its tables over: the seat stays as it is for the node that
        // carries the table on.
        if play.handing_over() {
            return;
        }
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
        let Some(seat) = self
            .seats
            .find_away(held)
            .or_else(|| self.seats.find_here(held))
        else {
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
        if let Some(person) = self.seats.here(seat) {
            person.outbox.send_all(lines);
        }
        true
    }

    pub(super) fn wake(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        // The moves made, and where each person out of time comes among them.
        let shown = std::cell::RefCell::new(Vec::new());
        let mut late = Vec::new();
        play.wake(
            Instant::now(),
            &self.seats,
            |events| {
                shown
                    .borrow_mut()
                    .extend_from_slice(H::Game::events(events))
            },
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
    pub(super) fn expire(&mut self) {
        while let Some(seat) = self.seats.expired(Instant::now()) {
            self.give_up(seat);
        }
    }

    /// Machines move and timers are set after any change; whether the table goes on
    /// (not when its game is over, nor when nobody holds a seat of a game under way).
    pub(super) fn after_change(&mut self) -> bool {
        let Some(play) = self.play.as_mut() else {
            return true;
        };
        let mut shown = Vec::new();
        play.after_change(&self.seats, |events| {
            shown.extend_from_slice(H::Game::events(events));
        });
        // A step no seat takes (the next hand of a game that waits between hands) is
        // taken at once: this table asks nobody to acknowledge anything.
        while !play.is_over() && play.to_act().next().is_none() {
            let Some(events) = play.advance() else {
                break;
            };
            shown.extend_from_slice(H::Game::events(&events));
            play.after_change(&self.seats, |events| {
                shown.extend_from_slice(H::Game::events(events));
            });
        }
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

    /// The table has ended: its people's connections close (after what is queued).
    pub(super) fn close(&self) {
        for (_, person) in self.seats.here_all() {
            person.outbox.close();
        }
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
            // Everything one change owes a person goes out in one write.
            person.outbox.send_all(lines.drain(..));
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

/// A seat taken back with `token` alone (the kernel's people come back by token).
fn token_holder(token: &str) -> Holder {
    Holder {
        token: Some(token.to_owned()),
        addr: None,
    }
}
