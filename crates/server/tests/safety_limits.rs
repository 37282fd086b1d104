//! Nothing a client does exhausts the server: HTTP connections are capped per listener
//! and per address and time out when idle or slow; a WebSocket that closes or breaks
//! ends its session at once; connections that never say hello are closed; a client that
//! floods without reading is dropped as soon as its queue is full; a silent course Truco
//! player is played for.

mod common;

use common::ws::{open, send, until};
use common::{connect_from, LineClient, TestServer, PATIENCE};
use futures::SinkExt;
use parlor_server::config::Limits;
use parlor_server::protocols::wars::WarsSettings;
use parlor_server::Config;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;

/// Limits small enough for a test to reach.
fn tight(seed: u64) -> Config {
    Config {
        limits: Limits {
            max_connections: Some(24),
            max_per_address: 8,
            hello_timeout: Duration::from_millis(500),
            http_header_timeout: Duration::from_millis(500),
            http_idle_timeout: Duration::from_secs(1),
            connect_rate: 0,
            ..Limits::default()
        },
        ..Config::for_tests(seed)
    }
}

/// A TCP connection to `to` from loopback address `from` (127.0.0.x: each its own host
/// as far as the server can tell).
/// Waits until the server closes `tcp` (reading and dropping whatever it sends).
async fn closed_by_server(tcp: &mut TcpStream) {
    let mut sink = Vec::new();
    tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut sink))
        .await
        .expect("the server closed the connection in time")
        .ok();
}

#[tokio::test]
async fn idle_half_sent_and_dripping_http_clients_are_closed() {
    let s = TestServer::start(tight(81)).await;
    let http = s.addr("http");
    let mut idle = TcpStream::connect(http).await.unwrap();
    let mut half = TcpStream::connect(http).await.unwrap();
    half.write_all(b"GET /heal").await.unwrap();
    let mut drip = TcpStream::connect(http).await.unwrap();
    let dripping = async {
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        for byte in b"GET /healthz HTTP/1.1\r\nHost: parlor\r\n\r\n" {
            tick.tick().await;
            if drip.write_all(&[*byte]).await.is_err() {
                return true;
            }
        }
        false
    };
    assert!(
        dripping.await,
        "a client sending a byte every 100 ms was cut off"
    );
    closed_by_server(&mut idle).await;
    closed_by_server(&mut half).await;
    // A keep-alive connection that goes quiet after an answer is closed too.
    let mut kept = TcpStream::connect(http).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: parlor\r\n\r\n")
        .await
        .unwrap();
    closed_by_server(&mut kept).await;
    s.open_connections("http", 1).await;
    s.stop().await;
}

#[tokio::test]
async fn one_host_cannot_take_every_http_place() {
    let s = TestServer::start(tight(82)).await;
    let http = s.addr("http");
    let mut hog = Vec::new();
    for _ in 0..8 {
        hog.push(connect_from([127, 0, 0, 2], http).await);
    }
    // The ninth from the same host is closed at once, unanswered...
    let mut refused = connect_from([127, 0, 0, 2], http).await;
    refused
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: parlor\r\n\r\n")
        .await
        .ok();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(PATIENCE, refused.read_to_end(&mut answer)).await;
    assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
    // ...while another host is served.
    let (status, health) = s.get_json("/healthz").await;
    assert_eq!(status, 200);
    assert_eq!(health["limits"]["connections_per_address"], 8);
    // The listener as a whole is capped too: 24 places, 8 per host.
    for host in 3..5 {
        for _ in 0..8 {
            hog.push(connect_from([127, 0, 0, host], http).await);
        }
    }
    let mut full = connect_from([127, 0, 0, 9], http).await;
    closed_by_server(&mut full).await;
    // Every other protocol still answers.
    let mut mini = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    mini.send("N still").await;
    mini.expect("N still").await;
    s.stop().await;
}

/// A browser in room 1 as `webby`, with the room's `I` line seen.
async fn seated_browser(s: &TestServer) -> common::ws::Ws {
    let mut web = open(s, "minitruco").await;
    send(&mut web, "N webby").await;
    send(&mut web, "E 1").await;
    until(&mut web, |f| f.starts_with("I 1 webby")).await;
    web
}

/// Waits until the nickname `webby` is free again, as it is once its session ended.
async fn webby_is_free(s: &TestServer) {
    let mut tcp = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    let poll = async {
        loop {
            tcp.send("N webby").await;
            if tcp.line().await == "N webby" {
                return;
            }
        }
    };
    tokio::time::timeout(PATIENCE, poll)
        .await
        .expect("the browser's session ended and freed its name");
}

/// The underlying TCP stream of a client WebSocket.
fn tcp_of(ws: common::ws::Ws) -> TcpStream {
    match ws.into_inner() {
        MaybeTlsStream::Plain(tcp) => tcp,
        _ => unreachable!("plain ws://"),
    }
}

#[tokio::test]
async fn a_browser_that_goes_away_leaves_its_seat_at_once() {
    let s = TestServer::start(Config::for_tests(83)).await;
    // A close frame.
    let mut web = seated_browser(&s).await;
    web.close(None).await.unwrap();
    webby_is_free(&s).await;
    s.open_connections("minitruco", 1).await;
    // A FIN without a close frame.
    let web = seated_browser(&s).await;
    drop(tcp_of(web));
    webby_is_free(&s).await;
    // A reset.
    let web = seated_browser(&s).await;
    let tcp = tcp_of(web);
    tcp.set_zero_linger().unwrap();
    drop(tcp);
    webby_is_free(&s).await;
    s.open_connections("minitruco", 1).await;
    s.stop().await;
}

/// The close code of the close frame the server sends after `raw` bytes.
async fn close_code_after(s: &TestServer, raw: &[u8]) -> u16 {
    let mut web = seated_browser(s).await;
    web.send(Message::text("B hi")).await.unwrap();
    let mut tcp = tcp_of(web);
    tcp.write_all(raw).await.unwrap();
    let mut rest = Vec::new();
    let _ = tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut rest)).await;
    let at = rest
        .windows(2)
        .rposition(|w| w[0] == 0x88 && (2..126).contains(&w[1]))
        .expect("a close frame");
    u16::from_be_bytes([rest[at + 2], rest[at + 3]])
}

#[tokio::test]
async fn a_bad_frame_gets_the_right_close_code_and_frees_the_seat() {
    let s = TestServer::start(Config::for_tests(84)).await;
    // An unmasked client frame breaks the protocol: 1002.
    assert_eq!(close_code_after(&s, &[0x81, 0x02, b'h', b'i']).await, 1002);
    webby_is_free(&s).await;
    // A frame over the size limit: 1009.
    let mut huge = vec![0x81, 0xFF];
    huge.extend_from_slice(&(1u64 << 20).to_be_bytes());
    huge.extend_from_slice(&[1, 2, 3, 4]);
    assert_eq!(close_code_after(&s, &huge).await, 1009);
    webby_is_free(&s).await;
    s.open_connections("minitruco", 1).await;
    s.stop().await;
}

#[tokio::test]
async fn connections_that_never_say_hello_are_closed() {
    let s = TestServer::start(tight(85).with(|wars: &mut WarsSettings| wars.max_clients = 4)).await;
    // Silent sockets on every protocol with a hello; Warlords' four places all taken.
    let mut silent = Vec::new();
    for protocol in [
        "minitruco",
        "mahjong",
        "jass",
        "wars",
        "wars",
        "wars",
        "wars",
    ] {
        silent.push(TcpStream::connect(s.addr(protocol)).await.unwrap());
    }
    let mut late = TcpStream::connect(s.addr("wars")).await.unwrap();
    late.write_all(b"[cjoin|late    ]").await.unwrap();
    let mut refused = String::new();
    let _ = tokio::time::timeout(PATIENCE, late.read_to_string(&mut refused)).await;
    assert!(refused.contains("[strik|81|"), "{refused}");
    for tcp in &mut silent {
        closed_by_server(tcp).await;
    }
    // The places are free again: a real player joins.
    let mut real = TcpStream::connect(s.addr("wars")).await.unwrap();
    real.write_all(b"[cjoin|real    ]").await.unwrap();
    let mut joined = [0u8; 16];
    tokio::time::timeout(PATIENCE, real.read_exact(&mut joined))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(&joined, b"[sjoin|real    ]");
    s.stop().await;
}

#[tokio::test]
async fn a_flood_without_reading_is_dropped_when_its_queue_fills() {
    let s = TestServer::start(Config::for_tests(86)).await;
    let mut flood = TcpStream::connect(s.addr("mahjong")).await.unwrap();
    // Each `pass` earns a `reject`; nothing is read, so the replies pile up.
    let lines = "pass\n".repeat(10_000);
    let sent = async {
        for _ in 0..100 {
            if flood.write_all(lines.as_bytes()).await.is_err() {
                return;
            }
        }
    };
    // Dropped at once, not after the writer's 10 s timeouts.
    tokio::time::timeout(Duration::from_secs(5), sent)
        .await
        .expect("the server dropped the flood as soon as its queue was full");
    s.open_connections("mahjong", 0).await;
    s.stop().await;
}

#[tokio::test]
async fn a_silent_course_truco_player_is_played_for() {
    let config =
        Config::for_tests(87).with(|t: &mut parlor_server::protocols::truco::TrucoSettings| {
            t.turn_timeout = Duration::from_millis(200)
        });
    let s = TestServer::start(config).await;
    let mut players = Vec::new();
    for _ in 0..4 {
        players.push(LineClient::connect(s.addr("truco"), "\n").await);
    }
    // Nobody says a word, yet the match goes on: each silent turn is played for.
    let first = &mut players[0];
    let lines = first.until(|l| l.starts_with("ERROR TIMEOUT")).await;
    assert!(lines.iter().any(|l| l.starts_with("TURN ")), "{lines:?}");
    let after = first.until(|l| l.starts_with("PLAYED ")).await;
    assert!(!after.is_empty());
    s.stop().await;
}

#[tokio::test]
async fn a_silent_minitruco_player_is_played_for() {
    let config = Config::for_tests(88).with(
        |m: &mut parlor_server::protocols::minitruco::MinitrucoSettings| {
            m.turn_timeout = Duration::from_millis(200)
        },
    );
    let s = TestServer::start(config).await;
    let mut c = LineClient::connect(s.addr("minitruco"), "\r\n").await;
    c.send("N quiet").await;
    c.expect("N quiet").await;
    c.send("E 1").await;
    c.until(|l| l.starts_with("I 1 ")).await;
    c.send("Q").await;
    // Our turn comes; we say nothing, and our card is played for us.
    c.until(|l| l.starts_with("V 1 ")).await;
    let played = c.until(|l| l.starts_with("J 1 ")).await;
    assert!(played.last().unwrap().split(' ').count() >= 3, "{played:?}");
    s.stop().await;
}

#[tokio::test]
async fn a_silent_mahjong_player_is_played_for_and_cpu_players_never_block_the_table() {
    let mut config = Config::for_tests(89);
    config
        .game_mut::<parlor_server::protocols::mahjong::MahjongSettings>()
        .turn_timeout = Duration::from_millis(100);
    let s = TestServer::start(config).await;
    let mut c = LineClient::connect(s.addr("mahjong"), "\n").await;
    c.send("mmj1c 5:quiet").await;
    c.expect("mmj1s").await;
    // Seat 1 deals: asked to play, we say nothing, and a tile goes from our hand to our
    // discards for us; later claim windows pass by themselves.
    c.until(|l| l == "play").await;
    c.until(|l| l.starts_with("move ") && l.ends_with(" h1 d1"))
        .await;
    c.until(|l| l == "claim").await;
    c.until(|l| l.starts_with("move ") && l.ends_with(" d1"))
        .await;
    s.stop().await;

    // CPU players think while the table reads its inbox: chat is answered at once even
    // while a CPU player's (long) thinking time runs.
    let mut config = Config::for_tests(90);
    config
        .game_mut::<parlor_server::protocols::mahjong::MahjongSettings>()
        .cpu_delay = Duration::from_secs(3600);
    let s = TestServer::start(config).await;
    let mut c = LineClient::connect(s.addr("mahjong"), "\n").await;
    c.send("mmj1c 5:chatty").await;
    c.expect("mmj1s").await;
    // The last tile dealt to us (the dealer's draw) is one we hold: discard it.
    let dealt = c.until(|l| l == "play").await;
    let drawn = dealt
        .iter()
        .rev()
        .find(|l| l.starts_with("move ") && l.ends_with(" h1"))
        .unwrap();
    let tile = drawn.split(' ').nth(1).unwrap().to_owned();
    c.send(&format!("discard {tile}")).await;
    c.until(|l| l.starts_with("move ") && l.ends_with(" h1 d1"))
        .await;
    // Seat 2 (a CPU player) now thinks for an hour; the table still answers.
    c.send("chat 1.2:hi").await;
    c.until(|l| l == "chat 1 . 2:hi").await;
    s.stop().await;
}

#[tokio::test]
async fn a_silent_jass_player_is_answered_for() {
    let mut config = Config::for_tests(91);
    config
        .game_mut::<parlor_server::protocols::jass::JassSettings>()
        .turn_timeout = Duration::from_millis(200);
    let s = TestServer::start(config).await;
    let url = format!("ws://{}/", s.addr("jass"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let send = |kind: &str, data: serde_json::Value| {
        Message::text(serde_json::json!({"type": kind, "data": data}).to_string())
    };
    ws.send(send("CHOOSE_PLAYER_NAME", "Quiet".into()))
        .await
        .unwrap();
    let choice = serde_json::json!({"sessionChoice": "CREATE_NEW", "sessionName": "quiet"});
    ws.send(send("CHOOSE_SESSION", choice)).await.unwrap();
    for _ in 0..3 {
        let bot = serde_json::json!({"sessionName": "quiet"});
        ws.send(send("JOIN_BOT", bot)).await.unwrap();
    }
    // Seat 0 chooses the first trumpf: we never answer, and the game goes on.
    let mut ws = ws;
    until(&mut ws, |f| f.contains("REQUEST_TRUMPF")).await;
    until(&mut ws, |f| f.contains("BROADCAST_TRUMPF")).await;
    until(&mut ws, |f| f.contains("REQUEST_CARD")).await;
    until(&mut ws, |f| f.contains("PLAYED_CARDS")).await;
    s.stop().await;
}
