//! A game in one of miniTruco's 2008 rooms outlives its node: two `parlor serve`
//! processes make a cluster (a private NATS server and PostgreSQL database from
//! `parlor-testkit`), one person plays in room 1 against three CPU players through the
//! node that is not the home, and the home is killed (`kill -9`) while the game waits for
//! the person's card. The other node carries the room's game on; the person connects
//! again with the same nickname from the same address (how the 2008 protocol comes back
//! to a seat), gets the room, their position and the hand so far, and plays the game out;
//! it is stored once, finished, and replays. The same again with a drain.

mod common;

use common::cluster::{outlives_kill_and_drain, Ended};
use common::PATIENCE;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// A person in a 2008 room who plays the first card they hold, accepts every raise and
/// plays every hand of 11.
struct Person {
    lines: Lines<BufReader<OwnedReadHalf>>,
    writer: OwnedWriteHalf,
    hand: Vec<String>,
}

impl Person {
    /// Connects to `addr` and says `N name`; `None` unless the nickname is given.
    async fn named(addr: &str, name: &str) -> Option<Person> {
        let socket = TcpStream::connect(addr).await.ok()?;
        let (reader, writer) = socket.into_split();
        let mut person = Person {
            lines: BufReader::new(reader).lines(),
            writer,
            hand: Vec::new(),
        };
        person.say(&format!("N {name}")).await;
        (person.next().await? == format!("N {name}")).then_some(person)
    }

    async fn say(&mut self, line: &str) {
        let _ = self
            .writer
            .write_all(format!("{line}\r\n").as_bytes())
            .await;
    }

    /// The next line that is not a keep-alive; `None` once the connection closed.
    async fn next(&mut self) -> Option<String> {
        loop {
            let line = self.lines.next_line().await.ok()??;
            // What the person saw, shown if the test fails.
            eprintln!("< {line}");
            if !line.is_empty() {
                return Some(line);
            }
        }
    }

    /// Plays as position 1 until the game is over, the connection drops, or (with
    /// `cards`) the person is asked for one card more than that.
    async fn play(&mut self, mut cards: Option<usize>) -> Ended {
        while let Some(line) = self.next().await {
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                ["M", ref dealt @ ..] => self.hand = dealt.iter().map(|c| c.to_string()).collect(),
                ["V", "1", _] => match cards.as_mut() {
                    Some(0) => return Ended::Paused,
                    left => {
                        if let Some(left) = left {
                            *left -= 1;
                        }
                        let card = self.hand.first().expect("a card to play").clone();
                        self.say(&format!("J {card}")).await;
                    }
                },
                ["J", "1", card, ..] => self.hand.retain(|held| held != card),
                ["T", "2" | "4", ..] => self.say("D").await,
                ["F", ..] => self.say("H T").await,
                ["G", _] => return Ended::Over,
                _ => {}
            }
        }
        Ended::Dropped
    }
}

/// `name` starts a game in room 1 at `addr`, and plays until they owe their third card.
async fn starts_a_game(addr: &str, name: &str) -> Person {
    let mut person = Person::named(addr, name).await.expect("named");
    person.say("E 1").await;
    person.say("Q").await;
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(2))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the game under way");
    person
}

/// `name` comes back at `addr` (not yet theirs while the nickname is free there), is told
/// their room, position and hand, and plays on.
async fn comes_back(addr: &str, name: &str) -> Ended {
    let Some(mut back) = Person::named(addr, name).await else {
        return Ended::Dropped;
    };
    assert_eq!(back.next().await.as_deref(), Some("E 1"), "back in room 1");
    let info = back.next().await.unwrap_or_default();
    assert!(info.starts_with(&format!("I 1 {name}|")), "{info}");
    assert_eq!(back.next().await.as_deref(), Some("P 1"));
    back.play(None).await
}

/// Each round's person.
const PEOPLE: [&str; 2] = ["ann", "bea"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_minitruco_room_outlives_its_home_killed_and_drained() {
    let starts = |addr: String, round| async move { starts_a_game(&addr, PEOPLE[round]).await };
    let back = |addr: String, round| async move { comes_back(&addr, PEOPLE[round]).await };
    outlives_kill_and_drain("minitruco", "t", |n| &n.minitruco, starts, back).await;
}
