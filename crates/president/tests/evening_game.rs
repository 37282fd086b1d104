//! A whole evening as one game: seats sitting down and leaving, hands dealt on request,
//! reseating by the finishing order, ranks, points, and what each seat may see.

use cards::seeded_rng;
use parlor_game::{Game, Projected, WATCHER};
use president::bots::evening_by_name;
use president::{EveningEvent, EveningGame, EveningRules, Event};

fn evening(seats: &[usize]) -> EveningGame {
    let (mut game, first) = EveningGame::start(&EveningRules::new(3), seeded_rng(11));
    assert!(first.is_empty(), "an evening starts with an empty table");
    for &seat in seats {
        let sat = game.join(seat).expect("room at the table");
        assert_eq!(&sat[..], [EveningEvent::Sat { seat }]);
    }
    game
}

/// Plays the hand under way with sound bots; its events, every one of them.
fn play_hand(game: &mut EveningGame, rng: &mut cards::GameRng) -> Vec<EveningEvent> {
    let mut bot = evening_by_name("sound").unwrap();
    let mut events = Vec::new();
    loop {
        let Some(seat) = game.to_act().next() else {
            break;
        };
        let legal = game.legal_actions(seat);
        let action = bot.choose(&game.view(seat), &legal, rng);
        events.extend(game.apply(seat, action).expect("a legal move"));
    }
    assert!(!game.in_hand());
    events
}

/// The hand's finishing order as the table's seats.
fn finishing_order(events: &[EveningEvent]) -> Vec<usize> {
    events
        .iter()
        .find_map(|e| match e {
            EveningEvent::Hand {
                event: Event::HandOver { order },
                places,
            } => Some(
                order
                    .seats()
                    .map(|s| places.seats().nth(s).unwrap())
                    .collect(),
            ),
            _ => None,
        })
        .expect("the hand ended")
}

#[test]
fn hands_are_dealt_on_request_and_the_table_reseats_by_the_finishing_order() {
    let mut rng = seeded_rng(5);
    let mut game = evening(&[1, 3, 4, 6]);
    assert!(game.to_act().next().is_none(), "nothing is dealt unasked");
    let dealt = game.advance().expect("four sit: a hand is dealt");
    assert_eq!(
        dealt[0],
        EveningEvent::Dealt {
            places: [1, 3, 4, 6].into_iter().collect(),
            ranked: false
        }
    );
    let order = finishing_order(&play_hand(&mut game, &mut rng));
    assert_eq!(game.places().collect::<Vec<_>>(), order);
    assert!(game.advance().is_some());
    let (hand, places) = game.hand().unwrap();
    assert!(hand.ranked(), "the second hand has ranks and the swap");
    assert_eq!(places.to_vec(), order, "dealt to the table in social order");
    play_hand(&mut game, &mut rng);
    let total: i64 = (0..7).map(|s| game.score(s)).sum();
    assert_eq!(total, 2 * (3 + 2 + 1), "each hand scores 3, 2, 1 and 0");
    assert_eq!(game.hands(), 2);
}

#[test]
fn a_newcomer_waits_for_the_next_hand_at_the_foot_of_the_table() {
    let mut rng = seeded_rng(6);
    let mut game = evening(&[0, 1, 2]);
    game.advance().unwrap();
    game.join(5).unwrap();
    assert!(game.is_sitting(5));
    assert!(game.legal_actions(5).is_empty() && game.view(5).hand.is_none());
    let order = finishing_order(&play_hand(&mut game, &mut rng));
    game.advance().unwrap();
    let (hand, places) = game.hand().unwrap();
    assert_eq!(hand.players(), 4);
    assert!(hand.ranked(), "three who earned their ranks stayed");
    let expected: Vec<usize> = order.into_iter().chain([5]).collect();
    assert_eq!(places.to_vec(), expected);
}

#[test]
fn a_leaver_is_out_of_the_hand_and_the_evening_ends_when_too_few_are_left() {
    let mut rng = seeded_rng(7);
    let mut game = evening(&[0, 1, 2, 3]);
    game.advance().unwrap();
    let left = game.leave(2).unwrap();
    assert_eq!(left[0], EveningEvent::Left { seat: 2 });
    assert!(!game.is_sitting(2) && game.legal_actions(2).is_empty());
    play_hand(&mut game, &mut rng);
    assert!(!game.places().any(|s| s == 2), "the leaver left the table");
    // Between hands: another leaves, and two are too few for a hand.
    game.leave(3).unwrap();
    let events = game.advance().expect("the evening ends");
    assert_eq!(&events[..], [EveningEvent::Over]);
    assert!(game.is_over() && game.outcome().is_some());
    assert!(
        game.join(4).is_none(),
        "nobody sits at an evening that is over"
    );
}

#[test]
fn ranks_are_forgotten_when_too_few_who_earned_them_stay() {
    let mut rng = seeded_rng(8);
    let mut game = evening(&[0, 1, 2]);
    game.advance().unwrap();
    play_hand(&mut game, &mut rng);
    game.leave(0).unwrap();
    game.join(0).unwrap();
    assert!(!game.ranked());
    game.advance().unwrap();
    assert!(!game.hand().unwrap().0.ranked(), "a first hand again");
}

#[test]
fn a_seat_left_during_a_hand_stays_empty_until_it_ends() {
    let mut rng = seeded_rng(9);
    let mut game = evening(&[0, 1, 2, 3]);
    game.advance().unwrap();
    game.leave(1).unwrap();
    assert!(
        game.join(1).is_none(),
        "the hand's events for it are not a newcomer's"
    );
    game.join(4).unwrap();
    play_hand(&mut game, &mut rng);
    game.join(1).unwrap();
    let places: Vec<usize> = game.places().collect();
    assert_eq!(places.len(), 5, "{places:?}");
    assert_eq!(
        &places[3..],
        [4, 1],
        "newcomers at the foot, in the order they sat"
    );
}

#[test]
fn seven_sit_at_most_and_nothing_is_dealt_to_fewer_than_three() {
    let mut game = evening(&[0, 1]);
    assert!(game.advance().is_none(), "two wait for a third");
    assert!(!game.is_over());
    for seat in 2..7 {
        game.join(seat).unwrap();
    }
    assert!(game.join(7).is_none() && game.join(3).is_none());
    game.advance().unwrap();
    assert_eq!(game.hand().unwrap().0.players(), 7);
}

#[test]
fn a_seat_sees_only_its_own_cards_and_a_watcher_none() {
    let mut game = evening(&[2, 4, 5]);
    let dealt = game.advance().unwrap();
    let cards_seen = |seat| {
        (dealt.iter())
            .filter_map(|e| EveningGame::for_seat(e, seat))
            .filter_map(|e| match e {
                EveningEvent::Hand {
                    event: Event::Dealt { seat, .. },
                    places,
                } => places.seats().nth(seat),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(cards_seen(4), [4]);
    assert_eq!(cards_seen(0), Vec::<usize>::new(), "a seat not dealt in");
    assert_eq!(cards_seen(WATCHER), Vec::<usize>::new());
    assert!(EveningGame::starts_hand(&dealt[0]));
}

#[test]
fn the_same_seed_and_steps_make_the_same_evening() {
    let run = || {
        let mut rng = seeded_rng(3);
        let mut game = evening(&[0, 3, 6]);
        game.advance().unwrap();
        let mut events = play_hand(&mut game, &mut rng);
        game.join(1).unwrap();
        events.extend(game.advance().unwrap());
        events.extend(play_hand(&mut game, &mut rng));
        events
    };
    assert_eq!(run(), run());
}

#[test]
fn the_rules_read_back_from_their_words() {
    let rules = EveningRules::new(4);
    assert_eq!(rules.to_string(), "evening 4");
    assert_eq!("evening 4".parse(), Ok(rules));
    for junk in ["evening 2", "evening 8", "evening", "4 players ranked"] {
        assert!(junk.parse::<EveningRules>().is_err(), "{junk}");
    }
}

/// One step of an evening a table might take.
#[derive(Clone, Debug)]
enum Step {
    Join(usize),
    Leave(usize),
    Deal,
    Move,
}

fn step() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    prop_oneof![
        (0..8usize).prop_map(Step::Join),
        (0..8usize).prop_map(Step::Leave),
        Just(Step::Deal),
        Just(Step::Move),
        Just(Step::Move),
        Just(Step::Move),
        Just(Step::Move),
    ]
}

proptest::proptest! {
    /// Whatever a table does, in any order, the contract's promises hold after every
    /// step: legal moves apply and read back, refusals change nothing, whoever is to act
    /// has moves, an outcome exactly at the end; and no seat sits twice.
    #[test]
    fn any_steps_keep_the_contract(seed in 0u64..1000, steps in proptest::collection::vec(step(), 0..200)) {
        let (mut game, _) = EveningGame::start(&EveningRules::new(3), seeded_rng(seed));
        let mut bot = evening_by_name("random").unwrap();
        let mut rng = seeded_rng(seed);
        for step in steps {
            match step {
                Step::Join(seat) => drop(game.join(seat)),
                Step::Leave(seat) => drop(game.leave(seat)),
                Step::Deal => drop(game.advance()),
                Step::Move => {
                    let seat = game.to_act().next();
                    if let Some(seat) = seat {
                        let legal = game.legal_actions(seat);
                        let action = bot.choose(&game.view(seat), &legal, &mut rng);
                        game.apply(seat, action).expect("a legal move");
                    }
                }
            }
            parlor_game::checks::check_legality(&game, president::Action::Pass);
            let mut places: Vec<usize> = game.places().collect();
            let sitting = places.len();
            places.sort_unstable();
            places.dedup();
            proptest::prop_assert_eq!(places.len(), sitting);
            proptest::prop_assert!(places.iter().all(|&s| game.is_sitting(s) || game.in_hand()));
        }
    }
}
