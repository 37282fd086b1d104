//! How a Jass game is recorded and replayed: its variant's name, and the replay of its
//! action log (a forfeit ends it).

use crate::record::{Entry, Note};
use crate::replay::{entries, pick, Replayed};
use cards::seeded_rng;

/// The variant as the store records it: with the reference server's multipliers or
/// without.
pub fn variant(config: &jass::Config) -> &'static str {
    if config.multipliers {
        "multipliers"
    } else {
        "no-multipliers"
    }
}

/// Replays a game of `variant` from `seed` with its `log`.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    use jass::{Config, Event, Game};
    let config = Config {
        multipliers: variant == "multipliers",
        ..Config::default()
    };
    let (mut game, _) = Game::new(config, seeded_rng(seed));
    let mut out = Replayed::default();
    let team_end = |winner: usize, totals: [u32; 2]| {
        let scores = (0..4).map(|s| i64::from(totals[s % 2])).collect();
        let ranks = (0..4)
            .map(|s| if s % 2 == winner { 1 } else { 2 })
            .collect();
        (scores, ranks)
    };
    for (at, entry) in entries(log) {
        match entry? {
            Entry::Note(Note::Forfeit { seat }) => {
                out.end = Some(team_end(1 - seat % 2, game.totals()));
            }
            Entry::Note(_) => {}
            Entry::Action { seat, index, text } => {
                let action = pick(&game.legal_actions(seat), index, text, at)?;
                let events = game
                    .apply(seat, action)
                    .map_err(|e| format!("entry {at}: {e:?}"))?;
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
