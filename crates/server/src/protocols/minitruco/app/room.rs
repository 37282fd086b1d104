//! One table of today's app: an actor that owns its seats, its mode and its manager, and
//! starts each game at the kernel's table actor (`super::super::game`), passing it its
//! people's moves. Seat 1 is the manager; when it empties outside a game everyone moves one seat
//! to the left until it is taken again, keeping the order around the table.

use super::super::game::{self, GameHandle, Host, Over, Start};
use super::super::render::position;
use super::hall::{Hall, Kind, Listing};
use super::name::{Name, BOT};
use super::render::AppRenderer;
use crate::net::{ConnId, Outbox};
use crate::record::Ledger;
use crate::seeds::SeedSource;
use crate::table::actor::{Input, Newcomer};
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
    let (over, overs) = mpsc::unbounded_channel();
    let room = Room {
        id,
        kind,
        mode,
        people: People(Seats::new(4, Duration::ZERO)),
        game: None,
        games: 0,
        over,
        listing,
        hall,
        settings: settings.clone(),
    };
    tokio::spawn(room.run(rx, overs));
    RoomHandle { tx }
}

/// The seats.
struct People(Seats<Member>);

impl People {
    /// The person in `seat` as the game seats them: under the name they chose (else
    /// none, in the record).
    fn newcomer(&self, seat: usize) -> Option<Newcomer> {
        let member = self.0.holder(seat)?;
        let name = match member.name.chosen {
            true => member.name.text.clone(),
            false => String::new(),
        };
        Some(Newcomer::named(member.conn, member.outbox.clone(), name))
    }

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
    /// The game being played, and its number at this table.
    game: Option<(u64, GameHandle)>,
    /// How many games this table has begun.
    games: u64,
    /// Where the games say how they ended.
    over: mpsc::UnboundedSender<Over>,
    listing: Arc<Listing>,
    hall: Hall,
    settings: Arc<Settings>,
}

impl Room {
    async fn run(
        mut self,
        mut inbox: mpsc::Receiver<Msg>,
        mut overs: mpsc::UnboundedReceiver<Over>,
    ) {
        let first = Instant::now() + FIRST_ARRIVAL;
        loop {
            let waiting = (self.people.count() == 0).then_some(first);
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => {
                        // A game that ended by its rules has already told its people
                        // (`G`): whatever they send now is for the table.
                        while let Ok(over) = overs.try_recv() {
                            self.game_over(over);
                        }
                        self.handle(msg).await;
                    }
                    None => break,
                },
                Some(over) = overs.recv() => self.game_over(over),
                _ = sleep_until(waiting), if waiting.is_some() => break,
                _ = self.settings.shutdown.cancelled() => break,
            }
            self.listing
                .update(self.people.count(), self.game.is_some());
            if self.people.count() == 0 {
                break;
            }
        }
        // A game under way ends at its table: everyone there has left it.
        self.hall.close(self.id);
        for (_, member) in self.people.0.here_all() {
            member.outbox.close();
        }
    }

    async fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Join { member, reply } => {
                let seat = self.people.0.free_seat().filter(|_| self.game.is_none());
                if let Some(seat) = seat {
                    self.people.0.sit(seat, member);
                    self.tell_everyone();
                }
                let _ = reply.send(seat.is_some());
            }
            Msg::Leave { conn, reply } => {
                self.leave(conn).await;
                let _ = reply.send(());
            }
            Msg::Abandon { conn, reply } => {
                let _ = reply.send(self.abandon(conn).await);
            }
            Msg::Dropped { conn } => self.dropped(conn).await,
            Msg::Command { conn, command } => self.command(conn, command).await,
        }
    }

    async fn command(&mut self, conn: ConnId, command: TableCommand) {
        let Some(seat) = self.people.seat_of(conn) else {
            return;
        };
        let manager = seat == 0 && self.game.is_none();
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
                if let Some((_, game)) = &self.game {
                    game.send(game::input(conn, command)).await;
                }
            }
            // Not the manager, or a game is running: ignored, as the app's server does.
            _ => {}
        }
    }

    /// `S`: the person leaves the table; a game in progress ends for everyone.
    async fn leave(&mut self, conn: ConnId) {
        let Some(seat) = self.people.seat_of(conn) else {
            return;
        };
        self.end_game(conn, "left the table").await;
        if let Some(member) = self.people.0.clear(seat) {
            member.outbox.send(ServerMsg::Left.write());
        }
        self.people.close_up();
        self.tell_everyone();
    }

    /// `A`: outside a game everyone gets the table again (the way back from a finished
    /// game); in a public game a CPU player takes the seat and the person goes; in a
    /// private game the game ends for everyone. Whether to disconnect the person.
    async fn abandon(&mut self, conn: ConnId) -> bool {
        let Some(seat) = self.people.seat_of(conn) else {
            return false;
        };
        match (&self.game, self.kind) {
            (None, _) => {
                self.tell_everyone();
                false
            }
            (Some(_), Kind::Public) => {
                self.cpu_takes_over(seat).await;
                true
            }
            (Some(_), Kind::Private(_)) => {
                self.end_game(conn, "left the game").await;
                false
            }
        }
    }

    /// The connection in a seat is gone: as `A`, then the person leaves the table.
    async fn dropped(&mut self, conn: ConnId) {
        let Some(seat) = self.people.seat_of(conn) else {
            return;
        };
        match (&self.game, self.kind) {
            (Some(_), Kind::Public) => return self.cpu_takes_over(seat).await,
            (Some(_), Kind::Private(_)) => self.end_game(conn, "disconnected").await,
            (None, _) => {}
        }
        self.people.0.clear(seat);
        self.people.close_up();
        self.tell_everyone();
    }

    /// A public game goes on with a CPU player in the leaver's seat; the others are told.
    async fn cpu_takes_over(&mut self, seat: usize) {
        let Some(member) = self.people.0.clear(seat) else {
            return;
        };
        if let Some((_, game)) = &self.game {
            game.send(Input::Leave { conn: member.conn }).await;
        }
        tracing::debug!(
            table = self.id,
            player = member.name.text,
            "left; a CPU player took over"
        );
        let notice = format!("{} saiu; bot\u{1F916} entrou no lugar.", member.name.text);
        self.people.broadcast(&ServerMsg::Notice(notice).write());
    }

    /// The game ends without a result, at the request of the person on `conn`:
    /// everyone still here gets `A <pos> <phrase>` (from the game's table, before this
    /// returns).
    async fn end_game(&mut self, conn: ConnId, why: &str) {
        let Some((_, game)) = self.game.take() else {
            return;
        };
        let seat = self.people.seat_of(conn);
        let name = seat
            .and_then(|s| self.people.0.holder(s))
            .map_or("", |m| m.name.text.as_str());
        tracing::debug!(table = self.id, player = name, why, "game abandoned");
        let reason = format!("{name} {why}");
        let (reply, done) = oneshot::channel();
        if game
            .send(Input::End {
                conn,
                reason,
                reply,
            })
            .await
        {
            let _ = done.await;
        }
    }

    fn start_game(&mut self) {
        self.games += 1;
        let people = (0..4).map(|seat| self.people.newcomer(seat)).collect();
        let start = Start {
            rules: Rules::app(self.mode),
            host: Host::App(self.kind),
            cpu: self.settings.cpu.as_deref(),
            timing: self.settings.timing,
            seeds: &self.settings.seeds,
            recorder: &self.settings.recorder,
            shutdown: self.settings.shutdown.clone(),
        };
        tracing::debug!(table = self.id, mode = ?self.mode, "game started");
        let over = (self.games, self.over.clone());
        let (game, starter) = game::start::<AppRenderer>(people, start, over);
        self.game = Some((self.games, game));
        starter.run();
    }

    /// A game's table ended: if it is this table's game, the table is free again (no
    /// `I` now: the app shows the result until someone sends `A`).
    fn game_over(&mut self, over: Over) {
        if self
            .game
            .as_ref()
            .is_none_or(|(current, _)| *current != over.id)
        {
            return;
        }
        if let Some((winner, scores)) = over.result {
            tracing::info!(table = self.id, winner = winner + 1, ?scores, "game over");
        }
        self.table_free();
    }

    /// The game is over: the table is free for the next.
    fn table_free(&mut self) {
        self.game = None;
        self.people.close_up();
    }

    /// Everyone at the table gets its `I` line, each with their own position. Never
    /// during a game: the app takes an `I` for the end of its game.
    fn tell_everyone(&self) {
        if self.game.is_some() {
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
