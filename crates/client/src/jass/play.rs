//! The connection loop of the Jass bot.

use super::state::JassState;
use cards::{seeded_rng, GameRng};
use futures::{SinkExt, StreamExt};
use jass::bots::Strategy;
use jass::Action;
use parlor_wire::jass::{
    Choice, ClientMsg, Joined, ServerMsg, SessionRequest, SessionType, TeamPoints, TrumpfChoice,
};
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
    /// Print what happens to standard output: the session and seat, a line per deal and
    /// each game's result (`parlor jass-bot`); tests and benchmarks stay quiet.
    pub report: bool,
}

/// What one connection played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Games finished.
    pub games: u32,
    /// Deals finished, over all games.
    pub deals: u32,
}

/// Plays until the server closes the connection(s); returns what each connection played.
pub async fn run(options: &Options) -> Result<Vec<Played>, String> {
    let connections = if options.tournament { 2 } else { 1 };
    let runs = (0..connections).map(|i| connection(options, options.seed.wrapping_add(i)));
    futures::future::join_all(runs).await.into_iter().collect()
}

/// The wire's message for one of our moves (`CHOOSE_TRUMPF` or `CHOOSE_CARD`).
pub fn message(action: Action) -> ClientMsg {
    match action {
        Action::Play(c) => ClientMsg::ChooseCard(c),
        Action::Schiebe => ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe),
        Action::Choose(mode) => ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(mode)),
    }
}

/// A line for a person watching the bot, or `None` for messages not worth one.
fn report_line(name: &str, msg: &ServerMsg<'_>) -> Option<String> {
    let teams = |teams: &[TeamPoints]| {
        let team = |t: &TeamPoints| format!("{} {}", t.name, t.points);
        teams.iter().map(team).collect::<Vec<_>>().join(", ")
    };
    match msg {
        ServerMsg::BroadcastSessionJoined(Joined {
            player: Some(player),
            session_name,
            ..
        }) if player.name == name => Some(format!(
            "{name}: joined session {session_name} in seat {}",
            player.seat_id
        )),
        ServerMsg::BroadcastGameFinished(points) => {
            Some(format!("{name}: deal over; totals {}", teams(points)))
        }
        ServerMsg::BroadcastWinnerTeam(team) => Some(format!(
            "{name}: game won by {} with {} points",
            team.name, team.points
        )),
        ServerMsg::BroadcastTournamentStarted => Some(format!("{name}: the tournament starts")),
        _ => None,
    }
}

async fn connection(options: &Options, seed: u64) -> Result<Played, String> {
    let mut strategy: Box<dyn Strategy<jass::Game>> = jass::bots::by_name(&options.strategy)
        .ok_or_else(|| format!("unknown strategy {}", options.strategy))?;
    let (mut ws, _) = tokio_tungstenite::connect_async(options.url.as_str())
        .await
        .map_err(|e| e.to_string())?;
    let mut rng: GameRng = seeded_rng(seed);
    let mut state = JassState::default();
    while let Some(frame) = ws.next().await {
        let text = match frame.map_err(|e| e.to_string())? {
            Message::Text(text) => text.to_string(),
            Message::Close(_) => break,
            _ => continue,
        };
        // A frame this bot cannot read changes nothing.
        let Ok(msg) = ServerMsg::parse(&text) else {
            continue;
        };
        state.apply(&msg);
        if options.report {
            if let Some(line) = report_line(&options.name, &msg) {
                println!("{line}");
            }
        }
        let reply = match msg {
            ServerMsg::RequestPlayerName => Some(ClientMsg::PlayerName(options.name.clone())),
            ServerMsg::RequestSessionChoice(_) => {
                let kind = if options.tournament {
                    SessionType::Tournament
                } else {
                    SessionType::SingleGame
                };
                Some(ClientMsg::ChooseSession(SessionRequest {
                    choice: Choice::Autojoin,
                    spectator: false,
                    name: options.session.clone(),
                    kind: Some(kind),
                    team: None,
                    must_exist: false,
                }))
            }
            // The card already left our hand when we chose it, so the request that follows
            // a rejection gets a different card: a disagreement can never loop.
            ServerMsg::RejectCard(_) => None,
            ServerMsg::RequestTrumpf(_) | ServerMsg::RequestCard(_) => {
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
            let text = reply.write();
            ws.send(Message::text(text))
                .await
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(Played {
        games: state.games,
        deals: state.deals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// [`report_line`] for the frame of type `kind` with `data`.
    fn report(name: &str, kind: &str, data: &Value) -> Option<String> {
        let frame = json!({ "type": kind, "data": data }).to_string();
        report_line(name, &ServerMsg::parse(&frame).expect("a server frame"))
    }

    #[test]
    fn a_person_watching_the_bot_sees_its_seat_deals_and_games() {
        let joined = json!({"sessionName": "Cup", "player": {"name": "ann", "seatId": 2}});
        assert_eq!(
            report("ann", "BROADCAST_SESSION_JOINED", &joined).as_deref(),
            Some("ann: joined session Cup in seat 2")
        );
        assert_eq!(report("bob", "BROADCAST_SESSION_JOINED", &joined), None);
        let deal = json!([{"name": "Team 1", "points": 120}, {"name": "Team 2", "points": 37}]);
        assert_eq!(
            report("ann", "BROADCAST_GAME_FINISHED", &deal).as_deref(),
            Some("ann: deal over; totals Team 1 120, Team 2 37")
        );
        let won = json!({"name": "Team 2", "points": 2510});
        assert_eq!(
            report("ann", "BROADCAST_WINNER_TEAM", &won).as_deref(),
            Some("ann: game won by Team 2 with 2510 points")
        );
        assert_eq!(report("ann", "REQUEST_CARD", &json!([])), None);
    }
}
