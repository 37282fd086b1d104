//! The client subcommands: `parlor truco-client`.

use clap::Args;
use parlor_client::truco::{run, Mode};
use std::process::ExitCode;

/// `parlor truco-client <host> <port>`: play course Truco (seed 003) in the terminal.
#[derive(Args, Debug)]
pub struct TrucoClientArgs {
    /// The server's host name or address.
    host: String,
    /// The server's port.
    port: u16,
    /// Let a bot play instead of asking at the keyboard.
    #[arg(long)]
    auto: bool,
    /// The bot for `--auto`: random, heuristic, montecarlo.
    #[arg(long, default_value = "heuristic", requires = "auto")]
    strategy: String,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Plays one match; exits with success when the match ended normally.
pub fn truco(args: TrucoClientArgs) -> ExitCode {
    let mode = if args.auto {
        let Some(strategy) = truco::bots::by_name(&args.strategy) else {
            eprintln!(
                "unknown strategy {:?}; try one of {:?}",
                args.strategy,
                truco::bots::NAMES
            );
            return ExitCode::FAILURE;
        };
        Mode::Auto {
            strategy,
            seed: args.seed,
        }
    } else {
        Mode::Person
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("parlor truco-client: {error}");
            return ExitCode::FAILURE;
        }
    };
    let addr = format!("{}:{}", args.host, args.port);
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    match runtime.block_on(run(&addr, mode, stdin, std::io::stdout())) {
        Ok(Some(_)) => ExitCode::SUCCESS,
        Ok(None) => {
            eprintln!("the server closed the connection before the match ended");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("parlor truco-client: {addr}: {error}");
            ExitCode::FAILURE
        }
    }
}
