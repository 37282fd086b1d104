//! miniTruco over real TCP: the lounge, rooms, whole games, and bad input.

mod common;

use common::minitruco::{open_the_hand, play_on_until, play_until_game_over};
use common::{connect_from, LineClient, TestServer};
use parlor_server::Config;
use std::collections::HashSet;
use std::time::Duration;

async fn server(seed: u64) -> TestServer {
    TestServer::start(Config::for_tests(seed)).await
}

async fn client(server: &TestServer) -> LineClient {
    LineClient::connect(server.addr("minitruco"), "\r\n").await
}

/// A connected client with a nickname.
async fn named(server: &TestServer, nick: &str) -> LineClient {
    let mut c = client(server).await;
    c.send(&format!("N {nick}")).await;
    c.expect(&format!("N {nick}")).await;
    c
}

/// A named client that entered `room` and read the `E` and `I` lines.
async fn in_room(server: &TestServer, nick: &str, room: usize) -> LineClient {
    let mut c = named(server, nick).await;
    c.send(&format!("E {room}")).await;
    c.expect(&format!("E {room}")).await;
    let info = c.line().await;
    assert!(info.starts_with(&format!("I {room} ")), "{info}");
    c
}

/// Asserts that nothing was answered to the lines sent since the last read: a `W` probe
/// must be answered next.
async fn expect_silence(c: &mut LineClient) {
    c.send("W").await;
    c.expect("W 2.00.00").await;
}

#[tokio::test]
async fn version_list_and_nicknames() {
    let s = server(1).await;
    let mut a = client(&s).await;
    a.send("W").await;
    a.expect("W 2.00.00").await;
    a.send("l").await;
    a.expect("L 0|0|0|0|0|0|0|0|0|0").await;
    a.send("E 1").await;
    a.expect("X NO").await;
    a.send("Q").await;
    a.expect("X NO").await;
    a.send("N bad nick!").await; // only the first token counts
    a.expect("N bad").await;
    a.send("N no#hash").await;
    a.expect("X NI").await;
    a.send("N").await;
    a.expect("X NI").await;
    a.send("N Alice").await;
    a.expect("N Alice").await;
    let mut b = client(&s).await;
    b.send("N aLiCe").await;
    b.expect("X NE").await;
    b.send("N cpu2").await;
    b.expect("X NE").await;
    // The nickname is freed on disconnect.
    drop(a);
    loop {
        b.send("N alice").await;
        if b.line().await == "N alice" {
            break;
        }
    }
    s.stop().await;
}

#[tokio::test]
async fn unknown_letters_get_x_ci_and_the_rest_is_ignored() {
    let s = server(1).await;
    let mut a = client(&s).await;
    a.send("Z").await;
    a.expect("X CI").await;
    a.send("z 1 2").await;
    a.expect("X CI").await;
    a.send("QUIT").await;
    a.send("").await;
    a.send("J").await;
    a.send("Jx").await;
    expect_silence(&mut a).await;
    // Any line ending works.
    a.send_raw(b"W\rW\nW\r\n").await;
    for _ in 0..3 {
        a.expect("W 2.00.00").await;
    }
    s.stop().await;
}

#[tokio::test]
async fn entering_rooms_and_their_errors() {
    let s = server(1).await;
    let mut a = named(&s, "alice").await;
    for bad in ["E", "E x", "E 0", "E 11", "E -1"] {
        a.send(bad).await;
        a.expect("X SI").await;
    }
    a.send("I").await;
    a.expect("X FS").await;
    a.send("S").await;
    a.expect("X FS").await;
    a.send("B hi").await;
    a.expect("X FS").await;
    a.send("E 2").await;
    a.expect("E 2").await;
    a.expect("I 2 alice||| FTTT 1 FF").await;
    a.send("E 3").await;
    a.expect("X JE 2").await;
    a.send("I").await;
    a.expect("I 2 alice||| FTTT 1 FF").await;

    // `I n` works without a nickname.
    let mut spy = client(&s).await;
    spy.send("I 2").await;
    spy.expect("I 2 alice||| FTTT 1 FF").await;
    spy.send("I 99").await;
    spy.expect("X SI").await;

    let mut b = in_room(&s, "bob", 2).await;
    a.expect("I 2 alice|bob|| FFTT 1 FF").await;
    let _c = in_room(&s, "carol", 2).await;
    let _d = in_room(&s, "dave", 2).await;
    let mut e = named(&s, "eve").await;
    e.send("E 2").await;
    e.expect("X CH").await;
    e.send("L").await;
    e.expect("L 0|4|0|0|0|0|0|0|0|0").await;

    // Leaving: `S` to the leaver, `I` to the others; the manager passes on.
    a.send("S").await;
    a.until(|l| l == "S").await;
    let info = b.until(|l| l.starts_with("I 2 |bob")).await;
    assert_eq!(info.last().unwrap(), "I 2 |bob|carol|dave TFFF 2 FF");
    s.stop().await;
}

/// Leaving a room and coming straight back, with the lines sent in one burst: the notice
/// that the first stay ended must not end the second one (which left the person seated
/// with the session believing otherwise, so a disconnect leaked the seat and nickname).
#[tokio::test]
async fn leaving_and_reentering_the_same_room_at_once_keeps_the_new_seat() {
    let s = server(1).await;
    for round in 0..20 {
        let nick = format!("back{round}");
        let mut c = client(&s).await;
        c.send_raw(format!("N {nick}\r\nE 2\r\nS\r\nE 2\r\n").as_bytes())
            .await;
        c.until(|l| l == "S").await;
        c.expect("E 2").await;
        c.expect(&format!("I 2 {nick}||| FTTT 1 FF")).await;
        c.send("I").await;
        c.expect(&format!("I 2 {nick}||| FTTT 1 FF")).await;
        c.send("S").await;
        c.expect("S").await;
    }
    s.stop().await;
}

#[tokio::test]
async fn the_manager_sets_rules_swaps_cycles_and_kicks() {
    let s = server(1).await;
    let mut a = in_room(&s, "a", 1).await;
    let mut b = in_room(&s, "b", 1).await;
    a.line().await;
    let mut c = in_room(&s, "c", 1).await;
    a.line().await;
    b.line().await;
    let mut d = in_room(&s, "d", 1).await;
    for x in [&mut a, &mut b, &mut c] {
        x.expect("I 1 a|b|c|d FFFF 1 FF").await;
    }

    // Only the manager's R, V, O, K act; others are ignored.
    b.send("R TF").await;
    b.send("V").await;
    b.send("K 1").await;
    expect_silence(&mut b).await;

    a.send("R TT").await;
    a.expect("X TT").await;
    a.send("R TF").await;
    a.expect("I 1 a|b|c|d FFFF 1 TF").await;
    a.send("V").await;
    a.expect("I 1 a|d|c|b FFFF 1 TF").await;
    a.send("O").await;
    // partner c -> right foe (2), right foe d -> left foe (4), left foe b -> partner (3)
    a.expect("I 1 a|c|b|d FFFF 1 TF").await;
    a.send("K x").await;
    a.expect("X JI").await;
    a.send("K 9").await;
    a.expect("X JI").await;
    a.send("K 1").await; // oneself: no effect
    expect_silence(&mut a).await;
    a.send("K 2").await;
    a.expect("I 1 a||b|d FTFF 1 TF").await;
    c.until(|l| l == "S").await;
    // The kicked person is out of the room and may enter another.
    c.send("I").await;
    c.expect("X FS").await;
    c.send("E 5").await;
    c.expect("E 5").await;

    // Chat to the room, and a private message.
    b.send("B hello all").await;
    for x in [&mut a, &mut b, &mut d] {
        x.until(|l| l == "B b hello all").await;
    }
    d.send("M A psst there").await;
    a.expect("M d psst there").await;
    expect_silence(&mut b).await;
    s.stop().await;
}

fn scores(lines: &[String]) -> Vec<(u32, u32)> {
    lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            match w.as_slice() {
                ["O", a, b] => Some((a.parse().unwrap(), b.parse().unwrap())),
                _ => None,
            }
        })
        .collect()
}

#[tokio::test]
async fn one_person_plays_a_whole_game_against_cpu_players() {
    let s = server(7).await;
    let mut a = in_room(&s, "alice", 1).await;
    a.send("Q").await;
    a.expect("I 1 alice||| TTTT 1 FF").await;
    a.expect("P 1").await;
    let lines = play_until_game_over(&mut a, 1).await;
    let first_deal = &lines[0];
    assert!(first_deal.starts_with("M ") && first_deal.split(' ').count() == 5);
    assert_eq!(lines[1], "V 1 F");
    let scores = scores(&lines);
    assert!(scores
        .windows(2)
        .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1));
    let (t1, t2) = *scores.last().unwrap();
    let winner = if t1 >= 12 { 1 } else { 2 };
    assert!(t1.max(t2) >= 12);
    assert_eq!(lines.last().unwrap(), &format!("G {winner}"));
    // No `I` follows `G` unasked: the 2008 client takes any `I` in a game for its end
    // and would skip its end-of-game screen. Asked, the room shows that every person must
    // say `Q` again.
    a.send("L").await;
    a.expect("L 1|0|0|0|0|0|0|0|0|0").await;
    a.send("I").await;
    a.expect("I 1 alice||| FTTT 1 FF").await;
    s.stop().await;
}

#[tokio::test]
async fn two_people_and_cpus_play_to_the_end_and_see_the_same_game() {
    let s = server(11).await;
    let mut a = in_room(&s, "alice", 3).await;
    let mut b = in_room(&s, "bob", 3).await;
    a.line().await;
    a.send("Q").await;
    a.expect("I 3 alice|bob|| TFTT 1 FF").await;
    b.expect("I 3 alice|bob|| TFTT 1 FF").await;
    // The game waits for everyone; during it the room counts as full.
    a.send("L").await;
    a.expect("L 0|0|2|0|0|0|0|0|0|0").await;
    b.send("Q").await;
    b.expect("I 3 alice|bob|| TTTT 1 FF").await;
    b.expect("P 2").await;
    a.expect("I 3 alice|bob|| TTTT 1 FF").await;
    a.expect("P 1").await;
    let (la, lb) = tokio::join!(
        play_until_game_over(&mut a, 1),
        play_until_game_over(&mut b, 2)
    );
    let public = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| ["O ", "G ", "R "].iter().any(|p| l.starts_with(p)))
            .cloned()
            .collect()
    };
    assert_eq!(public(&la), public(&lb));
    s.stop().await;
}

#[tokio::test]
async fn raise_rules_over_the_wire() {
    let s = server(3).await;
    let mut a = in_room(&s, "alice", 1).await;
    a.send("Q").await;
    a.until(|l| l == "V 1 F").await;
    // Out-of-place answers are ignored.
    a.send("D").await;
    a.send("C").await;
    a.send("H T").await;
    a.send("J 8p").await; // not even in the deck
    a.send("J Zz").await;
    expect_silence(&mut a).await;
    a.send("T").await;
    a.expect("T 1 3").await;
    // Our own raise cannot be answered by us, nor raised again while pending.
    a.send("D").await;
    a.send("T").await;
    let answers = a
        .until(|l| l.starts_with("D ") || l.starts_with("O "))
        .await;
    if answers.last().unwrap().starts_with("D ") {
        assert!(["D 2 3", "D 4 3"].contains(&answers.last().unwrap().as_str()));
        // Our team raised last: another raise is refused (ignored).
        a.send("T").await;
        expect_silence(&mut a).await;
    } else {
        assert_eq!(answers, ["C 2", "C 4", "O 1 0"]);
    }
    s.stop().await;
}

#[tokio::test]
async fn a_closed_card_in_the_first_round_is_played_open() {
    let s = server(3).await;
    let mut a = in_room(&s, "alice", 1).await;
    a.send("Q").await;
    let lines = a.until(|l| l == "V 1 F").await;
    let deal = lines.iter().find(|l| l.starts_with("M ")).unwrap();
    let card = deal.split(' ').nth(1).unwrap().to_owned();
    a.send(&format!("J {card} T")).await;
    a.expect(&format!("J 1 {card}")).await;
    s.stop().await;
}

#[tokio::test]
async fn a_hand_of_eleven_shows_the_partner_cards() {
    // Alice (seat 1) and Carol (seat 3) are partners; CPU players sit in 2 and 4.
    let s = server(5).await;
    let mut a = in_room(&s, "alice", 1).await;
    let mut b = in_room(&s, "bob", 1).await;
    let mut c = in_room(&s, "carol", 1).await;
    b.send("S").await;
    c.until(|l| l == "I 1 alice||carol| FTFT 1 FF").await;
    a.until(|l| l == "I 1 alice||carol| FTFT 1 FF").await;
    drop(b);
    let mut seen_eleven = false;
    for _game in 0..40 {
        a.send("Q").await;
        c.send("Q").await;
        a.until(|l| l == "P 1").await;
        c.until(|l| l == "P 3").await;
        let (la, lc) = tokio::join!(
            play_until_game_over(&mut a, 1),
            play_until_game_over(&mut c, 3)
        );
        for (mine, theirs) in [(&la, &lc), (&lc, &la)] {
            for (i, line) in mine.iter().enumerate().filter(|(_, l)| l.starts_with("F ")) {
                seen_eleven = true;
                // The partner's cards are the ones of the partner's latest deal.
                let deals_before = mine[..i].iter().filter(|l| l.starts_with("M ")).count();
                let partner_deal = theirs
                    .iter()
                    .filter(|l| l.starts_with("M "))
                    .nth(deals_before - 1);
                let partner_cards: Vec<&str> =
                    partner_deal.unwrap().split(' ').skip(1).take(3).collect();
                assert_eq!(line, &format!("F {}", partner_cards.join(" ")));
                // No turn is given before the decision, which is announced.
                assert!(mine[i + 1].starts_with("F ") || mine[i + 1].starts_with("H "));
            }
        }
        if seen_eleven {
            break;
        }
    }
    assert!(seen_eleven, "no hand of 11 in 40 games");
    s.stop().await;
}

#[tokio::test]
async fn a_person_leaving_mid_game_ends_it_for_everyone() {
    // Without a grace period a dropped connection leaves at once.
    let config = Config {
        reconnect_grace: Duration::ZERO,
        ..Config::for_tests(9)
    };
    let s = TestServer::start(config).await;
    let mut a = in_room(&s, "alice", 1).await;
    let mut b = in_room(&s, "bob", 1).await;
    a.line().await;
    a.send("Q").await;
    b.send("Q").await;
    a.until(|l| l.starts_with("M ")).await;
    b.until(|l| l.starts_with("M ")).await;
    drop(b);
    a.until(|l| l == "A 2").await;
    a.until(|l| l == "I 1 alice||| FTTT 1 FF").await;
    // The room is usable again.
    a.send("Q").await;
    a.until(|l| l == "P 1").await;
    s.stop().await;
}

#[tokio::test]
async fn silence_gets_keepalive_lines_and_a_half_line_waits() {
    let config = Config::for_tests(1).with(
        |m: &mut parlor_server::protocols::minitruco::MinitrucoSettings| {
            m.keepalive = Duration::from_millis(100)
        },
    );
    let s = TestServer::start(config).await;
    let mut a = client(&s).await;
    a.keep_empty = true;
    a.send_raw(b"N ali").await;
    a.expect("").await;
    a.expect("").await;
    a.send_raw(b"ce\n").await;
    assert_eq!(a.until(|l| !l.is_empty()).await.last().unwrap(), "N alice");
    s.stop().await;
}

#[tokio::test]
async fn a_line_over_the_cap_closes_only_that_connection() {
    let s = server(1).await;
    let mut a = in_room(&s, "alice", 1).await;
    let mut b = in_room(&s, "bob", 1).await;
    a.line().await;
    b.send_raw(&vec![b'B'; 5000]).await;
    b.expect_closed().await;
    a.expect("I 1 alice||| FTTT 1 FF").await;
    expect_silence(&mut a).await;
    s.stop().await;
}

#[tokio::test]
async fn garbage_bytes_are_answered_or_ignored_but_never_fatal() {
    let s = server(1).await;
    let mut a = client(&s).await;
    // Invalid UTF-8 becomes replacement characters: a line of one character is an
    // unknown command, a longer first token is ignored.
    a.send_raw(b"\xff\xfe\n\x00\n\x80abc\n\xc3\xa9\n\xff\nW\n")
        .await;
    let answers = a.until(|l| l == "W 2.00.00").await;
    assert_eq!(answers, ["X CI", "X CI", "X CI", "W 2.00.00"]);
    s.stop().await;
}

#[tokio::test]
async fn a_client_that_never_reads_is_dropped_and_nobody_else_notices() {
    let config = Config {
        limits: parlor_server::config::Limits {
            outbox_lines: 64,
            connect_rate: 0,
            ..Default::default()
        },
        ..Config::for_tests(1)
    };
    let s = TestServer::start(config).await;
    let mut a = in_room(&s, "alice", 1).await;
    let mut flooder = in_room(&s, "bob", 1).await;
    a.line().await;
    let chunk = "W\n".repeat(32 * 1024);
    let mut sent = 0usize;
    use tokio::io::AsyncWriteExt;
    while flooder.writer.write_all(chunk.as_bytes()).await.is_ok() {
        sent += chunk.len();
        assert!(
            sent < 512 << 20,
            "the server kept reading a client that never reads"
        );
    }
    a.until(|l| l == "I 1 alice||| FTTT 1 FF").await;
    expect_silence(&mut a).await;
    s.stop().await;
}

#[tokio::test]
async fn shutdown_closes_every_connection() {
    let s = server(1).await;
    let mut a = in_room(&s, "alice", 1).await;
    let mut b = named(&s, "bob").await;
    a.send("Q").await;
    a.until(|l| l == "V 1 F").await;
    s.stop().await;
    a.expect_closed().await;
    b.expect_closed().await;
}

/// Every card a person sees must be theirs, the vira, a card played face up, or (in a
/// hand of 11) their partner's. Checked across whole games for a person at seat 1.
#[tokio::test]
async fn notifications_never_reveal_hidden_cards() {
    let s = server(21).await;
    let mut a = in_room(&s, "alice", 1).await;
    for _ in 0..3 {
        a.send("Q").await;
        a.until(|l| l == "P 1").await;
        let lines = play_until_game_over(&mut a, 1).await;
        let mut allowed: HashSet<String> = HashSet::new();
        for line in &lines {
            let w: Vec<&str> = line.split(' ').collect();
            match w.as_slice() {
                ["M", cards @ ..] => allowed = cards.iter().map(|c| c.to_string()).collect(),
                ["F", cards @ ..] => allowed.extend(cards.iter().map(|c| c.to_string())),
                // Another seat's closed card never carries the card.
                ["J", pos, _card, ..] if *pos != "1" => {
                    assert_eq!(w.len(), 3, "{line}");
                }
                ["J", "1", card, ..] => assert!(allowed.contains(*card), "{line}"),
                ["J", _] => {}
                _ => {
                    let looks_like_card = |t: &&str| t.parse::<cards::Card>().is_ok();
                    assert!(!w.iter().skip(1).any(looks_like_card), "{line}");
                }
            }
        }
    }
    s.stop().await;
}

/// What the original server answered where parlor used to differ: an empty room's
/// manager is position 1, a whisper to nobody or without text is `X JI`, `unnamed` is not
/// a nickname, and an HTTP request on the game port gets a 404 and a close.
#[tokio::test]
async fn answers_as_the_original_server_gave_them() {
    let s = server(1).await;
    let mut a = in_room(&s, "alice", 1).await;
    a.send("I 2").await;
    a.expect("I 2 ||| TTTT 1 FF").await;
    a.send("M nobody hello").await;
    a.expect("X JI").await;
    a.send("M").await;
    a.expect("X JI").await;
    let mut b = in_room(&s, "bob", 1).await;
    a.until(|l| l.starts_with("I 1 alice|bob")).await;
    a.send("M bob").await;
    a.expect("X JI").await;
    a.send("M bob psst").await;
    b.expect("M alice psst").await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("N unnamed").await;
    c.expect("X NI").await;
    let mut web = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    web.send("GET / HTTP/1.1").await;
    web.keep_empty = true;
    web.expect("HTTP/1.0 404 Not Found").await;
    web.expect("").await;
    web.expect_closed().await;
    s.stop().await;
}

/// Alice and bob in room 1, a game started (alice has read up to her position, bob up to
/// his first deal); returns bob's `M` line.
/// Alice and bob at a game with two CPU players, alice's first card played. Returns
/// them, bob's deal, and alice's two cards left.
async fn game_of_two(s: &TestServer) -> (LineClient, LineClient, String, Vec<String>) {
    let mut a = in_room(s, "alice", 1).await;
    let mut b = in_room(s, "bob", 1).await;
    a.send("Q").await;
    b.send("Q").await;
    a.until(|l| l == "P 1").await;
    let dealt = b.until(|l| l.starts_with("M ")).await.pop().unwrap();
    // Alice opens the hand with her first card: a person has played, so someone who
    // drops from here on keeps their seat for the grace period.
    let (hers, card) = open_the_hand(&mut a).await;
    b.until(|l| l == format!("J 1 {card}")).await;
    let left = hers.split(' ').skip(2).take(2).map(str::to_owned).collect();
    (a, b, dealt, left)
}

#[tokio::test]
async fn a_dropped_person_comes_back_to_the_same_seat_and_plays_on() {
    let (s, _dir) = TestServer::storing(Config::for_tests(11)).await;
    let (mut a, b, dealt, left) = game_of_two(&s).await;
    drop(b);
    // While bob is away his nickname is his: only his address may take it back.
    let mut other = LineClient::over(
        connect_from([127, 0, 0, 2], s.addr("minitruco")).await,
        "\r\n",
    );
    other.send("N bob").await;
    other.expect("X NE").await;
    let mut b = loop {
        let mut again = client(&s).await;
        again.send("N bob").await;
        // The room may not have heard of the drop yet: then the nickname is still in use.
        if again.line().await == "N bob" {
            break again;
        }
    };
    b.expect("E 1").await;
    let info = b.line().await;
    assert!(info.starts_with("I 1 alice|bob|CPU3|CPU4 "), "{info}");
    b.expect("P 2").await;
    let (alice, bob) = tokio::join!(
        play_on_until(&mut a, 1, left, |l| l.starts_with("G ")),
        play_until_game_over(&mut b, 2)
    );
    // The hand so far, as bob's seat saw it, came first: his cards.
    assert_eq!(bob[0], dealt);
    assert_eq!(alice.last(), bob.last(), "the same game ends for both");
    let game = &s.stored("minitruco", "finished", 1).await[0];
    assert_eq!(game["seats"][1]["name"], "bob", "{game}");
    s.stop().await;
}

#[tokio::test]
async fn a_person_away_past_the_grace_period_gives_the_seat_up() {
    let config = Config {
        reconnect_grace: Duration::from_millis(50),
        ..Config::for_tests(12)
    };
    let s = TestServer::start(config).await;
    let (mut a, b, ..) = game_of_two(&s).await;
    drop(b);
    a.until(|l| l == "A 2").await;
    a.until(|l| l == "I 1 alice||| FTTT 1 FF").await;
    // Bob's nickname is free again.
    named(&s, "bob").await;
    s.stop().await;
}

#[tokio::test]
async fn saying_s_mid_game_leaves_at_once() {
    let (s, _dir) = TestServer::storing(Config::for_tests(13)).await;
    let (mut a, mut b, ..) = game_of_two(&s).await;
    b.send("S").await;
    b.until(|l| l == "S").await;
    a.until(|l| l == "A 2").await;
    let id = s.stored("minitruco", "abandoned", 1).await[0]["id"].clone();
    let (_, game) = s.get_json(&format!("/api/games/{id}")).await;
    assert!(game.to_string().contains("bob left the room"), "{game}");
    s.stop().await;
}

/// A game is listed on `/api/tables` while it plays (a person, three CPU players, the
/// room's name) and leaves the list when it ends (here: left before anyone's move).
#[tokio::test]
async fn a_running_game_is_listed_until_it_ends() {
    let s = TestServer::start(Config::for_tests(83)).await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("N ana").await;
    c.expect("N ana").await;
    c.send("E 1").await;
    c.until(|l| l.starts_with("I 1 ")).await;
    c.send("Q").await;
    c.until(|l| l.starts_with("M ")).await;
    let listed = s.tables_until(|t| t.len() == 1).await;
    assert_eq!(listed[0]["game"], "minitruco");
    assert_eq!(listed[0]["table"], "room 1");
    let kinds: Vec<&str> = (0..4)
        .map(|i| listed[0]["seats"][i]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["person", "cpu", "cpu", "cpu"]);
    // A watcher gets the hand so far (every hand face down), then the end.
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let first: serde_json::Value =
        serde_json::from_str(&common::ws::frame(&mut watcher).await).unwrap();
    let hands = first["table"]["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 4, "{first}");
    assert!(hands
        .iter()
        .flat_map(|h| h.as_array().unwrap())
        .all(|f| f == "?"));
    assert!(!first["steps"].as_array().unwrap().is_empty(), "{first}");
    drop(c);
    common::ws::watch_to_the_end(&mut watcher).await;
    s.tables_until(|t| t.is_empty()).await;
    s.stop().await;
}

/// A watcher sees a whole game from the first deal: plays in words, every hand face
/// down (a closed card too), then the end.
#[tokio::test]
async fn a_watcher_sees_a_whole_game() {
    let s = TestServer::start(Config::for_tests(85)).await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("N ana").await;
    c.expect("N ana").await;
    c.send("E 1").await;
    c.until(|l| l.starts_with("I 1 ")).await;
    c.send("Q").await;
    let listed = s.tables_until(|t| t.len() == 1).await;
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let (_, frames) = tokio::join!(
        play_until_game_over(&mut c, 1),
        common::ws::watch_to_the_end(&mut watcher)
    );
    let said: Vec<&str> = frames
        .iter()
        .flat_map(|f| f["steps"].as_array().unwrap())
        .map(|step| step["text"].as_str().unwrap())
        .collect();
    assert!(said.iter().any(|t| t.starts_with("ana plays ")), "{said:?}");
    assert!(said.last().unwrap().contains("wins the game"), "{said:?}");
    s.stop().await;
}
