//! The Jass Challenge's settings and their `parlor serve` flags.

use crate::config::Config;
use crate::protocols::GameFlags;
use std::time::Duration;

/// Jass Challenge settings.
#[derive(Clone, Debug)]
pub struct JassSettings {
    /// The WebSocket port.
    pub port: u16,
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
            port: 3000,
            tournament_deadline: Duration::from_millis(500),
            tournament_rounds: 1,
            multipliers: true,
            outbox_frames: 1024,
            turn_timeout: Duration::from_secs(60),
        }
    }
}

/// `parlor serve`'s Jass flags.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Jass Challenge (seed 002)")]
pub struct JassFlags {
    /// Jass Challenge WebSocket port.
    #[arg(long, env = "PARLOR_JASS_PORT", default_value_t = 3000)]
    jass_port: u16,
    /// Jass single games: seconds a person has to answer a request before a CPU stand-in
    /// answers it (0: no timer; tournaments keep their own deadline).
    #[arg(long, env = "PARLOR_JASS_TURN_TIMEOUT", default_value_t = 60)]
    jass_turn_timeout: u64,
}

impl GameFlags for JassFlags {
    fn apply(self, config: &mut Config) {
        let settings = config.game_mut::<JassSettings>();
        settings.port = self.jass_port;
        settings.turn_timeout = Duration::from_secs(self.jass_turn_timeout);
    }

    fn port(config: &Config) -> u16 {
        config.game::<JassSettings>().port
    }

    /// Whether points are multiplied.
    fn shown(config: &Config) -> Option<serde_json::Value> {
        let multipliers = config.game::<JassSettings>().multipliers;
        Some(serde_json::json!({ "multipliers": multipliers }))
    }
}
