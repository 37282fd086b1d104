//! Every line both ways: the seed's examples, commands in any case, and properties
//! holding `write` and `parse` together.

use super::*;
use proptest::prelude::*;

fn c(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn client_lines_in_any_case() {
    let play = |closed| ClientMsg::Play {
        card: c("10c"),
        closed,
    };
    assert_eq!(ClientMsg::parse("PLAY 10c"), Some(play(false)));
    assert_eq!(ClientMsg::parse("play 10C closed"), Some(play(true)));
    assert_eq!(play(true).write(), "PLAY 10c CLOSED");
    assert_eq!(ClientMsg::parse("truco"), Some(ClientMsg::Truco));
    assert_eq!(
        ClientMsg::parse(" ACCEPT "),
        Some(ClientMsg::Answer(Answer::Accept))
    );
    assert_eq!(
        ClientMsg::parse("Fold\r"),
        Some(ClientMsg::Answer(Answer::Fold))
    );
    assert_eq!(ClientMsg::parse(" cpu "), Some(ClientMsg::Cpu));
    assert_eq!(ClientMsg::parse("token"), Some(ClientMsg::Token));
    assert_eq!(ClientMsg::parse("seats"), Some(ClientMsg::Seats));
    assert_eq!(
        ClientMsg::parse("RESUME ab12"),
        Some(ClientMsg::Resume("ab12".into()))
    );
    assert_eq!(
        ClientMsg::parse(" name  Ana Lu "),
        Some(ClientMsg::Name("Ana Lu".into()))
    );
    for bad in [
        "",
        "PLAY",
        "PLAY 11c",
        "PLAY 3p OPEN",
        "PLAY 3p CLOSED x",
        "TRUCO 3",
        "HELLO",
        "RESUME",
        "RESUME a b",
        "NAME",
        "NAMES x",
    ] {
        assert_eq!(ClientMsg::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn server_lines() {
    let lines = [
        "WELCOME 3 1",
        "WAITING 2",
        "MATCH 1",
        "HAND 4 2 5 7",
        "CARDS 10c Qo 3p",
        "VIRA 4e",
        "TURN 2 3",
        "PLAYED 1 Kp",
        "PLAYED 4 CLOSED",
        "TRUCO 1 3",
        "ANSWERED 2 FOLD",
        "ACCEPTED 6",
        "ROUND 1 4 2",
        "ROUND 2 0 0",
        "HAND_END 0 0 3 4",
        "MATCH_END 1 12 4",
        "LEFT 3",
        "TOKEN 0123456789abcdef0123456789abcdef",
        "NAME 2 Ana Lu",
        "SEATS PERSON CPU AWAY EMPTY",
        "ERROR NOT_YOUR_TURN it is not your turn",
    ];
    for line in lines {
        let msg = ServerMsg::parse(line).unwrap_or_else(|| panic!("{line}"));
        assert_eq!(msg.write(), line);
    }
    assert_eq!(
        ServerMsg::parse("PLAYED 4 CLOSED"),
        Some(ServerMsg::Played {
            player: 4,
            card: None
        })
    );
    assert_eq!(ServerMsg::parse("HELLO"), None);
    assert_eq!(ServerMsg::parse("TURN x 1"), None);
}

fn card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_index(i).unwrap())
}

fn words() -> impl Strategy<Value = String> {
    "[A-Za-z0-9]{1,8}( [A-Za-z0-9]{1,8}){0,3}"
}

fn answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        Just(Answer::Accept),
        Just(Answer::Fold),
        Just(Answer::Raise)
    ]
}

fn client_msg() -> impl Strategy<Value = ClientMsg> {
    prop_oneof![
        (card(), any::<bool>()).prop_map(|(card, closed)| ClientMsg::Play { card, closed }),
        Just(ClientMsg::Truco),
        answer().prop_map(ClientMsg::Answer),
        Just(ClientMsg::Cpu),
        Just(ClientMsg::Token),
        Just(ClientMsg::Seats),
        "[0-9a-f]{32}".prop_map(ClientMsg::Resume),
        words().prop_map(ClientMsg::Name),
    ]
}

fn server_msg() -> impl Strategy<Value = ServerMsg> {
    let p = || 0u8..5;
    let occupant = prop_oneof![
        Just(Occupant::Person),
        Just(Occupant::Away),
        Just(Occupant::Cpu),
        Just(Occupant::Empty)
    ];
    prop_oneof![
        (p(), 1u8..3).prop_map(|(player, team)| ServerMsg::Welcome { player, team }),
        p().prop_map(ServerMsg::Waiting),
        p().prop_map(ServerMsg::Match),
        (any::<u32>(), p(), any::<[u8; 2]>()).prop_map(|(number, opener, scores)| {
            ServerMsg::Hand {
                number,
                opener,
                scores,
            }
        }),
        [card(), card(), card()].prop_map(ServerMsg::Cards),
        card().prop_map(ServerMsg::Vira),
        (p(), any::<u8>()).prop_map(|(player, value)| ServerMsg::Turn { player, value }),
        (p(), proptest::option::of(card()))
            .prop_map(|(player, card)| ServerMsg::Played { player, card }),
        (p(), any::<u8>()).prop_map(|(player, value)| ServerMsg::Truco { player, value }),
        (p(), answer()).prop_map(|(player, answer)| ServerMsg::Answered { player, answer }),
        any::<u8>().prop_map(ServerMsg::Accepted),
        (1u8..4, p(), 0u8..3).prop_map(|(number, player, team)| ServerMsg::Round {
            number,
            player,
            team
        }),
        (0u8..3, any::<u8>(), any::<[u8; 2]>()).prop_map(|(team, points, scores)| {
            ServerMsg::HandEnd {
                team,
                points,
                scores,
            }
        }),
        (1u8..3, any::<[u8; 2]>()).prop_map(|(team, scores)| ServerMsg::MatchEnd { team, scores }),
        p().prop_map(ServerMsg::Left),
        "[0-9a-f]{32}".prop_map(ServerMsg::Token),
        (p(), words()).prop_map(|(player, name)| ServerMsg::Name { player, name }),
        [
            occupant.clone(),
            occupant.clone(),
            occupant.clone(),
            occupant
        ]
        .prop_map(ServerMsg::Seats),
        ("[A-Z_]{2,16}", words()).prop_map(|(code, text)| ServerMsg::Error { code, text }),
    ]
}

proptest! {
    /// What a client writes, the server reads back as the same line.
    #[test]
    fn client_lines_read_back(msg in client_msg()) {
        prop_assert_eq!(ClientMsg::parse(&msg.write()), Some(msg));
    }

    /// What the server writes, a client reads back as the same line.
    #[test]
    fn server_lines_read_back(msg in server_msg()) {
        prop_assert_eq!(ServerMsg::parse(&msg.write()), Some(msg));
    }

    /// Anything at all is read without a panic.
    #[test]
    fn any_text_is_read_without_panic(text in "\\PC{0,120}") {
        let _ = ClientMsg::parse(&text);
        let _ = ServerMsg::parse(&text);
    }
}
