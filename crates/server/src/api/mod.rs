//! The JSON API on the HTTP port, read from the store (`docs/store.md` has examples):
//!
//! - `GET /api/games?protocol=&player=&status=&limit=&before=`: games newest first.
//!   `status` is `all` (default), `finished`, `unfinished`, `playing` or `abandoned`;
//!   `limit` 1-200 (default 50); the next page is `before=<the last id seen>`.
//! - `GET /api/games/:id`: everything: seats, each hand's result and actions (each
//!   `{"seat", "notation", "text"}`: seat from 1, the action in its game's notation,
//!   what it did in words), the final result and actions, the seed (as text). While the game
//!   is being played the seed is `null` and the action lists are empty: they would
//!   reveal hidden cards.
//! - `GET /api/games/:id/replay`: a game that is over, hand by hand and step by step,
//!   with the table after each step (`record::story`); 409 while it is being played.
//! - `GET /api/leaderboard/:protocol`: the protocol's players by Glicko-2 rating.
//! - `GET /api/players/:name`: a player's standings in every protocol and latest games.
//! - `GET /api/tournaments?protocol=`: the latest tournaments with pairings and ratings.
//! - `GET /api/tables`: the tables playing right now ([`tables`]), with or without a
//!   store.
//! - `GET /api/protocols`: the games this server knows, for the web client ([`protocols`]).
//!
//! Answers are JSON; errors are `{"error": "..."}` with 400 (a bad parameter), 404 (no
//! such game, player or protocol) or 503 (no store, or the database failed: the reason
//! is in the message). Reads run on blocking threads on pooled read-only connections,
//! which SQLite's WAL mode lets run while the recorder writes; they never touch the
//! recorder's queue.

mod told;

use crate::cluster::Cluster;

use crate::protocols::Games;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use parlor_store::{
    GameDetail, GameFilter, GameId, Reader, Recorder, StatusFilter, StoreError, StoreReader,
};
use serde::Serialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Arc;

/// `GET /api/protocols`: every game the server knows, in the registry's order, as the
/// web client lists them: `name`, `title`, `blurb`, and `teams` (played by two teams).
pub fn protocols(games: &Games) -> Router {
    let list: Vec<serde_json::Value> = games
        .iter()
        .map(|p| json!({ "name": p.name, "title": p.title, "blurb": p.blurb, "teams": p.teams }))
        .collect();
    let list = Json(list);
    Router::new().route("/api/protocols", get(move || async move { list.clone() }))
}

/// `GET /api/tables`: every table playing now, oldest first, as
/// [`crate::record::Listing`]s: id, game, variant, table name, start, hand, and each
/// seat's name and kind (`person`, `away`, `cpu`). Nothing hidden: no seed, no card. A
/// node of a cluster lists every node's tables, each with its `node`.
pub fn tables(tables: crate::record::Tables, cluster: Option<Cluster>) -> Router {
    let list = |State((tables, cluster)): State<(crate::record::Tables, Option<Cluster>)>| async move {
        match cluster {
            Some(cluster) => Json(serde_json::Value::from(cluster.tables(&tables).await)),
            None => Json(serde_json::to_value(tables.all()).unwrap_or_default()),
        }
    };
    Router::new()
        .route("/api/tables", get(list))
        .with_state((tables, cluster))
}

/// The API's routes, reading the store through `reader` (`None`: the server stores no
/// games, and every route answers 503).
/// A read that finds the database damaged tells `recorder`, so `/healthz` says so.
pub fn router(reader: Option<StoreReader>, recorder: Recorder, served: Games) -> Router {
    let access = reader.map(|reader| Access {
        reader,
        recorder,
        games: served,
        reads: ReadPool::new(READERS),
    });
    Router::new()
        .route("/api/games", get(games))
        .route("/api/games/:id", get(game))
        .route("/api/games/:id/replay", get(replay))
        .route("/api/leaderboard/:protocol", get(leaderboard))
        .route("/api/players/:name", get(player))
        .route("/api/tournaments", get(tournaments))
        .with_state(access)
}

/// How the API reaches the store: its readers, and the recorder whose health a failed
/// read may change.
#[derive(Clone)]
struct Access {
    reader: StoreReader,
    recorder: Recorder,
    /// The games served, to check a protocol's name and to tell a stored game.
    games: Games,
    /// The threads that run reads: a fixed few, each with its database connection (and
    /// page cache). A blocking task per request grew the process by a thread and a
    /// connection per request in a burst (136 threads and 112 MB for 1,000 at once, kept
    /// after); now the others wait their turn in the queue, without a thread.
    reads: ReadPool,
}

/// Threads reading the store for the API.
const READERS: usize = 4;

/// A read waiting for a reader thread.
type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of threads taking reads from one queue.
#[derive(Clone)]
struct ReadPool {
    jobs: tokio::sync::mpsc::Sender<Job>,
}

impl ReadPool {
    fn new(threads: usize) -> ReadPool {
        let (jobs, queue) = tokio::sync::mpsc::channel::<Job>(1024);
        let queue = Arc::new(std::sync::Mutex::new(queue));
        for n in 0..threads {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("api-read-{n}"))
                .spawn(move || loop {
                    // One thread waits in the queue, the others for the lock.
                    let job = queue
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .blocking_recv();
                    match job {
                        Some(job) => job(),
                        None => return,
                    }
                });
            if let Err(error) = spawned {
                tracing::warn!(%error, "an API reader thread could not start");
            }
        }
        ReadPool { jobs }
    }

    /// Runs `read` on a reader thread; `None` if the pool is gone.
    async fn run<T: Send + 'static>(&self, read: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = answer.send(read());
        });
        // A full queue (1,024 reads) makes this request wait, not a thread.
        self.jobs.send(job).await.ok()?;
        answered.await.ok()
    }
}

type Store = State<Option<Access>>;
type Params = Result<Query<BTreeMap<String, String>>, QueryRejection>;

/// An error answer: `{"error": message}` with its status.
struct Failure(StatusCode, String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn bad_request(message: impl Into<String>) -> Failure {
    Failure(StatusCode::BAD_REQUEST, message.into())
}

/// Runs `query` on a reader on a blocking thread: its answer as JSON, `missing` as 404
/// if it found nothing, 503 if the store is absent or fails.
async fn read<T: Serialize + Send + 'static>(
    store: Option<Access>,
    missing: String,
    query: impl FnOnce(&dyn Reader) -> parlor_store::Result<Option<T>> + Send + 'static,
) -> Result<Json<T>, Failure> {
    let Some(store) = store else {
        return Err(Failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "games are not being stored (the server runs without a data directory)".into(),
        ));
    };
    let reader = store.reader.clone();
    match store
        .reads
        .run(move || reader.read(query))
        .await
        .ok_or("no reader")
    {
        Ok(Ok(Some(answer))) => Ok(Json(answer)),
        Ok(Ok(None)) => Err(Failure(StatusCode::NOT_FOUND, missing)),
        Ok(Err(e @ StoreError::Invalid(_))) => Err(bad_request(e.to_string())),
        Ok(Err(e)) => {
            store.recorder.read_failed(&e);
            crate::net::warn_limited!(error = %e, "an API read failed");
            Err(Failure(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))
        }
        Err(e) => Err(Failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())),
    }
}

/// The query parameters, refusing any not in `known`.
fn parameters(params: Params, known: &[&str]) -> Result<BTreeMap<String, String>, Failure> {
    let Query(params) = params.map_err(|e| bad_request(e.body_text()))?;
    match params.keys().find(|k| !known.contains(&k.as_str())) {
        Some(unknown) => Err(bad_request(format!(
            "unknown parameter {unknown:?} (known: {})",
            known.join(", ")
        ))),
        None => Ok(params),
    }
}

/// The games served, as the store's reads name them (the registry's without a store,
/// when every read answers 503 anyway).
fn games_of(store: &Option<Access>) -> Games {
    store
        .as_ref()
        .map_or_else(|| Games::with(&[]), |a| a.games.clone())
}

/// A `protocol` parameter: one of the games served.
fn protocol_parameter(games: &Games, value: Option<&String>) -> Result<Option<String>, Failure> {
    match value {
        Some(p) if games.named(p).is_none() => Err(bad_request(format!(
            "protocol {p:?} is not one of {}",
            games.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
        ))),
        other => Ok(other.cloned()),
    }
}

/// The listing a `/api/games` query asks for.
fn game_filter(games: &Games, params: &BTreeMap<String, String>) -> Result<GameFilter, Failure> {
    let mut filter = GameFilter {
        protocol: protocol_parameter(games, params.get("protocol"))?,
        player: params.get("player").cloned(),
        ..GameFilter::default()
    };
    if let Some(status) = params.get("status") {
        filter.status = status.parse::<StatusFilter>().map_err(bad_request)?;
    }
    if let Some(limit) = params.get("limit") {
        filter.limit = limit
            .parse()
            .ok()
            .filter(|l| (1..=GameFilter::MAX_LIMIT).contains(l))
            .ok_or_else(|| {
                bad_request(format!(
                    "limit {limit:?} is not a number from 1 to {}",
                    GameFilter::MAX_LIMIT
                ))
            })?;
    }
    if let Some(before) = params.get("before") {
        let id = before
            .parse()
            .ok()
            .filter(|&id| id > 0)
            .ok_or_else(|| bad_request(format!("before {before:?} is not a game id")))?;
        filter.before = Some(GameId(id));
    }
    Ok(filter)
}

async fn games(State(store): Store, params: Params) -> Result<impl IntoResponse, Failure> {
    let params = parameters(params, &["protocol", "player", "status", "limit", "before"])?;
    let filter = game_filter(&games_of(&store), &params)?;
    read(store, String::new(), move |r| r.games(&filter).map(Some)).await
}

/// A game id from the path, or 400.
fn game_id(id: &str) -> Result<i64, Failure> {
    id.parse()
        .ok()
        .filter(|&id: &i64| id > 0)
        .ok_or_else(|| bad_request(format!("{id:?} is not a game id")))
}

async fn game(State(store): Store, Path(id): Path<String>) -> Result<impl IntoResponse, Failure> {
    let id = game_id(&id)?;
    let games = games_of(&store);
    read(store, format!("no game {id}"), move |r| {
        r.game(GameId(id))
            .map(|g| g.map(|g| told::public_detail(&games, g)))
    })
    .await
}

/// A game that is over told step by step; 409 while it is being played (its hands are
/// hidden), 422 if its log cannot be replayed.
async fn replay(State(store): Store, Path(id): Path<String>) -> Result<Response, Failure> {
    let id = game_id(&id)?;
    let games = games_of(&store);
    let Json(told) = read(store, format!("no game {id}"), move |r| {
        let told = |g: GameDetail| {
            let status = g.summary.status;
            told::story_of(&games, &g.public()).map_err(|why| (status, why))
        };
        r.game(GameId(id)).map(|g| g.map(told))
    })
    .await?;
    match told {
        Ok(story) => Ok(Json(story).into_response()),
        Err((parlor_store::Status::Playing, why)) => Err(Failure(StatusCode::CONFLICT, why)),
        Err((_, why)) => Err(Failure(StatusCode::UNPROCESSABLE_ENTITY, why)),
    }
}

async fn leaderboard(
    State(store): Store,
    Path(protocol): Path<String>,
) -> Result<impl IntoResponse, Failure> {
    if games_of(&store).named(&protocol).is_none() {
        return Err(Failure(
            StatusCode::NOT_FOUND,
            format!("no protocol {protocol:?}"),
        ));
    }
    read(store, String::new(), move |r| {
        r.leaderboard(&protocol).map(Some)
    })
    .await
}

async fn player(
    State(store): Store,
    Path(name): Path<String>,
) -> Result<impl IntoResponse, Failure> {
    let missing = format!("no games of {name:?}");
    read(store, missing, move |r| r.player(&name)).await
}

async fn tournaments(State(store): Store, params: Params) -> Result<impl IntoResponse, Failure> {
    let params = parameters(params, &["protocol"])?;
    let protocol = protocol_parameter(&games_of(&store), params.get("protocol"))?;
    read(store, String::new(), move |r| {
        r.tournaments_for(protocol.as_deref()).map(Some)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::{to_bytes, Body};
    use axum::http::Request;
    use parlor_store::{
        GameEnd, GameStart, HandRecord, SeatRecord, SqliteStore, Storage, TournamentRecord,
    };
    use serde_json::Value;
    use tower::ServiceExt;

    /// `GET uri`: status and JSON body.
    async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
        let request = Request::get(uri).body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, serde_json::from_slice(&body).unwrap())
    }

    /// A store with games 1-4: odd ones jass (ann and bob beat cat and CPU dan), even
    /// ones mahjong; game 4 is still being played. One tournament.
    fn store() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut s = SqliteStore::open(dir.path()).unwrap();
        for id in 1..=4 {
            let protocol = if id % 2 == 1 { "jass" } else { "mahjong" };
            let seats = ["ann", "cat", "bob", "dan"]
                .map(|name| SeatRecord {
                    name: name.into(),
                    cpu: (name == "dan").then(|| "heuristic".into()),
                })
                .to_vec();
            s.start_game(&GameStart {
                id: GameId(id),
                protocol: protocol.into(),
                variant: "schieber".into(),
                seed: u64::MAX,
                started_at_ms: id * 1000,
                seats,
                table: Some("table".into()),
            })
            .unwrap();
            s.record_hand(&HandRecord {
                game: GameId(id),
                number: 1,
                result: json!({ "points": [157, 0] }),
                actions: vec!["0 play 6c".into(), "1 play 7c".into()],
                rated: Vec::new(),
            })
            .unwrap();
            if id < 4 {
                s.finish_game(&GameEnd {
                    game: GameId(id),
                    ended_at_ms: id * 1000 + 500,
                    result: json!({ "totals": [2500, 900] }),
                    scores: vec![2500, 900, 2500, 900],
                    ranks: vec![1, 2, 1, 2],
                    actions: vec![],
                    rated: true,
                })
                .unwrap();
            }
        }
        s.record_tournament(&TournamentRecord {
            name: "Cup".into(),
            protocol: "jass".into(),
            started_at_ms: 10,
            ended_at_ms: Some(20),
            entrants: vec!["ann".into(), "cat".into()],
            pairings: vec![("ann".into(), "cat".into(), Some(GameId(1)), true)],
            ratings: vec![("ann".into(), 1550.0, 180.0), ("cat".into(), 1450.0, 180.0)],
        })
        .unwrap();
        dir
    }

    fn ids(body: &Value) -> Vec<i64> {
        body.as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_i64().unwrap())
            .collect()
    }

    #[tokio::test]
    async fn games_are_listed_newest_first_filtered_and_paged() {
        let dir = store();
        let app = router(
            Some(StoreReader::sqlite(dir.path())),
            Recorder::disabled(),
            Games::with(&[]),
        );
        let (status, all) = get(&app, "/api/games").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(ids(&all), [4, 3, 2, 1]);
        assert_eq!(all[0]["status"], "playing");
        assert_eq!(all[0]["hands"], 1);
        assert_eq!(
            all[1]["seats"][3],
            json!({ "name": "dan", "cpu": "heuristic", "score": 900, "rank": 2 })
        );
        let (_, page) = get(&app, "/api/games?limit=2").await;
        assert_eq!(ids(&page), [4, 3]);
        let (_, next) = get(&app, "/api/games?limit=2&before=3").await;
        assert_eq!(ids(&next), [2, 1]);
        let (_, jass) = get(&app, "/api/games?protocol=jass").await;
        assert_eq!(ids(&jass), [3, 1]);
        let (_, done) = get(&app, "/api/games?status=finished&protocol=mahjong").await;
        assert_eq!(ids(&done), [2]);
        let (_, open) = get(&app, "/api/games?status=unfinished").await;
        assert_eq!(ids(&open), [4]);
        let (_, ann) = get(&app, "/api/games?player=ann&limit=1").await;
        assert_eq!(ids(&ann), [4]);
        let (_, nobody) = get(&app, "/api/games?player=zed").await;
        assert_eq!(nobody, json!([]));
    }

    #[tokio::test]
    async fn bad_parameters_are_400_with_a_reason() {
        let dir = store();
        let app = router(
            Some(StoreReader::sqlite(dir.path())),
            Recorder::disabled(),
            Games::with(&[]),
        );
        for uri in [
            "/api/games?limit=0",
            "/api/games?limit=201",
            "/api/games?limit=lots",
            "/api/games?before=-3",
            "/api/games?before=x",
            "/api/games?status=done",
            "/api/games?protocol=chess",
            "/api/games?colour=red",
            "/api/games/abc",
            "/api/games/0",
            "/api/tournaments?protocol=chess",
        ] {
            let (status, body) = get(&app, uri).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
            assert!(
                body["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{uri}: {body}"
            );
        }
    }

    #[tokio::test]
    async fn a_game_comes_whole_and_an_unknown_one_is_404() {
        let dir = store();
        let app = router(
            Some(StoreReader::sqlite(dir.path())),
            Recorder::disabled(),
            Games::with(&[]),
        );
        let (status, g) = get(&app, "/api/games/3").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(g["id"], 3);
        assert_eq!(g["protocol"], "jass");
        assert_eq!(g["variant"], "schieber");
        assert_eq!(g["status"], "finished");
        assert_eq!(g["seed"], u64::MAX.to_string());
        assert_eq!(g["table"], "table");
        assert_eq!(g["ended_at_ms"], 3500);
        assert_eq!(g["result"]["totals"][0], 2500);
        assert_eq!(g["hand_results"][0]["number"], 1);
        assert_eq!(g["hand_results"][0]["result"]["points"][0], 157);
        // This made-up log does not replay (its seed dealt other cards), so the action
        // keeps its stored text; seats count from 1.
        assert_eq!(
            g["hand_results"][0]["actions"][1],
            json!({ "seat": 2, "notation": "play 7c", "text": "play 7c" })
        );
        assert_eq!(g["told"], false);
        let (status, body) = get(&app, "/api/games/3/replay").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(g["final_actions"], json!([]));
        assert_eq!(g["seats"][0]["rank"], 1);
        let (status, body) = get(&app, "/api/games/99").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["error"], "no game 99");
    }

    #[tokio::test]
    async fn leaderboards_players_and_tournaments() {
        let dir = store();
        let app = router(
            Some(StoreReader::sqlite(dir.path())),
            Recorder::disabled(),
            Games::with(&[]),
        );
        let (status, board) = get(&app, "/api/leaderboard/jass").await;
        assert_eq!(status, StatusCode::OK);
        let names: Vec<&str> = board
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["ann", "bob", "cat", "dan"]);
        assert_eq!(board[0]["games"], 2);
        assert_eq!(board[0]["wins"], 2);
        assert_eq!(board[0]["points"], 5000);
        assert_eq!(board[3]["cpu"], true);
        assert!(board[0]["rating"].as_f64().unwrap() > 1500.0);
        assert!(board[0]["deviation"].as_f64().unwrap() < 200.0);
        assert_eq!(
            get(&app, "/api/leaderboard/truco").await,
            (StatusCode::OK, json!([]))
        );
        assert_eq!(
            get(&app, "/api/leaderboard/chess").await.0,
            StatusCode::NOT_FOUND
        );

        let (status, ann) = get(&app, "/api/players/ann").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(ann["name"], "ann");
        assert_eq!(ann["standings"][0]["protocol"], "jass");
        assert_eq!(ann["standings"][1]["protocol"], "mahjong");
        assert_eq!(ids(&ann["recent"]), [4, 3, 2, 1]);
        assert_eq!(get(&app, "/api/players/zed").await.0, StatusCode::NOT_FOUND);

        let (status, cups) = get(&app, "/api/tournaments").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(cups[0]["name"], "Cup");
        assert_eq!(cups[0]["pairings"][0], json!(["ann", "cat", 1, true]));
        assert_eq!(cups[0]["ratings"][0], json!(["ann", 1550.0, 180.0]));
        assert_eq!(get(&app, "/api/tournaments?protocol=jass").await.1, cups);
        assert_eq!(
            get(&app, "/api/tournaments?protocol=wars").await.1,
            json!([])
        );
    }

    #[tokio::test]
    async fn without_a_working_store_every_route_is_503_with_the_reason() {
        let none = router(None, Recorder::disabled(), Games::with(&[]));
        let (status, body) = get(&none, "/api/games").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(body["error"].as_str().unwrap().contains("not being stored"));

        let empty = tempfile::tempdir().unwrap();
        let not_yet = router(
            Some(StoreReader::sqlite(empty.path())),
            Recorder::disabled(),
            Games::with(&[]),
        );
        let (status, body) = get(&not_yet, "/api/leaderboard/jass").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(
            body["error"].as_str().unwrap().contains("no store"),
            "{body}"
        );

        std::fs::write(SqliteStore::file(empty.path()), b"junk".repeat(1000)).unwrap();
        let recorder = Recorder::disabled();
        assert!(recorder.health().ok);
        let corrupt = router(
            Some(StoreReader::sqlite(empty.path())),
            recorder.clone(),
            Games::with(&[]),
        );
        for uri in [
            "/api/games",
            "/api/games/1",
            "/api/players/ann",
            "/api/tournaments",
        ] {
            let (status, body) = get(&corrupt, uri).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{uri}");
            assert!(
                body["error"].as_str().unwrap().contains("not a database"),
                "{body}"
            );
        }
        // A damaged database found by a read makes the store unhealthy, with the reason.
        let health = recorder.health();
        assert!(!health.ok);
        assert!(
            health.last_error.unwrap().contains("not a database"),
            "{:?}",
            recorder.health()
        );
    }
}
