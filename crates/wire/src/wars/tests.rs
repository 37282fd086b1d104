//! Every message both ways: examples from the seed's formats, the strikes bad input earns,
//! and properties holding `write` and `parse` together.

use super::*;
use proptest::prelude::*;

fn c(code: u8) -> Card {
    card(code).unwrap()
}

#[test]
fn card_numbers_follow_the_protocol_table() {
    assert_eq!(code(president::THREE_OF_CLUBS), 0);
    for number in 0..NO_CARD {
        assert_eq!(code(c(number)), number);
    }
    assert_eq!(card(NO_CARD), None);
    assert_eq!(card_name(0), "3♣");
    assert_eq!(card_name(30), "10♥");
    assert_eq!(card_name(51), "2♠");
    assert_eq!(card_name(NO_CARD), "--");
}

#[test]
fn client_messages() {
    assert_eq!(
        ClientMsg::parse("cjoin|bob     "),
        Ok(ClientMsg::Join("bob".into()))
    );
    assert_eq!(
        ClientMsg::parse("cchat|hi all   "),
        Ok(ClientMsg::Chat("hi all".into()))
    );
    assert_eq!(ClientMsg::parse("chand"), Ok(ClientMsg::Hand));
    assert_eq!(ClientMsg::parse("cfill"), Ok(ClientMsg::Fill));
    assert_eq!(ClientMsg::parse("cswap|04"), Ok(ClientMsg::Swap(c(4))));
    let pair: CardSet = [c(28), c(30)].into_iter().collect();
    assert_eq!(
        ClientMsg::parse("cplay|30,28,52,52"),
        Ok(ClientMsg::Play(pair))
    );
    assert_eq!(ClientMsg::Play(pair).write(), "[cplay|28,30,52,52]");
    assert_eq!(
        ClientMsg::Play(CardSet::EMPTY).write(),
        "[cplay|52,52,52,52]"
    );
    assert_eq!(ClientMsg::Join("bob".into()).write(), "[cjoin|bob     ]");
    assert_eq!(
        ClientMsg::Join("a-very-long-name".into()).write(),
        "[cjoin|a-very-l]"
    );
    assert_eq!(ClientMsg::Swap(c(4)).write(), "[cswap|04]");
    assert_eq!(ClientMsg::Chat("hi]".into()).write().len(), 71);
}

#[test]
fn bad_client_messages_and_their_strikes() {
    let strike_of = |body: &str| ClientMsg::parse(body).unwrap_err();
    assert_eq!(strike_of("sjoin|bob"), strike::BAD_MESSAGE);
    assert_eq!(strike_of(""), strike::BAD_MESSAGE);
    assert_eq!(strike_of("cxyzw|1"), strike::UNKNOWN_TYPE);
    assert_eq!(strike_of("cplay|1,2"), strike::MALFORMED);
    assert_eq!(strike_of("cplay|00,00,52,52"), strike::DUPLICATES);
    assert_eq!(strike_of("cplay|00,53,52,52"), strike::MALFORMED);
    assert_eq!(strike_of("cplay|0,1,2,3"), strike::MALFORMED);
    assert_eq!(strike_of("cswap|52"), strike::MALFORMED);
    assert_eq!(strike_of("cswap"), strike::MALFORMED);
    assert_eq!(strike_of("chand|x"), strike::MALFORMED);
    assert_eq!(strike_of("cjoin"), strike::MALFORMED);
}

#[test]
fn server_messages_have_their_fixed_lengths() {
    let joined = ServerMsg::Joined("bob".into()).write();
    assert_eq!(joined, "[sjoin|bob     ]");
    let strike = ServerMsg::Strike { code: 20, count: 1 };
    assert_eq!(strike.write(), "[strik|20|1]");
    let chat = |text: &str| {
        ServerMsg::Chat {
            name: "bob".into(),
            text: text.into(),
        }
        .write()
    };
    assert_eq!(chat("hi").len(), 80);
    let forged = chat("a|b:c,d]e[f\u{1b}[2J\u{7}ééééééééééééééééééééééééééééééééééééééééééééééééé");
    assert_eq!(forged.len(), 80, "{forged}");
    assert_eq!(forged.matches('|').count(), 2, "{forged}");
    assert_eq!(forged.matches(']').count(), 1, "{forged}");
    assert!(
        forged.starts_with("[schat|bob     |a b c d e f  2J"),
        "{forged}"
    );
    assert_eq!(ServerMsg::SwapW(c(51)).write(), "[swapw|51]");
    let swaps = ServerMsg::SwapS {
        received: c(0),
        lost: c(51),
    };
    assert_eq!(swaps.write(), "[swaps|00|51]");
    assert_eq!(ServerMsg::Hand(CardSet::EMPTY).write().len(), 61);
    assert_eq!(ServerMsg::Lobby(vec![]).write(), "[slobb|00|]");
    let lobby = ServerMsg::Lobby(vec!["a".into(), "bb".into()]);
    assert_eq!(lobby.write(), "[slobb|02|a       ,bb      ]");
    let names: Vec<String> = (0..35).map(|i| format!("p{i}")).collect();
    assert_eq!(ServerMsg::Lobby(names).write().len(), 325);
    let bob = Seat {
        status: 'a',
        strikes: 1,
        name: "bob".into(),
        cards: 7,
    };
    let pair: CardSet = [c(28), c(30)].into_iter().collect();
    let table = ServerMsg::Table {
        seats: vec![bob.clone()],
        last: pair,
        first_hand: true,
    }
    .write();
    assert_eq!(table.len(), 126);
    assert!(table.starts_with("[stabl|a1:bob     :07,e0:        :00,"));
    assert!(table.ends_with("|28,30,52,52|1]"));
    let Some(ServerMsg::Table {
        seats,
        last,
        first_hand,
    }) = ServerMsg::parse(&table)
    else {
        panic!("{table}");
    };
    assert_eq!((seats.len(), &seats[0], seats[1].status), (7, &bob, 'e'));
    assert_eq!((last, first_hand), (pair, true));
    assert_eq!(ServerMsg::parse("[sxxxx|1]"), None);
    assert_eq!(ServerMsg::parse("[s"), None);
}

/// The seed's table of strikes for what the rules refuse.
#[test]
fn every_refusal_of_the_rules_has_its_strike() {
    let table = [
        (PlayError::DifferentValues, 11),
        (PlayError::ValueTooLow, 12),
        (PlayError::QuantityTooLow, 13),
        (PlayError::NotInHand, 14),
        (PlayError::OutOfTurn, 15),
        (PlayError::SwapFirst, 15),
        (PlayError::HandOver, 15),
        (PlayError::NeedsThreeOfClubs, 16),
        (PlayError::PassOnStart, 18),
        (PlayError::Malformed, 34),
        (PlayError::SwapNotHeld, 70),
        (PlayError::NotWarlord, 71),
        (PlayError::NoSwapPending, 72),
    ];
    for (refusal, code) in table {
        assert_eq!(strike_for(refusal), code, "{refusal:?}");
    }
    assert_eq!(strike::DUPLICATES, 17);
}

fn name() -> impl Strategy<Value = String> {
    "[a-z0-9]{1,8}"
}

fn cards(most: usize) -> impl Strategy<Value = CardSet> {
    proptest::collection::btree_set(0..NO_CARD, 0..=most)
        .prop_map(|codes| codes.into_iter().map(c).collect())
}

fn one_card() -> impl Strategy<Value = Card> {
    (0..NO_CARD).prop_map(c)
}

fn client_msg() -> impl Strategy<Value = ClientMsg> {
    prop_oneof![
        name().prop_map(ClientMsg::Join),
        "[a-z0-9 !?.]{0,62}[a-z0-9]".prop_map(ClientMsg::Chat),
        cards(4).prop_map(ClientMsg::Play),
        Just(ClientMsg::Hand),
        one_card().prop_map(ClientMsg::Swap),
        Just(ClientMsg::Fill),
    ]
}

fn seat() -> impl Strategy<Value = Seat> {
    ("[apwde1-7]", 0u8..=3, "[a-z0-9]{0,8}", 0usize..=99).prop_map(
        |(status, strikes, name, cards)| Seat {
            status: status.chars().next().unwrap(),
            strikes,
            name,
            cards,
        },
    )
}

fn server_msg() -> impl Strategy<Value = ServerMsg> {
    prop_oneof![
        name().prop_map(ServerMsg::Joined),
        proptest::collection::vec(name(), 0..35).prop_map(ServerMsg::Lobby),
        (
            proptest::collection::vec(seat(), 7),
            cards(4),
            any::<bool>()
        )
            .prop_map(|(seats, last, first_hand)| ServerMsg::Table {
                seats,
                last,
                first_hand
            }),
        cards(18).prop_map(ServerMsg::Hand),
        (0u8..100, 0u8..10).prop_map(|(code, count)| ServerMsg::Strike { code, count }),
        (name(), "[a-z0-9 !?.]{0,62}[a-z0-9]")
            .prop_map(|(name, text)| ServerMsg::Chat { name, text }),
        one_card().prop_map(ServerMsg::SwapW),
        (one_card(), one_card()).prop_map(|(received, lost)| ServerMsg::SwapS { received, lost }),
    ]
}

proptest! {
    /// What a client writes, the server reads back as the same message.
    #[test]
    fn client_messages_read_back(msg in client_msg()) {
        let written = msg.write();
        let body = written.strip_prefix('[').and_then(|w| w.strip_suffix(']')).unwrap();
        prop_assert_eq!(ClientMsg::parse(body), Ok(msg));
    }

    /// What the server writes, a client reads back as the same message.
    #[test]
    fn server_messages_read_back(msg in server_msg()) {
        prop_assert_eq!(ServerMsg::parse(&msg.write()), Some(msg));
    }

    /// Anything at all is read without a panic: a message, a strike, or nothing.
    #[test]
    fn any_text_is_read_without_panic(text in "\\PC{0,200}") {
        let _ = ClientMsg::parse(&text);
        let _ = ServerMsg::parse(&text);
        let _ = ServerMsg::parse(&format!("[s{text}]"));
    }
}
