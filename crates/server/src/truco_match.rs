//! A Truco game and its record, shared by both Truco protocols: every action applied
//! through [`TrucoMatch::apply`] is logged, each hand's result and the end of the game
//! are recorded as the engine reports them. Reading the game goes through `Deref`.

use crate::record::{ranks_by_score, GameLog, Note};
use serde_json::json;
use std::ops::Deref;
use truco::{Action, Event, Events, Game, RuleError, Rules, Seat};

/// A game being played and recorded.
pub struct TrucoMatch {
    game: Game,
    log: GameLog,
}

impl Deref for TrucoMatch {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.game
    }
}

impl TrucoMatch {
    /// Deals the first hand of a game under `rules` from `seed`; `log` has recorded its
    /// start.
    pub fn new(rules: Rules, seed: u64, log: GameLog) -> (TrucoMatch, Events) {
        let (game, events) = Game::new(rules, cards::seeded_rng(seed));
        (TrucoMatch { game, log }, events)
    }

    /// Applies and records `seat`'s action.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Events, RuleError> {
        let legal = self.game.legal_actions(seat);
        let events = self.game.apply(seat, action)?;
        self.log.action(seat, &action, &legal);
        for event in &events {
            match *event {
                Event::HandEnded {
                    outcome,
                    points,
                    scores,
                } => self.log.hand(json!({
                    "outcome": format!("{outcome:?}"),
                    "points": points,
                    "scores": scores,
                })),
                Event::GameEnded { winner, scores } => {
                    let per_seat: Vec<i64> = (0..4).map(|s| i64::from(scores[s % 2])).collect();
                    let ranks = ranks_by_score(&per_seat);
                    let result = json!({ "winner_team": winner + 1, "scores": scores });
                    self.log.finish(result, per_seat, ranks);
                }
                _ => {}
            }
        }
        Ok(events)
    }

    /// The game ends without a result, for `reason` (stored as abandoned at once).
    pub fn abandon(&mut self, reason: &str) {
        self.log.abandon(reason);
    }

    /// Notes something that is not an action (a player left).
    pub fn note(&mut self, note: Note) {
        self.log.note(note);
    }
}
