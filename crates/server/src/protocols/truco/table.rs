//! The table actor: four players in connection order, then one match; a player who
//! leaves mid-match is replaced by a CPU player; after `MATCH_END` every connection closes.

use super::render::{player, Renderer};
use crate::net::Outbox;
use crate::record::truco::{self as record_truco, TrucoChronicle};
use crate::record::Ledger;
use crate::record::{self, GameLog, Note};
use crate::seeds::SeedSource;
use crate::table::{sleep_until, Play, Seats, Timing};
use crate::text;
use cards::seeded_rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use truco::bots::{self, Strategy};
use truco::{team_of, Action, Event, RuleError, Rules, Seat};

pub use crate::net::ConnId;

/// The strategy of the CPU player that takes over from someone who left.
pub const STAND_IN: &str = "heuristic";

/// The longest name kept from `NAME`, in bytes (cut on a character boundary).
const MAX_NAME_BYTES: usize = 24;

/// What a session asks of its table.
pub enum TableMsg {
    /// Take the lowest free player number; answered with it, or `None` if the table is
    /// full or playing.
    Join {
        conn: ConnId,
        outbox: Outbox,
        reply: oneshot::Sender<Option<Joined>>,
    },
    /// The connection is gone.
    Leave { conn: ConnId },
    /// A player waiting at a table that is not full asks for CPU players in the empty
    /// seats (the `CPU` line): the match starts at once.
    FillWithCpus { conn: ConnId },
    /// A line from the player: the action it asks for, or `None` if it is not a command.
    Command {
        conn: ConnId,
        action: Option<Action>,
    },
    /// `TOKEN`: the player asks for a token to come back with (answered `TOKEN <hex>`);
    /// holding one, they keep their seat for the grace period if they drop mid-match.
    Token { conn: ConnId },
    /// `SEATS`: who plays each seat, answered `SEATS <kind> <kind> <kind> <kind>`.
    Seats { conn: ConnId },
    /// `NAME <name>`: the name the player is recorded and rated under (answered
    /// `NAME <player> <name as kept>`); before or during the match.
    Name { conn: ConnId, name: String },
    /// `RESUME <token>` on a new connection: the seat of that token goes to it, with the
    /// match so far; answered with whether it did.
    Resume {
        token: String,
        conn: ConnId,
        outbox: Outbox,
        reply: oneshot::Sender<bool>,
    },
}

/// The tokens given out by every table, to find the table a `RESUME` goes to. Shared by
/// the lobby, the tables and the sessions.
pub type Tokens = Arc<Mutex<HashMap<String, TableHandle>>>;

/// The answer to a join.
#[derive(Clone, Copy, Debug)]
pub struct Joined {
    /// The player number (1-4).
    pub player: usize,
    /// Whether this player completed the table (the match has started).
    pub full: bool,
}

/// How a session reaches its table.
#[derive(Clone, Debug)]
pub struct TableHandle {
    tx: mpsc::Sender<TableMsg>,
}

impl TableHandle {
    /// Whether both handles lead to the same table.
    pub fn same(&self, other: &TableHandle) -> bool {
        self.tx.same_channel(&other.tx)
    }

    /// Sends a message, waiting while the inbox is full; `false` if the table is gone.
    pub async fn send(&self, msg: TableMsg) -> bool {
        self.tx.send(msg).await.is_ok()
    }
}

/// What a table needs to start.
pub struct TableConfig {
    pub id: u64,
    pub seeds: SeedSource,
    pub recorder: Ledger,
    pub bot_delay: Duration,
    /// Time a person has to act before the server acts for them.
    pub turn_timeout: Option<Duration>,
    pub inbox: usize,
    /// How long a player with a token keeps the seat after dropping mid-match.
    pub grace: Duration,
    pub tokens: Tokens,
    pub shutdown: CancellationToken,
}

/// Starts a table actor waiting for its four players.
pub fn spawn(config: TableConfig) -> TableHandle {
    let (tx, rx) = mpsc::channel(config.inbox.max(1));
    let me = TableHandle { tx };
    let table = Table {
        people: Seats::new(4, config.grace),
        game: None,
        renderers: [0, 1, 2, 3].map(Renderer::new),
        me: me.clone(),
        config,
    };
    tokio::spawn(table.run(rx));
    me
}

struct Person {
    conn: ConnId,
    outbox: Outbox,
    /// The token this player may come back with, once asked for.
    token: Option<String>,
    /// The name the player gave (`NAME`); a seat without one is recorded unnamed and
    /// not rated.
    name: Option<String>,
}

struct Table {
    config: TableConfig,
    people: Seats<Person>,
    game: Option<Play<truco::Game, TrucoChronicle>>,
    renderers: [Renderer; 4],
    /// This table, for the tokens it gives out.
    me: TableHandle,
}

/// The stand-in strategy, for CPU players and people out of time.
fn stand_in() -> Box<dyn Strategy<truco::Game>> {
    bots::by_name(STAND_IN).unwrap_or_else(|| Box::new(bots::RandomBot))
}

impl Table {
    async fn run(mut self, mut inbox: mpsc::Receiver<TableMsg>) {
        loop {
            let due = self.game.as_ref().and_then(|game| game.due());
            let away = self.people.next_deadline();
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => crate::telemetry::timed("truco", || self.handle(msg)),
                    None => break,
                },
                _ = sleep_until(due), if due.is_some() => {
                    self.wake();
                    self.after_change();
                }
                _ = sleep_until(away), if away.is_some() => {
                    while let Some(seat) = self.people.expired(Instant::now()) {
                        self.give_up(seat);
                    }
                    self.after_change();
                }
                _ = self.config.shutdown.cancelled() => break,
            }
            if self.finished() {
                break;
            }
        }
        for (_, person) in self.people.here_all() {
            person.outbox.close();
        }
        let mut tokens = self.config.tokens.lock().unwrap_or_else(|e| e.into_inner());
        for (_, person) in self.people.held() {
            if let Some(token) = &person.token {
                tokens.remove(token);
            }
        }
    }

    fn handle(&mut self, msg: TableMsg) {
        match msg {
            TableMsg::Join {
                conn,
                outbox,
                reply,
            } => {
                let _ = reply.send(self.join(conn, outbox));
            }
            TableMsg::Leave { conn } => self.leave(conn),
            TableMsg::Command { conn, action } => self.command(conn, action),
            TableMsg::FillWithCpus { conn } => self.fill_with_cpus(conn),
            TableMsg::Token { conn } => self.token(conn),
            TableMsg::Seats { conn } => self.send_to_conn(conn, &self.seats_line()),
            TableMsg::Name { conn, name } => self.name(conn, &name),
            TableMsg::Resume {
                token,
                conn,
                outbox,
                reply,
            } => {
                let _ = reply.send(self.resume(&token, conn, outbox));
            }
        }
        self.after_change();
    }

    fn join(&mut self, conn: ConnId, outbox: Outbox) -> Option<Joined> {
        if self.game.is_some() {
            return None;
        }
        let seat = self.people.free_seat()?;
        outbox.send(format!("WELCOME {} {}", player(seat), team_of(seat) + 1));
        let person = Person {
            conn,
            outbox,
            token: None,
            name: None,
        };
        self.people.sit(seat, person);
        let connected = self.people.here_all().count();
        if connected < 4 {
            self.broadcast(&format!("WAITING {connected}"));
        } else {
            self.start_match([false; 4]);
        }
        Some(Joined {
            player: player(seat),
            full: connected == 4,
        })
    }

    /// Starts the match; CPU players (the stand-in strategy) take the seats marked `cpu`.
    fn start_match(&mut self, cpu: [bool; 4]) {
        let seed = self.config.seeds.next_seed();
        tracing::debug!(table = self.config.id, "course truco match started");
        let seats = (0..4)
            .map(|s| match cpu[s] {
                true => record::seat(&format!("CPU{}", player(s)), Some(STAND_IN)),
                false => record::seat(
                    self.people
                        .here(s)
                        .and_then(|p| p.name.as_deref())
                        .unwrap_or(""),
                    None,
                ),
            })
            .collect();
        let table = Some(format!("table {}", self.config.id));
        let log = GameLog::start(&self.config.recorder, "truco", "course", seed, seats, table);
        let (game, events) = record_truco::start(Rules::course(), seed, log);
        let rng = seeded_rng(seed.rotate_left(17) ^ 0x5EED_B075);
        let timing = Timing {
            cpu_delay: self.config.bot_delay,
            turn_limit: self.config.turn_timeout,
        };
        let mut game = Play::new(game, &events, rng, timing, stand_in());
        for seat in (0..4).filter(|&s| cpu[s]) {
            game.seat_cpu(seat, format!("CPU{}", player(seat)), stand_in());
        }
        self.broadcast("MATCH 1");
        show(&mut self.renderers, &self.people, &events);
        self.game = Some(game);
    }

    /// `CPU` from a waiting player: CPU players fill the empty seats and the match starts.
    /// Ignored once the match runs (it is full then) or from anyone not seated here.
    fn fill_with_cpus(&mut self, conn: ConnId) {
        if self.game.is_some() {
            return self.send_to_conn(conn, "ERROR BAD_COMMAND the match has started");
        }
        if self.seat_of(conn).is_none() {
            return;
        }
        let cpu = [0, 1, 2, 3].map(|s| !self.people.is_here(s));
        tracing::debug!(table = self.config.id, "CPU players fill the table");
        self.start_match(cpu);
    }

    fn send_to_conn(&self, conn: ConnId, line: &str) {
        if let Some(seat) = self.seat_of(conn) {
            self.send_to(seat, line);
        }
    }

    fn leave(&mut self, conn: ConnId) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let has_token = self.people.here(seat).is_some_and(|p| p.token.is_some());
        // Until some person has made a move there is no grace: a table started and left
        // keeps nothing.
        let played = self.game.as_ref().is_some_and(|g| g.anyone_played());
        if played && has_token && self.people.step_away(seat, Instant::now()) {
            tracing::debug!(
                table = self.config.id,
                player = player(seat),
                "away; the seat is kept"
            );
            return;
        }
        self.give_up(seat);
    }

    /// The player of `seat` is gone for good: before the match their seat is free again;
    /// during it a CPU player takes over (`LEFT`).
    fn give_up(&mut self, seat: Seat) {
        if let Some(token) = self.people.clear(seat).and_then(|p| p.token) {
            self.forget(&token);
        }
        let connected = self.people.here_all().count();
        match &mut self.game {
            None => self.broadcast(&format!("WAITING {connected}")),
            Some(game) => {
                game.note(Note::CpuTookOver { seat });
                game.seat_cpu(seat, format!("CPU{}", player(seat)), stand_in());
                self.broadcast(&format!("LEFT {}", player(seat)));
                tracing::debug!(
                    table = self.config.id,
                    player = player(seat),
                    "a CPU player took over"
                );
            }
        }
    }

    fn tokens(&self) -> std::sync::MutexGuard<'_, HashMap<String, TableHandle>> {
        self.config.tokens.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn forget(&self, token: &str) {
        self.tokens().remove(token);
    }

    /// `TOKEN`: a random token for this player's seat (the same one if asked again).
    fn token(&mut self, conn: ConnId) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let token = match self.people.here(seat).and_then(|p| p.token.clone()) {
            Some(token) => token,
            None => {
                let token = format!("{:032x}", rand::random::<u128>());
                self.tokens().insert(token.clone(), self.me.clone());
                if let Some(person) = self.people.here_mut(seat) {
                    person.token = Some(token.clone());
                }
                token
            }
        };
        self.send_to(seat, &format!("TOKEN {token}"));
    }

    /// The answer to `SEATS`: for players 1-4, `PERSON` (connected), `AWAY` (dropped,
    /// the seat kept for the grace period), `CPU` (a CPU player plays it until the
    /// match ends) or `EMPTY` (before the match).
    fn seats_line(&self) -> String {
        let mut line = String::from("SEATS");
        for seat in 0..4 {
            line.push_str(if self.people.is_here(seat) {
                " PERSON"
            } else if self.people.is_away(seat) {
                " AWAY"
            } else if self.game.is_some() {
                " CPU"
            } else {
                " EMPTY"
            });
        }
        line
    }

    /// `NAME <name>`: the player's name, made safe to show and store, unless it is
    /// empty, a CPU player's or another player's at this table. A running match's
    /// record is renamed too.
    fn name(&mut self, conn: ConnId, name: &str) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let name = text::clean(name, "", ' ', MAX_NAME_BYTES);
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        let name = name.as_str();
        let taken = (0..4).filter(|&s| s != seat).any(|s| {
            let other = self.people.holder(s).and_then(|p| p.name.as_deref());
            other.is_some_and(|other| text::look_alike(other, name))
        });
        let refusal = if name.is_empty() || text::looks_like_cpu(name) {
            Some("ERROR BAD_COMMAND that name cannot be used")
        } else if taken {
            Some("ERROR BAD_COMMAND another player at this table has that name")
        } else {
            None
        };
        if let Some(refusal) = refusal {
            return self.send_to(seat, refusal);
        }
        if let Some(person) = self.people.here_mut(seat) {
            person.name = Some(name.to_owned());
        }
        if let Some(game) = &mut self.game {
            game.name_seat(seat, name);
        }
        self.send_to(seat, &format!("NAME {} {name}", player(seat)));
    }

    /// `RESUME <token>`: the seat holding `token` goes to connection `conn`, whether its
    /// player dropped (and is away) or their old connection still seems open (it is
    /// closed: the newest connection plays). They get `WELCOME`, `MATCH` and the hand so
    /// far. Whether it did.
    fn resume(&mut self, token: &str, conn: ConnId, outbox: Outbox) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        let seat = (0..4).find(|&s| {
            let holder = self.people.holder(s);
            holder.is_some_and(|p| p.token.as_deref() == Some(token))
        });
        let Some(seat) = seat else {
            return false;
        };
        if self.people.here(seat).is_some_and(|p| p.conn == conn) {
            return true; // its own token: it holds the seat already
        }
        self.people.take_back(seat, |old| {
            // A connection still open is told why it is closed (a reload, or someone
            // the token was given to).
            old.outbox
                .send("ERROR RESUMED your seat was taken with its token by a new connection");
            old.outbox.close();
            old.conn = conn;
            old.outbox = outbox;
        });
        tracing::debug!(
            table = self.config.id,
            player = player(seat),
            "back at the table"
        );
        let mut lines = vec![
            format!("WELCOME {} {}", player(seat), team_of(seat) + 1),
            "MATCH 1".to_owned(),
        ];
        let mut renderer = Renderer::new(seat);
        for event in game.catch_up_standing(seat, Event::is_turn) {
            renderer.render(&event, &mut lines);
        }
        self.renderers[seat] = renderer;
        for line in lines {
            self.send_to(seat, &line);
        }
        true
    }

    fn command(&mut self, conn: ConnId, action: Option<Action>) {
        let Some(seat) = self.seat_of(conn) else {
            return;
        };
        let (Some(action), Some(game)) = (action, &mut self.game) else {
            let error = match action {
                None => "ERROR BAD_COMMAND not a command",
                Some(_) => "ERROR NOT_YOUR_TURN the match has not started",
            };
            return self.send_to(seat, error);
        };
        match game.act(seat, action) {
            Ok(events) => show(&mut self.renderers, &self.people, &events),
            Err(error) => self.send_to(seat, &error_line(error)),
        }
    }

    /// The match's timer is due: CPU players move, and each person whose time ran out
    /// is told before the stand-in strategy makes their move.
    fn wake(&mut self) {
        let Some(game) = &mut self.game else {
            return;
        };
        let (renderers, people) = (&mut self.renderers, &self.people);
        game.wake(
            Instant::now(),
            people,
            |events| show(renderers, people, events),
            |seat| {
                if let Some(person) = people.here(seat) {
                    person
                        .outbox
                        .send("ERROR TIMEOUT your time ran out; the server played for you");
                }
            },
        );
    }

    /// Lets CPU players move (at once without a delay, else on their timer), and starts
    /// the turn timer of the people who must act now.
    fn after_change(&mut self) {
        if let Some(game) = &mut self.game {
            let (renderers, people) = (&mut self.renderers, &self.people);
            game.after_change(people, |events| show(renderers, people, events));
        }
    }

    /// The match is over, or everybody left it (it is then stored abandoned, with why).
    fn finished(&mut self) -> bool {
        let Some(game) = &mut self.game else {
            return false;
        };
        let over = game.is_over();
        let deserted = self.people.held().next().is_none() && !over;
        if over {
            tracing::info!(table = self.config.id, scores = ?game.scores(), "course truco match over");
        } else if deserted {
            // At debug: an attacker's rate of starting and leaving tables is not the log's.
            tracing::debug!(table = self.config.id, "course truco match deserted");
        }
        if deserted {
            game.abandon("every player left the table");
        }
        over || deserted
    }

    fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        self.people.find_here(|p| p.conn == conn)
    }

    fn send_to(&self, seat: Seat, line: &str) {
        if let Some(person) = self.people.here(seat) {
            person.outbox.send(line);
        }
    }

    fn broadcast(&self, line: &str) {
        for (_, person) in self.people.here_all() {
            person.outbox.send(line);
        }
    }
}

/// Sends each person the lines the events give their seat.
fn show(renderers: &mut [Renderer; 4], people: &Seats<Person>, events: &[Event]) {
    let mut lines = Vec::new();
    for (seat, person) in people.here_all() {
        for event in events {
            lines.clear();
            renderers[seat].render(event, &mut lines);
            for line in lines.drain(..) {
                person.outbox.send(line);
            }
        }
    }
}

/// The `ERROR` line for a refused action.
pub fn error_line(error: RuleError) -> String {
    let code = match error {
        RuleError::NotYourTurn | RuleError::GameOver => "NOT_YOUR_TURN",
        RuleError::CardNotHeld => "NOT_IN_HAND",
        RuleError::TrucoNotAllowed => "TRUCO_NOT_ALLOWED",
        RuleError::RaisePending => "RAISE_PENDING",
        RuleError::NoRaisePending => "NO_RAISE_PENDING",
        RuleError::NotYourAnswer => "NOT_YOUR_ANSWER",
        // Not reachable under the course rules (closed cards always allowed, no hand of
        // 11), but every refusal gets an answer.
        RuleError::ClosedNotAllowed
        | RuleError::HandOfElevenPending
        | RuleError::NotYourDecision => "BAD_COMMAND",
    };
    format!("ERROR {code} {error}")
}
