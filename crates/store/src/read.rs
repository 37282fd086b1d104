//! Reading games, leaderboards and tournaments for the API and `parlor replay`, once for
//! both backends. Every query reads one consistent snapshot per statement; SQLite in WAL
//! mode and PostgreSQL both serve it without waiting for the recorder's writes.

use crate::query::{
    GameDetail, GameFilter, GameSummary, HandDetail, PlayerDetail, SeatResult, Standing,
    StatusFilter,
};
use crate::schema::UNFINISHED;
use crate::sql::{params, Db, Dialect, Row, Value};
use crate::{GameId, Reader, Result, SeatRecord, Status, StoreError, TournamentRecord};

/// The columns of a game's summary, `g` being `games`.
const SUMMARY: &str = "g.id, g.protocol, g.variant, g.table_name, g.started_at_ms, g.ended_at_ms,
    g.status, (SELECT COUNT(*) FROM hands h WHERE h.game = g.id)";

/// How many of a player's latest games their page lists.
const RECENT: u32 = 20;

/// How many tournaments a listing holds.
const TOURNAMENTS: i64 = 100;

/// A TEXT column's JSON back; `what` names it in the error.
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

fn seats(db: &dyn Db, game: i64) -> Result<Vec<SeatResult>> {
    let rows = db.query(
        "SELECT name, cpu, score, rank FROM seats WHERE game = ?1 ORDER BY seat",
        params![game],
    )?;
    rows.iter()
        .map(|r| {
            Ok(SeatResult {
                player: SeatRecord {
                    name: r.text(0)?,
                    cpu: r.opt_text(1)?,
                },
                score: r.opt_int(2)?,
                rank: r.opt_int(3)?.map(|rank| rank as u32),
            })
        })
        .collect()
}

fn summary(db: &dyn Db, row: &Row) -> Result<GameSummary> {
    let id = row.int(0)?;
    let status = row.text(6)?;
    Ok(GameSummary {
        id: GameId(id),
        protocol: row.text(1)?,
        variant: row.text(2)?,
        table: row.opt_text(3)?,
        started_at_ms: row.int(4)?,
        ended_at_ms: row.opt_int(5)?,
        status: Status::from_stored(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id} has status {status:?}")))?,
        hands: row.small(7)?,
        seats: seats(db, id)?,
    })
}

fn hands(db: &dyn Db, game: GameId) -> Result<Vec<HandDetail>> {
    let rows = db.query(
        "SELECT number, result, actions FROM hands WHERE game = ?1 ORDER BY number",
        params![game.0],
    )?;
    rows.iter()
        .map(|r| {
            let number: u32 = r.small(0)?;
            let what = format!("hand {number} of game {}", game.0);
            Ok(HandDetail {
                number,
                result: from_json(&r.text(1)?, &what)?,
                actions: from_json(&r.text(2)?, &what)?,
            })
        })
        .collect()
}

fn standings(db: &dyn Db, sql: &str, key: &str) -> Result<Vec<Standing>> {
    db.query(sql, params![key])?
        .iter()
        .map(|r| {
            Ok(Standing {
                protocol: r.text(0)?,
                name: r.text(1)?,
                cpu: r.bool(2)?,
                games: r.small(3)?,
                wins: r.small(4)?,
                points: r.int(5)?,
                rating: tenths(r.real(6)?),
                deviation: tenths(r.real(7)?),
            })
        })
        .collect()
}

fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The statement and parameters of a listing.
fn listing(f: &GameFilter, dialect: Dialect) -> (String, Vec<Value>) {
    let mut args = Vec::new();
    let mut arg = |value: Value| {
        args.push(value);
        format!("?{}", args.len())
    };
    let (mut sql, id) = match &f.player {
        Some(name) => (
            format!(
                "SELECT {SUMMARY} FROM seats s JOIN games g ON g.id = s.game WHERE s.name = {}",
                arg(Value::Text(name.clone()))
            ),
            "s.game",
        ),
        None => (format!("SELECT {SUMMARY} FROM games g WHERE 1 = 1"), "g.id"),
    };
    if let Some(protocol) = &f.protocol {
        sql.push_str(&format!(
            " AND g.protocol = {}",
            arg(Value::Text(protocol.clone()))
        ));
    }
    if let Some(before) = f.before {
        sql.push_str(&format!(" AND {id} < {}", arg(Value::Int(before.0))));
    }
    match f.status {
        StatusFilter::All => {}
        StatusFilter::Finished | StatusFilter::Only(Status::Finished) => {
            sql.push_str(" AND g.status = 'finished'")
        }
        StatusFilter::Unfinished => sql.push_str(&format!(" AND g.{UNFINISHED}")),
        StatusFilter::Only(status) => {
            let status = arg(Value::Text(status.as_str().into()));
            sql.push_str(&format!(" AND g.{UNFINISHED} AND g.status = {status}"));
        }
    }
    if f.player.is_some() {
        // A name may hold two seats of one game. PostgreSQL wants the grouping to name
        // the games' key to select their columns; SQLite walks its index by `s.game`.
        sql.push_str(match dialect {
            Dialect::Sqlite => " GROUP BY s.game",
            Dialect::Postgres => " GROUP BY s.game, g.id",
        });
    }
    let limit = arg(Value::Int(f.limit.clamp(1, GameFilter::MAX_LIMIT).into()));
    sql.push_str(&format!(" ORDER BY {id} DESC LIMIT {limit}"));
    (sql, args)
}

impl<D: Db + Send> Reader for D {
    fn games(&self, f: &GameFilter) -> Result<Vec<GameSummary>> {
        let (sql, args) = listing(f, self.dialect());
        let rows = self.query(&sql, &args)?;
        rows.iter().map(|row| summary(self, row)).collect()
    }

    fn game(&self, id: GameId) -> Result<Option<GameDetail>> {
        let row = self.query_one(
            &format!(
                "SELECT {SUMMARY}, g.seed, g.result, g.final_actions FROM games g WHERE g.id = ?1"
            ),
            params![id.0],
        )?;
        let Some(row) = row else {
            return Ok(None);
        };
        let what = format!("game {}", id.0);
        let result = row.opt_text(9)?;
        let final_actions = row.opt_text(10)?;
        Ok(Some(GameDetail {
            summary: summary(self, &row)?,
            seed: Some(row.text(8)?),
            result: result.map(|t| from_json(&t, &what)).transpose()?,
            hand_results: hands(self, id)?,
            final_actions: final_actions
                .map(|t| from_json(&t, &what))
                .transpose()?
                .unwrap_or_default(),
        }))
    }

    fn leaderboard(&self, protocol: &str) -> Result<Vec<Standing>> {
        standings(
            self,
            "SELECT protocol, name, cpu, games, wins, points, rating, deviation FROM players
             WHERE protocol = ?1 ORDER BY rating DESC, name",
            protocol,
        )
    }

    fn player(&self, name: &str) -> Result<Option<PlayerDetail>> {
        let standings = standings(
            self,
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
        // The cast tells PostgreSQL the type of a parameter that may be NULL.
        let rows = self.query(
            "SELECT protocol, name, record FROM tournaments
             WHERE CAST(?1 AS TEXT) IS NULL OR protocol = ?1
             ORDER BY started_at_ms DESC, name LIMIT ?2",
            params![protocol, TOURNAMENTS],
        )?;
        rows.iter()
            .map(|r| {
                let what = format!("tournament {} {}", r.text(0)?, r.text(1)?);
                from_json(&r.text(2)?, &what)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SqliteStore;

    #[test]
    fn listings_use_the_indexes() {
        let store = SqliteStore::open_in_memory().unwrap();
        let plan = |f: GameFilter| -> String {
            let (sql, args) = listing(&f, Dialect::Sqlite);
            let args = args.iter().map(crate::sqlite::to_sqlite);
            let mut stmt = store
                .conn
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .unwrap();
            let rows = stmt
                .query_map(rusqlite::params_from_iter(args), |r| r.get::<_, String>(3))
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
