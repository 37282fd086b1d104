//! Jass Challenge JSON messages: `{"type": T, "data": ...}` in each text frame. The
//! messages and the frames are written by the wire module the server shares with the
//! clients (`parlor_wire::jass`); this reads what clients send.
//!
//! Parsing answers a bad frame with the `BAD_MESSAGE` payload the reference server sends:
//! the raw frame as a string when it is not a known message, or an object of
//! `{"data.<field>": ["<error>", ...]}` when a known message has bad fields.

use crate::text::has_unsafe;
use cards::{Card, Rank};
use jass::Mode;
use parlor_wire::jass::COLORS;
pub use parlor_wire::jass::{
    Bad, Choice, ClientMsg, ServerMsg, SessionRequest, SessionType, TrumpfChoice,
};
use serde_json::Value;
use std::collections::BTreeMap;

/// Validation errors, keyed by field path.
#[derive(Default)]
struct Errors(BTreeMap<String, Vec<String>>);

impl Errors {
    fn add(&mut self, field: &str, error: String) {
        self.0.entry(field.to_owned()).or_default().push(error);
    }

    fn into_result<T>(self, value: Option<T>) -> Result<T, Bad> {
        match value {
            Some(value) if self.0.is_empty() => Ok(value),
            _ => Err(Bad::Fields(self.0)),
        }
    }
}

fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Reads `data.<key>` as one of the allowed strings.
fn one_of<T: Copy>(
    data: &Value,
    key: &str,
    allowed: &[(&str, T)],
    errors: &mut Errors,
) -> Option<T> {
    let value = data.get(key)?;
    let found = allowed
        .iter()
        .find(|(name, _)| value.as_str() == Some(*name));
    if found.is_none() {
        errors.add(
            &format!("data.{key}"),
            format!("{} is not included in the list", shown(value)),
        );
    }
    found.map(|(_, t)| *t)
}

fn required<T>(value: Option<T>, data: &Value, key: &str, errors: &mut Errors) -> Option<T> {
    if data.get(key).is_none() {
        errors.add(&format!("data.{key}"), "can't be blank".into());
    }
    value
}

/// A card from `{"number": 6..14, "color": ...}`.
pub fn parse_card(data: &Value) -> Result<Card, Bad> {
    let mut errors = Errors::default();
    let number = data.get("number").and_then(|n| {
        let rank = n
            .as_u64()
            .filter(|n| (6..=14).contains(n))
            .and_then(|n| Rank::from_number(n as u8));
        if rank.is_none() {
            errors.add(
                "data.number",
                format!("{} is not included in the list", shown(n)),
            );
        }
        rank
    });
    let number = required(number, data, "number", &mut errors);
    let color = one_of(data, "color", &COLORS, &mut errors);
    let color = required(color, data, "color", &mut errors);
    let card = number.zip(color).map(|(rank, suit)| Card::new(rank, suit));
    errors.into_result(card)
}

fn parse_trumpf(data: &Value) -> Result<TrumpfChoice, Bad> {
    let mut errors = Errors::default();
    const MODES: [(&str, u8); 4] = [("TRUMPF", 0), ("OBEABE", 1), ("UNDEUFE", 2), ("SCHIEBE", 3)];
    let mode = one_of(data, "mode", &MODES, &mut errors);
    let mode = required(mode, data, "mode", &mut errors);
    let choice = match mode {
        Some(0) => {
            let color = one_of(data, "trumpfColor", &COLORS, &mut errors);
            required(color, data, "trumpfColor", &mut errors)
                .map(|s| TrumpfChoice::Mode(Mode::Trumpf(s)))
        }
        Some(1) => Some(TrumpfChoice::Mode(Mode::Obeabe)),
        Some(2) => Some(TrumpfChoice::Mode(Mode::Undeufe)),
        Some(_) => Some(TrumpfChoice::Schiebe),
        None => None,
    };
    errors.into_result(choice)
}

fn parse_session(data: &Value) -> Result<SessionRequest, Bad> {
    let mut errors = Errors::default();
    let choice =
        one_of(data, "sessionChoice", &Choice::ALL, &mut errors).unwrap_or(Choice::Autojoin);
    let spectator = choice == Choice::Spectator
        || data.get("asSpectator").and_then(Value::as_bool) == Some(true);
    let kind = one_of(data, "sessionType", &SessionType::ALL, &mut errors);
    let team = data.get("chosenTeamIndex").and_then(|t| {
        let team = t.as_u64().filter(|t| *t < 2).map(|t| t as usize);
        if team.is_none() && !t.is_null() {
            errors.add(
                "data.chosenTeamIndex",
                format!("{} is not included in the list", shown(t)),
            );
        }
        team
    });
    let name = match data.get("sessionName") {
        None | Some(Value::Null) => None,
        // Other players see session names: no control characters.
        Some(Value::String(s)) if !s.trim().is_empty() && s.len() <= 100 && !has_unsafe(s, "") => {
            Some(s.clone())
        }
        Some(other) => {
            errors.add(
                "data.sessionName",
                format!("{} is not a valid session name", shown(other)),
            );
            None
        }
    };
    if matches!(choice, Choice::CreateNew | Choice::JoinExisting)
        && name.is_none()
        && errors.0.is_empty()
    {
        errors.add("data.sessionName", "can't be blank".into());
    }
    let must_exist = data.get("mustExist").and_then(Value::as_bool) == Some(true);
    let request = SessionRequest {
        choice,
        spectator,
        name,
        kind,
        team,
        must_exist,
    };
    errors.into_result(Some(request))
}

/// Parses one text frame.
pub fn parse(frame: &str) -> Result<ClientMsg, Bad> {
    match chosen_card(frame) {
        Some(card) => Ok(ClientMsg::ChooseCard(card)),
        None => parse_any(frame),
    }
}

/// The message every turn brings, `CHOOSE_CARD` with a valid card, read straight into
/// its fields without a JSON tree; `None` sends anything else (a field that is missing,
/// wrong, escaped or twice) the general way ([`parse_any`]), whose answers to bad fields
/// are the reference server's. A property test holds the two to the same answers.
fn chosen_card(frame: &str) -> Option<Card> {
    #[derive(serde::Deserialize)]
    struct Frame<'a> {
        #[serde(rename = "type")]
        kind: &'a str,
        #[serde(borrow)]
        data: Data<'a>,
    }
    #[derive(serde::Deserialize)]
    struct Data<'a> {
        number: u8,
        color: &'a str,
    }
    let read: Frame = serde_json::from_str(frame).ok()?;
    if read.kind != "CHOOSE_CARD" || !(6..=14).contains(&read.data.number) {
        return None;
    }
    let rank = Rank::from_number(read.data.number)?;
    let (_, suit) = COLORS.iter().find(|(name, _)| *name == read.data.color)?;
    Some(Card::new(rank, *suit))
}

/// [`parse`] for any message, through a JSON tree.
fn parse_any(frame: &str) -> Result<ClientMsg, Bad> {
    let raw = || Bad::Frame(frame.to_owned());
    let Ok(value) = serde_json::from_str::<Value>(frame) else {
        return Err(raw());
    };
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Err(raw());
    };
    let data = value.get("data").cloned().unwrap_or(Value::Null);
    match kind {
        "CHOOSE_PLAYER_NAME" => match data.as_str() {
            Some(name)
                if !name.trim().is_empty()
                    && name.chars().count() <= 64
                    && !has_unsafe(name, "") =>
            {
                Ok(ClientMsg::PlayerName(name.to_owned()))
            }
            _ => Err(Bad::field(
                "data",
                "must be a name of 1 to 64 characters, without control characters",
            )),
        },
        "CHOOSE_SESSION" => parse_session(&data).map(ClientMsg::ChooseSession),
        "CHOOSE_TRUMPF" => parse_trumpf(&data).map(ClientMsg::ChooseTrumpf),
        "CHOOSE_CARD" => parse_card(&data).map(ClientMsg::ChooseCard),
        "JOIN_BOT" => match data.get("sessionName").and_then(Value::as_str) {
            Some(session) => Ok(ClientMsg::JoinBot {
                session: session.to_owned(),
                team: data
                    .get("chosenTeamIndex")
                    .and_then(Value::as_u64)
                    .filter(|t| *t < 2)
                    .map(|t| t as usize),
            }),
            None => Err(Bad::field("data.sessionName", "can't be blank")),
        },
        "START_TOURNAMENT" => Ok(ClientMsg::StartTournament),
        _ => Err(raw()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Suit;
    use parlor_wire::jass::{card, frame, mode};
    use proptest::prelude::*;
    use serde_json::json;

    /// [`parse`], its refusal as the JSON it is sent as.
    fn parse_json(frame: &str) -> Result<ClientMsg, Value> {
        parse(frame).map_err(|bad| serde_json::to_value(bad).expect("a refusal serializes"))
    }

    fn client_msg() -> impl Strategy<Value = ClientMsg> {
        let card = (6u8..=14, 0usize..4)
            .prop_map(|(n, s)| Card::new(Rank::from_number(n).unwrap(), COLORS[s].1));
        let mode = prop_oneof![
            (0usize..4).prop_map(|s| Mode::Trumpf(COLORS[s].1)),
            Just(Mode::Obeabe),
            Just(Mode::Undeufe),
        ];
        let name = "[A-Za-z0-9][A-Za-z0-9 ']{0,20}[A-Za-z0-9]";
        let session = (
            0usize..4,
            any::<bool>(),
            proptest::option::of(name),
            proptest::option::of(0usize..2),
            proptest::option::of(0usize..2),
            any::<bool>(),
        )
            .prop_map(|(choice, spectator, name, kind, team, must_exist)| {
                let choice = Choice::ALL[choice].1;
                // A session asked for by name has one; `SPECTATOR` always watches.
                let name = match choice {
                    Choice::CreateNew | Choice::JoinExisting => name.or(Some("S".into())),
                    _ => name,
                };
                SessionRequest {
                    choice,
                    spectator: spectator || choice == Choice::Spectator,
                    name,
                    kind: kind.map(|k| SessionType::ALL[k].1),
                    team,
                    must_exist,
                }
            });
        prop_oneof![
            name.prop_map(ClientMsg::PlayerName),
            session.prop_map(ClientMsg::ChooseSession),
            mode.prop_map(|m| ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(m))),
            Just(ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe)),
            card.prop_map(ClientMsg::ChooseCard),
            (name, proptest::option::of(0usize..2))
                .prop_map(|(session, team)| ClientMsg::JoinBot { session, team }),
            Just(ClientMsg::StartTournament),
        ]
    }

    proptest! {
        /// What a client writes with the wire module, the server reads back as the same
        /// message.
        #[test]
        fn client_messages_read_back(msg in client_msg()) {
            prop_assert_eq!(parse(&msg.write()), Ok(msg));
        }
    }

    #[test]
    fn a_frame_is_the_json_object_it_always_was() {
        let data = json!([{ "number": 6, "color": "HEARTS" }, { "a\"b": null }]);
        let built = json!({ "type": "PLAYED_CARDS", "data": data.clone() }).to_string();
        assert_eq!(frame("PLAYED_CARDS", data), built);
    }

    #[test]
    fn client_messages() {
        assert_eq!(
            parse(r#"{"type":"CHOOSE_PLAYER_NAME","data":"Jen"}"#),
            Ok(ClientMsg::PlayerName("Jen".into()))
        );
        assert_eq!(
            parse(r#"{"type":"CHOOSE_CARD","data":{"number":13,"color":"SPADES"}}"#),
            Ok(ClientMsg::ChooseCard(Card::new(Rank::King, Suit::Spades)))
        );
        assert_eq!(
            parse(r#"{"type":"CHOOSE_TRUMPF","data":{"mode":"TRUMPF","trumpfColor":"CLUBS"}}"#),
            Ok(ClientMsg::ChooseTrumpf(TrumpfChoice::Mode(Mode::Trumpf(
                Suit::Clubs
            ))))
        );
        assert_eq!(
            parse(r#"{"type":"CHOOSE_TRUMPF","data":{"mode":"SCHIEBE"}}"#),
            Ok(ClientMsg::ChooseTrumpf(TrumpfChoice::Schiebe))
        );
        let session = parse(
            r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"CREATE_NEW","sessionName":"S1","sessionType":"TOURNAMENT","chosenTeamIndex":1}}"#,
        );
        assert_eq!(
            session,
            Ok(ClientMsg::ChooseSession(SessionRequest {
                choice: Choice::CreateNew,
                spectator: false,
                name: Some("S1".into()),
                kind: Some(SessionType::Tournament),
                team: Some(1),
                must_exist: false,
            }))
        );
        assert_eq!(
            parse(r#"{"type":"START_TOURNAMENT"}"#),
            Ok(ClientMsg::StartTournament)
        );
    }

    #[test]
    fn bad_frames_and_validation_errors() {
        assert_eq!(parse_json("hello"), Err(Value::String("hello".into())));
        assert_eq!(
            parse_json(r#"{"type":"NOPE"}"#),
            Err(Value::String(r#"{"type":"NOPE"}"#.into()))
        );
        assert_eq!(
            parse_json(r#"{"type":"CHOOSE_CARD","data":{"number":15,"color":"SPADES"}}"#),
            Err(json!({"data.number": ["15 is not included in the list"]}))
        );
        assert_eq!(
            parse_json(r#"{"type":"CHOOSE_CARD","data":{"number":"7","color":"PURPLE"}}"#),
            Err(
                json!({"data.number": ["7 is not included in the list"], "data.color": ["PURPLE is not included in the list"]})
            )
        );
        assert_eq!(
            parse_json(r#"{"type":"CHOOSE_CARD","data":{}}"#),
            Err(json!({"data.number": ["can't be blank"], "data.color": ["can't be blank"]}))
        );
        assert_eq!(
            parse_json(r#"{"type":"CHOOSE_TRUMPF","data":{"mode":"TRUMPF"}}"#),
            Err(json!({"data.trumpfColor": ["can't be blank"]}))
        );
        assert_eq!(
            parse_json(r#"{"type":"CHOOSE_SESSION","data":{"sessionChoice":"JOIN_EXISTING"}}"#),
            Err(json!({"data.sessionName": ["can't be blank"]}))
        );
    }

    #[test]
    fn cards_and_modes_on_the_wire() {
        let c = Card::new(Rank::Jack, Suit::Diamonds);
        assert_eq!(card(c), json!({"number": 11, "color": "DIAMONDS"}));
        assert_eq!(parse_card(&card(c)), Ok(c));
        assert_eq!(
            mode(Mode::Trumpf(Suit::Spades)),
            json!({"mode":"TRUMPF","trumpfColor":"SPADES"})
        );
    }

    proptest! {
        #[test]
        fn any_text_parses_or_is_a_bad_message(frame in "\\PC{0,80}") {
            let _ = parse(&frame);
        }

        #[test]
        fn any_card_object_parses_without_panicking(number in any::<i64>(), color in "\\PC{0,10}") {
            let _ = parse_card(&json!({"number": number, "color": color}));
        }

        /// The fast reading of a card agrees with the general one on every card frame,
        /// good or bad: numbers in and out of range, known and unknown colours, extra
        /// and repeated fields, escapes, other types.
        #[test]
        fn a_card_is_read_alike_both_ways(
            number in prop_oneof![Just("6".to_owned()), Just("14".to_owned()), Just("15".to_owned()),
                Just("9.0".to_owned()), Just("\"7\"".to_owned()), (-3i64..300).prop_map(|n| n.to_string())],
            color in prop_oneof![Just("HEARTS"), Just("SPADES"), Just("hearts"), Just("CL\\u0055BS"), Just("")],
            kind in prop_oneof![Just("CHOOSE_CARD"), Just("CHOOSE_TRUMPF"), Just("CHOOSE_\\u0043ARD")],
            extra in prop_oneof![Just(""), Just(",\"x\":1"), Just(",\"number\":8"), Just(",\"type\":\"JOIN_BOT\"")],
        ) {
            let frame = format!(
                r#"{{"type":"{kind}","data":{{"number":{number},"color":"{color}"{extra}}}{extra}}}"#
            );
            prop_assert_eq!(parse(&frame), parse_any(&frame), "{}", frame);
        }
    }
}
