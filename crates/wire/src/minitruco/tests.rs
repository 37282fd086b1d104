//! Both dialects' lines: the examples the protocol pages give, and properties holding
//! `write` and `parse` together.

use super::*;
use cards::Card;
use proptest::prelude::*;
use truco::AppMode;

fn any_card() -> impl Strategy<Value = Card> {
    let cards: Vec<Card> = ["4o", "5c", "6e", "7p", "Qo", "Jc", "Ke", "Ap", "2o", "3c"]
        .iter()
        .map(|c| c.parse().expect("a card"))
        .collect();
    proptest::sample::select(cards)
}

fn any_cards() -> impl Strategy<Value = [Card; 3]> {
    [any_card(), any_card(), any_card()]
}

fn any_mode() -> impl Strategy<Value = AppMode> {
    proptest::sample::select(AppMode::ALL.to_vec())
}

const WORD: &str = "[A-Za-z0-9_!@$().-]{1,12}";
const TEXT: &str = "[^\r\n]{0,30}";

fn any_command() -> impl Strategy<Value = Command> {
    let room = proptest::option::of("[0-9]{1,3}");
    prop_oneof![
        Just(Command::Version),
        WORD.prop_map(Command::Nick),
        Just(Command::List),
        room.clone().prop_map(Command::Info),
        room.clone().prop_map(Command::Enter),
        Just(Command::Leave),
        proptest::option::of("[TF]{2}").prop_map(Command::Rules),
        Just(Command::SwapFoes),
        Just(Command::CyclePartner),
        room.prop_map(Command::Kick),
        Just(Command::Ready),
        ("[2-7QJKA][opec]", any::<bool>())
            .prop_map(|(card, closed)| Command::Play { card, closed }),
        Just(Command::Truco),
        Just(Command::Accept),
        Just(Command::Decline),
        any::<bool>().prop_map(Command::HandOfEleven),
        TEXT.prop_map(Command::Chat),
        (WORD, TEXT).prop_map(|(to, text)| Command::Whisper { to, text }),
    ]
}

fn any_app_command() -> impl Strategy<Value = AppCommand> {
    prop_oneof![
        (0u32..=99999).prop_map(AppCommand::Build),
        Just(AppCommand::Enter(Enter::Nowhere)),
        Just(AppCommand::Version),
        TEXT.prop_map(AppCommand::Name),
        any_mode().prop_map(|m| AppCommand::Enter(Enter::Public(m))),
        any_mode().prop_map(|m| AppCommand::Enter(Enter::NewPublic(m))),
        any_mode().prop_map(|m| AppCommand::Enter(Enter::NewPrivate(m))),
        "[0-9]{5}".prop_map(|c| AppCommand::Enter(Enter::Private(c))),
        Just(AppCommand::Leave),
        Just(AppCommand::RotatePartners),
        Just(AppCommand::SwapOpponents),
        Just(AppCommand::Start),
        Just(AppCommand::Abandon),
        "[0-9]{1,13}".prop_map(AppCommand::KeepAlive),
        ("[2-7QJKA][opec]", any::<bool>())
            .prop_map(|(card, closed)| AppCommand::Game(Command::Play { card, closed })),
        Just(AppCommand::Game(Command::Truco)),
        Just(AppCommand::Game(Command::Accept)),
        Just(AppCommand::Game(Command::Decline)),
        any::<bool>().prop_map(|p| AppCommand::Game(Command::HandOfEleven(p))),
    ]
}

/// Any server line of `dialect`.
fn any_server_msg(dialect: Dialect) -> impl Strategy<Value = ServerMsg> {
    let app = dialect == Dialect::App;
    let pos = 1usize..=4;
    let phrase = move || proptest::option::of(any::<u32>()).prop_map(move |p| p.filter(|_| app));
    let names = || {
        [
            "[a-z0-9]{0,8}",
            "[a-z0-9]{0,8}",
            "[a-z0-9]{0,8}",
            "[a-z0-9]{0,8}",
        ]
    };
    let dialect_only = match dialect {
        Dialect::Lounge => prop_oneof![
            (
                1usize..999,
                names(),
                [any::<bool>(); 4],
                pos.clone(),
                any::<bool>(),
                any::<bool>()
            )
                .prop_map(
                    |(number, names, ready, manager, clean_deck, old_manilha)| {
                        ServerMsg::Room(Room {
                            number,
                            names,
                            ready,
                            manager,
                            clean_deck,
                            old_manilha,
                        })
                    }
                ),
            (any_cards(), proptest::option::of(any_card())).prop_map(|(cards, vira)| {
                ServerMsg::Cards {
                    opener: None,
                    cards,
                    vira,
                }
            }),
            ("[a-z][a-z0-9]{0,8}", TEXT).prop_map(|(from, text)| ServerMsg::Whisper { from, text }),
        ]
        .boxed(),
        Dialect::App => prop_oneof![
            (names(), any_mode(), pos.clone(), "PUB|PRI-[0-9]{5}").prop_map(
                |(names, mode, position, label)| ServerMsg::Table(Table {
                    names,
                    mode,
                    position,
                    label,
                })
            ),
            (pos.clone(), any_cards(), proptest::option::of(any_card())).prop_map(
                |(opener, cards, vira)| ServerMsg::Cards {
                    opener: Some(opener),
                    cards,
                    vira
                }
            ),
            "[0-9]{1,13}".prop_map(ServerMsg::Ping),
            TEXT.prop_map(ServerMsg::Notice),
        ]
        .boxed(),
    };
    prop_oneof![
        dialect_only,
        Just(ServerMsg::KeepAlive),
        "[0-9.]{1,8}".prop_map(ServerMsg::Version),
        WORD.prop_map(ServerMsg::Nick),
        proptest::collection::vec(0u32..5, 1..12).prop_map(ServerMsg::Rooms),
        (1usize..999).prop_map(ServerMsg::Entered),
        Just(ServerMsg::Left),
        pos.clone().prop_map(ServerMsg::Position),
        (pos.clone(), any::<bool>()).prop_map(|(position, closed_allowed)| ServerMsg::Turn {
            position,
            closed_allowed
        }),
        (pos.clone(), proptest::option::of(any_card()), any::<bool>()).prop_map(
            |(position, card, closed)| ServerMsg::Played {
                position,
                card,
                closed: closed && card.is_some()
            }
        ),
        (1u8..=3, pos.clone()).prop_map(|(team, next)| ServerMsg::Round { team, next }),
        [0u32..13, 0u32..13].prop_map(ServerMsg::Score),
        (1u8..=2, phrase()).prop_map(|(team, phrase)| ServerMsg::GameOver { team, phrase }),
        (pos.clone(), 3u32..=12, phrase()).prop_map(|(position, value, phrase)| {
            ServerMsg::Raise {
                position,
                value,
                phrase,
            }
        }),
        (pos.clone(), 3u32..=12, phrase()).prop_map(|(position, value, phrase)| {
            ServerMsg::Accepted {
                position,
                value,
                phrase,
            }
        }),
        (pos.clone(), phrase())
            .prop_map(|(position, phrase)| ServerMsg::Declined { position, phrase }),
        any_cards().prop_map(ServerMsg::PartnerCards),
        (pos.clone(), any::<bool>(), phrase()).prop_map(|(position, play, phrase)| {
            ServerMsg::HandOfEleven {
                position,
                play,
                phrase,
            }
        }),
        (0usize..=4, phrase())
            .prop_map(|(position, phrase)| ServerMsg::Abandoned { position, phrase }),
        (WORD, TEXT).prop_map(|(from, text)| ServerMsg::Chat { from, text }),
        proptest::sample::select(vec![
            Refusal::UnknownCommand,
            Refusal::NoNick,
            Refusal::InvalidNick,
            Refusal::NickInUse,
            Refusal::InGame,
            Refusal::NoSuchRoom,
            Refusal::NotInRoom,
            Refusal::AlreadyIn("3".into()),
            Refusal::RoomFull,
            Refusal::BadRules,
            Refusal::NoSuchPlayer,
            Refusal::Other("ZZ 9".into()),
        ])
        .prop_map(ServerMsg::Refused),
    ]
}

proptest! {
    /// What a 2008 client writes, the server reads back as it was.
    #[test]
    fn commands_round_trip(command in any_command()) {
        prop_assert_eq!(parse(&command.write()), Parsed::Command(command));
    }

    /// What the app writes, the server reads back as it was.
    #[test]
    fn app_commands_round_trip(command in any_app_command()) {
        prop_assert_eq!(parse_app(&command.write()), Parsed::Command(command));
    }

    /// What the server writes to a 2008 client, the client reads back as it was.
    #[test]
    fn lounge_lines_round_trip(msg in any_server_msg(Dialect::Lounge)) {
        prop_assert_eq!(ServerMsg::parse(&msg.write(), Dialect::Lounge), Some(msg));
    }

    /// What the server writes to the app, a client of the app's dialect reads back.
    #[test]
    fn app_lines_round_trip(msg in any_server_msg(Dialect::App)) {
        prop_assert_eq!(ServerMsg::parse(&msg.write(), Dialect::App), Some(msg));
    }

    /// Arbitrary text read as any line of either side: an answer, never a panic.
    #[test]
    fn arbitrary_lines_are_read_without_panic(line in "\\PC{0,40}") {
        let _ = parse(&line);
        let _ = parse_app(&line);
        let _ = ServerMsg::parse(&line, Dialect::Lounge);
        let _ = ServerMsg::parse(&line, Dialect::App);
    }
}

#[test]
fn lines_as_the_protocol_pages_write_them() {
    let card = |c: &str| c.parse::<Card>().unwrap();
    let lounge = |line| ServerMsg::parse(line, Dialect::Lounge);
    assert_eq!(
        lounge("I 1 e||c|d FTFF 3 FF"),
        Some(ServerMsg::Room(Room {
            number: 1,
            names: ["e", "", "c", "d"].map(String::from),
            ready: [false, true, false, false],
            manager: 3,
            clean_deck: false,
            old_manilha: false,
        }))
    );
    assert_eq!(
        lounge("M 3p 6c 7e 4o"),
        Some(ServerMsg::Cards {
            opener: None,
            cards: [card("3p"), card("6c"), card("7e")],
            vira: Some(card("4o")),
        })
    );
    assert_eq!(
        lounge("M bob hi there"),
        Some(ServerMsg::Whisper {
            from: "bob".into(),
            text: "hi there".into()
        })
    );
    assert_eq!(
        ServerMsg::parse("M 2 3p 6c 7e", Dialect::App),
        Some(ServerMsg::Cards {
            opener: Some(2),
            cards: [card("3p"), card("6c"), card("7e")],
            vira: None,
        })
    );
    assert_eq!(
        ServerMsg::parse("I ana|bot|bot|bot M 1 PRI-04721", Dialect::App),
        Some(ServerMsg::Table(Table {
            names: ["ana", "bot", "bot", "bot"].map(String::from),
            mode: AppMode::Mineiro,
            position: 1,
            label: "PRI-04721".into(),
        }))
    );
    assert_eq!(
        lounge("X JE 3"),
        Some(ServerMsg::Refused(Refusal::AlreadyIn("3".into())))
    );
    assert_eq!(lounge(""), Some(ServerMsg::KeepAlive));
    assert_eq!(
        lounge("J 2"),
        Some(ServerMsg::Played {
            position: 2,
            card: None,
            closed: false
        })
    );
    assert_eq!(lounge("Z 1"), None);
}
