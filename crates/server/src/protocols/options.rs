//! A protocol's own settings as the registry knows them: their flags for `parlor serve`,
//! their port, how tests tune them and what the pages are told of them. A protocol
//! module defines its settings (kept in [`crate::config::GameSettings`]) and a
//! [`GameFlags`] for them; its registry entry says [`Options::of`] those flags. No
//! other module names a protocol's settings.

use crate::config::Config;
use serde_json::Value;

/// A protocol's flags (new ones named after the protocol, as `--wars-timeout`; a few
/// older ones kept their names, as `--rooms`), each with its `PARLOR_*` environment
/// variable. Their ids must differ from every other protocol's and `serve`'s own.
pub trait GameFlags: clap::Args + clap::FromArgMatches {
    /// Puts the flags' values into the configuration's settings.
    fn apply(self, config: &mut Config);

    /// The protocol's TCP port, from its settings.
    fn port(config: &Config) -> u16;

    /// Tunes the settings for tests ([`Config::for_tests`]): nothing by default.
    fn for_tests(_config: &mut Config) {}

    /// What the web client's pages are told of the settings (`/api/server`'s
    /// `tables`), if anything.
    fn shown(_config: &Config) -> Option<Value> {
        None
    }
}

/// What the registry knows of a protocol's settings.
#[derive(Clone, Copy)]
pub struct Options {
    /// Adds the flags to `parlor serve`'s.
    pub flags: fn(clap::Command) -> clap::Command,
    /// Reads the flags into the configuration.
    pub read: fn(&clap::ArgMatches, &mut Config) -> Result<(), clap::Error>,
    /// The protocol's TCP port.
    pub port: fn(&Config) -> u16,
    /// Tunes the settings for tests.
    pub for_tests: fn(&mut Config),
    /// What the pages are told of them.
    pub shown: fn(&Config) -> Option<Value>,
}

impl Options {
    /// The settings whose flags are `F`.
    pub const fn of<F: GameFlags>() -> Options {
        Options {
            flags: F::augment_args,
            read: read::<F>,
            port: F::port,
            for_tests: F::for_tests,
            shown: F::shown,
        }
    }
}

/// Reads flags `F` from `matches` into `config`.
fn read<F: GameFlags>(matches: &clap::ArgMatches, config: &mut Config) -> Result<(), clap::Error> {
    F::from_arg_matches(matches)?.apply(config);
    Ok(())
}

impl Config {
    /// A configuration for tests: loopback, every port chosen by the OS, CPU players
    /// moving at once, a fixed seed, connections from one address not rate-limited,
    /// and each game tuned by its registry entry (Warlords games starting as soon as
    /// enough players joined, Mahjong tables at once, turn timeouts long enough never to
    /// fire unless a test shortens them).
    pub fn for_tests(seed: u64) -> Config {
        let mut config = Config {
            any_port: true,
            seed: Some(seed),
            bot_delay: std::time::Duration::ZERO,
            // Every test client comes from loopback, many at once; the rate has its own
            // tests.
            limits: crate::config::Limits {
                connect_rate: 0,
                ..crate::config::Limits::default()
            },
            ..Config::default()
        };
        for protocol in &super::ALL {
            (protocol.options.for_tests)(&mut config);
        }
        config
    }
}
