//! What the API reads: filters and the shapes of its answers (serialised as JSON).

use crate::{GameId, SeatRecord};
use serde::{Deserialize, Serialize};

/// A game's state in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Being played.
    Playing,
    /// Ended with a result.
    Finished,
    /// Left unfinished (the server stopped or crashed, or every person left).
    Abandoned,
}

impl Status {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    pub(crate) fn parse(s: &str) -> Status {
        match s {
            "finished" => Status::Finished,
            "playing" => Status::Playing,
            _ => Status::Abandoned,
        }
    }
}

/// Which games to list: newest first, `limit` of them, older than `before` if given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct GameFilter {
    pub protocol: Option<String>,
    pub player: Option<String>,
    pub status: Option<Status>,
    pub before: Option<i64>,
    pub limit: Option<u32>,
}

/// A seat in a listing: who, and how they finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatResult {
    #[serde(flatten)]
    pub player: SeatRecord,
    pub score: Option<i64>,
    pub rank: Option<u32>,
}

/// A game in a listing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    pub id: GameId,
    pub protocol: String,
    pub variant: String,
    pub table: Option<String>,
    pub started_at_ms: i64,
    pub ended_at_ms: Option<i64>,
    pub status: Status,
    pub seats: Vec<SeatResult>,
    pub hands: u32,
}

/// One hand of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandDetail {
    pub number: u32,
    pub result: serde_json::Value,
    pub actions: Vec<String>,
}

/// Everything about a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameDetail {
    #[serde(flatten)]
    pub summary: GameSummary,
    /// Decimal, as JSON numbers cannot hold every 64-bit seed.
    pub seed: String,
    pub result: Option<serde_json::Value>,
    pub hand_results: Vec<HandDetail>,
    /// Actions after the last hand.
    pub final_actions: Vec<String>,
}

impl GameDetail {
    /// The whole action log in order: every hand's actions, then the final ones.
    pub fn actions(&self) -> Vec<String> {
        self.hand_results
            .iter()
            .flat_map(|h| h.actions.iter().cloned())
            .chain(self.final_actions.iter().cloned())
            .collect()
    }
}

/// A player's line on a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub protocol: String,
    pub name: String,
    pub cpu: bool,
    pub games: u32,
    pub wins: u32,
    pub points: i64,
    pub rating: f64,
    pub deviation: f64,
}

/// A player across protocols.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerDetail {
    pub name: String,
    pub standings: Vec<Standing>,
    pub recent: Vec<GameSummary>,
}
