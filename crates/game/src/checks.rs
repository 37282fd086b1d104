//! Checks of the contract's promises that every rules crate's property tests run, written
//! once: each game's tests drive its own random positions and call these on them.

use crate::{Game, Notation, Seat};
use std::fmt::Debug;

/// Every legal action of every seat applies and reads back from its notation as itself;
/// `probe` applies only if it is legal, and a refusal changes nothing (the game's `Debug`
/// text is the same before and after); the seats to act are those with legal actions
/// (a game that answers [`Game::to_act`] from its own state agrees with them).
///
/// # Panics
/// When `game` breaks one of those promises: that is the test failing.
pub fn check_legality<G: Notation + Clone + Debug>(game: &G, probe: G::Action) {
    for seat in 0..game.seats() {
        check_seat(game, seat, probe);
    }
    let acting: Vec<Seat> = game.to_act().collect();
    let legal: Vec<Seat> = (0..game.seats())
        .filter(|&seat| !game.legal_actions(seat).is_empty())
        .collect();
    assert_eq!(
        acting, legal,
        "to_act disagrees with the legal actions: {game:?}"
    );
    check_outcome(game);
}

/// The outcome is there exactly when the game is over: a place (1 to the number of seats)
/// and points for every seat, the most points never behind fewer; and a game rebuilt
/// from its own rules has as many seats.
///
/// # Panics
/// When `game` breaks one of those promises.
pub fn check_outcome<G: Game + Debug>(game: &G) {
    let Some(outcome) = game.outcome() else {
        assert!(!game.is_over(), "a game over without an outcome: {game:?}");
        return;
    };
    assert!(game.is_over(), "an outcome before the end");
    let seats = game.seats();
    assert_eq!((outcome.places.len(), outcome.points.len()), (seats, seats));
    for a in 0..seats {
        assert!(
            (1..=seats as u32).contains(&outcome.places[a]),
            "{outcome:?}"
        );
        for b in 0..seats {
            if outcome.points[a] > outcome.points[b] {
                assert!(outcome.places[a] <= outcome.places[b], "{outcome:?}");
            }
        }
    }
}

fn check_seat<G: Notation + Clone + Debug>(game: &G, seat: Seat, probe: G::Action) {
    let legal = game.legal_actions(seat);
    for &action in legal.iter() {
        check_notation::<G>(action);
        let mut copy = game.clone();
        assert!(
            copy.apply(seat, action).is_ok(),
            "seat {seat}: {action:?} refused"
        );
    }
    if !legal.contains(&probe) {
        let mut copy = game.clone();
        let before = format!("{copy:?}");
        assert!(
            copy.apply(seat, probe).is_err(),
            "seat {seat}: {probe:?} accepted"
        );
        assert_eq!(
            format!("{copy:?}"),
            before,
            "a refused action changed the game"
        );
    }
}

/// `action` reads back from its notation as itself, and the notation is what the store
/// can keep: one line of lower-case words, a verb first.
///
/// # Panics
/// When the notation does not round-trip or breaks its form.
pub fn check_notation<G: Notation>(action: G::Action) {
    let text = G::notate(&action);
    assert_eq!(G::read(&text), Some(action), "{action:?} written {text:?}");
    let verb_first = text.starts_with(|c: char| c.is_ascii_lowercase());
    let one_line = !text.contains(['\n', '\r']) && !text.contains("  ");
    assert!(verb_first && one_line && text.trim() == text, "{text:?}");
}

/// Applies `action` by `seat`, which `game` must offer and accept; returns its events.
/// For tests that play a position step by step.
///
/// # Panics
/// When the action is not offered or is refused.
pub fn applied<G: Game>(game: &mut G, seat: Seat, action: G::Action) -> G::Events {
    assert!(
        game.legal_actions(seat).contains(&action),
        "seat {seat} was not offered {action:?}: {:?}",
        &*game.legal_actions(seat)
    );
    match game.apply(seat, action) {
        Ok(events) => events,
        Err(refusal) => panic!("seat {seat}: offered {action:?} refused: {refusal:?}"),
    }
}

/// Applies `action` by `seat`, which `game` must not offer and must refuse with
/// `expected`, and checks that the refusal changed nothing (the same `Debug` text).
///
/// # Panics
/// When the action is offered, accepted, refused for another reason, or changes the game.
pub fn refused_with<G: Game + Debug>(
    game: &mut G,
    seat: Seat,
    action: G::Action,
    expected: G::Refusal,
) where
    G::Refusal: PartialEq,
{
    let before = format!("{game:?}");
    assert!(
        !game.legal_actions(seat).contains(&action),
        "seat {seat} was offered {action:?}"
    );
    let refusal = game.apply(seat, action).err();
    assert_eq!(refusal, Some(expected), "{action:?} by {seat}");
    assert_eq!(
        format!("{game:?}"),
        before,
        "a refused action changed the game"
    );
}
