//! The hall actor: one task owns every Warlords client, the lobby, the table and its
//! timers (lobby countdown, turn timeout), so the protocol's many cross-client rules
//! (unique names, at most 35 clients, lobby moves) need no locks.

use super::message::{self, strike, Request};
use super::names;
use super::table::{Place, Table};
use super::WarsSettings;
use crate::net::{may_take, Holder, Outbox, SeatToken};
use crate::record::{self, Carried, Carry, GameLog, Ledger};
use crate::seeds::SeedSource;
use crate::table::{sleep_until, Play, Timing};
use cards::seeded_rng;
use president::bots::TimeoutBot;
use president::{Action, CardSet, Event, PlayError, Seat};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

pub use crate::net::ConnId;

/// What sessions tell the hall.
pub enum HallMsg {
    /// A connection opened from `addr` (it is refused with strike 81 if the hall is
    /// full).
    Connect {
        conn: ConnId,
        outbox: Outbox,
        addr: IpAddr,
        token: Option<SeatToken>,
    },
    /// A message from the client, or the strike code its bytes earned.
    Request {
        conn: ConnId,
        request: Result<Request, u8>,
    },
    /// The connection closed.
    Disconnect { conn: ConnId },
    /// A hand carried over from another node of a cluster, its people away. Boxed: a
    /// channel's memory is blocks of messages of its largest kind.
    Carried(Box<Table>),
}

/// How sessions reach the hall. Cheap to clone.
#[derive(Clone)]
pub struct Hall {
    tx: mpsc::Sender<HallMsg>,
    carry: Carry,
}

impl Hall {
    /// Starts the hall actor.
    pub fn start(
        settings: WarsSettings,
        inbox: usize,
        seeds: SeedSource,
        recorder: Ledger,
        shutdown: CancellationToken,
    ) -> Hall {
        let (tx, rx) = mpsc::channel(inbox.max(1));
        let (hall, grace) = (tx.clone(), settings.reconnect_grace);
        let (timing, ledger) = (timing(&settings), recorder.clone());
        let carry: Carry = Arc::new(move |carried: Carried| {
            let table = Table::carry(&carried, &ledger, timing, grace)?;
            hall.try_send(HallMsg::Carried(Box::new(table)))
                .map_err(|e| format!("the hall cannot take the hand: {e}"))
        });
        let state = State {
            table: Table::new(),
            recorder,
            settings,
            seeds,
            clients: HashMap::new(),
            lobby: Vec::new(),
            countdown: None,
            fill: false,
        };
        tokio::spawn(state.run(rx, shutdown));
        Hall { tx, carry }
    }

    /// Carries on hands other nodes of a cluster dealt: the hall takes one on while no
    /// game is on at its own table.
    pub fn carrier(&self) -> Carry {
        self.carry.clone()
    }

    /// Sends a message, waiting while the inbox is full; `false` once the hall is gone.
    pub async fn send(&self, msg: HallMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }
}

/// How the hands are timed: CPU players' delay and the turn timer.
fn timing(settings: &WarsSettings) -> Timing {
    Timing {
        cpu_delay: settings.cpu_delay,
        turn_limit: Some(settings.turn_timeout),
    }
}

/// Places at the table: the seed's seven.
const SEATS: usize = 7;

struct Client {
    name: Option<String>,
    outbox: Outbox,
    addr: IpAddr,
    /// parlor's web client's seat token (`net::SeatToken`).
    token: Option<SeatToken>,
    strikes: u8,
    chats: VecDeque<Instant>,
}

struct State {
    settings: WarsSettings,
    seeds: SeedSource,
    /// Where each hand (a game in the store) is recorded.
    recorder: Ledger,
    clients: HashMap<ConnId, Client>,
    /// Named clients waiting, in the order they joined.
    lobby: Vec<ConnId>,
    table: Table,
    /// When the lobby countdown (or the pause between hands) ends.
    countdown: Option<Instant>,
    /// A waiting client asked for CPU players (`cfill`): they fill games up to `-m` as
    /// long as a person plays.
    fill: bool,
}

impl State {
    async fn run(mut self, mut inbox: mpsc::Receiver<HallMsg>, shutdown: CancellationToken) {
        loop {
            let countdown = self.countdown;
            let due = self.table.hand.as_ref().and_then(|h| h.due());
            let away = self.table.away_deadline();
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => crate::telemetry::timed("wars", || self.handle(msg)),
                    None => break,
                },
                _ = sleep_until(countdown), if countdown.is_some() => {
                    self.countdown = None;
                    self.countdown_over();
                }
                _ = sleep_until(due), if due.is_some() => self.wake(),
                _ = sleep_until(away), if away.is_some() => self.give_up_expired(),
                _ = shutdown.cancelled() => break,
            }
        }
        for client in self.clients.values() {
            client.outbox.close();
        }
    }

    fn handle(&mut self, msg: HallMsg) {
        match msg {
            HallMsg::Connect {
                conn,
                outbox,
                addr,
                token,
            } => {
                let from_there = self.clients.values().filter(|c| c.addr == addr).count();
                if self.clients.len() >= self.settings.max_clients
                    || from_there >= self.settings.max_per_address
                {
                    outbox.send(message::strik(strike::TOO_MANY_CLIENTS, 1));
                    outbox.close();
                    return;
                }
                let client = Client {
                    name: None,
                    outbox,
                    addr,
                    token,
                    strikes: 0,
                    chats: VecDeque::new(),
                };
                self.clients.insert(conn, client);
            }
            HallMsg::Request { conn, request } => match request {
                Ok(request) => self.request(conn, request),
                Err(code) => self.strike(conn, code),
            },
            HallMsg::Disconnect { conn } => self.disconnect(conn, false),
            HallMsg::Carried(table) => self.carried(*table),
        }
    }

    /// Takes on a hand carried over from another node: its people are away and take
    /// their seats back by name from their address (or their seat token) when they
    /// join again; the evening goes on here after it.
    fn carried(&mut self, mut table: Table) {
        if self.table.seated() {
            if let Some(hand) = table.hand.as_mut() {
                hand.abandon("the hall that carried it on had a game of its own");
            }
            return;
        }
        tracing::info!(
            players = table.places.len(),
            "warlords hand carried on from another node"
        );
        self.countdown = None;
        self.table = table;
        let stabl = self.table.stabl();
        self.broadcast(&stabl);
        self.settle();
        // Nobody may come back to it (a grace period of 0): it ends.
        self.end_if_deserted();
    }

    fn request(&mut self, conn: ConnId, request: Request) {
        let Some(client) = self.clients.get(&conn) else {
            return;
        };
        match (request, client.name.is_some()) {
            (Request::Join(name), false) => self.join(conn, &name),
            (_, false) | (Request::Join(_), true) => self.strike(conn, strike::BAD_MESSAGE),
            (Request::Chat(text), true) => self.chat(conn, &text),
            (Request::Hand, true) => {
                let cards = self
                    .table
                    .seat_of(conn)
                    .map_or(CardSet::EMPTY, |s| self.table.cards(s));
                self.send(conn, message::shand(cards));
            }
            (Request::Play(cards), true) => {
                let action = if cards.is_empty() {
                    Action::Pass
                } else {
                    Action::Play(cards)
                };
                self.act(conn, action, strike::LOBBY_PLAY);
            }
            (Request::Swap(card), true) => self.act(conn, Action::Swap(card), strike::NOT_WARLORD),
            (Request::Fill, true) => {
                // Asked from the lobby: a full table now. With no game on, the countdown
                // is skipped and CPU players take every free seat; during a game, the
                // next one is filled.
                if self.lobby.contains(&conn) {
                    self.fill = true;
                    if !self.table.seated() {
                        self.countdown = None;
                        self.countdown_over();
                    }
                }
            }
        }
    }

    fn join(&mut self, conn: ConnId, requested: &str) {
        if self.come_back(conn, requested) {
            return;
        }
        let name = {
            let away = self.table.places.iter().filter(|p| p.away.is_some());
            let taken = self.clients.values().filter_map(|c| c.name.as_deref());
            names::mangle(requested, taken.chain(away.map(|p| p.name.as_str())))
        };
        self.send(conn, message::sjoin(&name));
        if let Some(client) = self.clients.get_mut(&conn) {
            client.name = Some(name);
        }
        self.lobby.push(conn);
        self.broadcast_lobby();
        self.check_lobby();
    }

    fn chat(&mut self, conn: ConnId, text: &str) {
        let now = Instant::now();
        let (burst, window) = (self.settings.chat_burst, self.settings.chat_window);
        let Some(client) = self.clients.get_mut(&conn) else {
            return;
        };
        while client
            .chats
            .front()
            .is_some_and(|t| now.duration_since(*t) >= window)
        {
            client.chats.pop_front();
        }
        if client.chats.len() >= burst {
            return self.strike(conn, strike::CHAT_FLOOD);
        }
        client.chats.push_back(now);
        let line = message::schat(client.name.as_deref().unwrap_or(""), text);
        self.broadcast(&line);
    }

    /// A play or a swap from a client; `lobby_strike` if the client is not at the table.
    fn act(&mut self, conn: ConnId, action: Action, lobby_strike: u8) {
        let Some(seat) = self.table.seat_of(conn) else {
            return self.strike(conn, lobby_strike);
        };
        let Some(hand) = &mut self.table.hand else {
            let code = match action {
                Action::Swap(_) => strike::SWAP_OUT_OF_TURN,
                _ => parlor_wire::wars::strike_for(PlayError::OutOfTurn),
            };
            return self.strike(conn, code);
        };
        match hand.act(seat, action) {
            Ok(events) => {
                self.table.played = true;
                self.show(&events);
                self.settle();
            }
            Err(error) => {
                let code = parlor_wire::wars::strike_for(error);
                self.strike(conn, code);
                if matches!(code, 10..=19 | 70) && self.clients.contains_key(&conn) {
                    self.send(conn, message::shand(self.table.cards(seat)));
                }
            }
        }
    }

    /// Tells the clients what an action (or a departure) did, and ends the hand when it is
    /// over.
    fn show(&mut self, events: &[Event]) {
        let mut over = false;
        for event in events {
            match *event {
                Event::SwapGiven { from, to, card } => {
                    let lost = self.table.taken.unwrap_or(card);
                    self.send_to_seat(from, message::shand(self.table.cards(from)));
                    self.send_to_seat(to, message::swaps(card, lost));
                    self.send_to_seat(to, message::shand(self.table.cards(to)));
                }
                Event::HandOver { .. } => over = true,
                _ => {}
            }
        }
        let stabl = self.table.stabl();
        self.broadcast(&stabl);
        if over {
            self.hand_over();
        }
    }

    /// After any change: CPU players (and the timeout move, for people away) play at once
    /// without a thinking delay, else on their timer; the turn timer runs for a person.
    fn settle(&mut self) {
        let here = self.table.here();
        let Some(hand) = &mut self.table.hand else {
            return;
        };
        let mut moves: Vec<Vec<Event>> = Vec::new();
        hand.after_change(&here[..], |events| moves.push(events.to_vec()));
        for events in moves {
            self.show(&events);
        }
    }

    /// The hand's timer is due: a CPU player moves, or the person whose time ran out gets
    /// strike 20 and the timeout move (pass, or the lowest card).
    fn wake(&mut self) {
        let here = self.table.here();
        let Some(hand) = &mut self.table.hand else {
            return;
        };
        let mut moves: Vec<Vec<Event>> = Vec::new();
        let mut late = Vec::new();
        hand.wake(
            Instant::now(),
            &here[..],
            |events| moves.push(events.to_vec()),
            |seat| {
                late.push(seat);
                true
            },
        );
        for seat in late {
            if let Some(conn) = self.table.conn_at(seat) {
                self.strike(conn, strike::TIMEOUT);
            }
        }
        for events in moves {
            self.show(&events);
        }
        self.settle();
    }

    /// CPU players to seat with the people at the next deal: up to `--wars-cpu`, or every
    /// free seat after a `cfill`, never past seven seats, and none for a table without a
    /// person.
    fn seat_cpu_players(&mut self, people: usize) {
        if people == 0 {
            self.fill = false;
            return;
        }
        let seated = self.table.places.iter().filter(|p| p.cpu.is_some()).count();
        let asked = if self.fill {
            SEATS.saturating_sub(people)
        } else {
            0
        };
        for _ in seated..self.settings.cpu_players.max(asked) {
            if self.table.places.len() >= SEATS {
                break;
            }
            let taken: Vec<String> = self
                .clients
                .values()
                .filter_map(|c| c.name.clone())
                .chain(self.table.places.iter().map(|p| p.name.clone()))
                .collect();
            let name = names::mangle("cpu", taken.iter().map(String::as_str));
            self.table.places.push(Place {
                conn: None,
                name,
                strikes: 0,
                cpu: Some("sound"),
                addr: None,
                token: None,
                away: None,
            });
        }
    }

    /// Strikes a client; the third strike is delivered, then the client is disconnected.
    fn strike(&mut self, conn: ConnId, code: u8) {
        let Some(client) = self.clients.get_mut(&conn) else {
            return;
        };
        client.strikes = client.strikes.saturating_add(1);
        let strikes = client.strikes;
        client.outbox.send(message::strik(code, strikes));
        if let Some(seat) = self.table.seat_of(conn) {
            self.table.places[seat].strikes = strikes;
        }
        if strikes >= 3 {
            tracing::debug!(conn, code, "third strike: disconnecting");
            client.outbox.close();
            self.disconnect(conn, true);
        }
    }

    /// A client is gone (`for_good`: struck out). A person in a hand keeps the seat for
    /// the grace period, unless struck out; otherwise they leave it.
    fn disconnect(&mut self, conn: ConnId, for_good: bool) {
        if self.clients.remove(&conn).is_none() {
            return;
        }
        if let Some(at) = self.lobby.iter().position(|&c| c == conn) {
            self.lobby.remove(at);
            self.broadcast_lobby();
        }
        let Some(seat) = self.table.seat_of(conn) else {
            return;
        };
        let handing_over = self.table.hand.as_ref().is_some_and(|h| h.handing_over());
        let place = &mut self.table.places[seat];
        place.conn = None;
        let grace = self.settings.reconnect_grace;
        // The node is handing its tables over: the seat is kept for the node that
        // carries the hand on (away, so the hand is not taken for deserted meanwhile).
        if handing_over {
            place.away = Some(Instant::now() + grace.max(Duration::from_secs(1)));
            return;
        }
        match self.table.hand.is_some() {
            // Until a person has made a move at this table there is no grace: a table
            // started and left keeps nothing.
            true if !for_good && !grace.is_zero() && self.table.played => {
                tracing::debug!(seat, "warlords player away; the seat is kept");
                place.away = Some(Instant::now() + grace);
                self.settle();
            }
            true => self.leave_hand(seat),
            false => {
                self.table.places.remove(seat);
                let stabl = self.table.stabl();
                self.broadcast(&stabl);
            }
        }
        self.end_if_deserted();
    }

    /// A hand with no person left in it (none connected, none away who may come back)
    /// ends: CPU players never play among themselves. It is stored as abandoned, the CPU
    /// players leave with it, and the hall is free for the next game.
    fn end_if_deserted(&mut self) {
        let held = |p: &Place| p.conn.is_some() || p.away.is_some();
        if self.table.hand.is_none() || self.table.places.iter().any(held) {
            return;
        }
        if let Some(mut hand) = self.table.hand.take() {
            hand.abandon("every person left; CPU players do not play on alone");
        }
        tracing::debug!("warlords hand abandoned: every person left");
        self.table = Table::new();
        self.countdown = None;
        let stabl = self.table.stabl();
        self.broadcast(&stabl);
        self.check_lobby();
    }

    /// The person of `seat` leaves the hand: their cards are out of play.
    fn leave_hand(&mut self, seat: Seat) {
        let Some(hand) = &mut self.table.hand else {
            return;
        };
        // The game goes on without the seat (the contract's `Game::leave`).
        let Some(events) = hand.leave(seat) else {
            return;
        };
        self.show(&events);
        self.settle();
    }

    /// People away past the grace period leave their hand.
    fn give_up_expired(&mut self) {
        let now = Instant::now();
        while let Some(seat) =
            (self.table.places.iter()).position(|p| p.away.is_some_and(|t| t <= now))
        {
            self.table.places[seat].away = None;
            self.leave_hand(seat);
        }
        self.end_if_deserted();
    }

    /// `cjoin` for a seat in a hand that is this connection's to take (`net::may_take`:
    /// its token, also while the old connection still seems open, which is then closed;
    /// or, while its person is away, its exact name from their address): they take it
    /// back (`sjoin`, their hand, the table). Whether they did.
    fn come_back(&mut self, conn: ConnId, requested: &str) -> bool {
        let Some(client) = self.clients.get(&conn) else {
            return false;
        };
        let claimant = Holder {
            name: requested,
            addr: client.addr,
            token: client.token.as_ref(),
        };
        let seat = self.table.places.iter().position(|p| {
            let (Some(addr), false) = (p.addr, p.conn == Some(conn)) else {
                return false;
            };
            let holder = Holder {
                name: &p.name,
                addr,
                token: p.token.as_ref(),
            };
            let held = p.away.is_some() || p.conn.is_some();
            held && may_take(holder, p.away.is_some(), claimant)
        });
        let Some(seat) = seat.filter(|_| self.table.hand.is_some()) else {
            return false;
        };
        if let Some(old) = self.table.places[seat]
            .conn
            .and_then(|c| self.clients.remove(&c))
        {
            old.outbox.close();
        }
        let place = &mut self.table.places[seat];
        let before = place.holder_record();
        place.conn = Some(conn);
        place.away = None;
        if let Some(client) = self.clients.get(&conn) {
            place.addr = Some(client.addr);
            place.token = client.token.clone().or(place.token.take());
        }
        // Who may take the seat back now (another address, a token), for a node that
        // carries the hand on; journaled when it changed.
        let now = place.holder_record();
        if let (Some(hand), true) = (&self.table.hand, now != before) {
            hand.holder(seat, &now);
        }
        let name = place.name.clone();
        tracing::debug!(seat, "warlords player back at the table");
        if let Some(client) = self.clients.get_mut(&conn) {
            client.name = Some(name.clone());
            client.strikes = self.table.places[seat].strikes;
        }
        self.send(conn, message::sjoin(&name));
        self.send(conn, message::shand(self.table.cards(seat)));
        let swapping = self.table.hand.as_ref().is_some_and(|h| h.swap_pending());
        if let (Some(card), 0, true) = (self.table.taken, seat, swapping) {
            self.send(conn, message::swapw(card));
        }
        let stabl = self.table.stabl();
        self.broadcast(&stabl);
        self.settle();
        true
    }

    /// Starts the countdown when no game is on and enough clients wait.
    fn check_lobby(&mut self) {
        if self.table.seated() || self.countdown.is_some() {
            return;
        }
        // CPU players (`--wars-cpu`, or a full table after a `cfill`) count: they join
        // any game with a person.
        let cpus = match (self.lobby.is_empty(), self.fill) {
            (true, _) => 0,
            (false, true) => SEATS,
            (false, false) => self.settings.cpu_players,
        };
        if self.lobby.len() + cpus >= self.min_players() {
            self.start_countdown();
        }
    }

    fn min_players(&self) -> usize {
        self.settings.min_players.clamp(3, SEATS)
    }

    /// Waits the lobby timeout, or goes on at once when it is zero.
    fn start_countdown(&mut self) {
        if self.settings.lobby_timeout.is_zero() {
            self.countdown_over();
        } else {
            self.countdown = Some(Instant::now() + self.settings.lobby_timeout);
        }
    }

    /// The countdown ended: lobby clients take the free seats and a hand is dealt, if
    /// there are enough players.
    fn countdown_over(&mut self) {
        // Ranks belong to those who earned them: with fewer than `-m` of them left at the
        // table, the next hand starts afresh (newcomers never inherit a rank or a swap).
        if self.table.places.len() < self.min_players() {
            self.table.ranked = false;
        }
        let free = SEATS.saturating_sub(self.table.places.len());
        let moving: Vec<ConnId> = self.lobby.drain(..free.min(self.lobby.len())).collect();
        for conn in &moving {
            let name = self
                .clients
                .get(conn)
                .and_then(|c| c.name.clone())
                .unwrap_or_default();
            let client = self.clients.get(conn);
            self.table.places.push(Place {
                conn: Some(*conn),
                name,
                strikes: client.map_or(0, |c| c.strikes),
                cpu: None,
                addr: client.map(|c| c.addr),
                token: client.and_then(|c| c.token.clone()),
                away: None,
            });
        }
        let people = self
            .table
            .places
            .iter()
            .filter(|p| p.conn.is_some())
            .count();
        if people == 0 {
            // CPU players never play among themselves.
            self.table.places.retain(|p| p.cpu.is_none());
        }
        self.seat_cpu_players(people);
        if self.table.places.len() >= self.min_players() {
            if !moving.is_empty() {
                self.broadcast_lobby();
            }
            self.deal();
            return;
        }
        // Not enough players: everyone waits in the lobby again, ranks forgotten.
        let players: Vec<ConnId> = self.table.places.drain(..).filter_map(|p| p.conn).collect();
        let others: Vec<ConnId> = self
            .lobby
            .drain(..)
            .filter(|c| !moving.contains(c))
            .collect();
        self.lobby = players.into_iter().chain(moving).chain(others).collect();
        self.table.ranked = false;
        self.table.played = false;
        self.broadcast_lobby();
        self.check_lobby();
    }

    fn deal(&mut self) {
        let players = self.table.places.len();
        let ranked = self.table.ranked;
        let seed = self.seeds.next_seed();
        let seats = self
            .table
            .places
            .iter()
            .map(|p| record::seat(&p.name, p.cpu))
            .collect();
        let log = GameLog::start(
            &self.recorder,
            "wars",
            &record::wars::variant(players, ranked),
            seed,
            seats,
            None,
        );
        let Some((hand, events)) = record::wars::start(players, ranked, seed, log) else {
            return;
        };
        let rng = seeded_rng(seed.rotate_left(21) ^ 0xC0FF_EE00);
        let timing = timing(&self.settings);
        let mut hand = Play::new(hand, &events, rng, timing, Box::new(TimeoutBot));
        for (seat, place) in self.table.places.iter().enumerate() {
            if let Some(strategy) = place.cpu.and_then(president::bots::by_name) {
                hand.seat_cpu(seat, place.name.clone(), strategy);
            } else {
                hand.holder(seat, &place.holder_record());
            }
        }
        tracing::debug!(players, ranked, "warlords hand dealt");
        self.table.taken = events.iter().find_map(|e| match *e {
            Event::SwapTaken { card, .. } => Some(card),
            _ => None,
        });
        self.table.hand = Some(hand);
        for seat in 0..players {
            if !(ranked && seat == players - 1) {
                self.send_to_seat(seat, message::shand(self.table.cards(seat)));
            }
        }
        if let Some(card) = self.table.taken {
            self.send_to_seat(0, message::swapw(card));
        }
        let stabl = self.table.stabl();
        self.broadcast(&stabl);
        self.settle();
    }

    fn hand_over(&mut self) {
        tracing::debug!("warlords hand over");
        self.table.reseat_by_rank();
        self.table.ranked = true;
        let stabl = self.table.stabl();
        self.broadcast(&stabl);
        self.start_countdown();
    }

    fn send(&self, conn: ConnId, line: String) {
        if let Some(client) = self.clients.get(&conn) {
            client.outbox.send(line);
        }
    }

    fn send_to_seat(&self, seat: Seat, line: String) {
        if let Some(conn) = self.table.conn_at(seat) {
            self.send(conn, line);
        }
    }

    /// Sends to every client that has joined (lobby and table).
    fn broadcast(&self, line: &str) {
        for client in self.clients.values().filter(|c| c.name.is_some()) {
            client.outbox.send(line);
        }
    }

    fn broadcast_lobby(&self) {
        let names = self
            .lobby
            .iter()
            .map(|c| {
                self.clients
                    .get(c)
                    .and_then(|c| c.name.as_deref())
                    .unwrap_or("")
            })
            .collect::<Vec<_>>();
        let line = message::slobb(names.into_iter());
        self.broadcast(&line);
    }
}
