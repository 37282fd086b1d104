//! What a Jass Challenge server sends: [`ServerMsg`], one frame each, written by
//! [`ServerMsg::write`] byte for byte as the reference's JSON trees serialize (keys in
//! sorted order) and read back by [`ServerMsg::parse`].

use super::{bare, cards_frame, color, frame_of, push_cards, CardOut, TrumpfChoice, COLORS};
use cards::{Card, Rank};
use jass::Mode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A seated player as frames name one.
///
/// Reading, the fields a client can do without default to empty (here and below), so a
/// client reads other servers' frames as leniently as it always did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
    pub seat_id: usize,
}

/// `SESSION_JOINED` and `BROADCAST_SESSION_JOINED` data: who joined (none when a
/// coming-back seat has nobody to name) and everyone seated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Joined {
    pub player: Option<Player>,
    #[serde(default)]
    pub players_in_session: Vec<Player>,
    #[serde(default)]
    pub session_name: String,
}

/// A team and its players (`BROADCAST_TEAMS`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub name: String,
    #[serde(default)]
    pub players: Vec<Player>,
}

/// A team's points: the game's and this deal's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamPoints {
    #[serde(default)]
    pub current_round_points: u32,
    pub name: String,
    #[serde(default)]
    pub points: u32,
}

/// `BROADCAST_STICH` data: who took the trick (and leads the next), its cards, and the
/// teams' points after it, the winner's team first. Written by hand (`Stich::frame`),
/// read by serde.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stich {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(deserialize_with = "read_cards")]
    pub played_cards: Vec<Card>,
    pub seat_id: usize,
    #[serde(default)]
    pub teams: Vec<TeamPoints>,
}

/// A tournament bot's place in `BROADCAST_TOURNAMENT_RANKING_TABLE`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranked {
    pub connected_clients: usize,
    /// Set (and only then written) for a bot that crashed, as the reference does.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crashed: bool,
    pub player_name: String,
    pub rank: usize,
    pub rating: f64,
}

/// A pairing's result in `BROADCAST_TOURNAMENT_RANKING_TABLE`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pairing {
    pub first_player_won: bool,
    pub id: usize,
    pub player1: String,
    pub player2: String,
}

/// `BROADCAST_TOURNAMENT_RANKING_TABLE` data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranking {
    pub pairing_results: Vec<Pairing>,
    pub ranking: Vec<Ranked>,
}

/// `BAD_MESSAGE` data: the frame as sent, when it is no known message, or the errors of
/// each bad field (`data.number`, `type`...), as the reference answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Bad {
    Frame(String),
    Fields(BTreeMap<String, Vec<String>>),
}

impl Bad {
    /// One error of one field.
    pub fn field(field: &str, error: impl Into<String>) -> Bad {
        Bad::Fields(BTreeMap::from([(field.to_owned(), vec![error.into()])]))
    }
}

/// One server frame. Card lists borrow what the server holds (`Cow`), so a frame of a
/// move is written without copying them.
#[derive(Clone, Debug, PartialEq)]
pub enum ServerMsg<'a> {
    RequestPlayerName,
    /// The sessions waiting for players, by name.
    RequestSessionChoice(Vec<String>),
    /// To a spectator: the session and its last player to join.
    SessionJoined(Joined),
    BroadcastSessionJoined(Joined),
    BroadcastTeams(Vec<Team>),
    DealCards(Cow<'a, [Card]>),
    /// Whether the partner pushed the choice here.
    RequestTrumpf(bool),
    RejectTrumpf(TrumpfChoice),
    BroadcastTrumpf(TrumpfChoice),
    /// The trick so far.
    RequestCard(Cow<'a, [Card]>),
    RejectCard(Card),
    /// The trick so far.
    PlayedCards(Cow<'a, [Card]>),
    BroadcastStich(Stich),
    /// The deal's points, the team that took the last trick first.
    BroadcastGameFinished(Vec<TeamPoints>),
    BroadcastWinnerTeam(TeamPoints),
    BroadcastTournamentStarted,
    BroadcastTournamentRankingTable(Ranking),
    BadMessage(Bad),
    Error(String),
}

impl ServerMsg<'_> {
    /// The frame.
    pub fn write(&self) -> String {
        match self {
            ServerMsg::RequestPlayerName => bare("REQUEST_PLAYER_NAME"),
            ServerMsg::RequestSessionChoice(names) => frame_of("REQUEST_SESSION_CHOICE", names),
            ServerMsg::SessionJoined(joined) => frame_of("SESSION_JOINED", joined),
            ServerMsg::BroadcastSessionJoined(joined) => {
                frame_of("BROADCAST_SESSION_JOINED", joined)
            }
            ServerMsg::BroadcastTeams(teams) => frame_of("BROADCAST_TEAMS", teams),
            ServerMsg::DealCards(list) => cards_frame("DEAL_CARDS", list),
            ServerMsg::RequestTrumpf(pushed) => frame_of("REQUEST_TRUMPF", pushed),
            ServerMsg::RejectTrumpf(choice) => frame_of("REJECT_TRUMPF", &ModeOut(*choice)),
            ServerMsg::BroadcastTrumpf(choice) => frame_of("BROADCAST_TRUMPF", &ModeOut(*choice)),
            ServerMsg::RequestCard(list) => cards_frame("REQUEST_CARD", list),
            ServerMsg::RejectCard(card) => frame_of("REJECT_CARD", &CardOut::of(*card)),
            ServerMsg::PlayedCards(list) => cards_frame("PLAYED_CARDS", list),
            ServerMsg::BroadcastStich(stich) => stich.frame(),
            ServerMsg::BroadcastGameFinished(teams) => frame_of("BROADCAST_GAME_FINISHED", teams),
            ServerMsg::BroadcastWinnerTeam(team) => frame_of("BROADCAST_WINNER_TEAM", team),
            ServerMsg::BroadcastTournamentStarted => bare("BROADCAST_TOURNAMENT_STARTED"),
            ServerMsg::BroadcastTournamentRankingTable(ranking) => {
                frame_of("BROADCAST_TOURNAMENT_RANKING_TABLE", ranking)
            }
            ServerMsg::BadMessage(bad) => frame_of("BAD_MESSAGE", bad),
            ServerMsg::Error(text) => frame_of("ERROR", text),
        }
    }
}

impl ServerMsg<'static> {
    /// The message a frame holds; else why not. Read as leniently as a client of other
    /// servers should: a card that is not one is left out of a list, a missing
    /// `REQUEST_TRUMPF` flag is `false`, and any `ERROR` or `BAD_MESSAGE` data is kept
    /// (as its JSON text when it is not the usual shape).
    pub fn parse(frame: &str) -> Result<ServerMsg<'static>, String> {
        #[derive(Deserialize)]
        struct Raw {
            #[serde(rename = "type")]
            kind: String,
            #[serde(default)]
            data: Value,
        }
        let raw: Raw = serde_json::from_str(frame).map_err(|e| e.to_string())?;
        let data = raw.data;
        fn typed<T: serde::de::DeserializeOwned>(data: Value) -> Result<T, String> {
            serde_json::from_value(data).map_err(|e| e.to_string())
        }
        let list = |data: &Value| -> Result<Cow<'static, [Card]>, String> {
            let cards = data.as_array().ok_or("expected cards")?;
            Ok(Cow::Owned(cards.iter().filter_map(card_of).collect()))
        };
        let text = |data: Value| match data {
            Value::String(text) => text,
            other => other.to_string(),
        };
        Ok(match raw.kind.as_str() {
            "REQUEST_PLAYER_NAME" => ServerMsg::RequestPlayerName,
            "REQUEST_SESSION_CHOICE" => ServerMsg::RequestSessionChoice(typed(data)?),
            "SESSION_JOINED" => ServerMsg::SessionJoined(typed(data)?),
            "BROADCAST_SESSION_JOINED" => ServerMsg::BroadcastSessionJoined(typed(data)?),
            "BROADCAST_TEAMS" => ServerMsg::BroadcastTeams(typed(data)?),
            "DEAL_CARDS" => ServerMsg::DealCards(list(&data)?),
            "REQUEST_TRUMPF" => ServerMsg::RequestTrumpf(data.as_bool().unwrap_or(false)),
            "REJECT_TRUMPF" => ServerMsg::RejectTrumpf(trumpf(&data).ok_or("expected a mode")?),
            "BROADCAST_TRUMPF" => {
                ServerMsg::BroadcastTrumpf(trumpf(&data).ok_or("expected a mode")?)
            }
            "REQUEST_CARD" => ServerMsg::RequestCard(list(&data)?),
            "REJECT_CARD" => ServerMsg::RejectCard(card_of(&data).ok_or("expected a card")?),
            "PLAYED_CARDS" => ServerMsg::PlayedCards(list(&data)?),
            "BROADCAST_STICH" => ServerMsg::BroadcastStich(typed(data)?),
            "BROADCAST_GAME_FINISHED" => ServerMsg::BroadcastGameFinished(typed(data)?),
            "BROADCAST_WINNER_TEAM" => ServerMsg::BroadcastWinnerTeam(typed(data)?),
            "BROADCAST_TOURNAMENT_STARTED" => ServerMsg::BroadcastTournamentStarted,
            "BROADCAST_TOURNAMENT_RANKING_TABLE" => {
                ServerMsg::BroadcastTournamentRankingTable(typed(data)?)
            }
            "BAD_MESSAGE" => ServerMsg::BadMessage(match typed(data.clone()) {
                Ok(bad) => bad,
                Err(_) => Bad::Frame(text(data)),
            }),
            "ERROR" => ServerMsg::Error(text(data)),
            other => return Err(format!("unknown message {other}")),
        })
    }
}

/// A mode (or SCHIEBE) as its data, in the JSON tree's key order.
struct ModeOut(TrumpfChoice);

impl Serialize for ModeOut {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        match self.0 {
            TrumpfChoice::Schiebe => map.serialize_entry("mode", "SCHIEBE")?,
            TrumpfChoice::Mode(Mode::Obeabe) => map.serialize_entry("mode", "OBEABE")?,
            TrumpfChoice::Mode(Mode::Undeufe) => map.serialize_entry("mode", "UNDEUFE")?,
            TrumpfChoice::Mode(Mode::Trumpf(suit)) => {
                map.serialize_entry("mode", "TRUMPF")?;
                map.serialize_entry("trumpfColor", color(suit))?;
            }
        }
        map.end()
    }
}

/// The mode (or SCHIEBE) `{"mode", "trumpfColor"}` names.
pub fn trumpf(data: &Value) -> Option<TrumpfChoice> {
    Some(match data.get("mode")?.as_str()? {
        "SCHIEBE" => TrumpfChoice::Schiebe,
        "OBEABE" => TrumpfChoice::Mode(Mode::Obeabe),
        "UNDEUFE" => TrumpfChoice::Mode(Mode::Undeufe),
        "TRUMPF" => {
            let name = data.get("trumpfColor")?.as_str()?;
            let suit = COLORS.iter().find(|(w, _)| *w == name)?.1;
            TrumpfChoice::Mode(Mode::Trumpf(suit))
        }
        _ => return None,
    })
}

/// The card `{"number", "color"}` names.
pub fn card_of(data: &Value) -> Option<Card> {
    let rank = Rank::from_number(u8::try_from(data.get("number")?.as_u64()?).ok()?)?;
    let name = data.get("color")?.as_str()?;
    let suit = COLORS.iter().find(|(w, _)| *w == name)?.1;
    Some(Card::new(rank, suit))
}

/// The cards of a list, those that are not cards left out.
fn read_cards<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Card>, D::Error> {
    let data = Value::deserialize(d)?;
    let cards = data
        .as_array()
        .map(|list| list.iter().filter_map(card_of).collect());
    cards.ok_or_else(|| serde::de::Error::custom("expected cards"))
}

impl Stich {
    /// `BROADCAST_STICH` written straight into one string (nine of them a deal): byte for
    /// byte [`frame_of`]`("BROADCAST_STICH", self)`, its keys in the tree's sorted order,
    /// the names escaped by serde_json as the tree would.
    fn frame(&self) -> String {
        let mut out = String::with_capacity(320);
        out.push_str("{\"data\":{\"id\":");
        push_json_string(&mut out, &self.id);
        out.push_str(",\"name\":");
        push_json_string(&mut out, &self.name);
        out.push_str(",\"playedCards\":");
        push_cards(&mut out, &self.played_cards);
        // Writing to a string cannot fail.
        let _ = write!(out, ",\"seatId\":{},\"teams\":[", self.seat_id);
        for (i, team) in self.teams.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"currentRoundPoints\":{},\"name\":",
                team.current_round_points
            );
            push_json_string(&mut out, &team.name);
            let _ = write!(out, ",\"points\":{}}}", team.points);
        }
        out.push_str("]},\"type\":\"BROADCAST_STICH\"}");
        out
    }
}

/// `text` as a JSON string, quoted and escaped.
fn push_json_string(out: &mut String, text: &str) {
    out.push_str(&serde_json::to_string(text).expect("a string serializes"));
}

impl TeamPoints {
    /// The team a wire team name means: `Team 2` is team 1, anything else team 0.
    pub fn team(&self) -> usize {
        usize::from(self.name == "Team 2")
    }
}
