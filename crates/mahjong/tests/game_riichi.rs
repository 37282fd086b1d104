//! Riichi: the declaration and its stick, tsumogiri afterwards, ippatsu and what breaks
//! it, ura dora, the kans a riichi hand may still make, and the conditions to declare.

mod game_support;

use game_support::{act, discard, kind, moves, pass_all, riichi, tile_of, tsumogiri, wins, Script};
use mahjong::{Action, Event, Pending, Place, RuleError, Shown, Yaku};

/// Seat 0 deals a hand that is tenpai on 3p-6p once it throws its 14th tile; the other
/// seats hold nothing that can call the honours they are dealt.
fn riichi_script<'a>(dealer: &'a str, draws: &'a str) -> Script<'a> {
    Script {
        hands: [
            dealer,
            "2468p2468s2z2z3z3z4z",
            "1357p1357s6z6z5z5z9p",
            "3579s9p5p7p3p6m6m8m8m9m",
        ],
        draws,
        dora_wall: "2z9m",
        ..Script::default()
    }
}

const TENPAI: &str = "123m456m789m11p45p";

#[test]
fn riichi_pays_its_stick_when_the_discard_passes() {
    let (mut game, _) = riichi_script(TENPAI, "7z").start();
    let seven = tile_of(&game, 0, "7z");
    let legal = game.legal_actions(0);
    assert!(legal.contains(&Action::Riichi(seven)));
    assert_eq!(
        legal
            .iter()
            .filter(|a| matches!(a, Action::Riichi(_)))
            .count(),
        1,
        "only the 7z leaves the hand tenpai"
    );
    let events = act(&mut game, 0, Action::Riichi(seven));
    assert_eq!(events[0], Event::Riichi { seat: 0 });
    let Event::Move(m) = events[1] else {
        panic!("the riichi discard follows")
    };
    assert_eq!(
        (m.tile, m.from, m.to),
        (seven, Place::Hand(0), Place::Discards(0))
    );
    assert!(game.is_riichi(0));
    assert_eq!(game.scores()[0], 25_000, "not paid while it can be ronned");
    assert!(game.discards(0)[0].riichi && game.discards(0)[0].tsumogiri);
    let events = pass_all(&mut game);
    assert_eq!(
        events[0],
        Event::RiichiAccepted {
            seat: 0,
            sticks: 1,
            scores: [24_000, 25_000, 25_000, 25_000],
        }
    );
    assert_eq!(game.sticks(), 1);
}

#[test]
fn ippatsu_tsumo_reveals_the_ura_dora_and_collects_the_sticks() {
    let script = Script {
        honba: 2,
        ..riichi_script(TENPAI, "7z 1z 1z 1z 3p")
    };
    let (mut game, _) = script.start();
    riichi(&mut game, 0, "7z");
    pass_all(&mut game);
    for seat in 1..4 {
        tsumogiri(&mut game, seat);
    }
    let three = tile_of(&game, 0, "3p");
    assert_eq!(
        game.legal_actions(0).as_slice(),
        &[Action::Discard(three), Action::Tsumo]
    );
    let events = act(&mut game, 0, Action::Tsumo);
    let Event::Move(ura) = events[0] else {
        panic!("the ura indicator first: {events:?}")
    };
    assert_eq!(
        (ura.from, ura.to, ura.shown),
        (Place::DoraWall(1), Place::DoraWall(1), Shown::All)
    );
    let win = &wins(&events)[0];
    let yaku: Vec<Yaku> = win.agari.yaku.iter().map(|(y, _)| *y).collect();
    for expected in [
        Yaku::DoubleRiichi,
        Yaku::Ippatsu,
        Yaku::MenzenTsumo,
        Yaku::Ittsu,
    ] {
        assert!(
            yaku.contains(&expected),
            "{expected:?} missing from {yaku:?}"
        );
    }
    assert_eq!(win.agari.ura, 1, "the 9m indicator makes the 1m ura dora");
    // A dealer tsumo: each pays the same plus 100 per honba; the stick comes back.
    let mahjong::Payment::DealerTsumo(each) = win.payment else {
        panic!("a dealer tsumo")
    };
    let each = each as i32 + 200;
    assert_eq!(win.deltas, [3 * each + 1000, -each, -each, -each]);
    assert_eq!((win.honba, win.sticks), (2, 1));
    assert_eq!(game.sticks(), 0);
    // The dealer won: it deals again with one more honba.
    let next = game.next_hand().unwrap();
    assert!(matches!(
        next[0],
        Event::NewHand {
            dealer: 0,
            honba: 3,
            sticks: 0,
            ..
        }
    ));
}

#[test]
fn after_riichi_the_drawn_tile_must_go() {
    let (mut game, _) = riichi_script(TENPAI, "7z 1z 1z 1z 2s").start();
    riichi(&mut game, 0, "7z");
    pass_all(&mut game);
    for seat in 1..4 {
        tsumogiri(&mut game, seat);
    }
    let drawn = game.drawn_tile().unwrap();
    assert_eq!(game.legal_actions(0).as_slice(), &[Action::Discard(drawn)]);
    let other = tile_of(&game, 0, "1m");
    assert_eq!(
        game.apply(0, Action::Discard(other)),
        Err(RuleError::MustDiscardDrawn)
    );
    assert_eq!(
        game.apply(0, Action::Riichi(drawn)),
        Err(RuleError::AlreadyRiichi)
    );
    let events = act(&mut game, 0, Action::Discard(drawn));
    assert!(game.discards(0)[1].tsumogiri);
    assert!(moves(&events).iter().all(|m| m.from == Place::Hand(0)));
}

#[test]
fn a_call_breaks_ippatsu() {
    let mut script = riichi_script(TENPAI, "7z 4z 3p");
    script.hands[3] = "3579s9p5p7p3p4z4z6m8m8m";
    let (mut game, _) = script.start();
    riichi(&mut game, 0, "7z");
    pass_all(&mut game);
    // Seat 1 throws the 4z it drew, seat 3 pons it and throws the 7p.
    let thrown = game.drawn_tile().unwrap();
    assert_eq!(thrown.kind(), kind("4z"));
    let mut events = act(&mut game, 1, Action::Discard(thrown));
    let pair: Vec<_> = game
        .hand(3)
        .iter()
        .copied()
        .filter(|t| t.kind() == kind("4z"))
        .collect();
    assert!(game
        .legal_actions(3)
        .contains(&Action::Pon([pair[0], pair[1]])));
    assert_eq!(
        game.apply(0, Action::Pon([pair[0], pair[1]])),
        Err(RuleError::RiichiNoCalls)
    );
    act(&mut game, 3, Action::Pon([pair[0], pair[1]]));
    events.extend(pass_all(&mut game));
    discard(&mut game, 3, "7p");
    pass_all(&mut game);
    assert_eq!(game.pending(), Pending::Turn(0));
    let events = act(&mut game, 0, Action::Tsumo);
    let win = &wins(&events)[0];
    assert!(!win.agari.yaku.iter().any(|(y, _)| *y == Yaku::Ippatsu));
    assert!(win.agari.yaku.iter().any(|(y, _)| *y == Yaku::DoubleRiichi));
}

#[test]
fn a_ronned_riichi_discard_pays_no_stick() {
    let script = Script {
        hands: [TENPAI, "234p678p345s55z66z", "", ""],
        draws: "6z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    riichi(&mut game, 0, "6z");
    assert!(game.legal_actions(1).contains(&Action::Ron));
    act(&mut game, 1, Action::Ron);
    let events = pass_all(&mut game);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::RiichiAccepted { .. })));
    let win = &wins(&events)[0];
    assert!(win.agari.yaku.iter().any(|(y, _)| *y == Yaku::Hatsu));
    assert_eq!(game.sticks(), 0);
    assert_eq!(win.deltas[0] + win.deltas[1], 0);
    assert_eq!(game.scores()[0], 25_000 + win.deltas[0]);
}

#[test]
fn a_riichi_hand_may_ankan_the_drawn_tile_only_if_its_waits_stay() {
    // 111m 456m 789m 11p 45p waits on 3p-6p with or without the fourth 1m.
    let (mut game, _) = riichi_script("111m456m789m11p45p", "7z 1z 1z 1z 1m").start();
    riichi(&mut game, 0, "7z");
    pass_all(&mut game);
    for seat in 1..4 {
        tsumogiri(&mut game, seat);
    }
    assert!(game.legal_actions(0).contains(&Action::Ankan(kind("1m"))));
    act(&mut game, 0, Action::Ankan(kind("1m")));
    assert_eq!(game.pending(), Pending::Turn(0));

    // 111m 3m 456m 789m 999s waits on 2m and 3m; without the 1m triplet only on 3m.
    let (mut game, _) = riichi_script("1113m456m789m999s", "7z 1z 1z 1z 1m").start();
    riichi(&mut game, 0, "7z");
    pass_all(&mut game);
    for seat in 1..4 {
        tsumogiri(&mut game, seat);
    }
    assert!(!game.legal_actions(0).contains(&Action::Ankan(kind("1m"))));
    assert_eq!(
        game.apply(0, Action::Ankan(kind("1m"))),
        Err(RuleError::KanChangesWaits)
    );
}

#[test]
fn riichi_needs_points_and_four_tiles_in_the_wall() {
    let script = Script {
        scores: [900, 25_000, 25_000, 49_100],
        ..riichi_script(TENPAI, "7z")
    };
    let (mut game, _) = script.start();
    let seven = tile_of(&game, 0, "7z");
    assert_eq!(
        game.apply(0, Action::Riichi(seven)).err(),
        Some(RuleError::NotEnoughPoints)
    );

    // Everyone throws what they draw until the wall is nearly empty; the dealer's hand
    // stays tenpai all the while.
    let (mut game, _) = riichi_script(TENPAI, "7z").start();
    let mut offered = Vec::new();
    while let Pending::Turn(seat) = game.pending() {
        if seat == 0 {
            let drawn = game.drawn_tile().unwrap();
            offered.push((
                game.wall_remaining(),
                game.legal_actions(0).contains(&Action::Riichi(drawn)),
            ));
            if game.wall_remaining() < 4 {
                assert_eq!(
                    game.apply(0, Action::Riichi(drawn)),
                    Err(RuleError::WallTooShort)
                );
            }
        }
        tsumogiri(&mut game, seat);
    }
    assert!(
        offered.iter().all(|&(left, riichi)| riichi == (left >= 4)),
        "{offered:?}"
    );
    assert!(offered.iter().any(|&(left, _)| left < 4));
}
