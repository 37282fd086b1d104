//! The PostgreSQL store, on a private server (`parlor-testkit`): it answers every read
//! exactly as the embedded SQLite store does after the same writes, and it is safe for
//! the several writers of a cluster: their game ids never meet, games finishing at the
//! same moment on two writers lose no rating update, and a writer reopening marks only
//! its own unfinished games abandoned.

mod common;

use common::{cpu, end, hand, start};
use parlor_store::{
    GameAbandon, GameFilter, GameId, HandRecord, PgStore, Reader, Recorder, SeatName, SqliteStore,
    Status, StatusFilter, Storage, TournamentRecord,
};
use parlor_testkit::postgres;
use serde_json::{json, Value};
use std::sync::{Arc, Barrier};

/// A fresh database, opened by writer `node`.
fn pg(node: &str) -> (String, PgStore) {
    let url = postgres().database();
    let store = PgStore::open(&url, node).unwrap();
    (url, store)
}

/// A bit of everything a server writes: finished games of two protocols with people and
/// CPU players, hands, a renamed seat, a game still playing, an abandoned one, a discarded
/// one, a tournament written twice, and refused writes.
fn writes(s: &mut dyn Storage) {
    for id in 1..=6 {
        let protocol = if id % 2 == 0 { "truco" } else { "mahjong" };
        let mut game = start(id, protocol, &["x", &format!("p{id}")]);
        game.seats.push(cpu("CPU", "heuristic"));
        s.start_game(&game).unwrap();
        for number in 1..=2 {
            s.record_hand(&hand(id, number)).unwrap();
        }
        s.finish_game(&end(id, &[id, 10, 5], &[1 + (id % 3) as u32, 2, 3]))
            .unwrap();
    }
    s.begin_batch().unwrap();
    s.start_game(&start(7, "jass", &["x", "ann", "amy", "bob"]))
        .unwrap();
    s.name_seat(&SeatName {
        game: GameId(7),
        seat: 3,
        name: "bea".into(),
    })
    .unwrap();
    assert!(s.record_hand(&hand(7, 0)).is_err(), "hands count from 1");
    s.record_hand(&hand(7, 1)).unwrap();
    s.end_batch().unwrap();
    s.start_game(&start(8, "jass", &["ann", "x"])).unwrap();
    s.abandon_game(&GameAbandon {
        game: GameId(8),
        ended_at_ms: 20_000,
        reason: "left".into(),
        actions: vec!["0 Leave".into()],
    })
    .unwrap();
    s.start_game(&start(9, "jass", &["nobody"])).unwrap();
    s.discard_game(GameId(9)).unwrap();
    assert!(s.finish_game(&end(8, &[1, 2], &[1, 2])).is_err(), "ended");
    assert!(s.start_game(&start(1, "truco", &["x"])).is_err(), "exists");
    let mut tournament = TournamentRecord {
        name: "cup".into(),
        protocol: "jass".into(),
        started_at_ms: 5,
        ended_at_ms: None,
        entrants: vec!["ann".into(), "bob".into()],
        pairings: vec![("ann".into(), "bob".into(), Some(GameId(7)), true)],
        ratings: vec![("ann".into(), 1510.5, 190.0)],
    };
    s.record_tournament(&tournament).unwrap();
    tournament.ended_at_ms = Some(99);
    s.record_tournament(&tournament).unwrap();
}

/// Everything the API and `parlor replay` read.
fn answers(r: &dyn Reader) -> Value {
    let listing = |f: GameFilter| serde_json::to_value(r.games(&f).unwrap()).unwrap();
    let all = GameFilter::default();
    let boards = ["mahjong", "truco", "jass"].map(|p| r.leaderboard(p).unwrap());
    let players = ["x", "CPU", "p3", "nobody"].map(|n| r.player(n).unwrap());
    json!({
        "all": listing(all.clone()),
        "mahjong": listing(GameFilter { protocol: Some("mahjong".into()), ..all.clone() }),
        "x": listing(GameFilter { player: Some("x".into()), ..all.clone() }),
        "x, before 5, 2 a page": listing(GameFilter {
            player: Some("x".into()),
            before: Some(GameId(5)),
            limit: 2,
            ..all.clone()
        }),
        "finished": listing(GameFilter { status: StatusFilter::Finished, ..all.clone() }),
        "unfinished": listing(GameFilter { status: StatusFilter::Unfinished, ..all.clone() }),
        "playing": listing(GameFilter { status: StatusFilter::Only(Status::Playing), ..all }),
        "games": (1..=9).map(|id| serde_json::to_value(r.game(GameId(id)).unwrap()).unwrap())
            .collect::<Vec<_>>(),
        "boards": serde_json::to_value(boards).unwrap(),
        "players": serde_json::to_value(players).unwrap(),
        "tournaments": serde_json::to_value(r.tournaments().unwrap()).unwrap(),
        "jass tournaments": serde_json::to_value(r.tournaments_for(Some("jass")).unwrap()).unwrap(),
        "no truco tournaments": serde_json::to_value(r.tournaments_for(Some("truco")).unwrap()).unwrap(),
    })
}

#[test]
fn postgres_answers_every_read_as_sqlite_does() {
    let mut sqlite = SqliteStore::open_in_memory().unwrap();
    let (url, mut pg) = pg("a");
    writes(&mut sqlite);
    writes(&mut pg);
    let expected = answers(&sqlite);
    assert_eq!(
        expected["games"][0]["hand_results"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(answers(&pg), expected);
    // A reader of its own, as the API opens them, reads the same.
    assert_eq!(answers(&PgStore::open_reader(&url).unwrap()), expected);
}

#[test]
fn reading_a_database_no_node_has_opened_is_an_error() {
    let url = postgres().database();
    let refused = PgStore::open_reader(&url).err().expect("no store yet");
    assert!(refused.to_string().contains("no parlor store"), "{refused}");
}

#[test]
fn writers_of_one_database_never_share_game_ids() {
    let (url, a) = pg("a");
    let b = PgStore::open(&url, "b").unwrap();
    let blocks = [a.reserve_ids(), b.reserve_ids(), a.reserve_ids()].map(Result::unwrap);
    for (i, x) in blocks.iter().enumerate() {
        assert_eq!(x.end - x.start, parlor_store::ID_BLOCK);
        for y in &blocks[i + 1..] {
            assert!(x.end <= y.start || y.end <= x.start, "{blocks:?}");
        }
    }
    // Each node's recorder takes its ids from a block of its own, and stores its games.
    let (ra, rb) = (
        Recorder::spawn(Box::new(a)).unwrap(),
        Recorder::spawn(Box::new(b)).unwrap(),
    );
    let ids: Vec<GameId> = (0..3)
        .flat_map(|_| [ra.new_game_id(), rb.new_game_id()])
        .collect();
    let mut unique = ids.clone();
    unique.sort_by_key(|id| id.0);
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "{ids:?}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    for (i, id) in ids.iter().enumerate() {
        let recorder = if i % 2 == 0 { &ra } else { &rb };
        let mut game = start(id.0, "truco", &["x", "y"]);
        game.id = *id;
        recorder.start_game(game);
    }
    runtime.block_on(async { tokio::join!(ra.flush(), rb.flush()) });
    let stored = PgStore::open_reader(&url).unwrap();
    let listed = stored.games(&GameFilter::default()).unwrap();
    assert_eq!(listed.len(), ids.len());
}

#[test]
fn games_finishing_at_once_on_two_writers_all_count_for_the_ratings() {
    const EACH: i64 = 12;
    let url = postgres().database();
    let (a, b) = (
        PgStore::open(&url, "a").unwrap(),
        PgStore::open(&url, "b").unwrap(),
    );
    // Ann beats a newcomer in every game: the rating after n such games does not depend
    // on their order, so a lost update shows as a rating of fewer games.
    let game = |id: i64| start(id, "mahjong", &["ann", &format!("new{id}")]);
    let together = Arc::new(Barrier::new(2));
    let writers = [(a, 0), (b, EACH)].map(|(mut store, first)| {
        let together = together.clone();
        std::thread::spawn(move || {
            for id in first + 1..=first + EACH {
                store.start_game(&game(id)).unwrap();
            }
            for id in first + 1..=first + EACH {
                together.wait();
                store.finish_game(&end(id, &[10, 0], &[1, 2])).unwrap();
            }
        })
    });
    for writer in writers {
        writer.join().unwrap();
    }
    let mut one_writer = SqliteStore::open_in_memory().unwrap();
    for id in 1..=2 * EACH {
        one_writer.start_game(&game(id)).unwrap();
        one_writer.finish_game(&end(id, &[10, 0], &[1, 2])).unwrap();
    }
    let ann = |r: &dyn Reader| r.player("ann").unwrap().unwrap().standings[0].clone();
    let (shared, alone) = (ann(&PgStore::open_reader(&url).unwrap()), ann(&one_writer));
    assert_eq!(shared.games, 24);
    assert_eq!(
        (shared.rating, shared.deviation),
        (alone.rating, alone.deviation)
    );
}

#[test]
fn a_writer_reopening_abandons_only_its_own_unfinished_games() {
    let (url, mut a) = pg("a");
    let mut b = PgStore::open(&url, "b").unwrap();
    a.start_game(&start(1, "truco", &["x", "y"])).unwrap();
    b.start_game(&start(2, "truco", &["x", "y"])).unwrap();
    drop(a);
    let a = PgStore::open(&url, "a").unwrap();
    let status = |id| a.game(GameId(id)).unwrap().unwrap().summary.status;
    assert_eq!(status(1), Status::Abandoned);
    assert_eq!(status(2), Status::Playing);
    b.finish_game(&end(2, &[1, 0], &[1, 2])).unwrap();
    assert_eq!(status(2), Status::Finished);
}

/// A node carrying on another's game: the game becomes its own (the node that started
/// it may not write to it any more, and its restart leaves it alone), hands the other
/// node stored are not stored twice, a hand the carrying node's log does not hold whole
/// is stored as the carrying node plays it, a game the store lacks is stored, an ended
/// game is not carried on, a game a restart marked abandoned is; a node handing a game
/// over lets go of it.
#[test]
fn a_carried_game_is_the_carrying_nodes_and_stored_once() {
    let (url, mut a) = pg("a");
    let mut b = PgStore::open(&url, "b").unwrap();
    a.start_game(&start(1, "truco", &["x", "y"])).unwrap();
    a.record_hand(&hand(1, 1)).unwrap();
    a.record_hand(&hand(1, 2)).unwrap();
    // b's log holds hand 1 whole: hand 2's last moves were lost with a.
    b.carry_game(&start(1, "truco", &["x", "y"]), 1).unwrap();
    // Carried on by b, the game takes no more writes from a (cut off, say, but alive).
    assert!(a.record_hand(&hand(1, 3)).is_err());
    assert!(a.finish_game(&end(1, &[0, 1], &[2, 1])).is_err());
    b.record_hand_once(&hand(1, 1)).unwrap();
    let played_again = HandRecord {
        result: json!({ "hand": 2, "played": "again" }),
        ..hand(1, 2)
    };
    b.record_hand_once(&played_again).unwrap();
    // Game 3 started on a, whose start never reached the store.
    b.carry_game(&start(3, "truco", &["x", "y"]), 0).unwrap();
    drop(a);
    let a = PgStore::open(&url, "a").unwrap();
    let game = |id| a.game(GameId(id)).unwrap().unwrap();
    assert_eq!(game(1).summary.status, Status::Playing);
    assert_eq!(game(1).hand_results.len(), 2, "each hand once");
    assert_eq!(
        game(1).hand_results[1].result["played"],
        "again",
        "as b played it"
    );
    assert_eq!(game(3).summary.status, Status::Playing);
    b.finish_game(&end(1, &[1, 0], &[1, 2])).unwrap();
    assert!(b.carry_game(&start(1, "truco", &["x", "y"]), 2).is_err());
    assert!(
        b.finish_game(&end(1, &[1, 0], &[1, 2])).is_err(),
        "ended once"
    );
    // b hands game 3 over and restarts before any node carries it on: the game is
    // marked abandoned, and the node that carries it on after all plays it on.
    b.release_game(GameId(3)).unwrap();
    drop(b);
    let mut b = PgStore::open(&url, "b").unwrap();
    assert_eq!(game(3).summary.status, Status::Abandoned);
    b.carry_game(&start(3, "truco", &["x", "y"]), 0).unwrap();
    assert_eq!(game(3).summary.status, Status::Playing);
    // c starts game 5 and restarts at once: its restart marks the game abandoned, and the
    // node carrying it on from the stream plays it on; a game ended abandoned stays so.
    let mut c = PgStore::open(&url, "c").unwrap();
    c.start_game(&start(5, "truco", &["x", "y"])).unwrap();
    c.start_game(&start(6, "truco", &["x", "y"])).unwrap();
    c.abandon_game(&GameAbandon {
        game: GameId(6),
        ended_at_ms: 9,
        reason: "every person left".into(),
        actions: Vec::new(),
    })
    .unwrap();
    drop(c);
    let mut c = PgStore::open(&url, "c").unwrap();
    assert_eq!(game(5).summary.status, Status::Abandoned);
    c.carry_game(&start(5, "truco", &["x", "y"]), 0).unwrap();
    assert_eq!(game(5).summary.status, Status::Playing);
    assert!(c.carry_game(&start(6, "truco", &["x", "y"]), 0).is_err());
    // c hands game 5 over and nobody carries it on: the last node ends it; a node that
    // carries it on after all plays it on.
    c.release_game(GameId(5)).unwrap();
    assert_eq!(c.abandon_released().unwrap(), 1);
    assert_eq!(game(5).summary.status, Status::Abandoned);
    c.carry_game(&start(5, "truco", &["x", "y"]), 0).unwrap();
    assert_eq!(game(5).summary.status, Status::Playing);
}
