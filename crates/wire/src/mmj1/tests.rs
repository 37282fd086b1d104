//! Every message both ways: the seed's examples, the codec's handling of a stream in any
//! pieces and of bad input, and properties holding `write` and `parse` together.

use super::spelling::{parse_place, place};
use super::*;
use bytes::BytesMut;
use mahjong::game::Place;
use mahjong::{Kind, Suit, Tile, Wind};
use proptest::prelude::*;
use tokio_util::codec::Decoder;

fn decode_all(input: &[u8]) -> Vec<Frame> {
    let mut codec = Mmj1Codec::default();
    let mut buf = BytesMut::from(input);
    let mut out = Vec::new();
    while let Some(f) = codec.decode(&mut buf).unwrap() {
        out.push(f);
    }
    out
}

fn msg(m: ClientMsg) -> Frame {
    Frame::Message(m)
}

fn tile(kind: Kind) -> TileName {
    TileName::kind(kind)
}

#[test]
fn every_operation() {
    let frames = decode_all(
        b"mmj1c 4:Jean\ndiscard d6\nRIICHI Dg\nout\nckong we\npkong c9\nclaim d6 d6 ?\n\
          swap b3\nron\npass\nack\nchat 23.5:hi\nyo\n",
    );
    let pin6 = Kind::numbered(Suit::Pin, 6);
    assert_eq!(
        frames,
        [
            msg(ClientMsg::Hello(b"Jean".to_vec())),
            msg(ClientMsg::Discard(tile(pin6))),
            msg(ClientMsg::Riichi(tile(Kind::GREEN))),
            msg(ClientMsg::Out),
            msg(ClientMsg::ConcealedKong(tile(Kind::wind(Wind::East)))),
            msg(ClientMsg::PungKong(tile(Kind::numbered(Suit::Man, 9)))),
            msg(ClientMsg::Claim([tile(pin6), tile(pin6), TileName::Hidden])),
            msg(ClientMsg::Swap(tile(Kind::numbered(Suit::Sou, 3)))),
            msg(ClientMsg::Ron),
            msg(ClientMsg::Pass),
            msg(ClientMsg::Ack),
            msg(ClientMsg::Chat {
                dests: 0b0110,
                text: b"hi\nyo".to_vec()
            }),
        ]
    );
}

#[test]
fn whitespace_is_free_and_case_ignored() {
    assert_eq!(
        decode_all(b"  claim\r\n\tD0 d5\n? chat 1 4 .3:a b"),
        [
            msg(ClientMsg::Claim([
                TileName::Tile {
                    kind: Kind::numbered(Suit::Pin, 5),
                    red: true
                },
                tile(Kind::numbered(Suit::Pin, 5)),
                TileName::Hidden
            ])),
            msg(ClientMsg::Chat {
                dests: 0b1001,
                text: b"a b".to_vec()
            })
        ]
    );
    assert_eq!(
        decode_all(b"discard H discard f1"),
        [
            msg(ClientMsg::Discard(tile(Kind::WHITE))),
            msg(ClientMsg::Discard(TileName::Bonus {
                season: false,
                number: 1
            }))
        ]
    );
}

#[test]
fn split_anywhere_gives_the_same_messages() {
    let input: &[u8] = b"mmj1c 5:Ch\nis\ndiscard dr\nchat 1.2:ok\npass\n";
    let whole = decode_all(input);
    for cut in 0..input.len() {
        let mut codec = Mmj1Codec::default();
        let mut buf = BytesMut::from(&input[..cut]);
        let mut got = Vec::new();
        while let Some(f) = codec.decode(&mut buf).unwrap() {
            got.push(f);
        }
        buf.extend_from_slice(&input[cut..]);
        while let Some(f) = codec.decode(&mut buf).unwrap() {
            got.push(f);
        }
        assert_eq!(got, whole, "cut at {cut}");
    }
}

#[test]
fn a_keyword_at_the_end_of_input_is_complete() {
    assert_eq!(decode_all(b"pass"), [msg(ClientMsg::Pass)]);
    assert_eq!(decode_all(b"fill"), [msg(ClientMsg::Fill)]);
    assert_eq!(decode_all(b"pa"), []);
}

#[test]
fn bad_messages_are_explained_and_the_line_skipped() {
    let frames = decode_all(b"hello there\ndiscard zz 1 2\n!!\n12345678901234567890\nack\n");
    assert_eq!(frames.len(), 5, "{frames:?}");
    assert!(matches!(&frames[0], Frame::Bad(w) if w.contains("unknown operation")));
    assert_eq!(frames[1], Frame::Bad("expected a tile".into()));
    assert!(matches!(frames[2], Frame::Bad(_)));
    assert!(matches!(frames[3], Frame::Bad(_)));
    assert_eq!(frames[4], msg(ClientMsg::Ack));
    assert_eq!(
        decode_all(b"chat 5 . 1:x\n"),
        [Frame::Bad("chat needs player IDs 1-4 and a dot".into())]
    );
}

#[test]
fn over_long_counted_strings_are_skipped_as_they_arrive() {
    let mut codec = Mmj1Codec::default();
    let mut buf = BytesMut::from(&b"chat 1.2000:"[..]);
    assert_eq!(
        codec.decode(&mut buf).unwrap(),
        Some(Frame::Bad("chat text longer than 1024 bytes".into()))
    );
    for _ in 0..20 {
        buf.extend_from_slice(&[b'x'; 100]);
        assert_eq!(codec.decode(&mut buf).unwrap(), None);
        assert!(buf.is_empty(), "nothing is kept");
    }
    buf.extend_from_slice(b"ack\n");
    assert_eq!(codec.decode(&mut buf).unwrap(), Some(msg(ClientMsg::Ack)));
    assert_eq!(
        decode_all(b"mmj1c 257:"),
        [Frame::Bad("name longer than 256 bytes".into())]
    );
    assert!(
        matches!(&decode_all(b"mmj1c 123456789:x")[0], Frame::Bad(w) if w.contains("8 digits"))
    );
}

#[test]
fn a_word_split_across_reads_is_judged_whole() {
    let mut codec = Mmj1Codec::default();
    let mut buf = BytesMut::from(&b"0"[..]);
    assert_eq!(codec.decode(&mut buf).unwrap(), None);
    buf.extend_from_slice(b"0 ");
    assert_eq!(
        codec.decode(&mut buf).unwrap(),
        Some(Frame::Bad("unknown operation 00".into()))
    );
}

#[test]
fn spellings() {
    let t = |id| Tile::new(id).unwrap();
    assert_eq!(face(Some(t(16)), true), "c0");
    assert_eq!(face(Some(t(16)), false), "c5");
    assert_eq!(face(Some(t(17)), true), "c5");
    assert_eq!(face(Some(t(4 * 9 + 4)), true), "d2");
    assert_eq!(face(Some(t(4 * 18)), true), "b1");
    assert_eq!(face(Some(t(4 * 27)), true), "we");
    assert_eq!(face(Some(t(4 * 31)), true), "dw");
    assert_eq!(face(Some(t(4 * 33)), true), "dr");
    assert_eq!(face(None, true), "?");
    assert_eq!(place(Place::Wall(52)), "w052");
    assert_eq!(place(Place::Replacement(1)), "r01");
    assert_eq!(place(Place::Meld(3, 0)), "m40");
    assert_eq!(place(Place::Wall(0)), "w000");
    assert_eq!(place(Place::Wall(135)), "w135");
    assert_eq!(place(Place::Replacement(11)), "r11");
    assert_eq!(place(Place::DoraWall(0)), "a0");
    assert_eq!(place(Place::Wall(7)), "w007");
    assert_eq!(place(Place::Deck), "k");
    assert_eq!(parse_place("W135"), Some(Place::Wall(135)));
    assert_eq!(parse_place("w136"), None, "past the wall");
    assert_eq!(parse_place("r12"), None);
    assert_eq!(parse_place("m44"), None);
    assert_eq!(parse_place("h5"), None);
    assert_eq!(
        TileName::parse("S4").map(|t| t.to_string()),
        Some("s4".into())
    );
    assert_eq!(TileName::parse("h"), Some(tile(Kind::WHITE)));
    assert_eq!(TileName::parse("d"), None);
}

#[test]
fn server_messages_as_the_seed_writes_them() {
    let names = ["Jean", "Chris", "Pat", "Mouse"].map(String::from);
    let game = ServerMsg::Game { you: 0, names };
    assert_eq!(game.line(), "game 1 4:Jean 5:Chris 3:Pat 5:Mouse");
    assert_eq!(
        ServerMsg::parse("game 1 4:Jean 5:Chris 3:Pat 5:Mouse"),
        Ok(game)
    );
    let newhand = ServerMsg::NewHand {
        round: Wind::East,
        winds: Wind::ALL,
    };
    assert_eq!(newhand.line(), "newhand e e s w n");
    assert_eq!(ServerMsg::parse("NEWHAND E E S W N"), Ok(newhand));
    assert_eq!(ServerMsg::parse("break 4 6"), Ok(ServerMsg::Break([4, 6])));
    assert_eq!(
        ServerMsg::parse("move dg r10 r10"),
        Ok(ServerMsg::Move {
            face: tile(Kind::GREEN),
            from: Place::Replacement(10),
            to: Place::Replacement(10)
        })
    );
    assert_eq!(
        ServerMsg::parse("move ? w056\nh2"),
        Ok(ServerMsg::Move {
            face: TileName::Hidden,
            from: Place::Wall(56),
            to: Place::Hand(1)
        })
    );
    let chat = ServerMsg::Chat {
        from: 1,
        others: 0b1001,
        text: "hi".into(),
    };
    assert_eq!(chat.line(), "chat 214 . 2:hi");
    assert_eq!(
        ServerMsg::parse("chat 2 . 0:"),
        Ok(ServerMsg::Chat {
            from: 1,
            others: 0,
            text: String::new()
        })
    );
    let reject = ServerMsg::Reject("x".repeat(600));
    assert_eq!(reject.line().len(), "reject 512:".len() + 512);
    let score = ServerMsg::Score {
        scores: [25000, 24000, 26000, -100],
        honba: 1,
        sticks: 2,
    };
    assert_eq!(score.line(), "score 25000. 24000. 26000. -100. 1. 2.");
    assert_eq!(ServerMsg::parse(&score.line()), Ok(score));
    assert_eq!(ServerMsg::GameOver([1, 0, 3, 2]).line(), "gameover 2 1 4 3");
    let win = "win 2 5:30 fu 500. 14:Riichi (1 han) 500. 0: 7700.";
    assert_eq!(
        ServerMsg::parse(win),
        Ok(ServerMsg::Win {
            winner: 1,
            entries: vec![("30 fu".into(), 500), ("Riichi (1 han)".into(), 500)],
            total: 7700
        })
    );
    assert!(ServerMsg::parse("move c1 w000").is_err(), "a place missing");
    assert!(ServerMsg::parse("play play").is_err(), "two messages");
    assert!(ServerMsg::parse("tsumo").is_err());
    // A whole line is judged whole: its last word cannot grow.
    assert_eq!(
        ClientMsg::parse("hello"),
        Err("unknown operation hello".into())
    );
}

fn any_tile() -> impl Strategy<Value = TileName> {
    prop_oneof![
        (0u8..34, any::<bool>()).prop_map(|(k, red)| {
            let kind = Kind::new(k).unwrap();
            TileName::Tile {
                kind,
                red: red && kind.number() == Some(5),
            }
        }),
        (any::<bool>(), 1u8..=4).prop_map(|(season, number)| TileName::Bonus { season, number }),
        Just(TileName::Hidden),
    ]
}

fn any_place() -> impl Strategy<Value = Place> {
    prop_oneof![
        Just(Place::Deck),
        (0u8..136).prop_map(Place::Wall),
        (0u8..12).prop_map(Place::Replacement),
        (0u8..10).prop_map(Place::DoraWall),
        (0u8..4).prop_map(Place::Hand),
        (0u8..4).prop_map(Place::Discards),
        (0u8..4).prop_map(Place::Flowers),
        (0u8..4, 0u8..4).prop_map(|(s, n)| Place::Meld(s, n)),
    ]
}

fn any_wind() -> impl Strategy<Value = Wind> {
    (0usize..4).prop_map(|i| Wind::ALL[i])
}

fn any_client_msg() -> impl Strategy<Value = ClientMsg> {
    prop_oneof![
        "\\PC{0,40}".prop_map(|n: String| ClientMsg::Hello(n.into_bytes())),
        any_tile().prop_map(ClientMsg::Discard),
        any_tile().prop_map(ClientMsg::Riichi),
        Just(ClientMsg::Out),
        any_tile().prop_map(ClientMsg::ConcealedKong),
        any_tile().prop_map(ClientMsg::PungKong),
        [any_tile(), any_tile(), any_tile()].prop_map(ClientMsg::Claim),
        any_tile().prop_map(ClientMsg::Swap),
        Just(ClientMsg::Ron),
        Just(ClientMsg::Pass),
        Just(ClientMsg::Ack),
        Just(ClientMsg::Fill),
        (1u8..16, "[^\u{0}]{0,60}").prop_map(|(dests, t): (u8, String)| ClientMsg::Chat {
            dests,
            text: t.into_bytes()
        }),
    ]
}

fn any_server_msg() -> impl Strategy<Value = ServerMsg> {
    let name = "\\PC{0,20}";
    let seat = 0usize..4;
    prop_oneof![
        Just(ServerMsg::Hello),
        (seat.clone(), [name, name, name, name])
            .prop_map(|(you, names)| ServerMsg::Game { you, names }),
        (any_wind(), [any_wind(), any_wind(), any_wind(), any_wind()])
            .prop_map(|(round, winds)| ServerMsg::NewHand { round, winds }),
        [1u8..=6, 1u8..=6].prop_map(ServerMsg::Break),
        (any_tile(), any_place(), any_place()).prop_map(|(face, from, to)| ServerMsg::Move {
            face,
            from,
            to
        }),
        Just(ServerMsg::Riichi),
        Just(ServerMsg::Play),
        Just(ServerMsg::Claim),
        Just(ServerMsg::Draw),
        (
            seat.clone(),
            proptest::collection::vec(("\\PC{1,20}", -99_999i64..99_999), 0..6),
            0i64..200_000
        )
            .prop_map(|(winner, entries, total)| ServerMsg::Win {
                winner,
                entries,
                total
            }),
        Just(ServerMsg::Ack),
        (seat.clone(), 0u8..16, "\\PC{0,40}").prop_map(|(from, others, text)| ServerMsg::Chat {
            from,
            others,
            text
        }),
        "\\PC{0,40}".prop_map(ServerMsg::Reject),
        (
            [any::<i32>(), any::<i32>(), any::<i32>(), any::<i32>()],
            0i64..20,
            0i64..20
        )
            .prop_map(|(s, honba, sticks)| ServerMsg::Score {
                scores: s.map(i64::from),
                honba,
                sticks
            }),
        Just(vec![0usize, 1, 2, 3])
            .prop_shuffle()
            .prop_map(|order| ServerMsg::GameOver([order[0], order[1], order[2], order[3]])),
    ]
}

proptest! {
    /// What a client writes, the server's decoder reads back as it was, one message per
    /// line or all run together.
    #[test]
    fn client_messages_round_trip(msgs in proptest::collection::vec(any_client_msg(), 1..8)) {
        let mut stream = Vec::new();
        for m in &msgs {
            prop_assert_eq!(ClientMsg::parse(&m.write()), Ok(m.clone()));
            stream.extend_from_slice(m.write().as_bytes());
            stream.push(b'\n');
        }
        let frames: Vec<Frame> = msgs.iter().cloned().map(Frame::Message).collect();
        prop_assert_eq!(decode_all(&stream), frames);
    }

    /// What the server writes, a client reads back as it was.
    #[test]
    fn server_messages_round_trip(m in any_server_msg()) {
        prop_assert_eq!(ServerMsg::parse(&m.line()), Ok(m));
    }

    /// Arbitrary text read as either side's message: an answer, never a panic.
    #[test]
    fn arbitrary_lines_are_read_without_panic(line in "\\PC{0,80}") {
        let _ = ServerMsg::parse(&line);
        let _ = ClientMsg::parse(&line);
    }

    /// Arbitrary bytes, fed in arbitrary pieces: no panic, the same frames whatever the
    /// split, and never more buffered than the longest valid message.
    #[test]
    fn arbitrary_bytes_in_any_pieces(
        input in proptest::collection::vec(any::<u8>(), 0..400),
        cut in 0usize..400,
    ) {
        let whole = decode_all(&input);
        let cut = cut.min(input.len());
        let mut codec = Mmj1Codec::default();
        let mut buf = BytesMut::new();
        let mut got = Vec::new();
        for piece in [&input[..cut], &input[cut..]] {
            buf.extend_from_slice(piece);
            while let Some(f) = codec.decode(&mut buf).unwrap() {
                got.push(f);
            }
            prop_assert!(buf.len() <= MAX_CHAT + 64);
        }
        prop_assert_eq!(got, whole);
    }
}

#[test]
fn every_place_is_spelled_in_its_fixed_width_and_read_back() {
    let seats = 0..4u8;
    let places = (0..136)
        .map(Place::Wall)
        .chain((0..12).map(Place::Replacement))
        .chain((0..10).map(Place::DoraWall))
        .chain(
            seats
                .clone()
                .flat_map(|s| [Place::Hand(s), Place::Discards(s), Place::Flowers(s)]),
        )
        .chain(seats.flat_map(|s| (0..4).map(move |n| Place::Meld(s, n))))
        .chain([Place::Deck]);
    for p in places {
        let name = place(p);
        let width = match p {
            Place::Deck => 1,
            Place::Wall(_) => 4,
            Place::Replacement(_) | Place::Meld(..) => 3,
            _ => 2,
        };
        assert_eq!(name.len(), width, "{p:?} spelled {name}");
        assert_eq!(parse_place(&name), Some(p), "{name}");
    }
}
