//! Mahjong's settings and their `parlor serve` flags.

use crate::config::Config;
use crate::protocols::GameFlags;
use std::time::Duration;

/// Mahjong (mmj1) settings.
#[derive(Clone, Debug)]
pub struct MahjongSettings {
    /// The TCP port.
    pub port: u16,
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
            port: 6914,
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

/// `parlor serve`'s Mahjong flags.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Mahjong over mmj1 (seed 004)")]
pub struct MahjongFlags {
    /// Mahjong mmj1 TCP port.
    #[arg(long, env = "PARLOR_MAHJONG_PORT", default_value_t = 6914)]
    mahjong_port: u16,
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
    /// Mahjong: the CPU players' strategy.
    #[arg(long, env = "PARLOR_MAHJONG_CPU", default_value = "efficiency", value_parser = clap::builder::PossibleValuesParser::new(mahjong::bots::NAMES))]
    mahjong_cpu: String,
    /// Mahjong: seconds a person has to play, answer a claim or acknowledge a hand's end
    /// before the server does it (pass, acknowledge, or a CPU stand-in's discard; 0: no
    /// timer).
    #[arg(long, env = "PARLOR_MAHJONG_TURN_TIMEOUT", default_value_t = 60)]
    mahjong_turn_timeout: u64,
}

impl GameFlags for MahjongFlags {
    /// CPU players think for `--bot-delay-ms`, as every game's do.
    fn apply(self, config: &mut Config) {
        let bot_delay = config.bot_delay;
        let settings = config.game_mut::<MahjongSettings>();
        settings.port = self.mahjong_port;
        settings.fill_after = Duration::from_secs(self.mahjong_fill_after);
        settings.red_fives = self.mahjong_red_fives;
        settings.east_only = self.mahjong_east_only;
        settings.cpu_strategy = self.mahjong_cpu;
        settings.cpu_delay = bot_delay;
        settings.turn_timeout = Duration::from_secs(self.mahjong_turn_timeout);
    }

    fn port(config: &Config) -> u16 {
        config.game::<MahjongSettings>().port
    }

    /// Tables start at once, CPU players move at once.
    fn for_tests(config: &mut Config) {
        let settings = config.game_mut::<MahjongSettings>();
        settings.fill_after = Duration::ZERO;
        settings.cpu_delay = Duration::ZERO;
    }

    /// When the lobby seats CPU players by itself.
    fn shown(config: &Config) -> Option<serde_json::Value> {
        let fill_after = config.game::<MahjongSettings>().fill_after;
        Some(serde_json::json!({ "fill_after_seconds": fill_after.as_secs_f64() }))
    }
}
