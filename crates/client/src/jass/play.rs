//! The connection loop of the Jass bot.

use super::state::JassState;
use cards::{seeded_rng, GameRng};
use futures::{SinkExt, StreamExt};
use jass::bots::Strategy;
use jass::{Action, Card, Mode, Suit};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// How the bot joins and plays.
pub struct Options {
    pub url: String,
    pub name: String,
    pub strategy: String,
    /// Join a tournament (two connections under one name) instead of a single game.
    pub tournament: bool,
    /// A session to join or create by name (AUTOJOIN without one).
    pub session: Option<String>,
    pub seed: u64,
}

/// Plays until the server closes the connection(s); returns the games seen per
/// connection.
pub async fn run(options: &Options) -> Result<Vec<u32>, String> {
    let connections = if options.tournament { 2 } else { 1 };
    let runs = (0..connections).map(|i| connection(options, options.seed.wrapping_add(i)));
    futures::future::join_all(runs).await.into_iter().collect()
}

fn color(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "HEARTS",
        Suit::Diamonds => "DIAMONDS",
        Suit::Clubs => "CLUBS",
        Suit::Spades => "SPADES",
    }
}

fn card_json(c: Card) -> Value {
    json!({ "number": c.rank().number(), "color": color(c.suit()) })
}

fn message(action: Action) -> Value {
    match action {
        Action::Play(c) => json!({ "type": "CHOOSE_CARD", "data": card_json(c) }),
        Action::Schiebe => json!({ "type": "CHOOSE_TRUMPF", "data": { "mode": "SCHIEBE" } }),
        Action::Choose(Mode::Obeabe) => {
            json!({ "type": "CHOOSE_TRUMPF", "data": { "mode": "OBEABE" } })
        }
        Action::Choose(Mode::Undeufe) => {
            json!({ "type": "CHOOSE_TRUMPF", "data": { "mode": "UNDEUFE" } })
        }
        Action::Choose(Mode::Trumpf(s)) => {
            json!({ "type": "CHOOSE_TRUMPF", "data": { "mode": "TRUMPF", "trumpfColor": color(s) } })
        }
    }
}

async fn connection(options: &Options, seed: u64) -> Result<u32, String> {
    let mut strategy: Box<dyn Strategy<jass::Game>> = jass::bots::by_name(&options.strategy)
        .ok_or_else(|| format!("unknown strategy {}", options.strategy))?;
    let (mut ws, _) = tokio_tungstenite::connect_async(options.url.as_str())
        .await
        .map_err(|e| e.to_string())?;
    let mut rng: GameRng = seeded_rng(seed);
    let mut state = JassState::default();
    let send = |v: Value| Message::text(v.to_string());
    while let Some(frame) = ws.next().await {
        let text = match frame.map_err(|e| e.to_string())? {
            Message::Text(text) => text.to_string(),
            Message::Close(_) => break,
            _ => continue,
        };
        let Ok(value) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let kind = value["type"].as_str().unwrap_or("").to_owned();
        let data = &value["data"];
        state.apply(&kind, data);
        let reply = match kind.as_str() {
            "REQUEST_PLAYER_NAME" => {
                Some(json!({ "type": "CHOOSE_PLAYER_NAME", "data": options.name }))
            }
            "REQUEST_SESSION_CHOICE" => {
                let kind = if options.tournament {
                    "TOURNAMENT"
                } else {
                    "SINGLE_GAME"
                };
                let mut choice = json!({ "sessionChoice": "AUTOJOIN", "sessionType": kind });
                if let Some(name) = &options.session {
                    choice["sessionName"] = json!(name);
                }
                Some(json!({ "type": "CHOOSE_SESSION", "data": choice }))
            }
            // The card already left our hand when we chose it, so the request that follows
            // a rejection gets a different card: a disagreement can never loop.
            "REJECT_CARD" => None,
            "REQUEST_TRUMPF" | "REQUEST_CARD" => {
                let legal = state.legal();
                let action =
                    (!legal.is_empty()).then(|| strategy.choose(&state.view(), &legal, &mut rng));
                state.trumpf_request = None;
                state.card_request = false;
                if let Some(Action::Play(c)) = action {
                    state.hand.remove(c);
                }
                action.map(message)
            }
            _ => None,
        };
        if let Some(reply) = reply {
            ws.send(send(reply)).await.map_err(|e| e.to_string())?;
        }
    }
    Ok(state.games)
}
