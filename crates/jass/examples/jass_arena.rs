//! Pits the bots against each other and prints a markdown table of the results.
//!
//! ```text
//! cargo run --release -p jass --example jass_arena -- --games 10000 --seed 1 \
//!     [--unit games|deals] [--target 2500] [--no-multipliers] [--samples N] [A B]
//! ```
//!
//! With two strategy names (see `jass::bots::NAMES`) it plays that one pairing; without,
//! the ladder: heuristic vs random, montecarlo vs heuristic. By default it plays whole
//! games to the target; `--unit deals` counts single deals instead (what the reference
//! protocol calls "games", won by more points in the deal). `--samples` sets the
//! montecarlo bot's sample count.

use jass::arena::{play_match, Unit};
use jass::bots::{by_name, MonteCarloBot, Strategy, NAMES};
use jass::Config;
use std::process::ExitCode;
use std::time::Instant;

const LADDER: [(&str, &str); 2] = [("heuristic", "random"), ("montecarlo", "heuristic")];

const USAGE: &str = "usage: arena [--games N] [--seed S] [--unit games|deals] [--target T] \
                     [--no-multipliers] [--samples N] [A B]";

/// What the command line asked for.
struct Options {
    games: u32,
    seed: u64,
    unit: Unit,
    config: Config,
    samples: Option<u32>,
    pairings: Vec<(String, String)>,
}

fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        seed: 1,
        unit: Unit::Games,
        config: Config::default(),
        samples: None,
        pairings: Vec::new(),
    };
    let mut names = Vec::new();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--target" => {
                options.config.target = value()?.parse().map_err(|e| format!("--target: {e}"))?
            }
            "--samples" => {
                options.samples = Some(value()?.parse().map_err(|e| format!("--samples: {e}"))?)
            }
            "--no-multipliers" => options.config.multipliers = false,
            "--unit" => {
                options.unit = match value()?.as_str() {
                    "deals" => Unit::Deals,
                    "games" => Unit::Games,
                    other => return Err(format!("unknown unit {other:?}: deals or games")),
                }
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

fn build(name: &str, samples: Option<u32>) -> Box<dyn Strategy<jass::Game>> {
    match (name, samples) {
        ("montecarlo", Some(n)) => Box::new(MonteCarloBot::new(n)),
        _ => by_name(name).expect("names were checked"),
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
    let unit = match options.unit {
        Unit::Deals => "deals (winner: more points in the deal)",
        Unit::Games => "whole games",
    };
    println!(
        "Seed {}, {} {unit} per pairing (sides swapped every other one), target {}, multipliers {}.\n",
        options.seed,
        options.games,
        options.config.target,
        if options.config.multipliers { "on" } else { "off" },
    );
    println!("| A | B | played | A wins | draws | A score | 95% CI | verdict | seconds |");
    println!("|---|---|---:|---:|---:|---:|---|---|---:|");
    for (a, b) in &options.pairings {
        let make_a = || build(a, options.samples);
        let make_b = || build(b, options.samples);
        let started = Instant::now();
        let record = play_match(
            options.config,
            options.unit,
            options.games,
            options.seed,
            make_a,
            make_b,
        );
        let seconds = started.elapsed().as_secs_f64();
        let (low, high) = record.confidence_interval();
        let verdict = if record.a_is_stronger() {
            format!("{a} stronger")
        } else {
            "not shown".to_owned()
        };
        println!(
            "| {a} | {b} | {} | {} | {} | {:.1}% | {:.1}%–{:.1}% | {verdict} | {seconds:.1} |",
            record.games,
            record.wins,
            record.draws,
            100.0 * record.win_rate(),
            100.0 * low,
            100.0 * high,
        );
    }
    ExitCode::SUCCESS
}
