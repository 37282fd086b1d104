//! `/ws/watch/<table id>` on the HTTP port: a running table streamed to a watcher as
//! JSON (see [`crate::record::watch`] for the frames), from the start of the current
//! hand, then live. A watcher only listens: what it sends is read and dropped. When the
//! game ends it is sent `{"over": true}` and the connection closes.
//!
//! Watchers hold a place in the HTTP port's own connection limit while they watch. On a
//! node of a cluster, a table of another node is watched through NATS
//! (`cluster::watch`), the same frames as on its own node.

use crate::cluster::Cluster;
use crate::http::{websocket_key, UPGRADE_TIMEOUT};
use crate::net::{ws_config, Admission, Gathered, Socket, WRITE_TIMEOUT};
use crate::record::Tables;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures::{SinkExt, StreamExt};
use hyper_util::rt::TokioIo;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::CancellationToken;

/// What the watch route needs.
#[derive(Clone)]
struct Watching {
    tables: Tables,
    /// The cluster, whose other nodes' tables are watched through NATS.
    cluster: Option<Cluster>,
    admission: Admission,
    shutdown: CancellationToken,
}

/// The `/ws/watch/:id` route.
pub fn router(
    tables: Tables,
    cluster: Option<Cluster>,
    admission: Admission,
    shutdown: CancellationToken,
) -> Router {
    Router::new()
        .route("/ws/watch/:id", get(watch))
        .with_state(Watching {
            tables,
            cluster,
            admission,
            shutdown,
        })
}

/// Table `id`'s first frame and the frames to come: from this node's own table, or
/// through the cluster from the node that holds it.
async fn join(w: &Watching, id: i64) -> Option<(String, broadcast::Receiver<Arc<str>>)> {
    if let Some(feed) = w.tables.feed(id) {
        // The table's feed is not held: when the game ends, the frames end.
        return Some(feed.join());
    }
    let cluster = w.cluster.as_ref()?;
    let node = cluster.node_of(id, &w.tables).await?;
    cluster.watch(&node, id).await
}

async fn watch(
    State(w): State<Watching>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return (StatusCode::BAD_REQUEST, "a table id is a number").into_response();
    };
    let Some((first, mut frames)) = join(&w, id).await else {
        return (StatusCode::NOT_FOUND, "no such table is playing").into_response();
    };
    let Some(key) = websocket_key(request.headers()) else {
        return (StatusCode::BAD_REQUEST, "a WebSocket upgrade is expected").into_response();
    };
    let Some(upgrade) = request
        .extensions_mut()
        .remove::<hyper::upgrade::OnUpgrade>()
    else {
        return (
            StatusCode::BAD_REQUEST,
            "this connection cannot be upgraded",
        )
            .into_response();
    };
    let Ok(admitted) = w.admission.admit("watch", peer.ip()) else {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections").into_response();
    };
    let stop = w.shutdown.child_token();
    tokio::spawn(async move {
        let _admitted = admitted;
        let Ok(Ok(upgraded)) = tokio::time::timeout(UPGRADE_TIMEOUT, upgrade).await else {
            return;
        };
        let socket: Box<dyn Socket> = Box::new(Gathered::new(TokioIo::new(upgraded)));
        let mut ws =
            WebSocketStream::from_raw_socket(socket, Role::Server, Some(ws_config())).await;
        if !send(&mut ws, first).await {
            return;
        }
        loop {
            let frame = tokio::select! {
                frame = frames.recv() => frame,
                message = ws.next() => match message {
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => continue,
                },
                () = stop.cancelled() => break,
            };
            let text = match frame {
                Ok(frame) => frame.to_string(),
                // Every frame carries the whole table: a watcher that fell behind misses
                // some steps' words, and the next frame shows the table right.
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => r#"{"over":true}"#.to_owned(),
            };
            let over = text.starts_with(r#"{"over""#);
            if !send(&mut ws, text).await || over {
                break;
            }
        }
        let _ = timeout(WRITE_TIMEOUT, ws.close(None)).await;
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(
            header::SEC_WEBSOCKET_ACCEPT,
            derive_accept_key(key.as_bytes()),
        )
        .body(Body::empty())
        .expect("a valid response")
}

/// Sends one frame; `false` if the watcher is gone or stopped reading (a watcher that
/// stops reading is dropped, never waited for).
async fn send(ws: &mut WebSocketStream<Box<dyn Socket>>, text: String) -> bool {
    let sent = timeout(WRITE_TIMEOUT, ws.send(Message::text(text))).await;
    matches!(sent, Ok(Ok(())))
}
