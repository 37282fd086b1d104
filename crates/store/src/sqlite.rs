//! The embedded store: one SQLite file (`parlor.db` in the data directory) in WAL mode,
//! so the API reads on its own connections while the recorder writes.
//!
//! `synchronous = NORMAL` in WAL mode: a committed transaction survives the process being
//! killed at any moment (the WAL is in the OS's hands once `commit` returns); only a
//! power loss may lose the last commits. That is the guarantee the issue asks for
//! (`kill -9` loses at most the hands in progress) at a fraction of FULL's cost.

use crate::query::{
    GameDetail, GameFilter, GameSummary, HandDetail, PlayerDetail, SeatResult, Standing, Status,
};
use crate::ratings::{self, Finisher};
use crate::{
    schema, GameEnd, GameId, GameStart, HandRecord, Reader, Result, SeatRecord, Storage,
    StoreError, TournamentRecord,
};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The database file inside a data directory.
pub const FILE: &str = "parlor.db";

/// A connection to the store.
pub struct SqliteStore {
    conn: Connection,
}

/// The most games one listing returns.
const MAX_LIMIT: u32 = 200;

impl SqliteStore {
    /// Opens (creating on first start) the store in `dir`, brings its schema up to date
    /// and marks games a crash left `playing` as `abandoned`.
    pub fn open(dir: &Path) -> Result<SqliteStore> {
        std::fs::create_dir_all(dir).map_err(StoreError::Io)?;
        let mut conn = Connection::open(dir.join(FILE))?;
        configure(&conn)?;
        let from = schema::migrate(&mut conn)?;
        if from < schema::CURRENT {
            tracing::info!(from, to = schema::CURRENT, "store schema migrated");
        }
        let abandoned = conn.execute(
            "UPDATE games SET status = 'abandoned' WHERE status = 'playing'",
            [],
        )?;
        if abandoned > 0 {
            tracing::warn!(
                abandoned,
                "games left unfinished by the last run marked abandoned"
            );
        }
        Ok(SqliteStore { conn })
    }

    /// A second connection for reading, on the same file (the store must exist).
    pub fn open_reader(dir: &Path) -> Result<SqliteStore> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(dir.join(FILE), flags)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        Ok(SqliteStore { conn })
    }

    /// A store in memory (tests).
    pub fn open_in_memory() -> Result<SqliteStore> {
        let mut conn = Connection::open_in_memory()?;
        configure(&conn)?;
        schema::migrate(&mut conn)?;
        Ok(SqliteStore { conn })
    }

    /// Where `dir`'s database file is.
    pub fn file(dir: &Path) -> PathBuf {
        dir.join(FILE)
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

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

    fn summary(&self, row: &rusqlite::Row) -> Result<GameSummary> {
        let id: i64 = row.get(0)?;
        Ok(GameSummary {
            id: GameId(id),
            protocol: row.get(1)?,
            variant: row.get(2)?,
            table: row.get(3)?,
            started_at_ms: row.get(4)?,
            ended_at_ms: row.get(5)?,
            status: Status::parse(&row.get::<_, String>(6)?),
            hands: row.get(7)?,
            seats: self.seats(id)?,
        })
    }
}

fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(())
}

fn json_text(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

fn parse_json<T: serde::de::DeserializeOwned + Default>(text: &str) -> T {
    serde_json::from_str(text).unwrap_or_default()
}

impl Storage for SqliteStore {
    fn start_game(&mut self, g: &GameStart) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO games (id, protocol, variant, seed, table_name, started_at_ms, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'playing')",
            params![
                g.id.0,
                g.protocol,
                g.variant,
                g.seed.to_string(),
                g.table,
                g.started_at_ms
            ],
        )?;
        for (seat, s) in g.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (game, seat, name, cpu) VALUES (?1, ?2, ?3, ?4)",
                params![g.id.0, seat as i64, s.name, s.cpu],
            )?;
        }
        Ok(tx.commit()?)
    }

    fn record_hand(&mut self, h: &HandRecord) -> Result<()> {
        let playing: Option<String> = self
            .conn
            .query_row("SELECT status FROM games WHERE id = ?1", [h.game.0], |r| {
                r.get(0)
            })
            .optional()?;
        if playing.as_deref() != Some("playing") {
            return Err(StoreError::Invalid(format!(
                "game {} is not being played",
                h.game.0
            )));
        }
        self.conn.execute(
            "INSERT INTO hands (game, number, result, actions) VALUES (?1, ?2, ?3, ?4)",
            params![
                h.game.0,
                h.number,
                json_text(&h.result),
                json_text(&h.actions)
            ],
        )?;
        Ok(())
    }

    fn finish_game(&mut self, end: &GameEnd) -> Result<()> {
        let tx = self.conn.transaction()?;
        let game: Option<(String, String)> = tx
            .query_row(
                "SELECT protocol, status FROM games WHERE id = ?1",
                [end.game.0],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((protocol, status)) = game else {
            return Err(StoreError::Invalid(format!("no game {}", end.game.0)));
        };
        if status != "playing" {
            return Err(StoreError::Invalid(format!(
                "game {} is {status}",
                end.game.0
            )));
        }
        tx.execute(
            "UPDATE games SET status = 'finished', ended_at_ms = ?2, result = ?3, final_actions = ?4 WHERE id = ?1",
            params![end.game.0, end.ended_at_ms, json_text(&end.result), json_text(&end.actions)],
        )?;
        let mut seats: Vec<(String, bool)> = Vec::new();
        {
            let mut stmt = tx
                .prepare("SELECT name, cpu IS NOT NULL FROM seats WHERE game = ?1 ORDER BY seat")?;
            let rows = stmt.query_map([end.game.0], |r| Ok((r.get(0)?, r.get(1)?)))?;
            for row in rows {
                seats.push(row?);
            }
        }
        let mut finishers = Vec::new();
        for (seat, (name, cpu)) in seats.iter().enumerate() {
            let score = end.scores.get(seat).copied();
            let rank = end.ranks.get(seat).copied();
            tx.execute(
                "UPDATE seats SET score = ?3, rank = ?4 WHERE game = ?1 AND seat = ?2",
                params![end.game.0, seat as i64, score, rank],
            )?;
            if let (Some(score), Some(rank)) = (score, rank) {
                finishers.push(Finisher {
                    name,
                    cpu: *cpu,
                    score,
                    rank,
                });
            }
        }
        ratings::update(&tx, &protocol, &finishers)?;
        Ok(tx.commit()?)
    }

    fn record_tournament(&mut self, t: &TournamentRecord) -> Result<()> {
        self.conn.execute(
            "INSERT INTO tournaments (name, protocol, started_at_ms, ended_at_ms, record)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (protocol, name, started_at_ms) DO UPDATE SET
                ended_at_ms = excluded.ended_at_ms, record = excluded.record",
            params![
                t.name,
                t.protocol,
                t.started_at_ms,
                t.ended_at_ms,
                json_text(t)
            ],
        )?;
        Ok(())
    }

    fn max_game_id(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("SELECT COALESCE(MAX(id), 0) FROM games", [], |r| r.get(0))?)
    }
}

impl Reader for SqliteStore {
    fn games(&self, f: &GameFilter) -> Result<Vec<GameSummary>> {
        let limit = f.limit.unwrap_or(50).clamp(1, MAX_LIMIT);
        let mut stmt = self.conn.prepare_cached(
            "SELECT g.id, g.protocol, g.variant, g.table_name, g.started_at_ms, g.ended_at_ms, g.status,
                    (SELECT COUNT(*) FROM hands h WHERE h.game = g.id)
             FROM games g
             WHERE (?1 IS NULL OR g.protocol = ?1)
               AND (?2 IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND s.name = ?2))
               AND (?3 IS NULL OR g.status = ?3)
               AND (?4 IS NULL OR g.id < ?4)
             ORDER BY g.id DESC LIMIT ?5",
        )?;
        let status = f.status.map(Status::as_str);
        let mut rows = stmt.query(params![f.protocol, f.player, status, f.before, limit])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(self.summary(row)?);
        }
        Ok(out)
    }

    fn game(&self, id: GameId) -> Result<Option<GameDetail>> {
        let row = self
            .conn
            .query_row(
                "SELECT g.id, g.protocol, g.variant, g.table_name, g.started_at_ms, g.ended_at_ms, g.status,
                        (SELECT COUNT(*) FROM hands h WHERE h.game = g.id), g.seed, g.result, g.final_actions
                 FROM games g WHERE g.id = ?1",
                [id.0],
                |r| {
                    Ok((
                        self.summary(r),
                        r.get::<_, String>(8)?,
                        r.get::<_, Option<String>>(9)?,
                        r.get::<_, Option<String>>(10)?,
                    ))
                },
            )
            .optional()?;
        let Some((summary, seed, result, final_actions)) = row else {
            return Ok(None);
        };
        let mut stmt = self.conn.prepare_cached(
            "SELECT number, result, actions FROM hands WHERE game = ?1 ORDER BY number",
        )?;
        let hands = stmt
            .query_map([id.0], |r| {
                Ok(HandDetail {
                    number: r.get(0)?,
                    result: parse_json(&r.get::<_, String>(1)?),
                    actions: parse_json(&r.get::<_, String>(2)?),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(Some(GameDetail {
            summary: summary?,
            seed,
            result: result.map(|t| parse_json(&t)),
            hand_results: hands,
            final_actions: final_actions.map(|t| parse_json(&t)).unwrap_or_default(),
        }))
    }

    fn leaderboard(&self, protocol: &str) -> Result<Vec<Standing>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT protocol, name, cpu, games, wins, points, rating, deviation FROM players
             WHERE protocol = ?1 ORDER BY rating DESC, name",
        )?;
        let rows = stmt.query_map([protocol], standing)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    fn player(&self, name: &str) -> Result<PlayerDetail> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT protocol, name, cpu, games, wins, points, rating, deviation FROM players
             WHERE name = ?1 ORDER BY protocol",
        )?;
        let standings = stmt
            .query_map([name], standing)?
            .collect::<rusqlite::Result<_>>()?;
        let recent = self.games(&GameFilter {
            player: Some(name.to_owned()),
            limit: Some(20),
            ..GameFilter::default()
        })?;
        Ok(PlayerDetail {
            name: name.to_owned(),
            standings,
            recent,
        })
    }

    fn tournaments(&self) -> Result<Vec<TournamentRecord>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT record FROM tournaments ORDER BY started_at_ms DESC LIMIT 100",
        )?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        let mut out = Vec::new();
        for row in rows {
            if let Ok(t) = serde_json::from_str(&row?) {
                out.push(t);
            }
        }
        Ok(out)
    }
}

fn standing(r: &rusqlite::Row) -> rusqlite::Result<Standing> {
    Ok(Standing {
        protocol: r.get(0)?,
        name: r.get(1)?,
        cpu: r.get(2)?,
        games: r.get(3)?,
        wins: r.get(4)?,
        points: r.get(5)?,
        rating: r.get::<_, f64>(6)?.round(),
        deviation: r.get::<_, f64>(7)?.round(),
    })
}
