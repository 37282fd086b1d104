//! Reading games, leaderboards and tournaments for the API and `parlor replay`.
//! Every query reads one consistent snapshot per statement; in WAL mode it never waits
//! for the recorder's writes.

use crate::query::{
    GameDetail, GameFilter, GameSummary, HandDetail, PlayerDetail, SeatResult, Standing,
    StatusFilter,
};
use crate::schema::UNFINISHED;
use crate::sqlite::{from_json, SqliteStore};
use crate::{GameId, Reader, Result, SeatRecord, Status, StoreError, TournamentRecord};
use rusqlite::types::Value;
use rusqlite::{params_from_iter, Row};

/// The columns [`SqliteStore::summary`] reads, in its order (`g` is `games`).
const SUMMARY: &str = "g.id, g.protocol, g.variant, g.table_name, g.started_at_ms, g.ended_at_ms,
    g.status, (SELECT COUNT(*) FROM hands h WHERE h.game = g.id)";

/// How many games [`Reader::player`] lists.
const RECENT: u32 = 20;

/// How many tournaments a listing returns, newest first.
const TOURNAMENTS: u32 = 100;

impl SqliteStore {
    /// A game's seats in seat order.
    fn seats(&self, game: i64) -> Result<Vec<SeatResult>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT name, cpu, score, rank FROM seats WHERE game = ?1 ORDER BY seat",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok(SeatResult {
                player: SeatRecord {
                    name: r.get(0)?,
                    cpu: r.get(1)?,
                },
                score: r.get(2)?,
                rank: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// A listing row (the [`SUMMARY`] columns) with its seats.
    fn summary(&self, row: &Row) -> Result<GameSummary> {
        let id: i64 = row.get(0)?;
        let status: String = row.get(6)?;
        Ok(GameSummary {
            id: GameId(id),
            protocol: row.get(1)?,
            variant: row.get(2)?,
            table: row.get(3)?,
            started_at_ms: row.get(4)?,
            ended_at_ms: row.get(5)?,
            status: Status::from_stored(&status)
                .ok_or_else(|| StoreError::Corrupt(format!("game {id} has status {status:?}")))?,
            hands: row.get(7)?,
            seats: self.seats(id)?,
        })
    }

    fn hands(&self, game: GameId) -> Result<Vec<HandDetail>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT number, result, actions FROM hands WHERE game = ?1 ORDER BY number",
        )?;
        let mut rows = stmt.query([game.0])?;
        let mut hands = Vec::new();
        while let Some(r) = rows.next()? {
            let number: u32 = r.get(0)?;
            let what = format!("hand {number} of game {}", game.0);
            hands.push(HandDetail {
                number,
                result: from_json(&r.get::<_, String>(1)?, &what)?,
                actions: from_json(&r.get::<_, String>(2)?, &what)?,
            });
        }
        Ok(hands)
    }

    fn standings(&self, sql: &str, key: &str) -> Result<Vec<Standing>> {
        let mut stmt = self.conn.prepare_cached(sql)?;
        let rows = stmt.query_map([key], |r| {
            Ok(Standing {
                protocol: r.get(0)?,
                name: r.get(1)?,
                cpu: r.get(2)?,
                games: r.get(3)?,
                wins: r.get(4)?,
                points: r.get(5)?,
                rating: tenths(r.get(6)?),
                deviation: tenths(r.get(7)?),
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

/// A rating to one decimal: Glicko-2 is not more precise than that.
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The listing query for `f` and its parameters. With a player, the query walks that
/// name's seats (index `seats_by_name`) instead of every game.
fn listing(f: &GameFilter) -> (String, Vec<Value>) {
    let mut args = Vec::new();
    let (mut sql, id) = match &f.player {
        Some(name) => {
            args.push(Value::Text(name.clone()));
            (
                format!(
                    "SELECT {SUMMARY} FROM seats s JOIN games g ON g.id = s.game WHERE s.name = ?"
                ),
                "s.game",
            )
        }
        None => (format!("SELECT {SUMMARY} FROM games g WHERE 1"), "g.id"),
    };
    if let Some(protocol) = &f.protocol {
        sql.push_str(" AND g.protocol = ?");
        args.push(Value::Text(protocol.clone()));
    }
    if let Some(before) = f.before {
        sql.push_str(&format!(" AND {id} < ?"));
        args.push(Value::Integer(before.0));
    }
    match f.status {
        StatusFilter::All => {}
        StatusFilter::Finished | StatusFilter::Only(Status::Finished) => {
            sql.push_str(" AND g.status = 'finished'")
        }
        StatusFilter::Unfinished => sql.push_str(&format!(" AND g.{UNFINISHED}")),
        StatusFilter::Only(status) => {
            sql.push_str(&format!(" AND g.{UNFINISHED} AND g.status = ?"));
            args.push(Value::Text(status.as_str().into()));
        }
    }
    if f.player.is_some() {
        // A name may hold two seats of one game.
        sql.push_str(" GROUP BY s.game");
    }
    sql.push_str(&format!(" ORDER BY {id} DESC LIMIT ?"));
    args.push(Value::Integer(
        f.limit.clamp(1, GameFilter::MAX_LIMIT).into(),
    ));
    (sql, args)
}

impl Reader for SqliteStore {
    fn games(&self, f: &GameFilter) -> Result<Vec<GameSummary>> {
        let (sql, args) = listing(f);
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params_from_iter(args))?;
        let mut games = Vec::new();
        while let Some(row) = rows.next()? {
            games.push(self.summary(row)?);
        }
        Ok(games)
    }

    fn game(&self, id: GameId) -> Result<Option<GameDetail>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {SUMMARY}, g.seed, g.result, g.final_actions FROM games g WHERE g.id = ?1"
        ))?;
        let mut rows = stmt.query([id.0])?;
        let Some(row) = rows.next()? else {
            return Ok(None);
        };
        let what = format!("game {}", id.0);
        let result: Option<String> = row.get(9)?;
        let final_actions: Option<String> = row.get(10)?;
        Ok(Some(GameDetail {
            summary: self.summary(row)?,
            seed: Some(row.get(8)?),
            result: result.map(|t| from_json(&t, &what)).transpose()?,
            hand_results: self.hands(id)?,
            final_actions: final_actions
                .map(|t| from_json(&t, &what))
                .transpose()?
                .unwrap_or_default(),
        }))
    }

    fn leaderboard(&self, protocol: &str) -> Result<Vec<Standing>> {
        self.standings(
            "SELECT protocol, name, cpu, games, wins, points, rating, deviation FROM players
             WHERE protocol = ?1 ORDER BY rating DESC, name",
            protocol,
        )
    }

    fn player(&self, name: &str) -> Result<Option<PlayerDetail>> {
        let standings = self.standings(
            "SELECT protocol, name, cpu, games, wins, points, rating, deviation FROM players
             WHERE name = ?1 ORDER BY protocol",
            name,
        )?;
        let recent = self.games(&GameFilter {
            player: Some(name.to_owned()),
            limit: RECENT,
            ..GameFilter::default()
        })?;
        Ok(
            (!standings.is_empty() || !recent.is_empty()).then(|| PlayerDetail {
                name: name.to_owned(),
                standings,
                recent,
            }),
        )
    }

    fn tournaments_for(&self, protocol: Option<&str>) -> Result<Vec<TournamentRecord>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT protocol, name, record FROM tournaments WHERE ?1 IS NULL OR protocol = ?1
             ORDER BY started_at_ms DESC, name LIMIT ?2",
        )?;
        let mut rows = stmt.query(rusqlite::params![protocol, TOURNAMENTS])?;
        let mut tournaments = Vec::new();
        while let Some(r) = rows.next()? {
            let what = format!(
                "tournament {} {}",
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?
            );
            tournaments.push(from_json(&r.get::<_, String>(2)?, &what)?);
        }
        Ok(tournaments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_use_the_indexes() {
        let store = SqliteStore::open_in_memory().unwrap();
        let plan = |f: GameFilter| -> String {
            let (sql, args) = listing(&f);
            let mut stmt = store
                .conn
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .unwrap();
            let rows = stmt
                .query_map(params_from_iter(args), |r| r.get::<_, String>(3))
                .unwrap();
            rows.map(|r| r.unwrap()).collect::<Vec<_>>().join("; ")
        };
        let by_player = plan(GameFilter {
            player: Some("ann".into()),
            before: Some(GameId(10)),
            ..GameFilter::default()
        });
        assert!(by_player.contains("seats_by_name"), "{by_player}");
        assert!(!by_player.contains("TEMP B-TREE"), "{by_player}");
        let unfinished = plan(GameFilter {
            status: StatusFilter::Only(Status::Playing),
            ..GameFilter::default()
        });
        assert!(unfinished.contains("games_unfinished"), "{unfinished}");
        let by_protocol = plan(GameFilter {
            protocol: Some("jass".into()),
            ..GameFilter::default()
        });
        assert!(by_protocol.contains("games_by_protocol"), "{by_protocol}");
    }
}
