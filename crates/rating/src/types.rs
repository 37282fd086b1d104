//! The values the rating system works on: ratings, results and settings.

/// A player's Glicko-2 rating on the familiar (Elo-like) scale.
///
/// The default is what the Jass tournament starts everyone at: 1500 with deviation 200
/// and volatility 0.06. Glickman suggests deviation 350 for a player nobody knows
/// anything about; the tournament uses 200 because all entrants are assumed to be of
/// roughly known strength, so their first results move them less wildly. Use
/// [`Settings::initial`] to pick a different starting point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The strength estimate; 1500 is the middle of the scale.
    pub rating: f64,
    /// The rating deviation: how unsure the estimate is (about a standard deviation,
    /// in rating points). Shrinks as games are played, grows while idle.
    pub deviation: f64,
    /// How much the player's true strength is expected to fluctuate between periods.
    /// Rises after surprising results, falls after expected ones.
    pub volatility: f64,
}

impl Rating {
    /// A rating from its three parts.
    pub const fn new(rating: f64, deviation: f64, volatility: f64) -> Self {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }
}

impl Default for Rating {
    /// 1500 / 200 / 0.06, the tournament's starting rating (see [`Rating`] for why the
    /// deviation is 200 and not the paper's 350).
    fn default() -> Self {
        Rating::new(1500.0, 200.0, 0.06)
    }
}

/// The system constants of a rating pool.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The system constant τ: how fast volatility may change. Glickman recommends
    /// 0.3..1.2; smaller values keep volatility steadier. Must be positive.
    pub tau: f64,
    /// The rating a newcomer to the pool starts with.
    pub initial: Rating,
}

impl Default for Settings {
    /// τ = 0.5 (the paper's worked example and the tournament's choice) and
    /// [`Rating::default`] for newcomers.
    fn default() -> Self {
        Settings {
            tau: 0.5,
            initial: Rating::default(),
        }
    }
}

/// The result of one game from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won: scores 1.
    Win,
    /// Nobody won: scores ½ each.
    Draw,
    /// The player lost: scores 0.
    Loss,
}

impl Outcome {
    /// The score Glicko-2 counts: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same game seen from the opponent's side.
    pub fn reversed(self) -> Self {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// One game of a rating period: who the player met (as rated before the period) and
/// how it went for the player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating at the start of the period.
    pub opponent: Rating,
    /// The result for the player being rated.
    pub outcome: Outcome,
}
