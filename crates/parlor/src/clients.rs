//! The client subcommands: `parlor play`, `parlor truco-client`, `parlor wars-client`
//! and `parlor jass-bot`.

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
    /// The name to be recorded and rated under (parlor's `NAME` line); unnamed players
    /// are not rated.
    #[arg(long)]
    name: Option<String>,
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
    let addr = format!("{}:{}", args.host, args.port);
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    let played = on_runtime(
        "truco-client",
        run(&addr, mode, args.name.as_deref(), stdin, std::io::stdout()),
    );
    let Some(played) = played else {
        return ExitCode::FAILURE;
    };
    match played {
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

/// `parlor wars-client`: Warlords & Scumbags with the seed's flags.
#[derive(Args, Debug)]
pub struct WarsClientArgs {
    /// Server host name or address.
    #[arg(short = 's', default_value = "localhost")]
    server: String,
    /// Server port.
    #[arg(short = 'p', default_value_t = 36700)]
    port: u16,
    /// Requested name (the server makes it valid and unique).
    #[arg(short = 'n', default_value = "player")]
    name: String,
    /// Manual mode: a person plays in the terminal (without it, a bot plays).
    #[arg(short = 'm')]
    manual: bool,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop after this many hands (bot mode); by default play until the server closes.
    #[arg(long)]
    hands: Option<usize>,
}

/// Plays Warlords until the server closes (or the hand limit).
pub fn wars(args: WarsClientArgs) -> ExitCode {
    let mode = if args.manual {
        parlor_client::wars::Mode::Manual
    } else {
        parlor_client::wars::Mode::Auto {
            seed: args.seed,
            hands: args.hands,
        }
    };
    let addr = format!("{}:{}", args.server, args.port);
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    let run = parlor_client::wars::run(&addr, &args.name, mode, stdin, std::io::stdout());
    let Some(played) = on_runtime("wars-client", run) else {
        return ExitCode::FAILURE;
    };
    match played {
        Ok(state) => {
            println!("Played {} hands.", state.hands_played);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("parlor wars-client: {addr}: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `parlor jass-bot <ws-url> <name>`: a bot for any Jass Challenge server.
#[derive(Args, Debug)]
pub struct JassBotArgs {
    /// The server, e.g. ws://localhost:3000
    url: String,
    /// The player name.
    name: String,
    /// random, heuristic or montecarlo.
    #[arg(long, default_value = "montecarlo")]
    strategy: String,
    /// Enter a tournament (two connections under the name) instead of a single game.
    #[arg(long)]
    tournament: bool,
    /// Join or create this session (AUTOJOIN without it).
    #[arg(long)]
    session: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Plays until the server closes the connection.
pub fn jass(args: JassBotArgs) -> ExitCode {
    let options = parlor_client::jass::Options {
        url: args.url,
        name: args.name,
        strategy: args.strategy,
        tournament: args.tournament,
        session: args.session,
        seed: args.seed,
        report: true,
    };
    let Some(played) = on_runtime("jass-bot", parlor_client::jass::run(&options)) else {
        return ExitCode::FAILURE;
    };
    match played {
        Ok(games) => {
            println!(
                "Games finished: {}",
                games.iter().map(|p| p.games).max().unwrap_or(0)
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("parlor jass-bot: {}: {error}", options.url);
            ExitCode::FAILURE
        }
    }
}

/// `parlor play <game> [host:port]`: the full-screen terminal client for every game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: minitruco, truco, wars, jass or mahjong.
    game: String,
    /// The server (`host:port`); the game's default port on this machine if left out.
    server: Option<String>,
    /// The name to play under (default: your login name).
    #[arg(long)]
    name: Option<String>,
    /// miniTruco: speak today's app's dialect, with its public tables by mode and
    /// private tables with a code to share, instead of the 2008 lounge's rooms.
    #[arg(long)]
    app: bool,
    /// miniTruco: join the private table with this five-digit code (today's app's
    /// dialect).
    #[arg(long, value_parser = five_digits)]
    code: Option<String>,
}

/// A private table's code: five digits.
fn five_digits(code: &str) -> Result<String, String> {
    if code.len() == 5 && code.bytes().all(|b| b.is_ascii_digit()) {
        Ok(code.to_owned())
    } else {
        Err("a private table's code is five digits".into())
    }
}

/// Plays until the player leaves; prints the game's result once the screen is restored.
pub fn play(args: PlayArgs) -> ExitCode {
    use parlor_client::play::Game;
    let Some(game) = Game::by_name(&args.game) else {
        let names: Vec<&str> = Game::ALL.iter().map(|(name, _)| *name).collect();
        eprintln!("unknown game {:?}; try one of {names:?}", args.game);
        return ExitCode::FAILURE;
    };
    let server = args
        .server
        .unwrap_or_else(|| format!("localhost:{}", game.default_port()));
    let name = args
        .name
        .or_else(|| std::env::var("USER").ok())
        .unwrap_or_else(|| "guest".into());
    let table: Box<dyn parlor_client::play::Table + Send> = match game {
        Game::Minitruco if args.app || args.code.is_some() => Box::new(
            parlor_client::play::minitruco::MiniTruco::app(&name, args.code.as_deref()),
        ),
        _ if args.app || args.code.is_some() => {
            eprintln!("--app and --code are for minitruco only");
            return ExitCode::FAILURE;
        }
        _ => game.table(&name),
    };
    match on_runtime("play", parlor_client::play::run(game, &server, table)) {
        Some(Ok(last_word)) => {
            println!("{last_word}");
            ExitCode::SUCCESS
        }
        Some(Err(error)) => {
            eprintln!("parlor play: {error}");
            ExitCode::FAILURE
        }
        None => ExitCode::FAILURE,
    }
}

/// Runs a client to its end on a fresh runtime; `None` (said on stderr) if there is none.
/// The runtime is then let go without waiting for its blocking threads: one of them is
/// still reading the keyboard, and the client must exit as soon as its game is over
/// instead of waiting for Enter.
fn on_runtime<F: std::future::Future>(command: &str, client: F) -> Option<F::Output> {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("parlor {command}: {error}");
            return None;
        }
    };
    let output = runtime.block_on(client);
    runtime.shutdown_background();
    Some(output)
}
