//! Calls on discards: pon, chi (with the swap-calling ban), daiminkan with its replacement
//! tile and kan dora, and ron's priority over them.

mod game_support;

use game_support::{act, discard, kind, moves, pass_all, tile_of, wins, Script};
use mahjong::{Action, Event, MeldKind, Payment, Pending, Place, RuleError, Shown, Wind, Yaku};

/// Seat 0 deals and throws the East wind that seat 2 holds three of.
fn pon_script() -> Script<'static> {
    Script {
        hands: [
            "1z123456789m55p7p",
            "234p678p234s678s9s",
            "111z5z345p8p12s345s",
            "2z3z4z6z7z1s1p9p66m789m",
        ],
        draws: "9s",
        ..Script::default()
    }
}

#[test]
fn pon_moves_the_discard_and_two_tiles_into_a_meld_and_bans_the_kind() {
    let (mut game, _) = pon_script().start();
    discard(&mut game, 0, "1z");
    assert_eq!(
        game.pending(),
        Pending::Claims(mahjong::SeatSet::EMPTY.with(1).with(2).with(3))
    );
    assert_eq!(game.legal_actions(1).as_slice(), &[Action::Pass]);
    let east: Vec<_> = game
        .hand(2)
        .iter()
        .copied()
        .filter(|t| t.kind() == kind("1z"))
        .collect();
    let legal = game.legal_actions(2);
    assert_eq!(
        legal.as_slice(),
        &[
            Action::Pass,
            Action::Pon([east[0], east[1]]),
            Action::Daiminkan([east[0], east[1], east[2]]),
        ]
    );
    // Any two of the three plain copies will do, listed or not.
    assert_eq!(game.apply(2, Action::Pon([east[0], east[2]])), Ok(vec![]));
    act(&mut game, 1, Action::Pass);
    let events = act(&mut game, 3, Action::Pass);
    let Event::Meld { seat, index, meld } = events[0] else {
        panic!("a meld first: {events:?}")
    };
    let thrown = game.discards(0)[0].tile;
    assert_eq!((seat, index, meld.kind), (2, 0, MeldKind::Pon));
    assert_eq!((meld.called, meld.from), (Some(thrown), Some(0)));
    let route: Vec<_> = moves(&events)
        .iter()
        .map(|m| (m.tile, m.from, m.to, m.shown))
        .collect();
    assert_eq!(
        route,
        [
            (thrown, Place::Discards(0), Place::Meld(2, 0), Shown::All),
            (east[0], Place::Hand(2), Place::Meld(2, 0), Shown::All),
            (east[2], Place::Hand(2), Place::Meld(2, 0), Shown::All),
        ]
    );
    assert!(game.discards(0)[0].called);
    assert_eq!(game.pending(), Pending::Turn(2));
    assert_eq!(game.drawn_tile(), None);
    // Kuikae: the fourth East may not go straight back out; no tsumo after a call.
    assert_eq!(
        game.apply(2, Action::Discard(east[1])),
        Err(RuleError::SwapCall)
    );
    assert_eq!(
        game.apply(2, Action::Tsumo),
        Err(RuleError::MustDiscardAfterCall)
    );
    let legal = game.legal_actions(2);
    assert_eq!(legal.len(), 10);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Discard(t) if t.kind() != kind("1z"))));
    // Play goes on from the caller: after its discard the next seat (3) draws.
    discard(&mut game, 2, "5z");
    pass_all(&mut game);
    assert_eq!(game.pending(), Pending::Turn(3));
}

#[test]
fn chi_is_for_the_next_seat_only_and_bans_both_swap_kinds() {
    let script = Script {
        hands: [
            "3m111p222p333p444p",
            "45m0m6m789p789s55z1z",
            "45m123456789s1z2z",
            "1z2z3z4z5z6z1s9s1p9p1m9m2m",
        ],
        draws: "7z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    discard(&mut game, 0, "3m");
    let four = tile_of(&game, 1, "4m");
    let five = tile_of(&game, 1, "5m");
    let red = tile_of(&game, 1, "0m");
    assert!(red.is_red_five() && !five.is_red_five());
    // Protocols name kinds: a plain copy unless the red five is named, distinct tiles.
    let (k4, k5) = (kind("4m"), kind("5m"));
    assert_eq!(game.find_tile(1, k5, true), Some(red));
    assert_eq!(game.find_tile(1, k5, false), Some(five));
    assert_eq!(
        game.find_tiles(1, &[(k4, false), (k5, true)])
            .unwrap()
            .as_slice(),
        &[four, red]
    );
    assert_eq!(
        game.find_tiles(1, &[(k5, false), (k5, false)])
            .unwrap()
            .as_slice(),
        &[five, red]
    );
    assert_eq!(game.find_tiles(1, &[(k4, false), (k4, false)]), None);
    assert_eq!(
        game.legal_actions(1).as_slice(),
        &[
            Action::Pass,
            Action::Chi([four, five]),
            Action::Chi([four, red])
        ]
    );
    // Seat 2 holds 4m and 5m too, but is not the discarder's next seat.
    assert_eq!(game.legal_actions(2).as_slice(), &[Action::Pass]);
    let (four2, five2) = (tile_of(&game, 2, "4m"), tile_of(&game, 2, "5m"));
    assert_eq!(
        game.apply(2, Action::Chi([four2, five2])),
        Err(RuleError::BadChi)
    );
    assert_eq!(
        game.apply(1, Action::Chi([four, tile_of(&game, 1, "6m")])),
        Err(RuleError::BadChi)
    );
    act(&mut game, 1, Action::Chi([four, red]));
    act(&mut game, 2, Action::Pass);
    let events = act(&mut game, 3, Action::Pass);
    let Event::Meld {
        seat: 1,
        index: 0,
        meld,
    } = events[0]
    else {
        panic!("a meld first: {events:?}")
    };
    assert_eq!(meld.kind, MeldKind::Chi);
    assert_eq!(meld.tiles(), &[game.discards(0)[0].tile, four, red]);
    // 345m called on the 3: neither 3m nor 6m may follow; 5m may.
    let six = tile_of(&game, 1, "6m");
    assert_eq!(
        game.apply(1, Action::Discard(six)),
        Err(RuleError::SwapCall)
    );
    assert!(game.legal_actions(1).contains(&Action::Discard(five)));
    assert!(!game.legal_actions(1).contains(&Action::Discard(six)));
}

/// Seat 0 throws the red 5p that seat 1 waits on and seat 2 could pon.
fn ron_script() -> Script<'static> {
    Script {
        hands: [
            "0p123456789m123s",
            "234m567s678s34p88p",
            "55p123456z19m19s9p",
            "",
        ],
        draws: "7z",
        ..Script::default()
    }
}

#[test]
fn ron_beats_pon_and_is_paid_by_the_discarder() {
    let (mut game, _) = ron_script().start();
    discard(&mut game, 0, "0p");
    let fives: Vec<_> = game
        .hand(2)
        .iter()
        .copied()
        .filter(|t| t.kind() == kind("5p"))
        .collect();
    assert!(game.legal_actions(1).contains(&Action::Ron));
    act(&mut game, 2, Action::Pon([fives[0], fives[1]]));
    act(&mut game, 1, Action::Ron);
    let events = act(&mut game, 3, Action::Pass);
    assert!(!events.iter().any(|e| matches!(e, Event::Meld { .. })));
    let won = wins(&events);
    assert_eq!(won.len(), 1);
    let win = &won[0];
    assert_eq!((win.winner, win.from), (1, Some(0)));
    assert!(win.tile.is_red_five());
    assert!(win.agari.yaku.iter().any(|(y, _)| *y == Yaku::Tanyao));
    assert_eq!(win.agari.aka, 1);
    // Tanyao, pinfu and a red five at 30 fu: 3900.
    assert_eq!(win.payment, Payment::Ron(3900));
    assert_eq!(win.deltas, [-3900, 3900, 0, 0]);
    assert_eq!(game.scores(), [21_100, 28_900, 25_000, 25_000]);
    // Every hand is then shown to everyone, and the hand is over.
    let reveals = moves(&events)
        .into_iter()
        .filter(|m| matches!((m.from, m.to), (Place::Hand(a), Place::Hand(b)) if a == b))
        .count();
    assert_eq!(reveals, 13 + 13 + 13 + 13);
    assert!(matches!(events.last(), Some(Event::HandOver { .. })));
    assert_eq!(game.pending(), Pending::HandOver);
    assert_eq!(game.apply(2, Action::Pass), Err(RuleError::HandOver));
    // A non-dealer won: the deal passes to seat 1.
    let next = game.next_hand().unwrap();
    let Event::NewHand { dealer, honba, .. } = next[0] else {
        panic!("a new hand")
    };
    assert_eq!((dealer, honba), (1, 0));
    assert_eq!(mahjong::seat_winds(dealer.into())[1], Wind::East);
}

/// Seat 2 holds three white dragons; seat 0 throws the fourth.
fn kan_script() -> Script<'static> {
    Script {
        hands: [
            "5z123456789m123s",
            "1234z6z1p9p1s9s234p9m",
            "555z123456m78p99s",
            "",
        ],
        draws: "7z",
        replacements: "9p",
        ..Script::default()
    }
}

#[test]
fn daiminkan_draws_a_replacement_and_turns_its_dora_after_the_discard() {
    let (mut game, _) = kan_script().start();
    discard(&mut game, 0, "5z");
    let whites: Vec<_> = game
        .hand(2)
        .iter()
        .copied()
        .filter(|t| t.kind() == kind("5z"))
        .collect();
    let kan = Action::Daiminkan([whites[0], whites[1], whites[2]]);
    act(&mut game, 2, kan);
    act(&mut game, 1, Action::Pass);
    let events = act(&mut game, 3, Action::Pass);
    assert!(
        matches!(events[0], Event::Meld { seat: 2, index: 0, meld } if meld.kind == MeldKind::Daiminkan)
    );
    let route: Vec<_> = moves(&events)
        .iter()
        .map(|m| (m.from, m.to, m.shown))
        .collect();
    assert_eq!(route.len(), 5);
    assert_eq!(
        route[0],
        (Place::Discards(0), Place::Meld(2, 0), Shown::All)
    );
    assert!(route[1..4]
        .iter()
        .all(|r| *r == (Place::Hand(2), Place::Meld(2, 0), Shown::All)));
    assert_eq!(
        route[4],
        (Place::Replacement(0), Place::Hand(2), Shown::Only(2))
    );
    assert_eq!(game.dora_indicators().len(), 1, "an open kan's dora waits");
    assert_eq!(game.wall_remaining(), 68, "the kan shortened the live wall");
    let before_discard = game.clone();

    // Discarding turns the kan dora (a2) up, before anyone may claim the discard.
    let events = discard(&mut game, 2, "9s");
    let route: Vec<_> = moves(&events)
        .iter()
        .map(|m| (m.from, m.to, m.shown))
        .collect();
    assert_eq!(
        route,
        [
            (Place::Hand(2), Place::Discards(2), Shown::All),
            (Place::DoraWall(2), Place::DoraWall(2), Shown::All),
        ]
    );
    assert_eq!(game.dora_indicators().len(), 2);

    // The replacement 9p completed the hand: rinshan kaihou, kan dora turned first.
    let mut game = before_discard;
    assert!(game.legal_actions(2).contains(&Action::Tsumo));
    let events = act(&mut game, 2, Action::Tsumo);
    let Event::Move(m) = events[0] else {
        panic!("the kan dora first")
    };
    assert_eq!((m.from, m.to), (Place::DoraWall(2), Place::DoraWall(2)));
    let win = &wins(&events)[0];
    assert_eq!((win.winner, win.from), (2, None));
    let yaku: Vec<Yaku> = win.agari.yaku.iter().map(|(y, _)| *y).collect();
    assert!(
        yaku.contains(&Yaku::Rinshan) && yaku.contains(&Yaku::Haku),
        "{yaku:?}"
    );
    assert!(!yaku.contains(&Yaku::MenzenTsumo), "the hand is open");
    let Payment::Tsumo { dealer, other } = win.payment else {
        panic!("a non-dealer tsumo")
    };
    assert_eq!(win.deltas[0], -(dealer as i32));
    assert_eq!(win.deltas[1], -(other as i32));
    assert_eq!(win.deltas[2], (dealer + 2 * other) as i32);
}
