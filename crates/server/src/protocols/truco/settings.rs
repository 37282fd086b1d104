//! Course Truco's settings and their `parlor serve` flags.

use crate::config::Config;
use crate::protocols::GameFlags;
use std::time::Duration;

/// Course Truco settings.
#[derive(Clone, Debug)]
pub struct TrucoSettings {
    /// The TCP port.
    pub port: u16,
    /// Time a person has to act before the server acts for them (zero: no timer).
    pub turn_timeout: Duration,
}

impl Default for TrucoSettings {
    fn default() -> TrucoSettings {
        TrucoSettings {
            port: 6913,
            turn_timeout: Duration::from_secs(60),
        }
    }
}

/// `parlor serve`'s course Truco flags.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Course Truco (seed 003)")]
pub struct TrucoFlags {
    /// Course Truco TCP port.
    #[arg(long, env = "PARLOR_TRUCO_PORT", default_value_t = 6913)]
    truco_port: u16,
    /// Course Truco: seconds a person has to act before the server plays for them (0: no
    /// timer).
    #[arg(long, env = "PARLOR_TRUCO_TURN_TIMEOUT", default_value_t = 60)]
    truco_turn_timeout: u64,
}

impl GameFlags for TrucoFlags {
    fn apply(self, config: &mut Config) {
        *config.game_mut::<TrucoSettings>() = TrucoSettings {
            port: self.truco_port,
            turn_timeout: Duration::from_secs(self.truco_turn_timeout),
        };
    }

    fn port(config: &Config) -> u16 {
        config.game::<TrucoSettings>().port
    }
}
