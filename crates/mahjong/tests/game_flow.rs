//! The game around the hands: when it ends (after the last dealer, at a score below zero,
//! or when the last dealer repeats in first place), the final places and leftover
//! sticks, and whole games played by bots.

mod game_support;

use cards::seeded_rng;
use game_support::{act, discard, pass_all, Script};
use mahjong::arena::play_game;
use mahjong::bots::{by_name, Strategy, NAMES};
use mahjong::{Action, Event, Game, Length, Pending, RuleError, Rules};

/// The game-over event among `events`.
fn game_over(events: &[Event]) -> Option<([i32; 4], [u8; 4])> {
    events.iter().find_map(|e| match e {
        Event::GameOver { scores, ranks } => Some((*scores, *ranks)),
        _ => None,
    })
}

/// Throws every drawn tile until the hand ends; returns the last events.
fn play_out(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while let Pending::Turn(seat) = game.pending() {
        let tile = game.drawn_tile().expect("a drawn tile");
        events = act(game, seat, Action::Discard(tile));
        events.extend(pass_all(game));
    }
    events
}

/// South 4 (seat 3 deals) with `tenpai` giving the tenpai hand to those seats.
fn last_hand(tenpai: [bool; 4], scores: [i32; 4], sticks: u8) -> Script<'static> {
    const READY: [&str; 4] = ["123m456m789m11p45p", "123s456s789s22p99p", "", ""];
    const HOPELESS: [&str; 4] = [
        "1z2z3z4z5z6z1m4m7m1p4p7p1s",
        "2m5m8m2p5p8p2s5s8s7z1s4s7s",
        "",
        "",
    ];
    let mut ready = READY.iter().filter(|h| !h.is_empty());
    let mut hopeless = HOPELESS.iter().filter(|h| !h.is_empty());
    let hands = tenpai.map(|t| {
        if t {
            *ready.next().expect("at most two tenpai seats")
        } else {
            *hopeless.next().expect("at most two noten seats")
        }
    });
    Script {
        round: 7,
        scores,
        sticks,
        hands,
        ..Script::default()
    }
}

#[test]
fn the_game_ends_after_the_last_dealer_and_leftover_sticks_go_to_first_place() {
    let scores = [30_000, 20_000, 25_000, 23_000];
    let (mut game, _) = last_hand([true, false, true, false], scores, 2).start();
    let events = play_out(&mut game);
    let (final_scores, ranks) = game_over(&events).expect("the game is over");
    // Tenpai payments (seats 0 and 2), then the two sticks to seat 0.
    assert_eq!(final_scores, [33_500, 18_500, 26_500, 21_500]);
    assert_eq!(ranks, [1, 4, 2, 3]);
    assert_eq!(final_scores.iter().sum::<i32>(), 100_000);
    assert!(game.is_over());
    assert_eq!(game.pending(), Pending::GameOver);
    assert_eq!(game.next_hand(), Err(RuleError::GameOver));
    assert_eq!(game.apply(0, Action::Pass), Err(RuleError::GameOver));
    assert!(game.legal_actions(0).is_empty());
}

#[test]
fn the_last_dealer_in_first_place_stops_when_tenpai() {
    let scores = [20_000, 20_000, 20_000, 40_000];
    let (mut game, _) = last_hand([false, true, false, true], scores, 0).start();
    let events = play_out(&mut game);
    let (final_scores, ranks) = game_over(&events).expect("agari-yame");
    assert_eq!(final_scores, [18_500, 21_500, 18_500, 41_500]);
    assert_eq!(ranks, [3, 2, 4, 1]);
}

#[test]
fn the_last_dealer_behind_plays_on_when_tenpai() {
    let scores = [40_000, 20_000, 20_000, 20_000];
    let (mut game, _) = last_hand([false, true, false, true], scores, 0).start();
    let events = play_out(&mut game);
    assert!(game_over(&events).is_none());
    assert_eq!(game.pending(), Pending::HandOver);
    let next = game.next_hand().unwrap();
    assert!(matches!(
        next[0],
        Event::NewHand {
            dealer: 3,
            number: 4,
            honba: 1,
            ..
        }
    ));
}

#[test]
fn the_last_dealer_winning_in_first_place_stops() {
    let script = Script {
        round: 7,
        scores: [20_000, 20_000, 20_000, 40_000],
        hands: ["", "", "", "123m456m789m11p45p"],
        draws: "6p",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    let events = act(&mut game, 3, Action::Tsumo);
    let (final_scores, ranks) = game_over(&events).expect("agari-yame");
    assert_eq!(ranks[3], 1);
    assert_eq!(final_scores.iter().sum::<i32>(), 100_000);
}

#[test]
fn a_score_below_zero_ends_the_game() {
    let script = Script {
        scores: [2_000, 30_000, 38_000, 30_000],
        hands: ["0p123456789m123s", "234m567s678s34p88p", "", ""],
        draws: "7z",
        ..Script::default()
    };
    let (mut game, _) = script.start();
    discard(&mut game, 0, "0p");
    act(&mut game, 1, Action::Ron);
    let events = pass_all(&mut game);
    let (final_scores, ranks) = game_over(&events).expect("seat 0 went below zero");
    assert!(final_scores[0] < 0);
    assert_eq!(ranks[0], 4);
    assert!(matches!(events[events.len() - 2], Event::HandOver { .. }));
}

#[test]
fn a_tonpuusen_ends_after_east_four() {
    let rules = Rules {
        length: Length::Tonpuusen,
        ..Rules::default()
    };
    let mut script = last_hand([true, true, false, false], [25_000; 4], 0);
    script.round = 3;
    let (mut game, _) = script.start_with(rules);
    let events = play_out(&mut game);
    assert!(game_over(&events).is_some(), "East 4's dealer was noten");
}

#[test]
fn bots_play_whole_games_to_the_end() {
    for (i, &name) in NAMES.iter().enumerate() {
        let mut seats: [Box<dyn Strategy<Game>>; 4] =
            std::array::from_fn(|_| by_name(name).unwrap());
        let result = play_game(Rules::default(), 11 + i as u64, 3, &mut seats);
        assert_eq!(result.scores.iter().sum::<i32>(), 100_000, "{name}");
        let mut ranks = result.ranks;
        ranks.sort_unstable();
        assert_eq!(ranks, [1, 2, 3, 4], "{name}");
        assert!(result.hands >= 1, "{name}");
    }
    // Efficiency bots win hands; a full hanchan has at least the eight dealer turns
    // unless someone went below zero.
    let mut seats: [Box<dyn Strategy<Game>>; 4] =
        std::array::from_fn(|_| by_name("efficiency").unwrap());
    let result = play_game(Rules::default(), 21, 4, &mut seats);
    assert!(result.wins.iter().sum::<u32>() > 0);
    assert!(result.hands >= 8 || result.scores.iter().any(|&s| s < 0));
}

#[test]
fn a_game_is_replayed_exactly_from_its_seed_and_actions() {
    let play = || {
        let (mut game, mut log) = Game::new(Rules::default(), seeded_rng(77));
        let mut bot = by_name("efficiency").unwrap();
        let mut rng = seeded_rng(78);
        while !game.is_over() && log.len() < 20_000 {
            let seat = match game.pending() {
                Pending::Turn(seat) => seat,
                Pending::Claims(owed) => owed.iter().next().unwrap(),
                Pending::HandOver => {
                    log.extend(game.next_hand().unwrap());
                    continue;
                }
                Pending::GameOver => break,
            };
            let legal = game.legal_actions(seat);
            let action = bot.choose(&game.view(seat), &legal, &mut rng);
            log.extend(game.apply(seat, action).unwrap());
        }
        log
    };
    assert_eq!(play(), play());
}
