//! Bringing games stored before the action notation up to it, when the store is opened.
//!
//! Their logs name each action by its index among the legal actions and its Rust
//! `Debug` text, which a later renaming of a type or variant would break. Each such
//! game is replayed with that legacy reading and its log stored again in its game's
//! notation, entry for entry (the replay checks every step, so a log is only rewritten
//! once it replayed to the end of what was stored). A log that cannot be read, replayed
//! or rewritten is left as it was, and said so; the store opens all the same.

use super::Replayed;
use parlor_store::{GameId, Reader, SqliteStore};

/// How the upgrade went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Upgraded {
    /// Logs rewritten in the notation.
    pub rewritten: usize,
    /// Logs that did not replay, left as they were.
    pub left: usize,
}

/// How a stored game is replayed: from its protocol, variant, seed and log (the games
/// served, `protocols::Games::replay`, which sit above the record).
pub type Replay<'a> = &'a dyn Fn(&str, &str, u64, &[String]) -> Result<Replayed, String>;

/// Rewrites game `id`'s log in the notation, after replaying it step by step.
fn rewrite(store: &mut SqliteStore, id: GameId, replay: Replay<'_>) -> Result<(), String> {
    let game = store.game(id).map_err(|e| e.to_string())?;
    let game = game.ok_or("the game is not stored")?;
    let seed = game.seed.as_deref().and_then(|s| s.parse().ok());
    let seed = seed.ok_or("the game has no seed")?;
    let summary = &game.summary;
    let replayed = replay(&summary.protocol, &summary.variant, seed, &game.actions())?;
    store
        .rewrite_actions(id, &replayed.log)
        .map_err(|e| e.to_string())
}

/// Rewrites, in the notation, the log of every game of `store` stored before it,
/// replaying each with `replay`.
pub fn upgrade(store: &mut SqliteStore, replay: Replay<'_>) -> parlor_store::Result<Upgraded> {
    let mut upgraded = Upgraded::default();
    for id in store.games_before_notation()? {
        // One game that cannot be read, replayed or rewritten is left as it was: it never
        // keeps the store from opening.
        match rewrite(store, id, replay) {
            Ok(()) => upgraded.rewritten += 1,
            Err(error) => {
                tracing::warn!(game = id.0, %error, "a stored game keeps its old notation");
                upgraded.left += 1;
            }
        }
    }
    if upgraded != Upgraded::default() {
        tracing::info!(
            rewritten = upgraded.rewritten,
            left = upgraded.left,
            "stored action logs rewritten in the notation"
        );
    }
    Ok(upgraded)
}
