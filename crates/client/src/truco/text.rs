//! The server's lines in words for a person, and the menus of the two decisions.

use super::line_for;
use super::state::{Prompt, TableState};
use crate::play::screen::truco_card;
use cards::Card;
use parlor_wire::truco::{self as wire, ServerMsg};
use truco::{Action, Answer};

fn player(number: u8) -> String {
    format!("player {number}")
}

/// A card as players read it (`Q♣`).
fn card(card: Card) -> String {
    truco_card(&card.to_string())
}

/// A sentence for one server line (after `state` took it in), or `None` for lines that
/// need no words of their own (`TURN` is shown as a menu instead). Lines are read by the
/// wire module the server writes with.
pub fn describe(line: &str, state: &TableState) -> Option<String> {
    let Some(msg) = ServerMsg::parse(line) else {
        return state.me.map(|_| format!("(server: {line})"));
    };
    let text = match msg {
        ServerMsg::Welcome { player, team } => {
            format!("You are player {player}, team {team} (team 1: players 1 and 3).")
        }
        ServerMsg::Waiting(n) => format!(
            "Waiting for four players: {n} connected. (Type cpu to fill the empty seats with CPU players.)"
        ),
        ServerMsg::Match(_) => "Four players: the match starts. First to 12 points wins.".into(),
        ServerMsg::Hand {
            number,
            opener,
            scores: [s1, s2],
        } => format!(
            "--- Hand {number}: {} opens. Score: team 1 {s1} x {s2} team 2.",
            player(opener)
        ),
        // Cards as players read them (`Q♣`), not the wire's `Qp`.
        ServerMsg::Cards(cards) => format!(
            "Your cards: {}",
            cards.map(card).join(" ")
        ),
        ServerMsg::Vira(vira) => format!(
            "Vira: {}. Manilhas: the {}s (♣ > ♥ > ♠ > ♦).",
            card(vira),
            state.manilha().map_or("?", |r| r.symbol())
        ),
        ServerMsg::Played { player: p, card: None } => format!("{} played a closed card.", player(p)),
        ServerMsg::Played {
            player: p,
            card: Some(c),
        } => format!("{} played {}.", player(p), card(c)),
        ServerMsg::Round { number, team: 0, .. } => format!("Round {number} tied."),
        ServerMsg::Round {
            number,
            player: p,
            team,
        } => format!("Round {number} won by {} (team {team}).", player(p)),
        ServerMsg::Truco { player: p, value } => {
            format!("{} asks to raise the hand to {value}!", player(p))
        }
        ServerMsg::Answered { player: p, answer } => {
            let word = match answer {
                wire::Answer::Accept => "accept",
                wire::Answer::Fold => "fold",
                wire::Answer::Raise => "raise",
            };
            format!("{} answers {word}.", player(p))
        }
        ServerMsg::Accepted(value) => format!("The raise holds: the hand is worth {value}."),
        ServerMsg::HandEnd { team: 0, .. } => "Every round tied: nobody scores.".into(),
        ServerMsg::HandEnd {
            team,
            points,
            scores: [s1, s2],
        } => format!("Team {team} wins the hand for {points}. Score: team 1 {s1} x {s2} team 2."),
        ServerMsg::MatchEnd {
            team,
            scores: [s1, s2],
        } => {
            let ours = state.me.map(|s| s % 2 + 1) == Some(usize::from(team));
            let verdict = if ours { "You win!" } else { "You lose." };
            format!("Team {team} wins the match {s1} x {s2}. {verdict}")
        }
        ServerMsg::Name { name, .. } => {
            format!("You play as {name} (the server records and rates you under it).")
        }
        ServerMsg::Left(p) => format!("{} left; a CPU player takes the seat.", player(p)),
        ServerMsg::Error { code, .. } if code == "TIMEOUT" => {
            "Time is up: the server played for you.".into()
        }
        ServerMsg::Error { text, .. } => format!("Refused: {text}."),
        ServerMsg::Turn { .. } => return None,
        _ if state.me.is_none() => return None,
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
            let card = *state.hand.get(n.checked_sub(1)?)?;
            line_for(Action::Play {
                card,
                closed: choice == "c",
            })
        }
        (Prompt::Turn, "t") => line_for(Action::Truco),
        (Prompt::Answer, "a") => line_for(Action::Answer(Answer::Accept)),
        (Prompt::Answer, "f") => line_for(Action::Answer(Answer::Fold)),
        (Prompt::Answer, "r") => line_for(Action::Answer(Answer::Raise)),
        _ => None,
    }
}
