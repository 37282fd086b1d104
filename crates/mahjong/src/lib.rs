//! Japanese Riichi mahjong as a pure value: tiles, hand analysis, Tenhou scoring, the
//! game of four seats and CPU players. No I/O, no clock; randomness only from the
//! [`GameRng`](cards::GameRng) passed in.

pub mod arena;
pub mod bots;
pub mod game;
pub mod hand;
mod meld;
pub mod score;
mod tile;

pub use game::{
    seat_winds, Abort, Action, Actions, Discard, DrawKind, Drawn, Event, Game, Length, Move,
    Pending, Place, RuleError, Rules, Seat, SeatByte, SeatSet, Setup, Shown, View, Win,
};
pub use meld::{Meld, MeldKind};
pub use score::{evaluate, Agari, Limit, Payment, WinContext, Yaku};
pub use tile::{counts, Counts, Kind, Suit, Tile, Wind};
