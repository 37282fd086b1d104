//! miniTruco's settings and their `parlor serve` flags.

use crate::config::Config;
use crate::protocols::GameFlags;
use std::time::Duration;

/// miniTruco settings: the lounge of the 2008 rooms and today's app's tables.
#[derive(Clone, Debug)]
pub struct MinitrucoSettings {
    /// The TCP port (both dialects).
    pub port: u16,
    /// Rooms in the 2008 lounge.
    pub rooms: usize,
    /// The CPU players' strategy (a name from `truco::bots::NAMES`); `None` draws one
    /// per seat, so a room meets every strength.
    pub cpu: Option<String>,
    /// Silence after which a 2008 client is sent an empty keep-alive line.
    pub keepalive: Duration,
    /// How often a client of today's app gets a `K` it must echo before the next one
    /// (else it is disconnected). The app gives up after 20 s of silence.
    pub app_keepalive: Duration,
    /// Time a person has to act before a CPU stand-in plays that move (zero: no timer).
    pub turn_timeout: Duration,
}

impl Default for MinitrucoSettings {
    fn default() -> MinitrucoSettings {
        MinitrucoSettings {
            port: 6912,
            rooms: 10,
            cpu: None,
            keepalive: Duration::from_secs(5),
            app_keepalive: Duration::from_secs(10),
            turn_timeout: Duration::from_secs(90),
        }
    }
}

/// `--minitruco-cpu` that draws a strategy per seat.
const MIXED: &str = "mixed";

/// A `--minitruco-cpu` value: a Truco strategy's name, or `mixed`.
fn cpu_name(value: &str) -> Result<String, String> {
    if value == MIXED || truco::bots::NAMES.contains(&value) {
        return Ok(value.to_owned());
    }
    Err(format!(
        "expected {MIXED} or one of {}",
        truco::bots::NAMES.join(", ")
    ))
}

/// `parlor serve`'s miniTruco flags.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "miniTruco (seed 000)")]
pub struct MinitrucoFlags {
    /// miniTruco TCP port.
    #[arg(long, env = "PARLOR_MINITRUCO_PORT", default_value_t = 6912)]
    minitruco_port: u16,
    /// Rooms in the miniTruco lounge.
    #[arg(long, env = "PARLOR_ROOMS", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=10000))]
    rooms: u16,
    /// miniTruco: the CPU players' strategy; `mixed` draws one per seat (a person's
    /// partner may then play at random).
    #[arg(long, env = "PARLOR_MINITRUCO_CPU", default_value = "heuristic", value_parser = cpu_name)]
    minitruco_cpu: String,
    /// Seconds of client silence before a miniTruco keep-alive line.
    #[arg(long, env = "PARLOR_KEEPALIVE_SECS", default_value_t = 5)]
    keepalive_secs: u64,
    /// Seconds between the keep-alives today's miniTruco app must echo (it gives up
    /// after 20 s of silence).
    #[arg(long, env = "PARLOR_APP_KEEPALIVE_SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=19))]
    app_keepalive_secs: u64,
    /// miniTruco: seconds a person has to act before a CPU stand-in plays that move (0: no
    /// timer).
    #[arg(long, env = "PARLOR_MINITRUCO_TURN_TIMEOUT", default_value_t = 90)]
    minitruco_turn_timeout: u64,
}

impl GameFlags for MinitrucoFlags {
    fn apply(self, config: &mut Config) {
        *config.game_mut::<MinitrucoSettings>() = MinitrucoSettings {
            port: self.minitruco_port,
            rooms: usize::from(self.rooms),
            cpu: Some(self.minitruco_cpu).filter(|cpu| cpu != MIXED),
            keepalive: Duration::from_secs(self.keepalive_secs.max(1)),
            app_keepalive: Duration::from_secs(self.app_keepalive_secs),
            turn_timeout: Duration::from_secs(self.minitruco_turn_timeout),
        };
    }

    fn port(config: &Config) -> u16 {
        config.game::<MinitrucoSettings>().port
    }

    /// The 2008 rooms' CPU strength (null: drawn per seat).
    fn shown(config: &Config) -> Option<serde_json::Value> {
        let cpu = config.game::<MinitrucoSettings>().cpu;
        Some(serde_json::json!({ "cpu": cpu }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        minitruco: MinitrucoFlags,
    }

    #[test]
    fn cpu_players_are_heuristic_unless_asked_otherwise() {
        let cpu = |args: &[&str]| {
            let flags = Flags::try_parse_from(std::iter::once("serve").chain(args.iter().copied()));
            let mut config = Config::default();
            flags.expect("flags parse").minitruco.apply(&mut config);
            config.game::<MinitrucoSettings>().cpu
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
