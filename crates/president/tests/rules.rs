//! Every rule of the engine, played out from exact positions.

use cards::{seeded_rng, Rank, Suit};
use president::{
    order, Action, Card, CardSet, Event, Hand, PlayError, Position, Status, THREE_OF_CLUBS,
};

/// A card in English shorthand: rank symbol then suit letter (`3c`, `10h`, `Qd`, `2s`).
fn c(text: &str) -> Card {
    let (rank, suit) = text.split_at(text.len() - 1);
    let rank = Rank::ALL
        .into_iter()
        .find(|r| r.symbol().eq_ignore_ascii_case(rank))
        .unwrap_or_else(|| panic!("bad rank in {text}"));
    let suit = match suit {
        "c" => Suit::Clubs,
        "d" => Suit::Diamonds,
        "h" => Suit::Hearts,
        "s" => Suit::Spades,
        _ => panic!("bad suit in {text}"),
    };
    Card::new(rank, suit)
}

/// A set of cards in shorthand, separated by spaces ("" is empty).
fn set(text: &str) -> CardSet {
    text.split_whitespace().map(c).collect()
}

fn hands(texts: &[&str]) -> Vec<CardSet> {
    texts.iter().map(|t| set(t)).collect()
}

fn play(text: &str) -> Action {
    Action::Play(set(text))
}

fn hand_at(position: Position) -> Hand {
    Hand::from_position(position).expect("a valid position").0
}

/// Applies an action that must be legal, checking that the engine offered it.
fn ok(hand: &mut Hand, seat: usize, action: Action) -> Vec<Event> {
    parlor_game::checks::applied(hand, seat, action).to_vec()
}

/// Applies an action that must be refused with `error`, leaving the hand unchanged and
/// unoffered. (Which strike each refusal earns is the wire's: `parlor_wire::wars`.)
fn refused(hand: &mut Hand, seat: usize, action: Action, error: PlayError) {
    parlor_game::checks::refused_with(hand, seat, action, error);
}

fn statuses(hand: &Hand) -> String {
    (0..hand.players())
        .map(|s| match hand.status(s) {
            Status::Active => 'A',
            Status::Passed => 'P',
            Status::Waiting => 'w',
            Status::Out => 'o',
            Status::Gone => 'd',
        })
        .collect()
}

// ---------------------------------------------------------------- the deal

#[test]
fn the_whole_deck_is_dealt_from_seat_0() {
    for players in 3..=7 {
        for ranked in [false, true] {
            let (hand, events) = Hand::deal(players, ranked, &mut seeded_rng(9)).unwrap();
            let dealt: Vec<CardSet> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Dealt { cards, .. } => Some(*cards),
                    _ => None,
                })
                .collect();
            assert_eq!(dealt.len(), players);
            for (seat, cards) in dealt.iter().enumerate() {
                let expected = 52 / players + usize::from(seat < 52 % players);
                assert_eq!(cards.len(), expected, "{players} players, seat {seat}");
            }
            let all: CardSet = dealt.iter().flat_map(|c| c.iter()).collect();
            assert_eq!(all.len(), 52);
            assert_eq!(hand.players(), players);
            assert_eq!(hand.ranked(), ranked);
            assert!(hand.finishing_order().is_empty());
            assert!(hand.starting_round());
        }
    }
    assert!(Hand::deal(2, false, &mut seeded_rng(1)).is_none());
    assert!(Hand::deal(8, true, &mut seeded_rng(1)).is_none());
}

#[test]
fn five_players_give_seats_0_and_1_eleven_cards() {
    let (hand, _) = Hand::deal(5, false, &mut seeded_rng(3)).unwrap();
    let sizes: Vec<usize> = (0..5).map(|s| hand.cards(s).len()).collect();
    assert_eq!(sizes, [11, 11, 10, 10, 10]);
}

#[test]
fn the_same_seed_deals_the_same_hand() {
    let a = Hand::deal(4, true, &mut seeded_rng(42)).unwrap();
    let b = Hand::deal(4, true, &mut seeded_rng(42)).unwrap();
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    let c = Hand::deal(4, true, &mut seeded_rng(43)).unwrap();
    assert_ne!(format!("{a:?}"), format!("{c:?}"));
}

#[test]
fn an_unranked_deal_is_opened_by_the_three_of_clubs() {
    for seed in 0..20 {
        let (hand, _) = Hand::deal(6, false, &mut seeded_rng(seed)).unwrap();
        let opener = hand.active().unwrap();
        assert!(hand.cards(opener).contains(THREE_OF_CLUBS));
        assert!(hand.needs_three_of_clubs());
        assert!(!hand.swap_pending());
    }
}

#[test]
fn a_ranked_deal_gives_the_scumbags_highest_card_to_the_warlord() {
    for players in 3..=7 {
        let (hand, events) = Hand::deal(players, true, &mut seeded_rng(5)).unwrap();
        let scumbag = players - 1;
        let dealt = |seat: usize| {
            events
                .iter()
                .find_map(|e| match e {
                    Event::Dealt { seat: s, cards } if *s == seat => Some(*cards),
                    _ => None,
                })
                .unwrap()
        };
        let taken = dealt(scumbag).iter().max_by_key(|&c| order(c)).unwrap();
        assert_eq!(
            events.last(),
            Some(&Event::SwapTaken {
                from: scumbag,
                to: 0,
                card: taken
            })
        );
        let mut warlord = dealt(0);
        warlord.insert(taken);
        assert_eq!(hand.cards(0), warlord);
        assert_eq!(hand.cards(scumbag).len(), dealt(scumbag).len() - 1);
        assert_eq!(hand.active(), Some(0));
        assert!(hand.swap_pending());
        assert_eq!(hand.swap_card(), Some(taken));
        assert!(!hand.needs_three_of_clubs());
    }
}

// ---------------------------------------------------------------- the opening play

#[test]
fn the_three_of_clubs_starts_and_must_be_played() {
    let mut hand = hand_at(Position::new(&hands(&["4c 5d", "3c 3d 9h", "Kh Ks"])));
    assert_eq!(hand.active(), Some(1));
    assert_eq!(statuses(&hand), "wAw");
    refused(&mut hand, 0, play("4c"), PlayError::OutOfTurn);
    refused(&mut hand, 1, play("3d"), PlayError::NeedsThreeOfClubs);
    refused(&mut hand, 1, play("9h"), PlayError::NeedsThreeOfClubs);
    refused(&mut hand, 1, Action::Pass, PlayError::PassOnStart);
    assert_eq!(hand.legal_actions(1).to_vec(), [play("3c"), play("3c 3d")]);
    assert_eq!(hand.default_action(1), play("3c"));
    let events = ok(&mut hand, 1, play("3c 3d"));
    assert_eq!(
        events,
        [Event::Played {
            seat: 1,
            cards: set("3c 3d"),
            skipped: None
        }]
    );
    assert!(!hand.needs_three_of_clubs());
    assert_eq!(hand.active(), Some(2));
    assert_eq!(hand.last_play(), set("3c 3d"));
    assert_eq!(hand.last_player(), Some(1));
}

#[test]
fn a_ranked_hand_has_no_three_of_clubs_rule() {
    let mut hand = hand_at(Position::new(&hands(&["3c 4c", "5c 6c", "7c Ad 2c 2h"])).ranked());
    ok(&mut hand, 0, Action::Swap(c("3c")));
    ok(&mut hand, 0, play("4c"));
}

// ---------------------------------------------------------------- play errors

/// Seat 1 to answer a pair of 8s from seat 0.
fn answering_eights() -> Hand {
    hand_at(
        Position::new(&hands(&["4c", "7c 7d 9c 9d 9h Jc Qd 2s", "5c 6c", "5d 6d"]))
            .active(1)
            .table(0, set("8c 8d")),
    )
}

#[test]
fn every_play_error_is_given_for_its_reason() {
    let mut hand = answering_eights();
    refused(&mut hand, 1, play("9c Jc"), PlayError::DifferentValues);
    refused(&mut hand, 1, play("7c 7d"), PlayError::ValueTooLow);
    refused(&mut hand, 1, play("9c"), PlayError::QuantityTooLow);
    refused(&mut hand, 1, play("Qd"), PlayError::QuantityTooLow);
    refused(&mut hand, 1, play("7c"), PlayError::QuantityTooLow);
    refused(&mut hand, 1, play("Ac Ad"), PlayError::NotInHand);
    refused(&mut hand, 1, play("9c 9s"), PlayError::NotInHand);
    refused(&mut hand, 2, play("5c 6c"), PlayError::OutOfTurn);
    refused(&mut hand, 2, Action::Pass, PlayError::OutOfTurn);
    refused(&mut hand, 9, Action::Pass, PlayError::OutOfTurn);
    refused(
        &mut hand,
        1,
        Action::Play(CardSet::EMPTY),
        PlayError::Malformed,
    );
    refused(&mut hand, 1, play("9c 9d 9h Jc Qd"), PlayError::Malformed);
    refused(
        &mut hand,
        1,
        Action::Swap(c("9c")),
        PlayError::NoSwapPending,
    );
    // Equal or higher value with at least as many cards is fine, and 2s beat anything.
    for legal in ["9c 9d", "9c 9h", "9c 9d 9h", "2s"] {
        let mut copy = hand.clone();
        ok(&mut copy, 1, play(legal));
    }
}

#[test]
fn a_pass_is_refused_only_when_starting_a_round() {
    let mut hand = hand_at(Position::new(&hands(&["4c 6d", "5c", "7c"])).active(0));
    refused(&mut hand, 0, Action::Pass, PlayError::PassOnStart);
    assert_eq!(hand.default_action(0), play("4c"));
    ok(&mut hand, 0, play("4c"));
    assert_eq!(hand.default_action(1), Action::Pass);
    assert_eq!(hand.default_action(0), Action::Pass, "not its turn");
    ok(&mut hand, 1, Action::Pass);
}

#[test]
fn acting_after_the_hand_is_over_is_refused() {
    let mut hand = hand_at(Position::new(&hands(&["", "5c", "7c"])).active(1).out(&[0]));
    ok(&mut hand, 1, play("5c"));
    assert!(hand.is_over());
    assert_eq!(hand.active(), None);
    assert!(hand.legal_actions(2).is_empty());
    refused(&mut hand, 2, play("7c"), PlayError::HandOver);
    refused(&mut hand, 2, Action::Pass, PlayError::HandOver);
    refused(&mut hand, 0, Action::Swap(c("7c")), PlayError::HandOver);
}

// ---------------------------------------------------------------- rounds

/// Four seats, seat 0 to start a round.
fn four_seats(texts: [&str; 4]) -> Hand {
    hand_at(Position::new(&hands(&texts)).active(0))
}

#[test]
fn an_exact_match_skips_the_next_player() {
    let mut hand = four_seats(["5c Kc", "5d Qd", "6c 6d", "7c 7d"]);
    ok(&mut hand, 0, play("5c"));
    let events = ok(&mut hand, 1, play("5d"));
    assert_eq!(
        events,
        [Event::Played {
            seat: 1,
            cards: set("5d"),
            skipped: Some(2)
        }]
    );
    assert_eq!(statuses(&hand), "wwPA");
    ok(&mut hand, 3, Action::Pass);
    assert_eq!(hand.active(), Some(0));
    ok(&mut hand, 0, play("Kc"));
    assert_eq!(hand.active(), Some(1), "seat 1 never passed");
}

#[test]
fn a_higher_or_larger_play_does_not_skip() {
    let mut hand = four_seats(["5c Kc", "6h 5d 5h", "6c 6d", "7c 7d"]);
    ok(&mut hand, 0, play("5c"));
    let events = ok(&mut hand, 1, play("5d 5h"));
    assert!(matches!(events[..], [Event::Played { skipped: None, .. }]));
    assert_eq!(hand.active(), Some(2));
}

#[test]
fn the_skip_falls_on_the_next_seat_that_would_act() {
    // Seat 0 played a 5, seat 1 passed; seat 2 matches: seat 3 is skipped, seat 0 answers.
    let position = Position::new(&hands(&["Kc", "6h", "5d 9d", "7c"]))
        .active(2)
        .table(0, set("5c"))
        .passed(&[1]);
    let mut hand = hand_at(position);
    let events = ok(&mut hand, 2, play("5d"));
    assert!(matches!(
        events[..],
        [Event::Played {
            skipped: Some(3),
            ..
        }]
    ));
    assert_eq!(statuses(&hand), "APwP");

    // Everyone else has passed: the skip lands on the player of the matched card, which
    // ends the round, and the matcher leads.
    let position = Position::new(&hands(&["Kc", "6h", "9d", "5d 7c"]))
        .active(3)
        .table(0, set("5c"))
        .passed(&[1, 2]);
    let mut hand = hand_at(position);
    let events = ok(&mut hand, 3, play("5d"));
    assert_eq!(
        events,
        [
            Event::Played {
                seat: 3,
                cards: set("5d"),
                skipped: Some(0)
            },
            Event::RoundCleared { next: 3 }
        ]
    );
    assert!(hand.starting_round());
    assert_eq!(statuses(&hand), "wwwA");
}

#[test]
fn a_two_clears_the_round_and_its_player_starts() {
    let position = Position::new(&hands(&["Kh", "2s 4c", "Ac Ad", "6c"]))
        .active(1)
        .table(0, set("Kc Kd"));
    let mut hand = hand_at(position);
    let events = ok(&mut hand, 1, play("2s"));
    assert_eq!(
        events,
        [
            Event::Played {
                seat: 1,
                cards: set("2s"),
                skipped: None
            },
            Event::RoundCleared { next: 1 }
        ]
    );
    assert!(hand.starting_round());
    assert_eq!(hand.last_play(), CardSet::EMPTY);
    assert_eq!(hand.active(), Some(1));
    assert_eq!(statuses(&hand), "wAww");
}

#[test]
fn twos_beat_any_quantity_and_value() {
    let position = Position::new(&hands(&["Kh", "2s 2c 4c", "6d", "6c"]))
        .active(1)
        .table(0, set("Ac Ad Ah"));
    let hand = hand_at(position);
    let legal = hand.legal_actions(1);
    for two in ["2s", "2c", "2s 2c"] {
        assert!(legal.contains(&play(two)), "{two}");
    }
    assert_eq!(
        legal.len(),
        4,
        "pass and three combinations of 2s: {legal:?}"
    );
}

#[test]
fn a_two_played_as_a_last_card_hands_the_lead_on() {
    let position = Position::new(&hands(&["Kh", "2s", "Ac Ad", "6c"]))
        .active(1)
        .table(0, set("Kc Kd"));
    let mut hand = hand_at(position);
    let events = ok(&mut hand, 1, play("2s"));
    assert_eq!(
        events[1..],
        [
            Event::WentOut { seat: 1, rank: 0 },
            Event::RoundCleared { next: 2 }
        ]
    );
    assert_eq!(statuses(&hand), "woAw");
}

#[test]
fn a_two_may_start_a_round_and_its_player_starts_again() {
    let mut hand = four_seats(["2c 4c", "5d", "6c", "7c"]);
    let events = ok(&mut hand, 0, play("2c"));
    assert_eq!(events[1], Event::RoundCleared { next: 0 });
    assert!(hand.starting_round());
}

#[test]
fn the_round_ends_when_all_others_pass_and_the_last_player_leads() {
    let mut hand = hand_at(Position::new(&hands(&["9c 4d", "5c 5d", "6c"])).active(0));
    ok(&mut hand, 0, play("9c"));
    ok(&mut hand, 1, Action::Pass);
    assert_eq!(statuses(&hand), "wPA");
    let events = ok(&mut hand, 2, Action::Pass);
    assert_eq!(
        events,
        [Event::Passed { seat: 2 }, Event::RoundCleared { next: 0 }]
    );
    assert_eq!(statuses(&hand), "Aww");
    assert!(hand.starting_round());
    assert_eq!(hand.last_player(), None);
}

#[test]
fn a_passed_player_stays_passed_until_the_round_ends() {
    let mut hand = four_seats(["5c Kc 3h", "6c 2d", "7c Ad 4s", "8c Qd"]);
    ok(&mut hand, 0, play("5c"));
    ok(&mut hand, 1, Action::Pass);
    ok(&mut hand, 2, play("7c"));
    ok(&mut hand, 3, play("8c"));
    assert_eq!(hand.active(), Some(0));
    ok(&mut hand, 0, play("Kc"));
    assert_eq!(hand.active(), Some(2), "seat 1 passed this round");
    ok(&mut hand, 2, play("Ad"));
    ok(&mut hand, 3, Action::Pass);
    let events = ok(&mut hand, 0, Action::Pass);
    assert_eq!(events[1], Event::RoundCleared { next: 2 });
    assert_eq!(statuses(&hand), "wwAw");
}

#[test]
fn going_out_mid_round_ranks_the_player_and_the_round_goes_on() {
    let position = Position::new(&hands(&["4c", "9c", "5c 6c", "5d 6d"]))
        .active(1)
        .table(0, set("8c"));
    let mut hand = hand_at(position);
    let events = ok(&mut hand, 1, play("9c"));
    assert_eq!(events[1], Event::WentOut { seat: 1, rank: 0 });
    assert_eq!(hand.finishing_order(), [1]);
    assert_eq!(statuses(&hand), "woAw");
    ok(&mut hand, 2, Action::Pass);
    ok(&mut hand, 3, Action::Pass);
    let events = ok(&mut hand, 0, Action::Pass);
    // Seat 1 played last but is out: the next seat still in leads.
    assert_eq!(events[1], Event::RoundCleared { next: 2 });
    assert!(hand.starting_round());
}

#[test]
fn the_leader_may_go_out_and_the_others_must_still_beat_it() {
    let mut hand = four_seats(["Qc Qd", "Kc Kd 3s", "5c", "6c"]);
    let events = ok(&mut hand, 0, play("Qc Qd"));
    assert_eq!(events[1], Event::WentOut { seat: 0, rank: 0 });
    assert_eq!(hand.active(), Some(1));
    assert_eq!(hand.last_play(), set("Qc Qd"));
    ok(&mut hand, 1, Action::Pass);
    ok(&mut hand, 2, Action::Pass);
    let events = ok(&mut hand, 3, Action::Pass);
    assert_eq!(events[1], Event::RoundCleared { next: 1 });
}

#[test]
fn beating_a_player_who_went_out_gives_the_round_to_the_beater() {
    let mut hand = four_seats(["Qc Qd", "Kc Kd 3s", "5c", "6c"]);
    ok(&mut hand, 0, play("Qc Qd"));
    ok(&mut hand, 1, play("Kc Kd"));
    ok(&mut hand, 2, Action::Pass);
    let events = ok(&mut hand, 3, Action::Pass);
    assert_eq!(events[1], Event::RoundCleared { next: 1 });
}

#[test]
fn the_hand_ends_when_one_player_holds_cards() {
    let mut hand = hand_at(Position::new(&hands(&["3c", "4c 5c", "6c 7c"])).active(0));
    ok(&mut hand, 0, play("3c"));
    ok(&mut hand, 1, play("4c"));
    ok(&mut hand, 2, play("7c"));
    let events = ok(&mut hand, 1, Action::Pass);
    assert_eq!(events[1], Event::RoundCleared { next: 2 });
    let events = ok(&mut hand, 2, play("6c"));
    let order: president::Order = [0, 2, 1].into_iter().collect();
    assert_eq!(
        events[1..],
        [
            Event::WentOut { seat: 2, rank: 1 },
            Event::HandOver { order }
        ]
    );
    assert!(hand.is_over());
    assert_eq!(hand.finishing_order(), [0, 2, 1]);
    assert_eq!(statuses(&hand), "owo");
    assert_eq!(hand.cards(1), set("5c"), "the scumbag keeps its cards");
}

// ---------------------------------------------------------------- the swap

fn swap_position() -> Hand {
    hand_at(Position::new(&hands(&["3c 4c", "5c 6c", "7c Ad 2c 2h"])).ranked())
}

#[test]
fn the_swap_takes_the_highest_card_and_the_warlord_gives_one_back() {
    let (mut hand, events) =
        Hand::from_position(Position::new(&hands(&["3c 4c", "5c 6c", "7c Ad 2c 2h"])).ranked())
            .unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::SwapTaken {
            from: 2,
            to: 0,
            card: c("2h")
        })
    );
    assert_eq!(hand.cards(0), set("3c 4c 2h"));
    assert_eq!(hand.cards(2), set("7c Ad 2c"));
    assert_eq!(statuses(&hand), "Aww");
    assert!(hand.swap_pending());
    assert!(hand.starting_round());
    assert_eq!(
        hand.legal_actions(0).to_vec(),
        [
            Action::Swap(c("2h")),
            Action::Swap(c("3c")),
            Action::Swap(c("4c"))
        ]
    );
    assert!(hand.legal_actions(1).is_empty());
    assert_eq!(hand.default_action(0), Action::Swap(c("3c")));
    let events = ok(&mut hand, 0, Action::Swap(c("4c")));
    assert_eq!(
        events,
        [Event::SwapGiven {
            from: 0,
            to: 2,
            card: c("4c")
        }]
    );
    assert_eq!(hand.cards(0), set("3c 2h"));
    assert_eq!(hand.cards(2), set("7c Ad 2c 4c"));
    assert!(!hand.swap_pending());
    assert_eq!(hand.active(), Some(0));
    assert!(hand.starting_round());
    refused(&mut hand, 0, Action::Pass, PlayError::PassOnStart);
    ok(&mut hand, 0, play("3c"));
}

#[test]
fn swap_errors() {
    let mut hand = swap_position();
    refused(&mut hand, 0, play("3c"), PlayError::SwapFirst);
    refused(&mut hand, 0, Action::Pass, PlayError::SwapFirst);
    refused(&mut hand, 1, play("5c"), PlayError::OutOfTurn);
    refused(&mut hand, 1, Action::Swap(c("5c")), PlayError::NotWarlord);
    refused(&mut hand, 2, Action::Swap(c("7c")), PlayError::NotWarlord);
    refused(&mut hand, 0, Action::Swap(c("Kc")), PlayError::SwapNotHeld);
    refused(&mut hand, 0, Action::Swap(c("7c")), PlayError::SwapNotHeld);
    ok(&mut hand, 0, Action::Swap(c("2h")));
    refused(
        &mut hand,
        0,
        Action::Swap(c("3c")),
        PlayError::NoSwapPending,
    );
    refused(&mut hand, 1, Action::Swap(c("5c")), PlayError::NotWarlord);

    let mut unranked = hand_at(Position::new(&hands(&["3c 4c", "5c 6c", "7c Ad"])));
    refused(
        &mut unranked,
        0,
        Action::Swap(c("3c")),
        PlayError::NoSwapPending,
    );
}

#[test]
fn swapped_cards_are_seen_only_by_the_two_seats_involved() {
    let (_, events) =
        Hand::from_position(Position::new(&hands(&["3c 4c", "5c 6c", "7c Ad 2c 2h"])).ranked())
            .unwrap();
    let taken = events.last().unwrap();
    assert!(taken.for_seat(0).is_some());
    assert!(taken.for_seat(2).is_some());
    assert!(taken.for_seat(1).is_none());
    let given = Event::SwapGiven {
        from: 0,
        to: 2,
        card: c("3c"),
    };
    assert!(given.for_seat(1).is_none());
    assert_eq!(given.for_seat(2), Some(given.clone()));
    for seat in 0..3 {
        let dealt: Vec<_> = events.iter().filter_map(|e| e.for_seat(seat)).collect();
        for event in &dealt {
            if let Event::Dealt { seat: owner, .. } = event {
                assert_eq!(*owner, seat);
            }
        }
        assert_eq!(dealt.len(), 1 + usize::from(seat != 1));
    }
    let hand = swap_position();
    assert_eq!(hand.view(0).swap_card, Some(c("2h")));
    assert_eq!(hand.view(2).swap_card, Some(c("2h")));
    assert_eq!(hand.view(1).swap_card, None);
}

// ---------------------------------------------------------------- leaving

#[test]
fn the_active_player_leaving_hands_the_turn_on() {
    let mut hand = answering_eights();
    let mine = hand.cards(1);
    let events = hand.leave(1);
    assert_eq!(events.to_vec(), [Event::Left { seat: 1 }]);
    assert_eq!(hand.active(), Some(2));
    assert_eq!(hand.discarded(), mine);
    assert_eq!(hand.cards(1), CardSet::EMPTY);
    assert_eq!(statuses(&hand), "wdAw");
    assert_eq!(hand.finishing_order(), [1]);
    refused(&mut hand, 1, Action::Pass, PlayError::OutOfTurn);
}

#[test]
fn another_player_leaving_changes_no_turn() {
    let mut hand = answering_eights();
    hand.leave(3);
    assert_eq!(hand.active(), Some(1));
    assert_eq!(statuses(&hand), "wAwd");
    ok(&mut hand, 1, play("9c 9d"));
    assert_eq!(hand.active(), Some(2), "seat 3 is gone");
    ok(&mut hand, 2, Action::Pass);
    assert_eq!(hand.active(), Some(0));
}

#[test]
fn the_last_to_answer_leaving_ends_the_round() {
    let position = Position::new(&hands(&["Kc 4d", "6h", "5d 9d"]))
        .active(2)
        .table(0, set("8c"))
        .passed(&[1]);
    let mut hand = hand_at(position);
    let events = hand.leave(2);
    assert_eq!(
        events.to_vec(),
        [Event::Left { seat: 2 }, Event::RoundCleared { next: 0 }]
    );
    assert!(hand.starting_round());
}

#[test]
fn the_last_player_leaving_gives_the_round_to_the_next_seat_in() {
    let position = Position::new(&hands(&["Kc 4d", "6h 7h", "5d 9d", "3s"]))
        .active(1)
        .table(0, set("8c"));
    let mut hand = hand_at(position);
    hand.leave(0);
    ok(&mut hand, 1, Action::Pass);
    ok(&mut hand, 2, Action::Pass);
    let events = ok(&mut hand, 3, Action::Pass);
    assert_eq!(events[1], Event::RoundCleared { next: 1 });
}

#[test]
fn the_starting_player_leaving_lets_the_next_start() {
    let mut hand = four_seats(["5c Kc", "5d Qd", "6c 6d", "7c 7d"]);
    let events = hand.leave(0);
    assert_eq!(events.to_vec(), [Event::Left { seat: 0 }]);
    assert_eq!(hand.active(), Some(1));
    assert!(hand.starting_round());
}

#[test]
fn the_three_of_clubs_holder_leaving_lifts_the_opening_rule() {
    let mut hand = hand_at(Position::new(&hands(&["4c 5d", "3c 3d 9h", "Kh Ks", "Qd"])));
    hand.leave(1);
    assert_eq!(hand.active(), Some(2));
    assert!(!hand.needs_three_of_clubs());
    ok(&mut hand, 2, play("Kh"));
}

/// A warlord who leaves before swapping does not take the scumbag's card away: the
/// swap completes as on a timeout (the lowest card back), then the warlord leaves.
#[test]
fn the_warlord_leaving_during_the_swap_completes_it() {
    let mut hand =
        hand_at(Position::new(&hands(&["3c 4c", "5c 6c", "Jc", "7c Ad 2c 2h"])).ranked());
    let events = hand.leave(0);
    assert!(
        events.contains(&Event::SwapGiven {
            from: 0,
            to: 3,
            card: c("3c")
        }),
        "{events:?}"
    );
    assert!(!hand.swap_pending());
    assert_eq!(hand.discarded(), set("4c 2h"));
    assert_eq!(hand.active(), Some(1));
    assert!(hand.starting_round());
    assert_eq!(hand.cards(3), set("3c 7c Ad 2c"));
    ok(&mut hand, 1, play("5c"));
}

#[test]
fn the_scumbag_leaving_during_the_swap_ends_it() {
    let mut hand =
        hand_at(Position::new(&hands(&["3c 4c", "5c 6c", "Jc", "7c Ad 2c 2h"])).ranked());
    hand.leave(3);
    assert!(!hand.swap_pending());
    assert_eq!(hand.active(), Some(0));
    assert_eq!(hand.cards(0), set("3c 4c 2h"), "the warlord keeps the card");
    refused(
        &mut hand,
        0,
        Action::Swap(c("3c")),
        PlayError::NoSwapPending,
    );
    ok(&mut hand, 0, play("4c"));
}

#[test]
fn leaving_down_to_one_player_ends_the_hand() {
    let mut hand = hand_at(
        Position::new(&hands(&["", "5c", "7c 8c", "9c"]))
            .active(1)
            .out(&[0]),
    );
    hand.leave(2);
    let events = hand.leave(1);
    let order: president::Order = [0, 3, 1, 2].into_iter().collect();
    assert_eq!(
        events.to_vec(),
        [Event::Left { seat: 1 }, Event::HandOver { order }]
    );
    assert!(hand.is_over());
    // Leavers rank last, the first to leave lowest.
    assert_eq!(hand.finishing_order(), [0, 3, 1, 2]);
    assert_eq!(statuses(&hand), "oddw");
    assert!(hand.leave(3).is_empty(), "a finished hand ignores leavers");
}

#[test]
fn leavers_rank_after_every_finisher() {
    let mut hand = hand_at(Position::new(&hands(&["3c", "4c 5c", "6c 7c", "8c", "9c"])).active(0));
    hand.leave(4);
    hand.leave(3);
    assert_eq!(hand.finishing_order(), [3, 4]);
    ok(&mut hand, 0, play("3c"));
    assert_eq!(hand.finishing_order(), [0, 3, 4]);
    ok(&mut hand, 1, play("4c"));
    ok(&mut hand, 2, play("7c"));
    ok(&mut hand, 1, Action::Pass);
    ok(&mut hand, 2, play("6c"));
    assert_eq!(hand.finishing_order(), [0, 2, 1, 3, 4]);
}

#[test]
fn a_player_out_leaving_keeps_its_rank() {
    let mut hand = hand_at(
        Position::new(&hands(&["", "5c", "7c 8c", "9c"]))
            .active(1)
            .out(&[0]),
    );
    let events = hand.leave(0);
    assert_eq!(events.to_vec(), [Event::Left { seat: 0 }]);
    assert_eq!(hand.status(0), Status::Gone);
    assert_eq!(hand.finishing_order(), [0]);
    assert!(hand.leave(0).is_empty(), "leaving twice does nothing");
    assert!(hand.leave(7).is_empty());
}

// ---------------------------------------------------------------- views and odds and ends

#[test]
fn a_view_shows_own_cards_and_public_counts_only() {
    let hand = answering_eights();
    for seat in 0..4 {
        let view = hand.view(seat);
        assert_eq!(view.hand, hand.cards(seat));
        assert_eq!(view.public.cards_left[..4], [1, 8, 2, 2]);
        assert_eq!(view.public.last_play, set("8c 8d"));
        assert_eq!(view.public.active, Some(1));
        assert_eq!(view.is_my_turn(), seat == 1);
        assert_eq!(view.last_value(), Some(5));
        assert_eq!(
            (0..4).map(|s| view.status(s)).collect::<Vec<_>>(),
            [
                Status::Waiting,
                Status::Active,
                Status::Waiting,
                Status::Waiting
            ]
        );
        assert_eq!(view.public.played, hand.played());
        assert_eq!(view.status(4), Status::Gone, "no one sits there");
    }
}

#[test]
fn eighteen_cards_offer_sixty_three_plays_and_a_pass() {
    let big = "4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d";
    let position = Position::new(&hands(&["Kc", big, "Qd"]))
        .active(1)
        .table(0, set("3c"));
    let hand = hand_at(position);
    let legal = hand.legal_actions(1);
    assert_eq!(legal.len(), 64);
    assert!(legal.is_full());
    for &action in &legal {
        assert!(hand.clone().apply(1, action).is_ok(), "{action:?}");
    }
}

#[test]
fn impossible_positions_are_refused() {
    let bad = [
        Position::new(&hands(&["3c", "4c"])),
        Position::new(&hands(&["3c", "3c", "5c"])),
        Position::new(&hands(&["4c", "5c", "6c"])),
        Position::new(&hands(&["4c", "5c", "6c"])).ranked(),
        Position::new(&hands(&["", "5c", "6c"])).active(1),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .out(&[0]),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .table(1, set("8c")),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .table(0, set("2c")),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .table(0, set("8c 9c")),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .table(0, set("4c")),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .passed(&[2]),
        Position::new(&hands(&["4c", "5c", "6c"]))
            .active(1)
            .table(0, set("3c"))
            .passed(&[1]),
        Position::new(&hands(&["", "", "6c"]))
            .active(2)
            .out(&[0, 1]),
    ];
    for position in bad {
        assert!(
            Hand::from_position(position.clone()).is_none(),
            "{position:?}"
        );
    }
}

#[test]
fn status_letters_follow_the_protocol() {
    let letters: String = [
        Status::Active,
        Status::Passed,
        Status::Waiting,
        Status::Out,
        Status::Gone,
    ]
    .map(Status::letter)
    .into_iter()
    .collect();
    assert_eq!(letters, "apwwd");
}
