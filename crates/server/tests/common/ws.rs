//! A WebSocket client of the HTTP port's `/ws/<protocol>` routes: one protocol message
//! per text frame.

use super::{TestServer, PATIENCE};
use futures::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub async fn open(s: &TestServer, protocol: &str) -> Ws {
    open_at(s, &format!("/ws/{protocol}")).await
}

/// A browser tab holding seat token `token`, as parlor's web client connects.
#[allow(dead_code)] // not every test binary uses it
pub async fn open_with_token(s: &TestServer, protocol: &str, token: &str) -> Ws {
    open_at(s, &format!("/ws/{protocol}?token={token}")).await
}

/// A watcher of running table `id` (`/ws/watch/<id>`).
#[allow(dead_code)] // not every test binary uses it
pub async fn watch(s: &TestServer, id: &serde_json::Value) -> Ws {
    open_at(s, &format!("/ws/watch/{id}")).await
}

/// Every frame a watcher gets until the game is over (`{"over":true}`), as JSON.
#[allow(dead_code)] // not every test binary uses it
pub async fn watch_to_the_end(ws: &mut Ws) -> Vec<serde_json::Value> {
    let mut frames = Vec::new();
    loop {
        let f: serde_json::Value = serde_json::from_str(&frame(ws).await).unwrap();
        if f["over"] == true {
            return frames;
        }
        for hand in f["table"]["hands"].as_array().unwrap() {
            let shown = hand.as_array().unwrap();
            assert!(shown.iter().all(|face| face == "?"), "a hand shown: {f}");
        }
        frames.push(f);
    }
}

async fn open_at(s: &TestServer, path: &str) -> Ws {
    let url = format!("ws://{}{path}", s.addr("http"));
    tokio_tungstenite::connect_async(url)
        .await
        .expect("upgrade")
        .0
}

pub async fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::text(text.to_owned())).await.unwrap();
}

/// The next text frame.
pub async fn frame(ws: &mut Ws) -> String {
    loop {
        let m = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("a frame in time")
            .expect("open")
            .expect("no error");
        if let Message::Text(t) = m {
            return t.to_string();
        }
    }
}

/// The first frame that satisfies `want`, within [`PATIENCE`] in all (keep-alive frames
/// must not keep a failing test waiting).
pub async fn until(ws: &mut Ws, want: impl Fn(&str) -> bool) -> String {
    let search = async {
        loop {
            let f = frame(ws).await;
            if want(&f) {
                return f;
            }
        }
    };
    tokio::time::timeout(PATIENCE, search)
        .await
        .expect("the frame came in time")
}
