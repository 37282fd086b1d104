//! Replaying a stored game exactly: create the game again from its rule variant and seed,
//! apply its action log (see [`crate::record`]), and report each hand and the final
//! result, so `parlor replay` can check them against what the store says.
//!
//! Every step is checked: each logged action must be the legal action at its index, with
//! the same text; anything else is an error naming the entry.

use crate::record::{parse_entry, ranks_by_score, Entry};
use crate::{protocols, truco_match};
use cards::seeded_rng;
use std::fmt::Debug;

/// What replaying a game gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// One line per hand, in order.
    pub hands: Vec<String>,
    /// Final scores and ranks per seat, if the game reached its end.
    pub end: Option<(Vec<i64>, Vec<u32>)>,
}

/// Replays a game of `protocol` under `variant` from `seed` with its `log`.
pub fn replay(
    protocol: &str,
    variant: &str,
    seed: u64,
    log: &[String],
) -> Result<Replayed, String> {
    match protocol {
        "mahjong" => mahjong_game(variant, seed, log),
        "jass" => jass_game(variant, seed, log),
        "minitruco" | "truco" => truco_game(variant, seed, log),
        "wars" => wars_game(variant, seed, log),
        other => Err(format!("no replay for protocol {other}")),
    }
}

/// The action a log entry names: the legal action at its index, whose text must match.
fn pick<A: Copy + Debug>(
    legal: &[A],
    index: Option<usize>,
    text: &str,
    at: usize,
) -> Result<A, String> {
    let index =
        index.ok_or_else(|| format!("entry {at}: the action was not a legal one: {text}"))?;
    let action = *legal.get(index).ok_or_else(|| {
        format!(
            "entry {at}: only {} legal actions, not {index}",
            legal.len()
        )
    })?;
    let shown = format!("{action:?}");
    if shown != text {
        return Err(format!(
            "entry {at}: the log says {text}, the replay has {shown}"
        ));
    }
    Ok(action)
}

fn entries(log: &[String]) -> impl Iterator<Item = (usize, Result<Entry<'_>, String>)> {
    log.iter().enumerate().map(|(at, e)| {
        (
            at,
            parse_entry(e).ok_or_else(|| format!("entry {at}: cannot read {e:?}")),
        )
    })
}

fn mahjong_game(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    use mahjong::game::{Event, Game, Pending};
    let rules = protocols::mahjong::table::rules_of(variant)
        .ok_or_else(|| format!("unknown mahjong variant {variant}"))?;
    let (mut game, _) = Game::new(rules, seeded_rng(seed));
    let mut out = Replayed {
        hands: Vec::new(),
        end: None,
    };
    let mut results: Vec<String> = Vec::new();
    for (at, entry) in entries(log) {
        let Entry::Action { seat, index, text } = entry? else {
            continue;
        };
        if game.pending() == Pending::HandOver {
            game.next_hand().map_err(|e| format!("entry {at}: {e}"))?;
        }
        let action = pick(&game.legal_actions(seat), index, text, at)?;
        let events = game
            .apply(seat, action)
            .map_err(|e| format!("entry {at}: {e}"))?;
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
                Event::Draw { kind, .. } => results.push(format!("draw ({kind:?})")),
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

fn jass_game(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    use jass::{Config, Event, Game};
    let config = Config {
        multipliers: variant == "multipliers",
        ..Config::default()
    };
    let (mut game, _) = Game::new(config, seeded_rng(seed));
    let mut out = Replayed {
        hands: Vec::new(),
        end: None,
    };
    let team_end = |winner: usize, totals: [u32; 2]| {
        let scores = (0..4).map(|s| i64::from(totals[s % 2])).collect();
        let ranks = (0..4)
            .map(|s| if s % 2 == winner { 1 } else { 2 })
            .collect();
        (scores, ranks)
    };
    for (at, entry) in entries(log) {
        match entry? {
            Entry::Note(note) => {
                if let Some(seat) = note.strip_prefix("forfeit ") {
                    let seat: usize = seat.parse().map_err(|_| format!("entry {at}: {note}"))?;
                    out.end = Some(team_end(1 - seat % 2, game.totals()));
                }
            }
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

fn truco_game(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    use truco::{Event, Game};
    let rules =
        truco_match::rules_of(variant).ok_or_else(|| format!("unknown truco variant {variant}"))?;
    let (mut game, _) = Game::new(rules, seeded_rng(seed));
    let mut out = Replayed {
        hands: Vec::new(),
        end: None,
    };
    for (at, entry) in entries(log) {
        let Entry::Action { seat, index, text } = entry? else {
            continue;
        };
        let action = pick(&game.legal_actions(seat), index, text, at)?;
        let events = game
            .apply(seat, action)
            .map_err(|e| format!("entry {at}: {e:?}"))?;
        for event in events {
            match event {
                Event::HandEnded {
                    outcome,
                    points,
                    scores,
                } => out
                    .hands
                    .push(format!("{outcome:?}: {points} points, scores {scores:?}")),
                Event::GameEnded { scores, .. } => {
                    let per_seat: Vec<i64> = (0..4).map(|s| i64::from(scores[s % 2])).collect();
                    let ranks = ranks_by_score(&per_seat);
                    out.end = Some((per_seat, ranks));
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

fn wars_game(variant: &str, seed: u64, log: &[String]) -> Result<Replayed, String> {
    use president::{Event, Hand};
    let (players, ranked) = protocols::wars::hall::players_of(variant)
        .ok_or_else(|| format!("unknown wars variant {variant}"))?;
    let (mut hand, _) = Hand::deal(players, ranked, &mut seeded_rng(seed))
        .ok_or_else(|| format!("{players} players cannot be dealt"))?;
    let mut out = Replayed {
        hands: Vec::new(),
        end: None,
    };
    for (at, entry) in entries(log) {
        let events = match entry? {
            Entry::Note(note) => match note.strip_prefix("leave ") {
                Some(seat) => hand.leave(seat.parse().map_err(|_| format!("entry {at}: {note}"))?),
                None => continue,
            },
            Entry::Action { seat, index, text } => {
                let action = pick(&hand.legal_actions(seat), index, text, at)?;
                hand.apply(seat, action)
                    .map_err(|e| format!("entry {at}: {e:?}"))?
            }
        };
        for event in events {
            if let Event::HandOver { order } = event {
                let mut ranks = vec![0u32; players];
                for (place, &seat) in order.iter().enumerate() {
                    ranks[seat] = place as u32 + 1;
                }
                let scores = ranks
                    .iter()
                    .map(|&r| players as i64 - i64::from(r))
                    .collect();
                out.hands.push(format!(
                    "finishing order {:?}",
                    order.iter().map(|s| s + 1).collect::<Vec<_>>()
                ));
                out.end = Some((scores, ranks));
            }
        }
    }
    Ok(out)
}
