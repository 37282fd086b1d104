//! A Jass single game outlives its node: two `parlor serve` processes make a cluster (a
//! private NATS server and PostgreSQL database from `parlor-testkit`), one person plays
//! with three server bots (`JOIN_BOT`) through the node that is not the home, and the
//! home is killed (`kill -9`) while the game waits for the person's card. The other node
//! carries the session on under its name; the person joins it again by name from the
//! same address (how the Jass protocol comes back to a seat), gets their seat, cards and
//! the trick so far, and plays the game out; it is stored once, finished, and replays.
//! The same again with a drain.

mod common;

use common::cluster::{outlives_kill_and_drain, Ended};
use common::PATIENCE;
use futures::{SinkExt, StreamExt};
use parlor_client::jass::play::message;
use parlor_client::jass::state::JassState;
use parlor_wire::jass::{Choice, ClientMsg, SessionRequest, SessionType};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

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
            if let Ok(msg) = parlor_wire::jass::ServerMsg::parse(&text) {
                self.state.apply(&msg);
            }
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

/// `name` creates session `session` at `addr`, has three server bots join it, and plays
/// until they owe their fourth card.
async fn starts_a_game(addr: &str, name: &str, session: &str) -> Person {
    let mut person = Person::join(addr, name, session, true)
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

/// Each round's person and session.
const PEOPLE: [(&str, &str); 2] = [("ann", "Carried"), ("bea", "Drained")];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_jass_game_outlives_its_home_killed_and_drained() {
    let starts = |addr: String, round: usize| async move {
        let (name, session) = PEOPLE[round];
        starts_a_game(&addr, name, session).await
    };
    // Joining the session again (not there yet while it is carried over).
    let comes_back = |addr: String, round: usize| async move {
        let (name, session) = PEOPLE[round];
        match Person::join(&addr, name, session, false).await {
            Some(mut back) => back.play(None).await,
            None => Ended::Dropped,
        }
    };
    outlives_kill_and_drain("jass", "j", |n| &n.jass, starts, comes_back).await;
}
