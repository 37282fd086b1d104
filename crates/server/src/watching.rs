//! `/ws/watch/<table id>` on the HTTP port: a running table streamed to a watcher as
//! JSON (see [`crate::record::watch`] for the frames), from the start of the current
//! hand, then live. A watcher only listens: what it sends is read and dropped. When the
//! game ends it is sent `{"over": true}` and the connection closes.
//!
//! Watchers hold a place in the HTTP port's own connection limit while they watch.

use crate::http::{websocket_key, UPGRADE_TIMEOUT};
use crate::net::{ws_config, Admission, Gathered, Socket};
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
use tokio::sync::broadcast::error::RecvError;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::CancellationToken;

/// What the watch route needs.
#[derive(Clone)]
struct Watching {
    tables: Tables,
    admission: Admission,
    shutdown: CancellationToken,
}

/// The `/ws/watch/:id` route.
pub fn router(tables: Tables, admission: Admission, shutdown: CancellationToken) -> Router {
    Router::new()
        .route("/ws/watch/:id", get(watch))
        .with_state(Watching {
            tables,
            admission,
            shutdown,
        })
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
    let Some(feed) = w.tables.feed(id) else {
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
        let (first, mut frames) = feed.join();
        // The table's feed is not held: when the game ends, the frames end.
        drop(feed);
        if ws.send(Message::text(first)).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                frame = frames.recv() => match frame {
                    Ok(frame) => {
                        if ws.send(Message::text(frame.to_string())).await.is_err() {
                            return;
                        }
                    }
                    // Every frame carries the whole table: a watcher that fell behind
                    // misses some words, and the next frame shows the table right.
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => {
                        let _ = ws.send(Message::text(r#"{"over":true}"#)).await;
                        let _ = ws.close(None).await;
                        return;
                    }
                },
                message = ws.next() => match message {
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => {}
                },
                () = stop.cancelled() => {
                    let _ = ws.close(None).await;
                    return;
                }
            }
        }
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
