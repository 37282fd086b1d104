//! The actor of a single-game session: four seats (people or server bots), spectators,
//! and the game once the fourth player sits down. A person whose connection drops keeps
//! the seat for the grace period (a stand-in plays for them) and may come back by joining
//! the session again under the same name from the same address; when the grace period
//! ends, or when the game ends, every connection is closed and the session is forgotten.

use super::lobby::Lobby;
use super::message::{Bad, ClientMsg, ServerMsg};
use super::table::{error, JassTable, Out, PlayerInfo, To};
use super::{Client, ConnId, SessionMsg};
use crate::record::Carried;
use crate::table::{sleep_until, Seats, Timing};
use jass::Config;
use parlor_wire::jass::{Joined, Player};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// Starts a single-game session actor.
pub fn spawn(
    name: String,
    lobby: Lobby,
    grace: Duration,
    inbox: mpsc::Receiver<SessionMsg>,
    shutdown: CancellationToken,
) {
    let game = SingleGame {
        name,
        lobby,
        seats: Seats::new(4, grace),
        infos: [None, None, None, None],
        bots: [false; 4],
        spectators: Vec::new(),
        last_joined: None,
        table: None,
    };
    tokio::spawn(game.run(inbox, shutdown));
}

/// Starts a single-game session carried over from another node of a cluster: its game
/// made again from the stream ([`Carried`]), its people away (each may come back by
/// joining the session again, by name from their address or with their seat token), its
/// server bots seated again. An error if the game cannot be made again here.
pub fn carry(
    name: String,
    lobby: Lobby,
    grace: Duration,
    inbox: mpsc::Receiver<SessionMsg>,
    shutdown: CancellationToken,
    carried: &Carried,
) -> Result<(), String> {
    let infos: [PlayerInfo; 4] = std::array::from_fn(|seat| PlayerInfo {
        id: lobby.player_id(),
        name: carried
            .seats
            .get(seat)
            .map(|s| s.0.clone())
            .unwrap_or_default(),
        seat,
    });
    let mut seats = Seats::new(4, grace);
    let person = |seat: usize| {
        let holder = &carried.holders[seat];
        Some(Client {
            conn: crate::net::next_conn_id(),
            name: carried.seats[seat].0.clone(),
            outbox: crate::net::Outbox::gone(),
            addr: holder.addr?,
            token: holder
                .token
                .as_deref()
                .and_then(crate::net::SeatToken::parse),
        })
    };
    let (config, timing) = (settings(&lobby), timing(&lobby));
    let players = infos.clone();
    let recorder = &lobby.recorder;
    let table = JassTable::carry(
        players, carried, config, recorder, timing, &mut seats, person,
    )?;
    let game = SingleGame {
        name,
        lobby,
        seats,
        infos: infos.map(Some),
        bots: std::array::from_fn(|seat| carried.seats[seat].1.is_some()),
        spectators: Vec::new(),
        last_joined: None,
        table: Some(table),
    };
    tokio::spawn(game.run(inbox, shutdown));
    Ok(())
}

/// The game's settings, as this node's lobby sets them.
fn settings(lobby: &Lobby) -> Config {
    Config {
        multipliers: lobby.settings.multipliers,
        ..Config::default()
    }
}

/// Server bots answer at once; people have the lobby's turn limit.
fn timing(lobby: &Lobby) -> Timing {
    Timing {
        cpu_delay: Duration::ZERO,
        turn_limit: Some(lobby.settings.turn_timeout).filter(|t| !t.is_zero()),
    }
}

struct SingleGame {
    name: String,
    lobby: Lobby,
    /// The people in the seats (at the keyboard or away).
    seats: Seats<Client>,
    /// Everyone seated, people and bots, as the protocol shows them.
    infos: [Option<PlayerInfo>; 4],
    /// The seats of server bots (`JOIN_BOT`).
    bots: [bool; 4],
    spectators: Vec<Client>,
    /// The seat announced last: a spectator joining is told of it, as the reference
    /// server does (its web client reads the seat to draw the table from).
    last_joined: Option<usize>,
    table: Option<JassTable>,
}

/// The seat for a newcomer: 2 x (players already in the team) + team index, in the
/// chosen team if it has room, else the other.
fn seat_for(taken: [bool; 4], team: Option<usize>) -> Option<usize> {
    let count = |t: usize| [t, t + 2].iter().filter(|&&s| taken[s]).count();
    let preferred = team.unwrap_or_else(|| if count(1) < count(0) { 1 } else { 0 });
    [preferred, 1 - preferred]
        .into_iter()
        .find(|&t| count(t) < 2)
        .map(|t| [t, t + 2].into_iter().find(|&s| !taken[s]).unwrap_or(t))
}

impl SingleGame {
    async fn run(mut self, mut inbox: mpsc::Receiver<SessionMsg>, shutdown: CancellationToken) {
        loop {
            let due = self.table.as_ref().and_then(JassTable::due);
            let away = self.seats.next_deadline();
            let msg = tokio::select! {
                msg = inbox.recv() => msg,
                _ = sleep_until(due), if due.is_some() => {
                    if let Some(table) = self.table.as_mut() {
                        let out = table.wake(&self.seats);
                        self.deliver(&out);
                    }
                    if self.finished() {
                        break;
                    }
                    continue;
                }
                _ = sleep_until(away), if away.is_some() => {
                    if self.give_up_expired() {
                        break;
                    }
                    continue;
                }
                _ = shutdown.cancelled() => None,
            };
            let Some(msg) = msg else { break };
            if crate::telemetry::timed("jass", || self.handle(msg)) {
                break;
            }
        }
        self.close_all();
        self.lobby.update(&self.name, true);
    }

    /// Handles one message; `true` when the session is over.
    fn handle(&mut self, msg: SessionMsg) -> bool {
        match msg {
            SessionMsg::Join {
                client,
                team,
                spectator,
                reply,
            } => {
                let _ = reply.send(self.join(client, team, spectator));
                self.finished()
            }
            SessionMsg::JoinBot { team, from } => self.join_bot(team, from),
            SessionMsg::Leave { conn } => self.leave(conn),
            SessionMsg::Client { conn, msg } => self.client(conn, msg),
            SessionMsg::Bad { conn, data } => {
                self.send_to_conn(conn, ServerMsg::BadMessage(data).write());
                self.repeat_request(conn);
                false
            }
        }
    }

    /// `JOIN_BOT` from connection `from`; `true` if the game then ended at once.
    fn join_bot(&mut self, team: Option<usize>, from: ConnId) -> bool {
        let refuse = |why: &str| ServerMsg::BadMessage(Bad::field("data.sessionName", why)).write();
        if self.seat_of(from).is_none() {
            let why = "only a player seated in this session may add bots to it";
            self.send_to_conn(from, refuse(why));
            return false;
        }
        if self.table.is_some() {
            self.send_to_conn(from, refuse("the game has started"));
            return false;
        }
        let Some(seat) = seat_for(self.taken(), team) else {
            return false;
        };
        let info = PlayerInfo {
            id: self.lobby.player_id(),
            name: format!("bot{}", seat + 1),
            seat,
        };
        self.bots[seat] = true;
        self.infos[seat] = Some(info.clone());
        self.announce(&info);
        self.start_if_full()
    }

    /// Which seats are taken, by people or bots.
    fn taken(&self) -> [bool; 4] {
        self.infos.each_ref().map(Option::is_some)
    }

    fn join(&mut self, client: Client, team: Option<usize>, spectator: bool) -> Result<(), Bad> {
        if spectator {
            // Before anyone is seated there is nothing to tell: the spectator learns of
            // each player from the broadcasts (the reference would fail here).
            let last = (self.last_joined.and_then(|seat| self.infos[seat].as_ref()))
                .or_else(|| self.infos.iter().flatten().next_back());
            if let Some(player) = last {
                let joined = Joined {
                    player: Some(player.player()),
                    players_in_session: self.players(),
                    session_name: self.name.clone(),
                };
                client.outbox.send(ServerMsg::SessionJoined(joined).write());
            }
            self.spectators.push(client);
            return Ok(());
        }
        if self.table.is_some() {
            return self.come_back(client);
        }
        let Some(seat) = seat_for(self.taken(), team) else {
            return Err(Bad::field(
                "data.sessionName",
                format!("{} is full", self.name),
            ));
        };
        // Names are unique at a table, so a name can only ever mean one seat.
        let mut client = client;
        client.name = crate::text::distinct_name(&client.name, |name| {
            (self.infos.iter().flatten()).any(|p| crate::text::look_alike(&p.name, name))
        });
        let info = PlayerInfo {
            id: self.lobby.player_id(),
            name: client.name.clone(),
            seat,
        };
        self.seats.sit(seat, client);
        self.infos[seat] = Some(info.clone());
        self.announce(&info);
        self.start_if_full();
        Ok(())
    }

    /// A player joining a started game: if the seat is theirs to take (`net::may_take`:
    /// its token, from anywhere, also while the old connection still seems open, which
    /// is then closed; or, while its owner is away, its exact name from its address),
    /// they take it back and get `BROADCAST_SESSION_JOINED` (to them alone) and what they
    /// need to play on.
    fn come_back(&mut self, client: Client) -> Result<(), Bad> {
        let seat = (0..4).find(|&s| {
            let away = self.seats.is_away(s);
            let holder = self.seats.holder(s);
            holder.is_some_and(|p| crate::net::may_take(p.holder(), away, client.holder()))
        });
        let (Some(seat), Some(table)) = (seat, &self.table) else {
            return Err(Bad::field(
                "data.sessionName",
                format!("{} has already started", self.name),
            ));
        };
        let outbox = client.outbox.clone();
        let name = self.seats.holder(seat).map(|p| p.name.clone());
        let before = self.seats.holder(seat).map(Client::holder_record);
        self.seats.take_back(seat, |old| {
            old.outbox.close();
            *old = Client {
                // The seat's name (made distinct at the table) stays the seat's.
                name: name.unwrap_or_default(),
                token: client.token.clone().or(old.token.take()),
                ..client
            };
        });
        // Who may take the seat back now (another address, a token), for a node that
        // carries the game on; journaled when it changed.
        let now = self.seats.holder(seat).map(Client::holder_record);
        if let Some(holder) = now.filter(|now| Some(now) != before.as_ref()) {
            table.holder(seat, &holder);
        }
        tracing::debug!(session = self.name, seat, "jass player back at the table");
        let joined = Joined {
            player: self.infos[seat].as_ref().map(PlayerInfo::player),
            players_in_session: self.players(),
            session_name: self.name.clone(),
        };
        // What a joining player gets (the others know them already).
        outbox.send(ServerMsg::BroadcastSessionJoined(joined).write());
        outbox.send_all(table.catch_up(seat).into_iter().map(|out| out.frame));
        // Someone is at the table again: the machines go on (a carried game, or one
        // everyone had left, waited for a person).
        let mut out = Vec::new();
        if let Some(table) = self.table.as_mut() {
            table.settle(&self.seats, &mut out);
        }
        self.deliver(&out);
        Ok(())
    }

    /// Everyone seated, as the protocol lists them.
    fn players(&self) -> Vec<Player> {
        self.infos
            .iter()
            .flatten()
            .map(PlayerInfo::player)
            .collect()
    }

    /// `BROADCAST_SESSION_JOINED` to everyone in the session.
    fn announce(&mut self, player: &PlayerInfo) {
        self.last_joined = Some(player.seat);
        let joined = Joined {
            player: Some(player.player()),
            players_in_session: self.players(),
            session_name: self.name.clone(),
        };
        self.deliver(&[Out {
            to: To::Everyone,
            frame: ServerMsg::BroadcastSessionJoined(joined).write(),
        }]);
    }

    /// Starts the game once four are seated; `true` if it ended at once (bots only).
    fn start_if_full(&mut self) -> bool {
        if self.infos.iter().any(Option::is_none) || self.table.is_some() {
            return false;
        }
        self.lobby.update(&self.name, false);
        let infos = self.infos.clone().map(|info| info.expect("full"));
        let bots = self.bots.map(|bot| match bot {
            true => jass::bots::by_name("heuristic"),
            false => None,
        });
        let (config, timing) = (settings(&self.lobby), timing(&self.lobby));
        let seed = self.lobby.seed();
        tracing::debug!(session = self.name, "jass game started");
        let record = (&self.lobby.recorder, self.name.as_str());
        let (table, out) = JassTable::start(infos, bots, seed, config, record, timing, &self.seats);
        for (seat, client) in self.seats.here_all() {
            table.holder(seat, &client.holder_record());
        }
        self.table = Some(table);
        self.deliver(&out);
        self.finished()
    }

    fn client(&mut self, conn: ConnId, msg: ClientMsg) -> bool {
        let (Some(seat), Some(table)) = (self.seat_of(conn), self.table.as_mut()) else {
            self.send_to_conn(
                conn,
                ServerMsg::BadMessage(Bad::field("type", "not expected now")).write(),
            );
            return false;
        };
        let out = table.client_message(seat, msg, &self.seats);
        self.deliver(&out);
        self.finished()
    }

    fn repeat_request(&self, conn: ConnId) {
        if let (Some(seat), Some(table)) = (self.seat_of(conn), &self.table) {
            self.deliver(&table.repeat_request(seat).into_iter().collect::<Vec<_>>());
        }
    }

    /// Whether the game is over (then the session ends).
    fn finished(&self) -> bool {
        let over = self.table.as_ref().and_then(JassTable::winner);
        if let Some(team) = over {
            tracing::info!(session = self.name, winner = team + 1, "jass game over");
        }
        over.is_some()
    }

    /// A connection closed; `true` when the session is over. Before the game its seat is
    /// freed; during it the person keeps the seat for the grace period, and without one
    /// their team forfeits.
    fn leave(&mut self, conn: ConnId) -> bool {
        self.spectators.retain(|c| c.conn != conn);
        let Some(seat) = self.seat_of(conn) else {
            return self.deserted();
        };
        if self.table.is_none() {
            self.seats.clear(seat);
            self.infos[seat] = None;
            return self.deserted();
        }
        // The node is handing its tables over: the seat stays as it is for the node that
        // carries the game on.
        if self.table.as_ref().is_some_and(JassTable::handing_over) {
            return false;
        }
        // Until some person has made a move there is no grace: a game started and left
        // keeps nothing.
        let played = self.table.as_ref().is_some_and(JassTable::anyone_played);
        if played && self.seats.step_away(seat, Instant::now()) {
            tracing::debug!(
                session = self.name,
                seat,
                "jass player away; the seat is kept"
            );
            let out = self.table.as_mut().map(|t| {
                let mut out = Vec::new();
                t.settle(&self.seats, &mut out);
                out
            });
            self.deliver(&out.unwrap_or_default());
            return self.finished();
        }
        self.forfeit(seat)
    }

    /// Whether a session not started has nobody left in it: no person seated (server
    /// bots stay only for the person who asked for them) and no spectator.
    fn deserted(&self) -> bool {
        self.table.is_none()
            && (0..4).all(|seat| self.seats.holder(seat).is_none())
            && self.spectators.is_empty()
    }

    /// People away past the grace period give their seats up: their team forfeits.
    fn give_up_expired(&mut self) -> bool {
        let Some(seat) = self.seats.expired(Instant::now()) else {
            return false;
        };
        // Nobody is at the table and people of both teams are away (everyone left, or
        // a carried game nobody came back to): whose grace ended first says nothing of
        // who won. The game is abandoned.
        let both_away = (0..4).any(|s| s % 2 != seat % 2 && self.seats.is_away(s));
        if both_away && self.seats.here_all().next().is_none() {
            if let Some(table) = self.table.as_mut() {
                tracing::debug!(session = self.name, "jass game abandoned: nobody came back");
                table.abandon("every person left and none came back in time");
            }
            return true;
        }
        self.forfeit(seat)
    }

    /// The person of `seat` left the game: the other team wins; the session is over.
    fn forfeit(&mut self, seat: usize) -> bool {
        self.seats.clear(seat);
        let Some(table) = self.table.as_mut() else {
            return false;
        };
        let name = self.infos[seat]
            .as_ref()
            .map_or(String::new(), |info| info.name.clone());
        let (team, winner) = table.forfeit(seat);
        tracing::debug!(
            session = self.name,
            player = name,
            winner = team + 1,
            "jass player left; game forfeited"
        );
        self.deliver(&[
            Out {
                to: To::Everyone,
                frame: error(&format!("Player {name} left the game!")),
            },
            winner,
        ]);
        true
    }

    fn seat_of(&self, conn: ConnId) -> Option<usize> {
        self.seats.find_here(|c| c.conn == conn)
    }

    fn send_to_conn(&self, conn: ConnId, frame: String) {
        let person = self
            .people()
            .chain(self.spectators.iter())
            .find(|c| c.conn == conn);
        if let Some(client) = person {
            client.outbox.send(frame);
        }
    }

    fn people(&self) -> impl Iterator<Item = &Client> {
        self.seats.here_all().map(|(_, c)| c)
    }

    /// Sends `out`, each client's frames in one batch (one write for what it is owed).
    fn deliver(&self, out: &[Out]) {
        let seated = self.seats.here_all().map(|(seat, c)| (Some(seat), c));
        for (seat, client) in seated.chain(self.spectators.iter().map(|c| (None, c))) {
            let frames = out.iter().filter(|o| match o.to {
                To::Seat(to) => seat == Some(to),
                To::Everyone => true,
            });
            client.outbox.send_all(frames.map(|o| o.frame.clone()));
        }
    }

    fn close_all(&self) {
        for c in self.people().chain(self.spectators.iter()) {
            c.outbox.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken(seats: &[usize]) -> [bool; 4] {
        let mut all = [false; 4];
        for &s in seats {
            all[s] = true;
        }
        all
    }

    #[test]
    fn seats_follow_the_team_rule() {
        assert_eq!(seat_for(taken(&[]), None), Some(0));
        assert_eq!(seat_for(taken(&[0]), None), Some(1));
        assert_eq!(seat_for(taken(&[0, 1]), None), Some(2));
        assert_eq!(seat_for(taken(&[]), Some(1)), Some(1));
        assert_eq!(seat_for(taken(&[1]), Some(1)), Some(3));
        // A full team sends you to the other.
        assert_eq!(seat_for(taken(&[1, 3]), Some(1)), Some(0));
        assert_eq!(seat_for(taken(&[0, 1, 2, 3]), Some(0)), None);
    }
}
