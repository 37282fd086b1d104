//! The table itself: its seats, its game, and what each input and timer does to them.

use super::hooks::Gone;
use super::inputs::{Joiner, Newcomer, NoCpu, NoSeat};
use super::{Action, Event, Hooks, Input, Seated, Settings};
use crate::net::{self, ConnId, Outbox, SeatToken};
use crate::record::{seat as seat_record, Carried, GameLog, Holder, Ledger, Note};
use crate::record::{Recorded, SeatKind};
use crate::seeds::SeedSource;
use crate::table::{seat_carried, Play, Seats, TurnTimer};
use parlor_game::{Game, Projected, Seat, WATCHER};
use std::net::{IpAddr, Ipv4Addr};
use tokio::time::Instant;

/// A person at the table.
pub(super) struct Person {
    conn: ConnId,
    outbox: Outbox,
    name: String,
    /// Where they connect from, if the protocol takes people back by name from there.
    addr: Option<IpAddr>,
    /// The token to come back with, once they have one.
    token: Option<SeatToken>,
}

impl Person {
    /// The person `newcomer` asked for a seat as.
    fn new(newcomer: Newcomer) -> Person {
        Person {
            conn: newcomer.conn,
            outbox: newcomer.outbox,
            name: newcomer.name,
            addr: newcomer.addr,
            token: newcomer.token,
        }
    }

    /// This person as the rule of taking a seat back sees them (`net::may_take`).
    fn claim(&self) -> net::Holder<'_> {
        claim(&self.name, self.addr, self.token.as_ref())
    }

    /// Who may take this seat back, for the journal a cluster's node reads.
    fn holder(&self) -> Holder {
        Holder::of(self.token.as_ref(), self.addr)
    }
}

/// Someone claiming a seat; without an address, never by name.
fn claim<'a>(name: &'a str, addr: Option<IpAddr>, token: Option<&'a SeatToken>) -> net::Holder<'a> {
    net::Holder {
        name,
        addr: addr.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
        token,
    }
}

/// Someone watching the table through its own protocol.
pub(super) struct Spectator {
    conn: ConnId,
    outbox: Outbox,
}

pub(super) struct Table<H: Hooks> {
    pub(super) hooks: H,
    pub(super) settings: Settings<<H::Game as Game>::Rules>,
    pub(super) ledger: Ledger,
    pub(super) seeds: SeedSource,
    pub(super) seats: Seats<Person>,
    /// The seats CPU players were asked for before the game.
    cpus: Vec<bool>,
    pub(super) viewers: Vec<H::Viewer>,
    spectators: Vec<Spectator>,
    /// What the spectators' view remembers (kept while anyone watches).
    watched: H::Viewer,
    pub(super) play: Option<Play<H::Game, H::Chronicle>>,
    /// The lines each seat's person is owed since the last [`Table::flush`].
    owed: Vec<Vec<String>>,
    /// The lines the spectators are owed.
    owed_spectators: Vec<String>,
    /// The protocol ended the game (a forfeit), or nobody is left at a table not begun.
    over: bool,
    /// The people told what the game asks of them now ([`Hooks::prompt`]).
    prompted: Vec<bool>,
    /// The people who acknowledged the end of the hand ([`Hooks::acknowledges`]).
    acked: Vec<bool>,
    /// The time people have to acknowledge the end of a hand.
    ack_timer: TurnTimer,
    /// Whether the game waited between hands after the last change (a hand ends when
    /// this turns true).
    between: bool,
    /// The events of the machine's move being shown, kept from move to move so that a
    /// move copies its events into a list already there.
    moved: Vec<Event<H>>,
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
            cpus: vec![false; settings.seats],
            viewers: (0..settings.seats).map(|s| hooks.viewer(s)).collect(),
            spectators: Vec::new(),
            watched: hooks.viewer(WATCHER),
            owed: vec![Vec::new(); settings.seats],
            owed_spectators: Vec::new(),
            over: false,
            prompted: vec![false; settings.seats],
            acked: vec![false; settings.seats],
            ack_timer: TurnTimer::new(settings.timing.turn_limit),
            // Before the first deal nobody has played a hand to end.
            between: true,
            moved: Vec::new(),
            hooks,
            settings,
            ledger,
            seeds,
            play: None,
        }
    }

    pub(super) fn handle(&mut self, input: Input<H::Game>) {
        match input {
            Input::Sit { newcomer, reply } => {
                let seated = self.sit(newcomer);
                // What they are told is queued before they hear of their seat.
                self.flush();
                let _ = reply.send(seated);
            }
            Input::SitDown { joiner, reply } => {
                let seated = self.sit_down(joiner);
                self.flush();
                let _ = reply.send(seated);
            }
            Input::Next => {
                let play = self.play.as_mut().filter(|play| Self::between_hands(play));
                if let Some(events) = play.and_then(|play| play.step_asked()) {
                    self.show(H::Game::events(&events));
                }
            }
            Input::Cpu { conn, preference } => self.cpu(conn, preference),
            Input::Watch { conn, outbox } => self.watch(conn, outbox),
            Input::End {
                conn,
                reason,
                reply,
            } => {
                if let Some(seat) = self.seat_of(conn) {
                    self.forfeit(seat, Gone::Ended(reason));
                }
                self.flush();
                let _ = reply.send(());
            }
            Input::Act { conn, action } => self.act(conn, |_, _| Ok(action)),
            Input::Op { conn, op } => self.act(conn, op),
            Input::Ack { conn } => self.ack(conn),
            Input::Relay { conn, lines } => {
                if self.seat_of(conn).is_some() {
                    for (seat, line) in lines {
                        self.send(seat, line);
                    }
                }
            }
            Input::Query { conn, query } => {
                if let (Some(seat), Some(play)) = (self.seat_of(conn), &self.play) {
                    let line = query(play, seat);
                    self.send(seat, line);
                }
            }
            Input::Again { conn, line } => self.again(conn, line),
            Input::Fill { conn } => self.fill(conn),
            Input::Token { conn, reply } => {
                if let Some(token) = self.token(conn) {
                    let _ = reply.send(token);
                }
            }
            Input::Rename { conn, name } => self.rename(conn, &name),
            Input::Seats { conn } => {
                let kinds = self.kinds();
                if let (Some(seat), Some(line)) = (self.seat_of(conn), self.hooks.seats(&kinds)) {
                    self.send(seat, line);
                }
            }
            Input::Leave { conn } => {
                self.leave(conn, true);
            }
            Input::Drop { conn, reply } => {
                let kept = self.leave(conn, true);
                self.flush();
                let _ = reply.send(kept);
            }
            Input::Quit { conn, reply } => {
                self.leave(conn, false);
                self.flush();
                let _ = reply.send(());
            }
            Input::Resume {
                token,
                conn,
                outbox,
                reply,
            } => {
                let back = self.resume(&token, conn, outbox);
                self.flush();
                let _ = reply.send(back);
            }
        }
    }

    fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        self.seats.find_here(|p| p.conn == conn)
    }

    /// Who plays each seat now; `None` for an empty seat before the game.
    fn kinds(&self) -> Vec<Option<SeatKind>> {
        (0..self.settings.seats).map(|s| self.kind(s)).collect()
    }

    fn kind(&self, seat: Seat) -> Option<SeatKind> {
        if self.seats.is_here(seat) {
            Some(SeatKind::Person)
        } else if self.seats.is_away(seat) {
            Some(SeatKind::Away)
        } else if let Some(play) = self.play.as_ref() {
            Some(play.nobody(seat).unwrap_or(SeatKind::Cpu))
        } else {
            self.cpus[seat].then_some(SeatKind::Cpu)
        }
    }

    /// Which seats are taken before the game, by people or CPU players.
    fn taken(&self) -> Vec<bool> {
        (0..self.settings.seats)
            .map(|s| self.cpus[s] || self.seats.holder(s).is_some())
            .collect()
    }

    /// The name of whoever holds `seat` before the game.
    fn name_at(&self, seat: Seat) -> Option<String> {
        match self.seats.holder(seat) {
            Some(person) => Some(person.name.clone()),
            None => self.cpus[seat].then(|| self.hooks.cpu_name(seat)),
        }
    }

    fn sit(&mut self, newcomer: Newcomer) -> Result<Seated, NoSeat> {
        if self.play.is_some() {
            return self.claim_back(newcomer);
        }
        let Some(seat) = self.hooks.seat_for(&self.taken(), newcomer.preference) else {
            return Err(NoSeat::Full);
        };
        let others: Vec<String> = (0..self.settings.seats)
            .filter_map(|s| self.name_at(s))
            .collect();
        let taken = |name: &str| others.iter().any(|o| crate::text::look_alike(o, name));
        let mut person = Person::new(newcomer);
        person.name = self.hooks.seat_name(&person.name, &taken);
        if person.token.is_none() && self.hooks.token_at_sit() {
            person.token = Some(SeatToken::random());
        }
        let token = person.token.as_ref().map(SeatToken::as_str);
        let seated = self.hooks.seated(seat, token);
        self.seats.sit(seat, person);
        self.owed[seat].extend(seated);
        let full = self.joined(seat);
        Ok(Seated { seat, full })
    }

    /// Seats `people` by seat (CPU players take the seats given as `None` and those
    /// left) and begins the game.
    pub(super) fn seat_group(&mut self, people: Vec<Option<Newcomer>>) {
        let people = people.into_iter().enumerate();
        for (seat, newcomer) in people.filter_map(|(seat, n)| Some((seat, n?))) {
            self.seats.sit(seat, Person::new(newcomer));
        }
        self.start();
    }

    /// The seats' names: their people's, or their CPU players'.
    fn names(&self) -> Vec<String> {
        (0..self.settings.seats)
            .map(|seat| match (self.seats.holder(seat), &self.play) {
                (Some(person), _) => person.name.clone(),
                (None, Some(play)) => play
                    .cpu_name(seat)
                    .map_or_else(|| self.hooks.cpu_name(seat), str::to_owned),
                (None, None) => self.hooks.cpu_name(seat),
            })
            .collect()
    }

    /// `seat` has just been taken before the game: everyone is told, and the game
    /// begins if it completed the table; whether it did.
    fn joined(&mut self, seat: Seat) -> bool {
        let name = self.name_at(seat).unwrap_or_default();
        if let Some(line) = self.hooks.joined(seat, &name) {
            self.broadcast(&line);
        }
        let full = self.taken().iter().all(|&taken| taken);
        let people = self.seats.here_all().count();
        if full {
            self.start();
        } else if let Some(line) = self.hooks.waiting(people) {
            self.broadcast(&line);
        }
        full
    }

    /// A newcomer to a game under way takes back the seat that is theirs (their token's,
    /// or with [`Hooks::back_by_name`] their name's from their address while they are
    /// away), if any.
    fn claim_back(&mut self, newcomer: Newcomer) -> Result<Seated, NoSeat> {
        let by_name = self.hooks.back_by_name();
        let claimant = claim(&newcomer.name, newcomer.addr, newcomer.token.as_ref());
        let seat = (0..self.settings.seats).find(|&s| {
            let away = self.seats.is_away(s);
            let held = self.seats.holder(s);
            held.is_some_and(|p| net::may_take(p.claim(), away && by_name, claimant))
        });
        let Some(seat) = seat else {
            return Err(NoSeat::Started);
        };
        let Newcomer {
            conn,
            outbox,
            addr,
            token,
            ..
        } = newcomer;
        self.come_back(seat, conn, outbox, addr, token);
        Ok(Seated { seat, full: true })
    }

    /// Someone sits down at the game under way, in an empty seat the game takes them
    /// in ([`Game::join`]).
    fn sit_down(&mut self, joiner: Joiner<H::Game>) -> Result<Seat, NoSeat> {
        let Some(play) = self.play.as_mut() else {
            return Err(NoSeat::Full);
        };
        let (name, preference) = match &joiner {
            Joiner::Person(newcomer) => (newcomer.name.clone(), newcomer.preference),
            Joiner::Cpu {
                name, preference, ..
            } => (name.clone(), *preference),
        };
        // The seat asked for if the game takes them there, else the first that does.
        let free: Vec<Seat> = (preference.into_iter().chain(0..self.settings.seats))
            .filter(|&s| self.seats.holder(s).is_none() && play.has_left(s))
            .collect();
        let (seat, events) = (free.into_iter())
            .find_map(|seat| Some((seat, play.join(seat, &name)?)))
            .ok_or(NoSeat::Full)?;
        // The seat starts afresh: nothing of whoever sat there before is kept for it.
        self.viewers[seat] = self.hooks.viewer(seat);
        (self.prompted[seat], self.acked[seat]) = (false, false);
        match joiner {
            Joiner::Person(newcomer) => {
                // Someone who watched the table plays at it now: told once, as a person.
                self.spectators.retain(|s| s.conn != newcomer.conn);
                let person = Person::new(newcomer);
                let holder = person.holder();
                let may_return = holder.token.is_some() || self.hooks.back_by_name();
                let nobody = Holder::default();
                play.holder(seat, if may_return { &holder } else { &nobody });
                self.seats.sit(seat, person);
            }
            Joiner::Cpu { name, strategy, .. } => {
                // Nobody may take a CPU player's seat back.
                play.holder(seat, &Holder::default());
                play.seat_cpu(seat, name, strategy);
            }
        }
        if let Some(line) = self.hooks.joined(seat, &name) {
            self.broadcast(&line);
        }
        self.show(H::Game::events(&events));
        Ok(seat)
    }

    /// A seated person asks for a CPU player before the game.
    fn cpu(&mut self, conn: ConnId, preference: Option<usize>) {
        let Some(asker) = self.seat_of(conn) else {
            if let Some(line) = self.hooks.cpu_refused(NoCpu::NotSeated) {
                self.send_conn(conn, line);
            }
            return;
        };
        if self.play.is_some() {
            if let Some(line) = self.hooks.cpu_refused(NoCpu::Started) {
                self.send(asker, line);
            }
            return;
        }
        if let Some(seat) = self.hooks.seat_for(&self.taken(), preference) {
            self.cpus[seat] = true;
            self.joined(seat);
        }
    }

    /// A spectator arrives: told what the protocol says, then every public event.
    pub(super) fn watch(&mut self, conn: ConnId, outbox: Outbox) {
        outbox.send_all(self.hooks.watching());
        if let Some(play) = self.play.as_ref() {
            outbox.send_all(self.hooks.summary(play, &|seat| self.kind(seat)));
        }
        if self.spectators.is_empty() {
            // The spectators' view was not kept while nobody watched: it catches up
            // with the hand so far, shown to nobody.
            self.watched = self.hooks.viewer(WATCHER);
            if let Some(play) = &self.play {
                let mut unseen = Vec::new();
                for event in play.catch_up(WATCHER) {
                    (self.hooks).render(&mut self.watched, play, &event, &mut unseen);
                }
            }
        }
        self.spectators.push(Spectator { conn, outbox });
    }

    /// `line` to the connection, then what its seat is asked, again.
    fn again(&mut self, conn: ConnId, line: String) {
        let Some(seat) = self.seat_of(conn) else {
            self.send_conn(conn, line);
            return;
        };
        self.send(seat, line);
        if self.play.is_some() {
            if let Some(line) = self.hooks.again(&self.viewers[seat]) {
                self.send(seat, line);
            }
        }
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
        let (seed, rng) = self.hooks.seeds(self.seeds.next_seed());
        let empty = |seat| !self.seats.is_here(seat) && self.hooks.empty_at(seat);
        let empty: Vec<bool> = (0..self.settings.seats).map(empty).collect();
        let mut cpus: Vec<_> = (0..self.settings.seats)
            .map(|seat| {
                (!self.seats.is_here(seat) && !empty[seat]).then(|| self.hooks.cpu_at(seat))
            })
            .collect();
        let records = (0..self.settings.seats)
            .map(|seat| match (self.seats.here(seat), &cpus[seat]) {
                (Some(person), _) => seat_record(&person.name, None),
                (None, _) if empty[seat] => seat_record("", None),
                (None, cpu) => {
                    let strategy = cpu.as_ref().map(|cpu| cpu.name());
                    seat_record(&self.hooks.cpu_name(seat), strategy)
                }
            })
            .collect();
        let (rules, variant) = (&self.settings.rules, &self.settings.variant);
        let (protocol, name) = (self.settings.protocol, self.settings.name.clone());
        let log = GameLog::start(&self.ledger, protocol, variant, seed, records, name);
        let (game, first) = H::Game::start(rules, cards::seeded_rng(seed));
        let recorded = Recorded::new(game, log, self.hooks.chronicle());
        let stand_in = self.hooks.stand_in();
        let mut play = Play::new(recorded, &first, rng, self.settings.timing, stand_in);
        // A game that takes players as it goes is told who sits down at its start.
        let mut joined = Vec::new();
        for (seat, &empty) in empty.iter().enumerate() {
            if empty {
                play.empty(seat);
                continue;
            }
            let name = match self.seats.here(seat) {
                Some(person) => person.name.clone(),
                None => self.hooks.cpu_name(seat),
            };
            if let Some(events) = play.join(seat, &name) {
                joined.extend_from_slice(H::Game::events(&events));
            }
        }
        for (seat, cpu) in cpus.iter_mut().enumerate() {
            if let Some(cpu) = cpu.take() {
                play.seat_cpu(seat, self.hooks.cpu_name(seat), cpu);
            }
        }
        for (seat, person) in self.seats.here_all() {
            let holder = person.holder();
            if holder.token.is_some() || self.hooks.back_by_name() && holder.is_anyone() {
                play.holder(seat, &holder);
            }
        }
        self.play = Some(play);
        let names = self.names();
        for seat in 0..self.settings.seats {
            if self.seats.is_here(seat) {
                let opening = self.hooks.opening(seat, &names);
                self.owed[seat].extend(opening);
            }
        }
        for line in self.hooks.started() {
            self.broadcast(&line);
        }
        let mut first: Vec<Event<H>> = H::Game::events(&first).to_vec();
        first.append(&mut joined);
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
        let (rng, timing) = (carried.cpu_rng(), self.settings.timing);
        let mut play = Play::new(recorded, &first, rng, timing, self.hooks.stand_in());
        for seat in (0..self.settings.seats).filter(|&s| self.hooks.empty_at(s)) {
            play.empty(seat);
        }
        let taken_over = play.redo_log(&carried.entries)?;
        play.caught_up();
        // A game carried on between hands has no hand to end before the next.
        self.between = Self::between_hands(&play);
        let hooks = &self.hooks;
        let by_name = hooks.back_by_name();
        let person = |seat: Seat| {
            let holder = &carried.holders[seat];
            let token = holder.token.as_deref().and_then(SeatToken::parse);
            let addr = holder.addr.filter(|_| by_name);
            if token.is_none() && addr.is_none() {
                return None;
            }
            Some(Person {
                conn: net::next_conn_id(),
                outbox: Outbox::gone(),
                name: carried.seats[seat].0.clone(),
                addr,
                token,
            })
        };
        let cpu = |seat: Seat, took_over: bool| {
            let (name, strategy) = &carried.seats[seat];
            match (took_over, strategy) {
                (false, Some(strategy)) => (name.clone(), hooks.cpu_named(strategy)),
                (false, None) => (name.clone(), hooks.cpu()),
                (true, _) => (hooks.cpu_name_after(seat, name), hooks.cpu()),
            }
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

    /// A person's move, as `op` reads it against the game.
    fn act(&mut self, conn: ConnId, op: impl FnOnce(&H::Game, Seat) -> Result<Action<H>, String>) {
        let (Some(seat), Some(_)) = (self.seat_of(conn), &self.play) else {
            if let Some(line) = self.hooks.not_playing() {
                self.send_conn(conn, line);
            }
            return;
        };
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let action = match op(play, seat) {
            Ok(action) => action,
            // A refusal the protocol answers with nothing.
            Err(line) if line.is_empty() => return,
            Err(line) => return self.send(seat, line),
        };
        match play.act(seat, action) {
            Ok(events) => {
                let events = H::Game::events(&events).to_vec();
                self.show(&events);
            }
            Err(refusal) => {
                let viewer = &self.viewers[seat];
                let lines = self.hooks.refused(viewer, play, &action, &refusal);
                self.owed[seat].extend(lines);
                self.check_out(seat);
            }
        }
    }

    /// If the protocol says the person of `seat` is out ([`Hooks::out`]), they are told
    /// what they are owed, their connection closes, and they are gone for good.
    fn check_out(&mut self, seat: Seat) {
        if !self.seats.is_here(seat) || !self.hooks.out(seat) {
            return;
        }
        if let Some(person) = self.seats.here(seat) {
            person.outbox.send_all(self.owed[seat].drain(..));
            person.outbox.close();
        }
        self.give_up(seat, false);
    }

    /// The game waits for nobody's move and is not over: the next hand is due.
    fn between_hands(play: &Play<H::Game, H::Chronicle>) -> bool {
        !play.is_over() && play.to_act().next().is_none()
    }

    /// A person has seen the end of the hand.
    fn ack(&mut self, conn: ConnId) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        if self.play.as_ref().is_some_and(Self::between_hands) {
            self.acked[seat] = true;
            self.ack_timer.restart();
        } else if let Some(line) = self.hooks.nothing_to_ack() {
            self.send(seat, line);
        }
    }

    /// When the people's time to acknowledge the end of the hand runs out.
    pub(super) fn ack_due(&self) -> Option<Instant> {
        self.ack_timer.due()
    }

    /// Nobody acknowledged the end of the hand in time: it is acknowledged for them.
    pub(super) fn ack_for_everyone(&mut self) {
        self.ack_timer.restart();
        for seat in 0..self.settings.seats {
            self.acked[seat] |= self.seats.is_here(seat);
        }
    }

    /// The token of the person on `conn`, given now if they had none; told to them.
    fn token(&mut self, conn: ConnId) -> Option<String> {
        let seat = self.seat_of(conn)?;
        let person = self.seats.here_mut(seat)?;
        let new = person.token.is_none();
        let token = person.token.get_or_insert_with(SeatToken::random).clone();
        // Journaled once (a token asked for again is the same one).
        if let Some(play) = self.play.as_ref().filter(|_| new) {
            play.holder(seat, &person.holder());
        }
        if let Some(line) = self.hooks.token(token.as_str()) {
            self.send(seat, line);
        }
        Some(token.as_str().to_owned())
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

    /// The connection `conn` is gone, or its person leaves for good (not `may_keep`):
    /// whether its person keeps the seat.
    fn leave(&mut self, conn: ConnId, may_keep: bool) -> bool {
        self.spectators.retain(|s| s.conn != conn);
        let Some(seat) = self.seat_of(conn) else {
            self.check_deserted();
            return false;
        };
        let Some(play) = &self.play else {
            self.seats.clear(seat);
            self.owed[seat].clear();
            self.hooks.vacated(seat);
            let seated = self.seats.here_all().count();
            if let Some(line) = self.hooks.waiting(seated) {
                self.broadcast(&line);
            }
            self.check_deserted();
            return false;
        };
        // The node is handing its tables over: the seat stays as it is for the node that
        // carries the table on.
        if play.handing_over() {
            return true;
        }
        // Until some person has moved there is no grace: a table started and left keeps
        // nothing. Only a person who holds a token (or whom the protocol takes back by
        // name) can come back.
        let by_name = self.hooks.back_by_name();
        let may_return = (self.seats.here(seat))
            .is_some_and(|p| p.token.is_some() || by_name && p.addr.is_some());
        let played = play.anyone_played();
        if may_keep && played && may_return && self.seats.step_away(seat, Instant::now()) {
            return true;
        }
        self.give_up(seat, false);
        false
    }

    /// A table not begun ends once no person holds a seat and nobody watches, if its
    /// protocol says so.
    fn check_deserted(&mut self) {
        let nobody = self.seats.held().next().is_none() && self.spectators.is_empty();
        if self.play.is_none() && nobody && self.hooks.ends_deserted() {
            self.over = true;
        }
    }

    /// The person of `seat` is gone for good (`expired`: their grace period ended): the
    /// game goes on without the seat if it can, else the protocol ends it or a CPU
    /// player takes it.
    fn give_up(&mut self, seat: Seat, expired: bool) {
        let person = self.seats.clear(seat).map(|p| p.name).unwrap_or_default();
        self.owed[seat].clear();
        self.acked[seat] = false;
        let Some(play) = self.play.as_mut() else {
            return;
        };
        match play.leave(seat) {
            Some(events) => {
                let events = H::Game::events(&events).to_vec();
                self.show(&events);
            }
            None => {
                let why = if expired { Gone::Expired } else { Gone::Left };
                if self.forfeit(seat, why) {
                    return;
                }
                let Some(play) = self.play.as_mut() else {
                    return;
                };
                play.note(Note::CpuTookOver { seat });
                let name = self.hooks.cpu_name_after(seat, &person);
                play.seat_cpu(seat, name, self.hooks.cpu());
                if let Some(line) = self.hooks.left(seat) {
                    self.broadcast(&line);
                }
            }
        }
    }

    /// A new connection comes back with `token` (from anywhere): whether it took a seat.
    fn resume(&mut self, token: &str, conn: ConnId, outbox: Outbox) -> bool {
        let Some(token) = SeatToken::parse(token).filter(|_| self.play.is_some()) else {
            return false;
        };
        let claimant = claim("", None, Some(&token));
        let held = |p: &Person| net::may_take(p.claim(), false, claimant);
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
        self.come_back(seat, conn, outbox, None, Some(token));
        true
    }

    /// `seat` is taken back on a new connection (the old one, if still open, is closed):
    /// its person is told who they are again and shown the game so far, and who may take
    /// the seat back is journaled again if that changed.
    fn come_back(
        &mut self,
        seat: Seat,
        conn: ConnId,
        outbox: Outbox,
        addr: Option<IpAddr>,
        token: Option<SeatToken>,
    ) {
        let Some(play) = &self.play else {
            return;
        };
        let before = self.seats.holder(seat).map(Person::holder);
        let replaced = self.hooks.replaced();
        self.seats.take_back(seat, |old| {
            if let Some(line) = replaced {
                old.outbox.send(line);
            }
            old.outbox.close();
            old.conn = conn;
            old.outbox = outbox;
            old.addr = addr.or(old.addr);
            old.token = token.or(old.token.take());
        });
        let Some(person) = self.seats.here(seat) else {
            return;
        };
        let now = person.holder();
        if before.as_ref() != Some(&now) {
            play.holder(seat, &now);
        }
        let mut viewer = self.hooks.viewer(seat);
        let mut lines = self
            .hooks
            .resumed(seat, now.token.as_deref(), &self.names());
        match self.hooks.caught_up(&mut viewer, play, seat) {
            Some(caught_up) => lines.extend(caught_up),
            None => {
                for event in play.catch_up_standing(seat, H::is_prompt) {
                    self.hooks.render(&mut viewer, play, &event, &mut lines);
                }
            }
        }
        self.viewers[seat] = viewer;
        self.owed[seat].extend(lines);
        // What still stands is asked again.
        self.prompted[seat] = false;
        self.acked[seat] = false;
        self.summarise();
    }

    pub(super) fn wake(&mut self) {
        let forfeits = self.hooks.late_forfeits();
        let Some(play) = self.play.as_mut() else {
            return;
        };
        // The moves made, and where each person out of time comes among them.
        let shown = std::cell::RefCell::new(Batches::default());
        let mut late = Vec::new();
        play.wake(
            Instant::now(),
            &self.seats,
            |events| shown.borrow_mut().push(H::Game::events(events)),
            |seat| {
                late.push((seat, shown.borrow().len()));
                !forfeits
            },
        );
        let shown = shown.into_inner();
        // Each person out of time is told so before the move made for them.
        let mut from = 0;
        let timed_out: Vec<Seat> = late.iter().map(|&(seat, _)| seat).collect();
        for (seat, at) in late {
            self.show_batches(&shown, from..at);
            from = at;
            if forfeits {
                if !self.forfeit(seat, Gone::Late) {
                    self.give_up(seat, false);
                }
                return;
            }
            if let Some(line) = self.hooks.timed_out(seat) {
                self.send(seat, line);
            }
        }
        self.show_batches(&shown, from..shown.len());
        for seat in timed_out {
            self.check_out(seat);
        }
    }

    /// The game ends without `seat`, as the protocol says ([`Hooks::forfeit`]); whether
    /// it did (else a CPU player must take the seat).
    fn forfeit(&mut self, seat: Seat, why: Gone) -> bool {
        let kinds = self.kinds();
        let Some(play) = self.play.as_mut() else {
            return false;
        };
        let Some(lines) = self.hooks.forfeit(play, seat, &kinds, why) else {
            return false;
        };
        self.over = true;
        for line in lines {
            self.broadcast(&line);
        }
        true
    }

    /// A person away for the whole grace period gives their seat up.
    pub(super) fn expire(&mut self) {
        while let Some(seat) = self.seats.expired(Instant::now()) {
            self.give_up(seat, true);
            if self.over {
                return;
            }
        }
    }

    /// Machines move and timers are set after any change; whether the table goes on
    /// (not when its game is over, nor when nobody holds a seat of a game under way).
    pub(super) fn after_change(&mut self) -> bool {
        if self.over {
            return false;
        }
        if self.play.is_none() {
            return true;
        }
        self.machines_move();
        // A step no seat takes (the next hand of a game that waits between hands) is
        // taken once everyone here has acknowledged the last hand (if the protocol asks
        // them to), at once otherwise.
        let acknowledges = self.hooks.acknowledges();
        let asked = self.hooks.deals_when_asked();
        let between = self.play.as_ref().is_some_and(Self::between_hands);
        let hand_ended = between && !self.between;
        self.between = between;
        if asked && hand_ended {
            // A person still away as the hand ends gives the seat up: the grace period
            // covers a hand, not the pause before the next.
            let away: Vec<Seat> = (0..self.settings.seats)
                .filter(|&s| self.seats.is_away(s))
                .collect();
            for seat in away {
                self.give_up(seat, true);
            }
        }
        while let Some(play) =
            (self.play.as_mut()).filter(|play| !asked && Self::between_hands(play))
        {
            if acknowledges {
                let mut here = self.seats.here_all().map(|(seat, _)| seat).peekable();
                let anyone = here.peek().is_some();
                if !anyone || !here.all(|seat| self.acked[seat]) {
                    break;
                }
                self.acked.fill(false);
            }
            let Some(events) = play.advance() else {
                break;
            };
            let events = H::Game::events(&events).to_vec();
            self.show(&events);
            self.machines_move();
        }
        // The timers, for what is left to them.
        if let Some(play) = self.play.as_mut() {
            let mut shown = Batches::default();
            play.after_change(&self.seats, |events| shown.push(H::Game::events(events)));
            self.show_batches(&shown, 0..shown.len());
        }
        self.prompt();
        let Some(play) = self.play.as_mut() else {
            return true;
        };
        if acknowledges {
            let unacked = self.seats.here_all().any(|(seat, _)| !self.acked[seat]);
            self.ack_timer.update(Self::between_hands(play) && unacked);
        }
        if play.is_over() {
            return false;
        }
        if self.seats.held().next().is_none() {
            if self.hooks.deals_when_asked() && play.anyone_played() {
                self.end_deserted();
            }
            if let Some(play) = self.play.as_mut().filter(|play| !play.is_over()) {
                play.abandon("every person left; the game does not go on with CPU players alone");
            }
            return false;
        }
        true
    }

    /// Every person has left a game whose steps between hands wait to be asked for: its
    /// CPU players finish the hand under way, then leave it too, and its next step is
    /// taken, which ends it by its rules (a Warlords evening with nobody left to deal
    /// to), its hands kept.
    fn end_deserted(&mut self) {
        let mut finished = Vec::new();
        if let Some(play) = self.play.as_mut() {
            play.machines_finish(|events| finished.push(H::Game::events(events).to_vec()));
        }
        for events in finished {
            self.show(&events);
        }
        for seat in 0..self.settings.seats {
            let Some(play) = self.play.as_mut().filter(|play| !play.has_left(seat)) else {
                continue;
            };
            if let Some(events) = play.leave(seat) {
                self.show(H::Game::events(&events));
            }
        }
        let next = self.play.as_mut().and_then(|play| play.step_asked());
        if let Some(events) = next {
            self.show(H::Game::events(&events));
        }
    }

    /// Machines with no thinking delay move now, each move shown with the game as it
    /// stands right after it (Warlords' table line shows every play).
    fn machines_move(&mut self) {
        let mut moved = std::mem::take(&mut self.moved);
        while let Some(play) = self.play.as_mut() {
            let step = |events: &_| moved.extend_from_slice(H::Game::events(events));
            if !play.machine_step(&self.seats, step) {
                break;
            }
            self.show(&moved);
            moved.clear();
        }
        self.moved = moved;
    }

    /// Tells the people the game waits for what it asks of them, once per decision.
    fn prompt(&mut self) {
        let Some(play) = &self.play else {
            return;
        };
        for seat in 0..self.settings.seats {
            if self.prompted[seat] || !self.seats.is_here(seat) {
                continue;
            }
            if let Some(line) = self.hooks.prompt(play, seat) {
                self.prompted[seat] = true;
                self.owed[seat].push(line);
            }
        }
    }

    /// The table has ended: its people's and spectators' connections close (after what
    /// is queued), unless the protocol keeps them.
    pub(super) fn close(&mut self) {
        self.flush();
        if self.hooks.lets_go() {
            for (_, person) in self.seats.here_all() {
                person.outbox.close();
            }
        }
        if !self.hooks.keeps_spectators() {
            for spectator in &self.spectators {
                spectator.outbox.close();
            }
        }
        self.hooks.ended(self.play.as_ref());
    }

    /// Sends everyone what they are owed: everything one change owes a person goes out
    /// in one write.
    pub(super) fn flush(&mut self) {
        for (seat, owed) in self.owed.iter_mut().enumerate() {
            if owed.is_empty() {
                continue;
            }
            match self.seats.here(seat) {
                Some(person) => person.outbox.send_all(owed.drain(..)),
                None => owed.clear(),
            }
        }
        if !self.owed_spectators.is_empty() {
            for spectator in &self.spectators {
                spectator
                    .outbox
                    .send_all(self.owed_spectators.iter().cloned());
            }
            self.owed_spectators.clear();
        }
        self.hooks.flushed();
    }

    /// Shows the batches `range` of `shown`, one after the other.
    fn show_batches(&mut self, shown: &Batches<Event<H>>, range: std::ops::Range<usize>) {
        for batch in range {
            self.show(shown.batch(batch));
        }
    }

    /// Tells every person here `events`, each as their seat may see it, and the
    /// spectators what everyone may see.
    fn show(&mut self, events: &[Event<H>]) {
        let Some(play) = &self.play else {
            return;
        };
        if events.is_empty() {
            return;
        }
        if events.iter().any(H::ends_decision) {
            self.prompted.fill(false);
        }
        // Event by event, each seat in turn and then the spectators: a protocol may draw
        // or render what reads alike for everyone once per event (miniTruco's phrase,
        // Jass's frames for everyone).
        for event in events {
            self.hooks.shown(event);
            for seat in 0..self.settings.seats {
                if !self.seats.is_here(seat) {
                    continue;
                }
                if let Some(event) = H::Game::for_seat(event, seat) {
                    let (viewer, owed) = (&mut self.viewers[seat], &mut self.owed[seat]);
                    self.hooks.render(viewer, play, &event, owed);
                }
            }
            if self.spectators.is_empty() {
                continue;
            }
            if let Some(event) = H::Game::for_seat(event, WATCHER) {
                let (watched, owed) = (&mut self.watched, &mut self.owed_spectators);
                self.hooks.render(watched, play, &event, owed);
            }
        }
        self.summarise();
    }

    /// Tells everyone the table as it stands ([`Hooks::summary`]), if the protocol has a
    /// line for it.
    fn summarise(&mut self) {
        let Some(play) = &self.play else {
            return;
        };
        for line in self.hooks.summary(play, &|seat| self.kind(seat)) {
            self.broadcast(&line);
        }
    }

    fn send(&mut self, seat: Seat, line: String) {
        if self.seats.is_here(seat) {
            self.owed[seat].push(line);
        }
    }

    /// `line` to the connection `conn`, a person's or a spectator's.
    fn send_conn(&mut self, conn: ConnId, line: String) {
        match self.seat_of(conn) {
            Some(seat) => self.send(seat, line),
            None => {
                if let Some(s) = self.spectators.iter().find(|s| s.conn == conn) {
                    s.outbox.send(line);
                }
            }
        }
    }

    fn broadcast(&mut self, line: &str) {
        for (seat, _) in self.seats.here_all() {
            self.owed[seat].push(line.to_owned());
        }
        if !self.spectators.is_empty() {
            self.owed_spectators.push(line.to_owned());
        }
    }
}

/// Events in the batches they came in (one per move), each shown on its own: what a
/// protocol tells everyone after each change ([`Hooks::summary`]) follows every move.
struct Batches<E> {
    events: Vec<E>,
    /// Where each batch ends in `events`.
    ends: Vec<usize>,
}

impl<E> Default for Batches<E> {
    fn default() -> Self {
        Batches {
            events: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<E: Clone> Batches<E> {
    /// Adds a batch (none if `events` is empty).
    fn push(&mut self, events: &[E]) {
        if !events.is_empty() {
            self.events.extend_from_slice(events);
            self.ends.push(self.events.len());
        }
    }

    /// How many batches there are.
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// Batch `index`'s events.
    fn batch(&self, index: usize) -> &[E] {
        let start = index.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.events[start..self.ends[index]]
    }
}
