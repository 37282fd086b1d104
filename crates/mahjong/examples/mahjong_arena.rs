//! Pits one bot against three copies of another over seeded games and prints a markdown
//! table of how the first one did.
//!
//! ```text
//! cargo run --release -p mahjong --example mahjong_arena -- --games 1000 --seed 1 \
//!     [--tonpuusen] [--no-red] [A B]
//! ```
//!
//! A and B are names from `mahjong::bots::NAMES` (default: efficiency against random).
//! A's seat rotates from game to game.

use mahjong::arena::play_match;
use mahjong::bots::{by_name, NAMES};
use mahjong::{Length, Rules};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: arena [--games N] [--seed S] [--tonpuusen] [--no-red] [A B]";

/// What the command line asked for.
struct Options {
    games: u32,
    seed: u64,
    rules: Rules,
    a: String,
    b: String,
}

fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        seed: 1,
        rules: Rules::default(),
        a: "efficiency".into(),
        b: "random".into(),
    };
    let mut names = Vec::new();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--tonpuusen" => options.rules.length = Length::Tonpuusen,
            "--no-red" => options.rules.red_fives = false,
            "-h" | "--help" => return Err(USAGE.into()),
            name if NAMES.contains(&name) => names.push(name.to_owned()),
            other => return Err(format!("unknown argument {other:?}; bots: {NAMES:?}")),
        }
    }
    match names.as_slice() {
        [] => {}
        [a, b] => (options.a, options.b) = (a.clone(), b.clone()),
        _ => return Err("name two bots (A B) or none".into()),
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let (a, b) = (options.a.as_str(), options.b.as_str());
    let length = match options.rules.length {
        Length::Hanchan => "hanchan",
        Length::Tonpuusen => "tonpuusen",
    };
    println!(
        "Seed {}, {} {length} games, one {a} against three {b} (A's seat rotates), red fives {}.\n",
        options.seed,
        options.games,
        if options.rules.red_fives { "on" } else { "off" },
    );
    let started = Instant::now();
    let record = play_match(
        options.rules,
        options.games,
        options.seed,
        || by_name(a).expect("names were checked"),
        || by_name(b).expect("names were checked"),
    );
    let seconds = started.elapsed().as_secs_f64();
    let (win_low, win_high) = record.win_interval();
    let (place_low, place_high) = record.place_interval();
    let (top_low, top_high) = record.top_interval();
    println!("| measure | A | 95% CI | an equal bot |");
    println!("|---|---:|---|---:|");
    println!(
        "| hands won ({} hands) | {:.1}% | {:.1}%–{:.1}% | 25% or less |",
        record.hands,
        100.0 * record.win_rate(),
        100.0 * win_low,
        100.0 * win_high,
    );
    println!(
        "| hands dealt in | {:.1}% | | |",
        100.0 * record.deal_in_rate()
    );
    println!(
        "| average place ({} games) | {:.2} | {place_low:.2}–{place_high:.2} | 2.50 |",
        record.games,
        record.average_place(),
    );
    println!(
        "| first places | {:.1}% | {:.1}%–{:.1}% | 25% |",
        100.0 * record.top_rate(),
        100.0 * top_low,
        100.0 * top_high,
    );
    println!(
        "\nPlaces 1st..4th: {:?}; {seconds:.1} s ({:.0} games/s).",
        record.places,
        f64::from(record.games) / seconds
    );
    ExitCode::SUCCESS
}
