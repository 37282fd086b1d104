//! How a Mahjong game is recorded and replayed: its variant's name, what each hand's
//! results and the end look like in the store, and the replay of its action log.

use crate::record::{action_entry, Entry, GameLog};
use crate::record::{entries, redo, Replayed};
use crate::record::{Chronicle, Recorded};
use cards::seeded_rng;
use mahjong::game::{Abort, DrawKind, Event, Game, Length, Pending, Rules};
use serde_json::{json, Value};

mod story;
mod watch;

pub use story::story;

/// A Mahjong game being played and recorded.
pub type MahjongRecord = Recorded<Game, MahjongChronicle>;

/// Records each hand's wins (a double ron has two) or draw with the scores after it, and
/// the final scores and places.
#[derive(Default)]
pub struct MahjongChronicle {
    /// The results of the hand being played.
    results: Vec<Value>,
}

impl Chronicle<Game> for MahjongChronicle {
    fn record(&mut self, _game: &Game, events: &Vec<Event>, log: &mut GameLog) {
        for event in events {
            match event {
                Event::Win(w) => self.results.push(json!({
                    "winner": w.winner + 1,
                    "from": w.from.map(|seat| seat + 1),
                    "han": w.agari.han,
                    "fu": w.agari.fu,
                    "yaku": w.agari.yaku.iter().map(|(y, _)| y.name()).collect::<Vec<_>>(),
                    "deltas": w.deltas,
                })),
                Event::Draw(drawn) => {
                    let why = match drawn.kind {
                        DrawKind::Exhaustive { .. } => "exhaustive".to_owned(),
                        DrawKind::Abortive(a) => abort_name(a).to_owned(),
                    };
                    self.results
                        .push(json!({ "draw": why, "deltas": drawn.deltas }));
                }
                Event::HandOver { scores } => {
                    let results = std::mem::take(&mut self.results);
                    log.hand(json!({ "results": results, "scores": scores }));
                }
                Event::GameOver { scores, ranks } => log.finish(
                    json!({ "scores": scores, "ranks": ranks }),
                    scores.iter().map(|&s| i64::from(s)).collect(),
                    ranks.iter().map(|&r| u32::from(r)).collect(),
                ),
                _ => {}
            }
        }
    }
}

/// An abortive draw's name, as the store and the replay say it.
pub fn abort_name(abort: Abort) -> &'static str {
    match abort {
        Abort::NineTerminals(_) => "nine terminals",
        Abort::FourWinds => "four winds",
        Abort::FourRiichi => "four riichi",
        Abort::FourKans => "four kans",
        Abort::TripleRon => "triple ron",
    }
}

/// A game under `rules` from `seed`, with its first hand's events; `log` has recorded its
/// start.
pub fn start(rules: Rules, seed: u64, log: GameLog) -> (MahjongRecord, Vec<Event>) {
    let (game, events) = Game::new(rules, seeded_rng(seed));
    (
        Recorded::new(game, log, MahjongChronicle::default()),
        events,
    )
}

/// The rule variant as the store records it (and replays read it back).
pub fn variant(rules: &Rules) -> String {
    let length = match rules.length {
        Length::Hanchan => "hanchan",
        Length::Tonpuusen => "tonpuusen",
    };
    let red = if rules.red_fives {
        "red-fives"
    } else {
        "no-red-fives"
    };
    format!("{length} {red}")
}

/// The rules a recorded variant names.
pub fn rules_of(variant: &str) -> Option<Rules> {
    let (length, red) = variant.split_once(' ')?;
    let length = match length {
        "hanchan" => Length::Hanchan,
        "tonpuusen" => Length::Tonpuusen,
        _ => return None,
    };
    let red_fives = match red {
        "red-fives" => true,
        "no-red-fives" => false,
        _ => return None,
    };
    Some(Rules {
        red_fives,
        length,
        ..Rules::default()
    })
}

/// Deals the next hand before log entry `at` if the last one is over, as the table did
/// when its next action came; whether it dealt.
fn deal_if_over(game: &mut Game, at: usize) -> Result<bool, String> {
    if game.pending() != Pending::HandOver {
        return Ok(false);
    }
    game.next_hand().map_err(|e| format!("entry {at}: {e}"))?;
    Ok(true)
}

/// Replays a game of `variant` from `seed` with its `log`.
pub fn replay(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    let rules = rules_of(variant).ok_or_else(|| format!("unknown mahjong variant {variant}"))?;
    let (mut game, _) = Game::new(rules, seeded_rng(seed));
    let mut out = Replayed::default();
    let mut results: Vec<String> = Vec::new();
    for (at, entry) in entries(log) {
        let Entry::Action { seat, named } = entry? else {
            out.log.push(log[at].clone());
            continue;
        };
        deal_if_over(&mut game, at)?;
        let (action, events) = redo(&mut game, at, seat, named)?;
        out.log.push(action_entry::<Game>(seat, &action));
        for event in events {
            match event {
                Event::Win(w) => {
                    let yaku: Vec<&str> = w.agari.yaku.iter().map(|(y, _)| y.name()).collect();
                    results.push(format!(
                        "player {} wins {} han {} fu ({}), {:+} points",
                        w.winner + 1,
                        w.agari.han,
                        w.agari.fu,
                        yaku.join(", "),
                        w.deltas[w.winner]
                    ));
                }
                Event::Draw(drawn) => results.push(format!("draw ({:?})", drawn.kind)),
                Event::HandOver { scores } => {
                    out.hands
                        .push(format!("{}; scores {scores:?}", results.join("; ")));
                    results.clear();
                }
                Event::GameOver { scores, ranks } => {
                    let scores = scores.iter().map(|&s| i64::from(s)).collect();
                    let ranks = ranks.iter().map(|&r| u32::from(r)).collect();
                    out.end = Some((scores, ranks));
                }
                _ => {}
            }
        }
    }
    Ok(out)
}
