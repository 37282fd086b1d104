//! `parlor serve`: flags (each also read from a `PARLOR_*` environment variable), logging
//! and signal handling around [`parlor_server::serve`].

use clap::{ArgMatches, Args, FromArgMatches};
use parlor_server::config::{Config, Limits};
use parlor_server::protocols::truco::TrucoSettings;
use parlor_server::protocols::wars::WarsSettings;
use std::io::IsTerminal;
use std::net::IpAddr;
use std::process::ExitCode;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Flags of `parlor serve`: these, which every game shares, and each game's own, which
/// its protocol module defines (`parlor_server::protocols::GameFlags`); the registry
/// adds them.
pub struct ServeArgs {
    config: Config,
    /// Where the floor benchmark's record goes, if kept (`--record-frames`).
    record_frames: Option<std::path::PathBuf>,
}

impl Args for ServeArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        let command = CommonArgs::augment_args(command);
        registry().fold(command, |command, p| (p.options.flags)(command))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for ServeArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<ServeArgs, clap::Error> {
        let common = CommonArgs::from_arg_matches(matches)?;
        let mut config = common.config();
        for protocol in registry() {
            (protocol.options.read)(matches, &mut config)?;
        }
        Ok(ServeArgs {
            config,
            record_frames: common.record_frames,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = ServeArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl std::fmt::Debug for ServeArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.config.fmt(f)
    }
}

/// The games the registry serves.
fn registry() -> impl Iterator<Item = &'static parlor_server::protocols::Protocol> {
    parlor_server::protocols::ALL.iter()
}

/// The flags every game shares.
#[derive(Args, Debug)]
struct CommonArgs {
    /// Address every listener binds.
    #[arg(long, env = "PARLOR_BIND", default_value = "127.0.0.1")]
    bind: IpAddr,
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
    /// Seconds a person whose connection drops mid-game keeps their seat and may come back
    /// to it (a CPU stand-in plays for them meanwhile; 0: the seat is given up at once).
    #[arg(long, env = "PARLOR_RECONNECT_GRACE", default_value_t = 60)]
    reconnect_grace: u64,
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
    /// Record every batch sent and message heard to this file, for the floor benchmark
    /// (`parlor_server::net::recorder`). Hidden: the file holds every hand dealt.
    #[arg(long, hide = true)]
    record_frames: Option<std::path::PathBuf>,
}

impl CommonArgs {
    fn config(&self) -> Config {
        Config {
            bind: self.bind,
            http_port: self.http_port,
            any_port: false,
            seed: self.seed,
            bot_delay: Duration::from_millis(self.bot_delay_ms),
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
            games: Default::default(),
            data_dir: (!self.no_store).then(|| self.data_dir.clone()),
            database: self
                .database
                .clone()
                .map(|url| parlor_server::config::Database {
                    url,
                    node: self.node_name.clone().unwrap_or_default(),
                }),
            cluster: self.cluster.clone(),
            only: (!self.only.is_empty()).then(|| self.only.clone()),
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

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: ServeArgs) -> ExitCode {
    run_config(args.config, args.record_frames)
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
        only: Some(vec![parlor_server::protocols::wars::PROTOCOL.name.into()]),
        ..Config::default()
    };
    *config.game_mut() = WarsSettings {
        port: args.port,
        turn_timeout: Duration::from_secs(args.timeout),
        min_players: usize::from(args.min_players),
        lobby_timeout: Duration::from_secs(args.lobby),
        ..WarsSettings::default()
    };
    run_config(config, None)
}

/// Runs only the course Truco server.
pub fn run_truco(args: TrucoServerArgs) -> ExitCode {
    let mut config = Config {
        bind: args.bind,
        seed: args.seed,
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        only: Some(vec![parlor_server::protocols::truco::PROTOCOL.name.into()]),
        ..Config::default()
    };
    config.game_mut::<TrucoSettings>().port = args.port;
    run_config(config, None)
}

/// Runs the server of `config`, recording its frames to `record_frames` if given.
fn run_config(config: Config, record_frames: Option<std::path::PathBuf>) -> ExitCode {
    crate::malloc_tuning::restart_with_settings();
    if let Some(file) = record_frames {
        if let Err(error) = parlor_server::net::recorder::start(&file) {
            eprintln!(
                "parlor: cannot record frames to {}: {error}",
                file.display()
            );
            return ExitCode::FAILURE;
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn config(args: &[&str]) -> Config {
        let flags = Flags::try_parse_from(std::iter::once("serve").chain(args.iter().copied()));
        flags.expect("flags parse").serve.config
    }

    #[test]
    fn only_runs_the_services_named() {
        assert_eq!(config(&[]).only, None, "everything");
        let only = config(&["--only", "minitruco,http"]);
        assert!(only.runs("minitruco") && only.runs("http") && !only.runs("wars"));
        assert!(Flags::try_parse_from(["serve", "--only", "chess"]).is_err());
    }

    #[test]
    fn each_game_reads_its_own_flags() {
        let config = config(&["--wars-port", "4000", "--mahjong-east-only", "--rooms", "3"]);
        assert_eq!(config.game::<WarsSettings>().port, 4000);
        assert!(
            config
                .game::<parlor_server::protocols::mahjong::MahjongSettings>()
                .east_only
        );
        let minitruco: parlor_server::protocols::minitruco::MinitrucoSettings = config.game();
        assert_eq!((minitruco.rooms, minitruco.port), (3, 6912));
        assert!(Flags::try_parse_from(["serve", "--wars-min-players", "9"]).is_err());
    }
}
