//! What the store answers: listing filters and the shapes of the answers, serialised as
//! the JSON API returns them.

use crate::{GameId, SeatRecord};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// A game's state in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Being played (only while the server that started it runs).
    Playing,
    /// Ended with a result: scores, ranks and ratings are final.
    Finished,
    /// Never ended: the server stopped or crashed during the game. Its finished hands are
    /// kept; it has no result and counts for no rating.
    Abandoned,
}

impl Status {
    /// The word stored in `games.status`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    /// The status stored as `word`; `None` if this code never writes it.
    pub(crate) fn from_stored(word: &str) -> Option<Status> {
        [Status::Playing, Status::Finished, Status::Abandoned]
            .into_iter()
            .find(|s| s.as_str() == word)
    }
}

/// Which games a listing wants by status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatusFilter {
    /// Every game.
    #[default]
    All,
    /// Finished games only.
    Finished,
    /// Games without a result: being played or abandoned.
    Unfinished,
    /// Exactly this status.
    Only(Status),
}

impl FromStr for StatusFilter {
    type Err = String;

    /// `all`, `finished`, `unfinished`, `playing` or `abandoned`.
    fn from_str(s: &str) -> std::result::Result<StatusFilter, String> {
        match s {
            "all" => Ok(StatusFilter::All),
            "finished" => Ok(StatusFilter::Finished),
            "unfinished" => Ok(StatusFilter::Unfinished),
            "playing" => Ok(StatusFilter::Only(Status::Playing)),
            "abandoned" => Ok(StatusFilter::Only(Status::Abandoned)),
            _ => Err(format!(
                "status {s:?} is not one of all, finished, unfinished, playing, abandoned"
            )),
        }
    }
}

/// Which games to list: newest first, at most `limit`, older than `before` if given
/// (pass the last id of one page to get the next).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFilter {
    pub protocol: Option<String>,
    /// Games where a seat has this name.
    pub player: Option<String>,
    pub status: StatusFilter,
    pub before: Option<GameId>,
    /// Clamped to `1..=`[`GameFilter::MAX_LIMIT`].
    pub limit: u32,
}

impl GameFilter {
    /// The longest page a listing returns.
    pub const MAX_LIMIT: u32 = 200;
    /// The page length when none is asked for.
    pub const DEFAULT_LIMIT: u32 = 50;
}

impl Default for GameFilter {
    /// The newest [`GameFilter::DEFAULT_LIMIT`] games of every kind.
    fn default() -> GameFilter {
        GameFilter {
            protocol: None,
            player: None,
            status: StatusFilter::All,
            before: None,
            limit: GameFilter::DEFAULT_LIMIT,
        }
    }
}

/// A seat in a listing: who, and how they finished (`None` until the game finishes).
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
    /// Seats in seat order.
    pub seats: Vec<SeatResult>,
    /// How many hands were recorded.
    pub hands: u32,
}

/// One hand of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandDetail {
    pub number: u32,
    pub result: serde_json::Value,
    pub actions: Vec<String>,
}

/// Everything stored about a game. The whole action log is every hand's actions in
/// hand order, then `final_actions` ([`GameDetail::actions`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameDetail {
    #[serde(flatten)]
    pub summary: GameSummary,
    /// Decimal text: JSON numbers (JavaScript's doubles) cannot hold every 64-bit seed.
    /// `None` in a [`GameDetail::public`] view of a game still being played.
    pub seed: Option<String>,
    /// The final result; `None` unless finished.
    pub result: Option<serde_json::Value>,
    /// Every recorded hand, in order.
    pub hand_results: Vec<HandDetail>,
    /// Actions after the last hand.
    pub final_actions: Vec<String>,
}

impl GameDetail {
    /// What anyone may see of the game: while it is being played, neither its seed (which
    /// deals every hidden card) nor its actions (finished hands' actions name closed
    /// cards, and every action narrows what the others hold); both appear once the game
    /// is over, finished or abandoned.
    pub fn public(mut self) -> GameDetail {
        if self.summary.status == Status::Playing {
            self.seed = None;
            for hand in &mut self.hand_results {
                hand.actions.clear();
            }
            self.final_actions.clear();
        }
        self
    }

    /// The whole action log in order: every hand's actions, then the final ones.
    pub fn actions(&self) -> Vec<String> {
        self.hand_results
            .iter()
            .flat_map(|h| h.actions.iter().cloned())
            .chain(self.final_actions.iter().cloned())
            .collect()
    }
}

/// A player's line on a leaderboard: finished games only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub protocol: String,
    pub name: String,
    /// The name sat in a CPU seat (at its latest game).
    pub cpu: bool,
    pub games: u32,
    /// Games finished with rank 1.
    pub wins: u32,
    /// The sum of the player's final scores.
    pub points: i64,
    /// Glicko-2 rating, to one decimal.
    pub rating: f64,
    /// Glicko-2 deviation, to one decimal.
    pub deviation: f64,
}

/// A player across protocols.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerDetail {
    pub name: String,
    /// One per protocol the player finished a game of, by protocol name.
    pub standings: Vec<Standing>,
    /// The latest games with a seat of that name, newest first.
    pub recent: Vec<GameSummary>,
}
