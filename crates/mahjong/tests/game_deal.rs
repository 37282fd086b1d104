//! The start of a hand: the wall, the break, the dead wall, the deal and the first dora,
//! move by move as mmj1 shows them, and the game-level basics around it.

mod game_support;

use cards::seeded_rng;
use game_support::{act, discard, pass_all, Script};
use mahjong::game::wall::break_start;
use mahjong::{Action, Event, Game, Pending, Place, RuleError, Rules, Shown, Wind};

#[test]
fn the_mmj1_example_break_deals_from_position_52() {
    let script = Script {
        dice: [4, 6],
        ..Script::default()
    };
    let wall = script.wall();
    let (game, events) = script.start();
    assert_eq!(break_start(10), 52);
    assert_eq!(
        events[0],
        Event::NewHand {
            round: Wind::East,
            number: 1,
            dealer: 0,
            honba: 0,
            sticks: 0,
            scores: [25_000; 4],
        }
    );
    // All 136 tiles go face down from the deck to their wall positions.
    for (i, event) in events[1..137].iter().enumerate() {
        let Event::Move(m) = event else {
            panic!("expected a wall move, got {event:?}")
        };
        assert_eq!(
            (m.tile, m.from, m.to),
            (wall[i], Place::Deck, Place::Wall(i as u8))
        );
        assert_eq!(m.shown, Shown::Nobody);
    }
    assert_eq!(events[137], Event::Break { dice: [4, 6] });
    // The dead wall is the 14 positions before 52: D_j = 38 + j.
    let dead: Vec<(u8, Place)> = events[138..152]
        .iter()
        .map(|e| match e {
            Event::Move(m) if m.shown == Shown::Nobody => match m.from {
                Place::Wall(p) => (p, m.to),
                other => panic!("dead wall from {other:?}"),
            },
            other => panic!("expected a dead-wall move, got {other:?}"),
        })
        .collect();
    let expected = [
        (50, Place::Replacement(0)),
        (51, Place::Replacement(1)),
        (48, Place::Replacement(2)),
        (49, Place::Replacement(3)),
        (46, Place::DoraWall(0)),
        (47, Place::DoraWall(1)),
        (44, Place::DoraWall(2)),
        (45, Place::DoraWall(3)),
        (42, Place::DoraWall(4)),
        (43, Place::DoraWall(5)),
        (40, Place::DoraWall(6)),
        (41, Place::DoraWall(7)),
        (38, Place::DoraWall(8)),
        (39, Place::DoraWall(9)),
    ];
    assert_eq!(dead, expected);
    // The deal: 4-4-4 from the dealer round, one each, then the dealer's draw at 104.
    let deal: Vec<(u8, u8, Shown)> = events[152..205]
        .iter()
        .map(|e| match e {
            Event::Move(m) => match (m.from, m.to) {
                (Place::Wall(p), Place::Hand(s)) => {
                    assert_eq!(m.tile, wall[usize::from(p)]);
                    (p, s, m.shown)
                }
                other => panic!("deal move {other:?}"),
            },
            other => panic!("expected a deal move, got {other:?}"),
        })
        .collect();
    for (i, &(position, seat, shown)) in deal.iter().enumerate() {
        assert_eq!(position, 52 + i as u8);
        let seat = usize::from(seat);
        let expected_seat = match i {
            0..=47 => i / 4 % 4,
            48..=51 => i - 48,
            _ => 0,
        };
        assert_eq!(seat, expected_seat, "deal move {i}");
        assert_eq!(shown, Shown::Only(seat as u8));
    }
    assert_eq!(deal.last().unwrap().0, 104);
    // Then the first dora indicator, a0 = position 46, is turned up for everyone.
    let Event::Move(dora) = events[205] else {
        panic!("expected the dora reveal")
    };
    assert_eq!(
        (dora.tile, dora.from, dora.to, dora.shown),
        (wall[46], Place::DoraWall(0), Place::DoraWall(0), Shown::All)
    );
    assert_eq!(events.len(), 206);
    assert_eq!(game.dora_indicators().as_slice(), &[wall[46]]);
    assert_eq!(game.pending(), Pending::Turn(0));
    assert_eq!(game.drawn_tile(), Some(wall[104]));
    assert_eq!(game.wall_remaining(), 69);
    let sizes: Vec<usize> = (0..4).map(|s| game.hand(s).len()).collect();
    assert_eq!(sizes, [14, 13, 13, 13]);
}

#[test]
fn the_first_live_draw_after_the_deal_is_the_next_position() {
    let script = Script {
        dice: [4, 6],
        ..Script::default()
    };
    let wall = script.wall();
    let (mut game, _) = script.start();
    let tile = game.hand(0)[0];
    act(&mut game, 0, Action::Discard(tile));
    let events = pass_all(&mut game);
    let drawn = game_support::moves(&events);
    assert_eq!(drawn.len(), 1);
    assert_eq!(drawn[0].from, Place::Wall(105));
    assert_eq!(drawn[0].to, Place::Hand(1));
    assert_eq!(drawn[0].tile, wall[105]);
    assert_eq!(drawn[0].face_for(1), Some(wall[105]));
    assert_eq!(drawn[0].face_for(0), None);
    assert_eq!(game.wall_remaining(), 68);
}

#[test]
fn a_later_dealer_deals_first_and_the_winds_turn() {
    let script = Script {
        dice: [1, 1],
        round: 6,
        hands: ["19m19p19s1234567z", "", "", ""],
        ..Script::default()
    };
    let (game, events) = script.start();
    let Event::NewHand {
        round,
        number,
        dealer,
        ..
    } = events[0]
    else {
        panic!("a new hand first")
    };
    assert_eq!((round, number, dealer), (Wind::South, 3, 2));
    let winds = mahjong::seat_winds(dealer.into());
    assert_eq!(winds, [Wind::West, Wind::North, Wind::East, Wind::South]);
    assert_eq!(game.pending(), Pending::Turn(2));
    // The first four tiles dealt (from position 36 for dice 1+1) are the dealer's.
    let first = game_support::moves(&events[152..156]);
    assert!(first
        .iter()
        .enumerate()
        .all(|(i, m)| m.from == Place::Wall(36 + i as u8) && m.to == Place::Hand(2)));
    assert_eq!(game.hand(0).len(), 13);
    assert_eq!(game.hand(2).len(), 14);
}

#[test]
fn a_seed_always_gives_the_same_game() {
    let (a, events_a) = Game::new(Rules::default(), seeded_rng(5));
    let (b, events_b) = Game::new(Rules::default(), seeded_rng(5));
    let (c, _) = Game::new(Rules::default(), seeded_rng(6));
    assert_eq!(events_a, events_b);
    assert_eq!(a, b);
    assert_ne!(a.hand(0), c.hand(0));
    assert_eq!(a.scores(), [25_000; 4]);
    assert!((1..=6).contains(&a.dice()[0]) && (1..=6).contains(&a.dice()[1]));
}

#[test]
fn illegal_or_untimely_actions_change_nothing() {
    let script = Script {
        hands: [
            "123456789m1112p",
            "234p678p234s678s9s",
            "1z5z345p89p12s345s1z",
            "2z3z4z6z7z1s1p9p6m6m7m8m9m",
        ],
        draws: "9s",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    let before = game.clone();
    let foreign = game.hand(1)[0];
    let attempts = [
        (1, Action::Discard(foreign), RuleError::NotYourTurn),
        (0, Action::Discard(foreign), RuleError::NotInHand),
        (0, Action::Pass, RuleError::NotClaimTime),
        (0, Action::Ron, RuleError::NotClaimTime),
        (0, Action::Tsumo, RuleError::NoWin),
        (0, Action::NineTerminals, RuleError::NotNineTerminals),
        (0, Action::Riichi(game.hand(0)[0]), RuleError::NotTenpai),
        (0, Action::Ankan(game_support::kind("1m")), RuleError::NoKan),
        (0, Action::Kakan(game_support::kind("1m")), RuleError::NoKan),
        (7, Action::Pass, RuleError::NotYourTurn),
    ];
    for (seat, action, error) in attempts {
        assert_eq!(game.apply(seat, action), Err(error), "{action:?} by {seat}");
        assert_eq!(game, before, "{action:?} changed the game");
    }
    assert_eq!(game.next_hand(), Err(RuleError::HandInProgress));
    discard(&mut game, 0, "9s");
    let before = game.clone();
    let attempts = [
        (0, Action::Pass, RuleError::NotYourTurn),
        (
            1,
            Action::Discard(game.hand(1)[0]),
            RuleError::NotYourDiscard,
        ),
        (1, Action::Ron, RuleError::NoWin),
        (2, Action::Pon([foreign, foreign]), RuleError::NotInHand),
    ];
    for (seat, action, error) in attempts {
        assert_eq!(game.apply(seat, action), Err(error), "{action:?} by {seat}");
        assert_eq!(game, before, "{action:?} changed the game");
    }
    assert_eq!(RuleError::NotYourTurn.to_string(), "it is not your turn");
}
