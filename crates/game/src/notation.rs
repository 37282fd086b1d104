//! Actions in words that stay the same from release to release.
//!
//! The store logs every applied action and replays read them back, years later, with
//! whatever the code then is. A Rust `Debug` text would tie every stored game to today's
//! type and variant names; an index among the legal actions to today's ordering of
//! them. A notation is written for people and kept stable on purpose: lower-case words
//! separated by single spaces, a verb first (`play 10c`, `discard 5m.2`, `pass`), never
//! a digit first, and never changed once released (a new action gets a new verb).

use crate::Game;

/// A game whose actions have a stable text notation.
pub trait Notation: Game {
    /// Writes `action` in the notation at the end of `out` (a log entry is written in
    /// place, without a string of its own for the action).
    fn write_notation(action: &Self::Action, out: &mut String);

    /// `action` in the notation.
    fn notate(action: &Self::Action) -> String {
        let mut text = String::new();
        Self::write_notation(action, &mut text);
        text
    }

    /// The action `text` names, or `None` if it names none of this game's actions. Reads
    /// exactly what [`Notation::notate`] writes.
    fn read(text: &str) -> Option<Self::Action>;
}
