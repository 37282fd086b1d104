//! A WebSocket's place on the server once its handshake is done on the HTTP port: what
//! a protocol is handed ([`WsEntry`]) and the place it serves it in ([`WsPlace`]). It
//! lives with the network so that protocols take browsers without knowing the HTTP port.

use super::{Admitted, Peer, Socket};
use futures::FutureExt;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::CancellationToken;

/// What a protocol does with a WebSocket whose handshake is done: serves it in a task
/// of its own ([`WsPlace::spawn`]).
pub type WsEntry =
    Arc<dyn Fn(WebSocketStream<Box<dyn Socket>>, Peer, CancellationToken, WsPlace) + Send + Sync>;

/// A browser's place on the server, held by the task that serves it: dropping it logs
/// the close and gives the place back to the protocol's limit.
pub struct WsPlace {
    _admitted: Admitted,
    protocol: &'static str,
    peer: SocketAddr,
}

impl WsPlace {
    /// The place `admitted` gives a browser at `peer` in `protocol`.
    pub fn new(admitted: Admitted, protocol: &'static str, peer: SocketAddr) -> WsPlace {
        WsPlace {
            _admitted: admitted,
            protocol,
            peer,
        }
    }

    /// Runs `session` in a task of its own that holds this place until it ends. The
    /// session's future lives in the task itself, not in a box the task points to: one
    /// allocation per browser instead of two.
    pub fn spawn(self, session: impl Future<Output = ()> + Send + 'static) {
        tokio::spawn(session.map(move |()| drop(self)));
    }
}

impl Drop for WsPlace {
    fn drop(&mut self) {
        tracing::debug!(protocol = self.protocol, peer = %self.peer, "websocket closed");
    }
}
