//! How a Truco game (miniTruco or course rules) is recorded and replayed: its variant's
//! name, what each hand's result and the end look like in the store, the replay of its
//! action log, and the story of a finished game for the replay page.

use crate::record::{action_entry, ranks_by_score, Entry, GameLog};
use crate::record::{entries, redo, Replayed};
use crate::record::{Chronicle, Recorded};
use cards::seeded_rng;
use serde_json::json;
use truco::{AppMode, DeckStyle, Event, Events, Game, HandOutcome, ManilhaStyle, Rules};

mod story;
mod watch;

pub use story::story;

/// A Truco game being played and recorded.
pub type TrucoRecord = Recorded<Game, TrucoChronicle>;

/// Records each hand's outcome and points, and the winner at the end.
pub struct TrucoChronicle;

impl Chronicle<Game> for TrucoChronicle {
    fn record(&mut self, _game: &Game, events: &Events, log: &mut GameLog) {
        for event in events {
            match *event {
                Event::HandEnded {
                    outcome,
                    points,
                    scores,
                } => log.hand(json!({
                    "winner_team": winner_team(outcome),
                    "points": points,
                    "scores": scores,
                })),
                Event::GameEnded { winner, scores } => {
                    let (per_seat, ranks) = standings(scores);
                    let result = json!({ "winner_team": winner + 1, "scores": scores });
                    log.finish(result, per_seat, ranks);
                }
                _ => {}
            }
        }
    }
}

/// The team that won a hand, counting from 1 as seats do; `None` when every round tied.
fn winner_team(outcome: HandOutcome) -> Option<usize> {
    match outcome {
        HandOutcome::Won(team) => Some(team + 1),
        HandOutcome::Drawn => None,
    }
}

/// Each seat's final score (its team's) and rank.
fn standings(scores: [u8; 2]) -> (Vec<i64>, Vec<u32>) {
    let per_seat: Vec<i64> = (0..4).map(|s| i64::from(scores[s % 2])).collect();
    let ranks = ranks_by_score(&per_seat);
    (per_seat, ranks)
}

/// Deals the first hand of a game under `rules` from `seed`; `log` has recorded its
/// start.
pub fn start(rules: Rules, seed: u64, log: GameLog) -> (TrucoRecord, Events) {
    let (game, events) = Game::new(rules, seeded_rng(seed));
    (Recorded::new(game, log, TrucoChronicle), events)
}

/// The rule variant as the store records it; [`rules_of`] reads it back.
pub fn variant(rules: &Rules) -> &'static str {
    if *rules == Rules::course() {
        return "course";
    }
    if let Some(mode) = AppMode::ALL.into_iter().find(|&m| Rules::app(m) == *rules) {
        return app_variant(mode);
    }
    match (rules.deck, rules.manilha) {
        (DeckStyle::Clean, ManilhaStyle::Old) => "paulista clean old",
        (DeckStyle::Clean, ManilhaStyle::New) => "paulista clean new",
        (DeckStyle::Dirty, ManilhaStyle::Old) => "paulista dirty old",
        _ => "paulista dirty new",
    }
}

/// The recorded name of one of today's miniTruco app's modes.
fn app_variant(mode: AppMode) -> &'static str {
    match mode {
        AppMode::Paulista => "app paulista",
        AppMode::Mineiro => "app mineiro",
        AppMode::ManilhaVelha => "app manilha velha",
        AppMode::BaralhoLimpo => "app baralho limpo",
    }
}

/// The rules a recorded variant names.
pub fn rules_of(variant: &str) -> Option<Rules> {
    let paulista = |deck, manilha| Rules::paulista(deck, manilha).ok();
    match variant {
        "course" => Some(Rules::course()),
        app if app.starts_with("app ") => AppMode::ALL
            .into_iter()
            .find(|&m| app_variant(m) == app)
            .map(Rules::app),
        "paulista clean old" => paulista(DeckStyle::Clean, ManilhaStyle::Old),
        "paulista clean new" => paulista(DeckStyle::Clean, ManilhaStyle::New),
        "paulista dirty old" => paulista(DeckStyle::Dirty, ManilhaStyle::Old),
        "paulista dirty new" => paulista(DeckStyle::Dirty, ManilhaStyle::New),
        _ => None,
    }
}

/// A game of `variant` created again from `seed`, with the events of its first deal.
fn recreate(variant: &str, seed: u64) -> Result<(Game, Events), String> {
    let rules = rules_of(variant).ok_or_else(|| format!("unknown truco variant {variant}"))?;
    Ok(Game::new(rules, seeded_rng(seed)))
}

/// Replays a game of `variant` from `seed` with its `log`.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    let (mut game, _) = recreate(variant, seed)?;
    let mut out = Replayed::default();
    for (at, entry) in entries(log) {
        let Entry::Action { seat, named } = entry? else {
            out.log.push(log[at].clone());
            continue;
        };
        let (action, events) = redo(&mut game, at, seat, named)?;
        out.log.push(action_entry::<Game>(seat, &action));
        for event in events {
            match event {
                Event::HandEnded {
                    outcome,
                    points,
                    scores,
                } => out.hands.push(match winner_team(outcome) {
                    Some(team) => format!(
                        "team {team} scores {points}; score {} x {}",
                        scores[0], scores[1]
                    ),
                    None => format!("tied hand; score {} x {}", scores[0], scores[1]),
                }),
                Event::GameEnded { scores, .. } => out.end = Some(standings(scores)),
                _ => {}
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_variant_is_read_back_from_its_name() {
        let mut all: Vec<Rules> = AppMode::ALL.into_iter().map(Rules::app).collect();
        all.push(Rules::course());
        for deck in [DeckStyle::Dirty, DeckStyle::Clean] {
            for manilha in [ManilhaStyle::New, ManilhaStyle::Old] {
                all.extend(Rules::paulista(deck, manilha).ok());
            }
        }
        for rules in all {
            assert_eq!(
                rules_of(variant(&rules)),
                Some(rules),
                "{}",
                variant(&rules)
            );
        }
        assert_eq!(rules_of("app nonsense"), None);
    }
}
