//! Mahjong through the `parlor_game` contract: a hanchan played out by CPU players, the
//! scores still 100,000 in all (riichi sticks aside).

use cards::seeded_rng;
use mahjong::bots::by_name;
use mahjong::{Game, Rules};
use parlor_game::{play_out, Game as _, Strategy};

#[test]
fn cpu_players_finish_a_hanchan_through_the_contract() {
    let (mut game, _) = Game::new(Rules::default(), seeded_rng(8));
    let mut players: Vec<Box<dyn Strategy<Game>>> =
        ["random", "efficiency", "random", "efficiency"]
            .iter()
            .map(|name| by_name(name).unwrap())
            .collect();
    assert!(play_out(&mut game, &mut players, &mut seeded_rng(2)) > 100);
    let total: i64 = (0..4).map(|s| game.score(s)).sum();
    assert!(total <= 100_000 && (100_000 - total) % 1000 == 0, "{total}");
}

#[test]
fn a_seat_sees_no_tile_the_rules_hide_from_it() {
    use mahjong::game::{Event, Shown};
    use parlor_game::Projected;
    let (_, events) = Game::new(Rules::default(), seeded_rng(8));
    let hidden = |m: &mahjong::game::Move, seat| m.face_for(seat).is_none();
    for seat in 0..4 {
        let mut concealed = 0;
        for event in &events {
            let Some(seen) = <Game as Projected>::for_seat(event, seat) else {
                continue;
            };
            if let (Event::Move(m), Event::Move(s)) = (event, &seen) {
                if hidden(m, seat) {
                    concealed += 1;
                    assert_eq!((s.tile.id(), s.shown), (0, Shown::Nobody), "{m:?}");
                    assert_eq!((s.from, s.to), (m.from, m.to));
                } else {
                    assert_eq!(s, m);
                }
            }
        }
        // The wall and the other three hands.
        assert!(concealed > 3 * 13, "seat {seat}: {concealed}");
    }
}

/// The seats to act, as the game tracks them, are exactly the seats with a legal action,
/// at every step of whole games (turns, claim windows with several claimers, hands'
/// ends).
#[test]
fn the_seats_to_act_are_the_seats_with_a_legal_action() {
    for seed in 0..6 {
        let (mut game, _) = Game::new(Rules::default(), seeded_rng(seed));
        let mut players: Vec<Box<dyn Strategy<Game>>> = ["random", "efficiency"]
            .iter()
            .cycle()
            .take(4)
            .map(|name| by_name(name).unwrap())
            .collect();
        let mut rng = seeded_rng(seed + 100);
        let mut steps = 0;
        while !game.is_over() {
            let with_moves: Vec<usize> = (0..4)
                .filter(|&s| !game.legal_actions(s).is_empty())
                .collect();
            assert_eq!(game.to_act().collect::<Vec<_>>(), with_moves, "seed {seed}");
            let Some(seat) = with_moves.first().copied() else {
                game.advance().expect("a hand's end leads to the next hand");
                continue;
            };
            let legal = game.legal_actions(seat);
            let action = players[seat].choose(&game.view(seat), &legal, &mut rng);
            game.apply(seat, action).expect("a legal move");
            steps += 1;
        }
        assert!(steps > 100, "seed {seed}: {steps}");
    }
}
