//! Several rons on one tile: a double ron pays both winners (honba and sticks to the
//! seat nearest the discarder), a triple ron aborts the hand.

mod game_support;

use game_support::{act, discard, draw_of, wins, Script};
use mahjong::{Abort, Action, DrawKind, Event, Payment, Pending};

/// Seat 0 throws the red 5p, which seats 1, 2 and 3 all wait on.
fn three_waits() -> Script<'static> {
    Script {
        honba: 2,
        sticks: 1,
        scores: [25_000, 25_000, 24_000, 25_000],
        hands: [
            "0p123456789m123s",
            "234m567s678s34p88p",
            "234p345s678s666z5p",
            "345m234s678p555z5p",
        ],
        draws: "7z",
        ..Script::default()
    }
}

#[test]
fn a_double_ron_pays_both_and_the_nearest_takes_honba_and_sticks() {
    let (mut game, _) = three_waits().start();
    discard(&mut game, 0, "0p");
    for seat in 1..4 {
        assert!(
            game.legal_actions(seat).contains(&Action::Ron),
            "seat {seat}"
        );
    }
    act(&mut game, 3, Action::Ron);
    act(&mut game, 2, Action::Pass);
    let events = act(&mut game, 1, Action::Ron);
    let won = wins(&events);
    assert_eq!(won.len(), 2);
    let (first, second) = (&won[0], &won[1]);
    assert_eq!(
        (first.winner, second.winner),
        (1, 3),
        "nearest the discarder first"
    );
    let Payment::Ron(a) = first.payment else {
        panic!("a ron")
    };
    let Payment::Ron(b) = second.payment else {
        panic!("a ron")
    };
    let (a, b) = (a as i32, b as i32);
    assert_eq!((first.honba, first.sticks), (2, 1));
    assert_eq!((second.honba, second.sticks), (0, 0));
    assert_eq!(first.deltas, [-(a + 600), a + 600 + 1000, 0, 0]);
    assert_eq!(second.deltas, [-b, 0, 0, b]);
    assert_eq!(
        game.scores(),
        [25_000 - a - 600 - b, 25_000 + a + 1600, 24_000, 25_000 + b]
    );
    assert_eq!(game.sticks(), 0);
    // The dealer did not win: the deal passes on and the honba are cleared.
    let next = game.next_hand().unwrap();
    assert!(matches!(
        next[0],
        Event::NewHand {
            dealer: 1,
            honba: 0,
            sticks: 0,
            ..
        }
    ));
}

#[test]
fn a_triple_ron_aborts_the_hand() {
    let (mut game, _) = three_waits().start();
    discard(&mut game, 0, "0p");
    act(&mut game, 1, Action::Ron);
    act(&mut game, 2, Action::Ron);
    let events = act(&mut game, 3, Action::Ron);
    assert!(wins(&events).is_empty());
    assert_eq!(
        draw_of(&events),
        Some((DrawKind::Abortive(Abort::TripleRon), [0; 4]))
    );
    assert_eq!(game.scores(), [25_000, 25_000, 24_000, 25_000]);
    assert_eq!(game.pending(), Pending::HandOver);
    // Abortive draws repeat the dealer with one more honba; the stick stays.
    let next = game.next_hand().unwrap();
    assert!(matches!(
        next[0],
        Event::NewHand {
            dealer: 0,
            honba: 3,
            sticks: 1,
            ..
        }
    ));
}
