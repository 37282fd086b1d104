//! Property tests: arbitrary WebSocket frames (valid messages out of order, broken JSON,
//! binary frames, bytes that are not a WebSocket at all), cut off at any point, never
//! take the Jass server down or disturb a player in another session.

mod common;

use common::{TestServer, PATIENCE};
use futures::{SinkExt, StreamExt};
use parlor_server::Config;
use proptest::prelude::*;
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;
use tokio_tungstenite::tungstenite::Message;

fn server() -> &'static (Runtime, SocketAddr) {
    static SERVER: OnceLock<(Runtime, SocketAddr)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = Runtime::new().expect("runtime");
        let addr = runtime.block_on(async {
            let server = TestServer::start(Config::for_tests(6)).await;
            let addr = server.addr("jass");
            std::mem::forget(server); // lives as long as the test binary
            addr
        });
        (runtime, addr)
    })
}

/// Messages a client may send, in and out of place, and some that are broken.
const MESSAGES: &[&str] = &[
    r#"{"type":"CHOOSE_PLAYER_NAME","data":"fuzz"}"#,
    r#"{"type":"CHOOSE_PLAYER_NAME","data":7}"#,
    r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"AUTOJOIN","sessionName":"Fuzz"}}"#,
    r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"CREATE_NEW","sessionName":"Fuzz","chosenTeamIndex":1}}"#,
    r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"JOIN_EXISTING","sessionName":"nowhere"}}"#,
    r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"SPECTATOR","sessionName":"Fuzz"}}"#,
    r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"CREATE_NEW","sessionName":"FuzzCup","sessionType":"TOURNAMENT","asSpectator":true}}"#,
    r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"AUTOJOIN","sessionName":"Fuzz","chosenTeamIndex":9}}"#,
    r#"{"type":"JOIN_BOT","data":{"sessionName":"Fuzz","chosenTeamIndex":1}}"#,
    r#"{"type":"JOIN_BOT","data":{}}"#,
    r#"{"type":"START_TOURNAMENT"}"#,
    r#"{"type":"CHOOSE_TRUMPF","data":{"mode":"SCHIEBE"}}"#,
    r#"{"type":"CHOOSE_TRUMPF","data":{"mode":"TRUMPF","trumpfColor":"HEARTS"}}"#,
    r#"{"type":"CHOOSE_CARD","data":{"number":14,"color":"SPADES"}}"#,
    r#"{"type":"CHOOSE_CARD","data":{"number":99,"color":"PURPLE"}}"#,
    r#"{"type":"NOPE"}"#,
    r#"{"type":"CHOOSE_CARD""#,
    "null",
    "[]",
];

#[derive(Debug, Clone)]
enum Frame {
    Text(String),
    Binary(Vec<u8>),
    Ping,
}

fn frame() -> impl Strategy<Value = Frame> {
    prop_oneof![
        6 => proptest::sample::select(MESSAGES).prop_map(|m| Frame::Text(m.to_owned())),
        1 => ".{0,60}".prop_map(Frame::Text),
        1 => proptest::collection::vec(any::<u8>(), 0..60).prop_map(Frame::Binary),
        1 => Just(Frame::Ping),
    ]
}

/// Sends the frames, then either closes properly or just drops the socket; every frame
/// the server sends back must be a JSON message with a type.
async fn fuzz_frames(addr: SocketAddr, frames: Vec<Frame>, close: bool) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/fuzz"))
        .await
        .expect("connect");
    for f in frames {
        let message = match f {
            Frame::Text(t) => Message::text(t),
            Frame::Binary(b) => Message::binary(b),
            Frame::Ping => Message::Ping(Vec::new().into()),
        };
        if ws.send(message).await.is_err() {
            return;
        }
    }
    if close {
        ws.close(None).await.ok();
    }
    // Read what is already on its way, without waiting for a game to end.
    while let Ok(Some(Ok(m))) = tokio::time::timeout(std::time::Duration::ZERO, ws.next()).await {
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).expect("JSON from the server");
            assert!(v["type"].is_string(), "{v}");
        }
    }
}

/// Raw bytes where a WebSocket handshake should be: the server closes the connection.
async fn fuzz_raw(addr: SocketAddr, bytes: Vec<u8>) {
    let mut socket = TcpStream::connect(addr).await.unwrap();
    socket.write_all(&bytes).await.ok();
    socket.shutdown().await.ok();
    let mut sink = Vec::new();
    let closed = tokio::time::timeout(PATIENCE, socket.read_to_end(&mut sink)).await;
    assert!(
        closed.is_ok(),
        "the server closes a non-WebSocket connection"
    );
}

/// A fresh player still gets through naming and joining a session of its own.
async fn still_served(addr: SocketAddr) {
    static PROBES: AtomicU64 = AtomicU64::new(0);
    let case = PROBES.fetch_add(1, Ordering::Relaxed);
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/"))
        .await
        .expect("connect");
    let next_type = async |ws: &mut tokio_tungstenite::WebSocketStream<_>| loop {
        let m = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("the server answers")
            .expect("open")
            .expect("a frame");
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            return v["type"].as_str().unwrap().to_owned();
        }
    };
    assert_eq!(next_type(&mut ws).await, "REQUEST_PLAYER_NAME");
    let name = r#"{"type":"CHOOSE_PLAYER_NAME","data":"probe"}"#;
    ws.send(Message::text(name)).await.unwrap();
    assert_eq!(next_type(&mut ws).await, "REQUEST_SESSION_CHOICE");
    let choose = format!(
        r#"{{"type":"CHOOSE_SESSION","data":{{"sessionChoice":"CREATE_NEW","sessionName":"probe {case}"}}}}"#
    );
    ws.send(Message::text(choose)).await.unwrap();
    assert_eq!(next_type(&mut ws).await, "BROADCAST_SESSION_JOINED");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn arbitrary_frames_never_disturb_other_players(
        frames in proptest::collection::vec(frame(), 0..25),
        close in any::<bool>(),
    ) {
        let (runtime, addr) = server();
        runtime.block_on(async {
            fuzz_frames(*addr, frames, close).await;
            still_served(*addr).await;
        });
    }

    #[test]
    fn arbitrary_bytes_instead_of_a_handshake_are_closed(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let (runtime, addr) = server();
        runtime.block_on(async {
            fuzz_raw(*addr, bytes).await;
            still_served(*addr).await;
        });
    }
}
