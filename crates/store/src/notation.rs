//! Rewriting the action logs of games stored in an older notation (`games.notation`).
//!
//! The store cannot translate a log itself (it knows no game's rules); the server
//! replays each such game and hands back the log in today's notation, entry for entry,
//! which [`SqliteStore::rewrite_actions`] puts back where the old entries were.

use crate::read::from_json;
use crate::schema::{ACTION_NOTATION, OLD_NOTATION};
use crate::sqlite::SqliteStore;
use crate::write::to_json;
use crate::{GameId, Result, StoreError};
use rusqlite::params;

impl SqliteStore {
    /// The games whose action log is in a notation older than this code writes, by id.
    pub fn games_before_notation(&self) -> Result<Vec<GameId>> {
        let mut statement = self.conn.prepare_cached(&format!(
            "SELECT id FROM games WHERE {OLD_NOTATION} ORDER BY id"
        ))?;
        let ids = statement.query_map([], |r| r.get(0).map(GameId))?;
        Ok(ids.collect::<rusqlite::Result<_>>()?)
    }

    /// Replaces the whole action log of `game` with `log` (the same entries in today's
    /// notation, in order) and marks it in today's notation, in one transaction. Refused,
    /// changing nothing, if `log` does not have one entry for each stored one.
    pub fn rewrite_actions(&mut self, game: GameId, log: &[String]) -> Result<()> {
        let tx = self.conn.transaction()?;
        let hands: Vec<(u32, String)> = tx
            .prepare_cached("SELECT number, actions FROM hands WHERE game = ?1 ORDER BY number")?
            .query_map([game.0], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let last: Option<String> = tx
            .prepare_cached("SELECT final_actions FROM games WHERE id = ?1")?
            .query_row([game.0], |r| r.get(0))?;
        let what = format!("game {}", game.0);
        let mut rest = log;
        let mut take = |stored: &str| -> Result<String> {
            let count = from_json::<Vec<String>>(stored, &what)?.len();
            if count > rest.len() {
                return Err(StoreError::Corrupt(format!(
                    "{what}: the rewritten log is shorter than the stored one"
                )));
            }
            let (these, after) = rest.split_at(count);
            rest = after;
            to_json(&these)
        };
        for (number, actions) in &hands {
            tx.prepare_cached("UPDATE hands SET actions = ?1 WHERE game = ?2 AND number = ?3")?
                .execute(params![take(actions)?, game.0, number])?;
        }
        let last = last.map(|l| take(&l)).transpose()?;
        if !rest.is_empty() {
            return Err(StoreError::Corrupt(format!(
                "{what}: the rewritten log is longer than the stored one"
            )));
        }
        tx.prepare_cached("UPDATE games SET final_actions = ?1, notation = ?2 WHERE id = ?3")?
            .execute(params![last, ACTION_NOTATION, game.0])?;
        tx.commit()?;
        Ok(())
    }
}
