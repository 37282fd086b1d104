//! How a Jass game is recorded and replayed: its variant's name, what each deal and the
//! end look like in the store (a forfeit ends a game too), and the replay of its action
//! log.

use crate::record::{action_entry, Entry, GameLog, Note};
use crate::record::{entries, redo, Replayed};
use crate::record::{Chronicle, Recorded};
use cards::seeded_rng;
use jass::{Events, Game};
use serde_json::{json, Value};

mod story;
mod watch;

pub use story::story;

/// A Jass game being played and recorded.
pub type JassRecord = Recorded<Game, JassChronicle>;

/// Records each deal's points and the game's end.
pub struct JassChronicle;

impl Chronicle<Game> for JassChronicle {
    fn record(&mut self, _game: &Game, events: &Events, log: &mut GameLog) {
        for event in events {
            match *event {
                jass::Event::DealFinished { totals, deal, .. } => {
                    log.hand(json!({ "points": deal, "totals": totals }))
                }
                jass::Event::GameWon { team, totals, .. } => {
                    let (result, scores, ranks) = ending(team, totals, "won");
                    log.finish(result, scores, ranks);
                }
                _ => {}
            }
        }
    }
}

/// The wire name of a team (team 0 is seats 0 and 2).
pub fn team_name(team: usize) -> String {
    format!("Team {}", team + 1)
}

/// A game's end for the store: `winner` team, final totals and how it ended (`won`,
/// `forfeit`): the result, each seat's score and rank.
pub fn ending(winner: usize, totals: [u32; 2], how: &str) -> (Value, Vec<i64>, Vec<u32>) {
    let scores = (0..4).map(|s| i64::from(totals[s % 2])).collect();
    let ranks = (0..4)
        .map(|s| if s % 2 == winner { 1 } else { 2 })
        .collect();
    let result = json!({ "winner_team": winner + 1, "totals": totals, "ended": how });
    (result, scores, ranks)
}

/// A game under `config` from `seed`, with its first events; `log` has recorded its start.
pub fn start(config: jass::Config, seed: u64, log: GameLog) -> (JassRecord, Events) {
    let (game, events) = Game::new(config, seeded_rng(seed));
    (Recorded::new(game, log, JassChronicle), events)
}

/// The variant as the store records it: with the reference server's multipliers or
/// without.
pub fn variant(config: &jass::Config) -> &'static str {
    if config.multipliers {
        "multipliers"
    } else {
        "no-multipliers"
    }
}

/// The settings a recorded variant names.
fn config_of(variant: &str) -> jass::Config {
    jass::Config {
        multipliers: variant == "multipliers",
        ..jass::Config::default()
    }
}

/// Replays a game of `variant` from `seed` with its `log`.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    use jass::Event;
    let (mut game, _) = Game::new(config_of(variant), seeded_rng(seed));
    let mut out = Replayed::default();
    let team_end = |winner: usize, totals: [u32; 2]| {
        let (_, scores, ranks) = ending(winner, totals, "");
        (scores, ranks)
    };
    for (at, entry) in entries(log) {
        let entry = entry?;
        if let Entry::Note(_) = entry {
            out.log.push(log[at].clone());
        }
        match entry {
            Entry::Note(Note::Forfeit { seat }) => {
                out.end = Some(team_end(1 - seat % 2, game.totals()));
            }
            Entry::Note(_) => {}
            Entry::Action { seat, named } => {
                let (action, events) = redo(&mut game, at, seat, named)?;
                out.log.push(action_entry::<Game>(seat, &action));
                for event in events {
                    match event {
                        Event::DealFinished { totals, deal, .. } => out
                            .hands
                            .push(format!("deal points {deal:?}, totals {totals:?}")),
                        Event::GameWon { team, totals, .. } => {
                            out.end = Some(team_end(team, totals))
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    Ok(out)
}
