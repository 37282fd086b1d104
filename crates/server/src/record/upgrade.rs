//! Bringing games stored before the action notation up to it, when the store is opened.
//!
//! Their logs name each action by its index among the legal actions and its Rust
//! `Debug` text, which a later renaming of a type or variant would break. Each such
//! game is replayed with that legacy reading and its log stored again in its game's
//! notation, entry for entry (the replay checks every step, so a log is only rewritten
//! once it replayed to the end of what was stored). A log that does not replay is left
//! as it was, and said so.

use super::Replayed;
use parlor_store::{Reader, SqliteStore};

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

/// Rewrites, in the notation, the log of every game of `store` stored before it,
/// replaying each with `replay`.
pub fn upgrade(store: &mut SqliteStore, replay: Replay<'_>) -> parlor_store::Result<Upgraded> {
    let mut upgraded = Upgraded::default();
    for id in store.games_before_notation()? {
        let Some(game) = store.game(id)? else {
            continue;
        };
        let seed = game.seed.as_deref().and_then(|s| s.parse().ok());
        let summary = &game.summary;
        let replayed = seed
            .ok_or_else(|| "no seed".to_owned())
            .and_then(|seed| replay(&summary.protocol, &summary.variant, seed, &game.actions()));
        match replayed {
            Ok(replayed) => {
                store.rewrite_actions(id, &replayed.log)?;
                upgraded.rewritten += 1;
            }
            Err(error) => {
                tracing::warn!(game = id.0, %error, "a stored game does not replay; its log keeps its old notation");
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
