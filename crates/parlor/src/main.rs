//! `parlor`: one binary for the server and its tools.
//!
//! `parlor serve` runs every implemented protocol on its default port; see `--help` for
//! the other subcommands.

mod bench;
mod clients;
mod malloc_tuning;
mod replay;
mod serve;

use clap::{Parser, Subcommand};

/// parlor hosts classic card and tile games over the protocols their clients speak.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server: every implemented protocol plus the HTTP port.
    Serve(Box<serve::ServeArgs>),
    /// Run only the course Truco server (seed 003) on PORT.
    TrucoServer(serve::TrucoServerArgs),
    /// Run only the Warlords & Scumbags server (seed 001) with its -t/-m/-l/-p flags.
    WarsServer(serve::WarsServerArgs),
    /// Play any game in a full-screen terminal UI: minitruco, truco, wars, jass, mahjong.
    Play(clients::PlayArgs),
    /// Play course Truco (seed 003) in the terminal, or let a bot play (--auto).
    TrucoClient(clients::TrucoClientArgs),
    /// Play Warlords & Scumbags (seed 001): a bot plays, or a person with -m.
    WarsClient(clients::WarsClientArgs),
    /// A Jass Challenge bot that joins any compatible server (seed 002).
    JassBot(clients::JassBotArgs),
    /// Load benchmarks against a real server over loopback.
    Bench(bench::BenchArgs),
    /// Print a stored game hand by hand and check that replaying it gives the stored result.
    Replay(replay::ReplayArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => serve::run(*args),
        Command::TrucoServer(args) => serve::run_truco(args),
        Command::Play(args) => clients::play(args),
        Command::TrucoClient(args) => clients::truco(args),
        Command::WarsServer(args) => serve::run_wars(args),
        Command::WarsClient(args) => clients::wars(args),
        Command::JassBot(args) => clients::jass(args),
        Command::Bench(args) => bench::run(args),
        Command::Replay(args) => replay::run(args),
    }
}
