//! Records for the tests: games of made-up players with recognisable contents.

#![allow(dead_code)] // each test file uses its own part

use parlor_store::{GameEnd, GameId, GameStart, HandRecord, SeatRecord};
use serde_json::json;

pub fn person(name: &str) -> SeatRecord {
    SeatRecord {
        name: name.into(),
        cpu: None,
    }
}

pub fn cpu(name: &str, strategy: &str) -> SeatRecord {
    SeatRecord {
        name: name.into(),
        cpu: Some(strategy.into()),
    }
}

/// Game `id` of `protocol` with people named `names`; the seed is above `i64::MAX`,
/// so it must survive as text.
pub fn start(id: i64, protocol: &str, names: &[&str]) -> GameStart {
    GameStart {
        id: GameId(id),
        protocol: protocol.into(),
        variant: "test rules".into(),
        seed: u64::MAX - id as u64,
        started_at_ms: 1_000 + id,
        seats: names.iter().map(|n| person(n)).collect(),
        table: Some(format!("table {id}")),
    }
}

/// Hand `number` of game `id`: two actions and a note, all naming the hand.
pub fn hand(id: i64, number: u32) -> HandRecord {
    HandRecord {
        game: GameId(id),
        number,
        result: json!({ "hand": number, "winner": number % 2 }),
        actions: hand_actions(number),
        rated: Vec::new(),
    }
}

pub fn hand_actions(number: u32) -> Vec<String> {
    vec![
        format!("0 0 Play(h{number})"),
        format!("1 2 Play(h{number})"),
        "# a note".into(),
    ]
}

/// Game `id` ends with these scores and ranks, and one action after the last hand.
pub fn end(id: i64, scores: &[i64], ranks: &[u32]) -> GameEnd {
    GameEnd {
        game: GameId(id),
        ended_at_ms: 9_000 + id,
        result: json!({ "scores": scores }),
        scores: scores.to_vec(),
        ranks: ranks.to_vec(),
        actions: vec!["0 0 Concede".into()],
        rated: true,
    }
}
