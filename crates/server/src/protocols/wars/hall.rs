//! The hall actor: one task owns every Warlords client, the lobby, the evening's table
//! (who sits where and their ranks, by the rules of `president::Evening`) and the lobby
//! countdown, so the protocol's many cross-client rules (unique names, at most 35
//! clients, lobby moves) need no locks. Each hand runs at the kernel's table actor
//! (`hand.rs`): the hall deals it to the table's places, passes its people's moves on,
//! lets its lobby clients watch it, and reseats the table by its finishing order when
//! it ends.

use super::hand::{self, HandHandle, HandSettings, HandStarter, News, Seating};
use super::message::{self, strike, Request};
use super::names;
use super::table::{self, Place, Shown};
use super::WarsSettings;
use crate::net::{may_take, Holder, Outbox, SeatToken};
use crate::record::{Carried, Carry, Ledger};
use crate::seeds::SeedSource;
use crate::table::actor::{Input, Newcomer};
use crate::table::{sleep_until, Timing};
use president::{Action, CardSet, Evening, HandRules, PlayError, MAX_PLAYERS};
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
    /// A hand carried over from another node of a cluster, its people away. Boxed: a
    /// channel's memory is blocks of messages of its largest kind.
    Carried(Box<CarriedHand>),
}

/// A hand carried over from another node, ready for the hall to take on.
pub struct CarriedHand {
    hand: HandHandle,
    starter: HandStarter,
    /// Its number in the hall.
    id: u64,
    places: Vec<Place>,
    ranked: bool,
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
        let hands = Arc::new(AtomicU64::new(0));
        let dealing = HandSettings {
            timing: Timing {
                cpu_delay: settings.cpu_delay,
                turn_limit: Some(settings.turn_timeout),
            },
            grace: settings.reconnect_grace,
            seeds,
            recorder,
            shutdown: shutdown.clone(),
        };
        let carry = carrier(tx.clone(), dealing.clone(), (hands.clone(), over.clone()));
        let state = State {
            table: Evening::new(settings.min_players),
            settings,
            dealing,
            clients: HashMap::new(),
            lobby: Vec::new(),
            played: false,
            hand: None,
            hands,
            over,
            countdown: None,
            fill: false,
        };
        tokio::spawn(state.run(rx, news, shutdown));
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

/// Makes a carried hand again and hands it to the hall; an error if it cannot be made
/// here or the hall cannot take it (then it ends, abandoned).
fn carrier(
    hall: mpsc::Sender<HallMsg>,
    dealing: HandSettings,
    (hands, over): (Arc<AtomicU64>, mpsc::UnboundedSender<News>),
) -> Carry {
    Arc::new(move |carried: Carried| {
        let id = hands.fetch_add(1, Ordering::Relaxed) + 1;
        let (seating, ranked, hand, starter) = hand::carry(&carried, &dealing, (id, over.clone()))?;
        let places = carried_places(&carried, seating, &starter.kept());
        let carried = CarriedHand {
            hand,
            starter,
            id,
            places,
            ranked,
        };
        hall.try_send(HallMsg::Carried(Box::new(carried)))
            .map_err(|error| {
                let why = format!("the hall cannot take the hand: {error}");
                if let HallMsg::Carried(carried) = error.into_inner() {
                    carried.starter.abandon(&why);
                }
                why
            })
    })
}

/// The places of a carried hand: its CPU players, and its people away in the seats it
/// `kept` for them (they take them back as after any dropped connection: `cjoin` with
/// their name from their address, or their seat token); the others out of it.
fn carried_places(carried: &Carried, seating: Seating, kept: &[usize]) -> Vec<Place> {
    let seats = seating
        .names
        .into_iter()
        .zip(seating.strikes)
        .zip(seating.cpus);
    seats
        .enumerate()
        .map(|(seat, ((name, strikes), cpu))| {
            let holder = &carried.holders[seat];
            let kept = kept.contains(&seat);
            Place {
                conn: None,
                name,
                strikes,
                // A person who cannot come back is played by a CPU player from now on.
                cpu: cpu.or((!kept).then_some(hand::CPU)),
                addr: holder.addr.filter(|_| kept),
                token: (holder.token.as_deref())
                    .filter(|_| kept)
                    .and_then(SeatToken::parse),
                away: kept,
            }
        })
        .collect()
}

struct Client {
    name: Option<String>,
    outbox: Outbox,
    addr: IpAddr,
    /// parlor's web client's seat token (`net::SeatToken`).
    token: Option<SeatToken>,
    /// Shared with the client's place at the table, whose hand strikes it too.
    strikes: Arc<AtomicU8>,
    chats: VecDeque<Instant>,
}

struct State {
    settings: WarsSettings,
    /// What each hand is dealt with.
    dealing: HandSettings,
    clients: HashMap<ConnId, Client>,
    /// Named clients waiting, in the order they joined.
    lobby: Vec<ConnId>,
    /// The table in social order (warlord first) and its ranks, while an evening goes on.
    table: Evening<Place>,
    /// Whether a person has moved at this table (in any of its hands).
    played: bool,
    /// The hand being played, and its number.
    hand: Option<(u64, HandHandle)>,
    /// The last hand number given out.
    hands: Arc<AtomicU64>,
    /// Where the hands say how they ended.
    over: mpsc::UnboundedSender<News>,
    /// When the lobby countdown (or the pause between hands) ends.
    countdown: Option<Instant>,
    /// A waiting client asked for CPU players (`cfill`): they fill games up to `-m` as
    /// long as a person plays.
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
                        // A hand that has ended has told everyone (its last table
                        // line): whatever comes now is for the table after it.
                        while let Ok(news) = news.try_recv() {
                            self.news(news);
                        }
                        self.handle(msg).await;
                    }
                    None => break,
                },
                Some(news) = news.recv() => self.news(news),
                _ = sleep_until(countdown), if countdown.is_some() => {
                    self.countdown = None;
                    self.countdown_over();
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
            HallMsg::Carried(carried) => self.carried(*carried),
        }
    }

    /// Takes on a hand carried over from another node: its people are away and take
    /// their seats back by name from their address (or their seat token) when they
    /// join again; the evening goes on here after it. Its table ends at once if nobody
    /// may come back to it (a grace period of 0).
    fn carried(&mut self, carried: CarriedHand) {
        let CarriedHand {
            hand,
            mut starter,
            id,
            places,
            ranked,
        } = carried;
        if !self.table.is_empty() {
            starter.abandon("the hall that carried it on had a game of its own");
            return;
        }
        tracing::info!(
            players = places.len(),
            "warlords hand carried on from another node"
        );
        self.countdown = None;
        self.table.carried(places, ranked);
        self.played = true;
        self.watch_all(&mut starter);
        self.hand = Some((id, hand));
        starter.run();
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
                let hand = self.hand.as_ref().filter(|_| self.seat_of(conn).is_some());
                let asked = match hand {
                    Some((_, hand)) => hand.send(hand::cards(conn)).await,
                    None => false,
                };
                // Between hands (or as one ends) a seat holds no cards.
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
                // Asked from the lobby: a full table now. With no game on, the countdown
                // is skipped and CPU players take every free seat; during a game, the
                // next one is filled.
                if self.lobby.contains(&conn) {
                    self.fill = true;
                    if self.table.is_empty() {
                        self.countdown = None;
                        self.countdown_over();
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
            let away = self.table.places().iter().filter(|p| p.away);
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
        // A hand under way shows the lobby its table as it goes.
        if let Some((_, hand)) = &self.hand {
            hand.send(Input::Watch { conn, outbox }).await;
        }
        self.check_lobby();
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

    /// A play or a swap from a client, for its hand to judge; `lobby_strike` if the
    /// client is not at the table.
    async fn act(&mut self, conn: ConnId, action: Action, lobby_strike: u8) {
        if self.seat_of(conn).is_none() {
            return self.strike(conn, lobby_strike).await;
        }
        let Some((_, hand)) = &self.hand else {
            let code = match action {
                Action::Swap(_) => strike::SWAP_OUT_OF_TURN,
                _ => parlor_wire::wars::strike_for(PlayError::OutOfTurn),
            };
            return self.strike(conn, code).await;
        };
        hand.send(Input::Act { conn, action }).await;
    }

    /// CPU players to seat with the people at the next deal: up to `--wars-cpu`, or every
    /// free seat after a `cfill`, never past seven seats, and none for a table without a
    /// person.
    fn seat_cpu_players(&mut self, people: usize) {
        if people == 0 {
            self.fill = false;
            return;
        }
        let seated = self.table.places().iter().filter(|p| p.cpu.is_some());
        let seated = seated.count();
        let asked = if self.fill {
            MAX_PLAYERS.saturating_sub(people)
        } else {
            0
        };
        for _ in seated..self.settings.cpu_players.max(asked) {
            if self.table.free() == 0 {
                break;
            }
            let taken: Vec<String> = self
                .clients
                .values()
                .filter_map(|c| c.name.clone())
                .chain(self.table.places().iter().map(|p| p.name.clone()))
                .collect();
            let name = names::mangle("cpu", taken.iter().map(String::as_str));
            let _ = self.table.sit(Place::cpu(name, hand::CPU));
        }
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
    /// the grace period if the hand keeps it (not when struck out); otherwise they leave
    /// it.
    async fn disconnect(&mut self, conn: ConnId, for_good: bool) {
        if self.clients.remove(&conn).is_none() {
            return;
        }
        if let Some(at) = self.lobby.iter().position(|&c| c == conn) {
            self.lobby.remove(at);
            self.broadcast_lobby();
        }
        let seat = self.seat_of(conn);
        let Some((_, hand)) = &self.hand else {
            if let Some(seat) = seat {
                self.table.leave(seat);
                self.broadcast_table();
            }
            return;
        };
        let Some(seat) = seat else {
            // A lobby client watching the hand.
            hand.send(Input::Leave { conn }).await;
            return;
        };
        let kept = match for_good {
            true => {
                let (reply, done) = oneshot::channel();
                if hand.send(Input::Quit { conn, reply }).await {
                    let _ = done.await;
                }
                false
            }
            false => {
                let (reply, kept) = oneshot::channel();
                hand.send(Input::Drop { conn, reply }).await && kept.await == Ok(true)
            }
        };
        if kept {
            tracing::debug!(seat, "warlords player away; the seat is kept");
        }
        if let Some(place) = self.table.places_mut().get_mut(seat) {
            place.conn = None;
            place.away = kept;
        }
    }

    /// `cjoin` for a seat in a hand that is this connection's to take (`net::may_take`:
    /// its token, also while the old connection still seems open, which is then closed;
    /// or, while its person is away, its exact name from their address): the hand gives
    /// it back (`sjoin`, their cards, the table). Whether it did.
    async fn come_back(&mut self, conn: ConnId, requested: &str) -> bool {
        let (Some(client), Some((_, hand))) = (self.clients.get(&conn), &self.hand) else {
            return false;
        };
        let claimant = Holder {
            name: requested,
            addr: client.addr,
            token: client.token.as_ref(),
        };
        let theirs = self.table.places().iter().position(|p| {
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
        let newcomer = Newcomer {
            addr: Some(client.addr),
            token: client.token.clone(),
            ..Newcomer::named(conn, client.outbox.clone(), requested.to_owned())
        };
        let (reply, seated) = oneshot::channel();
        if !hand.send(Input::Sit { newcomer, reply }).await {
            return false;
        }
        let seated = match seated.await {
            Ok(Ok(seated)) => seated,
            Ok(Err(_)) => {
                // The hand gave the seat up meanwhile (its grace period ended): the name
                // is free again.
                self.table.places_mut()[theirs].away = false;
                return false;
            }
            Err(_) => return false,
        };
        let seat = seated.seat;
        // The hand closed the connection the seat had, if any.
        if let Some(old) = self.table.places().get(seat).and_then(|p| p.conn) {
            self.clients.remove(&old);
        }
        let place = self.table.places_mut().get_mut(seat);
        let (Some(client), Some(place)) = (self.clients.get_mut(&conn), place) else {
            return false;
        };
        place.conn = Some(conn);
        place.away = false;
        place.addr = Some(client.addr);
        place.token = client.token.clone().or(place.token.take());
        client.name = Some(place.name.clone());
        client.strikes = place.strikes.clone();
        tracing::debug!(seat, "warlords player back at the table");
        true
    }

    /// Starts the countdown when no game is on and enough clients wait.
    fn check_lobby(&mut self) {
        if !self.table.is_empty() || self.countdown.is_some() {
            return;
        }
        // CPU players (`--wars-cpu`, or a full table after a `cfill`) count: they join
        // any game with a person.
        let cpus = match (self.lobby.is_empty(), self.fill) {
            (true, _) => 0,
            (false, true) => MAX_PLAYERS,
            (false, false) => self.settings.cpu_players,
        };
        if self.lobby.len() + cpus >= self.table.min_players() {
            self.start_countdown();
        }
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
        self.table.before_newcomers();
        let free = self.table.free();
        let moving: Vec<ConnId> = self.lobby.drain(..free.min(self.lobby.len())).collect();
        for &conn in &moving {
            let Some(client) = self.clients.get(&conn) else {
                continue;
            };
            let _ = self.table.sit(Place {
                conn: Some(conn),
                name: client.name.clone().unwrap_or_default(),
                strikes: client.strikes.clone(),
                cpu: None,
                addr: Some(client.addr),
                token: client.token.clone(),
                away: false,
            });
        }
        let people = self.table.places().iter().filter(|p| p.conn.is_some());
        let people = people.count();
        if people == 0 {
            // CPU players never play among themselves.
            self.table.retain(|p| p.cpu.is_none());
        }
        self.seat_cpu_players(people);
        if let Some(rules) = self.table.next_hand() {
            if !moving.is_empty() {
                self.broadcast_lobby();
            }
            self.deal(rules);
            return;
        }
        // Not enough players: everyone waits in the lobby again, ranks forgotten.
        let players = self.table.clear().into_iter().filter_map(|p| p.conn);
        let others: Vec<ConnId> = self
            .lobby
            .drain(..)
            .filter(|c| !moving.contains(c))
            .collect();
        self.lobby = players.chain(moving).chain(others).collect();
        self.played = false;
        self.broadcast_lobby();
        self.check_lobby();
    }

    /// Deals the next hand to the table: its people, and CPU players in their places.
    fn deal(&mut self, rules: HandRules) {
        let (players, ranked) = (rules.players(), rules.ranked());
        let places = self.table.places();
        let people = (places.iter())
            .map(|place| {
                let client = self.clients.get(&place.conn?)?;
                Some(Newcomer {
                    addr: Some(client.addr),
                    token: client.token.clone(),
                    ..Newcomer::named(place.conn?, client.outbox.clone(), place.name.clone())
                })
            })
            .collect();
        let seating = Seating {
            names: places.iter().map(|p| p.name.clone()).collect(),
            strikes: places.iter().map(|p| p.strikes.clone()).collect(),
            cpus: places.iter().map(|p| p.cpu).collect(),
        };
        let id = self.hands.fetch_add(1, Ordering::Relaxed) + 1;
        let evening = (seating, rules, self.played);
        let ticket = (id, self.over.clone());
        let Some((hand, mut starter)) = hand::deal(people, evening, &self.dealing, ticket) else {
            return;
        };
        tracing::debug!(players, ranked, "warlords hand dealt");
        self.watch_all(&mut starter);
        self.hand = Some((id, hand));
        starter.run();
    }

    /// Every client in the hall not at the table watches the hand about to run.
    fn watch_all(&self, starter: &mut HandStarter) {
        for (&conn, client) in &self.clients {
            if client.name.is_some() && self.seat_of(conn).is_none() {
                starter.watch(conn, client.outbox.clone());
            }
        }
    }

    /// What the current hand says (news of an earlier hand is stale).
    fn news(&mut self, news: News) {
        let current = |id: u64| self.hand.as_ref().is_some_and(|(hand, _)| *hand == id);
        match news {
            News::Left { id, seat } if current(id) => {
                if let Some(place) = self.table.places_mut().get_mut(seat) {
                    place.away = false;
                }
            }
            News::Over { id, order, played } if current(id) => self.hand_over(order, played),
            _ => {}
        }
    }

    /// The hand ended: the table is reseated by its finishing `order` (without those who
    /// left or are still away) and the next countdown starts; a hand abandoned (every
    /// person left it) ends the evening, its CPU players with it.
    fn hand_over(&mut self, order: Option<president::Order>, played: bool) {
        self.hand = None;
        self.played |= played;
        match order {
            Some(order) => {
                tracing::debug!("warlords hand over");
                self.table.hand_over(&order, Place::stays);
                self.broadcast_table();
                self.start_countdown();
            }
            None => {
                tracing::debug!("warlords hand abandoned: every person left");
                self.table.clear();
                self.played = false;
                self.countdown = None;
                self.broadcast_table();
                self.check_lobby();
            }
        }
    }

    /// The seat of a client at the table.
    fn seat_of(&self, conn: ConnId) -> Option<usize> {
        self.table
            .places()
            .iter()
            .position(|p| p.conn == Some(conn))
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

    /// Everyone gets the table line between hands.
    fn broadcast_table(&self) {
        let seats = self.table.places().iter().map(|p| Shown {
            name: &p.name,
            strikes: p.strikes.load(Ordering::Relaxed),
            present: p.present(),
        });
        let line = table::stabl(seats, None, !self.table.ranked());
        self.broadcast(&line);
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
