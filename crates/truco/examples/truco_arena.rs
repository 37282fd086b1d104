//! Pits the bots against each other and prints a markdown table of the results.
//!
//! ```text
//! cargo run --release -p truco --example truco_arena -- --games 10000 --seed 1 \
//!     [--rules paulista|mineiro|course] [A B]
//! ```
//!
//! With two strategy names (see `truco::bots::NAMES`) it plays that one pairing; without,
//! the standard ladder: heuristic vs random, montecarlo vs heuristic, montecarlo vs random.

use std::process::ExitCode;
use std::time::Instant;
use truco::arena::play_match;
use truco::bots::{by_name, NAMES};
use truco::{DeckStyle, ManilhaStyle, Rules};

const LADDER: [(&str, &str); 3] = [
    ("heuristic", "random"),
    ("montecarlo", "heuristic"),
    ("montecarlo", "random"),
];

const USAGE: &str = "usage: arena [--games N] [--seed S] [--rules paulista|mineiro|course] [A B]";

/// What the command line asked for.
struct Options {
    games: u32,
    seed: u64,
    rules: Rules,
    rules_name: String,
    pairings: Vec<(String, String)>,
}

fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        seed: 1,
        rules: rules_named("paulista")?,
        rules_name: "paulista".into(),
        pairings: Vec::new(),
    };
    let mut names = Vec::new();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--rules" => {
                options.rules_name = value()?;
                options.rules = rules_named(&options.rules_name)?;
            }
            "-h" | "--help" => return Err(USAGE.into()),
            name if NAMES.contains(&name) => names.push(name.to_owned()),
            other => return Err(format!("unknown argument {other:?}; strategies: {NAMES:?}")),
        }
    }
    options.pairings = match names.as_slice() {
        [] => LADDER.map(|(a, b)| (a.to_owned(), b.to_owned())).to_vec(),
        [a, b] => vec![(a.clone(), b.clone())],
        _ => return Err("name two strategies (A B) or none".into()),
    };
    Ok(options)
}

fn rules_named(name: &str) -> Result<Rules, String> {
    match name {
        "paulista" => {
            Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).map_err(|e| e.to_string())
        }
        "mineiro" => Ok(Rules::mineiro()),
        "course" => Ok(Rules::course()),
        other => Err(format!(
            "unknown rules {other:?}: paulista, mineiro or course"
        )),
    }
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "Rules: {}, seed {}, {} games per pairing (sides swapped every other game).\n",
        options.rules_name, options.seed, options.games
    );
    println!("| A | B | games | A wins | A win rate | 95% CI | verdict | seconds |");
    println!("|---|---|---:|---:|---:|---|---|---:|");
    for (a, b) in &options.pairings {
        let make_a = || by_name(a).expect("names were checked");
        let make_b = || by_name(b).expect("names were checked");
        let started = Instant::now();
        let record = play_match(options.rules, options.games, options.seed, make_a, make_b);
        let seconds = started.elapsed().as_secs_f64();
        let (low, high) = record.confidence_interval();
        let verdict = if record.a_is_stronger() {
            format!("{a} stronger")
        } else {
            "not shown".to_owned()
        };
        println!(
            "| {a} | {b} | {} | {} | {:.1}% | {:.1}%–{:.1}% | {verdict} | {seconds:.1} |",
            record.games,
            record.wins,
            100.0 * record.win_rate(),
            100.0 * low,
            100.0 * high,
        );
    }
    ExitCode::SUCCESS
}
