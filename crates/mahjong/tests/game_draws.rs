//! Hands that end without a winner: the abortive draws (four winds, four riichi, four
//! kans, nine terminals) and the exhausted wall with its tenpai payments, and what each
//! does to the deal and the honba.

mod game_support;

use game_support::{act, discard, draw_of, kind, pass_all, riichi, tsumogiri, wins, Script};
use mahjong::{Abort, Action, DrawKind, Event, Game, Pending};

/// The start of the next hand: dealer, honba and sticks.
fn next_deal(game: &mut Game) -> (usize, u8, u8) {
    let events = game.next_hand().expect("the hand is over");
    match events[0] {
        Event::NewHand {
            dealer,
            honba,
            sticks,
            ..
        } => (dealer.into(), honba, sticks),
        ref other => panic!("expected a new hand, got {other:?}"),
    }
}

#[test]
fn four_winds_on_the_first_go_around_abort_the_hand() {
    let script = Script {
        hands: [
            "1z123m456m789m123p",
            "1z234s567s89s456p7p",
            "1z2z2z3z3z5z5z6z6z7z7z9p9p",
            "1z234m567m234p55s8p",
        ],
        draws: "3s 9m 8m 1m",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    discard(&mut game, 0, "1z");
    pass_all(&mut game);
    for seat in 1..3 {
        discard(&mut game, seat, "1z");
        pass_all(&mut game);
    }
    discard(&mut game, 3, "1z");
    assert_eq!(game.legal_actions(0).as_slice(), &[Action::Pass]);
    let events = pass_all(&mut game);
    assert_eq!(
        draw_of(&events),
        Some((DrawKind::Abortive(Abort::FourWinds), [0; 4]))
    );
    assert_eq!(next_deal(&mut game), (0, 1, 0));
}

#[test]
fn the_fourth_riichi_stick_aborts_the_hand() {
    let script = Script {
        hands: [
            "123m456m789m11p45p",
            "123p456p789p11s45s",
            "123s456s789s99m78m",
            "234m567p678s66z77z",
        ],
        draws: "1z 2z 3z 4z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    for (seat, wind) in ["1z", "2z", "3z", "4z"].into_iter().enumerate() {
        riichi(&mut game, seat, wind);
        if seat < 3 {
            pass_all(&mut game);
        }
    }
    assert_eq!(game.legal_actions(0).as_slice(), &[Action::Pass]);
    let events = pass_all(&mut game);
    assert!(events.contains(&Event::RiichiAccepted {
        seat: 3,
        sticks: 4,
        scores: [24_000; 4],
    }));
    assert_eq!(
        draw_of(&events),
        Some((DrawKind::Abortive(Abort::FourRiichi), [0; 4]))
    );
    assert_eq!(
        next_deal(&mut game),
        (0, 1, 4),
        "the sticks stay on the table"
    );
}

#[test]
fn four_kans_by_different_seats_abort_once_the_last_discard_passes() {
    let script = Script {
        hands: [
            "1111m2345p678p99s",
            "1111p234s567s78m1z",
            "1111s234m678m99p2z",
            "9999m345s678p2z3z4z",
        ],
        draws: "5z 7z 7z 5z",
        replacements: "6z6z6z6z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    for (seat, quad) in ["1m", "1p", "1s"].into_iter().enumerate() {
        act(&mut game, seat, Action::Ankan(kind(quad)));
        discard(&mut game, seat, "6z");
        pass_all(&mut game);
    }
    act(&mut game, 3, Action::Ankan(kind("9m")));
    assert_eq!(game.dora_indicators().len(), 5);
    discard(&mut game, 3, "6z");
    assert_eq!(game.legal_actions(0).as_slice(), &[Action::Pass]);
    let events = pass_all(&mut game);
    assert_eq!(
        draw_of(&events),
        Some((DrawKind::Abortive(Abort::FourKans), [0; 4]))
    );
}

#[test]
fn four_kans_by_one_seat_play_on_and_can_make_suukantsu() {
    let script = Script {
        hands: ["1111m1111p1111s9m", "", "", ""],
        draws: "9m",
        replacements: "9m5z9m5z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    for quad in ["1m", "1p", "1s", "9m"] {
        act(&mut game, 0, Action::Ankan(kind(quad)));
    }
    assert_eq!(game.hand(0).len(), 2);
    let mut played_on = game.clone();
    discard(&mut played_on, 0, "5z");
    pass_all(&mut played_on);
    assert_eq!(played_on.pending(), Pending::Turn(1), "no abort");
    assert!(!played_on
        .legal_actions(1)
        .iter()
        .any(|a| matches!(a, Action::Ankan(_) | Action::Kakan(_))));

    let events = act(&mut game, 0, Action::Tsumo);
    let win = &wins(&events)[0];
    assert!(win
        .agari
        .yaku
        .iter()
        .any(|(y, _)| *y == mahjong::Yaku::Suukantsu));
    // Suukantsu and (four concealed kans, single wait) suuankou tanki: triple yakuman.
    assert_eq!(win.deltas, [144_000, -48_000, -48_000, -48_000]);
}

#[test]
fn nine_terminals_may_abort_on_the_first_turn() {
    let script = Script {
        hands: ["19m19p19s1234z55m6m", "", "", ""],
        draws: "7m",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    let events = act(&mut game, 0, Action::NineTerminals);
    assert_eq!(
        draw_of(&events),
        Some((DrawKind::Abortive(Abort::NineTerminals(0)), [0; 4]))
    );
    assert_eq!(next_deal(&mut game), (0, 1, 0));
}

/// Two tenpai hands and two hopeless ones, seated as `order` says (`order[s]` is the
/// hand seat `s` gets: 0 and 1 are tenpai).
fn wall_runs_out(order: [usize; 4]) -> Script<'static> {
    const HANDS: [&str; 4] = [
        "123m456m789m11p45p",
        "123s456s789s22p99p",
        "1z2z3z4z5z6z1m4m7m1p4p7p1s",
        "2m5m8m2p5p8p2s5s8s7z1s4s7s",
    ];
    Script {
        hands: order.map(|i| HANDS[i]),
        ..Script::default()
    }
}

/// Everyone throws what they draw until the wall is empty; returns the last events.
fn play_out(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while let Pending::Turn(seat) = game.pending() {
        let tile = game.drawn_tile().expect("a drawn tile");
        events = act(game, seat, Action::Discard(tile));
        if game.wall_remaining() == 0 {
            // The last discard: only ron is possible.
            for s in 0..4 {
                assert!(game
                    .legal_actions(s)
                    .iter()
                    .all(|a| matches!(a, Action::Pass | Action::Ron)));
            }
        }
        events.extend(pass_all(game));
    }
    events
}

#[test]
fn an_exhausted_wall_pays_the_tenpai_seats() {
    let (mut game, _) = wall_runs_out([0, 1, 2, 3]).start();
    let events = play_out(&mut game);
    assert_eq!(
        draw_of(&events),
        Some((
            DrawKind::Exhaustive {
                tenpai: [true, true, false, false]
            },
            [1500, 1500, -1500, -1500]
        ))
    );
    assert_eq!(game.scores(), [26_500, 26_500, 23_500, 23_500]);
    assert_eq!(next_deal(&mut game), (0, 1, 0), "a tenpai dealer repeats");
}

#[test]
fn a_noten_dealer_passes_the_deal_and_the_honba_still_grow() {
    let (mut game, _) = wall_runs_out([2, 0, 3, 3]).start();
    let events = play_out(&mut game);
    let (kind, deltas) = draw_of(&events).unwrap();
    assert_eq!(
        kind,
        DrawKind::Exhaustive {
            tenpai: [false, true, false, false]
        }
    );
    assert_eq!(deltas, [-1000, 3000, -1000, -1000]);
    assert_eq!(next_deal(&mut game), (1, 1, 0));
}

#[test]
fn the_last_discard_is_open_to_ron_only_and_wins_houtei() {
    let script = Script {
        hands: [
            "1z2z3z4z5z6z1m4m7m1p4p7p1s",
            "2m5m8m2p5p8p2s5s8s1z1s4s7s",
            "234m567m234p567p7z",
            "7z7z9m9m9p9p9s9s3s3s6s6s2z",
        ],
        last: "7z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    while game.wall_remaining() > 0 {
        let Pending::Turn(seat) = game.pending() else {
            panic!("no calls in this hand")
        };
        tsumogiri(&mut game, seat);
    }
    // Seat 1 drew the last tile, a 7z; seat 3's pair may not pon it.
    assert_eq!(game.pending(), Pending::Turn(1));
    discard(&mut game, 1, "7z");
    assert_eq!(game.legal_actions(3).as_slice(), &[Action::Pass]);
    assert_eq!(
        game.legal_actions(2).as_slice(),
        &[Action::Pass, Action::Ron]
    );
    act(&mut game, 2, Action::Ron);
    let events = pass_all(&mut game);
    let win = &wins(&events)[0];
    assert!(win
        .agari
        .yaku
        .iter()
        .any(|(y, _)| *y == mahjong::Yaku::Houtei));
}
