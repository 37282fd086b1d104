//! The server's frames: written as the reference's JSON trees serialize, and read back
//! as they were written.

use super::*;
use cards::Rank;
use proptest::prelude::*;
use std::borrow::Cow;

fn any_card() -> impl Strategy<Value = Card> {
    (6u8..=14, 0usize..4).prop_map(|(n, s)| Card::new(Rank::from_number(n).unwrap(), COLORS[s].1))
}

fn any_cards() -> impl Strategy<Value = Vec<Card>> {
    proptest::collection::vec(any_card(), 0..9)
}

fn any_player() -> impl Strategy<Value = Player> {
    ("[a-f0-9-]{1,36}", "\\PC{0,20}", 0usize..4).prop_map(|(id, name, seat_id)| Player {
        id,
        name,
        seat_id,
    })
}

fn any_points() -> impl Strategy<Value = TeamPoints> {
    (0u32..300, "Team [12]", 0u32..3000).prop_map(|(current_round_points, name, points)| {
        TeamPoints {
            current_round_points,
            name,
            points,
        }
    })
}

fn any_choice() -> impl Strategy<Value = TrumpfChoice> {
    prop_oneof![
        Just(TrumpfChoice::Schiebe),
        Just(TrumpfChoice::Mode(Mode::Obeabe)),
        Just(TrumpfChoice::Mode(Mode::Undeufe)),
        (0usize..4).prop_map(|s| TrumpfChoice::Mode(Mode::Trumpf(COLORS[s].1))),
    ]
}

fn any_joined() -> impl Strategy<Value = Joined> {
    (
        proptest::option::of(any_player()),
        proptest::collection::vec(any_player(), 0..4),
        "\\PC{0,20}",
    )
        .prop_map(|(player, players_in_session, session_name)| Joined {
            player,
            players_in_session,
            session_name,
        })
}

fn any_msg() -> impl Strategy<Value = ServerMsg<'static>> {
    let cards = || any_cards().prop_map(Cow::Owned);
    prop_oneof![
        Just(ServerMsg::RequestPlayerName),
        proptest::collection::vec("\\PC{0,12}", 0..4).prop_map(ServerMsg::RequestSessionChoice),
        any_joined().prop_map(ServerMsg::SessionJoined),
        any_joined().prop_map(ServerMsg::BroadcastSessionJoined),
        proptest::collection::vec(
            ("Team [12]", proptest::collection::vec(any_player(), 0..2))
                .prop_map(|(name, players)| Team { name, players }),
            0..3
        )
        .prop_map(ServerMsg::BroadcastTeams),
        cards().prop_map(ServerMsg::DealCards),
        any::<bool>().prop_map(ServerMsg::RequestTrumpf),
        any_choice().prop_map(ServerMsg::RejectTrumpf),
        any_choice().prop_map(ServerMsg::BroadcastTrumpf),
        cards().prop_map(ServerMsg::RequestCard),
        any_card().prop_map(ServerMsg::RejectCard),
        cards().prop_map(ServerMsg::PlayedCards),
        (
            any_player(),
            any_cards(),
            proptest::collection::vec(any_points(), 2)
        )
            .prop_map(|(p, played_cards, teams)| ServerMsg::BroadcastStich(Stich {
                id: p.id,
                name: p.name,
                played_cards,
                seat_id: p.seat_id,
                teams,
            })),
        proptest::collection::vec(any_points(), 2).prop_map(ServerMsg::BroadcastGameFinished),
        any_points().prop_map(ServerMsg::BroadcastWinnerTeam),
        Just(ServerMsg::BroadcastTournamentStarted),
        (
            proptest::collection::vec(
                (
                    0usize..3,
                    any::<bool>(),
                    "\\PC{0,12}",
                    1usize..9,
                    0u32..3000
                )
                    .prop_map(
                        |(connected_clients, crashed, player_name, rank, rating)| Ranked {
                            connected_clients,
                            crashed,
                            player_name,
                            rank,
                            rating: f64::from(rating) / 2.0,
                        }
                    ),
                0..4
            ),
            proptest::collection::vec(
                (any::<bool>(), 0usize..9, "\\PC{0,8}", "\\PC{0,8}").prop_map(
                    |(first_player_won, id, player1, player2)| Pairing {
                        first_player_won,
                        id,
                        player1,
                        player2,
                    }
                ),
                0..4
            )
        )
            .prop_map(|(ranking, pairing_results)| {
                ServerMsg::BroadcastTournamentRankingTable(Ranking {
                    pairing_results,
                    ranking,
                })
            }),
        "\\PC{0,30}".prop_map(|f| ServerMsg::BadMessage(Bad::Frame(f))),
        ("[a-zA-Z.]{1,16}", "\\PC{0,30}")
            .prop_map(|(field, why)| ServerMsg::BadMessage(Bad::field(&field, why))),
        "\\PC{0,30}".prop_map(ServerMsg::Error),
    ]
}

proptest! {
    /// What the server writes, a client reads back as it was.
    #[test]
    fn server_frames_round_trip(msg in any_msg()) {
        prop_assert_eq!(ServerMsg::parse(&msg.write()), Ok(msg));
    }

    /// Arbitrary text read as a server frame: an answer, never a panic.
    #[test]
    fn arbitrary_frames_are_read_without_panic(text in "\\PC{0,80}") {
        let _ = ServerMsg::parse(&text);
    }

    /// The frames are, byte for byte, what the JSON trees the reference builds give.
    #[test]
    fn frames_are_the_trees(cards in any_cards(), choice in any_choice(), player in any_player()) {
        let tree = |kind: &str, data: Value| frame(kind, data);
        prop_assert_eq!(
            ServerMsg::PlayedCards(Cow::Borrowed(&cards)).write(),
            tree("PLAYED_CARDS", super::cards(cards.iter().copied()))
        );
        if let Some(&first) = cards.first() {
            prop_assert_eq!(ServerMsg::RejectCard(first).write(), tree("REJECT_CARD", card(first)));
        }
        let data = match choice {
            TrumpfChoice::Mode(m) => mode(m),
            TrumpfChoice::Schiebe => json!({ "mode": "SCHIEBE" }),
        };
        prop_assert_eq!(ServerMsg::BroadcastTrumpf(choice).write(), tree("BROADCAST_TRUMPF", data));
        let joined = Joined {
            player: Some(player.clone()),
            players_in_session: vec![player.clone()],
            session_name: "s".into(),
        };
        let p = json!({ "id": player.id, "seatId": player.seat_id, "name": player.name });
        prop_assert_eq!(
            ServerMsg::BroadcastSessionJoined(joined).write(),
            tree("BROADCAST_SESSION_JOINED", json!({ "sessionName": "s", "player": p, "playersInSession": [p] }))
        );
    }
}

proptest! {
    /// `BROADCAST_STICH`, written straight, is the tree the reference builds, whatever
    /// the names hold.
    #[test]
    fn a_trick_is_its_tree(
        id in any::<String>(),
        name in any::<String>(),
        cards in any_cards(),
        seat_id in 0usize..4,
        teams in proptest::collection::vec((0u32..300, any::<String>(), 0u32..3000), 0..3),
    ) {
        let tree = json!({
            "id": id,
            "name": name,
            "playedCards": super::cards(cards.iter().copied()),
            "seatId": seat_id,
            "teams": teams.iter().map(|(current, team, points)| json!({
                "currentRoundPoints": current,
                "name": team,
                "points": points,
            })).collect::<Vec<_>>(),
        });
        let teams = teams
            .into_iter()
            .map(|(current_round_points, name, points)| TeamPoints { current_round_points, name, points })
            .collect();
        let stich = Stich { id, name, played_cards: cards, seat_id, teams };
        prop_assert_eq!(ServerMsg::BroadcastStich(stich).write(), frame("BROADCAST_STICH", tree));
    }
}

#[test]
fn bare_frames_and_field_errors() {
    assert_eq!(
        ServerMsg::RequestPlayerName.write(),
        r#"{"type":"REQUEST_PLAYER_NAME"}"#
    );
    assert_eq!(
        ServerMsg::BadMessage(Bad::field("type", "CHOOSE_SESSION expected")).write(),
        r#"{"data":{"type":["CHOOSE_SESSION expected"]},"type":"BAD_MESSAGE"}"#
    );
    assert_eq!(
        ServerMsg::RequestSessionChoice(vec![]).write(),
        r#"{"data":[],"type":"REQUEST_SESSION_CHOICE"}"#
    );
    // Read leniently, as frames of other servers may come.
    let six = Card::new(Rank::Six, cards::Suit::Clubs);
    let dealt = r#"{"type":"DEAL_CARDS","data":[{"number":15,"color":"HEARTS"},{"number":6,"color":"CLUBS"}]}"#;
    assert_eq!(
        ServerMsg::parse(dealt),
        Ok(ServerMsg::DealCards(Cow::Owned(vec![six])))
    );
    assert_eq!(
        ServerMsg::parse(r#"{"type":"REQUEST_TRUMPF"}"#),
        Ok(ServerMsg::RequestTrumpf(false))
    );
    let echoed = r#"{"type":"CHOOSE_CARD"}"#;
    let bad = format!(r#"{{"type":"BAD_MESSAGE","data":{echoed}}}"#);
    assert_eq!(
        ServerMsg::parse(&bad),
        Ok(ServerMsg::BadMessage(Bad::Frame(echoed.into())))
    );
    assert!(ServerMsg::parse(r#"{"type":"CHOOSE_CARD"}"#).is_err());
}
