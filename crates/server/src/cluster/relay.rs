//! A connection relayed to its protocol's home node over NATS. The node a client
//! reached (the edge) says `open` on `parlor.relay.<home>` with the protocol, the
//! client's address and a connection id; from then on the client's bytes go to
//! `parlor.relay.<id>.up` and the home's to `parlor.relay.<id>.down`, in order, an empty
//! message meaning the end. The home runs the protocol's own session on one end of an
//! in-memory pipe whose other end is those two subjects, so the protocol cannot tell a
//! relayed client from one of its own: nothing on the client's wire changes. A relayed
//! connection ends when its home stops being the protocol's home, or when its edge node
//! dies (`super::living`).

use super::living::either;
use super::Cluster;
use crate::net::{Peer, SeatToken, Socket};
use bytes::Bytes;
use futures::future::BoxFuture;
use futures::StreamExt;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_util::sync::CancellationToken;

/// A protocol's session on a connection, as the home runs it for a relayed client.
pub type Serve =
    Arc<dyn Fn(Box<dyn Socket>, Peer, CancellationToken) -> BoxFuture<'static, ()> + Send + Sync>;

/// Bytes read from one side before they are sent on.
const CHUNK: usize = 16 * 1024;

/// A relayed connection's opening.
#[derive(serde::Serialize, serde::Deserialize)]
struct Open {
    protocol: String,
    peer: SocketAddr,
    /// A browser's seat token, for the home's seats to know it by.
    token: Option<String>,
    id: String,
    /// The edge node: the connection ends if it dies.
    edge: String,
}

fn subject(node: &str) -> String {
    format!("parlor.relay.{node}")
}

impl Cluster {
    /// Takes relayed connections for the protocols in `serve` until `stop`.
    pub async fn serve_relayed(self, serve: HashMap<&'static str, Serve>, stop: CancellationToken) {
        let Ok(mut opens) = self.client.subscribe(subject(&self.run)).await else {
            crate::net::warn_limited!("the cluster's relay: cannot subscribe");
            return;
        };
        loop {
            let message = tokio::select! {
                message = opens.next() => message,
                () = stop.cancelled() => break,
            };
            let Some(message) = message else { break };
            let Ok(open) = serde_json::from_slice::<Open>(&message.payload) else {
                continue;
            };
            let Some(session) = serve.get(open.protocol.as_str()).cloned() else {
                continue;
            };
            let up = format!("parlor.relay.{}.up", open.id);
            let down = format!("parlor.relay.{}.down", open.id);
            // Subscribed before the edge is told to go on: no byte of the client's is
            // sent before the home listens.
            let Ok(from_edge) = self.client.subscribe(up).await else {
                continue;
            };
            let Some(reply) = message.reply else { continue };
            if self.client.publish(reply, Bytes::new()).await.is_err() {
                continue;
            }
            let (ours, theirs) = tokio::io::duplex(CHUNK);
            let peer = Peer {
                addr: open.peer,
                token: open.token.as_deref().and_then(SeatToken::parse),
            };
            // The tables this node is carrying on first: the player may have one.
            let carried = self.homes.carrying(&open.protocol);
            let session_stop = stop.child_token();
            tokio::spawn(async move {
                if let Some(carried) = carried {
                    carried.cancelled().await;
                }
                session(Box::new(theirs), peer, session_stop).await;
            });
            let client = self.client.clone();
            let ended = either(&stop, self.living.tenure(&open.edge));
            tokio::spawn(async move {
                carry(client, Box::new(ours), from_edge, down, ended.clone()).await;
                ended.cancel();
            });
        }
    }

    /// Relays `socket` (a client of `protocol` at `peer`) to its home node `home`, until
    /// either ends, or `stop`, or `tenure` (`home` is no longer the protocol's home: it
    /// died or handed its tables over, and the client comes back to its seat wherever
    /// its table went).
    pub async fn relay(
        self,
        home: String,
        protocol: &'static str,
        socket: Box<dyn Socket>,
        peer: Peer,
        stop: CancellationToken,
        tenure: CancellationToken,
    ) {
        let id = self.client.new_inbox().replace('.', "_");
        let (up, down) = (
            format!("parlor.relay.{id}.up"),
            format!("parlor.relay.{id}.down"),
        );
        let open = Open {
            protocol: protocol.to_owned(),
            peer: peer.addr,
            token: peer.token.as_ref().map(|t| t.as_str().to_owned()),
            id,
            edge: self.run.clone(),
        };
        let Ok(open) = serde_json::to_vec(&open) else {
            return;
        };
        // Subscribed before the home can answer: its first bytes are not missed.
        let Ok(from_home) = self.client.subscribe(down).await else {
            return;
        };
        // The home answers once it listens for the client's bytes.
        let asked = self.client.request(subject(&home), open.into());
        if !matches!(tokio::time::timeout(OPEN_WAIT, asked).await, Ok(Ok(_))) {
            crate::net::warn_limited!("the home node of {protocol} did not take a connection");
            return;
        }
        let ended = either(&stop, tenure);
        carry(self.client, socket, from_home, up, ended.clone()).await;
        ended.cancel();
    }
}

/// How long an edge waits for the home to take a connection.
const OPEN_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Carries bytes both ways between `socket` and NATS (`incoming` in, `outgoing` out)
/// until either side ends (or `stop`); the end is told to the other side.
async fn carry(
    client: async_nats::Client,
    socket: Box<dyn Socket>,
    mut incoming: async_nats::Subscriber,
    outgoing: String,
    stop: CancellationToken,
) {
    let (mut read, mut write) = tokio::io::split(socket);
    let mut buffer = vec![0u8; CHUNK];
    loop {
        tokio::select! {
            read = read.read(&mut buffer) => {
                let n = read.unwrap_or(0);
                let chunk = Bytes::copy_from_slice(&buffer[..n]);
                if n == 0 || client.publish(outgoing.clone(), chunk).await.is_err() {
                    break;
                }
            }
            message = incoming.next() => {
                let Some(message) = message else { break };
                if message.payload.is_empty() || write.write_all(&message.payload).await.is_err() {
                    break;
                }
            }
            () = stop.cancelled() => break,
        }
    }
    let _ = client.publish(outgoing, Bytes::new()).await;
    let _ = write.shutdown().await;
}
