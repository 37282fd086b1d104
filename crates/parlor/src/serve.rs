//! `parlor serve`: flags (each also read from a `PARLOR_*` environment variable), logging
//! and signal handling around [`parlor_server::serve`].

use clap::Args;
use parlor_server::config::{
    Config, JassSettings, Limits, MahjongSettings, Ports, Service, WarsSettings,
};
use std::io::IsTerminal;
use std::net::IpAddr;
use std::process::ExitCode;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Flags of `parlor serve`. A protocol that is not built yet ignores its port flag.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address every listener binds.
    #[arg(long, env = "PARLOR_BIND", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// miniTruco (seed 000) TCP port.
    #[arg(long, env = "PARLOR_MINITRUCO_PORT", default_value_t = 6912)]
    minitruco_port: u16,
    /// Course Truco (seed 003) TCP port.
    #[arg(long, env = "PARLOR_TRUCO_PORT", default_value_t = 6913)]
    truco_port: u16,
    /// Warlords & Scumbags (seed 001) TCP port.
    #[arg(long, env = "PARLOR_WARS_PORT", default_value_t = 36700)]
    wars_port: u16,
    /// Jass Challenge (seed 002) WebSocket port.
    #[arg(long, env = "PARLOR_JASS_PORT", default_value_t = 3000)]
    jass_port: u16,
    /// Mahjong mmj1 (seed 004) TCP port.
    #[arg(long, env = "PARLOR_MAHJONG_PORT", default_value_t = 6914)]
    mahjong_port: u16,
    /// HTTP port: the web client, `/ws/<protocol>` for browsers, the JSON API, `/metrics`
    /// and `/healthz`.
    #[arg(long, env = "PARLOR_HTTP_PORT", default_value_t = 8080)]
    http_port: u16,
    /// Make every deal and CPU choice repeatable.
    #[arg(long, env = "PARLOR_SEED")]
    seed: Option<u64>,
    /// CPU players' thinking time per move, in milliseconds (0 for tests and benchmarks).
    #[arg(long, env = "PARLOR_BOT_DELAY_MS", default_value_t = 800)]
    bot_delay_ms: u64,
    /// Rooms in the miniTruco lounge.
    #[arg(long, env = "PARLOR_ROOMS", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=10000))]
    rooms: u16,
    /// miniTruco: the CPU players' strategy; `mixed` draws one per seat (a person's
    /// partner may then play at random).
    #[arg(long, env = "PARLOR_MINITRUCO_CPU", default_value = "heuristic", value_parser = minitruco_cpu)]
    minitruco_cpu: String,
    /// Seconds of client silence before a miniTruco keep-alive line.
    #[arg(long, env = "PARLOR_KEEPALIVE_SECS", default_value_t = 5)]
    keepalive_secs: u64,
    /// Seconds between the keep-alives today's miniTruco app must echo (it gives up
    /// after 20 s of silence).
    #[arg(long, env = "PARLOR_APP_KEEPALIVE_SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=19))]
    app_keepalive_secs: u64,
    /// Warlords: seconds to play or swap (the seed's `-t`).
    #[arg(long, env = "PARLOR_WARS_TIMEOUT", default_value_t = 15)]
    wars_timeout: u64,
    /// Warlords: players needed to start (the seed's `-m`).
    #[arg(long, env = "PARLOR_WARS_MIN_PLAYERS", default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=7))]
    wars_min_players: u8,
    /// Warlords: lobby countdown and pause between hands, in seconds (the seed's `-l`).
    #[arg(long, env = "PARLOR_WARS_LOBBY", default_value_t = 15)]
    wars_lobby: u64,
    /// Mahjong: seconds after the first person arrives before CPU players fill the empty
    /// seats (0: play at once).
    #[arg(long, env = "PARLOR_MAHJONG_FILL_AFTER", default_value_t = 15)]
    mahjong_fill_after: u64,
    /// Mahjong: play red fives (aka dora).
    #[arg(long, env = "PARLOR_MAHJONG_RED_FIVES", default_value_t = true, action = clap::ArgAction::Set)]
    mahjong_red_fives: bool,
    /// Mahjong: play the East round only instead of a hanchan.
    #[arg(long, env = "PARLOR_MAHJONG_EAST_ONLY")]
    mahjong_east_only: bool,
    /// Where finished games, standings and replays are stored (created on first start).
    #[arg(long, env = "PARLOR_DATA_DIR", default_value = "parlor-data")]
    data_dir: std::path::PathBuf,
    /// Store nothing (no database).
    #[arg(long, env = "PARLOR_NO_STORE")]
    no_store: bool,
    /// Store games in this PostgreSQL database (`postgres://user@host:port/database`),
    /// shared by the nodes of a cluster, instead of the data directory.
    #[arg(
        long,
        env = "PARLOR_DATABASE",
        requires = "node_name",
        conflicts_with = "no_store"
    )]
    database: Option<String>,
    /// This node's name in a cluster: unique among its nodes (letters, digits, - and _).
    /// The games it starts are its own, and only those are marked abandoned when it
    /// starts again after a crash.
    #[arg(long, env = "PARLOR_NODE_NAME", requires = "database", value_parser = node_name)]
    node_name: Option<String>,
    /// Join the cluster whose NATS server (JetStream on) is at this URL
    /// (`nats://host:4222`): every node lists every node's running tables. Needs
    /// `--database` and `--node-name`.
    #[arg(long, env = "PARLOR_CLUSTER", requires = "database")]
    cluster: Option<String>,
    /// Run only these services, comma-separated (default: all of them); the file
    /// descriptor budget is then shared among fewer listeners.
    #[arg(long, env = "PARLOR_ONLY", value_delimiter = ',', value_parser = only_names())]
    only: Vec<String>,
    /// Mahjong: the CPU players' strategy.
    #[arg(long, env = "PARLOR_MAHJONG_CPU", default_value = "efficiency", value_parser = clap::builder::PossibleValuesParser::new(mahjong::bots::NAMES))]
    mahjong_cpu: String,
    /// Course Truco: seconds a person has to act before the server plays for them (0: no
    /// timer).
    #[arg(long, env = "PARLOR_TRUCO_TURN_TIMEOUT", default_value_t = 60)]
    truco_turn_timeout: u64,
    /// miniTruco: seconds a person has to act before a CPU stand-in plays that move (0: no
    /// timer).
    #[arg(long, env = "PARLOR_MINITRUCO_TURN_TIMEOUT", default_value_t = 90)]
    minitruco_turn_timeout: u64,
    /// Seconds a person whose connection drops mid-game keeps their seat and may come back
    /// to it (a CPU stand-in plays for them meanwhile; 0: the seat is given up at once).
    #[arg(long, env = "PARLOR_RECONNECT_GRACE", default_value_t = 60)]
    reconnect_grace: u64,
    /// Mahjong: seconds a person has to play, answer a claim or acknowledge a hand's end
    /// before the server does it (pass, acknowledge, or a CPU stand-in's discard; 0: no
    /// timer).
    #[arg(long, env = "PARLOR_MAHJONG_TURN_TIMEOUT", default_value_t = 60)]
    mahjong_turn_timeout: u64,
    /// Warlords: CPU players (the `sound` strategy) that join every game with a person,
    /// so one person can play (they count towards `--wars-min-players`).
    #[arg(long, env = "PARLOR_WARS_CPU", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=6))]
    wars_cpu: u8,
    /// Jass single games: seconds a person has to answer a request before a CPU stand-in
    /// answers it (0: no timer; tournaments keep their own deadline).
    #[arg(long, env = "PARLOR_JASS_TURN_TIMEOUT", default_value_t = 60)]
    jass_turn_timeout: u64,
    /// Connections per listener at most [default: 4096, lowered at start to an equal
    /// share of the process's file descriptors; a cap given here is kept up to all of
    /// them]
    #[arg(long, env = "PARLOR_MAX_CONNECTIONS", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: Option<u32>,
    /// Connections one remote address may hold on each listener.
    #[arg(long, env = "PARLOR_MAX_PER_ADDRESS", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
    max_per_address: u32,
    /// New connections one remote address may open per second on each listener (twice
    /// as many at once); 0 turns the limit off.
    #[arg(long, env = "PARLOR_MAX_CONNECT_RATE", default_value_t = 20)]
    max_connect_rate: u32,
    /// Addresses of the TCP balancers in front of this server (comma-separated, e.g.
    /// HAProxy with `send-proxy`): their connections must start with a PROXY protocol
    /// header (v1 or v2) naming the client, whose address then counts for the limits and
    /// for taking a seat back by name. From other addresses no header is read.
    #[arg(long, env = "PARLOR_PROXY_FROM", value_delimiter = ',')]
    proxy_from: Vec<IpAddr>,
    /// Seconds a new connection has to say hello (nickname, `cjoin`, `mmj1c`, Jass player
    /// name) before it is closed.
    #[arg(long, env = "PARLOR_HELLO_TIMEOUT", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    hello_timeout: u64,
    /// HTTP: seconds a client has to send a request's headers.
    #[arg(long, env = "PARLOR_HTTP_HEADER_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    http_header_timeout: u64,
    /// HTTP: seconds an HTTP connection may stay open with nothing moving.
    #[arg(long, env = "PARLOR_HTTP_IDLE_TIMEOUT", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    http_idle_timeout: u64,
}

impl ServeArgs {
    fn config(&self) -> Config {
        Config {
            bind: self.bind,
            ports: Ports {
                minitruco: self.minitruco_port,
                truco: self.truco_port,
                wars: self.wars_port,
                jass: self.jass_port,
                mahjong: self.mahjong_port,
                http: self.http_port,
            },
            seed: self.seed,
            bot_delay: Duration::from_millis(self.bot_delay_ms),
            rooms: usize::from(self.rooms),
            minitruco_cpu: Some(self.minitruco_cpu.clone()).filter(|cpu| cpu != MIXED),
            keepalive: Duration::from_secs(self.keepalive_secs.max(1)),
            app_keepalive: Duration::from_secs(self.app_keepalive_secs),
            truco_turn_timeout: Duration::from_secs(self.truco_turn_timeout),
            minitruco_turn_timeout: Duration::from_secs(self.minitruco_turn_timeout),
            reconnect_grace: Duration::from_secs(self.reconnect_grace),
            limits: Limits {
                max_connections: self.max_connections.map(|cap| cap as usize),
                max_per_address: self.max_per_address as usize,
                connect_rate: self.max_connect_rate,
                proxy_from: self.proxy_from.clone(),
                hello_timeout: Duration::from_secs(self.hello_timeout),
                http_header_timeout: Duration::from_secs(self.http_header_timeout),
                http_idle_timeout: Duration::from_secs(self.http_idle_timeout),
                ..Limits::default()
            },
            wars: WarsSettings {
                turn_timeout: Duration::from_secs(self.wars_timeout),
                min_players: usize::from(self.wars_min_players),
                lobby_timeout: Duration::from_secs(self.wars_lobby),
                cpu_players: usize::from(self.wars_cpu),
                ..WarsSettings::default()
            },
            jass: JassSettings {
                turn_timeout: Duration::from_secs(self.jass_turn_timeout),
                ..JassSettings::default()
            },
            mahjong: MahjongSettings {
                fill_after: Duration::from_secs(self.mahjong_fill_after),
                red_fives: self.mahjong_red_fives,
                east_only: self.mahjong_east_only,
                cpu_strategy: self.mahjong_cpu.clone(),
                cpu_delay: Duration::from_millis(self.bot_delay_ms),
                turn_timeout: Duration::from_secs(self.mahjong_turn_timeout),
                ..MahjongSettings::default()
            },
            data_dir: (!self.no_store).then(|| self.data_dir.clone()),
            database: self
                .database
                .clone()
                .map(|url| parlor_server::config::Database {
                    url,
                    node: self.node_name.clone().unwrap_or_default(),
                }),
            cluster: self.cluster.clone(),
            services: self.services(),
        }
    }
}

/// What `--node-name` accepts: a name NATS can use as a key.
fn node_name(name: &str) -> Result<String, String> {
    if parlor_server::cluster::valid_node_name(name) {
        Ok(name.to_owned())
    } else {
        Err("letters, digits, - and _ only (at most 64)".into())
    }
}

/// What `--only` accepts: every protocol in the registry, and `http`.
fn only_names() -> clap::builder::PossibleValuesParser {
    let names = parlor_server::protocols::names().chain(["http"]);
    clap::builder::PossibleValuesParser::new(names)
}

impl ServeArgs {
    /// The services asked for with `--only`, or all of them.
    fn services(&self) -> Vec<Service> {
        if self.only.is_empty() {
            return Service::ALL.to_vec();
        }
        // Names come from the registry (`--only` accepts nothing else); `http` is the
        // HTTP port's own.
        let by_name =
            |name: &str| parlor_server::protocols::named(name).map_or(Service::Http, |p| p.service);
        self.only.iter().map(|name| by_name(name)).collect()
    }
}

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: ServeArgs) -> ExitCode {
    run_config(args.config())
}

/// `parlor truco-server <port>`: only the course Truco server, as the seed's server is
/// started, with `parlor serve`'s other settings from the environment or their defaults.
#[derive(Args, Debug)]
pub struct TrucoServerArgs {
    /// The TCP port to listen on.
    port: u16,
    /// Make every deal and CPU choice repeatable.
    #[arg(long, env = "PARLOR_SEED")]
    seed: Option<u64>,
    /// Thinking time of a CPU player that replaces someone who left, in milliseconds.
    #[arg(long, env = "PARLOR_BOT_DELAY_MS", default_value_t = 800)]
    bot_delay_ms: u64,
    /// Address to bind.
    #[arg(long, env = "PARLOR_BIND", default_value = "127.0.0.1")]
    bind: IpAddr,
}

/// `parlor wars-server`: only the Warlords & Scumbags server, with the seed's flags.
#[derive(Args, Debug)]
pub struct WarsServerArgs {
    /// Seconds a player has to play or swap before strike 20 and an automatic move.
    #[arg(short = 't', default_value_t = 15)]
    timeout: u64,
    /// Players needed to start a game (at least 3).
    #[arg(short = 'm', default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=7))]
    min_players: u8,
    /// Seconds of lobby countdown once enough clients wait (also the pause between hands).
    #[arg(short = 'l', default_value_t = 15)]
    lobby: u64,
    /// TCP port.
    #[arg(short = 'p', default_value_t = 36700)]
    port: u16,
    /// Make every deal repeatable.
    #[arg(long, env = "PARLOR_SEED")]
    seed: Option<u64>,
    /// Address to bind.
    #[arg(long, env = "PARLOR_BIND", default_value = "127.0.0.1")]
    bind: IpAddr,
}

/// Runs only the Warlords & Scumbags server.
pub fn run_wars(args: WarsServerArgs) -> ExitCode {
    let mut config = Config {
        bind: args.bind,
        seed: args.seed,
        services: vec![Service::Wars],
        wars: WarsSettings {
            turn_timeout: Duration::from_secs(args.timeout),
            min_players: usize::from(args.min_players),
            lobby_timeout: Duration::from_secs(args.lobby),
            ..WarsSettings::default()
        },
        ..Config::default()
    };
    config.ports.wars = args.port;
    run_config(config)
}

/// Runs only the course Truco server.
pub fn run_truco(args: TrucoServerArgs) -> ExitCode {
    let mut config = Config {
        bind: args.bind,
        seed: args.seed,
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        services: vec![Service::Truco],
        ..Config::default()
    };
    config.ports.truco = args.port;
    run_config(config)
}

fn run_config(config: Config) -> ExitCode {
    crate::malloc_tuning::restart_with_settings();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("parlor: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        // Listen for signals before binding, so a signal that comes as soon as the server
        // says it is listening already stops it cleanly.
        let signals = match Signals::new() {
            Ok(signals) => signals,
            Err(error) => {
                tracing::error!(%error, "cannot listen for signals");
                return ExitCode::FAILURE;
            }
        };
        let shutdown = CancellationToken::new();
        let server = match parlor_server::serve(config, shutdown.clone()).await {
            Ok(server) => server,
            Err(error) => {
                tracing::error!(%error, "cannot listen");
                return ExitCode::FAILURE;
            }
        };
        tokio::select! {
            () = signals.wait() => {}
            // A node of a cluster cut off from it stops by itself.
            () = shutdown.cancelled() => {
                let cut_off = server.cut_off();
                server.finished().await;
                tracing::error!(cut_off, "the server stopped by itself");
                return ExitCode::FAILURE;
            }
        }
        if server.hand_over().await {
            tracing::info!("draining: handing the tables over to the other nodes");
        } else {
            tracing::info!("shutting down");
        }
        shutdown.cancel();
        server.finished().await;
        tracing::info!("stopped");
        ExitCode::SUCCESS
    })
}

/// SIGINT and SIGTERM, registered when created.
struct Signals {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl Signals {
    fn new() -> std::io::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(Signals {
                interrupt: signal(SignalKind::interrupt())?,
                terminate: signal(SignalKind::terminate())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// Waits for the first of them (Ctrl-C elsewhere).
    async fn wait(mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// `--minitruco-cpu` that draws a strategy per seat.
const MIXED: &str = "mixed";

/// A `--minitruco-cpu` value: a Truco strategy's name, or `mixed`.
fn minitruco_cpu(value: &str) -> Result<String, String> {
    if value == MIXED || truco::bots::NAMES.contains(&value) {
        return Ok(value.to_owned());
    }
    Err(format!(
        "expected {MIXED} or one of {}",
        truco::bots::NAMES.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn services(args: &[&str]) -> Vec<Service> {
        let flags = Flags::try_parse_from(std::iter::once("serve").chain(args.iter().copied()));
        flags.expect("flags parse").serve.config().services
    }

    #[test]
    fn only_runs_the_services_named() {
        assert_eq!(services(&[]), Service::ALL.to_vec());
        assert_eq!(
            services(&["--only", "minitruco,http"]),
            [Service::Minitruco, Service::Http]
        );
        assert!(Flags::try_parse_from(["serve", "--only", "chess"]).is_err());
    }

    #[test]
    fn minitruco_cpu_players_are_heuristic_unless_asked_otherwise() {
        let cpu = |args: &[&str]| {
            let flags = Flags::try_parse_from(std::iter::once("serve").chain(args.iter().copied()));
            flags.expect("flags parse").serve.config().minitruco_cpu
        };
        assert_eq!(cpu(&[]).as_deref(), Some("heuristic"));
        assert_eq!(
            cpu(&["--minitruco-cpu", "montecarlo"]).as_deref(),
            Some("montecarlo")
        );
        assert_eq!(cpu(&["--minitruco-cpu", "mixed"]), None, "drawn per seat");
        assert!(Flags::try_parse_from(["serve", "--minitruco-cpu", "genius"]).is_err());
    }
}
