//! The actor of a tournament: bots join twice under one name (their two seats), a
//! spectator starts it, every pair of bots meets in a round robin (pairings without a bot
//! in common run at once), each request has a deadline whose miss forfeits that game, a
//! bot whose connection drops forfeits the rest, and the ranking table (Glicko-2) is
//! broadcast after every change.

use super::lobby::Lobby;
use super::message::{Bad, ClientMsg, ServerMsg};
use super::render::PlayerInfo;
use super::single::{self, PairingOver, SingleHandle};
use super::{Client, ConnId, SessionMsg};
use crate::table::actor::Input;
use parlor_store::{GameId, TournamentRecord};
use parlor_wire::jass::{Joined, Pairing, Ranked, Ranking};
use rating::{rate_period, Outcome, Rating, Settings};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Starts a tournament actor reading `inbox`; `me` is a way to it, for its pairings'
/// tables to say how they ended.
pub fn spawn(
    name: String,
    lobby: Lobby,
    (me, inbox): (mpsc::Sender<SessionMsg>, mpsc::Receiver<SessionMsg>),
    shutdown: CancellationToken,
) {
    let tournament = Tournament {
        name,
        lobby,
        me,
        shutdown: shutdown.clone(),
        entrants: Vec::new(),
        spectators: Vec::new(),
        started: false,
        started_at_ms: 0,
        queue: Vec::new(),
        running: Vec::new(),
        results: Vec::new(),
        next_id: 1,
    };
    tokio::spawn(tournament.run(inbox, shutdown));
}

/// A bot in the tournament: one name, two connections.
struct Entrant {
    name: String,
    conns: Vec<Client>,
    busy: bool,
    crashed: bool,
}

/// A pairing being played, at its table (the kernel's table actor: each request has
/// the tournament's deadline there, and a miss forfeits).
struct Running {
    id: u32,
    /// Entrant indices: `a` plays team 1 (seats 0 and 2), `b` team 2.
    a: usize,
    b: usize,
    seats: [ConnId; 4],
    table: SingleHandle,
}

/// A message for a pairing's table, and the table.
type Forward = (SingleHandle, Input<jass::Game>);

/// What the tournament answers a member itself when the table a message was for has
/// ended: the `BAD_MESSAGE` of a bad frame, "not expected now" to a choice.
enum Unanswered {
    Bad(ConnId, String),
    Choice(ConnId),
    Nothing,
}

impl Unanswered {
    fn of(input: &Input<jass::Game>) -> Unanswered {
        match input {
            Input::Again { conn, line } => Unanswered::Bad(*conn, line.clone()),
            Input::Act { conn, .. } => Unanswered::Choice(*conn),
            _ => Unanswered::Nothing,
        }
    }

    fn answer(self, tournament: &Tournament) {
        match self {
            Unanswered::Bad(conn, line) => tournament.send_to(conn, line),
            Unanswered::Choice(conn) => tournament.send_to(conn, bad("not expected now")),
            Unanswered::Nothing => {}
        }
    }
}

/// A finished pairing (its id on the wire is its place among the results, from 0, as
/// the reference numbers them).
struct PairingResult {
    a: usize,
    b: usize,
    first_won: bool,
    /// The game in the store, if the pairing was played.
    game: Option<GameId>,
}

struct Tournament {
    name: String,
    lobby: Lobby,
    /// A way to this tournament, for its pairings' tables.
    me: mpsc::Sender<SessionMsg>,
    shutdown: CancellationToken,
    entrants: Vec<Entrant>,
    spectators: Vec<Client>,
    started: bool,
    /// Pairings still to play, in order.
    queue: Vec<(usize, usize)>,
    running: Vec<Running>,
    /// Newest first.
    results: Vec<PairingResult>,
    next_id: u32,
    /// When START_TOURNAMENT came, for the store.
    started_at_ms: i64,
}

impl Tournament {
    async fn run(mut self, mut inbox: mpsc::Receiver<SessionMsg>, shutdown: CancellationToken) {
        let timer = crate::telemetry::CommandTimer::new("jass");
        loop {
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => {
                        let forward = timer.time(|| self.handle(msg));
                        // A member's message for the pairing they play in goes to its
                        // table; a table that has just ended (its result on the way
                        // here) leaves it to the tournament's own answer.
                        if let Some((table, input)) = forward {
                            let unanswered = Unanswered::of(&input);
                            if !table.send(input).await {
                                unanswered.answer(&self);
                            }
                        }
                    }
                    None => break,
                },
                _ = shutdown.cancelled() => break,
            }
            if self.started && self.queue.is_empty() && self.running.is_empty() {
                tracing::info!(tournament = self.name, "tournament over");
                self.store(true);
                break;
            }
            // A tournament not started that everyone left is gone.
            if !self.started && self.entrants.is_empty() && self.spectators.is_empty() {
                break;
            }
        }
        for client in self.members() {
            client.outbox.close();
        }
        self.lobby.update(&self.name, true);
    }

    /// Handles one message; what is for a pairing's table is returned, to be sent there.
    fn handle(&mut self, msg: SessionMsg) -> Option<Forward> {
        match msg {
            SessionMsg::Join {
                client,
                spectator,
                reply,
                ..
            } => {
                let _ = reply.send(self.join(client, spectator));
            }
            SessionMsg::JoinBot { from, .. } => {
                self.send_to(from, bad("bots cannot be added to a tournament"))
            }
            SessionMsg::Leave { conn } => return self.leave(conn),
            SessionMsg::Client { conn, msg } => return self.client(conn, msg),
            SessionMsg::Bad { conn, data } => {
                let line = ServerMsg::BadMessage(data).write();
                match self.table_of(conn) {
                    // Its table asks the pending request again.
                    Some(table) => return Some((table, Input::Again { conn, line })),
                    None => self.send_to(conn, line),
                }
            }
            SessionMsg::PairingOver(over) => self.pairing_over(over),
        }
        None
    }

    fn join(&mut self, client: Client, spectator: bool) -> Result<(), Bad> {
        if spectator {
            // As the reference: a tournament's spectator gets its ranking table, and no
            // `SESSION_JOINED` (it sits at no table).
            self.spectators.push(client);
            self.broadcast_ranking();
            return Ok(());
        }
        if self.started {
            return Err(Bad::field(
                "data.sessionName",
                format!("{} has already started", self.name),
            ));
        }
        match self.entrants.iter_mut().find(|e| e.name == client.name) {
            Some(e) if e.conns.len() >= 2 => {
                return Err(Bad::field(
                    "data.sessionName",
                    format!("{} already has two connections", client.name),
                ));
            }
            Some(e) => e.conns.push(client),
            None => self.entrants.push(Entrant {
                name: client.name.clone(),
                conns: vec![client],
                busy: false,
                crashed: false,
            }),
        }
        self.broadcast_ranking();
        Ok(())
    }

    fn client(&mut self, conn: ConnId, msg: ClientMsg) -> Option<Forward> {
        if let ClientMsg::StartTournament = msg {
            self.start(conn);
            return None;
        }
        let Some(table) = self.table_of(conn) else {
            self.send_to(conn, bad("not expected now"));
            return None;
        };
        Some((table, single::input(conn, msg)))
    }

    fn start(&mut self, conn: ConnId) {
        if !self.spectators.iter().any(|s| s.conn == conn) {
            return self.send_to(conn, bad("only a spectator can start the tournament"));
        }
        if self.started {
            return self.send_to(conn, bad("the tournament has already started"));
        }
        let ready: Vec<usize> = (0..self.entrants.len())
            .filter(|&i| self.entrants[i].conns.len() == 2)
            .collect();
        self.started = true;
        self.started_at_ms = crate::record::now_ms();
        self.lobby.update(&self.name, false);
        for round in 0..self.lobby.settings.tournament_rounds.max(1) {
            for (x, &i) in ready.iter().enumerate() {
                for &j in &ready[x + 1..] {
                    self.queue
                        .push(if round % 2 == 0 { (i, j) } else { (j, i) });
                }
            }
        }
        tracing::info!(
            tournament = self.name,
            bots = ready.len(),
            pairings = self.queue.len(),
            "tournament started"
        );
        for c in self.members() {
            c.outbox.send(ServerMsg::BroadcastTournamentStarted.write());
        }
        self.broadcast_ranking();
        self.schedule();
    }

    /// Starts every queued pairing whose bots are both free; settles those with a
    /// crashed bot at once.
    fn schedule(&mut self) {
        let mut waiting = Vec::new();
        for (a, b) in std::mem::take(&mut self.queue) {
            let (ea, eb) = (&self.entrants[a], &self.entrants[b]);
            let (crashed_a, crashed_b, free) = (ea.crashed, eb.crashed, !ea.busy && !eb.busy);
            if crashed_a || crashed_b {
                // The bot still connected wins (the first, if both crashed, loses).
                self.record(a, b, !crashed_a);
            } else if free {
                self.start_pairing(a, b);
            } else {
                waiting.push((a, b));
            }
        }
        self.queue = waiting;
    }

    fn start_pairing(&mut self, a: usize, b: usize) {
        let conns = [
            &self.entrants[a].conns[0],
            &self.entrants[b].conns[0],
            &self.entrants[a].conns[1],
            &self.entrants[b].conns[1],
        ];
        let seats = conns.map(|c| c.conn);
        let infos = [0, 1, 2, 3].map(|s| PlayerInfo {
            id: self.lobby.player_id(),
            name: conns[s].name.clone(),
            seat: s,
        });
        let id = self.next_id;
        self.next_id += 1;
        // Each pairing is a session of its own, joined seat by seat as the reference
        // does: every connection hears of its own seat first, then of those after it.
        let session = pairing_name(&self.name, id);
        for seat in 0..4 {
            let joined = ServerMsg::BroadcastSessionJoined(Joined {
                player: Some(infos[seat].player()),
                players_in_session: infos[..=seat].iter().map(PlayerInfo::player).collect(),
                session_name: session.clone(),
            })
            .write();
            for conn in &conns[..=seat] {
                conn.outbox.send(joined.clone());
            }
        }
        // The game is stored under its pairing's session name, which says it is a
        // tournament's (a node carrying games on leaves those alone: `is_pairing`).
        let players = (infos, conns);
        let me = (id, self.me.clone());
        let (table, starter) = single::pairing(
            session,
            self.lobby.clone(),
            players,
            me,
            self.shutdown.clone(),
        );
        self.entrants[a].busy = true;
        self.entrants[b].busy = true;
        self.running.push(Running {
            id,
            a,
            b,
            seats,
            table,
        });
        starter.run();
    }

    /// A pairing's table ended: its result counts. A table that ended without one (the
    /// server is stopping) leaves the tournament unfinished, as it is stored.
    fn pairing_over(&mut self, over: PairingOver) {
        let found = self.running.iter().position(|r| r.id == over.pairing);
        if let (Some(i), Some(team)) = (found, over.winner) {
            self.finish(i, team, over.game);
        }
    }

    fn finish(&mut self, i: usize, winner: usize, game: Option<GameId>) {
        let run = self.running.remove(i);
        self.entrants[run.a].busy = false;
        self.entrants[run.b].busy = false;
        self.results.insert(
            0,
            PairingResult {
                a: run.a,
                b: run.b,
                first_won: winner == 0,
                // A game forfeited before any move is not stored.
                game,
            },
        );
        self.broadcast_ranking();
        self.schedule();
    }

    /// A pairing settled without playing it (a bot had crashed).
    fn record(&mut self, a: usize, b: usize, first_won: bool) {
        self.results.insert(
            0,
            PairingResult {
                a,
                b,
                first_won,
                game: None,
            },
        );
        self.broadcast_ranking();
    }

    /// A member's connection closed: before the start it leaves; after it, its bot
    /// has crashed and forfeits every pairing left, the one it plays in at its table.
    fn leave(&mut self, conn: ConnId) -> Option<Forward> {
        self.spectators.retain(|s| s.conn != conn);
        let e = self
            .entrants
            .iter()
            .position(|e| e.conns.iter().any(|c| c.conn == conn))?;
        if !self.started {
            self.entrants[e].conns.retain(|c| c.conn != conn);
            if self.entrants[e].conns.is_empty() {
                self.entrants.remove(e);
            }
            self.broadcast_ranking();
            return None;
        }
        self.entrants[e].crashed = true;
        match self.table_of(conn) {
            Some(table) => Some((table, Input::Leave { conn })),
            None => {
                self.broadcast_ranking();
                None
            }
        }
    }

    /// The table of the pairing connection `conn` plays in.
    fn table_of(&self, conn: ConnId) -> Option<SingleHandle> {
        let run = self.running.iter().find(|r| r.seats.contains(&conn))?;
        Some(run.table.clone())
    }

    fn members(&self) -> impl Iterator<Item = &Client> {
        self.entrants
            .iter()
            .flat_map(|e| e.conns.iter())
            .chain(self.spectators.iter())
    }

    fn send_to(&self, conn: ConnId, frame: String) {
        if let Some(c) = self.members().find(|c| c.conn == conn) {
            c.outbox.send(frame);
        }
    }

    /// Ratings from every result so far (one Glicko-2 period from the initial rating).
    fn ratings(&self) -> Vec<Rating> {
        let settings = Settings::default();
        let players = vec![settings.initial; self.entrants.len()];
        let games: Vec<(usize, usize, Outcome)> = self
            .results
            .iter()
            .rev()
            .map(|r| {
                (
                    r.a,
                    r.b,
                    if r.first_won {
                        Outcome::Win
                    } else {
                        Outcome::Loss
                    },
                )
            })
            .collect();
        rate_period(&players, &games, &settings)
    }

    /// The tournament as it stands, for the store (its pairings, games and ratings).
    fn store(&self, over: bool) {
        if !self.started {
            return;
        }
        let ratings = self.ratings();
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        order.sort_by(|&x, &y| ratings[y].rating.total_cmp(&ratings[x].rating));
        let name = |i: usize| self.entrants[i].name.clone();
        self.lobby.recorder.record_tournament(TournamentRecord {
            name: self.name.clone(),
            protocol: "jass".into(),
            started_at_ms: self.started_at_ms,
            ended_at_ms: over.then(crate::record::now_ms),
            entrants: (0..self.entrants.len()).map(name).collect(),
            pairings: self
                .results
                .iter()
                .rev()
                .map(|r| (name(r.a), name(r.b), r.game, r.first_won))
                .collect(),
            ratings: order
                .iter()
                .map(|&i| {
                    (
                        name(i),
                        ratings[i].rating.round(),
                        ratings[i].deviation.round(),
                    )
                })
                .collect(),
        });
    }

    fn broadcast_ranking(&self) {
        self.store(false);
        let ratings = self.ratings();
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        order.sort_by(|&x, &y| ratings[y].rating.total_cmp(&ratings[x].rating));
        let ranking = order
            .iter()
            .enumerate()
            .map(|(rank, &i)| {
                let e = &self.entrants[i];
                Ranked {
                    connected_clients: if e.crashed { 0 } else { e.conns.len() },
                    // The reference marks a crashed bot, and only a crashed one.
                    crashed: e.crashed,
                    player_name: e.name.clone(),
                    rank: rank + 1,
                    rating: ratings[i].rating,
                }
            })
            .collect();
        let pairing_results = (self.results.iter().rev().enumerate().rev())
            .map(|(id, r)| Pairing {
                first_player_won: r.first_won,
                id,
                player1: self.entrants[r.a].name.clone(),
                player2: self.entrants[r.b].name.clone(),
            })
            .collect();
        let table = ServerMsg::BroadcastTournamentRankingTable(Ranking {
            pairing_results,
            ranking,
        })
        .write();
        for c in self.members() {
            c.outbox.send(table.clone());
        }
    }
}

/// The session name of a tournament's pairing, as its bots are told it.
fn pairing_name(tournament: &str, id: u32) -> String {
    format!("{tournament} pairing {id}")
}

/// Whether `name` is a tournament pairing's session name (no other session may have one).
pub fn is_pairing(name: &str) -> bool {
    name.rsplit_once(" pairing ")
        .is_some_and(|(tournament, id)| {
            !tournament.is_empty() && !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())
        })
}

fn bad(text: &str) -> String {
    ServerMsg::BadMessage(Bad::field("type", text)).write()
}
