//! The three kinds of furiten: a wait among one's own discards, a winning tile let go
//! (until one's next turn), and one let go after riichi (for the rest of the hand).
//! None of them stops a tsumo.

mod game_support;

use game_support::{act, discard, pass_all, riichi, tsumogiri, Script};
use mahjong::{Action, Game, Pending, RuleError};

/// Seat 1 waits on 3p-6p with ittsu; nobody else can call anything that is thrown.
fn furiten_script(draws: &str) -> (Game, Vec<mahjong::Event>) {
    Script {
        hands: [
            "1234567z1s9s1p9p5m9m",
            "123m456m789m11p45p",
            "2468s2468p2z3z5z9s9p",
            "3579s3579p6z7z4z1z2s",
        ],
        draws,
        ..Script::default()
    }
    .start()
}

/// The seat on turn throws its drawn tile; everyone passes.
fn throw(game: &mut Game) {
    let Pending::Turn(seat) = game.pending() else {
        panic!("no turn: {:?}", game.pending())
    };
    tsumogiri(game, seat);
}

#[test]
fn letting_a_win_go_is_furiten_until_the_next_turn() {
    let (mut game, _) = furiten_script("8m 1z 4z 3p 6p 7z 3p");
    discard(&mut game, 0, "8m");
    pass_all(&mut game);
    throw(&mut game); // seat 1: 1z
    throw(&mut game); // seat 2: 4z
    discard(&mut game, 3, "3p");
    assert!(game.legal_actions(1).contains(&Action::Ron));
    pass_all(&mut game);
    // Seat 0's 6p comes in the same go-around: no ron.
    discard(&mut game, 0, "6p");
    assert!(!game.legal_actions(1).contains(&Action::Ron));
    assert_eq!(game.apply(1, Action::Ron), Err(RuleError::Furiten));
    pass_all(&mut game);
    // Seat 1's own turn clears it: seat 2's 3p may be ronned.
    throw(&mut game); // seat 1: 7z
    discard(&mut game, 2, "3p");
    assert!(game.legal_actions(1).contains(&Action::Ron));
}

#[test]
fn a_wait_among_ones_own_discards_is_furiten_but_tsumo_is_fine() {
    let (mut game, _) = furiten_script("8m 6p 4z 3p 5z 3p");
    discard(&mut game, 0, "8m");
    pass_all(&mut game);
    // Seat 1 draws a winning 6p and throws it.
    assert!(game.legal_actions(1).contains(&Action::Tsumo));
    throw(&mut game);
    throw(&mut game); // seat 2: 4z
    discard(&mut game, 3, "3p");
    assert!(!game.legal_actions(1).contains(&Action::Ron));
    assert_eq!(game.apply(1, Action::Ron), Err(RuleError::Furiten));
    pass_all(&mut game);
    throw(&mut game); // seat 0: 5z
    assert_eq!(game.pending(), Pending::Turn(1));
    assert!(game.legal_actions(1).contains(&Action::Tsumo));
}

#[test]
fn letting_a_win_go_after_riichi_is_furiten_for_the_hand() {
    let (mut game, _) = furiten_script("8m 1z 3p 4z 6m 2m 6p 7z 2z 3p");
    discard(&mut game, 0, "8m");
    pass_all(&mut game);
    riichi(&mut game, 1, "1z");
    pass_all(&mut game);
    discard(&mut game, 2, "3p");
    assert!(game.legal_actions(1).contains(&Action::Ron));
    pass_all(&mut game);
    throw(&mut game); // seat 3: 4z
    throw(&mut game); // seat 0: 6m
    throw(&mut game); // seat 1: 2m (it must)
    discard(&mut game, 2, "6p");
    assert_eq!(game.apply(1, Action::Ron), Err(RuleError::Furiten));
    pass_all(&mut game);
    throw(&mut game); // seat 3: 7z
    throw(&mut game); // seat 0: 2z
    assert!(game.legal_actions(1).contains(&Action::Tsumo));
    act(&mut game, 1, Action::Tsumo);
    assert_eq!(game.pending(), Pending::HandOver);
}
