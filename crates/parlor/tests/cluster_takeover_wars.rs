//! A Warlords hand outlives its node: two `parlor serve` processes make a cluster (a
//! private NATS server and PostgreSQL database from `parlor-testkit`), one person plays
//! a hand with CPU players (`cfill`) through the node that is not the home, and the home
//! is killed (`kill -9`) while the hand waits for the person's play. The other node
//! carries the hand on; the person joins again with the same name from the same address
//! (how Warlords comes back to a seat), gets their cards and the table, and plays the
//! hand out; it is stored once, finished, and replays. The same again with a drain.

mod common;

use cards::{seeded_rng, GameRng};
use common::cluster::{all_alive, all_see, finished, home_seen_by, node, replays, Node, Stop};
use common::PATIENCE;
use parlor_client::wars::auto::{choose_play, choose_swap};
use parlor_client::wars::message::{cjoin, parse, ServerMsg};
use parlor_client::wars::play::{play_message, swap_message};
use parlor_client::wars::state::{Prompt, WarsState};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// How a stretch of play ended.
#[derive(Debug, PartialEq, Eq)]
enum Ended {
    /// The person owes a play and stopped there (the hand waits: nobody else is a person).
    Paused,
    /// The hand is over (the table shows nobody holding a card).
    Over,
    /// The connection closed.
    Dropped,
}

/// A person who plays as the `sound` bot would.
struct Person {
    reader: OwnedReadHalf,
    writer: OwnedWriteHalf,
    pending: Vec<u8>,
    state: WarsState,
    rng: GameRng,
    /// Whether a table this connection saw had cards dealt.
    dealt: bool,
}

impl Person {
    /// Connects to `addr` and joins as `name`; `None` unless the hall calls them so (a
    /// newcomer under a name an away seat holds is given another).
    async fn join(addr: &str, name: &str) -> Option<Person> {
        let socket = TcpStream::connect(addr).await.ok()?;
        let (reader, writer) = socket.into_split();
        let mut person = Person {
            reader,
            writer,
            pending: Vec::new(),
            state: WarsState::default(),
            rng: seeded_rng(7),
            dealt: false,
        };
        person.say(&cjoin(name)).await;
        loop {
            if let ServerMsg::Joined(joined) = person.next().await? {
                return (joined == name).then_some(person);
            }
        }
    }

    async fn say(&mut self, message: &str) {
        let _ = self.writer.write_all(message.as_bytes()).await;
    }

    /// The next message the client knows, taken in; `None` once the connection closed.
    async fn next(&mut self) -> Option<ServerMsg> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b']') {
                let raw: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&raw).into_owned();
                // What the person saw, shown if the test fails.
                eprintln!("< {text}");
                let start = text.find('[').unwrap_or(0);
                if let Some(msg) = parse(&text[start..]) {
                    self.state.apply(&msg);
                    return Some(msg);
                }
                continue;
            }
            let mut chunk = [0u8; 4096];
            let n = self.reader.read(&mut chunk).await.ok()?;
            if n == 0 {
                return None;
            }
            self.pending.extend_from_slice(&chunk[..n]);
        }
    }

    /// Plays until the hand is over, the connection drops, or (with `plays`) the person
    /// is asked for one play more than that.
    async fn play(&mut self, mut plays: Option<usize>) -> Ended {
        while let Some(msg) = self.next().await {
            if let ServerMsg::Table { seats, .. } = &msg {
                // A table where somebody held cards, then one where nobody does.
                match seats.iter().any(|s| s.cards > 0) {
                    true => self.dealt = true,
                    false if self.dealt => return Ended::Over,
                    false => {}
                }
            }
            let answer = match self.state.prompt() {
                Some(Prompt::Play) if plays == Some(0) => return Ended::Paused,
                Some(Prompt::Play) => {
                    plays = plays.map(|left| left - 1);
                    let cards = choose_play(&self.state, &mut self.rng);
                    play_message(&mut self.state, cards)
                }
                Some(Prompt::Swap) => {
                    let card = choose_swap(&self.state, &mut self.rng);
                    swap_message(&mut self.state, card)
                }
                None => continue,
            };
            self.say(&answer).await;
        }
        Ended::Dropped
    }
}

/// `name` joins through `node`, asks for CPU players, and plays until they owe their
/// third play.
async fn starts_a_hand(node: &Node, name: &str) -> Person {
    let mut person = Person::join(&node.wars, name).await.expect("joined");
    person.say("[cfill]").await;
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(2))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the hand under way");
    person
}

/// `name` joins again through `node` (again, while the hand is not yet carried on or
/// the connection drops as its home changes) and plays the hand out.
async fn plays_out(node: &Node, name: &str) {
    let rest = async {
        loop {
            if let Some(mut back) = Person::join(&node.wars, name).await {
                if back.play(None).await == Ended::Over {
                    return;
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::time::timeout(PATIENCE * 2, rest)
        .await
        .expect("the hand played out");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warlords_hand_outlives_its_home_killed_and_drained() {
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let mut nodes = vec![
        node(&nats, &database, "k1", 0).await,
        node(&nats, &database, "k2", 0).await,
    ];
    for (round, stop) in [Stop::Kill, Stop::Drain].into_iter().enumerate() {
        let home = home_seen_by(&nodes[0], "wars").await;
        let all: Vec<&Node> = nodes.iter().collect();
        all_see(&all, "wars", &home).await;
        all_alive(&all).await;
        let at = nodes.iter().position(|n| n.name == home).unwrap();
        let mut gone = nodes.remove(at);
        let through = &nodes[0];
        let name = ["ann", "bea"][round];
        let _person = starts_a_hand(through, name).await;
        stop.stop(&mut gone).await;
        plays_out(through, name).await;
        let games = finished(&database, "wars", round + 1).await;
        let game = games[round].split(' ').collect::<Vec<_>>();
        assert_eq!(game[2], through.name, "carried on by the node that lives");
        replays(&database, game[0]);
        // A node for the next round to stop.
        nodes.push(node(&nats, &database, &format!("k{}", round + 3), 0).await);
    }
}
