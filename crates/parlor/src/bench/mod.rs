//! `parlor bench`: load benchmarks that drive a real server over loopback.
//!
//! The server runs as a child process (`parlor serve` from this same binary) so that its
//! memory is measured on its own; the load comes from client tasks in this process.

mod all;
mod api;
mod cluster;
mod floor;
mod idle;
mod jass;
mod minitruco;
mod play;
mod server;

use clap::{Args, Subcommand};
use std::process::ExitCode;

/// What to benchmark.
#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// N concurrent miniTruco rooms, each one scripted person plus three CPU players.
    Minitruco(minitruco::MinitrucoArgs),
    /// K concurrent Jass single games, four client bots each.
    Jass(jass::JassArgs),
    /// N idle connections of one protocol: memory per connection, and after churn.
    Idle(idle::IdleArgs),
    /// Many API requests at once: threads and memory during and after.
    Api(api::ApiArgs),
    /// N whole games of any protocol, each a `parlor play` client taking the suggested
    /// moves against CPU players.
    Play(play::PlayArgs),
    /// Every protocol, whole games and idle connections, in one table.
    All(all::AllArgs),
    /// Whole games through a cluster of N nodes (needs its NATS server and database,
    /// as `scripts/cluster up` starts them), then the new home after a `kill -9`.
    Cluster(cluster::ClusterArgs),
    /// The floor server that `jass --floor` and `play --game mahjong --floor` start: it
    /// plays recorded frames back.
    #[command(hide = true)]
    Floor(floor::FloorArgs),
}

/// `parlor bench ...`
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    command: BenchCommand,
}

/// Runs a benchmark and prints its report.
pub fn run(args: BenchArgs) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("parlor bench: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match args.command {
            BenchCommand::Minitruco(args) => minitruco::run(args).await,
            BenchCommand::Jass(args) => jass::run(args).await,
            BenchCommand::Idle(args) => idle::run(args).await,
            BenchCommand::Api(args) => api::run(args).await,
            BenchCommand::Play(args) => play::run(args).await,
            BenchCommand::All(args) => all::run(args).await,
            BenchCommand::Cluster(args) => cluster::run(args).await,
            BenchCommand::Floor(args) => floor::run(args).await,
        }
    });
    match result {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("parlor bench: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The value at quantile `q` (0..=1) of sorted samples.
fn quantile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let at = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[at]
}
