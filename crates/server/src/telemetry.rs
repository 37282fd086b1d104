//! `GET /metrics`: the server's counters, gauges and histograms in Prometheus text format.
//!
//! Code everywhere records through the `metrics` facade (`counter!`, `gauge!`,
//! `histogram!`); this module installs the Prometheus recorder once per process and
//! renders it. Names (all prefixed `parlor_`, labelled by `protocol`):
//!
//! - `connections_open` (gauge), `connections_total` (counter), by `transport` (tcp, ws)
//! - `messages_in_total`, `messages_out_total` (counters)
//! - `command_seconds` (histogram): one client message handled by its room or table
//! - `cpu_choice_seconds` (histogram): one move chosen by a CPU player or a stand-in
//! - `games_started_total`, `games_finished_total` (counters), `games_active` (gauge):
//!   tables and rooms with a game in progress
//! - `store_write_seconds` (histogram), `store_errors_total` (counter), from the store

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Duration;

/// Latency buckets, in seconds: from 10 µs (a rules engine step) to 2.5 s.
const BUCKETS: &[f64] = &[
    0.000_01, 0.000_05, 0.000_1, 0.000_5, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 2.5,
];

/// The process's Prometheus recorder, installed on first use; `None` if another
/// recorder was installed first (then `/metrics` says so).
pub fn handle() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new().set_buckets(BUCKETS).ok()?;
            match builder.install_recorder() {
                Ok(handle) => {
                    let upkeep = handle.clone();
                    // Histograms keep samples until upkeep folds them; do it regularly.
                    std::thread::Builder::new()
                        .name("metrics-upkeep".into())
                        .spawn(move || loop {
                            std::thread::sleep(Duration::from_secs(5));
                            upkeep.run_upkeep();
                        })
                        .ok()?;
                    Some(handle)
                }
                Err(error) => {
                    tracing::warn!(%error, "metrics recorder not installed");
                    None
                }
            }
        })
        .as_ref()
}

/// The Prometheus text exposition of everything recorded so far.
pub fn render() -> Option<String> {
    handle().map(PrometheusHandle::render)
}

/// How long each client message takes in a room or table actor, in
/// `parlor_command_seconds`. Made once per actor: finding the histogram by its name and
/// label costs more than recording in it.
pub struct CommandTimer(metrics::Histogram);

impl CommandTimer {
    /// The timer of `protocol`'s commands.
    pub fn new(protocol: &'static str) -> CommandTimer {
        CommandTimer(metrics::histogram!("parlor_command_seconds", "protocol" => protocol))
    }

    /// Runs `handle` (one client message) and records how long it took.
    pub fn time<T>(&self, handle: impl FnOnce() -> T) -> T {
        let started = std::time::Instant::now();
        let out = handle();
        self.0.record(started.elapsed());
        out
    }
}
