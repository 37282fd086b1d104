//! A browser of a WebSocket protocol (Jass) relayed to its protocol's home node. The
//! HTTP port has already upgraded the browser's connection, while the home's session
//! for the protocol takes a TCP client that makes its own handshake. So the edge plays
//! that client over the relay: it opens a relayed connection to the home on an in-memory
//! pipe, makes the WebSocket handshake on it, and passes every message between the
//! browser and the home as it is, either way, until one side closes.

use super::Cluster;
use crate::net::{Peer, Socket};
use futures::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::CancellationToken;

/// The pipe between the edge's WebSocket client and the relay.
const PIPE: usize = 64 * 1024;

/// How long the relay may take to tell the home that the browser left.
const LAST_WORD: std::time::Duration = std::time::Duration::from_secs(5);

impl Cluster {
    /// Relays `browser` (a browser of `protocol` at `peer`, already upgraded) to the
    /// protocol's home node `home` while it is the home (`tenure`), or until `stop`.
    pub async fn relay_websocket(
        self,
        home: String,
        tenure: CancellationToken,
        protocol: &'static str,
        browser: WebSocketStream<Box<dyn Socket>>,
        peer: Peer,
        stop: CancellationToken,
    ) {
        let (ours, theirs) = tokio::io::duplex(PIPE);
        let relay = self.relay(home, protocol, Box::new(theirs), peer, stop.clone(), tenure);
        let relayed = tokio::spawn(relay);
        let handshake = tokio_tungstenite::client_async("ws://parlor/", ours);
        if let Ok((to_home, _)) = handshake.await {
            pass_messages(browser, to_home, &stop).await;
        }
        // The pipe is closed now: the relay tells the home the connection ended.
        if tokio::time::timeout(LAST_WORD, relayed).await.is_err() {
            crate::net::warn_limited!("a relayed {protocol} browser's end did not reach its home");
        }
    }
}

/// Passes messages both ways between `browser` and `home` until either closes (or
/// `stop`); the close goes on to the other side.
async fn pass_messages<A, B>(
    mut browser: WebSocketStream<A>,
    mut home: WebSocketStream<B>,
    stop: &CancellationToken,
) where
    A: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    B: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    loop {
        let (read, to_home) = tokio::select! {
            read = browser.next() => (read, true),
            read = home.next() => (read, false),
            () = stop.cancelled() => break,
        };
        let passed = match passing(read) {
            Passing::On(message) if to_home => home.send(message).await.is_ok(),
            Passing::On(message) => browser.send(message).await.is_ok(),
            Passing::Keep => true,
            Passing::End => false,
        };
        if !passed {
            break;
        }
    }
    let _ = browser.close(None).await;
    let _ = home.close(None).await;
}

/// What a message read from one side means for the other.
enum Passing {
    /// A protocol message: it goes on as it is.
    On(Message),
    /// A ping or a pong: each side's own.
    Keep,
    /// A close, an error, or the end of the stream.
    End,
}

fn passing(read: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>) -> Passing {
    match read {
        Some(Ok(message @ (Message::Text(_) | Message::Binary(_)))) => Passing::On(message),
        Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => Passing::Keep,
        _ => Passing::End,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio_tungstenite::tungstenite::protocol::Role;

    async fn pair() -> (
        WebSocketStream<tokio::io::DuplexStream>,
        WebSocketStream<tokio::io::DuplexStream>,
    ) {
        let (a, b) = tokio::io::duplex(1024);
        let server = WebSocketStream::from_raw_socket(a, Role::Server, None).await;
        let client = WebSocketStream::from_raw_socket(b, Role::Client, None).await;
        (server, client)
    }

    #[tokio::test]
    async fn messages_pass_both_ways_and_a_close_goes_on() {
        let (browser_side, mut browser) = pair().await;
        // The edge's client end faces the home's server end.
        let (mut home_server, edge_client) = pair().await;
        let stop = CancellationToken::new();
        let passing = tokio::spawn(async move {
            pass_messages(browser_side, edge_client, &stop).await;
        });
        browser
            .send(Message::text("{\"type\":\"CHOOSE_PLAYER_NAME\"}"))
            .await
            .unwrap();
        let got = home_server.next().await.unwrap().unwrap();
        assert_eq!(got, Message::text("{\"type\":\"CHOOSE_PLAYER_NAME\"}"));
        home_server
            .send(Message::text("{\"type\":\"BROADCAST\"}"))
            .await
            .unwrap();
        let got = browser.next().await.unwrap().unwrap();
        assert_eq!(got, Message::text("{\"type\":\"BROADCAST\"}"));
        home_server.close(None).await.unwrap();
        passing.await.unwrap();
        assert!(matches!(
            browser.next().await,
            Some(Ok(Message::Close(_))) | None
        ));
    }
}
