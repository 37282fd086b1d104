//! A Jass single game outlives its node: two `parlor serve` processes make a cluster (a
//! private NATS server and PostgreSQL database from `parlor-testkit`), one person plays
//! with three server bots (`JOIN_BOT`) through the node that is not the home, and the
//! home is killed (`kill -9`) while the game waits for the person's card. The other node
//! carries the session on under its name; the person joins it again by name from the
//! same address (how the Jass protocol comes back to a seat), gets their seat, cards and
//! the trick so far, and plays the game out; it is stored once, finished, and replays.
//! The same again with a drain.

mod common;

use common::cluster::{all_alive, all_see, finished, home_seen_by, node, replays, Node, Stop};
use common::PATIENCE;
use futures::{SinkExt, StreamExt};
use parlor_client::jass::play::message;
use parlor_client::jass::state::JassState;
use parlor_wire::jass::{Choice, ClientMsg, SessionRequest, SessionType};
use serde_json::Value;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How a stretch of play ended.
#[derive(Debug, PartialEq, Eq)]
enum Ended {
    /// The person owes a card and stopped there (the game waits: nobody else is a person).
    Paused,
    /// `BROADCAST_WINNER_TEAM`: the game is over.
    Over,
    /// The connection closed.
    Dropped,
}

/// A person who plays the first legal card, and the first legal trumpf choice.
struct Person {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    state: JassState,
}

impl Person {
    /// Connects to the Jass port at `addr` as `name` and asks for session `session`
    /// (`create`: a new one, else the existing one); `None` if the connection fails.
    async fn join(addr: &str, name: &str, session: &str, create: bool) -> Option<Person> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/"))
            .await
            .ok()?;
        let mut person = Person {
            ws,
            state: JassState::default(),
        };
        person.until("REQUEST_PLAYER_NAME").await?;
        person.send(ClientMsg::PlayerName(name.to_owned())).await;
        person.until("REQUEST_SESSION_CHOICE").await?;
        let choice = match create {
            true => Choice::CreateNew,
            false => Choice::JoinExisting,
        };
        let request = SessionRequest {
            choice,
            spectator: false,
            name: Some(session.to_owned()),
            kind: Some(SessionType::SingleGame),
            team: Some(0),
            must_exist: !create,
        };
        person.send(ClientMsg::ChooseSession(request)).await;
        let joined = person.until("BROADCAST_SESSION_JOINED").await?;
        (joined["data"]["player"]["name"] == name).then_some(person)
    }

    async fn send(&mut self, msg: ClientMsg) {
        let _ = self.ws.send(Message::text(msg.write())).await;
    }

    /// The next frame as (type, data); `None` once the connection closed.
    async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            let text = match self.ws.next().await? {
                Ok(Message::Text(text)) => text.to_string(),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            };
            // What the person saw, shown if the test fails.
            eprintln!("< {text}");
            let value: Value = serde_json::from_str(&text).ok()?;
            let kind = value["type"].as_str().unwrap_or_default().to_owned();
            self.state.apply(&kind, &value["data"]);
            return Some((kind, value["data"].clone()));
        }
    }

    /// Reads up to a frame of type `kind` (`None`: closed first, or refused).
    async fn until(&mut self, kind: &str) -> Option<Value> {
        loop {
            let (got, data) = self.next().await?;
            if got == kind {
                return Some(serde_json::json!({ "data": data }));
            }
            if got == "BAD_MESSAGE" {
                return None;
            }
        }
    }

    /// Plays until the game is over, the connection drops, or (with `cards`) the person
    /// is asked for one card more than that.
    async fn play(&mut self, mut cards: Option<usize>) -> Ended {
        while let Some((kind, _)) = self.next().await {
            match kind.as_str() {
                "REQUEST_CARD" if cards == Some(0) => return Ended::Paused,
                "REQUEST_TRUMPF" | "REQUEST_CARD" => {
                    if kind == "REQUEST_CARD" {
                        cards = cards.map(|left| left - 1);
                    }
                    let legal = self.state.legal();
                    let action = *legal.iter().next().expect("a legal answer");
                    if let jass::Action::Play(card) = action {
                        self.state.hand.remove(card);
                    }
                    (self.state.trumpf_request, self.state.card_request) = (None, false);
                    self.send(message(action)).await;
                }
                "BROADCAST_WINNER_TEAM" => return Ended::Over,
                _ => {}
            }
        }
        Ended::Dropped
    }
}

/// `name` creates session `session` through `node`, has three server bots join it, and
/// plays until they owe their fourth card.
async fn starts_a_game(node: &Node, name: &str, session: &str) -> Person {
    let mut person = Person::join(&node.jass, name, session, true)
        .await
        .expect("joined");
    for team in [1, 0, 1] {
        let session = session.to_owned();
        let bot = ClientMsg::JoinBot {
            session,
            team: Some(team),
        };
        person.send(bot).await;
    }
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(3))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the game under way");
    person
}

/// `name` joins `session` again through `node` (again, while the session is not yet
/// carried on or the connection drops as its home changes) and plays the game out.
async fn plays_out(node: &Node, name: &str, session: &str) {
    let rest = async {
        loop {
            if let Some(mut back) = Person::join(&node.jass, name, session, false).await {
                if back.play(None).await == Ended::Over {
                    return;
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::time::timeout(PATIENCE * 2, rest)
        .await
        .expect("the game played out");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_jass_game_outlives_its_home_killed_and_drained() {
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let mut nodes = vec![
        node(&nats, &database, "j1", 0).await,
        node(&nats, &database, "j2", 0).await,
    ];
    for (round, stop) in [Stop::Kill, Stop::Drain].into_iter().enumerate() {
        let home = home_seen_by(&nodes[0], "jass").await;
        let all: Vec<&Node> = nodes.iter().collect();
        all_see(&all, "jass", &home).await;
        all_alive(&all).await;
        let at = nodes.iter().position(|n| n.name == home).unwrap();
        let mut gone = nodes.remove(at);
        let through = &nodes[0];
        let (name, session) = [("ann", "Carried"), ("bea", "Drained")][round];
        let _person = starts_a_game(through, name, session).await;
        stop.stop(&mut gone).await;
        plays_out(through, name, session).await;
        let games = finished(&database, "jass", round + 1).await;
        let game = games[round].split(' ').collect::<Vec<_>>();
        assert_eq!(game[2], through.name, "carried on by the node that lives");
        replays(&database, game[0]);
        // A node for the next round to stop.
        nodes.push(node(&nats, &database, &format!("j{}", round + 3), 0).await);
    }
}
