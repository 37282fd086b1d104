//! One table of today's app: an actor that owns its seats, its mode and the game while
//! one runs. Seat 1 is the manager; when it empties outside a game everyone moves one
//! seat to the left until it is taken again, keeping the order around the table.

use super::super::render::position;
use super::super::table::{Audience, Setup, Table};
use super::hall::{Hall, Kind, Listing};
use super::name::{Name, BOT};
use super::render::AppRenderer;
use crate::net::{ConnId, Outbox};
use crate::record::Ledger;
use crate::seeds::SeedSource;
use crate::table::{sleep_until, Seats, Timing};
use parlor_wire::minitruco::{Command, ServerMsg, Table as TableLine};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use truco::{AppMode, Rules};

/// What every table is started with.
pub struct Settings {
    pub seeds: SeedSource,
    pub recorder: Ledger,
    pub timing: Timing,
    /// The CPU players' strategy; `None` draws one per seat.
    pub cpu: Option<String>,
    pub inbox: usize,
    pub shutdown: CancellationToken,
}

/// A person at the table.
pub struct Member {
    pub conn: ConnId,
    pub name: Name,
    pub outbox: Outbox,
}

/// What a session asks of its table.
pub enum Msg {
    /// Sit in the lowest free seat; `false` if the table is full or playing.
    Join {
        member: Member,
        reply: oneshot::Sender<bool>,
    },
    /// `S`, or `E` while at a table: leave it (a game in progress is abandoned).
    Leave {
        conn: ConnId,
        reply: oneshot::Sender<()>,
    },
    /// `A`: leave the game. Answered `true` when the person is to be disconnected (a
    /// CPU player took their seat in a public game).
    Abandon {
        conn: ConnId,
        reply: oneshot::Sender<bool>,
    },
    /// The connection is gone.
    Dropped { conn: ConnId },
    /// `R T`, `R I`, `Q` and the game's commands.
    Command { conn: ConnId, command: TableCommand },
}

/// A command for the table from one of its people.
pub enum TableCommand {
    RotatePartners,
    SwapOpponents,
    Start,
    Game(Command),
}

/// How sessions reach a table.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<Msg>,
}

impl RoomHandle {
    /// Sends a message; `false` if the table is gone.
    pub async fn send(&self, msg: Msg) -> bool {
        self.tx.send(msg).await.is_ok()
    }
}

/// How long a new table waits for its first person before it closes.
const FIRST_ARRIVAL: Duration = Duration::from_secs(30);

/// Starts a table's actor.
pub fn spawn(
    id: u64,
    kind: Kind,
    mode: AppMode,
    listing: Arc<Listing>,
    hall: Hall,
    settings: &Arc<Settings>,
) -> RoomHandle {
    let (tx, rx) = mpsc::channel(settings.inbox.max(1));
    let room = Room {
        id,
        kind,
        mode,
        people: People(Seats::new(4, Duration::ZERO)),
        table: None,
        listing,
        hall,
        settings: settings.clone(),
    };
    tokio::spawn(room.run(rx));
    RoomHandle { tx }
}

/// The seats, as the game sees them.
struct People(Seats<Member>);

impl Audience for People {
    type Person = Member;

    fn seats(&self) -> &Seats<Member> {
        &self.0
    }

    fn record_name(&self, seat: usize) -> &str {
        match self.0.holder(seat) {
            Some(member) if member.name.chosen => &member.name.text,
            _ => "",
        }
    }

    fn send_to(&self, seat: usize, line: &str) {
        if let Some(member) = self.0.here(seat) {
            member.outbox.send(line);
        }
    }
}

impl People {
    fn seat_of(&self, conn: ConnId) -> Option<usize> {
        self.0.find_here(|m| m.conn == conn)
    }

    fn count(&self) -> usize {
        self.0.held().count()
    }

    fn broadcast(&self, line: &str) {
        for (_, member) in self.0.here_all() {
            member.outbox.send(line);
        }
    }

    /// Outside a game, seat 1 (the manager's) is never empty while someone is here.
    fn close_up(&mut self) {
        for _ in 0..3 {
            if self.0.holder(0).is_some() || self.count() == 0 {
                return;
            }
            self.0.rotate(&[1, 2, 3, 0], &[0, 1, 2, 3]);
        }
    }
}

struct Room {
    id: u64,
    kind: Kind,
    mode: AppMode,
    people: People,
    table: Option<Table<AppRenderer>>,
    listing: Arc<Listing>,
    hall: Hall,
    settings: Arc<Settings>,
}

impl Room {
    async fn run(mut self, mut inbox: mpsc::Receiver<Msg>) {
        let first = Instant::now() + FIRST_ARRIVAL;
        loop {
            let due = self.table.as_ref().and_then(Table::due);
            let waiting = (self.people.count() == 0).then_some(first);
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => crate::telemetry::timed("minitruco", || self.handle(msg)),
                    None => break,
                },
                _ = sleep_until(due), if due.is_some() => self.wake(),
                _ = sleep_until(waiting), if waiting.is_some() => break,
                _ = self.settings.shutdown.cancelled() => break,
            }
            if self.people.count() == 0 {
                break;
            }
        }
        if let Some(mut table) = self.table.take() {
            table.abandon("everyone left the table");
        }
        self.hall.close(self.id);
        for (_, member) in self.people.0.here_all() {
            member.outbox.close();
        }
    }

    fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Join { member, reply } => {
                let seat = self.people.0.free_seat().filter(|_| self.table.is_none());
                if let Some(seat) = seat {
                    self.people.0.sit(seat, member);
                    self.tell_everyone();
                }
                let _ = reply.send(seat.is_some());
            }
            Msg::Leave { conn, reply } => {
                self.leave(conn);
                let _ = reply.send(());
            }
            Msg::Abandon { conn, reply } => {
                let _ = reply.send(self.abandon(conn));
            }
            Msg::Dropped { conn } => self.dropped(conn),
            Msg::Command { conn, command } => self.command(conn, command),
        }
        self.after_change();
    }

    fn command(&mut self, conn: ConnId, command: TableCommand) {
        let Some(seat) = self.people.seat_of(conn) else {
            return;
        };
        let manager = seat == 0 && self.table.is_none();
        match command {
            TableCommand::RotatePartners if manager => {
                self.people.0.rotate(&[2, 3, 1], &[1, 2, 3]);
                self.tell_everyone();
            }
            TableCommand::SwapOpponents if manager => {
                self.people.0.swap(1, 3);
                self.tell_everyone();
            }
            TableCommand::Start if manager => self.start_game(),
            TableCommand::Game(command) => {
                if let Some(table) = &mut self.table {
                    table.person_command(seat, command, &self.people);
                }
            }
            // Not the manager, or a game is running: ignored, as the app's server does.
            _ => {}
        }
    }

    /// `S`: the person leaves the table; a game in progress is abandoned for everyone.
    fn leave(&mut self, conn: ConnId) {
        let Some(seat) = self.people.seat_of(conn) else {
            return;
        };
        if self.table.is_some() {
            self.abort(seat, "left the table");
        }
        if let Some(member) = self.people.0.clear(seat) {
            member.outbox.send(ServerMsg::Left.write());
        }
        self.people.close_up();
        self.tell_everyone();
    }

    /// `A`: outside a game everyone gets the table again (the way back from a finished
    /// game); in a public game a CPU player takes the seat and the person goes; in a
    /// private game the game ends for everyone. Whether to disconnect the person.
    fn abandon(&mut self, conn: ConnId) -> bool {
        let Some(seat) = self.people.seat_of(conn) else {
            return false;
        };
        match (&self.table, self.kind) {
            (None, _) => {
                self.tell_everyone();
                false
            }
            (Some(_), Kind::Public) => {
                self.cpu_takes_over(seat);
                true
            }
            (Some(_), Kind::Private(_)) => {
                self.abort(seat, "left the game");
                false
            }
        }
    }

    /// The connection in a seat is gone: as `A`, then the person leaves the table.
    fn dropped(&mut self, conn: ConnId) {
        let Some(seat) = self.people.seat_of(conn) else {
            return;
        };
        match (&self.table, self.kind) {
            (Some(_), Kind::Public) => return self.cpu_takes_over(seat),
            (Some(_), Kind::Private(_)) => self.abort(seat, "disconnected"),
            (None, _) => {}
        }
        self.people.0.clear(seat);
        self.people.close_up();
        self.tell_everyone();
    }

    /// A public game goes on with a CPU player in the leaver's seat; the others are told.
    fn cpu_takes_over(&mut self, seat: usize) {
        let Some(member) = self.people.0.clear(seat) else {
            return;
        };
        if let Some(table) = &mut self.table {
            table.cpu_takes_over(seat);
        }
        tracing::debug!(
            table = self.id,
            player = member.name.text,
            "left; a CPU player took over"
        );
        let notice = format!("{} saiu; bot\u{1F916} entrou no lugar.", member.name.text);
        self.people.broadcast(&ServerMsg::Notice(notice).write());
    }

    /// The game ends without a result: everyone still here gets `A <pos> <phrase>`.
    fn abort(&mut self, seat: usize, why: &str) {
        let Some(mut table) = self.table.take() else {
            return;
        };
        let name = self
            .people
            .0
            .holder(seat)
            .map_or("", |m| m.name.text.as_str());
        tracing::debug!(table = self.id, player = name, why, "game abandoned");
        table.abandon(&format!("{name} {why}"));
        let line = ServerMsg::Abandoned {
            position: position(seat),
            phrase: Some(table.phrase()),
        }
        .write();
        self.people.broadcast(&line);
    }

    fn start_game(&mut self) {
        let seeds = &self.settings.seeds;
        let setup = Setup {
            seed: seeds.next_seed(),
            rules: Rules::app(self.mode),
            recorder: &self.settings.recorder,
            name: match self.kind {
                Kind::Public => "public table".into(),
                Kind::Private(_) => "private table".into(),
            },
            cpu: self.settings.cpu.as_deref(),
            timing: self.settings.timing,
        };
        tracing::debug!(table = self.id, mode = ?self.mode, "game started");
        self.table = Some(Table::start(setup, &self.people));
    }

    /// CPU players move (or are timed), and a finished game leaves the table.
    fn after_change(&mut self) {
        if let Some(table) = &mut self.table {
            table.after_change(&self.people);
            if let Some((winner, scores)) = table.result() {
                tracing::info!(table = self.id, winner = winner + 1, ?scores, "game over");
                // No `I` now: the app shows the result until someone sends `A`.
                self.table = None;
                self.people.close_up();
            }
        }
        self.listing
            .update(self.people.count(), self.table.is_some());
    }

    fn wake(&mut self) {
        if let Some(table) = &mut self.table {
            table.wake(&self.people);
        }
        self.after_change();
    }

    /// Everyone at the table gets its `I` line, each with their own position. Never
    /// during a game: the app takes an `I` for the end of its game.
    fn tell_everyone(&self) {
        if self.table.is_some() {
            return;
        }
        let names: [String; 4] = std::array::from_fn(|s| {
            let holder = self.people.0.holder(s);
            holder.map_or(BOT, |m| m.name.text.as_str()).to_owned()
        });
        let label = self.kind.label();
        for (seat, member) in self.people.0.here_all() {
            let table = TableLine {
                names: names.clone(),
                mode: self.mode,
                position: position(seat),
                label: label.clone(),
            };
            member.outbox.send(ServerMsg::Table(table).write());
        }
    }
}
