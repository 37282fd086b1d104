//! A stored game as the API shows it: its log's actions in words, seats numbered from 1,
//! and its [`Story`] for the replay page; both only once the game is over.
//!
//! The store keeps the log as the recorder wrote it (`SEAT NOTATION`, the action in its
//! game's stable notation, which `parlor replay` reads back); the API turns each entry
//! into `{"seat", "notation", "text"}`, the text in the story's words.

use crate::protocols::Games;
use crate::record::story::Story;
use crate::record::{parse_entry, Entry, Named};
use parlor_store::{GameDetail, Status};
use serde_json::{json, Value};

/// The story of a stored game that is over; an error (in words) for a running game or a
/// log that does not replay.
pub fn story_of(games: &Games, detail: &GameDetail) -> Result<Story, String> {
    if detail.summary.status == Status::Playing {
        return Err("the game is still being played: its replay is shown when it is over".into());
    }
    let seed = detail
        .seed
        .as_deref()
        .and_then(|s| s.parse().ok())
        .ok_or("the game has no seed")?;
    let names: Vec<String> = detail
        .summary
        .seats
        .iter()
        .map(|s| s.player.name.clone())
        .collect();
    let summary = &detail.summary;
    games.tell(
        &summary.protocol,
        &summary.variant,
        seed,
        &detail.actions(),
        &names,
    )
}

/// The game as the API answers it: the stored detail with every action as
/// `{"seat": from 1, "notation": as stored, "text": in words}` (a note as
/// `{"note": ...}`). A running game has no actions to show ([`GameDetail::public`]).
pub fn public_detail(games: &Games, detail: GameDetail) -> Value {
    let detail = detail.public();
    let story = story_of(games, &detail).ok();
    // The story's words for each action, in log order (deal and note steps have no seat).
    let mut words = story
        .iter()
        .flat_map(|s| s.hands.iter())
        .flat_map(|h| h.steps.iter())
        .filter_map(|step| Some((step.seat?, step.text.clone())));
    let mut shown = |entries: &[String]| -> Vec<Value> {
        entries
            .iter()
            .map(|entry| match parse_entry(entry) {
                Some(Entry::Action { seat, named }) => {
                    let stored = match named {
                        Named::Notation(text) | Named::Legacy { text, .. } => text,
                    };
                    // The story's step for this entry must be by the same seat; if the two
                    // ever part, the stored text is shown rather than another's words.
                    let told = words.next().filter(|(by, _)| *by == seat + 1);
                    json!({
                        "seat": seat + 1,
                        "notation": stored,
                        "text": told.map_or_else(|| stored.to_owned(), |(_, words)| words),
                    })
                }
                Some(Entry::Note(note)) => json!({ "note": note.to_string() }),
                None => json!({ "note": entry }),
            })
            .collect()
    };
    let hands: Vec<Value> = detail
        .hand_results
        .iter()
        .map(|h| json!({ "number": h.number, "result": h.result, "actions": shown(&h.actions) }))
        .collect();
    let last = shown(&detail.final_actions);
    let mut answer = serde_json::to_value(&detail.summary).unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut answer {
        fields.insert("seed".into(), json!(detail.seed));
        fields.insert("result".into(), json!(detail.result));
        fields.insert("hand_results".into(), Value::Array(hands));
        fields.insert("final_actions".into(), Value::Array(last));
        fields.insert("told".into(), json!(story.is_some()));
    }
    answer
}
