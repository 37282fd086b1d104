//! parlor's network server.
//!
//! [`serve`] binds one listener per implemented protocol plus the HTTP port and runs until
//! the [`Shutdown`](tokio_util::sync::CancellationToken) it was given is cancelled. The
//! pieces, from the outside in:
//!
//! - [`net`]: what every TCP protocol shares: accepting connections under a limit, line
//!   framing, the bounded per-connection [`net::Outbox`] that keeps a slow client from
//!   blocking anybody else.
//! - [`protocols`]: one module per wire protocol. A protocol module parses bytes into
//!   commands, hands them to the room that owns the game, and renders the events a client
//!   may see back into bytes. It never decides a rule: rules live in the rules crates.
//! - [`http`]: the HTTP port (`GET /healthz`).
//! - [`seeds`]: where every game's RNG seed comes from, so `--seed` makes runs repeatable.

pub mod api;
pub mod cluster;
pub mod config;
pub mod http;
pub mod net;
pub mod protocols;
pub mod record;
pub mod seeds;
pub mod table;
pub mod telemetry;
pub mod text;
pub mod watching;
pub mod web;

pub use config::Config;

use net::{Admission, Framing};
use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpStream;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

/// A server that is listening: the addresses it bound (by protocol name) and its tasks.
/// Dropping it aborts the listeners; cancel the shutdown token and await
/// [`Running::finished`] for a clean stop.
pub struct Running {
    /// The bound address of each listener, keyed `minitruco`, `http`, ...
    pub addrs: BTreeMap<&'static str, SocketAddr>,
    tasks: JoinSet<()>,
    /// The address every listener binds.
    bind: std::net::IpAddr,
    /// A cluster node's way to hand its tables over.
    draining: Option<Draining>,
}

/// What a cluster node hands over when it drains.
struct Draining {
    cluster: cluster::Cluster,
    tables: record::Tables,
    handover: record::Handover,
    recorder: parlor_store::Recorder,
}

impl Running {
    /// Waits until every listener has stopped (after the shutdown token is cancelled).
    pub async fn finished(mut self) {
        while self.tasks.join_next().await.is_some() {}
    }

    /// Whether a cluster node stopped by itself: it found another node holding a home it
    /// held (it was cut off from the cluster meanwhile), handed its tables over and
    /// stopped. Its supervisor should start it again.
    pub fn cut_off(&self) -> bool {
        self.draining.as_ref().is_some_and(|d| d.handover.is_on())
    }

    /// Drains a cluster node: cancelling the shutdown token after this hands every
    /// running table to the other nodes (they carry them on from the stream of games and
    /// their people come back to their seats through any node) instead of ending them.
    /// Whether there was anyone to hand over to (`false` for a server alone, and for the
    /// last node of a cluster, which ends its games as a server alone does).
    pub async fn hand_over(&self) -> bool {
        let Some(draining) = self.draining.as_ref() else {
            return false;
        };
        let Draining {
            cluster,
            tables,
            handover,
            recorder,
        } = draining;
        if !cluster.heirs_left().await {
            // The last node: nobody will carry on the games other nodes handed over
            // while it drained (they drained at nearly the same moment); once they have
            // let them go, those end too.
            cluster.others_gone().await;
            recorder.abandon_released();
            return false;
        }
        cluster.hand_over(tables, handover).await;
        true
    }
}

/// Binds every listener and starts serving; returns once all ports are bound.
pub async fn serve(config: Config, shutdown: CancellationToken) -> std::io::Result<Running> {
    serve_with(config, &[], shutdown).await
}

/// [`serve`], with `extra` games beside the registry's: a program that embeds parlor
/// plugs a game of its own in this way (each on the port its descriptor names, always
/// started), and it is stored, replayed, listed and watched like the others.
pub async fn serve_with(
    config: Config,
    extra: &[&'static protocols::Protocol],
    shutdown: CancellationToken,
) -> std::io::Result<Running> {
    let seeds = seeds::SeedSource::new(config.seed);
    telemetry::handle();
    let games = protocols::Games::with(extra);
    // Opening may wait for another writer to let go of the directory, or for PostgreSQL:
    // off the runtime.
    let store_at = StoreAt::of(&config);
    let (stored, at) = (games.clone(), store_at.clone());
    let recorder = tokio::task::spawn_blocking(move || open_store(at.as_ref(), &stored))
        .await
        .map_err(std::io::Error::other)?;
    let mut server = Running {
        addrs: BTreeMap::new(),
        tasks: JoinSet::new(),
        bind: config.bind,
        draining: None,
    };
    let cluster = match (&config.cluster, &config.database) {
        (Some(url), Some(database)) => Some(
            cluster::Cluster::join(url, &database.node)
                .await
                .map_err(std::io::Error::other)?,
        ),
        (Some(_), None) => {
            return Err(std::io::Error::other(
                "a cluster node stores its games in the cluster's database (--database)",
            ))
        }
        (None, _) => None,
    };
    let mut doors = BTreeMap::new();
    // The games started here: those asked for, and every game a program serving parlor
    // added.
    let started: Vec<&'static protocols::Protocol> = games
        .iter()
        .filter(|p| config.runs(p.name) || extra.iter().any(|e| e.name == p.name))
        .collect();
    let listeners = started.len() + usize::from(config.runs("http"));
    let budget = net::descriptor_budget();
    let max_connections = net::listener_cap(config.limits.max_connections, budget, listeners);
    tracing::info!(
        max_connections,
        per_address = config.limits.max_per_address,
        descriptors = budget,
        "connection limits of each listener"
    );
    if config.limits.max_connections.is_some() && max_connections.saturating_mul(listeners) > budget
    {
        tracing::warn!(
            max_connections,
            listeners = listeners,
            descriptors = budget,
            "the listeners' caps together exceed the file descriptors: a full one can leave the others none"
        );
    }
    let admission = |protocol| {
        Admission::new(protocol, max_connections, config.limits.max_per_address)
            .with_rate(config.limits.connect_rate)
            .with_proxies(&config.limits.proxy_from)
    };
    let tables = record::Tables::default();
    let (carriers, handover) = (record::Carriers::default(), record::Handover::default());
    let flushed = CancellationToken::new();
    let mut journal = None;
    if let Some(cluster) = &cluster {
        tracing::info!(node = cluster.node(), "joined the cluster");
        let (listed, handing) = (tables.clone(), handover.clone());
        let publishing = cluster.clone().publish(listed, handing, shutdown.clone());
        server.tasks.spawn(publishing);
        let watchers = cluster
            .clone()
            .serve_watchers(tables.clone(), shutdown.clone());
        server.tasks.spawn(watchers);
        let (writer, steps) = record::journal();
        server.tasks.spawn(
            cluster
                .clone()
                .publish_steps(steps, shutdown.clone(), flushed.clone()),
        );
        journal = Some(writer);
    }
    let context = protocols::Context {
        config: &config,
        seeds: seeds.clone(),
        recorder: record::Ledger {
            recorder: recorder.clone(),
            tables: tables.clone(),
            journal,
            handover: handover.clone(),
        },
        carriers: carriers.clone(),
        shutdown: shutdown.clone(),
    };
    // Each protocol's session on a connection, for its port and for connections other
    // nodes relay to this one when it is the protocol's home.
    let mut sessions: HashMap<&'static str, cluster::Serve> = HashMap::new();
    for protocol in started {
        let (name, port) = (protocol.name, config.port((protocol.options.port)(&config)));
        let admission = admission(name);
        let door = match (protocol.start)(&context) {
            protocols::Entry::Stream { session, framing } => {
                sessions.insert(name, session.clone());
                let dispatch = cluster::dispatch(cluster.clone(), name, session);
                let tcp = dispatch.clone();
                let on_port = move |s, p, stop| tcp(Box::new(s), net::Peer::at(p), stop);
                server.listen(name, port, &shutdown, admission.clone(), on_port)?;
                server.browsers(admission, dispatch, framing)
            }
            protocols::Entry::WebSocket { tcp, ws } => {
                let serve: cluster::Serve = Arc::new(move |s, p, stop| tcp(s, p.addr, stop));
                sessions.insert(name, serve.clone());
                let dispatch = cluster::dispatch(cluster.clone(), name, serve);
                let on_port = move |s, p, stop| dispatch(Box::new(s), net::Peer::at(p), stop);
                server.listen(name, port, &shutdown, admission.clone(), on_port)?;
                // Browsers of a WebSocket protocol come upgraded by the HTTP port; on a
                // node that is not the protocol's home, they are relayed there too.
                let ws = cluster::dispatch_ws(cluster.clone(), name, ws);
                http::Door { admission, ws }
            }
        };
        doors.insert(name, door);
    }
    if let Some(cluster) = &cluster {
        let protocols = sessions.keys().copied().collect();
        let heirs = cluster::Succession {
            carriers,
            recorder: recorder.clone(),
            handover: handover.clone(),
            running: tables.clone(),
            flushed,
        };
        let homes = cluster.clone().homes(protocols, heirs, shutdown.clone());
        server.tasks.spawn(homes);
        server.draining = Some(Draining {
            cluster: cluster.clone(),
            tables: tables.clone(),
            handover,
            recorder: recorder.clone(),
        });
        let relayed = cluster.clone().serve_relayed(sessions, shutdown.clone());
        server.tasks.spawn(relayed);
    }
    if config.runs("http") {
        let store = http::StoreAccess {
            recorder: recorder.clone(),
            reader: store_at.as_ref().map(StoreAt::reader),
            cluster,
            tables: tables.clone(),
            games: games.clone(),
        };
        let listener = net::bind_for("http", config.bind, config.port(config.http_port))?;
        server.addrs.insert("http", listener.local_addr()?);
        let shown = http::Shown {
            addrs: server.addrs.clone(),
            // What a page needs to tell its players of each game's settings (how the
            // Warlords lobby starts a hand, when Mahjong's lobby seats CPU players...).
            tables: games
                .iter()
                .filter_map(|p| Some((p.name.to_owned(), (p.options.shown)(&config)?)))
                .collect::<serde_json::Map<_, _>>()
                .into(),
        };
        let timeouts = http::HttpTimeouts {
            header: config.limits.http_header_timeout,
            idle: config.limits.http_idle_timeout,
        };
        server.tasks.spawn(http::serve(
            listener,
            admission("http"),
            timeouts,
            shown,
            doors,
            store,
            shutdown.clone(),
        ));
    }
    // Freed memory goes back to the system after connections leave.
    server.tasks.spawn(net::trimmer(shutdown.clone()));
    // On shutdown, wait until everything the tables recorded is written.
    let stop = shutdown.clone();
    server.tasks.spawn(async move {
        stop.cancelled().await;
        recorder.flush().await;
    });
    for (name, addr) in &server.addrs {
        tracing::info!(protocol = name, %addr, "listening");
    }
    Ok(server)
}

/// Where games are stored: the data directory's SQLite file, or a cluster's PostgreSQL.
#[derive(Clone, Debug)]
enum StoreAt {
    Dir(std::path::PathBuf),
    Postgres(config::Database),
}

impl StoreAt {
    /// Where `config` stores games; `None` when it stores nothing.
    fn of(config: &Config) -> Option<StoreAt> {
        match (&config.database, &config.data_dir) {
            (Some(database), _) => Some(StoreAt::Postgres(database.clone())),
            (None, Some(dir)) => Some(StoreAt::Dir(dir.clone())),
            (None, None) => None,
        }
    }

    /// Read connections for the API.
    fn reader(&self) -> parlor_store::StoreReader {
        match self {
            StoreAt::Dir(dir) => parlor_store::StoreReader::sqlite(dir.clone()),
            StoreAt::Postgres(database) => parlor_store::StoreReader::postgres(&database.url),
        }
    }

    /// Opens the writer; a data directory's older action logs are rewritten first.
    fn open(&self, games: &protocols::Games) -> Result<Box<dyn parlor_store::Storage>, String> {
        let replay = |p: &str, v: &str, seed, log: &[String]| games.replay(p, v, seed, log);
        match self {
            StoreAt::Dir(dir) => {
                let mut store = parlor_store::SqliteStore::open(dir).map_err(|e| e.to_string())?;
                record::upgrade::upgrade(&mut store, &replay).map_err(|e| e.to_string())?;
                Ok(Box::new(store))
            }
            StoreAt::Postgres(database) => {
                let store = parlor_store::PgStore::open(&database.url, &database.node);
                Ok(Box::new(store.map_err(|e| e.to_string())?))
            }
        }
    }
}

impl std::fmt::Display for StoreAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreAt::Dir(dir) => write!(f, "{}", dir.display()),
            // The URL may hold a password: the node's name says enough.
            StoreAt::Postgres(database) => write!(f, "PostgreSQL, as node {}", database.node),
        }
    }
}

/// The recorder for where games are stored (created on first start); without a store,
/// or if it cannot be opened (logged; `/healthz` says so), nothing is stored and every
/// game still runs.
fn open_store(at: Option<&StoreAt>, games: &protocols::Games) -> parlor_store::Recorder {
    let Some(at) = at else {
        return parlor_store::Recorder::disabled();
    };
    let opened = at
        .open(games)
        .and_then(|store| parlor_store::Recorder::spawn(store).map_err(|e| e.to_string()));
    match opened {
        Ok(recorder) => {
            tracing::info!(store = %at, "storing games");
            recorder
        }
        Err(error) => {
            tracing::error!(store = %at, %error, "the store could not be opened; games are not stored");
            parlor_store::Recorder::failed(error)
        }
    }
}

impl Running {
    /// Listens for a line protocol on its port, and returns the door through which the
    /// HTTP port lets WebSocket clients into the same protocol.
    /// The door through which the HTTP port lets browsers into a line protocol: each
    /// upgraded WebSocket bridged to `session` with `framing` (which relays it to the
    /// protocol's home node, seat token and all, on a node of a cluster).
    fn browsers(
        &self,
        admission: Admission,
        session: protocols::StreamSession,
        framing: Framing,
    ) -> http::Door {
        let ws: net::WsEntry = Arc::new(move |socket, peer, stop, place| {
            let session = session.clone();
            let session_stop = stop.clone();
            place.spawn(net::bridge(
                socket,
                WS_OUTBOX,
                stop,
                framing,
                move |lines| session(Box::new(lines), peer, session_stop),
            ));
        });
        http::Door { admission, ws }
    }
}

/// Frames queued to a browser on a line protocol before it is dropped as not reading.
const WS_OUTBOX: usize = 4096;

impl Running {
    /// Binds `port` for `protocol` and runs `session` for each connection.
    fn listen<F, Fut>(
        &mut self,
        protocol: &'static str,
        port: u16,
        shutdown: &CancellationToken,
        admission: Admission,
        session: F,
    ) -> std::io::Result<()>
    where
        F: Fn(TcpStream, SocketAddr, CancellationToken) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let listener = net::bind_for(protocol, self.bind, port)?;
        self.addrs.insert(protocol, listener.local_addr()?);
        self.tasks.spawn(net::accept_loop(
            protocol,
            listener,
            admission,
            shutdown.clone(),
            session,
        ));
        Ok(())
    }
}
