//! Glicko-2 ratings as pure arithmetic: no I/O, no clock, no randomness.
//!
//! The algorithm is the one in Mark Glickman's "Example of the Glicko-2 system". A
//! player's [`Rating`] is an estimate of strength (`rating`), how unsure that estimate
//! is (`deviation`) and how erratic the player is (`volatility`). Results are gathered
//! into a *rating period* and applied at once: [`rate`] updates one player from the
//! [`Game`]s they played, [`rate_period`] updates a whole field from a list of results
//! (the Jass tournament's final ranking, later the per-player leaderboards).
//!
//! Every update in a period uses the ratings from *before* the period, so the order of
//! results inside a period does not matter. A period without games only widens the
//! deviation: not playing makes the estimate less certain.
//!
//! [`Settings`] holds the system constant `tau` and the rating newcomers start with.
//!
//! ```
//! use rating::{rate_period, Outcome, Settings};
//!
//! let settings = Settings::default();
//! let players = vec![settings.initial; 3];
//! let results = [(0, 1, Outcome::Win), (1, 2, Outcome::Draw), (0, 2, Outcome::Win)];
//! let after = rate_period(&players, &results, &settings);
//! assert!(after[0].rating > after[1].rating);
//! assert!(after[0].deviation < settings.initial.deviation);
//! ```

mod interval;
mod period;
mod scale;
mod types;
mod volatility;

pub use interval::wilson_interval;
pub use period::{rate, rate_period};
pub use types::{Game, Outcome, Rating, Settings};
