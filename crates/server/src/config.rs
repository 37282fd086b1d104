//! Everything `parlor serve` can be told, with the defaults a game night wants.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

/// The TCP port of each protocol (0 asks the OS for a free one, as tests do).
#[derive(Clone, Debug)]
pub struct Ports {
    pub minitruco: u16,
    pub truco: u16,
    pub wars: u16,
    pub jass: u16,
    pub mahjong: u16,
    pub http: u16,
}

impl Default for Ports {
    fn default() -> Ports {
        Ports {
            minitruco: 6912,
            truco: 6913,
            wars: 36700,
            jass: 3000,
            mahjong: 6914,
            http: 8080,
        }
    }
}

/// Bounds that protect the server from clients that misbehave. Each one is documented in
/// `docs/security.md`; a client that passes one is disconnected, never the server harmed.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Simultaneous connections per protocol; further ones are closed at once. `None`:
    /// [`DEFAULT_MAX_CONNECTIONS`](crate::net::DEFAULT_MAX_CONNECTIONS), lowered to an
    /// equal share of the file descriptors; a cap given is kept up to all of them.
    pub max_connections: Option<usize>,
    /// Longest line a client may send, in bytes, before its connection is closed.
    pub max_line: usize,
    /// Lines queued to one client before it is judged not to be reading and is dropped.
    pub outbox_lines: usize,
    /// Commands queued to one room; a client waits (and stops being read) while it is full.
    pub room_inbox: usize,
    /// Connections one remote address may hold on one listener.
    pub max_per_address: usize,
    /// New connections one remote address may open per second on one listener (twice
    /// as many at once); 0: no limit.
    pub connect_rate: u32,
    /// The balancers in front of the server, whose connections must start with a PROXY
    /// protocol header naming their client (`net::proxy`); from any other address no
    /// header is read.
    pub proxy_from: Vec<std::net::IpAddr>,
    /// Time a new connection has to identify itself (the protocol's hello: a nickname,
    /// `cjoin`, `mmj1c`, a Jass player name) before it is closed.
    pub hello_timeout: Duration,
    /// HTTP: time to send a request's headers.
    pub http_header_timeout: Duration,
    /// HTTP: time a connection may stay open with no bytes moving.
    pub http_idle_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: None,
            max_line: 4096,
            outbox_lines: 1024,
            room_inbox: 256,
            max_per_address: 256,
            connect_rate: 20,
            proxy_from: Vec::new(),
            hello_timeout: Duration::from_secs(30),
            http_header_timeout: Duration::from_secs(10),
            http_idle_timeout: Duration::from_secs(60),
        }
    }
}

/// Warlords & Scumbags settings: the seed's `-t`, `-m` and `-l`, and its client limits.
#[derive(Clone, Debug)]
pub struct WarsSettings {
    /// `-t`: time to play or swap before strike 20 and an automatic move.
    pub turn_timeout: Duration,
    /// `-m`: players needed to start (never below 3).
    pub min_players: usize,
    /// `-l`: countdown before a game starts once enough clients wait, and the pause
    /// between hands.
    pub lobby_timeout: Duration,
    /// Clients connected at once, lobby and table together (the 36th gets strike 81).
    pub max_clients: usize,
    /// Clients connected at once from one address (one more gets strike 81), so that one
    /// address cannot hold the whole hall.
    pub max_per_address: usize,
    /// Chat messages a client may send within [`WarsSettings::chat_window`] before
    /// strike 60.
    pub chat_burst: usize,
    pub chat_window: Duration,
    /// CPU players (the `sound` strategy) that join every game with at least one person,
    /// so that one person can play (`--wars-cpu`).
    pub cpu_players: usize,
    /// How long a CPU player thinks before each move.
    pub cpu_delay: Duration,
    /// How long a person whose connection drops mid-hand keeps the seat (set from
    /// [`Config::reconnect_grace`] at start).
    pub reconnect_grace: Duration,
}

impl Default for WarsSettings {
    fn default() -> WarsSettings {
        WarsSettings {
            turn_timeout: Duration::from_secs(15),
            min_players: 3,
            lobby_timeout: Duration::from_secs(15),
            max_clients: 35,
            max_per_address: 8,
            chat_burst: 5,
            chat_window: Duration::from_secs(10),
            cpu_players: 0,
            cpu_delay: Duration::from_millis(800),
            reconnect_grace: Duration::ZERO,
        }
    }
}

/// Jass Challenge settings.
#[derive(Clone, Debug)]
pub struct JassSettings {
    /// Time a tournament bot has to answer a request before it forfeits the game.
    pub tournament_deadline: Duration,
    /// Round-robin rounds in a tournament.
    pub tournament_rounds: usize,
    /// Points multipliers (obeabe/undeufe x3, clubs/spades x2), on as in the reference.
    pub multipliers: bool,
    /// Frames queued to one client before it is dropped as not reading.
    pub outbox_frames: usize,
    /// Single games: time a person has to answer a request before the server answers
    /// for them (zero: no timer). Tournaments have `tournament_deadline` instead.
    pub turn_timeout: Duration,
}

impl Default for JassSettings {
    fn default() -> JassSettings {
        JassSettings {
            tournament_deadline: Duration::from_millis(500),
            tournament_rounds: 1,
            multipliers: true,
            outbox_frames: 1024,
            turn_timeout: Duration::from_secs(60),
        }
    }
}

/// Mahjong (mmj1) settings.
#[derive(Clone, Debug)]
pub struct MahjongSettings {
    /// How long after the first person arrives a table starts anyway, with CPU players in
    /// the empty seats (zero: at once).
    pub fill_after: Duration,
    /// Whether the first copy of each five is a red five (aka dora).
    pub red_fives: bool,
    /// Hanchan (East and South) or East only.
    pub east_only: bool,
    /// The CPU players' strategy (a name from `mahjong::bots::NAMES`).
    pub cpu_strategy: String,
    /// How long a CPU player thinks before each move, claim answers included (acks are
    /// instant).
    pub cpu_delay: Duration,
    /// Time a person has to play, answer a claim or acknowledge the end of a hand before
    /// the server does it for them (zero: no timer).
    pub turn_timeout: Duration,
    /// Lines queued to one client before it is dropped as not reading.
    pub outbox_lines: usize,
}

impl Default for MahjongSettings {
    fn default() -> MahjongSettings {
        MahjongSettings {
            fill_after: Duration::from_secs(15),
            red_fives: true,
            east_only: false,
            cpu_strategy: "efficiency".into(),
            cpu_delay: Duration::from_millis(800),
            turn_timeout: Duration::from_secs(60),
            outbox_lines: 4096,
        }
    }
}

/// A service `parlor serve` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    Minitruco,
    /// Course Truco (seed 003).
    Truco,
    /// Warlords & Scumbags (seed 001).
    Wars,
    /// Jass Challenge (seed 002).
    Jass,
    /// Mahjong over mmj1 (seed 004).
    Mahjong,
    Http,
}

impl Service {
    /// Every service, which is what `parlor serve` runs.
    pub const ALL: [Service; 6] = [
        Service::Minitruco,
        Service::Truco,
        Service::Wars,
        Service::Jass,
        Service::Mahjong,
        Service::Http,
    ];
}

/// The server's whole configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address every listener binds.
    pub bind: IpAddr,
    pub ports: Ports,
    /// With a seed, every deal and every CPU choice repeats from run to run.
    pub seed: Option<u64>,
    /// How long CPU players think before each move.
    pub bot_delay: Duration,
    /// Rooms in the miniTruco lounge.
    pub rooms: usize,
    /// The miniTruco CPU players' strategy (a name from `truco::bots::NAMES`); `None`
    /// draws one per seat, so a room meets every strength.
    pub minitruco_cpu: Option<String>,
    /// Silence after which a miniTruco client is sent an empty keep-alive line.
    pub keepalive: Duration,
    /// How often a client of today's miniTruco app gets a `K` it must echo before the
    /// next one (else it is disconnected). The app gives up after 20 s of silence.
    pub app_keepalive: Duration,
    /// Course Truco: time a person has to act before the server acts for them (zero:
    /// no timer).
    pub truco_turn_timeout: Duration,
    /// miniTruco: the same (zero: no timer).
    pub minitruco_turn_timeout: Duration,
    /// How long a person whose connection drops mid-game keeps their seat (a stand-in
    /// plays for them meanwhile) and may come back to it (zero: the seat is given up at
    /// once).
    pub reconnect_grace: Duration,
    pub limits: Limits,
    pub wars: WarsSettings,
    pub jass: JassSettings,
    pub mahjong: MahjongSettings,
    /// The services to run (all of them unless a single-game command says otherwise).
    pub services: Vec<Service>,
    /// Where games are stored (`parlor.db`, created on first start); `None` stores
    /// nothing. Not used when [`Config::database`] is set.
    pub data_dir: Option<std::path::PathBuf>,
    /// The PostgreSQL database a cluster's nodes share, instead of the data directory.
    pub database: Option<Database>,
    /// The NATS server (`nats://host:port`) of the cluster this node joins; needs
    /// [`Config::database`], whose node name it goes by.
    pub cluster: Option<String>,
}

/// A node's place in a shared PostgreSQL store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    /// `postgres://user@host:port/database`.
    pub url: String,
    /// This node's name: the games it starts are its own, and only those are marked
    /// abandoned when it starts again after a crash.
    pub node: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            ports: Ports::default(),
            seed: None,
            bot_delay: Duration::from_millis(800),
            rooms: 10,
            minitruco_cpu: None,
            keepalive: Duration::from_secs(5),
            app_keepalive: Duration::from_secs(10),
            truco_turn_timeout: Duration::from_secs(60),
            minitruco_turn_timeout: Duration::from_secs(90),
            reconnect_grace: Duration::from_secs(60),
            limits: Limits::default(),
            wars: WarsSettings::default(),
            jass: JassSettings::default(),
            mahjong: MahjongSettings::default(),
            services: Service::ALL.to_vec(),
            data_dir: None,
            database: None,
            cluster: None,
        }
    }
}

impl Config {
    /// A configuration for tests: loopback, every port chosen by the OS, CPU players
    /// moving at once, a fixed seed, Warlords games starting as soon as enough players
    /// joined, and turn timeouts long enough never to fire unless a test shortens them.
    pub fn for_tests(seed: u64) -> Config {
        Config {
            ports: Ports {
                minitruco: 0,
                truco: 0,
                wars: 0,
                jass: 0,
                mahjong: 0,
                http: 0,
            },
            seed: Some(seed),
            bot_delay: Duration::ZERO,
            // Every test client comes from loopback, many at once; the rate has its own
            // tests.
            limits: Limits {
                connect_rate: 0,
                ..Limits::default()
            },
            wars: WarsSettings {
                lobby_timeout: Duration::ZERO,
                turn_timeout: Duration::from_secs(60),
                ..WarsSettings::default()
            },
            mahjong: MahjongSettings {
                fill_after: Duration::ZERO,
                cpu_delay: Duration::ZERO,
                ..MahjongSettings::default()
            },
            ..Config::default()
        }
    }
}
