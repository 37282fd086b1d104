//! Course Truco (seed 003) over real TCP: tables of four, whole matches, raises, every
//! error code, disconnects, concurrent tables and bad input.

mod common;

use common::{LineClient, TestServer};
use parlor_server::Config;
use std::time::Duration;

async fn server(seed: u64) -> TestServer {
    TestServer::start(Config::for_tests(seed)).await
}

async fn connect(s: &TestServer) -> LineClient {
    LineClient::connect(s.addr("truco"), "\n").await
}

/// Four players at a new table, each having read up to the first `TURN`. Returns them
/// with each one's cards.
async fn table(s: &TestServer) -> (Vec<LineClient>, Vec<Vec<String>>) {
    let mut players = Vec::new();
    for _ in 0..4 {
        players.push(connect(s).await);
    }
    let mut hands = Vec::new();
    for p in players.iter_mut() {
        let lines = p.until(|l| l.starts_with("TURN ")).await;
        let cards = lines.iter().find(|l| l.starts_with("CARDS ")).unwrap();
        hands.push(cards.split(' ').skip(1).map(str::to_owned).collect());
    }
    (players, hands)
}

/// Plays as `player` until the match ends: the first card held on each turn, accepting
/// every raise of the other team. Returns every line read.
async fn play_match(c: &mut LineClient, player: usize, mut hand: Vec<String>) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let Some(line) = c.next().await else {
            return lines;
        };
        let w: Vec<&str> = line.split(' ').collect();
        match w.as_slice() {
            ["CARDS", cards @ ..] => hand = cards.iter().map(|s| s.to_string()).collect(),
            ["TURN", p, _] if p.parse() == Ok(player) => {
                c.send(&format!("PLAY {}", hand[0])).await;
            }
            ["PLAYED", p, card] if p.parse() == Ok(player) => hand.retain(|h| h != card),
            ["TRUCO", p, _] if p.parse::<usize>().unwrap() % 2 != player % 2 => {
                c.send("ACCEPT").await
            }
            _ => {}
        }
        lines.push(line);
    }
}

#[tokio::test]
async fn players_are_welcomed_in_order_and_the_fourth_starts_the_match() {
    let s = server(1).await;
    let mut a = connect(&s).await;
    a.expect("WELCOME 1 1").await;
    a.expect("WAITING 1").await;
    let mut b = connect(&s).await;
    b.expect("WELCOME 2 2").await;
    b.expect("WAITING 2").await;
    a.expect("WAITING 2").await;
    // A waiting player who leaves frees their number for the next connection.
    drop(b);
    a.expect("WAITING 1").await;
    let mut b = connect(&s).await;
    b.expect("WELCOME 2 2").await;
    let mut c = connect(&s).await;
    c.expect("WELCOME 3 1").await;
    let mut d = connect(&s).await;
    d.expect("WELCOME 4 2").await;
    for p in [&mut a, &mut b, &mut c] {
        p.until(|l| l == "WAITING 3").await;
    }
    for p in [&mut a, &mut b, &mut c, &mut d] {
        p.expect("MATCH 1").await;
        p.expect("HAND 1 1 0 0").await;
        let cards = p.line().await;
        assert!(
            cards.starts_with("CARDS ") && cards.split(' ').count() == 4,
            "{cards}"
        );
        assert!(p.line().await.starts_with("VIRA "));
        p.expect("TURN 1 1").await;
    }
    s.stop().await;
}

#[tokio::test]
async fn four_players_play_a_whole_match_and_are_disconnected() {
    let s = server(2).await;
    let (mut players, hands) = table(&s).await;
    let mut runs = Vec::new();
    for (i, (mut p, hand)) in players.drain(..).zip(hands).enumerate() {
        runs.push(tokio::spawn(async move {
            // Player 1 is on turn already.
            if i == 0 {
                p.send(&format!("PLAY {}", hand[0])).await;
            }
            play_match(&mut p, i + 1, hand).await
        }));
    }
    let mut results = Vec::new();
    for run in runs {
        results.push(run.await.unwrap());
    }
    let ends: Vec<&String> = results.iter().map(|r| r.last().unwrap()).collect();
    assert!(ends[0].starts_with("MATCH_END "), "{:?}", ends[0]);
    assert!(ends.iter().all(|e| e == &ends[0]));
    let w: Vec<u32> = ends[0]
        .split(' ')
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    assert!(w[1].max(w[2]) >= 12 && (w[1] > w[2]) == (w[0] == 1));
    // Public lines are the same for everyone.
    let public = |r: &Vec<String>| -> Vec<String> {
        r.iter()
            .filter(|l| {
                ["HAND", "ROUND", "HAND_END", "VIRA"].contains(&l.split(' ').next().unwrap())
            })
            .cloned()
            .collect()
    };
    assert!(results.iter().all(|r| public(r) == public(&results[0])));
    s.stop().await;
}

#[tokio::test]
async fn truco_raise_chains_with_every_answer() {
    let s = server(3).await;
    let (mut p, _) = table(&s).await;
    p[0].send("TRUCO").await;
    for x in p.iter_mut() {
        x.expect("TRUCO 1 3").await;
    }
    // The raising team cannot answer; the turn player cannot play while it is pending.
    p[2].send("ACCEPT").await;
    p[2].until(|l| l.starts_with("ERROR NOT_YOUR_ANSWER "))
        .await;
    p[0].send("PLAY 3p").await;
    p[0].until(|l| l.starts_with("ERROR RAISE_PENDING ")).await;
    // Both opponents raise: the raise holds and 6 is asked of team 1.
    p[1].send("RAISE").await;
    p[3].send("RAISE").await;
    for x in p.iter_mut() {
        x.until(|l| l == "ANSWERED 2 RAISE").await;
        x.expect("ANSWERED 4 RAISE").await;
        x.expect("TRUCO 4 6").await;
    }
    p[1].send("ACCEPT").await;
    p[1].until(|l| l.starts_with("ERROR NOT_YOUR_ANSWER "))
        .await;
    // One raise and one accept: the accept wins.
    p[0].send("RAISE").await;
    p[2].send("ACCEPT").await;
    for x in p.iter_mut() {
        x.until(|l| l == "ANSWERED 1 RAISE").await;
        x.expect("ANSWERED 3 ACCEPT").await;
        x.expect("ACCEPTED 6").await;
        x.expect("TURN 1 6").await;
    }
    // Team 2 raised last, so team 1 may raise again: 9; then a fold wins over an accept.
    p[0].send("TRUCO").await;
    p[1].until(|l| l == "TRUCO 1 9").await;
    p[1].send("ACCEPT").await;
    p[3].until(|l| l == "ANSWERED 2 ACCEPT").await;
    p[3].send("FOLD").await;
    for x in p.iter_mut() {
        x.until(|l| l == "ANSWERED 4 FOLD").await;
        x.expect("HAND_END 1 6 6 0").await;
        x.expect("HAND 2 2 6 0").await;
    }
    s.stop().await;
}

#[tokio::test]
async fn every_error_code_and_the_player_may_try_again() {
    let s = server(4).await;
    let (mut p, hands) = table(&s).await;
    let not_held = ["4o", "4e", "4c", "4p", "5o"]
        .into_iter()
        .find(|c| !hands[0].iter().any(|h| h == c))
        .unwrap();
    let cases: [(usize, String, &str); 6] = [
        (1, format!("PLAY {}", hands[1][0]), "NOT_YOUR_TURN"),
        (0, format!("PLAY {not_held}"), "NOT_IN_HAND"),
        (0, "ACCEPT".into(), "NO_RAISE_PENDING"),
        (0, "HELLO".into(), "BAD_COMMAND"),
        (0, "PLAY".into(), "BAD_COMMAND"),
        (0, "PLAY 11p".into(), "BAD_COMMAND"),
    ];
    for (who, line, code) in cases {
        p[who].send(&line).await;
        let error = p[who].line().await;
        assert!(
            error.starts_with(&format!("ERROR {code} ")),
            "{line} gave {error}"
        );
    }
    p[0].send("TRUCO").await;
    p[0].expect("TRUCO 1 3").await;
    p[1].send("ACCEPT").await;
    p[3].send("ACCEPT").await;
    p[0].until(|l| l == "TURN 1 3").await;
    p[0].send("TRUCO").await;
    let error = p[0].line().await;
    assert!(error.starts_with("ERROR TRUCO_NOT_ALLOWED "), "{error}");
    // After all that, a good command is played.
    p[0].send(&format!("play {} closed", hands[0][0])).await;
    p[0].expect("PLAYED 1 CLOSED").await;
    p[1].until(|l| l == "PLAYED 1 CLOSED").await;
    s.stop().await;
}

#[tokio::test]
async fn a_player_who_leaves_is_replaced_by_a_cpu_player() {
    let s = server(5).await;
    let (mut players, hands) = table(&s).await;
    let gone = players.remove(2);
    drop(gone);
    let mut runs = Vec::new();
    for (i, (mut p, hand)) in players
        .into_iter()
        .zip([&hands[0], &hands[1], &hands[3]])
        .enumerate()
    {
        let hand = hand.clone();
        let number = [1, 2, 4][i];
        runs.push(tokio::spawn(async move {
            let left = p.until(|l| l == "LEFT 3").await;
            // Player 1 was on turn before the news arrived.
            if number == 1 && !left.iter().any(|l| l.starts_with("PLAYED 1 ")) {
                p.send(&format!("PLAY {}", hand[0])).await;
            }
            play_match(&mut p, number, hand).await
        }));
    }
    for run in runs {
        let lines = run.await.unwrap();
        assert!(
            lines.last().unwrap().starts_with("MATCH_END "),
            "{:?}",
            lines.last()
        );
        assert!(
            lines.iter().any(|l| l.starts_with("PLAYED 3 ")),
            "the CPU player plays"
        );
    }
    s.stop().await;
}

#[tokio::test]
async fn two_tables_play_at_once() {
    let s = server(6).await;
    let (mut first, _) = table(&s).await;
    let (mut second, _) = table(&s).await;
    // Each table's player 1 opens its own match.
    first[0].send("TRUCO").await;
    second[0].send("TRUCO").await;
    first[1].expect("TRUCO 1 3").await;
    second[1].expect("TRUCO 1 3").await;
    // A ninth connection waits for a third table.
    let mut ninth = connect(&s).await;
    ninth.expect("WELCOME 1 1").await;
    ninth.expect("WAITING 1").await;
    s.stop().await;
}

#[tokio::test]
async fn bytes_that_are_not_commands() {
    let s = server(7).await;
    let (mut p, _) = table(&s).await;
    p[1].send_raw(b"\xff\xfe\x00garbage\n\r\n\n   \n").await;
    p[1].expect("ERROR BAD_COMMAND not a command").await;
    p[1].send_raw(&vec![b'x'; 5000]).await;
    p[1].expect_closed().await;
    for x in [0, 2, 3] {
        p[x].expect("LEFT 2").await;
    }
    s.stop().await;
}

/// One person alone asks for CPU players (`CPU`): they fill the table and the match is
/// played to its end; the next connection starts a new table.
#[tokio::test]
async fn cpu_players_fill_a_table_on_request() {
    let config =
        Config::for_tests(77).with(|t: &mut parlor_server::protocols::truco::TrucoSettings| {
            t.turn_timeout = Duration::from_millis(20)
        });
    let s = TestServer::start(config).await;
    let mut alone = LineClient::connect(s.addr("truco"), "\n").await;
    alone.expect("WELCOME 1 1").await;
    alone.expect("WAITING 1").await;
    alone.send("CPU").await;
    alone.expect("MATCH 1").await;
    // We never play: each of our turns is played for us, and the CPU players theirs.
    let end = alone.until(|l| l.starts_with("MATCH_END")).await;
    assert!(
        end.iter().any(|l| l.starts_with("PLAYED 2 ")),
        "CPU player 2 played"
    );
    alone.expect_closed().await;
    let mut next = LineClient::connect(s.addr("truco"), "\n").await;
    next.expect("WELCOME 1 1").await;
    s.stop().await;
}

/// `SEATS` (parlor's extension) says who plays each seat: people, empty seats before
/// the match, CPU players once it runs, and a seat whose player left.
#[tokio::test]
async fn seats_says_who_plays_each_seat() {
    let s = TestServer::start(Config::for_tests(80)).await;
    let mut ana = connect(&s).await;
    ana.expect("WELCOME 1 1").await;
    ana.expect("WAITING 1").await;
    ana.send("seats").await;
    ana.expect("SEATS PERSON EMPTY EMPTY EMPTY").await;
    let mut bea = connect(&s).await;
    bea.expect("WELCOME 2 2").await;
    ana.expect("WAITING 2").await;
    bea.send("CPU").await;
    bea.send("SEATS").await;
    let seen = bea.until(|l| l.starts_with("SEATS")).await;
    assert_eq!(seen.last().unwrap(), "SEATS PERSON PERSON CPU CPU");
    drop(bea);
    ana.until(|l| l == "LEFT 2").await;
    ana.send("SEATS").await;
    let seen = ana.until(|l| l.starts_with("SEATS")).await;
    assert_eq!(seen.last().unwrap(), "SEATS PERSON CPU CPU CPU");
    s.stop().await;
}

/// A match is listed on `/api/tables` while it runs: its seats (a person, CPU players,
/// then the person away after dropping with a token), its name as given, its hand; it
/// leaves the list when it ends, and nothing hidden is in it.
#[tokio::test]
async fn a_running_match_is_listed_until_it_ends() {
    let s = TestServer::start(Config::for_tests(81)).await;
    let mut ana = connect(&s).await;
    ana.expect("WELCOME 1 1").await;
    ana.send("TOKEN").await;
    ana.send("NAME Ana").await;
    ana.send("CPU").await;
    let dealt = ana.until(|l| l.starts_with("CARDS ")).await;
    let card = dealt.last().unwrap().split(' ').nth(1).unwrap().to_owned();
    let listed = s.tables_until(|t| t.len() == 1).await;
    let table = &listed[0];
    assert_eq!(table["game"], "truco");
    assert_eq!(table["variant"], "course");
    assert_eq!(table["hand"], 1);
    let seats: Vec<(&str, &str)> = (0..4)
        .map(|i| {
            let seat = &table["seats"][i];
            (
                seat["name"].as_str().unwrap(),
                seat["kind"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seats,
        [
            ("Ana", "person"),
            ("CPU2", "cpu"),
            ("CPU3", "cpu"),
            ("CPU4", "cpu")
        ]
    );
    let text = table.to_string();
    assert!(!text.contains("seed") && !text.contains(&card), "{text}");
    ana.until(|l| l.starts_with("TURN 1 ")).await;
    ana.send(&format!("PLAY {card}")).await;
    ana.until(|l| l == format!("PLAYED 1 {card}")).await;
    drop(ana);
    s.tables_until(|t| t.len() == 1 && t[0]["seats"][0]["kind"] == "away")
        .await;
    s.stop().await;
}

/// A watcher of `/ws/watch/<id>` sees the whole match, from the first deal to its end:
/// every play in words, the table after it with every hand face down, then
/// `{"over":true}`. An id that is not playing is 404.
#[tokio::test]
async fn a_watcher_sees_a_whole_match() {
    let s = TestServer::start(Config::for_tests(84)).await;
    let mut ana = connect(&s).await;
    ana.expect("WELCOME 1 1").await;
    ana.expect("WAITING 1").await;
    ana.send("CPU").await;
    let dealt = ana.until(|l| l.starts_with("CARDS ")).await;
    let hand: Vec<String> = dealt
        .last()
        .unwrap()
        .split(' ')
        .skip(1)
        .map(str::to_owned)
        .collect();
    // Named once the match runs: watchers are told her name from then on.
    ana.send("NAME Ana").await;
    let listed = s
        .tables_until(|t| t.len() == 1 && t[0]["seats"][0]["name"] == "Ana")
        .await;
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let first: serde_json::Value =
        serde_json::from_str(&common::ws::frame(&mut watcher).await).unwrap();
    assert_eq!(first["hand"], 1, "{first}");
    assert_eq!(first["steps"][0]["text"], "Hand 1: Ana opens", "{first}");
    assert_eq!(
        first["table"]["hands"][0],
        serde_json::json!(["?", "?", "?"]),
        "{first}"
    );
    let (lines, frames) = tokio::join!(
        play_match(&mut ana, 1, hand),
        common::ws::watch_to_the_end(&mut watcher)
    );
    assert!(lines.iter().any(|l| l.starts_with("MATCH_END")));
    let said: Vec<&str> = frames
        .iter()
        .flat_map(|f| f["steps"].as_array().unwrap())
        .map(|step| step["text"].as_str().unwrap())
        .collect();
    assert!(
        said.iter().any(|t| t.starts_with("CPU2 plays ")),
        "{said:?}"
    );
    assert!(said.iter().any(|t| t.starts_with("Ana plays ")), "{said:?}");
    assert!(said.last().unwrap().contains("wins the game"), "{said:?}");
    let (status, _) = s.get_json("/ws/watch/999999").await;
    assert_eq!(status, 404);
    s.stop().await;
}

/// A table started and left before anyone's move ends at once, and leaves the list.
#[tokio::test]
async fn a_match_nobody_played_leaves_the_list_at_once() {
    let s = TestServer::start(Config::for_tests(82)).await;
    let mut ana = connect(&s).await;
    ana.expect("WELCOME 1 1").await;
    ana.expect("WAITING 1").await;
    ana.send("CPU").await;
    ana.expect("MATCH 1").await;
    s.tables_until(|t| t.len() == 1).await;
    drop(ana);
    s.tables_until(|t| t.is_empty()).await;
    s.stop().await;
}

/// A player who asked for a token (`TOKEN`) and drops mid-match comes back on a new
/// connection with `RESUME <token>`: the same seat, the match so far, and play goes on;
/// an unknown token is refused and changes nothing.
#[tokio::test]
async fn a_player_with_a_token_comes_back_to_the_same_seat() {
    let (s, _dir) = TestServer::storing(Config::for_tests(78)).await;
    let mut alone = connect(&s).await;
    alone.expect("WELCOME 1 1").await;
    alone.expect("WAITING 1").await;
    alone.send("TOKEN").await;
    let token = alone.line().await;
    let token = token.strip_prefix("TOKEN ").expect("a token").to_owned();
    assert_eq!(token.len(), 32);
    alone.send("CPU").await;
    let dealt = alone.until(|l| l.starts_with("CARDS ")).await;
    let cards = dealt.last().unwrap().clone();
    // Its first card (a table left before anyone's first move keeps nothing).
    let first = cards.split(' ').nth(1).unwrap().to_owned();
    alone.until(|l| l.starts_with("TURN 1 ")).await;
    alone.send(&format!("PLAY {first}")).await;
    alone.until(|l| l == format!("PLAYED 1 {first}")).await;
    drop(alone);
    s.open_connections("truco", 0).await;
    // A new connection is seated at the table being formed, until it says RESUME.
    let mut back = connect(&s).await;
    back.expect("WELCOME 1 1").await;
    back.expect("WAITING 1").await;
    back.send("RESUME 0123456789abcdef0123456789abcdef").await;
    back.until(|l| l.starts_with("ERROR BAD_COMMAND")).await;
    back.send(&format!("RESUME {token}")).await;
    back.expect("WELCOME 1 1").await;
    back.expect("MATCH 1").await;
    let hand = back.until(|l| l.starts_with("CARDS ")).await;
    assert_eq!(hand.last().unwrap(), &cards, "the hand so far: {hand:?}");
    // Its own token again changes nothing: the connection keeps its seat.
    back.send(&format!("RESUME {token}")).await;
    let held = cards
        .split(' ')
        .skip(1)
        .filter(|c| *c != first)
        .map(str::to_owned)
        .collect();
    let lines = play_match(&mut back, 1, held).await;
    assert!(
        lines.iter().any(|l| l.starts_with("MATCH_END")),
        "{lines:?}"
    );
    let game = &s.stored("truco", "finished", 1).await[0];
    assert_eq!(game["seats"][0]["name"], "", "no NAME was given: {game}");
    // The table it left while forming was not started by it.
    assert_eq!(s.stored("truco", "finished", 1).await.len(), 1);
    s.stop().await;
}

/// `NAME` (parlor's extension): the name a player is recorded and rated under, given
/// before the match or during it (the fourth player's connection starts the match at
/// once); a name that is empty, a CPU player's or another player's here is refused.
/// The leaderboard lists people by those names, and nobody for a seat without one.
#[tokio::test]
async fn players_are_recorded_and_rated_by_the_names_they_give() {
    let (s, _dir) = TestServer::storing(Config::for_tests(79)).await;
    let mut ana = connect(&s).await;
    ana.expect("WELCOME 1 1").await;
    ana.expect("WAITING 1").await;
    ana.send("NAME  Ana\u{7}  Lu ").await;
    ana.expect("NAME 1 Ana Lu").await;
    let mut bea = connect(&s).await;
    bea.expect("WELCOME 2 2").await;
    ana.expect("WAITING 2").await;
    for (taken, why) in [("ana lu", "another player"), ("CPU3", "cannot be used")] {
        bea.send(&format!("NAME {taken}")).await;
        let refused = bea.until(|l| l.starts_with("ERROR")).await;
        let refusal = refused.last().unwrap();
        assert!(refusal.starts_with("ERROR BAD_COMMAND") && refusal.contains(why));
    }
    bea.send("CPU").await;
    let mut hands = Vec::new();
    for c in [&mut ana, &mut bea] {
        let dealt = c.until(|l| l.starts_with("CARDS ")).await;
        let cards = dealt.last().unwrap().split(' ').skip(1);
        hands.push(cards.map(str::to_owned).collect::<Vec<_>>());
    }
    // Named after the match started: the running game's record is renamed.
    bea.send("NAME Bea").await;
    let (lines_a, lines_b) = tokio::join!(
        play_match(&mut ana, 1, hands[0].clone()),
        play_match(&mut bea, 2, hands[1].clone())
    );
    assert!(lines_b.contains(&"NAME 2 Bea".to_owned()), "{lines_b:?}");
    let end = lines_a.iter().find(|l| l.starts_with("MATCH_END")).unwrap();
    let game = &s.stored("truco", "finished", 1).await[0];
    let names: Vec<&str> = (0..4)
        .map(|seat| game["seats"][seat]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ana Lu", "Bea", "CPU3", "CPU4"], "{game}");
    let (_, board) = s.get_json("/api/leaderboard/truco").await;
    let mut rated: Vec<&str> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    rated.sort();
    assert_eq!(
        rated,
        ["Ana Lu", "Bea", "CPU3", "CPU4"],
        "{board} after {end}"
    );
    s.stop().await;
}
