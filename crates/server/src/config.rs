//! Everything `parlor serve` can be told, with the defaults a game night wants: what
//! every game shares here, each game's own settings kept by their protocol module.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

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

/// The server's whole configuration: what every game shares here, and each game's own
/// settings ([`GameSettings`]), which its protocol module defines along with their
/// flags.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address every listener binds.
    pub bind: IpAddr,
    /// The HTTP port: the web client, `/ws/<protocol>`, the API, `/metrics`, `/healthz`.
    pub http_port: u16,
    /// Every listener asks the OS for a free port, whatever the settings say (tests).
    pub any_port: bool,
    /// With a seed, every deal and every CPU choice repeats from run to run.
    pub seed: Option<u64>,
    /// How long CPU players think before each move.
    pub bot_delay: Duration,
    /// How long a person whose connection drops mid-game keeps their seat (a stand-in
    /// plays for them meanwhile) and may come back to it (zero: the seat is given up at
    /// once).
    pub reconnect_grace: Duration,
    pub limits: Limits,
    /// Each game's own settings.
    pub games: GameSettings,
    /// The services to run by name (a protocol's, or `http`); `None`: all of them.
    pub only: Option<Vec<String>>,
    /// Where games are stored (`parlor.db`, created on first start); `None` stores
    /// nothing. Not used when [`Config::database`] is set.
    pub data_dir: Option<std::path::PathBuf>,
    /// The PostgreSQL database a cluster's nodes share, instead of the data directory.
    pub database: Option<Database>,
    /// The NATS server (`nats://host:port`) of the cluster this node joins; needs
    /// [`Config::database`], whose node name it goes by.
    pub cluster: Option<String>,
}

impl Config {
    /// Whether the service called `name` (a protocol's, or `http`) runs.
    pub fn runs(&self, name: &str) -> bool {
        self.only
            .as_ref()
            .is_none_or(|only| only.iter().any(|n| n == name))
    }

    /// The port a listener set to `port` binds.
    pub fn port(&self, port: u16) -> u16 {
        if self.any_port {
            0
        } else {
            port
        }
    }

    /// A game's settings (its defaults if none were set).
    pub fn game<T: Setting + Clone + Default>(&self) -> T {
        self.games.get()
    }

    /// A game's settings to change (set to its defaults first if none were set).
    pub fn game_mut<T: Setting + Clone + Default>(&mut self) -> &mut T {
        self.games.get_mut()
    }

    /// This configuration with a game's settings changed by `change`.
    pub fn with<T: Setting + Clone + Default>(mut self, change: impl FnOnce(&mut T)) -> Config {
        change(self.game_mut());
        self
    }
}

/// Each game's own settings, kept by their type: a protocol module defines its
/// settings, their defaults and their flags, and no other module names them. A game
/// whose settings were never set plays by their defaults.
#[derive(Default)]
pub struct GameSettings(HashMap<TypeId, Box<dyn Setting>>);

/// Settings a game keeps in [`GameSettings`].
pub trait Setting: Any + Send + Sync + Debug {
    /// A copy, boxed.
    fn boxed(&self) -> Box<dyn Setting>;
    /// As `Any`, to be found by type.
    fn as_any(&self) -> &dyn Any;
    /// As `Any`, to be changed.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any + Send + Sync + Debug + Clone> Setting for T {
    fn boxed(&self) -> Box<dyn Setting> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl GameSettings {
    /// The settings of type `T`, or their defaults.
    pub fn get<T: Setting + Clone + Default>(&self) -> T {
        self.0
            .get(&TypeId::of::<T>())
            .and_then(|s| (**s).as_any().downcast_ref::<T>())
            .cloned()
            .unwrap_or_default()
    }

    /// The settings of type `T` to change, set to their defaults first if absent.
    pub fn get_mut<T: Setting + Clone + Default>(&mut self) -> &mut T {
        let kept = self
            .0
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()));
        (**kept)
            .as_any_mut()
            .downcast_mut::<T>()
            .expect("settings are kept under their own type")
    }
}

impl Clone for GameSettings {
    fn clone(&self) -> GameSettings {
        GameSettings(self.0.iter().map(|(k, v)| (*k, (**v).boxed())).collect())
    }
}

impl Debug for GameSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.values()).finish()
    }
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
            http_port: 8080,
            any_port: false,
            seed: None,
            bot_delay: Duration::from_millis(800),
            reconnect_grace: Duration::from_secs(60),
            limits: Limits::default(),
            games: GameSettings::default(),
            only: None,
            data_dir: None,
            database: None,
            cluster: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Chess {
        port: u16,
    }

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Go {
        komi: u8,
    }

    #[test]
    fn each_game_finds_its_own_settings_by_their_type() {
        let mut config = Config::default();
        assert_eq!(
            config.game::<Chess>(),
            Chess::default(),
            "defaults until set"
        );
        config.game_mut::<Chess>().port = 7000;
        let config = config.with(|go: &mut Go| go.komi = 6);
        let copy = config.clone();
        assert_eq!(copy.game::<Chess>().port, 7000);
        assert_eq!(copy.game::<Go>().komi, 6);
    }

    #[test]
    fn only_the_services_named_run() {
        let everything = Config::default();
        assert!(everything.runs("chess") && everything.runs("http"));
        let only = Config {
            only: Some(vec!["chess".into()]),
            ..Config::default()
        };
        assert!(only.runs("chess") && !only.runs("http"));
        assert_eq!(only.port(7000), 7000);
        let tests = Config {
            any_port: true,
            ..Config::default()
        };
        assert_eq!(tests.port(7000), 0);
    }
}
