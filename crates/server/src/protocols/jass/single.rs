//! The actor of a single-game session: four seats (people or server bots), spectators,
//! and the game once the fourth player sits down. When the game ends, or a player leaves
//! it, every connection is closed and the session is forgotten.

use super::lobby::Lobby;
use super::message::{frame, ClientMsg};
use super::table::{error, JassTable, Out, PlayerInfo, To};
use super::{Client, ConnId, SessionMsg};
use crate::turn_timer::TurnTimer;
use jass::Config;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Who sits in a seat.
enum Occupant {
    Person(Client),
    /// A server bot (`JOIN_BOT`).
    Bot,
}

struct Seat {
    occupant: Occupant,
    info: PlayerInfo,
}

/// Starts a single-game session actor.
pub fn spawn(
    name: String,
    lobby: Lobby,
    inbox: mpsc::Receiver<SessionMsg>,
    shutdown: CancellationToken,
) {
    let game = SingleGame {
        name,
        lobby,
        seats: [None, None, None, None],
        spectators: Vec::new(),
        table: None,
    };
    tokio::spawn(game.run(inbox, shutdown));
}

struct SingleGame {
    name: String,
    lobby: Lobby,
    seats: [Option<Seat>; 4],
    spectators: Vec<Client>,
    table: Option<JassTable>,
}

/// The seat for a newcomer: 2 x (players already in the team) + team index, in the
/// chosen team if it has room, else the other.
fn seat_for(seats: &[Option<Seat>; 4], team: Option<usize>) -> Option<usize> {
    let count = |t: usize| [t, t + 2].iter().filter(|&&s| seats[s].is_some()).count();
    let preferred = team.unwrap_or_else(|| if count(1) < count(0) { 1 } else { 0 });
    [preferred, 1 - preferred]
        .into_iter()
        .find(|&t| count(t) < 2)
        .map(|t| {
            [t, t + 2]
                .into_iter()
                .find(|&s| seats[s].is_none())
                .unwrap_or(t)
        })
}

impl SingleGame {
    async fn run(mut self, mut inbox: mpsc::Receiver<SessionMsg>, shutdown: CancellationToken) {
        let mut turn =
            TurnTimer::new(Some(self.lobby.settings.turn_timeout).filter(|t| !t.is_zero()));
        let mut asked = None;
        loop {
            // A new request gets the whole time; the timer runs while a person is asked.
            let request = self.table.as_ref().and_then(JassTable::request_now);
            if request != asked {
                turn.restart();
                asked = request;
            }
            turn.update(request.is_some_and(|(p, _)| self.is_person_seat(p.seat())));
            let msg = tokio::select! {
                msg = inbox.recv() => msg,
                _ = turn.expired() => {
                    turn.restart();
                    if let Some(table) = self.table.as_mut() {
                        let out = table.time_out();
                        self.deliver(&out);
                    }
                    if self.finished() {
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
                false
            }
            SessionMsg::JoinBot { team, from } => {
                if !self.is_seated(from) {
                    self.send_to_conn(
                        from,
                        frame(
                            "BAD_MESSAGE",
                            json!({ "data.sessionName": ["only a player seated in this session may add bots to it"] }),
                        ),
                    );
                    return false;
                }
                if self.table.is_some() {
                    self.send_to_conn(
                        from,
                        frame(
                            "BAD_MESSAGE",
                            json!({ "data.sessionName": ["the game has started"] }),
                        ),
                    );
                    return false;
                }
                match seat_for(&self.seats, team) {
                    Some(seat) => {
                        let info = PlayerInfo {
                            id: self.lobby.player_id(),
                            name: format!("bot{}", seat + 1),
                            seat,
                        };
                        self.seats[seat] = Some(Seat {
                            occupant: Occupant::Bot,
                            info: info.clone(),
                        });
                        self.announce(&info);
                        self.start_if_full()
                    }
                    None => false,
                }
            }
            SessionMsg::Leave { conn } => self.leave(conn),
            SessionMsg::Client { conn, msg } => self.client(conn, msg),
            SessionMsg::Bad { conn, data } => {
                self.send_to_conn(conn, frame("BAD_MESSAGE", data));
                self.repeat_request(conn);
                false
            }
        }
    }

    /// Whether a person (not a server bot) sits in `seat`.
    fn is_person_seat(&self, seat: usize) -> bool {
        matches!(
            self.seats.get(seat),
            Some(Some(Seat {
                occupant: Occupant::Person(_),
                ..
            }))
        )
    }

    /// Whether connection `conn` has a seat here (a spectator has none).
    fn is_seated(&self, conn: ConnId) -> bool {
        self.seats
            .iter()
            .flatten()
            .any(|s| matches!(&s.occupant, Occupant::Person(c) if c.conn == conn))
    }

    fn join(&mut self, client: Client, team: Option<usize>, spectator: bool) -> Result<(), Value> {
        let players: Vec<Value> = self.seats.iter().flatten().map(|s| s.info.json()).collect();
        if spectator {
            let data = json!({
                "sessionName": self.name,
                "player": { "id": self.lobby.player_id(), "name": client.name },
                "playersInSession": players,
            });
            client.outbox.send(frame("SESSION_JOINED", data));
            self.spectators.push(client);
            return Ok(());
        }
        if self.table.is_some() {
            return Err(
                json!({ "data.sessionName": [format!("{} has already started", self.name)] }),
            );
        }
        let Some(seat) = seat_for(&self.seats, team) else {
            return Err(json!({ "data.sessionName": [format!("{} is full", self.name)] }));
        };
        let info = PlayerInfo {
            id: self.lobby.player_id(),
            name: client.name.clone(),
            seat,
        };
        self.seats[seat] = Some(Seat {
            occupant: Occupant::Person(client),
            info: info.clone(),
        });
        self.announce(&info);
        self.start_if_full();
        Ok(())
    }

    /// `BROADCAST_SESSION_JOINED` to everyone in the session.
    fn announce(&self, player: &PlayerInfo) {
        let players: Vec<Value> = self.seats.iter().flatten().map(|s| s.info.json()).collect();
        let data = json!({ "sessionName": self.name, "player": player.json(), "playersInSession": players });
        self.deliver(&[Out {
            to: To::Everyone,
            frame: frame("BROADCAST_SESSION_JOINED", data),
        }]);
    }

    /// Starts the game once four are seated; `true` if it ended at once (bots only).
    fn start_if_full(&mut self) -> bool {
        if self.seats.iter().any(Option::is_none) || self.table.is_some() {
            return false;
        }
        self.lobby.update(&self.name, false);
        let infos = [0, 1, 2, 3].map(|s| {
            self.seats[s]
                .as_ref()
                .map(|s| s.info.clone())
                .expect("full")
        });
        let bots = [0, 1, 2, 3].map(|s| match self.seats[s].as_ref().map(|s| &s.occupant) {
            Some(Occupant::Bot) => jass::bots::by_name("heuristic"),
            _ => None,
        });
        let config = Config {
            multipliers: self.lobby.settings.multipliers,
            ..Config::default()
        };
        let seed = self.lobby.seed();
        tracing::info!(session = self.name, "jass game started");
        let record = (&self.lobby.recorder, self.name.as_str());
        let (table, out) = JassTable::start(infos, bots, seed, config, record);
        self.table = Some(table);
        self.deliver(&out);
        self.finished()
    }

    fn client(&mut self, conn: ConnId, msg: ClientMsg) -> bool {
        let (Some(seat), Some(table)) = (self.seat_of(conn), self.table.as_mut()) else {
            self.send_to_conn(
                conn,
                frame("BAD_MESSAGE", json!({ "type": ["not expected now"] })),
            );
            return false;
        };
        let out = table.client_message(seat, msg);
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

    fn leave(&mut self, conn: ConnId) -> bool {
        self.spectators.retain(|c| c.conn != conn);
        let Some(seat) = self.seat_of(conn) else {
            return false;
        };
        let Some(table) = self.table.as_mut() else {
            self.seats[seat] = None;
            return self.seats.iter().all(Option::is_none) && self.spectators.is_empty();
        };
        let name = self.seats[seat]
            .as_ref()
            .map_or(String::new(), |s| s.info.name.clone());
        self.seats[seat] = None;
        let (team, winner) = table.forfeit(seat);
        tracing::info!(
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
        self.seats.iter().position(
            |s| matches!(s, Some(Seat { occupant: Occupant::Person(c), .. }) if c.conn == conn),
        )
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
        self.seats
            .iter()
            .flatten()
            .filter_map(|s| match &s.occupant {
                Occupant::Person(c) => Some(c),
                Occupant::Bot => None,
            })
    }

    fn deliver(&self, out: &[Out]) {
        for o in out {
            match o.to {
                To::Seat(seat) => {
                    if let Some(Seat {
                        occupant: Occupant::Person(c),
                        ..
                    }) = &self.seats[seat]
                    {
                        c.outbox.send(o.frame.clone());
                    }
                }
                To::Everyone => {
                    for c in self.people().chain(self.spectators.iter()) {
                        c.outbox.send(o.frame.clone());
                    }
                }
            }
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

    fn taken(seats: &[usize]) -> [Option<Seat>; 4] {
        let mut all = [None, None, None, None];
        for &s in seats {
            all[s] = Some(Seat {
                occupant: Occupant::Bot,
                info: PlayerInfo {
                    id: String::new(),
                    name: String::new(),
                    seat: s,
                },
            });
        }
        all
    }

    #[test]
    fn seats_follow_the_team_rule() {
        assert_eq!(seat_for(&taken(&[]), None), Some(0));
        assert_eq!(seat_for(&taken(&[0]), None), Some(1));
        assert_eq!(seat_for(&taken(&[0, 1]), None), Some(2));
        assert_eq!(seat_for(&taken(&[]), Some(1)), Some(1));
        assert_eq!(seat_for(&taken(&[1]), Some(1)), Some(3));
        // A full team sends you to the other.
        assert_eq!(seat_for(&taken(&[1, 3]), Some(1)), Some(0));
        assert_eq!(seat_for(&taken(&[0, 1, 2, 3]), Some(0)), None);
    }
}
