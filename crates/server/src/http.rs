//! The HTTP port: the web client ([`crate::web`]), `GET /healthz`, and WebSocket connections at `/ws/<protocol>` that join
//! the same lounges, rooms and tables as the protocol's own port.
//!
//! A `/ws/...` request is upgraded here (the handshake answered by hand, then
//! tokio-tungstenite on the upgraded connection), so every WebSocket in the server is the
//! same [`WsConnection`](crate::net::WsConnection) whatever port it came in on. Line
//! protocols then run through [`bridge`](crate::net::bridge); Jass takes the connection
//! as it is.

use crate::net::{ws_config, Admission, Gathered, Peer, SeatToken, Socket, WsEntry, WsPlace};
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use hyper_util::rt::TokioIo;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::WebSocketStream;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

/// A protocol's way in from the HTTP port.
pub struct Door {
    /// The protocol's connection limit and count, shared with its own port.
    pub admission: Admission,
    /// Serves one upgraded connection.
    pub ws: WsEntry,
}

/// The store, as the HTTP port sees it: its health, and where the API reads.
pub struct StoreAccess {
    pub recorder: parlor_store::Recorder,
    /// Where the API reads; `None` when no games are stored.
    pub reader: Option<parlor_store::StoreReader>,
    /// The running tables, for `/api/tables`.
    pub tables: crate::record::Tables,
    /// The cluster this node belongs to: `/api/tables` lists every node's tables.
    pub cluster: Option<crate::cluster::Cluster>,
    /// The games served, for the API.
    pub games: crate::protocols::Games,
}

#[derive(Clone)]
struct Shared {
    doors: Arc<BTreeMap<&'static str, Door>>,
    /// Every listener's admission, for the open connections on `/healthz`.
    counts: Arc<Vec<(String, Admission)>>,
    health: Arc<serde_json::Value>,
    recorder: parlor_store::Recorder,
    /// The cluster, for `/healthz` to name the node and the protocols' homes.
    cluster: Option<crate::cluster::Cluster>,
    shutdown: CancellationToken,
}

/// How long the HTTP port waits for a request's headers, and for the next request on an
/// idle connection. A WebSocket upgrade is a request like any other, so the handshake
/// falls under the same timeouts.
#[derive(Clone, Copy, Debug)]
pub struct HttpTimeouts {
    /// From the connection's first byte (or the end of the last response) to the end of
    /// a request's headers.
    pub header: std::time::Duration,
    /// A connection with no bytes going either way for this long is closed.
    pub idle: std::time::Duration,
}

/// What `/healthz` shows besides the counts: each protocol's address, and the table
/// settings a client needs to explain the wait to its player (the Warlords lobby's
/// countdown).
pub struct Shown {
    pub addrs: BTreeMap<&'static str, SocketAddr>,
    pub tables: serde_json::Value,
}

/// Serves HTTP on `listener` until shutdown, at most as many connections at once as
/// `admission` lets in. `GET /healthz` answers `200` with the listening protocols and
/// their addresses; `/ws/<protocol>` takes WebSocket clients.
pub async fn serve(
    listener: TcpListener,
    admission: Admission,
    timeouts: HttpTimeouts,
    shown: Shown,
    doors: BTreeMap<&'static str, Door>,
    store: StoreAccess,
    shutdown: CancellationToken,
) {
    let mut counts = doors
        .iter()
        .map(|(name, door)| (name.to_string(), door.admission.clone()))
        .collect::<Vec<_>>();
    counts.push(("http".into(), admission.clone()));
    let api = crate::api::router(store.reader, store.recorder.clone(), store.games.clone());
    let shared = Shared {
        doors: Arc::new(doors),
        counts: Arc::new(counts),
        health: Arc::new(health_body(&shown, &admission)),
        recorder: store.recorder,
        cluster: store.cluster.clone(),
        shutdown: shutdown.clone(),
    };
    let app = Router::new()
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
        .route("/ws/:protocol", get(websocket))
        .fallback(get(|uri: axum::http::Uri| async move {
            crate::web::asset(uri.path())
        }))
        .with_state(shared)
        .merge(api)
        .merge(crate::api::tables(
            store.tables.clone(),
            store.cluster.clone(),
        ))
        .merge(crate::api::protocols(&store.games))
        .merge(crate::watching::router(
            store.tables,
            store.cluster,
            admission.clone(),
            shutdown.clone(),
        ));
    crate::net::accept_loop(
        "http",
        listener,
        admission,
        shutdown,
        move |tcp, peer, stop| connection(tcp, peer, app.clone(), timeouts, stop),
    )
    .await;
}

/// Serves one HTTP connection: HTTP/1.1 with keep-alive and upgrades, closed when its
/// headers are late or it has been idle too long, and finished gracefully on shutdown.
async fn connection(
    tcp: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    timeouts: HttpTimeouts,
    stop: CancellationToken,
) {
    let (io, activity) = crate::net::Watched::new(tcp);
    let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let app = app.clone();
        async move { app.oneshot(request.map(Body::new)).await }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(timeouts.header)
        .keep_alive(true);
    let conn = builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(conn);
    let idle = activity.idle_for(timeouts.idle);
    tokio::pin!(idle);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = &mut idle => tracing::debug!(%peer, "http connection idle; closed"),
        _ = stop.cancelled() => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(timeouts.header, conn).await;
        }
    }
}

async fn health(State(shared): State<Shared>) -> Json<serde_json::Value> {
    let mut body = (*shared.health).clone();
    let open: serde_json::Map<String, serde_json::Value> = shared
        .counts
        .iter()
        .map(|(name, admission)| (name.clone(), admission.open().into()))
        .collect();
    body["connections"] = open.into();
    let store = shared.recorder.health();
    if !store.ok {
        body["status"] = "degraded".into();
    }
    body["store"] = serde_json::to_value(store).unwrap_or_default();
    if let Some(cluster) = &shared.cluster {
        body["cluster"] = serde_json::json!({
            "node": cluster.node(),
            "homes": cluster.known_homes(),
            "nodes": cluster.nodes(),
        });
    }
    Json(body)
}

/// `GET /metrics` in Prometheus text format.
async fn metrics() -> Response {
    match crate::telemetry::render() {
        Some(text) => ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response(),
        None => (StatusCode::SERVICE_UNAVAILABLE, "metrics are not available").into_response(),
    }
}

/// Upgrades `/ws/<protocol>` and hands the connection to the protocol.
async fn websocket(
    State(shared): State<Shared>,
    Path(protocol): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
) -> Response {
    let Some((&protocol, door)) = shared.doors.get_key_value(protocol.as_str()) else {
        return (StatusCode::NOT_FOUND, "no such protocol").into_response();
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
    let Ok(admitted) = door.admission.admit("ws", peer.ip()) else {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections").into_response();
    };
    let entry = door.ws.clone();
    let stop = shared.shutdown.child_token();
    // parlor's web client names its seat token in the URL (`net::SeatToken`).
    let client = Peer {
        addr: peer,
        token: SeatToken::from_query(request.uri().query()),
    };
    tokio::spawn(async move {
        let Ok(Ok(upgraded)) = tokio::time::timeout(UPGRADE_TIMEOUT, upgrade).await else {
            return;
        };
        let socket: Box<dyn Socket> = Box::new(Gathered::new(TokioIo::new(upgraded)));
        let ws = WebSocketStream::from_raw_socket(socket, Role::Server, Some(ws_config())).await;
        tracing::debug!(protocol, %peer, "websocket opened");
        let place = WsPlace::new(admitted, protocol, peer);
        // The session runs as a task of its own, so that this one (its state sized for
        // the upgrade and its timer) is freed: some 600 bytes per connection.
        entry(ws, client, stop, place);
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

/// How long the connection may take to be handed over after the `101` answer.
pub(crate) const UPGRADE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The `Sec-WebSocket-Key` of a well-formed WebSocket upgrade request.
pub(crate) fn websocket_key(headers: &HeaderMap) -> Option<String> {
    let has = |name: header::HeaderName, token: &str| {
        headers.get_all(name).iter().any(|v| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
        })
    };
    if !has(header::UPGRADE, "websocket") || !has(header::CONNECTION, "upgrade") {
        return None;
    }
    if headers.get(header::SEC_WEBSOCKET_VERSION)?.to_str().ok()? != "13" {
        return None;
    }
    Some(
        headers
            .get(header::SEC_WEBSOCKET_KEY)?
            .to_str()
            .ok()?
            .to_owned(),
    )
}

fn health_body(shown: &Shown, http: &Admission) -> serde_json::Value {
    let protocols: serde_json::Map<String, serde_json::Value> = shown
        .addrs
        .iter()
        .map(|(name, addr)| (name.to_string(), addr.to_string().into()))
        .collect();
    let limits = serde_json::json!({
        "connections_per_listener": http.max(),
        "connections_per_address": http.max_per_address(),
    });
    serde_json::json!({
        "status": "ok",
        "protocols": protocols,
        "limits": limits,
        "tables": shown.tables,
    })
}
