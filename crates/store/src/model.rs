//! What game actors tell the store: a game starts, a hand ends, a game ends, a
//! tournament moves on. These are plain values so they can cross the recorder's queue
//! and any future backend unchanged.

use serde::{Deserialize, Serialize};

/// A game's id, allocated by the [`Recorder`](crate::Recorder): increasing, never reused
/// (a restarted server continues after the largest id stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The player's name as the protocol knows it (the leaderboards' key).
    pub name: String,
    /// The CPU strategy of a computer player; `None` for a person (or a bot client,
    /// which the server cannot tell from a person).
    pub cpu: Option<String>,
}

/// A game begins: everything needed to create it again for a replay.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStart {
    /// From [`Recorder::new_game_id`](crate::Recorder::new_game_id).
    pub id: GameId,
    /// `minitruco`, `truco`, `wars`, `jass` or `mahjong`.
    pub protocol: String,
    /// The rule variant as the protocol names it (`paulista`, `hanchan red-fives`...);
    /// replays read it back to create the same game.
    pub variant: String,
    /// The seed the game was created from.
    pub seed: u64,
    /// Milliseconds since the Unix epoch.
    pub started_at_ms: i64,
    /// Seats in seat order.
    pub seats: Vec<SeatRecord>,
    /// The room, table or session name, if the protocol has one.
    pub table: Option<String>,
}

/// A hand ended. Its actions are committed with it, so a crash loses at most the hand
/// being played.
#[derive(Clone, Debug, PartialEq)]
pub struct HandRecord {
    pub game: GameId,
    /// 1 for the first hand; each number once per game.
    pub number: u32,
    /// What the protocol says about the hand (points, winner, yaku...).
    pub result: serde_json::Value,
    /// The hand's actions in order, each an opaque string the protocol parses back.
    pub actions: Vec<String>,
    /// Who played the hand and how they placed, when each hand counts in the standings
    /// as a game of its own (a Warlords evening, whose players change between hands);
    /// empty when only the game's end counts.
    pub rated: Vec<Placed>,
}

/// A player's place in a hand that counts in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub name: String,
    pub cpu: bool,
    pub score: i64,
    /// 1 = best.
    pub rank: u32,
}

/// A game ended with a result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub game: GameId,
    /// Milliseconds since the Unix epoch.
    pub ended_at_ms: i64,
    /// What the protocol says about the game.
    pub result: serde_json::Value,
    /// Final score per seat (one per seat of the [`GameStart`]).
    pub scores: Vec<i64>,
    /// Final place per seat, 1 = best; teammates share a rank (one per seat).
    pub ranks: Vec<u32>,
    /// Actions after the last hand (usually none).
    pub actions: Vec<String>,
    /// Whether the end counts in the standings (not when each hand did, see
    /// [`HandRecord::rated`]).
    pub rated: bool,
}

/// A game ended without a result: a player left or disconnected and the game could not
/// go on, or the server stopped. Its players' standings do not change.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAbandon {
    pub game: GameId,
    /// Milliseconds since the Unix epoch.
    pub ended_at_ms: i64,
    /// Why it ended, in words; stored as the result `{"abandoned": reason}`.
    pub reason: String,
    /// Actions after the last hand.
    pub actions: Vec<String>,
}

/// A player of a game being played gave their name after it started (course Truco
/// clients have no name in the seed's protocol; parlor's `NAME` line gives one at any
/// time, and the match starts the moment the fourth player connects).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatName {
    pub game: GameId,
    pub seat: usize,
    pub name: String,
}

/// A tournament as it stands; recording it again (same protocol, name and start)
/// replaces the earlier record, so a tournament can be recorded after every round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentRecord {
    pub name: String,
    pub protocol: String,
    pub started_at_ms: i64,
    /// `None` while it is being played.
    pub ended_at_ms: Option<i64>,
    pub entrants: Vec<String>,
    /// (first, second, the game if one was played, whether the first won).
    pub pairings: Vec<(String, String, Option<GameId>, bool)>,
    /// (name, rating, deviation), best first.
    pub ratings: Vec<(String, f64, f64)>,
}
