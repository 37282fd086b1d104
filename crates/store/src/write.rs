//! Writing games, once for both backends: each call is one transaction, committed before
//! it returns (or, in a batch, a savepoint committed with the batch), and a refused call
//! (unknown game, game already ended...) changes nothing.

use crate::ratings::{self, Finisher};
use crate::schema::{ACTION_NOTATION, UNFINISHED};
use crate::sql::{params, Db, Dialect};
use crate::{
    GameAbandon, GameEnd, GameId, GameStart, HandRecord, Result, SeatName, Status, Storage,
    StoreError, TournamentRecord,
};
use std::ops::Range;

/// A backend's transactions, for the [`Storage`] every backend gets from this module.
pub(crate) trait Transact: Db + Send {
    /// Whether a batch ([`Storage::begin_batch`]) is open, to change.
    fn in_batch(&mut self) -> &mut bool;
    /// Runs statements without parameters (`BEGIN`, `COMMIT`...).
    fn run(&self, sql: &str) -> Result<()>;
    /// Whether the database rolled the open batch back by itself (SQLite does on some
    /// errors, such as a full disk).
    fn batch_lost(&self) -> bool {
        false
    }
    /// A block of new game ids, for a backend that several servers write at once;
    /// `None` for one writer, whose ids follow the largest stored.
    fn reserve_ids(&mut self) -> Result<Option<Range<i64>>> {
        Ok(None)
    }
}

/// How a backend begins a transaction that writes. SQLite's `IMMEDIATE` takes the write
/// lock at `BEGIN`, where SQLite waits for it up to the busy timeout (a deferred one that
/// read first would fail at once if another process held the lock when it came to
/// write); PostgreSQL's rows and the ratings lock (`ratings.rs`) do that work.
fn begin(db: &dyn Db) -> &'static str {
    match db.dialect() {
        Dialect::Sqlite => "BEGIN IMMEDIATE",
        Dialect::Postgres => "BEGIN",
    }
}

/// Runs one write in its scope: its own transaction, or a savepoint in the batch under
/// way, so a refused or failed write undoes only itself either way. If the database
/// already rolled the batch back, the write fails too rather than commit on its own
/// while the batch reports itself lost.
fn write<S: Transact>(store: &mut S, f: impl FnOnce(&S) -> Result<()>) -> Result<()> {
    if !*store.in_batch() {
        store.run(begin(store))?;
        let done = f(store);
        return match done {
            Ok(()) => store.run("COMMIT"),
            Err(error) => {
                store.run("ROLLBACK")?;
                Err(error)
            }
        };
    }
    if store.batch_lost() {
        return Err(StoreError::Lost(
            "the batch of writes was rolled back".into(),
        ));
    }
    store.run("SAVEPOINT write")?;
    let done = f(store);
    if done.is_err() {
        store.run("ROLLBACK TO SAVEPOINT write")?;
    }
    store.run("RELEASE SAVEPOINT write")?;
    done
}

/// The protocol of `game`, or why it cannot take more writes: it is unknown or has
/// ended, or (on a shared store) another node carries it on now, so the node that
/// started it may not write to it any more.
fn playing(db: &dyn Db, game: GameId) -> Result<String> {
    let (protocol, holder) = open_game(db, game)?;
    match holder {
        Some(node) => Err(StoreError::Invalid(format!(
            "game {} is carried on by node {node}",
            game.0
        ))),
        None => Ok(protocol),
    }
}

/// The protocol of `game` if it is being played, and on a shared store the other node
/// that holds it, if another does.
fn open_game(db: &dyn Db, game: GameId) -> Result<(String, Option<String>)> {
    let sql = match db.dialect() {
        Dialect::Sqlite => "SELECT protocol, status, NULL FROM games WHERE id = ?1",
        Dialect::Postgres => {
            "SELECT protocol, status, CASE WHEN node <> current_setting('parlor.node', true)
             THEN node END FROM games WHERE id = ?1"
        }
    };
    let Some(row) = db.query_one(sql, params![game.0])? else {
        return Err(StoreError::Invalid(format!("no game {}", game.0)));
    };
    let (protocol, status) = (row.text(0)?, row.text(1)?);
    if status != Status::Playing.as_str() {
        return Err(StoreError::Invalid(format!("game {} is {status}", game.0)));
    }
    Ok((protocol, row.opt_text(2)?))
}

/// A value as JSON text for a TEXT column.
pub(crate) fn to_json(value: &impl serde::Serialize) -> Result<String> {
    serde_json::to_string(value).map_err(|e| StoreError::Invalid(format!("not JSON: {e}")))
}

impl<S: Transact> Storage for S {
    fn begin_batch(&mut self) -> Result<()> {
        self.run(begin(self))?;
        *self.in_batch() = true;
        Ok(())
    }

    fn end_batch(&mut self) -> Result<()> {
        *self.in_batch() = false;
        let committed = self.run("COMMIT");
        if committed.is_err() && !self.batch_lost() {
            // Leave no half batch open for the next write to land in.
            let _ = self.run("ROLLBACK");
        }
        committed
    }

    fn start_game(&mut self, g: &GameStart) -> Result<()> {
        write(self, |db| {
            if db
                .query_one("SELECT 1 FROM games WHERE id = ?1", params![g.id.0])?
                .is_some()
            {
                return Err(StoreError::Invalid(format!("game {} exists", g.id.0)));
            }
            db.execute(
                "INSERT INTO games (id, protocol, variant, seed, table_name, started_at_ms, status, notation)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'playing', ?7)",
                params![
                    g.id.0,
                    g.protocol.as_str(),
                    g.variant.as_str(),
                    g.seed.to_string(),
                    g.table.as_deref(),
                    g.started_at_ms,
                    ACTION_NOTATION
                ],
            )?;
            for (seat, s) in (0i64..).zip(&g.seats) {
                db.execute(
                    "INSERT INTO seats (game, seat, name, cpu) VALUES (?1, ?2, ?3, ?4)",
                    params![g.id.0, seat, s.name.as_str(), s.cpu.as_deref()],
                )?;
            }
            Ok(())
        })
    }

    fn record_hand(&mut self, h: &HandRecord) -> Result<()> {
        write(self, |db| {
            let protocol = playing(db, h.game)?;
            let recorded = db.query_one(
                "SELECT 1 FROM hands WHERE game = ?1 AND number = ?2",
                params![h.game.0, h.number],
            )?;
            if h.number == 0 || recorded.is_some() {
                return Err(StoreError::Invalid(format!(
                    "hand {} of game {} cannot be recorded (numbers start at 1, once each)",
                    h.number, h.game.0
                )));
            }
            db.execute(
                "INSERT INTO hands (game, number, result, actions) VALUES (?1, ?2, ?3, ?4)",
                params![
                    h.game.0,
                    h.number,
                    to_json(&h.result)?,
                    to_json(&h.actions)?
                ],
            )?;
            if h.rated.is_empty() {
                return Ok(());
            }
            let finishers: Vec<Finisher> = (h.rated.iter())
                .map(|p| Finisher {
                    name: &p.name,
                    cpu: p.cpu,
                    score: p.score,
                    rank: p.rank,
                })
                .collect();
            ratings::update(db, &protocol, &finishers)
        })
    }

    fn carry_game(&mut self, g: &GameStart, hands: u32) -> Result<()> {
        let status = self
            .query_one("SELECT status FROM games WHERE id = ?1", params![g.id.0])?
            .map(|row| row.text(0))
            .transpose()?;
        match status {
            None => self.start_game(g),
            Some(_) => write(self, |db| {
                // Marked abandoned by its node's crash recovery (no end was ever written)
                // while the stream shows it still being played: it is played on.
                db.execute(
                    "UPDATE games SET status = 'playing'
                     WHERE id = ?1 AND status = 'abandoned' AND ended_at_ms IS NULL",
                    params![g.id.0],
                )?;
                open_game(db, g.id)?;
                if db.dialect() == Dialect::Postgres {
                    db.execute(
                        "UPDATE games SET node = current_setting('parlor.node', true) WHERE id = ?1",
                        params![g.id.0],
                    )?;
                }
                db.execute(
                    "DELETE FROM hands WHERE game = ?1 AND number > ?2",
                    params![g.id.0, hands],
                )?;
                Ok(())
            }),
        }
    }

    fn record_hand_once(&mut self, h: &HandRecord) -> Result<()> {
        let stored = self.query_one(
            "SELECT 1 FROM hands WHERE game = ?1 AND number = ?2",
            params![h.game.0, h.number],
        )?;
        match stored {
            Some(_) => Ok(()),
            None => self.record_hand(h),
        }
    }

    fn release_game(&mut self, game: GameId) -> Result<()> {
        if self.dialect() != Dialect::Postgres {
            return Ok(());
        }
        write(self, |db| {
            playing(db, game)?;
            db.execute(
                "UPDATE games SET node = NULL WHERE id = ?1",
                params![game.0],
            )?;
            Ok(())
        })
    }

    fn abandon_released(&mut self) -> Result<u64> {
        if self.dialect() != Dialect::Postgres {
            return Ok(0);
        }
        let mut ended = 0;
        write(self, |db| {
            // As crash recovery marks a game: no end written, so a node that carries it on
            // from the stream after all still may.
            ended = db.execute(
                &format!(
                    "UPDATE games SET status = 'abandoned'
                     WHERE {UNFINISHED} AND status = 'playing' AND node IS NULL"
                ),
                &[],
            )?;
            Ok(())
        })?;
        Ok(ended)
    }

    fn abandon_game(&mut self, end: &GameAbandon) -> Result<()> {
        write(self, |db| {
            playing(db, end.game)?;
            let result = serde_json::json!({ "abandoned": end.reason });
            db.execute(
                "UPDATE games SET status = 'abandoned', ended_at_ms = ?2, result = ?3,
                 final_actions = ?4 WHERE id = ?1",
                params![
                    end.game.0,
                    end.ended_at_ms,
                    to_json(&result)?,
                    to_json(&end.actions)?
                ],
            )?;
            Ok(())
        })
    }

    fn discard_game(&mut self, game: GameId) -> Result<()> {
        write(self, |db| {
            playing(db, game)?;
            for table in ["hands", "seats"] {
                db.execute(
                    &format!("DELETE FROM {table} WHERE game = ?1"),
                    params![game.0],
                )?;
            }
            db.execute("DELETE FROM games WHERE id = ?1", params![game.0])?;
            Ok(())
        })
    }

    fn name_seat(&mut self, n: &SeatName) -> Result<()> {
        write(self, |db| {
            playing(db, n.game)?;
            let changed = db.execute(
                "UPDATE seats SET name = ?3 WHERE game = ?1 AND seat = ?2",
                params![n.game.0, n.seat as i64, n.name.as_str()],
            )?;
            if changed == 0 {
                let why = format!("game {} has no seat {}", n.game.0, n.seat);
                return Err(StoreError::Invalid(why));
            }
            Ok(())
        })
    }

    /// Ends the game and, in the same transaction, updates its players' statistics and
    /// ratings (see `ratings.rs` for the rules): a crash leaves either all of it or none.
    fn finish_game(&mut self, end: &GameEnd) -> Result<()> {
        write(self, |db| finish(db, end))
    }

    fn record_tournament(&mut self, t: &TournamentRecord) -> Result<()> {
        write(self, |db| {
            db.execute(
                "INSERT INTO tournaments (name, protocol, started_at_ms, ended_at_ms, record)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (protocol, name, started_at_ms) DO UPDATE SET
                    ended_at_ms = excluded.ended_at_ms, record = excluded.record",
                params![
                    t.name.as_str(),
                    t.protocol.as_str(),
                    t.started_at_ms,
                    t.ended_at_ms,
                    to_json(t)?
                ],
            )?;
            Ok(())
        })
    }

    fn last_game_id(&self) -> Result<Option<GameId>> {
        let row = self.query_one("SELECT MAX(id) FROM games", &[])?;
        Ok(row.map(|r| r.opt_int(0)).transpose()?.flatten().map(GameId))
    }

    fn reserve_ids(&mut self) -> Result<Range<i64>> {
        match Transact::reserve_ids(self)? {
            Some(block) => Ok(block),
            None => Ok(self.last_game_id()?.map_or(1, |last| last.0 + 1)..i64::MAX),
        }
    }
}

/// [`Storage::finish_game`] inside its transaction.
fn finish(db: &dyn Db, end: &GameEnd) -> Result<()> {
    let protocol = playing(db, end.game)?;
    let seats = db
        .query(
            "SELECT name, cpu FROM seats WHERE game = ?1 ORDER BY seat",
            params![end.game.0],
        )?
        .into_iter()
        .map(|r| Ok((r.text(0)?, r.opt_text(1)?.is_some())))
        .collect::<Result<Vec<(String, bool)>>>()?;
    if end.scores.len() != seats.len() || end.ranks.len() != seats.len() || end.ranks.contains(&0) {
        return Err(StoreError::Invalid(format!(
            "game {} has {} seats: scores {:?} and ranks {:?} (from 1) must have one each",
            end.game.0,
            seats.len(),
            end.scores,
            end.ranks
        )));
    }
    db.execute(
        "UPDATE games SET status = 'finished', ended_at_ms = ?2, result = ?3, final_actions = ?4
         WHERE id = ?1",
        params![
            end.game.0,
            end.ended_at_ms,
            to_json(&end.result)?,
            to_json(&end.actions)?
        ],
    )?;
    let mut finishers = Vec::with_capacity(seats.len());
    for (seat, ((name, cpu), (&score, &rank))) in
        (0i64..).zip(seats.iter().zip(end.scores.iter().zip(&end.ranks)))
    {
        db.execute(
            "UPDATE seats SET score = ?3, rank = ?4 WHERE game = ?1 AND seat = ?2",
            params![end.game.0, seat, score, rank],
        )?;
        finishers.push(Finisher {
            name,
            cpu: *cpu,
            score,
            rank,
        });
    }
    match end.rated {
        true => ratings::update(db, &protocol, &finishers),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SeatRecord, SqliteStore};

    fn start(id: i64) -> GameStart {
        GameStart {
            id: GameId(id),
            protocol: "mahjong".into(),
            variant: "test rules".into(),
            seed: 1,
            started_at_ms: 1,
            seats: vec![SeatRecord {
                name: "a".into(),
                cpu: None,
            }],
            table: None,
        }
    }

    /// SQLite rolls a whole transaction back on some errors (a full disk): the writes
    /// after that in the batch must fail, not commit alone while the batch is reported
    /// lost.
    #[test]
    fn writes_after_sqlite_rolled_the_batch_back_fail_with_it() {
        let mut store = SqliteStore::open_in_memory().unwrap();
        store.begin_batch().unwrap();
        store.start_game(&start(1)).unwrap();
        store.conn.execute_batch("ROLLBACK").unwrap(); // as SQLite does on SQLITE_FULL
        let after = store.start_game(&start(2));
        assert!(matches!(after, Err(StoreError::Lost(_))), "{after:?}");
        assert!(store.end_batch().is_err());
        assert_eq!(store.last_game_id().unwrap(), None);
        // The next write, outside any batch, is stored as usual.
        store.start_game(&start(3)).unwrap();
        assert_eq!(store.last_game_id().unwrap(), Some(GameId(3)));
    }
}
