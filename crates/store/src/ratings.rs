//! Per-player statistics and Glicko-2 ratings, one pool per protocol, updated when a
//! game finishes, in the finishing transaction.
//!
//! The rules:
//! - **One rating period per game**, with [`rating::rate_period`]: every player of the
//!   game is rated from the ratings everyone had before it.
//! - **Results are pairwise between seats**: of two seats, the lower rank beat the
//!   higher. Equal ranks give no result: teammates share a rank and did not play each
//!   other, and the store cannot tell a tie between opponents from a team, so ties
//!   count neither way. A four-player mahjong game ranked 1-2-3-4 is six results; a
//!   Jass game (teams ranked 1, 2, 1, 2) is four, each player beating or losing to both
//!   opponents.
//! - **A name is one player.** A name that holds two seats (a Jass bot's two
//!   connections) is rated once: it won if one of its seats ranked 1, it scores its
//!   first seat's points (teammates share their team's score), and there is no result
//!   between its own seats.
//! - **A seat without a name is nobody** (a course Truco player who gave no `NAME`): it
//!   has no line and no result for or against it; seat numbers (`PLAYER1`) would merge
//!   every stranger who ever sat there into one player.
//! - **CPU seats are players**, under their seat names, marked `cpu`: people can see how
//!   they do against the house players, and a CPU's rating says how strong it is.
//! - **Deviations are capped at the newcomer's** (200): Glicko-2 widens the deviation of a
//!   player in a game without results (all ranks equal), and an old player must never
//!   look less known than a new one.

//!
//! Two writers at once (nodes of a cluster on one PostgreSQL) must not both rate a player
//! from the same rating before: each would overwrite the other's period. On PostgreSQL
//! every rating update first takes one transaction-wide advisory lock, held until its
//! transaction commits, so rating updates happen one after another across the cluster;
//! SQLite's `IMMEDIATE` transactions already write one at a time. One lock for every
//! protocol rather than one each: two batches each holding one protocol's lock and
//! waiting for the other's would deadlock.

use crate::sql::{params, Db, Dialect};
use crate::Result;
use rating::{rate_period, Outcome, Rating, Settings};

/// The advisory lock rating updates take on PostgreSQL (any fixed number; this one
/// spells "parlor" in ASCII).
const RATINGS_LOCK: i64 = 0x7061_726c_6f72;

/// One seat at the end of a game.
pub struct Finisher<'a> {
    pub name: &'a str,
    pub cpu: bool,
    pub score: i64,
    pub rank: u32,
}

/// A distinct name of the game, with what the game adds to its line.
struct Player<'a> {
    name: &'a str,
    cpu: bool,
    won: bool,
    points: i64,
    before: Rating,
}

/// Adds the finished game to its players' games, wins, points and ratings in
/// `protocol`'s pool.
pub fn update(tx: &dyn Db, protocol: &str, seats: &[Finisher]) -> Result<()> {
    if tx.dialect() == Dialect::Postgres {
        tx.query("SELECT pg_advisory_xact_lock(?1)", params![RATINGS_LOCK])?;
    }
    let settings = Settings::default();
    let mut players: Vec<Player> = Vec::with_capacity(seats.len());
    let mut of_seat = Vec::with_capacity(seats.len());
    let seats: Vec<&Finisher> = seats.iter().filter(|s| !s.name.is_empty()).collect();
    for seat in &seats {
        let index = match players.iter().position(|p| p.name == seat.name) {
            Some(index) => {
                let player = &mut players[index];
                player.won |= seat.rank == 1;
                player.cpu |= seat.cpu;
                index
            }
            None => {
                players.push(Player {
                    name: seat.name,
                    cpu: seat.cpu,
                    won: seat.rank == 1,
                    points: seat.score,
                    before: stored(tx, protocol, seat.name)?.unwrap_or(settings.initial),
                });
                players.len() - 1
            }
        };
        of_seat.push(index);
    }
    let mut results = Vec::new();
    for (i, a) in seats.iter().enumerate() {
        for (j, b) in seats.iter().enumerate().skip(i + 1) {
            let (pa, pb) = (of_seat[i], of_seat[j]);
            if pa != pb && a.rank != b.rank {
                let outcome = if a.rank < b.rank {
                    Outcome::Win
                } else {
                    Outcome::Loss
                };
                results.push((pa, pb, outcome));
            }
        }
    }
    let before: Vec<Rating> = players.iter().map(|p| p.before).collect();
    let after = rate_period(&before, &results, &settings);
    for (player, rated) in players.iter().zip(after) {
        tx.execute(
            "INSERT INTO players (protocol, name, cpu, games, wins, points, rating, deviation, volatility)
             VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (protocol, name) DO UPDATE SET
                cpu = excluded.cpu, games = players.games + 1,
                wins = players.wins + excluded.wins, points = players.points + excluded.points,
                rating = excluded.rating, deviation = excluded.deviation,
                volatility = excluded.volatility",
            params![
                protocol,
                player.name,
                player.cpu,
                i64::from(player.won),
                player.points,
                rated.rating,
                rated.deviation.min(settings.initial.deviation),
                rated.volatility
            ],
        )?;
    }
    Ok(())
}

/// `name`'s rating in `protocol`'s pool, if it has finished a game there.
fn stored(tx: &dyn Db, protocol: &str, name: &str) -> Result<Option<Rating>> {
    let row = tx.query_one(
        "SELECT rating, deviation, volatility FROM players WHERE protocol = ?1 AND name = ?2",
        params![protocol, name],
    )?;
    row.map(|r| Ok(Rating::new(r.real(0)?, r.real(1)?, r.real(2)?)))
        .transpose()
}
