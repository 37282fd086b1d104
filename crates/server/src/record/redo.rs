//! Replaying a stored game exactly: create the game again from its rule variant and seed,
//! apply its action log, and report each hand and the final result, so `parlor replay`
//! can check them against what the store says.
//!
//! Every step is checked: each logged action must read in its game's notation and be
//! accepted by the game (an entry from before the notation must be the legal action at
//! its index, with the same text); anything else is an error naming the entry. Each
//! game's replay lives with its recording, in `record/<game>/`; this module holds what
//! they share. The protocol registry dispatches by name (`protocols::replay`).

use super::story::Story;
use super::{parse_entry, Entry, Named};
use parlor_game::Notation;
use std::fmt::Debug;

/// What replaying a game gave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Replayed {
    /// One line per hand, in order.
    pub hands: Vec<String>,
    /// Final scores and ranks per seat, if the game reached its end.
    pub end: Option<(Vec<i64>, Vec<u32>)>,
    /// The log as replayed, entry for entry, every action in its game's notation: what
    /// [`crate::record::upgrade`] stores for a log from before the notation.
    pub log: Vec<String>,
}

/// How a protocol tells a stored game: from its variant, seed, action log and seat names.
pub type Teller = fn(&str, u64, &[String], &[String]) -> Result<Story, String>;

/// Applies log entry `at` again: `seat` took the action `named`. The action and its
/// events, or why the log does not replay. One for every game, through the rules
/// crates' common contract.
pub(crate) fn redo<G: Notation>(
    game: &mut G,
    at: usize,
    seat: usize,
    named: Named<'_>,
) -> Result<(G::Action, G::Events), String> {
    let action = match named {
        Named::Notation(text) => {
            G::read(text).ok_or_else(|| format!("entry {at}: not an action: {text}"))?
        }
        Named::Legacy { index, text } => pick(&game.legal_actions(seat), index, text, at)?,
    };
    let events = game
        .apply(seat, action)
        .map_err(|e| format!("entry {at}: {e:?}"))?;
    Ok((action, events))
}

/// The action an entry from before the notation names: the legal action at its index,
/// whose `Debug` text must match.
fn pick<A: Copy + Debug>(
    legal: &[A],
    index: Option<usize>,
    text: &str,
    at: usize,
) -> Result<A, String> {
    let index =
        index.ok_or_else(|| format!("entry {at}: the action was not a legal one: {text}"))?;
    let action = *legal.get(index).ok_or_else(|| {
        format!(
            "entry {at}: only {} legal actions, not {index}",
            legal.len()
        )
    })?;
    let shown = format!("{action:?}");
    if shown != text {
        return Err(format!(
            "entry {at}: the log says {text}, the replay has {shown}"
        ));
    }
    Ok(action)
}

pub(crate) fn entries(log: &[String]) -> impl Iterator<Item = (usize, Result<Entry<'_>, String>)> {
    log.iter().enumerate().map(|(at, e)| {
        (
            at,
            parse_entry(e).ok_or_else(|| format!("entry {at}: cannot read {e:?}")),
        )
    })
}
