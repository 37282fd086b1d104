//! The HTTP port: health now; the web client and the JSON API hang here later.

use axum::routing::get;
use axum::{Json, Router};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// Serves HTTP on `listener` until shutdown. `GET /healthz` answers `200` with the
/// listening protocols and their addresses.
pub async fn serve(
    listener: TcpListener,
    addrs: BTreeMap<&'static str, SocketAddr>,
    shutdown: CancellationToken,
) {
    let health = health_body(&addrs);
    let app = Router::new().route("/healthz", get(move || async move { Json(health) }));
    let stop = shutdown.clone();
    if let Err(error) = axum::serve(listener, app)
        .with_graceful_shutdown(async move { stop.cancelled().await })
        .await
    {
        tracing::error!(%error, "http server failed");
    }
}

fn health_body(addrs: &BTreeMap<&'static str, SocketAddr>) -> serde_json::Value {
    let protocols: serde_json::Map<String, serde_json::Value> = addrs
        .iter()
        .map(|(name, addr)| (name.to_string(), addr.to_string().into()))
        .collect();
    serde_json::json!({ "status": "ok", "protocols": protocols })
}
