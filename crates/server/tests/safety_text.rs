//! Text one client sends never reaches another raw: names with control characters or a
//! protocol's separators are refused with that protocol's error, chat is cleaned before
//! it is relayed, look-alike names cannot pose as taken or CPU names, and a browser gets
//! exactly one protocol message per WebSocket frame.

mod common;

use common::ws::{frame, open, send, until};
use common::{LineClient, TestServer, PATIENCE};
use futures::SinkExt;
use parlor_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Whether `text` has a control character.
fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

#[tokio::test]
async fn a_mahjong_name_cannot_forge_frames_for_a_browser() {
    let config = Config::for_tests(71).with(
        |m: &mut parlor_server::protocols::mahjong::MahjongSettings| {
            m.fill_after = std::time::Duration::from_secs(3600)
        },
    );
    let s = TestServer::start(config).await;
    let mut web = open(&s, "mahjong").await;
    send(&mut web, "mmj1c 5:webby").await;
    assert_eq!(frame(&mut web).await, "mmj1s");
    let mut tcp = LineClient::connect(s.addr("mahjong"), "\n").await;
    let forged = "x\nmove dr w000 h1\nwin 2 0: 64000.";
    tcp.send(&format!("mmj1c {}:{forged}", forged.len())).await;
    let refused = tcp.line().await;
    assert!(
        refused.starts_with("reject ") && refused.contains("control"),
        "{refused}"
    );
    // A name that looks like counted strings, spaces and all, is fine: it is data.
    for name in ["7:a 3:b", "Mallory"] {
        let mut other = LineClient::connect(s.addr("mahjong"), "\n").await;
        other.send(&format!("mmj1c {}:{name}", name.len())).await;
        other.expect("mmj1s").await;
        std::mem::forget(other);
    }
    let mut last = LineClient::connect(s.addr("mahjong"), "\n").await;
    last.send("mmj1c 4:Last").await;
    last.expect("mmj1s").await;
    // The table starts: the browser's `game` frame is one message with every name.
    let game = until(&mut web, |f| f.starts_with("game ")).await;
    assert!(
        game.contains(" 7:7:a 3:b ") && game.ends_with(" 4:Last"),
        "{game}"
    );
    assert!(!has_control(&game), "{game:?}");
    let forged_frame = tokio::time::timeout(std::time::Duration::from_millis(300), async {
        loop {
            let f = frame(&mut web).await;
            if f.starts_with("win ") || f.starts_with("move dr w000") || has_control(&f) {
                return f;
            }
        }
    })
    .await;
    assert!(forged_frame.is_err(), "forged: {forged_frame:?}");
    s.stop().await;
}

#[tokio::test]
async fn minitruco_chat_loses_its_escapes_and_names_cannot_look_alike() {
    let s = TestServer::start(Config::for_tests(72)).await;
    let addr = s.addr("minitruco");
    let mut alice = LineClient::connect(addr, "\r\n").await;
    alice.send("N alice").await;
    alice.expect("N alice").await;
    let mut bob = LineClient::connect(addr, "\r\n").await;
    bob.send("N bob").await;
    bob.expect("N bob").await;
    // Look-alikes of a taken name and of the CPU players' names are taken.
    let mut mallory = LineClient::connect(addr, "\r\n").await;
    for name in ["bοb", "BOB", "CPU１", "CPU٣", "СPU1", "cpu2"] {
        mallory.send(&format!("N {name}")).await;
        assert_eq!(mallory.line().await, "X NE", "{name}");
    }
    mallory.send("N mallory").await;
    mallory.expect("N mallory").await;
    for c in [&mut alice, &mut bob] {
        c.send("E 1").await;
        c.until(|l| l.starts_with("I 1 ")).await;
    }
    alice
        .send_raw("B hi \u{1b}[2J\u{1b}c\u{7}\u{0} there\u{202e}!\r\n".as_bytes())
        .await;
    let chat = bob.until(|l| l.starts_with("B ")).await.pop().unwrap();
    assert_eq!(chat, "B alice hi [2Jc there!");
    alice
        .send_raw("M bob psst\u{1b}]0;owned\u{7}\r\n".as_bytes())
        .await;
    let whisper = bob.until(|l| l.starts_with("M ")).await.pop().unwrap();
    assert_eq!(whisper, "M alice psst]0;owned");
    s.stop().await;
}

/// Reads Warlords messages from `tcp` until one starts with `prefix`.
async fn wars_until(tcp: &mut TcpStream, prefix: &str) -> String {
    let mut buffer = Vec::new();
    let read = async {
        loop {
            if let Some(end) = buffer.iter().position(|&b| b == b']') {
                let message: Vec<u8> = buffer.drain(..=end).collect();
                let message = String::from_utf8(message).unwrap();
                if message.starts_with(prefix) {
                    return message;
                }
                continue;
            }
            let mut chunk = [0u8; 1024];
            let n = tcp.read(&mut chunk).await.unwrap();
            assert!(n > 0, "closed before {prefix}");
            buffer.extend_from_slice(&chunk[..n]);
        }
    };
    tokio::time::timeout(PATIENCE, read).await.expect("in time")
}

#[tokio::test]
async fn warlords_chat_keeps_its_fields_and_its_width() {
    let s = TestServer::start(Config::for_tests(73)).await;
    let mut ann = TcpStream::connect(s.addr("wars")).await.unwrap();
    ann.write_all(b"[cjoin|ann     ]").await.unwrap();
    wars_until(&mut ann, "[sjoin|").await;
    // (`[` and `]` delimit messages: a client cannot send them inside one.)
    let text = "a|b:c,d\u{1b}(0 \u{7}éé, and 60 bytes in all or so: a full field";
    ann.write_all(format!("[cchat|{text}]").as_bytes())
        .await
        .unwrap();
    let schat = wars_until(&mut ann, "[schat|").await;
    assert_eq!(schat.len(), 80, "{schat}");
    assert_eq!(schat.matches('|').count(), 2, "{schat}");
    assert_eq!(schat.matches(':').count() + schat.matches(',').count(), 0);
    assert!(!has_control(&schat), "{schat:?}");
    assert!(
        schat.starts_with("[schat|ann     |a b c d(0 éé  and 60 bytes"),
        "{schat}"
    );
    s.stop().await;
}

#[tokio::test]
async fn a_jass_name_with_control_characters_is_refused() {
    let s = TestServer::start(Config::for_tests(74)).await;
    let url = format!("ws://{}/", s.addr("jass"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    assert!(frame(&mut ws).await.contains("REQUEST_PLAYER_NAME"));
    let evil = serde_json::json!({"type": "CHOOSE_PLAYER_NAME", "data": "bot\u{1b}[31m\n"});
    ws.send(Message::text(evil.to_string())).await.unwrap();
    let answer = frame(&mut ws).await;
    assert!(
        answer.contains("BAD_MESSAGE") && answer.contains("control"),
        "{answer}"
    );
    assert!(frame(&mut ws).await.contains("REQUEST_PLAYER_NAME"));
    // Session names reach the other players too.
    let named = serde_json::json!({"type": "CHOOSE_PLAYER_NAME", "data": "bot"});
    ws.send(Message::text(named.to_string())).await.unwrap();
    assert!(frame(&mut ws).await.contains("REQUEST_SESSION_CHOICE"));
    let session = serde_json::json!({"type": "CHOOSE_SESSION",
        "data": {"sessionChoice": "CREATE_NEW", "sessionName": "x\u{1b}[2J\ny"}});
    ws.send(Message::text(session.to_string())).await.unwrap();
    let answer = frame(&mut ws).await;
    assert!(
        answer.contains("BAD_MESSAGE") && answer.contains("sessionName"),
        "{answer}"
    );
    s.stop().await;
}
