//! The Jass Challenge's JSON frames (seed 002): `{"type": T, "data": ...}`, one per
//! WebSocket text frame, both ways. The client messages are typed here ([`ClientMsg`],
//! written with [`ClientMsg::write`]); the server reads them back (its
//! `protocols::jass::message::parse`, which answers a bad field the way the reference
//! server does) and a property test there holds the two together. The server's frames
//! are [`ServerMsg`], with one `write` (byte for byte the reference's) and one `parse`
//! that the clients read them with.

mod server;
#[cfg(test)]
mod server_tests;

pub use server::{
    card_of, trumpf, Bad, Joined, Pairing, Player, Ranked, Ranking, ServerMsg, Stich, Team,
    TeamPoints,
};

use cards::{Card, Suit};
use jass::Mode;
use serde_json::{json, Map, Value};

/// The four colours as the wire names them.
pub const COLORS: [(&str, Suit); 4] = [
    ("HEARTS", Suit::Hearts),
    ("DIAMONDS", Suit::Diamonds),
    ("CLUBS", Suit::Clubs),
    ("SPADES", Suit::Spades),
];

/// How a client wants to enter a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Autojoin,
    CreateNew,
    JoinExisting,
    Spectator,
}

impl Choice {
    /// Every choice with its word.
    pub const ALL: [(&'static str, Choice); 4] = [
        ("AUTOJOIN", Choice::Autojoin),
        ("CREATE_NEW", Choice::CreateNew),
        ("JOIN_EXISTING", Choice::JoinExisting),
        ("SPECTATOR", Choice::Spectator),
    ];
}

/// What a session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionType {
    SingleGame,
    Tournament,
}

impl SessionType {
    /// Every type with its word.
    pub const ALL: [(&'static str, SessionType); 2] = [
        ("SINGLE_GAME", SessionType::SingleGame),
        ("TOURNAMENT", SessionType::Tournament),
    ];
}

/// The word `value` has among `all`.
fn word<T: PartialEq + Copy>(all: &[(&'static str, T)], value: T) -> &'static str {
    all.iter().find(|(_, v)| *v == value).map_or("", |(w, _)| w)
}

/// `CHOOSE_SESSION` data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRequest {
    pub choice: Choice,
    /// `SPECTATOR`, or `asSpectator: true` with any other choice: watch, don't play.
    pub spectator: bool,
    pub name: Option<String>,
    pub kind: Option<SessionType>,
    pub team: Option<usize>,
    /// `mustExist: true`, parlor's own addition for its web client: join only a session
    /// that exists (the reference creates a missing one).
    pub must_exist: bool,
}

/// `CHOOSE_TRUMPF` data: a mode, or SCHIEBE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrumpfChoice {
    Mode(Mode),
    Schiebe,
}

/// A client message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMsg {
    PlayerName(String),
    ChooseSession(SessionRequest),
    ChooseTrumpf(TrumpfChoice),
    ChooseCard(Card),
    JoinBot {
        session: String,
        team: Option<usize>,
    },
    StartTournament,
}

impl ClientMsg {
    /// The frame.
    pub fn write(&self) -> String {
        match self {
            ClientMsg::PlayerName(name) => frame("CHOOSE_PLAYER_NAME", json!(name)),
            ClientMsg::ChooseSession(request) => frame("CHOOSE_SESSION", session(request)),
            ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(m)) => frame("CHOOSE_TRUMPF", mode(*m)),
            ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe) => {
                frame("CHOOSE_TRUMPF", json!({ "mode": "SCHIEBE" }))
            }
            ClientMsg::ChooseCard(c) => frame("CHOOSE_CARD", card(*c)),
            ClientMsg::JoinBot { session, team } => {
                let mut data = json!({ "sessionName": session });
                if let Some(team) = team {
                    data["chosenTeamIndex"] = json!(team);
                }
                frame("JOIN_BOT", data)
            }
            ClientMsg::StartTournament => bare("START_TOURNAMENT"),
        }
    }
}

/// `CHOOSE_SESSION` data as the wire writes it.
fn session(request: &SessionRequest) -> Value {
    let mut data = Map::new();
    data.insert(
        "sessionChoice".into(),
        json!(word(&Choice::ALL, request.choice)),
    );
    if let Some(name) = &request.name {
        data.insert("sessionName".into(), json!(name));
    }
    if let Some(kind) = request.kind {
        data.insert("sessionType".into(), json!(word(&SessionType::ALL, kind)));
    }
    if let Some(team) = request.team {
        data.insert("chosenTeamIndex".into(), json!(team));
    }
    if request.spectator && request.choice != Choice::Spectator {
        data.insert("asSpectator".into(), json!(true));
    }
    if request.must_exist {
        data.insert("mustExist".into(), json!(true));
    }
    Value::Object(data)
}

/// `{"type": T}` with data, as a frame. Written straight into one string (keys in the
/// order `serde_json` has always written them here: `data`, then `type`) instead of
/// through a map built for every frame.
pub fn frame(kind: &str, data: Value) -> String {
    let mut out = String::with_capacity(64);
    out.push_str("{\"data\":");
    out.push_str(&data.to_string());
    out.push_str(",\"type\":");
    out.push_str(&Value::from(kind).to_string());
    out.push('}');
    out
}

/// `{"type": T}` without data.
pub fn bare(kind: &str) -> String {
    json!({ "type": kind }).to_string()
}

/// A colour's word.
pub fn color(suit: Suit) -> &'static str {
    word(&COLORS, suit)
}

/// `{"data": data, "type": kind}` serialized straight from `data`, byte for byte what
/// [`frame`] writes for the same data but without building a JSON tree first: the frames
/// of every move (a card played, a card asked for, a trick) take this way. Field order is
/// the JSON tree's: keys sorted.
pub fn frame_of(kind: &str, data: &impl serde::Serialize) -> String {
    #[derive(serde::Serialize)]
    struct Frame<'a, T> {
        data: T,
        #[serde(rename = "type")]
        kind: &'a str,
    }
    serde_json::to_string(&Frame { data, kind }).expect("frames serialize")
}

/// A card's fields in the JSON tree's order.
#[derive(serde::Serialize)]
struct CardOut {
    color: &'static str,
    number: u8,
}

impl CardOut {
    fn of(card: Card) -> CardOut {
        CardOut {
            color: color(card.suit()),
            number: card.rank().number(),
        }
    }
}

/// `{"data": [cards], "type": kind}` for a frame that is only cards (`DEAL_CARDS`,
/// `PLAYED_CARDS`, `REQUEST_CARD`: most of a deal's frames), written straight into one
/// string: byte for byte the tree's, without a serializer escaping words that need
/// none. `kind` is one of the protocol's message names.
pub fn cards_frame(kind: &str, list: &[Card]) -> String {
    debug_assert!(kind.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'));
    let mut out = String::with_capacity(32 + kind.len() + 32 * list.len());
    out.push_str("{\"data\":");
    push_cards(&mut out, list);
    out.push_str(",\"type\":\"");
    out.push_str(kind);
    out.push_str("\"}");
    out
}

/// The JSON array of `list`, each card as [`CardOut`] serializes it.
pub(crate) fn push_cards(out: &mut String, list: &[Card]) {
    out.push('[');
    for (i, card) in list.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"color\":\"");
        out.push_str(color(card.suit()));
        out.push_str("\",\"number\":");
        let number = card.rank().number();
        if number >= 10 {
            out.push('1');
        }
        out.push(char::from(b'0' + number % 10));
        out.push('}');
    }
    out.push(']');
}

/// A card as `{"number", "color"}`.
pub fn card(card: Card) -> Value {
    json!({ "number": card.rank().number(), "color": color(card.suit()) })
}

/// Cards as a JSON array: the tree the frames of cards are written as without one (the
/// tests' reference).
#[cfg(test)]
pub fn cards(list: impl IntoIterator<Item = Card>) -> Value {
    Value::Array(list.into_iter().map(card).collect())
}

/// A mode as `BROADCAST_TRUMPF` (and `CHOOSE_TRUMPF`) data.
pub fn mode(mode: Mode) -> Value {
    match mode {
        Mode::Trumpf(suit) => json!({ "mode": "TRUMPF", "trumpfColor": color(suit) }),
        Mode::Obeabe => json!({ "mode": "OBEABE" }),
        Mode::Undeufe => json!({ "mode": "UNDEUFE" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Rank;
    use proptest::prelude::*;

    fn card() -> impl Strategy<Value = Card> {
        (6u8..=14, 0usize..4)
            .prop_map(|(n, s)| Card::new(Rank::from_number(n).unwrap(), COLORS[s].1))
    }

    proptest! {
        /// The frames written without a JSON tree are, byte for byte, the tree's.
        #[test]
        fn frames_without_a_tree_are_the_trees(list in proptest::collection::vec(card(), 0..10)) {
            let tree = frame("PLAYED_CARDS", cards(list.iter().copied()));
            prop_assert_eq!(&cards_frame("PLAYED_CARDS", &list), &tree);
        }
    }
}
