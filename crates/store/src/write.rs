//! Writing games: each call is one transaction, committed before it returns (or, in a
//! batch, a savepoint committed with the batch), and a refused call (unknown game, game
//! already ended...) changes nothing.

use crate::ratings::{self, Finisher};
use crate::schema::ACTION_NOTATION;
use crate::sqlite::{to_json, SqliteStore};
use crate::{
    GameAbandon, GameEnd, GameId, GameStart, HandRecord, Result, SeatName, Status, Storage,
    StoreError, TournamentRecord,
};
use rusqlite::{
    params, Connection, OptionalExtension, Savepoint, Transaction, TransactionBehavior,
};
use std::ops::Deref;

/// The protocol and status of `game`, or why it cannot take more writes.
fn playing(tx: &Connection, game: GameId) -> Result<String> {
    let row: Option<(String, String)> = tx
        .prepare_cached("SELECT protocol, status FROM games WHERE id = ?1")?
        .query_row([game.0], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match row {
        None => Err(StoreError::Invalid(format!("no game {}", game.0))),
        Some((protocol, status)) if status == Status::Playing.as_str() => Ok(protocol),
        Some((_, status)) => Err(StoreError::Invalid(format!("game {} is {status}", game.0))),
    }
}

/// One write's scope: its own transaction, or a savepoint in the batch under way, so a
/// refused or failed write undoes only itself either way.
enum WriteTx<'a> {
    Alone(Transaction<'a>),
    InBatch(Savepoint<'a>),
}

impl Deref for WriteTx<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        match self {
            WriteTx::Alone(tx) => tx,
            WriteTx::InBatch(savepoint) => savepoint,
        }
    }
}

impl WriteTx<'_> {
    fn commit(self) -> rusqlite::Result<()> {
        match self {
            WriteTx::Alone(tx) => tx.commit(),
            WriteTx::InBatch(savepoint) => savepoint.commit(),
        }
    }
}

impl SqliteStore {
    /// A write's scope. Alone, an `IMMEDIATE` transaction: it takes the write lock at
    /// `BEGIN`, where SQLite waits for it up to the busy timeout (a deferred one that
    /// read first would fail at once if another process held the lock when it came to
    /// write). In a batch (which began `IMMEDIATE`), a savepoint; if SQLite already
    /// rolled the batch back (some errors, such as a full disk, do), the write fails
    /// too rather than commit on its own while the batch reports itself lost.
    fn write(&mut self) -> Result<WriteTx<'_>> {
        if !self.in_batch {
            return Ok(WriteTx::Alone(
                self.conn
                    .transaction_with_behavior(TransactionBehavior::Immediate)?,
            ));
        }
        if self.conn.is_autocommit() {
            return Err(StoreError::Database(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ABORT),
                Some("the batch of writes was rolled back".into()),
            )));
        }
        Ok(WriteTx::InBatch(self.conn.savepoint()?))
    }
}

impl Storage for SqliteStore {
    fn begin_batch(&mut self) -> Result<()> {
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        self.in_batch = true;
        Ok(())
    }

    fn end_batch(&mut self) -> Result<()> {
        self.in_batch = false;
        let committed = self.conn.execute_batch("COMMIT");
        if committed.is_err() && !self.conn.is_autocommit() {
            // Leave no half batch open for the next write to land in.
            let _ = self.conn.execute_batch("ROLLBACK");
        }
        Ok(committed?)
    }

    fn start_game(&mut self, g: &GameStart) -> Result<()> {
        let tx = self.write()?;
        let exists = tx
            .prepare_cached("SELECT 1 FROM games WHERE id = ?1")?
            .query_row([g.id.0], |_| Ok(()))
            .optional()?;
        if exists.is_some() {
            return Err(StoreError::Invalid(format!("game {} exists", g.id.0)));
        }
        tx.prepare_cached(
            "INSERT INTO games (id, protocol, variant, seed, table_name, started_at_ms, status, notation)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'playing', ?7)",
        )?
        .execute(params![
            g.id.0,
            g.protocol,
            g.variant,
            g.seed.to_string(),
            g.table,
            g.started_at_ms,
            ACTION_NOTATION
        ])?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO seats (game, seat, name, cpu) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (seat, s) in (0i64..).zip(&g.seats) {
                insert.execute(params![g.id.0, seat, s.name, s.cpu])?;
            }
        }
        Ok(tx.commit()?)
    }

    fn record_hand(&mut self, h: &HandRecord) -> Result<()> {
        let tx = self.write()?;
        playing(&tx, h.game)?;
        let recorded = tx
            .prepare_cached("SELECT 1 FROM hands WHERE game = ?1 AND number = ?2")?
            .query_row(params![h.game.0, h.number], |_| Ok(()))
            .optional()?;
        if h.number == 0 || recorded.is_some() {
            return Err(StoreError::Invalid(format!(
                "hand {} of game {} cannot be recorded (numbers start at 1, once each)",
                h.number, h.game.0
            )));
        }
        tx.prepare_cached(
            "INSERT INTO hands (game, number, result, actions) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![
            h.game.0,
            h.number,
            to_json(&h.result)?,
            to_json(&h.actions)?
        ])?;
        Ok(tx.commit()?)
    }

    fn abandon_game(&mut self, end: &GameAbandon) -> Result<()> {
        let tx = self.write()?;
        playing(&tx, end.game)?;
        let result = serde_json::json!({ "abandoned": end.reason });
        tx.prepare_cached(
            "UPDATE games SET status = 'abandoned', ended_at_ms = ?2, result = ?3,
             final_actions = ?4 WHERE id = ?1",
        )?
        .execute(params![
            end.game.0,
            end.ended_at_ms,
            to_json(&result)?,
            to_json(&end.actions)?
        ])?;
        Ok(tx.commit()?)
    }

    fn discard_game(&mut self, game: GameId) -> Result<()> {
        let tx = self.write()?;
        playing(&tx, game)?;
        for table in ["hands", "seats"] {
            tx.prepare_cached(&format!("DELETE FROM {table} WHERE game = ?1"))?
                .execute([game.0])?;
        }
        tx.prepare_cached("DELETE FROM games WHERE id = ?1")?
            .execute([game.0])?;
        Ok(tx.commit()?)
    }

    fn name_seat(&mut self, n: &SeatName) -> Result<()> {
        let tx = self.write()?;
        playing(&tx, n.game)?;
        let changed = tx
            .prepare_cached("UPDATE seats SET name = ?3 WHERE game = ?1 AND seat = ?2")?
            .execute(params![n.game.0, n.seat as i64, n.name])?;
        if changed == 0 {
            let why = format!("game {} has no seat {}", n.game.0, n.seat);
            return Err(StoreError::Invalid(why));
        }
        Ok(tx.commit()?)
    }

    /// Ends the game and, in the same transaction, updates its players' statistics and
    /// ratings (see `ratings.rs` for the rules): a crash leaves either all of it or none.
    fn finish_game(&mut self, end: &GameEnd) -> Result<()> {
        let tx = self.write()?;
        let protocol = playing(&tx, end.game)?;
        let seats: Vec<(String, bool)> = tx
            .prepare_cached(
                "SELECT name, cpu IS NOT NULL FROM seats WHERE game = ?1 ORDER BY seat",
            )?
            .query_map([end.game.0], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        if end.scores.len() != seats.len()
            || end.ranks.len() != seats.len()
            || end.ranks.contains(&0)
        {
            return Err(StoreError::Invalid(format!(
                "game {} has {} seats: scores {:?} and ranks {:?} (from 1) must have one each",
                end.game.0,
                seats.len(),
                end.scores,
                end.ranks
            )));
        }
        tx.prepare_cached(
            "UPDATE games SET status = 'finished', ended_at_ms = ?2, result = ?3, final_actions = ?4
             WHERE id = ?1",
        )?
        .execute(
            params![
                end.game.0,
                end.ended_at_ms,
                to_json(&end.result)?,
                to_json(&end.actions)?
            ],
        )?;
        let mut finishers = Vec::with_capacity(seats.len());
        {
            let mut update = tx.prepare_cached(
                "UPDATE seats SET score = ?3, rank = ?4 WHERE game = ?1 AND seat = ?2",
            )?;
            for (seat, ((name, cpu), (&score, &rank))) in
                (0i64..).zip(seats.iter().zip(end.scores.iter().zip(&end.ranks)))
            {
                update.execute(params![end.game.0, seat, score, rank])?;
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
        let tx = self.write()?;
        tx.prepare_cached(
            "INSERT INTO tournaments (name, protocol, started_at_ms, ended_at_ms, record)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (protocol, name, started_at_ms) DO UPDATE SET
                ended_at_ms = excluded.ended_at_ms, record = excluded.record",
        )?
        .execute(params![
            t.name,
            t.protocol,
            t.started_at_ms,
            t.ended_at_ms,
            to_json(t)?
        ])?;
        Ok(tx.commit()?)
    }

    fn last_game_id(&self) -> Result<Option<GameId>> {
        let max: Option<i64> = self
            .conn
            .query_row("SELECT MAX(id) FROM games", [], |r| r.get(0))?;
        Ok(max.map(GameId))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatRecord;

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
        assert!(matches!(after, Err(StoreError::Database(_))), "{after:?}");
        assert!(store.end_batch().is_err());
        assert_eq!(store.last_game_id().unwrap(), None);
        // The next write, outside any batch, is stored as usual.
        store.start_game(&start(3)).unwrap();
        assert_eq!(store.last_game_id().unwrap(), Some(GameId(3)));
    }
}
