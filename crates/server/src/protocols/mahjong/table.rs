//! The table actor: one task owns a game on the table kernel ([`crate::table`]) and its
//! four seats, people and CPU players.
//!
//! Every client operation arrives here as a [`ClientMsg`], is turned into the rules
//! engine's [`Action`] ([`super::operation`]) and applied; the events that follow are
//! rendered per seat. A refused operation gets `reject` with the engine's reason and
//! changes nothing. CPU players act on the kernel's timer; people are prompted with `play`
//! or `claim` once per decision. After a hand every person must `ack` before the next
//! `newhand`. A person whose connection drops keeps the seat for the grace period (a
//! stand-in plays for them) and may come back under the same name from the same address;
//! after it a CPU player takes the seat. When no person is left, the table closes.

use super::lobby::ConnId;
use super::operation;
use super::render;
use super::MahjongSettings;
use crate::net::{Outbox, SeatToken};
use crate::record::mahjong::{self as record_mahjong, MahjongChronicle};
use crate::record::Ledger;
use crate::record::{self, Carried, GameLog, Holder, Note};
use crate::table::TurnTimer;
use crate::table::{seat_carried, sleep_until, Play, Seats, Timing};
use cards::{seeded_rng, GameRng};
use mahjong::bots::{self, Strategy};
use mahjong::game::{Action, Event, Game, Length, Pending, Rules, SeatSet, View};
use parlor_wire::mmj1::{ClientMsg, ServerMsg};
use std::cell::RefCell;
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// A person at a table.
#[derive(Clone, Debug)]
pub struct Human {
    /// The name from `mmj1c`.
    pub name: String,
    /// Where their lines go.
    pub outbox: Outbox,
    /// Where they connect from: coming back under the same name is allowed from there.
    pub addr: IpAddr,
    /// Their connection: messages from an earlier connection of theirs are ignored.
    pub conn: ConnId,
    /// parlor's web client's seat token (`net::SeatToken`).
    pub token: Option<crate::net::SeatToken>,
}

impl Human {
    /// Who may take this person's seat back, for a cluster's stream.
    fn holder_record(&self) -> Holder {
        crate::record::Holder::of(self.token.as_ref(), Some(self.addr))
    }

    /// This person as the rule of taking a seat back sees them (`net::may_take`).
    pub fn holder(&self) -> crate::net::Holder<'_> {
        crate::net::Holder {
            name: &self.name,
            addr: self.addr,
            token: self.token.as_ref(),
        }
    }
}

/// What sessions tell a table.
enum TableMsg {
    Op {
        seat: usize,
        conn: ConnId,
        msg: ClientMsg,
    },
    /// Connection `conn` of the person at `seat` is gone; answered with whether they keep
    /// the seat for the grace period.
    Dropped {
        seat: usize,
        conn: ConnId,
        kept: oneshot::Sender<bool>,
    },
    /// The person of `seat` is back on a new connection (the old one dropped, or is about
    /// to): answered with whether the seat was still theirs.
    Resume {
        seat: usize,
        /// Boxed: a channel's memory is blocks of 32 messages of its largest kind, and
        /// this rare one would make every message twice as large.
        human: Box<Human>,
        reply: oneshot::Sender<bool>,
    },
}

/// How sessions reach their table. Cheap to clone.
#[derive(Clone, Debug)]
pub struct TableHandle {
    tx: mpsc::Sender<TableMsg>,
}

impl TableHandle {
    /// Passes an operation from connection `conn` at `seat`; `false` if the table has
    /// closed.
    pub async fn send(&self, seat: usize, conn: ConnId, msg: ClientMsg) -> bool {
        self.tx.send(TableMsg::Op { seat, conn, msg }).await.is_ok()
    }

    /// Connection `conn` of the person at `seat` is gone: whether they keep the seat for
    /// the grace period (else a CPU player has taken it).
    pub async fn dropped(&self, seat: usize, conn: ConnId) -> bool {
        let (kept, answer) = oneshot::channel();
        let dropped = TableMsg::Dropped { seat, conn, kept };
        if self.tx.send(dropped).await.is_err() {
            return false;
        }
        answer.await.unwrap_or(false)
    }

    /// Gives `seat` back to its person on a new connection (`human`); whether it was
    /// still theirs. The table sends them `game` and the hand so far.
    pub async fn resume(&self, seat: usize, human: Human) -> bool {
        let (reply, answer) = oneshot::channel();
        let human = Box::new(human);
        let resume = TableMsg::Resume { seat, human, reply };
        if self.tx.send(resume).await.is_err() {
            return false;
        }
        answer.await.unwrap_or(false)
    }

    /// Whether both handles lead to the same table.
    pub fn same(&self, other: &TableHandle) -> bool {
        self.tx.same_channel(&other.tx)
    }

    /// Whether the table has closed (its game is over).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Completes when the table has closed.
    pub async fn closed(&self) {
        self.tx.closed().await
    }
}

/// Plays for a person who is away or out of time: passes every claim window (the expiry
/// rule: a call or a win off a discard is the person's to make) and plays turns as the
/// efficiency player does.
struct StandIn(Box<dyn Strategy<Game>>);

impl Strategy<Game> for StandIn {
    fn name(&self) -> &'static str {
        "stand-in"
    }

    fn choose(&mut self, view: &View<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        self.0.choose(view, legal, rng)
    }
}

struct Table {
    play: Play<Game, MahjongChronicle>,
    seats: Seats<Human>,
    names: [String; 4],
    settings: MahjongSettings,
    /// People prompted for the decision the game waits for now.
    prompted: SeatSet,
    /// People who acknowledged the end of the hand.
    acked: SeatSet,
    /// The time people have to acknowledge the end of a hand.
    ack_timer: TurnTimer,
    /// Lines for each seat not yet handed to its outbox: what one input or timer gives a
    /// person goes out together ([`Table::flush`]), in one write.
    owed: RefCell<[Vec<String>; 4]>,
}

/// A table set up but not yet running: its handle can be given out first, so that every
/// session knows its table before the first line (`game`) reaches its client.
pub struct NewTable {
    table: Table,
    events: Vec<Event>,
    inbox: mpsc::Receiver<TableMsg>,
    shutdown: CancellationToken,
}

impl NewTable {
    /// Sends `game` and the first hand, and runs the table.
    pub fn spawn(self) {
        let NewTable {
            mut table,
            events,
            inbox,
            shutdown,
        } = self;
        for seat in 0..4 {
            table.to(seat, render::game(seat, &table.names));
        }
        table.publish(&events);
        table.flush();
        tokio::spawn(table.run(inbox, shutdown));
    }
}

/// Seats `humans` (CPU players in the empty seats) at a new table; a person who drops
/// keeps the seat for `grace`. [`NewTable::spawn`] starts the game.
pub fn create(
    humans: Vec<Human>,
    settings: MahjongSettings,
    grace: Duration,
    seed: u64,
    recorder: &Ledger,
    shutdown: CancellationToken,
) -> (TableHandle, NewTable) {
    let (tx, inbox) = mpsc::channel(64);
    let mut rng = seeded_rng(seed);
    let rules = rules(&settings);
    let game_seed: u64 = rand::Rng::gen(&mut rng);
    let mut seats = Seats::new(4, grace);
    let names: [String; 4] = std::array::from_fn(|seat| match humans.get(seat) {
        Some(h) => h.name.clone(),
        None => format!("CPU {}", seat + 1),
    });
    let records = (0..4)
        .map(|s| {
            let cpu = (s >= humans.len()).then_some(settings.cpu_strategy.as_str());
            record::seat(&names[s], cpu)
        })
        .collect();
    let log = GameLog::start(
        recorder,
        "mahjong",
        &record_mahjong::variant(&rules),
        game_seed,
        records,
        None,
    );
    let (game, events) = record_mahjong::start(rules, game_seed, log);
    let mut play = Play::new(game, &events, rng, timing(&settings), stand_in());
    for (seat, name) in names.iter().enumerate() {
        match humans.get(seat) {
            Some(h) => {
                play.holder(seat, &h.holder_record());
                seats.sit(seat, h.clone());
            }
            None => play.seat_cpu(seat, name.clone(), cpu(&settings.cpu_strategy)),
        }
    }
    let table = Table::new(play, seats, names, settings);
    let new = NewTable {
        table,
        events,
        inbox,
        shutdown,
    };
    (TableHandle { tx }, new)
}

/// Sets up a table carried over from another node of the cluster: its game made again
/// from its log ([`Carried`]), each person who may take their seat back (by token, or by
/// name from their address) away for the grace period while a stand-in plays for them,
/// CPU players in the other seats. [`NewTable::spawn`] runs it. The people away are
/// returned with their seats, for the lobby to know them when they come back.
pub fn carry(
    carried: &Carried,
    settings: MahjongSettings,
    grace: Duration,
    recorder: &Ledger,
    shutdown: CancellationToken,
) -> Result<CarriedTable, String> {
    let rules = rules(&settings);
    carried.plays(&record_mahjong::variant(&rules), 4)?;
    let log = GameLog::carry(recorder, carried);
    let (game, events) = record_mahjong::start(rules, carried.seed, log);
    let mut play = Play::new(
        game,
        &events,
        carried.cpu_rng(),
        timing(&settings),
        stand_in(),
    );
    let taken_over = play.redo_log(&carried.entries)?;
    play.caught_up();
    let mut names: [String; 4] = std::array::from_fn(|seat| carried.seats[seat].0.clone());
    let mut seats = Seats::new(4, grace);
    let person = |seat: usize| {
        let holder = &carried.holders[seat];
        Some(Human {
            name: carried.seats[seat].0.clone(),
            outbox: Outbox::gone(),
            addr: holder.addr?,
            conn: crate::net::next_conn_id(),
            token: holder.token.as_deref().and_then(SeatToken::parse),
        })
    };
    let strategy = settings.cpu_strategy.clone();
    let cpu_player = |seat: usize, took_over: bool| {
        if took_over {
            names[seat] = format!("{} (CPU)", names[seat]);
        }
        (names[seat].clone(), cpu(&strategy))
    };
    let kept = seat_carried(
        &mut play,
        &mut seats,
        carried,
        &taken_over,
        person,
        cpu_player,
    );
    let away = kept
        .into_iter()
        .filter_map(|seat| Some((seat, seats.holder(seat)?.clone())))
        .collect();
    let (tx, inbox) = mpsc::channel(64);
    let table = Table::new(play, seats, names, settings);
    // Nobody is at the table yet: the people come back to it.
    let events = Vec::new();
    let new = NewTable {
        table,
        events,
        inbox,
        shutdown,
    };
    let handle = TableHandle { tx };
    Ok(CarriedTable { handle, new, away })
}

/// A table carried over from another node, set up but not yet running.
pub struct CarriedTable {
    pub handle: TableHandle,
    pub new: NewTable,
    /// The people away from it, by seat.
    pub away: Vec<(usize, Human)>,
}

/// The rules a table plays by.
fn rules(settings: &MahjongSettings) -> Rules {
    Rules {
        red_fives: settings.red_fives,
        length: if settings.east_only {
            Length::Tonpuusen
        } else {
            Length::Hanchan
        },
        ..Rules::default()
    }
}

/// How long the machines and the people take.
fn timing(settings: &MahjongSettings) -> Timing {
    Timing {
        cpu_delay: settings.cpu_delay,
        turn_limit: Some(settings.turn_timeout).filter(|t| !t.is_zero()),
    }
}

/// The stand-in for people away or out of time.
fn stand_in() -> Box<dyn Strategy<Game>> {
    Box::new(StandIn(cpu("efficiency")))
}

/// A CPU player of the configured strategy (the strongest if the name is unknown).
fn cpu(strategy: &str) -> Box<dyn Strategy<Game>> {
    bots::by_name(strategy).unwrap_or_else(|| bots::by_name("efficiency").expect("a bot"))
}

impl Table {
    /// A table of `play` with these seats and names, nobody prompted or acknowledging yet.
    fn new(
        play: Play<Game, MahjongChronicle>,
        seats: Seats<Human>,
        names: [String; 4],
        settings: MahjongSettings,
    ) -> Table {
        Table {
            ack_timer: TurnTimer::new(timing(&settings).turn_limit),
            play,
            seats,
            names,
            settings,
            prompted: SeatSet::EMPTY,
            acked: SeatSet::EMPTY,
            owed: RefCell::default(),
        }
    }

    async fn run(mut self, mut inbox: mpsc::Receiver<TableMsg>, shutdown: CancellationToken) {
        loop {
            self.settle();
            self.flush();
            if self.play.is_over() {
                break;
            }
            let due = self.play.due();
            let away = self.seats.next_deadline();
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => {
                        crate::telemetry::timed("mahjong", || self.handle(msg));
                        self.flush();
                        // What a person's move showed goes out before CPU players think
                        // about theirs (at once, with no bot delay): the writers this
                        // woke run before the table does again.
                        tokio::task::yield_now().await;
                    }
                    None => break,
                },
                _ = sleep_until(due), if due.is_some() => self.wake(),
                _ = self.ack_timer.expired() => self.ack_for_everyone(),
                _ = sleep_until(away), if away.is_some() => self.give_up_expired(),
                _ = shutdown.cancelled() => break,
            }
            if self.seats.held().next().is_none() {
                self.play
                    .abandon("every person left; the game does not go on with CPU players alone");
                break;
            }
        }
        self.flush();
        for (_, person) in self.seats.here_all() {
            person.outbox.close();
        }
    }

    fn handle(&mut self, msg: TableMsg) {
        match msg {
            TableMsg::Op { seat, conn, msg } if self.is_conn(seat, conn) => {
                self.operation(seat, msg)
            }
            TableMsg::Op { .. } => {}
            TableMsg::Dropped { seat, conn, kept } => {
                let kept_now = self.is_conn(seat, conn) && self.dropped(seat);
                let _ = kept.send(kept_now);
            }
            TableMsg::Resume { seat, human, reply } => {
                let _ = reply.send(self.resume(seat, *human));
            }
        }
    }

    /// Whether connection `conn` is the one the person at `seat` plays on now.
    fn is_conn(&self, seat: usize, conn: ConnId) -> bool {
        self.seats.here(seat).is_some_and(|p| p.conn == conn)
    }

    /// After any change: machines move (or get their timer), the next hand starts once
    /// every person at the keyboard has acknowledged the last, and people who must act are
    /// prompted.
    fn settle(&mut self) {
        loop {
            let mut shown = Vec::new();
            self.play
                .after_change(&self.seats, |events| shown.extend(events.iter().cloned()));
            self.publish(&shown);
            let all_acked = self.seats.here_all().all(|(s, _)| self.acked.contains(s));
            let anyone_here = self.seats.here_all().next().is_some();
            if self.play.pending() == Pending::HandOver && all_acked && anyone_here {
                self.acked = SeatSet::EMPTY;
                if let Some(events) = self.play.advance() {
                    self.publish(&events);
                    continue;
                }
            }
            break;
        }
        self.prompt();
        let unacked = self.seats.here_all().any(|(s, _)| !self.acked.contains(s));
        self.ack_timer
            .update(self.play.pending() == Pending::HandOver && unacked);
    }

    /// The game's timer is due: CPU players move, or people out of time get the
    /// stand-in's move (a claim passed, a turn played as the efficiency player would).
    fn wake(&mut self) {
        let mut shown = Vec::new();
        self.play.wake(
            Instant::now(),
            &self.seats,
            |events| shown.extend(events.iter().cloned()),
            |_| {},
        );
        self.publish(&shown);
    }

    /// Nobody acknowledged the end of the hand in time: it is acknowledged for them.
    fn ack_for_everyone(&mut self) {
        self.ack_timer.restart();
        for (seat, _) in self.seats.here_all() {
            self.acked = self.acked.with(seat);
        }
    }

    /// Sends `play` or `claim` to the people the game waits for and has not asked yet.
    fn prompt(&mut self) {
        let (seats, word) = match self.play.pending() {
            Pending::Turn(seat) => (SeatSet::EMPTY.with(seat), ServerMsg::Play),
            Pending::Claims(seats) => (seats, ServerMsg::Claim),
            Pending::HandOver | Pending::GameOver => return,
        };
        for seat in seats.iter() {
            if !self.prompted.contains(seat) && self.seats.is_here(seat) {
                self.prompted = self.prompted.with(seat);
                self.to(seat, word.line());
            }
        }
    }

    /// Owes `line` to the person at `seat`, if one is there ([`Table::flush`] sends it).
    fn to(&self, seat: usize, line: impl Into<String>) {
        if self.seats.is_here(seat) {
            self.owed.borrow_mut()[seat].push(line.into());
        }
    }

    /// Hands every person the lines owed to them, all at once.
    fn flush(&self) {
        for (seat, lines) in self.owed.borrow_mut().iter_mut().enumerate() {
            if lines.is_empty() {
                continue;
            }
            match self.seats.here(seat) {
                Some(person) => person.outbox.send_all(lines.drain(..)),
                None => lines.clear(),
            }
        }
    }

    /// Renders events to every person.
    fn publish(&mut self, events: &[Event]) {
        for event in events {
            if matches!(event, Event::Move(_) | Event::HandOver { .. }) {
                self.prompted = SeatSet::EMPTY;
            }
            for seat in 0..4 {
                if self.seats.is_here(seat) {
                    for line in self.lines(seat, event) {
                        self.to(seat, line);
                    }
                }
            }
        }
    }

    /// The lines `event` gives `seat`.
    fn lines(&self, seat: usize, event: &Event) -> Vec<String> {
        let red = self.settings.red_fives;
        match event {
            Event::NewHand {
                round,
                dealer,
                honba,
                sticks,
                scores,
                ..
            } => vec![
                render::newhand(*round, &mahjong::seat_winds((*dealer).into())),
                render::score(scores, *honba, *sticks),
            ],
            Event::Move(m) if m.is_for(seat) => vec![render::move_for(m, seat, red)],
            Event::Break { dice } => vec![render::dice(*dice)],
            Event::Riichi { .. } => vec![ServerMsg::Riichi.line()],
            Event::Win(w) => vec![render::win(w)],
            Event::Draw(_) => vec![ServerMsg::Draw.line()],
            // After the last hand the game is over: nothing to acknowledge.
            Event::HandOver { .. } if self.play.pending() == Pending::HandOver => {
                vec![ServerMsg::Ack.line()]
            }
            Event::GameOver { scores, ranks } => {
                let (honba, sticks) = (self.play.honba(), self.play.sticks());
                vec![
                    render::score(scores, honba, sticks),
                    render::gameover(ranks),
                ]
            }
            _ => Vec::new(),
        }
    }

    fn reject(&self, seat: usize, why: &str) {
        self.to(seat, render::reject(why));
    }

    /// One person's operation.
    fn operation(&mut self, seat: usize, msg: ClientMsg) {
        if let ClientMsg::Chat { dests, text } = msg {
            return self.chat(seat, dests, &text);
        }
        if let ClientMsg::Ack = msg {
            if self.play.pending() != Pending::HandOver {
                return self.reject(seat, "there is nothing to acknowledge");
            }
            self.acked = self.acked.with(seat);
            self.ack_timer.restart();
            return;
        }
        let red = self.settings.red_fives;
        let action = match operation::action(&self.play, red, seat, msg) {
            Ok(action) => action,
            Err(why) => return self.reject(seat, &why),
        };
        match self.play.act(seat, action) {
            Ok(events) => self.publish(&events),
            Err(e) => self.reject(seat, e.message()),
        }
    }

    /// Relays chat, cleaned: control characters (newlines, terminal escapes) dropped.
    fn chat(&self, from: usize, dests: u8, text: &[u8]) {
        let text = crate::text::clean(&String::from_utf8_lossy(text), "", ' ', usize::MAX);
        let to: Vec<usize> = (0..4).filter(|s| dests >> s & 1 == 1).collect();
        for &receiver in &to {
            let others = to.iter().copied().filter(|&s| s != receiver);
            self.to(receiver, render::chat(from, others, &text));
        }
    }

    /// A person's connection is gone: they keep the seat for the grace period (whether
    /// they do is the answer), else a CPU player takes it at once. Until some person has
    /// made a move there is no grace: a table started and left keeps nothing.
    fn dropped(&mut self, seat: usize) -> bool {
        // The node is handing its tables over: the seat stays as it is for the node that
        // carries the table on.
        if self.play.handing_over() {
            return true;
        }
        if self.play.anyone_played() && self.seats.step_away(seat, Instant::now()) {
            tracing::debug!(seat, "mahjong: away; the seat is kept");
            return true;
        }
        self.cpu_takes_over(seat);
        false
    }

    /// The person of `seat` is back on a new connection: by its token, also while the
    /// old connection is still open (it is closed: the newest connection plays), or,
    /// while they are away, by their exact name from their address (`net::may_take`).
    /// They get `game`, the hand so far as their seat saw it, and the prompt or `ack`
    /// that still stands. `false` if the seat is not theirs to take.
    fn resume(&mut self, seat: usize, human: Human) -> bool {
        let away = self.seats.is_away(seat);
        let theirs = |p: &Human| crate::net::may_take(p.holder(), away, human.holder());
        if !self.seats.holder(seat).is_some_and(theirs) {
            return false;
        }
        let before = self.seats.holder(seat).map(Human::holder_record);
        let taken = self.seats.take_back(seat, |old| {
            old.outbox.close();
            *old = Human {
                // The seat keeps its name (made distinct in the lobby) and its token.
                name: std::mem::take(&mut old.name),
                token: human.token.clone().or(old.token.take()),
                ..human
            };
        });
        if !taken {
            return false;
        }
        // Who may take the seat back now (another address, a token), for a node that
        // carries the table on; journaled when it changed.
        let now = self.seats.holder(seat).map(Human::holder_record);
        if let Some(holder) = now.filter(|now| Some(now) != before.as_ref()) {
            self.play.holder(seat, &holder);
        }
        tracing::debug!(seat, "mahjong: back at the table");
        self.to(seat, render::game(seat, &self.names));
        let hand: Vec<Event> = self.play.catch_up(seat).collect();
        for event in &hand {
            for line in self.lines(seat, event) {
                self.to(seat, line);
            }
        }
        self.prompted = self.prompted.without(seat);
        self.acked = self.acked.without(seat);
        true
    }

    /// People away past the grace period give their seats up: CPU players take them.
    fn give_up_expired(&mut self) {
        while let Some(seat) = self.seats.expired(Instant::now()) {
            self.cpu_takes_over(seat);
        }
    }

    /// A CPU player takes the seat of a person who left (and acknowledges for them).
    fn cpu_takes_over(&mut self, seat: usize) {
        if self.seats.clear(seat).is_none() {
            return;
        }
        self.names[seat] = format!("{} (CPU)", self.names[seat]);
        self.play.note(Note::CpuTookOver { seat });
        let strategy = cpu(&self.settings.cpu_strategy);
        self.play.seat_cpu(seat, self.names[seat].clone(), strategy);
        self.acked = self.acked.without(seat);
    }
}
