//! Warlords & Scumbags' settings and their `parlor serve` flags.

use crate::config::Config;
use crate::protocols::GameFlags;
use std::time::Duration;

/// Warlords & Scumbags settings: the seed's `-t`, `-m` and `-l`, and its client limits.
#[derive(Clone, Debug)]
pub struct WarsSettings {
    /// The TCP port.
    pub port: u16,
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
    /// `Config::reconnect_grace` at start).
    pub reconnect_grace: Duration,
}

impl Default for WarsSettings {
    fn default() -> WarsSettings {
        WarsSettings {
            port: 36700,
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

/// `parlor serve`'s Warlords flags.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Warlords & Scumbags (seed 001)")]
pub struct WarsFlags {
    /// Warlords & Scumbags TCP port.
    #[arg(long, env = "PARLOR_WARS_PORT", default_value_t = 36700)]
    wars_port: u16,
    /// Warlords: seconds to play or swap (the seed's `-t`).
    #[arg(long, env = "PARLOR_WARS_TIMEOUT", default_value_t = 15)]
    wars_timeout: u64,
    /// Warlords: players needed to start (the seed's `-m`).
    #[arg(long, env = "PARLOR_WARS_MIN_PLAYERS", default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=7))]
    wars_min_players: u8,
    /// Warlords: lobby countdown and pause between hands, in seconds (the seed's `-l`).
    #[arg(long, env = "PARLOR_WARS_LOBBY", default_value_t = 15)]
    wars_lobby: u64,
    /// Warlords: CPU players (the `sound` strategy) that join every game with a person,
    /// so one person can play (they count towards `--wars-min-players`).
    #[arg(long, env = "PARLOR_WARS_CPU", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=6))]
    wars_cpu: u8,
}

impl GameFlags for WarsFlags {
    /// CPU players think for `--bot-delay-ms`, as every game's do.
    fn apply(self, config: &mut Config) {
        let bot_delay = config.bot_delay;
        let settings = config.game_mut::<WarsSettings>();
        settings.cpu_delay = bot_delay;
        settings.port = self.wars_port;
        settings.turn_timeout = Duration::from_secs(self.wars_timeout);
        settings.min_players = usize::from(self.wars_min_players);
        settings.lobby_timeout = Duration::from_secs(self.wars_lobby);
        settings.cpu_players = usize::from(self.wars_cpu);
    }

    fn port(config: &Config) -> u16 {
        config.game::<WarsSettings>().port
    }

    /// Games start as soon as enough players joined; CPU players move at once.
    fn for_tests(config: &mut Config) {
        let settings = config.game_mut::<WarsSettings>();
        settings.lobby_timeout = Duration::ZERO;
        settings.cpu_delay = Duration::ZERO;
        settings.turn_timeout = Duration::from_secs(60);
    }

    /// How the lobby starts a hand.
    fn shown(config: &Config) -> Option<serde_json::Value> {
        let settings = config.game::<WarsSettings>();
        Some(serde_json::json!({
            "min_players": settings.min_players,
            "lobby_seconds": settings.lobby_timeout.as_secs_f64(),
        }))
    }
}
