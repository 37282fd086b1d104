//! Nobody takes a seat, a table or a game that is not theirs, nobody holds a table by
//! leaving and coming back, and nobody fills the server with ghosts: over the wire.

mod common;

use common::{LineClient, TestServer};
use parlor_server::Config;
use std::time::Duration;
use tokio::time::Instant;

/// Course Truco: a player who drops just before their time runs out and comes back with
/// their token finds the time that was left, not a new turn. Virtual time: the server's
/// timers run on the test's paused clock.
#[tokio::test(start_paused = true)]
async fn coming_back_does_not_restart_the_turn_timer() {
    let limit = Duration::from_secs(60);
    let config = Config::for_tests(101)
        .with(|t: &mut parlor_server::protocols::truco::TrucoSettings| t.turn_timeout = limit);
    let s = TestServer::start(config).await;
    let mut me = LineClient::connect(s.addr("truco"), "\n").await;
    me.expect("WELCOME 1 1").await;
    me.expect("WAITING 1").await;
    me.send("TOKEN").await;
    let token = me.line().await;
    let token = token.strip_prefix("TOKEN ").expect("a token").to_owned();
    me.send("CPU").await;
    // Our first card (a table left before anyone's first move keeps nothing), then the
    // next time the match waits for us to play.
    let dealt = me.until(|l| l.starts_with("TURN 1 ")).await;
    let cards = dealt
        .iter()
        .rev()
        .find(|l| l.starts_with("CARDS "))
        .unwrap();
    me.send(&format!("PLAY {}", cards.split(' ').nth(1).unwrap()))
        .await;
    loop {
        let line = me.line().await;
        if line.starts_with("TRUCO 2 ") || line.starts_with("TRUCO 4 ") {
            me.send("ACCEPT").await;
        }
        if line.starts_with("TURN 1 ") {
            break;
        }
    }
    let turn_began = Instant::now();
    // Away just before the time runs out, back at once with the token.
    tokio::time::sleep(limit - Duration::from_secs(2)).await;
    drop(me);
    s.open_connections("truco", 0).await;
    let mut me = LineClient::connect(s.addr("truco"), "\n").await;
    me.until(|l| l.starts_with("WAITING")).await;
    me.send(&format!("RESUME {token}")).await;
    me.until(|l| l.starts_with("ERROR TIMEOUT")).await;
    let held = turn_began.elapsed();
    assert!(
        held < limit + Duration::from_secs(1),
        "the turn ran {held:?}, its limit is {limit:?}"
    );
    s.stop().await;
}

/// Today's app's private tables: wrong codes cost an address more and more time, and a
/// try it may not make yet is refused without the code being looked up, so the right
/// code found by counting is refused too.
#[tokio::test(start_paused = true)]
async fn private_codes_cannot_be_counted_through() {
    let s = TestServer::start(Config::for_tests(102)).await;
    let addr = s.addr("minitruco");
    let mut ana = LineClient::connect(addr, "\r\n").await;
    ana.send("B 30101").await;
    ana.send("N Ana").await;
    ana.expect("N Ana").await;
    ana.send("E PRI P").await;
    let info = ana.line().await;
    let code = info.rsplit("PRI-").next().unwrap().to_owned();
    let wrong = if code == "00000" { "00001" } else { "00000" };
    let socket = common::connect_from([127, 0, 0, 2], addr).await;
    let mut guesser = LineClient::over(socket, "\r\n");
    guesser.send("B 30101").await;
    for _ in 0..5 {
        guesser.send(&format!("E PRI-{wrong}")).await;
        guesser.expect("X SI").await;
    }
    // The sixth try comes too soon: even the right code is refused (and counts, so the
    // next wait is 2 s).
    guesser.send(&format!("E PRI-{code}")).await;
    guesser.expect("X SI").await;
    // Its friend at another address is not slowed.
    let mut friend = LineClient::over(common::connect_from([127, 0, 0, 3], addr).await, "\r\n");
    friend.send("B 30101").await;
    friend.send("N Bia").await;
    friend.expect("N Bia").await;
    friend.send(&format!("E PRI-{code}")).await;
    assert!(friend.line().await.starts_with("I Ana|Bia|"));
    // After its wait, the guesser's next try is looked up.
    tokio::time::sleep(Duration::from_secs(2)).await;
    guesser.send(&format!("E PRI-{code}")).await;
    loop {
        // The app's keep-alive is echoed, as the app does.
        let line = guesser.line().await;
        if line.starts_with("K ") {
            guesser.send(&line).await;
            continue;
        }
        assert!(line.starts_with("I Ana|Bia|"), "{line}");
        break;
    }
    s.stop().await;
}

/// Connecting and closing thousands of times is no way around the limits: one address
/// opens at most `connect_rate` connections a second (twice that at once).
#[tokio::test(start_paused = true)]
async fn one_address_opens_connections_at_a_limited_rate() {
    let mut config = Config::for_tests(103);
    config.limits.connect_rate = 5;
    let s = TestServer::start(config).await;
    let addr = s.addr("truco");
    let mut welcomed = 0;
    for _ in 0..20 {
        let mut c = LineClient::connect(addr, "\n").await;
        if c.next().await.is_some_and(|l| l.starts_with("WELCOME")) {
            welcomed += 1;
        }
    }
    assert_eq!(welcomed, 10, "a burst of twice the rate");
    // Others are not slowed, and the address gets its rate back with time.
    let mut other = LineClient::over(common::connect_from([127, 0, 0, 2], addr).await, "\n");
    assert!(other.line().await.starts_with("WELCOME"));
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut again = LineClient::connect(addr, "\n").await;
    assert!(again.line().await.starts_with("WELCOME"));
    s.stop().await;
}

/// Reads a Warlords connection until `want` has arrived; all that came, as text.
async fn wars_until(socket: &mut tokio::net::TcpStream, want: &str) -> String {
    use tokio::io::AsyncReadExt;
    let mut seen = String::new();
    let mut buffer = [0u8; 4096];
    while !seen.contains(want) {
        let read = tokio::time::timeout(common::PATIENCE, socket.read(&mut buffer))
            .await
            .expect("the server answered in time")
            .expect("read");
        assert!(read > 0, "closed before {want}: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buffer[..read]));
    }
    seen
}

/// Warlords: a person playing with CPU players whose connection closes for good leaves
/// no game running: when the grace period ends the hand is over (CPU players never play
/// on alone; nobody having played in it, it is not even stored), the hall is free, and
/// a newcomer is dealt in.
#[tokio::test(start_paused = true)]
async fn a_warlords_game_left_to_cpu_players_ends_and_frees_the_hall() {
    use tokio::io::AsyncWriteExt;
    let mut config = Config::for_tests(104);
    let wars = config.game_mut::<parlor_server::protocols::wars::WarsSettings>();
    wars.cpu_players = 2;
    wars.cpu_delay = Duration::from_secs(1);
    config.reconnect_grace = Duration::from_secs(30);
    let (s, _dir) = TestServer::storing(config).await;
    let addr = s.addr("wars");
    let mut alice = tokio::net::TcpStream::connect(addr).await.unwrap();
    alice.write_all(b"[cjoin|alice   ]").await.unwrap();
    wars_until(&mut alice, "[shand|").await;
    drop(alice);
    // Past the grace period the hand is over for good.
    tokio::time::sleep(Duration::from_secs(31)).await;
    // Real time again: the store writes on a thread of its own.
    tokio::time::resume();
    no_game_playing(&s, "wars").await;
    let (_, all) = s.get_json("/api/games?protocol=wars").await;
    assert_eq!(
        all,
        serde_json::json!([]),
        "a hand nobody played in is not kept"
    );
    let mut bob = tokio::net::TcpStream::connect(addr).await.unwrap();
    bob.write_all(b"[cjoin|bob     ]").await.unwrap();
    let dealt = wars_until(&mut bob, "[shand|").await;
    assert!(dealt.contains("[sjoin|bob     ]"), "{dealt}");
    s.stop().await;
}

/// Waits until the API lists no game of `protocol` as being played.
async fn no_game_playing(s: &TestServer, protocol: &str) {
    let path = format!("/api/games?protocol={protocol}&status=playing");
    let poll = async {
        while s.get_json(&path).await.1 != serde_json::json!([]) {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(common::PATIENCE, poll)
        .await
        .expect("no game left running");
}

/// Jass: a session left by every person ends (its name is no longer offered): a single
/// game with a server bot, and a tournament nobody entered.
#[tokio::test]
async fn jass_sessions_nobody_is_in_end() {
    use common::ws::{frame, open, send};
    let s = TestServer::start(Config::for_tests(105)).await;
    let msg = |kind: &str, data: serde_json::Value| {
        serde_json::json!({"type": kind, "data": data}).to_string()
    };
    for (name, choice) in [
        (
            "ghost",
            serde_json::json!({"sessionChoice": "CREATE_NEW", "sessionName": "ghost"}),
        ),
        (
            "cup",
            serde_json::json!({"sessionChoice": "CREATE_NEW", "sessionName": "cup", "sessionType": "TOURNAMENT", "asSpectator": true}),
        ),
    ] {
        let mut ws = open(&s, "jass").await;
        frame(&mut ws).await;
        send(&mut ws, &msg("CHOOSE_PLAYER_NAME", "host".into())).await;
        frame(&mut ws).await;
        send(&mut ws, &msg("CHOOSE_SESSION", choice)).await;
        if name == "ghost" {
            send(
                &mut ws,
                &msg("JOIN_BOT", serde_json::json!({"sessionName": "ghost"})),
            )
            .await;
        }
        let offered = frame(&mut ws).await;
        assert!(!offered.contains("BAD_MESSAGE"), "{offered}");
        drop(ws);
        // A newcomer is soon offered no such session.
        let listed = async {
            loop {
                let mut next = open(&s, "jass").await;
                frame(&mut next).await;
                send(&mut next, &msg("CHOOSE_PLAYER_NAME", "next".into())).await;
                let choice = frame(&mut next).await;
                if !choice.contains(&format!("\"{name}\"")) {
                    return;
                }
            }
        };
        tokio::time::timeout(common::PATIENCE, listed)
            .await
            .expect("the session ended");
    }
    s.stop().await;
}

/// miniTruco 2008: a person away is taken back only by the exact nickname from their
/// address: `N ALICE` from that address is a nickname in use, not alice's seat.
#[tokio::test]
async fn minitruco_takes_a_seat_back_only_by_the_exact_nickname() {
    let s = TestServer::start(Config::for_tests(106)).await;
    let addr = s.addr("minitruco");
    let mut alice = LineClient::connect(addr, "\r\n").await;
    alice.send("N alice").await;
    alice.expect("N alice").await;
    alice.send("E 1").await;
    alice.until(|l| l.starts_with("I 1 ")).await;
    alice.send("Q").await;
    common::minitruco::open_the_hand(&mut alice).await;
    drop(alice);
    s.open_connections("minitruco", 0).await;
    let mut shouting = LineClient::connect(addr, "\r\n").await;
    shouting.send("N ALICE").await;
    shouting.expect("X NE").await;
    shouting.send("N alice").await;
    shouting.expect("N alice").await;
    shouting.expect("E 1").await;
    s.stop().await;
}

/// Course Truco: `RESUME` with a seat's token takes it also from a connection still
/// open (a reload), and that connection is told why before it is closed.
#[tokio::test]
async fn course_truco_tells_a_connection_replaced_by_its_token() {
    let s = TestServer::start(Config::for_tests(107)).await;
    let addr = s.addr("truco");
    let mut first = LineClient::connect(addr, "\n").await;
    first.until(|l| l.starts_with("WAITING")).await;
    first.send("TOKEN").await;
    let token = first.line().await;
    let token = token.strip_prefix("TOKEN ").unwrap().to_owned();
    first.send("CPU").await;
    let dealt = first.until(|l| l.starts_with("TURN 1 ")).await;
    let cards = dealt
        .iter()
        .rev()
        .find(|l| l.starts_with("CARDS "))
        .unwrap();
    first
        .send(&format!("PLAY {}", cards.split(' ').nth(1).unwrap()))
        .await;
    let mut second = LineClient::connect(addr, "\n").await;
    second.until(|l| l.starts_with("WAITING")).await;
    second.send(&format!("RESUME {token}")).await;
    second.expect("WELCOME 1 1").await;
    first.until(|l| l.starts_with("ERROR RESUMED ")).await;
    first.expect_closed().await;
    s.stop().await;
}

/// Jass: names are unique at a table, so a namesake from the same address is another
/// player; once the game runs it cannot take a connected player's seat by name.
#[tokio::test]
async fn jass_namesakes_never_take_a_connected_players_seat() {
    use common::ws::{frame, open, send, until};
    let s = TestServer::start(Config::for_tests(108)).await;
    let msg = |kind: &str, data: serde_json::Value| {
        serde_json::json!({"type": kind, "data": data}).to_string()
    };
    let join = serde_json::json!({"sessionChoice": "JOIN_EXISTING", "sessionName": "night"});
    let mut guests = Vec::new();
    for _ in 0..2 {
        let mut ws = open(&s, "jass").await;
        frame(&mut ws).await;
        send(&mut ws, &msg("CHOOSE_PLAYER_NAME", "guest".into())).await;
        frame(&mut ws).await;
        send(&mut ws, &msg("CHOOSE_SESSION", join.clone())).await;
        let joined = until(&mut ws, |f| f.contains("BROADCAST_SESSION_JOINED")).await;
        guests.push((ws, joined));
    }
    assert!(guests[0].1.contains(r#""name":"guest""#), "{}", guests[0].1);
    assert!(
        guests[1].1.contains(r#""name":"guest2""#),
        "{}",
        guests[1].1
    );
    let bots = serde_json::json!({"sessionName": "night"});
    send(&mut guests[0].0, &msg("JOIN_BOT", bots.clone())).await;
    send(&mut guests[0].0, &msg("JOIN_BOT", bots)).await;
    until(&mut guests[0].0, |f| f.contains("BROADCAST_TEAMS")).await;
    // A third `guest` from the same address while both are connected: refused.
    let mut third = open(&s, "jass").await;
    frame(&mut third).await;
    send(&mut third, &msg("CHOOSE_PLAYER_NAME", "guest".into())).await;
    frame(&mut third).await;
    send(&mut third, &msg("CHOOSE_SESSION", join)).await;
    let refused = until(&mut third, |f| f.contains("BAD_MESSAGE")).await;
    assert!(refused.contains("already started"), "{refused}");
    // The first guest still plays: it is asked for its trumpf or a card.
    until(&mut guests[0].0, |f| f.contains("REQUEST_TRUMPF")).await;
    s.stop().await;
}
