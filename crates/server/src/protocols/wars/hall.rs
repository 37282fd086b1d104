//! The hall actor: one task owns every Warlords client, the lobby, who sits in each
//! seat of the evening and the countdown, so the protocol's many cross-client rules
//! (unique names, at most 35 clients, lobby moves) need no locks. The evening itself,
//! hand after hand, is one game at the kernel's table actor (`evening.rs`): the hall
//! begins it with the lobby's first clients, passes its people's moves on, lets its
//! lobby clients watch it, seats newcomers when a hand's pause ends and asks for the
//! next hand, and takes everyone back into the lobby when it ends.

use super::evening::{
    self, EveningHandle, EveningSettings, EveningStarter, News, Seating, Strikes,
};
use super::message::{self, strike, Request};
use super::names;
use super::table::{self, Place};
use super::WarsSettings;
use crate::net::{may_take, Holder, Outbox, SeatToken};
use crate::record::{Carried, Carry, Ledger};
use crate::seeds::SeedSource;
use crate::table::actor::{Input, Joiner, Newcomer};
use crate::table::{sleep_until, Timing};
use president::{Action, CardSet, PlayError, MAX_PLAYERS};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
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
    /// An evening carried over from another node of a cluster, its people away. Boxed:
    /// a channel's memory is blocks of messages of its largest kind.
    Carried(Box<CarriedEvening>),
}

/// An evening carried over from another node, ready for the hall to take on.
pub struct CarriedEvening {
    evening: EveningHandle,
    starter: EveningStarter,
    /// Its number in the hall.
    id: u64,
    /// Who sits in each seat.
    seats: Vec<Option<Place>>,
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
        let (over, news) = mpsc::unbounded_channel();
        let evenings = Arc::new(AtomicU64::new(0));
        let strikes: Strikes = Arc::default();
        let dealing = EveningSettings {
            timing: Timing {
                cpu_delay: settings.cpu_delay,
                turn_limit: Some(settings.turn_timeout),
            },
            grace: settings.reconnect_grace,
            min_players: settings.min_players,
            seeds,
            recorder,
            shutdown: shutdown.clone(),
        };
        let ticket = (evenings.clone(), over.clone());
        let carry = carrier(tx.clone(), (dealing.clone(), strikes.clone()), ticket);
        let state = State {
            settings,
            dealing,
            clients: HashMap::new(),
            lobby: Vec::new(),
            seats: empty_seats(),
            strikes,
            evening: None,
            in_hand: false,
            evenings,
            over,
            countdown: None,
            fill: false,
        };
        tokio::spawn(state.run(rx, news, shutdown));
        Hall { tx, carry }
    }

    /// Carries on evenings other nodes of a cluster began: the hall takes one on while
    /// no evening is going on here.
    pub fn carrier(&self) -> Carry {
        self.carry.clone()
    }

    /// Sends a message, waiting while the inbox is full; `false` once the hall is gone.
    pub async fn send(&self, msg: HallMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }
}

/// Seven empty seats.
fn empty_seats() -> Vec<Option<Place>> {
    (0..MAX_PLAYERS).map(|_| None).collect()
}

/// Makes a carried evening again and hands it to the hall; an error if it cannot be made
/// here or the hall cannot take it (then it ends, abandoned).
fn carrier(
    hall: mpsc::Sender<HallMsg>,
    (dealing, strikes): (EveningSettings, Strikes),
    (evenings, over): (Arc<AtomicU64>, mpsc::UnboundedSender<News>),
) -> Carry {
    Arc::new(move |carried: Carried| {
        let id = evenings.fetch_add(1, Ordering::Relaxed) + 1;
        let made = evening::carry(&carried, (&dealing, strikes.clone()), (id, over.clone()));
        let (seating, evening, starter) = made?;
        let seats = carried_seats(&carried, seating, &starter);
        let carried = CarriedEvening {
            evening,
            starter,
            id,
            seats,
        };
        hall.try_send(HallMsg::Carried(Box::new(carried)))
            .map_err(|error| {
                let why = format!("the hall cannot take the evening: {error}");
                if let HallMsg::Carried(carried) = error.into_inner() {
                    carried.starter.abandon(&why);
                }
                why
            })
    })
}

/// Who sits in each seat of a carried evening: its CPU players, and its people away in
/// the seats it kept for them (they take them back as after any dropped connection:
/// `cjoin` with their name from their address, or their seat token). A seat nobody
/// plays, or whose person cannot come back, is empty or a CPU player's.
fn carried_seats(
    carried: &Carried,
    seating: Seating,
    starter: &EveningStarter,
) -> Vec<Option<Place>> {
    let kept = starter.kept();
    let game = starter.game();
    let sitting = |seat| game.is_some_and(|game| game.is_sitting(seat));
    let seats = seating.names.into_iter().zip(seating.cpus).enumerate();
    let mut places: Vec<Option<Place>> = seats
        .map(|(seat, (name, cpu))| {
            if !sitting(seat) {
                return None;
            }
            let holder = &carried.holders[seat];
            let kept = kept.contains(&seat);
            Some(Place {
                conn: None,
                name,
                // A person who cannot come back is played by a CPU player from now on.
                cpu: cpu.or((!kept).then_some(evening::CPU)),
                addr: holder.addr.filter(|_| kept),
                token: (holder.token.as_deref())
                    .filter(|_| kept)
                    .and_then(SeatToken::parse),
                away: kept,
            })
        })
        .collect();
    places.resize_with(MAX_PLAYERS, || None);
    places
}

struct Client {
    name: Option<String>,
    outbox: Outbox,
    addr: IpAddr,
    /// parlor's web client's seat token (`net::SeatToken`).
    token: Option<SeatToken>,
    /// Shared with the client's seat at the evening, whose table strikes it too.
    strikes: Arc<AtomicU8>,
    chats: VecDeque<Instant>,
}

struct State {
    settings: WarsSettings,
    /// What each evening is played with.
    dealing: EveningSettings,
    clients: HashMap<ConnId, Client>,
    /// Named clients waiting, in the order they joined.
    lobby: Vec<ConnId>,
    /// Who sits in each seat of the evening, while one goes on.
    seats: Vec<Option<Place>>,
    /// Each seat's strikes, shared with the evening's table.
    strikes: Strikes,
    /// The evening going on, and its number.
    evening: Option<(u64, EveningHandle)>,
    /// Whether a hand is being played (else the evening, if any, is between hands).
    in_hand: bool,
    /// The last evening number given out.
    evenings: Arc<AtomicU64>,
    /// Where the evenings tell the hall how they go.
    over: mpsc::UnboundedSender<News>,
    /// When the lobby countdown (or the pause between hands) ends.
    countdown: Option<Instant>,
    /// A waiting client asked for CPU players (`cfill`): they fill the table up to
    /// seven as long as a person plays.
    fill: bool,
}

impl State {
    async fn run(
        mut self,
        mut inbox: mpsc::Receiver<HallMsg>,
        mut news: mpsc::UnboundedReceiver<News>,
        shutdown: CancellationToken,
    ) {
        loop {
            let countdown = self.countdown;
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => {
                        // What the evening told before this message is read first:
                        // whatever comes now is for the table after it.
                        while let Ok(news) = news.try_recv() {
                            self.news(news).await;
                        }
                        self.handle(msg).await;
                    }
                    None => break,
                },
                Some(news) = news.recv() => self.news(news).await,
                _ = sleep_until(countdown), if countdown.is_some() => {
                    self.countdown = None;
                    self.countdown_over().await;
                }
                _ = shutdown.cancelled() => break,
            }
        }
        for client in self.clients.values() {
            client.outbox.close();
        }
    }

    async fn handle(&mut self, msg: HallMsg) {
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
                    strikes: Arc::default(),
                    chats: VecDeque::new(),
                };
                self.clients.insert(conn, client);
            }
            HallMsg::Request { conn, request } => match request {
                Ok(request) => self.request(conn, request).await,
                Err(code) => self.strike(conn, code).await,
            },
            HallMsg::Disconnect { conn } => self.disconnect(conn, false).await,
            HallMsg::Carried(carried) => self.carried(*carried).await,
        }
    }

    /// Takes on an evening carried over from another node: its people are away and take
    /// their seats back by name from their address (or their seat token) when they join
    /// again. Between hands, the pause before the next begins. Its table ends at once if
    /// nobody may come back to it (a grace period of 0).
    async fn carried(&mut self, carried: CarriedEvening) {
        let CarriedEvening {
            evening,
            mut starter,
            id,
            seats,
        } = carried;
        if self.evening.is_some() {
            starter.abandon("the hall that carried it on had an evening of its own");
            return;
        }
        tracing::info!("warlords evening carried on from another node");
        self.countdown = None;
        for strikes in self.strikes.iter() {
            strikes.store(0, Ordering::Relaxed);
        }
        self.seats = seats;
        self.in_hand = starter.game().is_some_and(|game| game.in_hand());
        self.watch_all(&mut starter);
        self.evening = Some((id, evening));
        starter.run();
        if !self.in_hand {
            self.start_countdown().await;
        }
    }

    async fn request(&mut self, conn: ConnId, request: Request) {
        let Some(client) = self.clients.get(&conn) else {
            return;
        };
        match (request, client.name.is_some()) {
            (Request::Join(name), false) => self.join(conn, &name).await,
            (_, false) | (Request::Join(_), true) => self.strike(conn, strike::BAD_MESSAGE).await,
            (Request::Chat(text), true) => self.chat(conn, &text).await,
            (Request::Hand, true) => {
                let evening = self
                    .evening
                    .as_ref()
                    .filter(|_| self.seat_of(conn).is_some());
                let asked = match evening {
                    Some((_, evening)) => evening.send(evening::cards(conn)).await,
                    None => false,
                };
                // Out of an evening a client holds no cards.
                if !asked {
                    self.send(conn, message::shand(CardSet::EMPTY));
                }
            }
            (Request::Play(cards), true) => {
                let action = if cards.is_empty() {
                    Action::Pass
                } else {
                    Action::Play(cards)
                };
                self.act(conn, action, strike::LOBBY_PLAY).await;
            }
            (Request::Swap(card), true) => {
                self.act(conn, Action::Swap(card), strike::NOT_WARLORD)
                    .await;
            }
            (Request::Fill, true) => {
                // Asked from the lobby: a full table now. With no evening on, the
                // countdown is skipped and CPU players take every free seat; during one,
                // the next hand is filled.
                if self.lobby.contains(&conn) {
                    self.fill = true;
                    if self.evening.is_none() {
                        self.countdown = None;
                        self.countdown_over().await;
                    }
                }
            }
        }
    }

    async fn join(&mut self, conn: ConnId, requested: &str) {
        if self.come_back(conn, requested).await {
            return;
        }
        let name = {
            let away = self.places().filter(|p| p.away);
            let taken = self.clients.values().filter_map(|c| c.name.as_deref());
            names::mangle(requested, taken.chain(away.map(|p| p.name.as_str())))
        };
        self.send(conn, message::sjoin(&name));
        let Some(client) = self.clients.get_mut(&conn) else {
            return;
        };
        client.name = Some(name);
        let outbox = client.outbox.clone();
        self.lobby.push(conn);
        self.broadcast_lobby();
        // An evening under way shows the lobby its table as it goes.
        if let Some((_, evening)) = &self.evening {
            evening.send(Input::Watch { conn, outbox }).await;
        }
        self.check_lobby().await;
    }

    async fn chat(&mut self, conn: ConnId, text: &str) {
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
            return self.strike(conn, strike::CHAT_FLOOD).await;
        }
        client.chats.push_back(now);
        let line = message::schat(client.name.as_deref().unwrap_or(""), text);
        self.broadcast(&line);
    }

    /// A play or a swap from a client, for the evening to judge; `lobby_strike` if the
    /// client is not at the table.
    async fn act(&mut self, conn: ConnId, action: Action, lobby_strike: u8) {
        if self.seat_of(conn).is_none() {
            return self.strike(conn, lobby_strike).await;
        }
        let Some((_, evening)) = self.evening.as_ref().filter(|_| self.in_hand) else {
            let code = match action {
                Action::Swap(_) => strike::SWAP_OUT_OF_TURN,
                _ => parlor_wire::wars::strike_for(PlayError::OutOfTurn),
            };
            return self.strike(conn, code).await;
        };
        evening.send(Input::Act { conn, action }).await;
    }

    /// How many CPU players to seat with the people at the next deal: up to
    /// `--wars-cpu`, or every free seat after a `cfill`, never past seven seats, and
    /// none for a table without a person.
    fn cpus_wanted(&mut self, people: usize) -> usize {
        if people == 0 {
            self.fill = false;
            return 0;
        }
        let seated = self.places().filter(|p| p.cpu.is_some()).count();
        let asked = if self.fill {
            MAX_PLAYERS.saturating_sub(people)
        } else {
            0
        };
        let free = MAX_PLAYERS - self.places().count();
        (self.settings.cpu_players.max(asked))
            .saturating_sub(seated)
            .min(free)
    }

    /// A name for a new CPU player, unlike every other name in the hall.
    fn cpu_name(&self) -> String {
        let taken: Vec<String> = (self.clients.values())
            .filter_map(|c| c.name.clone())
            .chain(self.places().map(|p| p.name.clone()))
            .collect();
        names::mangle("cpu", taken.iter().map(String::as_str))
    }

    /// Strikes a client; the third strike is delivered, then the client is disconnected.
    async fn strike(&mut self, conn: ConnId, code: u8) {
        let Some(client) = self.clients.get(&conn) else {
            return;
        };
        let strikes = table::strike(&client.strikes);
        client.outbox.send(message::strik(code, strikes));
        if strikes >= 3 {
            tracing::debug!(conn, code, "third strike: disconnecting");
            client.outbox.close();
            self.disconnect(conn, true).await;
        }
    }

    /// A client is gone (`for_good`: struck out). A person in a hand keeps the seat for
    /// the grace period if the evening keeps it (not when struck out, nor between
    /// hands); otherwise they leave it.
    async fn disconnect(&mut self, conn: ConnId, for_good: bool) {
        if self.clients.remove(&conn).is_none() {
            return;
        }
        if let Some(at) = self.lobby.iter().position(|&c| c == conn) {
            self.lobby.remove(at);
            self.broadcast_lobby();
        }
        let Some((_, evening)) = &self.evening else {
            return;
        };
        let Some(seat) = self.seat_of(conn) else {
            // A lobby client watching the evening.
            evening.send(Input::Leave { conn }).await;
            return;
        };
        // Between hands nobody's seat is kept: they leave the table at once.
        let kept = match for_good || !self.in_hand {
            true => {
                let (reply, done) = oneshot::channel();
                if evening.send(Input::Quit { conn, reply }).await {
                    let _ = done.await;
                }
                false
            }
            false => {
                let (reply, kept) = oneshot::channel();
                evening.send(Input::Drop { conn, reply }).await && kept.await == Ok(true)
            }
        };
        if !kept {
            self.seats[seat] = None;
            return;
        }
        tracing::debug!(seat, "warlords player away; the seat is kept");
        if let Some(place) = self.seats[seat].as_mut() {
            place.conn = None;
            place.away = true;
        }
    }

    /// `cjoin` for a seat that is this connection's to take (`net::may_take`: its
    /// token, also while the old connection still seems open, which is then closed; or,
    /// while its person is away, its exact name from their address): the evening gives
    /// it back (`sjoin`, their cards, the table). Whether it did.
    async fn come_back(&mut self, conn: ConnId, requested: &str) -> bool {
        let (Some(client), Some((_, evening))) = (self.clients.get(&conn), &self.evening) else {
            return false;
        };
        let claimant = Holder {
            name: requested,
            addr: client.addr,
            token: client.token.as_ref(),
        };
        let theirs = self.seats.iter().position(|p| {
            let Some(p) = p else {
                return false;
            };
            let (Some(addr), false) = (p.addr, p.conn == Some(conn)) else {
                return false;
            };
            let holder = Holder {
                name: &p.name,
                addr,
                token: p.token.as_ref(),
            };
            (p.away || p.conn.is_some()) && may_take(holder, p.away, claimant)
        });
        let Some(theirs) = theirs else {
            return false;
        };
        let newcomer = self.newcomer(conn, requested.to_owned(), None);
        let (reply, seated) = oneshot::channel();
        if !evening.send(Input::Sit { newcomer, reply }).await {
            return false;
        }
        let seat = match seated.await {
            Ok(Ok(seated)) => seated.seat,
            Ok(Err(_)) => {
                // The evening gave the seat up meanwhile (its grace period ended): the
                // name is free again.
                self.seats[theirs] = None;
                return false;
            }
            Err(_) => return false,
        };
        // The evening closed the connection the seat had, if any.
        if let Some(old) = self.seats[seat].as_ref().and_then(|p| p.conn) {
            self.clients.remove(&old);
        }
        let place = self.seats[seat].as_mut();
        let (Some(client), Some(place)) = (self.clients.get_mut(&conn), place) else {
            return false;
        };
        place.conn = Some(conn);
        place.away = false;
        place.addr = Some(client.addr);
        place.token = client.token.clone().or(place.token.take());
        client.name = Some(place.name.clone());
        client.strikes = self.strikes[seat].clone();
        tracing::debug!(seat, "warlords player back at the table");
        true
    }

    /// A client as a newcomer to the evening (by `preference`, the seat to take).
    fn newcomer(&self, conn: ConnId, name: String, preference: Option<usize>) -> Newcomer {
        let client = &self.clients[&conn];
        Newcomer {
            addr: Some(client.addr),
            token: client.token.clone(),
            preference,
            ..Newcomer::named(conn, client.outbox.clone(), name)
        }
    }

    /// Starts the countdown when no evening is on and enough clients wait.
    async fn check_lobby(&mut self) {
        if self.evening.is_some() || self.countdown.is_some() {
            return;
        }
        // CPU players (`--wars-cpu`, or a full table after a `cfill`) count: they join
        // any game with a person.
        let cpus = match (self.lobby.is_empty(), self.fill) {
            (true, _) => 0,
            (false, true) => MAX_PLAYERS,
            (false, false) => self.settings.cpu_players,
        };
        if self.lobby.len() + cpus >= self.dealing.min_players {
            self.start_countdown().await;
        }
    }

    /// Waits the lobby timeout, or goes on at once when it is zero.
    async fn start_countdown(&mut self) {
        if self.settings.lobby_timeout.is_zero() {
            self.countdown_over().await;
        } else {
            self.countdown = Some(Instant::now() + self.settings.lobby_timeout);
        }
    }

    /// The countdown ended: an evening begins with the lobby's first clients, or the
    /// evening between hands seats the lobby's clients and deals its next hand.
    async fn countdown_over(&mut self) {
        match &self.evening {
            None => self.begin_evening().await,
            Some(_) if !self.in_hand => self.next_hand().await,
            Some(_) => {}
        }
    }

    /// Seats lobby client `conn` in `seat` (its strikes the seat's from now on).
    fn seat_client(&mut self, conn: ConnId, seat: usize) {
        let Some(client) = self.clients.get_mut(&conn) else {
            return;
        };
        let strikes = self.strikes[seat].clone();
        strikes.store(client.strikes.load(Ordering::Relaxed), Ordering::Relaxed);
        client.strikes = strikes;
        self.seats[seat] = Some(Place {
            conn: Some(conn),
            name: client.name.clone().unwrap_or_default(),
            cpu: None,
            addr: Some(client.addr),
            token: client.token.clone(),
            away: false,
        });
    }

    /// Seats a CPU player called `name` in `seat`.
    fn seat_cpu(&mut self, seat: usize, name: String) {
        self.strikes[seat].store(0, Ordering::Relaxed);
        self.seats[seat] = Some(Place::cpu(name, evening::CPU));
    }

    /// An evening begins: the lobby's first clients sit down with the CPU players asked
    /// for, if that makes enough players, and the first hand is dealt.
    async fn begin_evening(&mut self) {
        let moving: Vec<ConnId> = self
            .lobby
            .drain(..MAX_PLAYERS.min(self.lobby.len()))
            .collect();
        let cpus = (self.cpus_wanted(moving.len())).min(MAX_PLAYERS - moving.len());
        if moving.is_empty() || moving.len() + cpus < self.dealing.min_players {
            // Not enough players: everyone waits in the lobby again.
            self.lobby.splice(0..0, moving);
            return;
        }
        self.seats = empty_seats();
        let mut people: Vec<Option<Newcomer>> = (0..MAX_PLAYERS).map(|_| None).collect();
        for (seat, &conn) in moving.iter().enumerate() {
            people[seat] = Some(self.newcomer(conn, self.name_of(conn), None));
            self.seat_client(conn, seat);
        }
        for seat in moving.len()..moving.len() + cpus {
            let name = self.cpu_name();
            self.seat_cpu(seat, name);
        }
        let seating = Seating {
            names: (self.seats.iter())
                .map(|p| p.as_ref().map_or_else(String::new, |p| p.name.clone()))
                .collect(),
            cpus: self
                .seats
                .iter()
                .map(|p| p.as_ref().and_then(|p| p.cpu))
                .collect(),
        };
        let id = self.evenings.fetch_add(1, Ordering::Relaxed) + 1;
        let ticket = (id, self.over.clone());
        let (evening, mut starter) = evening::begin(
            people,
            (seating, self.strikes.clone()),
            &self.dealing,
            ticket,
        );
        tracing::debug!(players = moving.len() + cpus, "warlords evening begins");
        self.broadcast_lobby();
        self.watch_all(&mut starter);
        starter.run();
        self.in_hand = evening.send(Input::Next).await;
        self.evening = Some((id, evening));
    }

    /// The pause between hands ended: the lobby's clients take the free seats, CPU
    /// players the ones asked for, and the next hand is dealt (or the evening ends, too
    /// few being left).
    async fn next_hand(&mut self) {
        let Some((_, evening)) = self.evening.clone() else {
            return;
        };
        let free = MAX_PLAYERS - self.places().count();
        let moving: Vec<ConnId> = self.lobby.drain(..free.min(self.lobby.len())).collect();
        let mut refused = Vec::new();
        for &conn in &moving {
            let preference = self.seats.iter().position(Option::is_none);
            let newcomer = self.newcomer(conn, self.name_of(conn), preference);
            match sit_down(&evening, Joiner::Person(newcomer)).await {
                Some(seat) => self.seat_client(conn, seat),
                None => refused.push(conn),
            }
        }
        // Whoever the table could not take keeps their place at the head of the lobby.
        self.lobby.splice(0..0, refused);
        let people = self.places().filter(|p| p.cpu.is_none()).count();
        for _ in 0..self.cpus_wanted(people) {
            let (name, preference) = (self.cpu_name(), self.seats.iter().position(Option::is_none));
            let joiner = Joiner::Cpu {
                name: name.clone(),
                strategy: evening::cpu_player(evening::CPU),
                preference,
            };
            if let Some(seat) = sit_down(&evening, joiner).await {
                self.seat_cpu(seat, name);
            }
        }
        if !moving.is_empty() {
            self.broadcast_lobby();
        }
        self.in_hand = evening.send(Input::Next).await;
    }

    /// The name a client joined with.
    fn name_of(&self, conn: ConnId) -> String {
        (self.clients.get(&conn))
            .and_then(|c| c.name.clone())
            .unwrap_or_default()
    }

    /// Every client in the hall not at the table watches the evening about to run.
    fn watch_all(&self, starter: &mut EveningStarter) {
        for (&conn, client) in &self.clients {
            if client.name.is_some() && self.seat_of(conn).is_none() {
                starter.watch(conn, client.outbox.clone());
            }
        }
    }

    /// What the evening says (news of an earlier evening is stale).
    async fn news(&mut self, news: News) {
        let current = |id: u64| self.evening.as_ref().is_some_and(|(e, _)| *e == id);
        match news {
            News::Left { id, seat, name } if current(id) => {
                // Unless someone else sat down there meanwhile.
                let slot = self.seats.get_mut(seat);
                if let Some(place) = slot.filter(|p| p.as_ref().is_some_and(|p| p.name == name)) {
                    *place = None;
                }
            }
            News::HandOver { id } if current(id) => {
                tracing::debug!("warlords hand over");
                self.in_hand = false;
                self.start_countdown().await;
            }
            News::Over { id, places } if current(id) => self.evening_over(&places).await,
            _ => {}
        }
    }

    /// The evening ended: its people go back to the lobby, first in the order they sat
    /// at the table, and the next evening may begin.
    async fn evening_over(&mut self, places: &[usize]) {
        tracing::debug!("warlords evening over");
        self.evening = None;
        self.in_hand = false;
        self.countdown = None;
        let mut seats = std::mem::replace(&mut self.seats, empty_seats());
        let order = places.iter().copied().chain(0..MAX_PLAYERS);
        let people: Vec<ConnId> = order
            .filter_map(|seat| seats.get_mut(seat)?.take()?.conn)
            .collect();
        for &conn in &people {
            // Their strikes are their own again, no longer their seat's.
            if let Some(client) = self.clients.get_mut(&conn) {
                let strikes = client.strikes.load(Ordering::Relaxed);
                client.strikes = Arc::new(AtomicU8::new(strikes));
            }
        }
        let others = std::mem::take(&mut self.lobby);
        self.lobby = people.into_iter().chain(others).collect();
        self.broadcast(&table::stabl(std::iter::empty(), None, true));
        self.broadcast_lobby();
        self.check_lobby().await;
    }

    /// Everyone sitting at the table.
    fn places(&self) -> impl Iterator<Item = &Place> + Clone {
        self.seats.iter().flatten()
    }

    /// The seat of a client at the table.
    fn seat_of(&self, conn: ConnId) -> Option<usize> {
        (self.seats.iter()).position(|p| p.as_ref().is_some_and(|p| p.conn == Some(conn)))
    }

    fn send(&self, conn: ConnId, line: String) {
        if let Some(client) = self.clients.get(&conn) {
            client.outbox.send(line);
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

/// Sits `joiner` down at `evening`: the seat they were given, if any.
async fn sit_down(
    evening: &EveningHandle,
    joiner: Joiner<president::EveningGame>,
) -> Option<usize> {
    let (reply, seated) = oneshot::channel();
    let input = Input::SitDown { joiner, reply };
    if !evening.send(input).await {
        return None;
    }
    seated.await.ok()?.ok()
}
