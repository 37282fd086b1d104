//! A Warlords hand outlives its node: two `parlor serve` processes make a cluster (a
//! private NATS server and PostgreSQL database from `parlor-testkit`), one person plays
//! a hand with CPU players (`cfill`) through the node that is not the home, and the home
//! is killed (`kill -9`) while the hand waits for the person's play. The other node
//! carries the hand on; the person joins again with the same name from the same address
//! (how Warlords comes back to a seat), gets their cards and the table, and plays the
//! hand out; it is stored once, finished, and replays. The same again with a drain.

mod common;

use cards::{seeded_rng, GameRng};
use common::cluster::{outlives_kill_and_drain, Ended};
use common::PATIENCE;
use parlor_client::wars::auto::{choose_play, choose_swap};
use parlor_client::wars::message::{cjoin, parse, ServerMsg};
use parlor_client::wars::play::{play_message, swap_message};
use parlor_client::wars::state::{Prompt, WarsState};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

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

/// `name` joins at `addr`, asks for CPU players, and plays until they owe their third
/// play.
async fn starts_a_hand(addr: &str, name: &str) -> Person {
    let mut person = Person::join(addr, name).await.expect("joined");
    person.say("[cfill]").await;
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(2))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the hand under way");
    person
}

/// Each round's person.
const PEOPLE: [&str; 2] = ["ann", "bea"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warlords_hand_outlives_its_home_killed_and_drained() {
    let starts = |addr: String, round| async move { starts_a_hand(&addr, PEOPLE[round]).await };
    // Joining again (under another name while the hand is not yet carried on).
    let back = |addr: String, round| async move {
        match Person::join(&addr, PEOPLE[round]).await {
            Some(mut back) => back.play(None).await,
            None => Ended::Dropped,
        }
    };
    outlives_kill_and_drain("wars", "k", |n| &n.wars, starts, back).await;
}
