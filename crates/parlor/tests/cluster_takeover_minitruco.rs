//! A game in one of miniTruco's 2008 rooms outlives its node: two `parlor serve`
//! processes make a cluster (a private NATS server and PostgreSQL database from
//! `parlor-testkit`), one person plays in room 1 against three CPU players through the
//! node that is not the home, and the home is killed (`kill -9`) while the game waits for
//! the person's card. The other node carries the room's game on; the person connects
//! again with the same nickname from the same address (how the 2008 protocol comes back
//! to a seat), gets the room, their position and the hand so far, and plays the game out;
//! it is stored once, finished, and replays. The same again with a drain.

mod common;

use common::cluster::{all_alive, all_see, finished, home_seen_by, node, replays, Node, Stop};
use common::PATIENCE;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// How a stretch of play ended.
#[derive(Debug, PartialEq, Eq)]
enum Ended {
    /// The person owes a card and stopped there (the game waits: nobody else is a person).
    Paused,
    /// `G`: the game is over.
    Over,
    /// The connection closed, or the seat was not there to take.
    Dropped,
}

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

/// `name` starts a game in room 1 through `node`, and plays until they owe their third
/// card.
async fn starts_a_game(node: &Node, name: &str) -> Person {
    let mut person = Person::named(&node.minitruco, name).await.expect("named");
    person.say("E 1").await;
    person.say("Q").await;
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(2))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the game under way");
    person
}

/// `name` comes back through `node` (again, while the nickname is not yet theirs to take
/// or the connection drops as its home changes), is told their room, position and hand,
/// and plays the game out.
async fn plays_out(node: &Node, name: &str) {
    let rest = async {
        loop {
            if let Some(mut back) = Person::named(&node.minitruco, name).await {
                assert_eq!(back.next().await.as_deref(), Some("E 1"), "back in room 1");
                let info = back.next().await.unwrap_or_default();
                assert!(info.starts_with(&format!("I 1 {name}|")), "{info}");
                assert_eq!(back.next().await.as_deref(), Some("P 1"));
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
async fn a_minitruco_room_outlives_its_home_killed_and_drained() {
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let mut nodes = vec![
        node(&nats, &database, "t1", 0).await,
        node(&nats, &database, "t2", 0).await,
    ];
    for (round, stop) in [Stop::Kill, Stop::Drain].into_iter().enumerate() {
        let home = home_seen_by(&nodes[0], "minitruco").await;
        let all: Vec<&Node> = nodes.iter().collect();
        all_see(&all, "minitruco", &home).await;
        all_alive(&all).await;
        let at = nodes.iter().position(|n| n.name == home).unwrap();
        let mut gone = nodes.remove(at);
        let through = &nodes[0];
        let name = ["ann", "bea"][round];
        let _person = starts_a_game(through, name).await;
        stop.stop(&mut gone).await;
        plays_out(through, name).await;
        let games = finished(&database, "minitruco", round + 1).await;
        let game = games[round].split(' ').collect::<Vec<_>>();
        assert_eq!(game[2], through.name, "carried on by the node that lives");
        replays(&database, game[0]);
        // A node for the next round to stop.
        nodes.push(node(&nats, &database, &format!("t{}", round + 3), 0).await);
    }
}
