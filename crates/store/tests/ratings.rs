//! Ratings and statistics follow finished games: winners up, losers down, teammates
//! together, ties and unfinished games no result, one pool per protocol.

mod common;

use common::{cpu, end, start};
use parlor_store::{GameId, Reader, SeatName, SqliteStore, Standing, Storage};

fn line<'a>(board: &'a [Standing], name: &str) -> &'a Standing {
    board.iter().find(|p| p.name == name).expect(name)
}

#[test]
fn a_ranking_orders_the_ratings() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "mahjong", &["d", "b", "a", "c"]))
        .unwrap();
    s.finish_game(&end(1, &[100, 300, 400, 200], &[4, 2, 1, 3]))
        .unwrap();
    let board = s.leaderboard("mahjong").unwrap();
    let names: Vec<&str> = board.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c", "d"], "by rating: {board:?}");
    assert!(board[0].rating > 1500.0 && board[3].rating < 1500.0);
    // Newcomers meeting newcomers: the gains and losses mirror each other.
    assert!((board[0].rating + board[3].rating - 3000.0).abs() < 0.2);
    assert!(board.iter().all(|p| p.deviation < 200.0 && p.games == 1));
    assert_eq!(line(&board, "a").wins, 1);
    assert_eq!(line(&board, "b").wins, 0);
    assert_eq!(line(&board, "a").points, 400);
}

#[test]
fn teammates_move_together_and_a_name_with_two_seats_counts_once() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    for id in 1..=3 {
        // Jass: seats 0 and 2 (ann, amy) beat 1 and 3; `bot` holds both seats 1 and 3.
        s.start_game(&start(id, "jass", &["ann", "bot", "amy", "bot"]))
            .unwrap();
        s.finish_game(&end(id, &[2600, 900, 2600, 900], &[1, 2, 1, 2]))
            .unwrap();
    }
    let board = s.leaderboard("jass").unwrap();
    assert_eq!(board.len(), 3);
    let (ann, amy, bot) = (
        line(&board, "ann"),
        line(&board, "amy"),
        line(&board, "bot"),
    );
    assert_eq!(ann.rating, amy.rating);
    assert!(ann.rating > 1500.0 && bot.rating < 1500.0);
    assert_eq!((ann.games, ann.wins, ann.points), (3, 3, 7800));
    assert_eq!(
        (bot.games, bot.wins, bot.points),
        (3, 0, 2700),
        "one seat's points"
    );
}

#[test]
fn ties_are_no_result_and_deviations_never_exceed_a_newcomers() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "wars", &["a", "b", "c"])).unwrap();
    s.finish_game(&end(1, &[5, 5, 5], &[1, 1, 1])).unwrap();
    let board = s.leaderboard("wars").unwrap();
    for p in &board {
        assert_eq!((p.rating, p.deviation), (1500.0, 200.0), "{p:?}");
        assert_eq!((p.games, p.wins), (1, 1), "everybody shares first place");
    }
}

#[test]
fn an_upset_moves_more_than_an_expected_result() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    for id in 1..=6 {
        s.start_game(&start(id, "truco", &["strong", "weak"]))
            .unwrap();
        s.finish_game(&end(id, &[12, 3], &[1, 2])).unwrap();
    }
    let rating = |s: &SqliteStore, name: &str| line(&s.leaderboard("truco").unwrap(), name).rating;
    let strong = rating(&s, "strong");
    let deviation = line(&s.leaderboard("truco").unwrap(), "strong").deviation;
    assert!(
        deviation < 150.0,
        "six games make a rating surer: {deviation}"
    );
    s.start_game(&start(7, "truco", &["strong", "weak"]))
        .unwrap();
    s.finish_game(&end(7, &[12, 3], &[1, 2])).unwrap();
    let expected_gain = rating(&s, "strong") - strong;
    let weak = rating(&s, "weak");
    s.start_game(&start(8, "truco", &["strong", "weak"]))
        .unwrap();
    s.finish_game(&end(8, &[3, 12], &[2, 1])).unwrap();
    let upset_gain = rating(&s, "weak") - weak;
    assert!(expected_gain > 0.0);
    assert!(
        upset_gain > 2.0 * expected_gain,
        "beating the favourite is worth more: {upset_gain} against {expected_gain}"
    );
}

#[test]
fn cpu_players_are_rated_and_marked_and_pools_are_per_protocol() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    let mut game = start(1, "minitruco", &["ann", "CPU2", "bob", "CPU4"]);
    game.seats[1] = cpu("CPU2", "heuristic");
    game.seats[3] = cpu("CPU4", "heuristic");
    s.start_game(&game).unwrap();
    s.finish_game(&end(1, &[12, 8, 12, 8], &[2, 1, 2, 1]))
        .unwrap();
    let board = s.leaderboard("minitruco").unwrap();
    assert!(line(&board, "CPU2").cpu && !line(&board, "ann").cpu);
    assert!(line(&board, "CPU2").rating > line(&board, "ann").rating);
    assert!(s.leaderboard("truco").unwrap().is_empty());
    // An unfinished game counts for nothing.
    s.start_game(&start(2, "minitruco", &["ann", "x", "bob", "y"]))
        .unwrap();
    assert_eq!(s.leaderboard("minitruco").unwrap(), board);
}

#[test]
fn a_seat_named_during_the_game_is_rated_by_that_name_and_an_unnamed_one_not_at_all() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    // Course Truco: the match started with two players who had given no name yet.
    s.start_game(&start(1, "truco", &["ann", "", "", "bob"]))
        .unwrap();
    let named = SeatName {
        game: GameId(1),
        seat: 2,
        name: "cy".into(),
    };
    s.name_seat(&named).unwrap();
    let no_seat = SeatName {
        seat: 4,
        ..named.clone()
    };
    assert!(s.name_seat(&no_seat).is_err(), "there is no seat 4");
    s.finish_game(&end(1, &[12, 7, 12, 7], &[1, 2, 1, 2]))
        .unwrap();
    assert!(s.name_seat(&named).is_err(), "the game has ended");
    let board = s.leaderboard("truco").unwrap();
    let mut names: Vec<&str> = board.iter().map(|p| p.name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["ann", "bob", "cy"], "no line for the unnamed seat");
    assert!(line(&board, "cy").rating > 1500.0, "cy beat bob");
    assert!(line(&board, "bob").rating < 1500.0);
    let game = s.game(GameId(1)).unwrap().unwrap();
    let seats: Vec<&str> = game
        .summary
        .seats
        .iter()
        .map(|s| s.player.name.as_str())
        .collect();
    assert_eq!(seats, ["ann", "", "cy", "bob"]);
}
