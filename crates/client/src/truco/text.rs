//! The server's lines in words for a person, and the menus of the two decisions.

use super::state::{Prompt, TableState};
use crate::play::screen::truco_card;

fn player(word: &str) -> String {
    format!("player {word}")
}

/// A sentence for one server line (after `state` took it in), or `None` for lines that
/// need no words of their own (`TURN` is shown as a menu instead).
pub fn describe(line: &str, state: &TableState) -> Option<String> {
    let w: Vec<&str> = line.split(' ').collect();
    let me = state.me.map(|s| s + 1).unwrap_or(0);
    let text = match w.as_slice() {
        ["WELCOME", p, t] => format!("You are player {p}, team {t} (team 1: players 1 and 3)."),
        ["WAITING", n] => format!(
            "Waiting for four players: {n} connected. (Type cpu to fill the empty seats with CPU players.)"
        ),
        ["MATCH", _] => "Four players: the match starts. First to 12 points wins.".into(),
        ["HAND", n, first, s1, s2] => {
            format!(
                "--- Hand {n}: {} opens. Score: team 1 {s1} x {s2} team 2.",
                player(first)
            )
        }
        // Cards as players read them (`Q♣`), not the wire's `Qp`.
        ["CARDS", cards @ ..] => format!(
            "Your cards: {}",
            cards.iter().map(|c| truco_card(c)).collect::<Vec<_>>().join(" ")
        ),
        ["VIRA", card] => format!(
            "Vira: {}. Manilhas: the {}s (♣ > ♥ > ♠ > ♦).",
            truco_card(card),
            state.manilha().map_or("?", |r| r.symbol())
        ),
        ["PLAYED", p, "CLOSED"] => format!("{} played a closed card.", player(p)),
        ["PLAYED", p, card] => format!("{} played {}.", player(p), truco_card(card)),
        ["ROUND", n, "0", _] => format!("Round {n} tied."),
        ["ROUND", n, p, t] => format!("Round {n} won by {} (team {t}).", player(p)),
        ["TRUCO", p, v] => format!("{} asks to raise the hand to {v}!", player(p)),
        ["ANSWERED", p, a] => format!("{} answers {}.", player(p), a.to_lowercase()),
        ["ACCEPTED", v] => format!("The raise holds: the hand is worth {v}."),
        ["HAND_END", "0", ..] => "Every round tied: nobody scores.".into(),
        ["HAND_END", t, pts, s1, s2] => {
            format!("Team {t} wins the hand for {pts}. Score: team 1 {s1} x {s2} team 2.")
        }
        ["MATCH_END", t, s1, s2] => {
            let verdict =
                if state.me.map(|s| s % 2 + 1).map(|x| x.to_string()) == Some(t.to_string()) {
                    "You win!"
                } else {
                    "You lose."
                };
            format!("Team {t} wins the match {s1} x {s2}. {verdict}")
        }
        ["NAME", _, name @ ..] => format!("You play as {} (the server records and rates you under it).", name.join(" ")),
        ["LEFT", p] => format!("{} left; a CPU player takes the seat.", player(p)),
        ["ERROR", "TIMEOUT", ..] => "Time is up: the server played for you.".into(),
        ["ERROR", _code, text @ ..] => format!("Refused: {}.", text.join(" ")),
        ["TURN", ..] => return None,
        _ if me == 0 => return None,
        _ => format!("(server: {line})"),
    };
    Some(text)
}

/// The menu for a decision.
pub fn menu(prompt: Prompt, state: &TableState) -> String {
    match prompt {
        Prompt::Turn => {
            let cards: Vec<String> = state
                .hand
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}) {c}", i + 1))
                .collect();
            format!(
                "Your turn (hand worth {}). Cards: {}\n  o N: play card N open   c N: play card N closed   t: ask for truco",
                state.value,
                cards.join("  ")
            )
        }
        Prompt::Answer => {
            let value = state.pending.map_or(0, |p| p.value);
            format!("The other team asks for {value}.\n  a: accept   f: fold   r: raise")
        }
    }
}

/// The protocol line for a person's answer to a menu, or `None` if it makes no sense.
pub fn command(prompt: Prompt, input: &str, state: &TableState) -> Option<String> {
    let mut words = input.split_whitespace();
    let choice = words.next()?.to_ascii_lowercase();
    match (prompt, choice.as_str()) {
        (Prompt::Turn, "o" | "c") => {
            let n: usize = words.next()?.parse().ok()?;
            let card = state.hand.get(n.checked_sub(1)?)?;
            let closed = if choice == "c" { " CLOSED" } else { "" };
            Some(format!("PLAY {card}{closed}"))
        }
        (Prompt::Turn, "t") => Some("TRUCO".into()),
        (Prompt::Answer, "a") => Some("ACCEPT".into()),
        (Prompt::Answer, "f") => Some("FOLD".into()),
        (Prompt::Answer, "r") => Some("RAISE".into()),
        _ => None,
    }
}
