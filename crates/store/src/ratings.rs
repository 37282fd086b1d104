//! Per-player statistics and Glicko-2 ratings, updated when a game ends (in the same
//! transaction as the game's end).
//!
//! Each game is one rating period for its players: every pair of seats with different
//! ranks is a result (the lower rank won); equal ranks (teammates, or a tie) are no
//! result between them. A name that holds two seats (a Jass bot's two connections) is one
//! player. CPU players are rated too, under their names, marked as CPU, so people can
//! see how they do against them. Deviations are capped at the starting deviation: a
//! player's uncertainty never grows past a newcomer's.

use rating::{rate_period, Outcome, Rating, Settings};
use rusqlite::{params, OptionalExtension, Transaction};

/// One seat at the end of a game.
pub struct Finisher<'a> {
    pub name: &'a str,
    pub cpu: bool,
    pub score: i64,
    pub rank: u32,
}

/// Updates games, wins, points and ratings of every player of a finished game.
pub fn update(tx: &Transaction, protocol: &str, seats: &[Finisher]) -> rusqlite::Result<()> {
    let settings = Settings::default();
    // One entry per distinct name: its best rank, its points, whether a CPU.
    let mut names: Vec<&str> = Vec::new();
    for s in seats {
        if !names.contains(&s.name) {
            names.push(s.name);
        }
    }
    let index = |name: &str| names.iter().position(|n| *n == name).unwrap_or(0);
    let mut before = Vec::with_capacity(names.len());
    for name in &names {
        let stored = tx
            .query_row(
                "SELECT rating, deviation, volatility FROM players WHERE protocol = ?1 AND name = ?2",
                params![protocol, name],
                |r| Ok(Rating::new(r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        before.push(stored.unwrap_or(settings.initial));
    }
    let mut results = Vec::new();
    for (i, a) in seats.iter().enumerate() {
        for b in &seats[i + 1..] {
            let (ia, ib) = (index(a.name), index(b.name));
            if ia == ib || a.rank == b.rank {
                continue;
            }
            let outcome = if a.rank < b.rank {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            results.push((ia, ib, outcome));
        }
    }
    let after = rate_period(&before, &results, &settings);
    for (i, name) in names.iter().enumerate() {
        let mine: Vec<&Finisher> = seats.iter().filter(|s| s.name == *name).collect();
        let won = mine.iter().any(|s| s.rank == 1);
        // A name with two seats scored once (teammates share the team's score).
        let points = mine.first().map_or(0, |s| s.score);
        let cpu = mine.iter().any(|s| s.cpu);
        let r = after[i];
        let deviation = r.deviation.min(settings.initial.deviation);
        tx.execute(
            "INSERT INTO players (protocol, name, cpu, games, wins, points, rating, deviation, volatility)
             VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (protocol, name) DO UPDATE SET
                cpu = excluded.cpu, games = games + 1, wins = wins + excluded.wins,
                points = points + excluded.points, rating = excluded.rating,
                deviation = excluded.deviation, volatility = excluded.volatility",
            params![protocol, name, cpu, i64::from(won), points, r.rating, deviation, r.volatility],
        )?;
    }
    Ok(())
}
