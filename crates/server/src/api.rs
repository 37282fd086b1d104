//! The JSON API on the HTTP port, read from the store:
//!
//! - `GET /api/games?protocol=&player=&status=&before=&limit=`: newest first; page with
//!   `before=<id of the last game seen>`; `limit` 1-200 (default 50)
//! - `GET /api/games/{id}`: everything: seats, each hand's result and actions, the result
//! - `GET /api/leaderboard/{protocol}`: players by Glicko-2 rating
//! - `GET /api/players/{name}`: a player's standings in every protocol and recent games
//! - `GET /api/tournaments`: Jass tournaments with pairings and ratings
//!
//! Reads open their own read-only connection (SQLite in WAL mode lets them run while the
//! recorder writes) on a blocking thread. Without a store every route answers 503.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use parlor_store::{GameFilter, GameId, Reader, SqliteStore};
use serde::Serialize;
use serde_json::json;
use std::path::PathBuf;

/// The protocols games are stored for.
pub const PROTOCOLS: [&str; 5] = ["minitruco", "truco", "wars", "jass", "mahjong"];

/// The API's routes, reading the store in `dir` (none: 503).
pub fn router(dir: Option<PathBuf>) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/games/:id", get(game))
        .route("/api/leaderboard/:protocol", get(leaderboard))
        .route("/api/players/:name", get(player))
        .route("/api/tournaments", get(tournaments))
        .with_state(dir)
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// Runs `read` on a read-only connection to the store, on a blocking thread.
async fn read<T: Serialize + Send + 'static>(
    dir: Option<PathBuf>,
    read: impl FnOnce(&SqliteStore) -> Result<Option<T>, parlor_store::StoreError> + Send + 'static,
) -> Response {
    let Some(dir) = dir else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "games are not being stored (no --data-dir)",
        );
    };
    let answer = tokio::task::spawn_blocking(move || {
        let store = SqliteStore::open_reader(&dir)?;
        read(&store)
    })
    .await;
    match answer {
        Ok(Ok(Some(value))) => Json(value).into_response(),
        Ok(Ok(None)) => error(StatusCode::NOT_FOUND, "not found"),
        Ok(Err(e)) => error(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

async fn games(State(dir): State<Option<PathBuf>>, filter: Option<Query<GameFilter>>) -> Response {
    let Some(Query(filter)) = filter else {
        return error(StatusCode::BAD_REQUEST, "bad query parameters");
    };
    if let Some(p) = &filter.protocol {
        if !PROTOCOLS.contains(&p.as_str()) {
            return error(StatusCode::NOT_FOUND, format!("no protocol {p}"));
        }
    }
    read(dir, move |s| s.games(&filter).map(Some)).await
}

async fn game(State(dir): State<Option<PathBuf>>, Path(id): Path<String>) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return error(StatusCode::BAD_REQUEST, "a game id is a number");
    };
    read(dir, move |s| s.game(GameId(id))).await
}

async fn leaderboard(State(dir): State<Option<PathBuf>>, Path(protocol): Path<String>) -> Response {
    if !PROTOCOLS.contains(&protocol.as_str()) {
        return error(StatusCode::NOT_FOUND, format!("no protocol {protocol}"));
    }
    read(dir, move |s| s.leaderboard(&protocol).map(Some)).await
}

async fn player(State(dir): State<Option<PathBuf>>, Path(name): Path<String>) -> Response {
    read(dir, move |s| s.player(&name).map(Some)).await
}

async fn tournaments(State(dir): State<Option<PathBuf>>) -> Response {
    read(dir, |s| s.tournaments().map(Some)).await
}
