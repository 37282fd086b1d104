//! A Mahjong table outlives its node: two `parlor serve` processes make a cluster (a
//! private NATS server and PostgreSQL database from `parlor-testkit`), one person plays
//! an East round with three CPU players through the node that is not the home, and the
//! home is killed (`kill -9`) while the game waits for the person's discard. The other
//! node carries the table on; the person connects again with the same name (mmj1 has no
//! token: a name from the same address takes a seat back), gets the hand so far and the
//! prompt that stands, and plays the game out; it is stored once, finished, and replays.
//! Then a third node joins and dies while a person's connection is relayed through it:
//! the home ends that relayed session, and the person takes the seat back by name at
//! the home.

mod common;

use common::cluster::{all_see, finished, home_seen_by, node, played_out, replays, Ended, Stop};
use common::{get, PATIENCE};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// A person over mmj1 who discards what they draw and passes every claim.
struct Person {
    lines: Lines<BufReader<OwnedReadHalf>>,
    writer: OwnedWriteHalf,
    drawn: String,
}

impl Person {
    /// Says `mmj1c` as `name` at `addr`.
    async fn join(addr: &str, name: &str) -> std::io::Result<Person> {
        let socket = TcpStream::connect(addr).await?;
        let (reader, mut writer) = socket.into_split();
        writer
            .write_all(format!("mmj1c 3:{name}\n").as_bytes())
            .await?;
        let lines = BufReader::new(reader).lines();
        let drawn = String::new();
        Ok(Person {
            lines,
            writer,
            drawn,
        })
    }

    /// Plays until the game is over, the connection drops, or (with `discards`) the
    /// person is asked for one discard more than that.
    async fn play(&mut self, mut discards: Option<usize>) -> Ended {
        while let Ok(Some(line)) = self.lines.next_line().await {
            // What the person saw, shown if the test fails.
            eprintln!("< {line}");
            let words: Vec<&str> = line.split(' ').collect();
            let answer = match words[..] {
                ["move", tile, from, "h1"] if from.starts_with('w') || from.starts_with('r') => {
                    self.drawn = tile.to_owned();
                    continue;
                }
                ["play"] => match discards.as_mut() {
                    Some(0) => return Ended::Paused,
                    Some(left) => {
                        *left -= 1;
                        format!("discard {}\n", self.drawn)
                    }
                    None => format!("discard {}\n", self.drawn),
                },
                ["claim"] => "pass\n".into(),
                ["ack"] => "ack\n".into(),
                ["gameover", ..] => return Ended::Over,
                _ => continue,
            };
            if self.writer.write_all(answer.as_bytes()).await.is_err() {
                break;
            }
        }
        Ended::Dropped
    }
}

/// `name` comes back at `addr` (again, while the connection drops before the seat is
/// theirs) and plays the game out.
async fn plays_out(addr: &str, name: &str) {
    played_out(|| async {
        match Person::join(addr, name).await {
            Ok(mut back) => back.play(None).await,
            Err(_) => Ended::Dropped,
        }
    })
    .await;
}

/// Whether a running table on the node at `http` lists `name` as away.
async fn is_away(http: &str, name: &str) -> bool {
    let tables = get(http, "/api/tables").await;
    let seats = tables.as_array().into_iter().flatten();
    seats
        .flat_map(|t| t["seats"].as_array().cloned().unwrap_or_default())
        .any(|s| s["name"] == name && s["kind"] == "away")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mahjong_table_outlives_a_killed_home_and_a_killed_edge() {
    let nats = parlor_testkit::nats().url();
    let database = parlor_testkit::postgres().database();
    let nodes = [
        node(&nats, &database, "m1", 0).await,
        node(&nats, &database, "m2", 0).await,
    ];
    let home = home_seen_by(&nodes[0], "mahjong").await;
    all_see(&nodes.iter().collect::<Vec<_>>(), "mahjong", &home).await;
    let [a, b] = nodes;
    let (mut gone, through) = match a.name == home {
        true => (a, b),
        false => (b, a),
    };
    let mut person = Person::join(&through.mahjong, "ann").await.unwrap();
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(5))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the game under way");
    Stop::Kill.stop(&mut gone).await;
    // The person comes back under the same name, through the node that lives, until the
    // carried table has their seat (before, the connection drops as its home changes).
    plays_out(&through.mahjong, "ann").await;
    let games = finished(&database, "mahjong", 1).await;
    let game = games[0].split(' ').collect::<Vec<_>>();
    assert_eq!(game[2], through.name, "carried on by the node that lives");
    replays(&database, game[0]);

    // Now the other way round: the node a person's connection is relayed through dies.
    // The home ends the relayed session, so the person is away, and comes back by name
    // at the home itself.
    let home = through;
    let mut edge = node(&nats, &database, "m3", 0).await;
    all_see(&[&home, &edge], "mahjong", &home.name).await;
    let mut person = Person::join(&edge.mahjong, "bea").await.unwrap();
    let paused = tokio::time::timeout(PATIENCE, person.play(Some(5))).await;
    assert_eq!(paused, Ok(Ended::Paused), "the game under way");
    Stop::Kill.stop(&mut edge).await;
    // Within seconds the home sees the edge gone and the person away.
    let away = async {
        while !is_away(&home.http, "bea").await {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(PATIENCE, away).await.expect("away");
    plays_out(&home.mahjong, "bea").await;
    let games = finished(&database, "mahjong", 2).await;
    replays(&database, games[1].split(' ').next().unwrap());
}
