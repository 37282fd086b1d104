//! Writing games and reading them back: whole games, refusals that change nothing,
//! listings with every filter and paging, players and tournaments.

mod common;

use common::{cpu, end, hand, hand_actions, start};
use parlor_store::{
    GameFilter, GameId, Reader, SqliteStore, Status, StatusFilter, Storage, StoreError,
    TournamentRecord,
};
use serde_json::json;

#[test]
fn a_game_is_read_back_whole() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    let mut game = start(1, "mahjong", &["ann", "bob", "cat", "dan"]);
    game.seats[3] = cpu("CPU 4", "efficiency");
    s.start_game(&game).unwrap();
    s.record_hand(&hand(1, 1)).unwrap();
    s.record_hand(&hand(1, 2)).unwrap();
    s.finish_game(&end(1, &[40, 30, 20, 10], &[1, 2, 3, 4]))
        .unwrap();

    let g = s.game(GameId(1)).unwrap().expect("stored");
    assert_eq!(g.summary.id, GameId(1));
    assert_eq!(g.summary.protocol, "mahjong");
    assert_eq!(g.summary.variant, "test rules");
    assert_eq!(g.summary.table.as_deref(), Some("table 1"));
    assert_eq!(g.summary.started_at_ms, 1_001);
    assert_eq!(g.summary.ended_at_ms, Some(9_001));
    assert_eq!(g.summary.status, Status::Finished);
    assert_eq!(g.seed, Some((u64::MAX - 1).to_string()));
    assert_eq!(g.summary.hands, 2);
    let names: Vec<&str> = g
        .summary
        .seats
        .iter()
        .map(|s| s.player.name.as_str())
        .collect();
    assert_eq!(names, ["ann", "bob", "cat", "CPU 4"]);
    assert_eq!(g.summary.seats[3].player.cpu.as_deref(), Some("efficiency"));
    assert_eq!(g.summary.seats[0].score, Some(40));
    assert_eq!(g.summary.seats[3].rank, Some(4));
    assert_eq!(g.result, Some(json!({ "scores": [40, 30, 20, 10] })));
    assert_eq!(g.hand_results[1].number, 2);
    assert_eq!(g.hand_results[1].result, json!({ "hand": 2, "winner": 0 }));
    let mut log = hand_actions(1);
    log.extend(hand_actions(2));
    log.push("0 0 Concede".into());
    assert_eq!(g.actions(), log);

    assert!(s.game(GameId(2)).unwrap().is_none());
    assert_eq!(s.last_game_id().unwrap(), Some(GameId(1)));
}

/// A game nobody played in is forgotten whole; an ended game cannot be.
#[test]
fn a_game_nobody_played_is_discarded() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "truco", &["ann", "bob", "cat", "dan"]))
        .unwrap();
    s.record_hand(&hand(1, 1)).unwrap();
    s.discard_game(GameId(1)).unwrap();
    assert!(s.game(GameId(1)).unwrap().is_none());
    assert!(s.discard_game(GameId(1)).is_err(), "unknown now");
    s.start_game(&start(2, "truco", &["ann", "bob", "cat", "dan"]))
        .unwrap();
    s.finish_game(&end(2, &[12, 3, 12, 3], &[1, 2, 1, 2]))
        .unwrap();
    assert!(s.discard_game(GameId(2)).is_err(), "a finished game stays");
    assert!(s.game(GameId(2)).unwrap().is_some());
}

#[test]
fn the_json_shape_is_what_the_api_serves() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(3, "truco", &["ann", "bob"])).unwrap();
    s.record_hand(&hand(3, 1)).unwrap();
    let g = serde_json::to_value(s.game(GameId(3)).unwrap().unwrap()).unwrap();
    assert_eq!(g["id"], 3);
    assert_eq!(g["status"], "playing");
    assert_eq!(g["seed"], (u64::MAX - 3).to_string());
    assert_eq!(
        g["seats"][0],
        json!({ "name": "ann", "cpu": null, "score": null, "rank": null })
    );
    assert_eq!(g["hand_results"][0]["actions"][0], "0 0 Play(h1)");
    assert_eq!(g["final_actions"], json!([]));
    assert_eq!(g["result"], json!(null));
}

#[test]
fn refused_writes_change_nothing() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "wars", &["a", "b", "c"])).unwrap();
    s.record_hand(&hand(1, 1)).unwrap();
    let refused = |r: parlor_store::Result<()>| matches!(r, Err(StoreError::Invalid(_)));
    // The same id twice, a hand twice or numbered 0, a hand of an unknown game.
    assert!(refused(s.start_game(&start(1, "wars", &["x"]))));
    assert!(refused(s.record_hand(&hand(1, 1))));
    assert!(refused(s.record_hand(&hand(1, 0))));
    assert!(refused(s.record_hand(&hand(7, 1))));
    // Scores or ranks that do not fit the seats; rank 0.
    assert!(refused(s.finish_game(&end(1, &[2, 1], &[1, 2]))));
    assert!(refused(s.finish_game(&end(1, &[2, 1, 0], &[1, 2]))));
    assert!(refused(s.finish_game(&end(1, &[2, 1, 0], &[0, 1, 2]))));
    let before = s.game(GameId(1)).unwrap().unwrap();
    assert_eq!(before.summary.status, Status::Playing);
    assert_eq!(before.summary.seats[0].score, None);
    assert!(s.leaderboard("wars").unwrap().is_empty());

    s.finish_game(&end(1, &[2, 1, 0], &[1, 2, 3])).unwrap();
    let finished = s.game(GameId(1)).unwrap().unwrap();
    // Finishing twice, a hand after the end, an unknown game.
    assert!(refused(s.finish_game(&end(1, &[0, 1, 2], &[3, 2, 1]))));
    assert!(refused(s.record_hand(&hand(1, 2))));
    assert!(refused(s.finish_game(&end(9, &[], &[]))));
    assert_eq!(s.game(GameId(1)).unwrap().unwrap(), finished);
    let board = s.leaderboard("wars").unwrap();
    assert_eq!(
        board.iter().map(|p| p.games).sum::<u32>(),
        3,
        "counted once"
    );
}

/// Games 1..=9: odd ones mahjong, even ones truco; 1..=6 finished, 7 and 8 playing,
/// 9 abandoned (the store reopened). Player `p<id>` sits only at game `id`; `x` at all.
fn nine_games(dir: &std::path::Path) -> SqliteStore {
    let game = |id: i64| {
        let protocol = if id % 2 == 0 { "truco" } else { "mahjong" };
        start(id, protocol, &["x", &format!("p{id}")])
    };
    let mut s = SqliteStore::open(dir).unwrap();
    for id in 1..=6 {
        s.start_game(&game(id)).unwrap();
        s.finish_game(&end(id, &[1, 0], &[1, 2])).unwrap();
    }
    s.start_game(&game(9)).unwrap();
    drop(s);
    let mut s = SqliteStore::open(dir).unwrap();
    s.start_game(&game(7)).unwrap();
    s.start_game(&game(8)).unwrap();
    s
}

fn ids(s: &SqliteStore, filter: GameFilter) -> Vec<i64> {
    s.games(&filter).unwrap().iter().map(|g| g.id.0).collect()
}

#[test]
fn listings_filter_by_protocol_player_and_status() {
    let dir = tempfile::tempdir().unwrap();
    let s = nine_games(dir.path());
    let all = GameFilter::default();
    assert_eq!(ids(&s, all.clone()), [9, 8, 7, 6, 5, 4, 3, 2, 1]);
    let with = |f: fn(&mut GameFilter)| {
        let mut filter = GameFilter::default();
        f(&mut filter);
        ids(&s, filter)
    };
    assert_eq!(with(|f| f.protocol = Some("truco".into())), [8, 6, 4, 2]);
    assert_eq!(with(|f| f.protocol = Some("chess".into())), [] as [i64; 0]);
    assert_eq!(with(|f| f.player = Some("p3".into())), [3]);
    assert_eq!(with(|f| f.player = Some("x".into())).len(), 9);
    assert_eq!(with(|f| f.player = Some("nobody".into())), [] as [i64; 0]);
    assert_eq!(
        with(|f| f.status = StatusFilter::Finished),
        [6, 5, 4, 3, 2, 1]
    );
    assert_eq!(with(|f| f.status = StatusFilter::Unfinished), [9, 8, 7]);
    assert_eq!(
        with(|f| f.status = StatusFilter::Only(Status::Playing)),
        [8, 7]
    );
    assert_eq!(
        with(|f| f.status = StatusFilter::Only(Status::Abandoned)),
        [9]
    );
    assert_eq!(
        with(|f| f.status = StatusFilter::Only(Status::Finished)).len(),
        6
    );
    assert_eq!(
        with(|f| {
            f.protocol = Some("mahjong".into());
            f.player = Some("x".into());
            f.status = StatusFilter::Unfinished;
        }),
        [9, 7]
    );
    let summary = &s.games(&all).unwrap()[3];
    assert_eq!(summary.id, GameId(6));
    assert_eq!(summary.seats[1].player.name, "p6");
    assert_eq!(summary.seats[1].rank, Some(2));
}

#[test]
fn listings_page_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let s = nine_games(dir.path());
    let page = |before: Option<i64>, limit: u32| {
        ids(
            &s,
            GameFilter {
                before: before.map(GameId),
                limit,
                ..GameFilter::default()
            },
        )
    };
    assert_eq!(page(None, 4), [9, 8, 7, 6]);
    assert_eq!(page(Some(6), 4), [5, 4, 3, 2]);
    assert_eq!(page(Some(2), 4), [1]);
    assert_eq!(page(Some(1), 4), [] as [i64; 0]);
    // Limits are clamped to 1..=MAX_LIMIT.
    assert_eq!(page(None, 0), [9]);
    assert_eq!(page(None, 10_000).len(), 9);
    // Paging a player's games and a protocol's.
    let mine = GameFilter {
        player: Some("x".into()),
        before: Some(GameId(5)),
        limit: 2,
        ..GameFilter::default()
    };
    assert_eq!(ids(&s, mine), [4, 3]);
    let truco = GameFilter {
        protocol: Some("truco".into()),
        before: Some(GameId(8)),
        limit: 2,
        ..GameFilter::default()
    };
    assert_eq!(ids(&s, truco), [6, 4]);
}

#[test]
fn a_name_with_two_seats_lists_its_game_once() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    s.start_game(&start(1, "jass", &["bot", "b", "bot", "d"]))
        .unwrap();
    let mine = GameFilter {
        player: Some("bot".into()),
        ..GameFilter::default()
    };
    assert_eq!(ids(&s, mine), [1]);
}

#[test]
fn a_player_has_standings_per_protocol_and_recent_games() {
    let dir = tempfile::tempdir().unwrap();
    let s = nine_games(dir.path());
    let x = s.player("x").unwrap().expect("x played");
    let protocols: Vec<&str> = x.standings.iter().map(|p| p.protocol.as_str()).collect();
    assert_eq!(protocols, ["mahjong", "truco"]);
    assert_eq!(x.standings[0].games, 3, "mahjong games 1, 3, 5 finished");
    assert_eq!(x.standings[0].wins, 3);
    assert_eq!(x.standings[0].points, 3);
    assert_eq!(x.recent.len(), 9);
    assert_eq!(x.recent[0].id, GameId(9));
    // A player of unfinished games only has no standings, but their games.
    let p8 = s.player("p8").unwrap().expect("p8 played");
    assert!(p8.standings.is_empty());
    assert_eq!(p8.recent[0].id, GameId(8));
    assert!(s.player("nobody").unwrap().is_none());
}

#[test]
fn tournaments_are_kept_updated_and_filtered() {
    let mut s = SqliteStore::open_in_memory().unwrap();
    let mut cup = TournamentRecord {
        name: "Cup".into(),
        protocol: "jass".into(),
        started_at_ms: 1,
        ended_at_ms: None,
        entrants: vec!["a".into(), "b".into()],
        pairings: vec![],
        ratings: vec![],
    };
    s.record_tournament(&cup).unwrap();
    cup.ended_at_ms = Some(9);
    cup.pairings
        .push(("a".into(), "b".into(), Some(GameId(4)), true));
    cup.ratings = vec![("a".into(), 1600.5, 180.0), ("b".into(), 1400.0, 180.0)];
    s.record_tournament(&cup).unwrap();
    let other = TournamentRecord {
        name: "Open".into(),
        protocol: "truco".into(),
        started_at_ms: 5,
        ..cup.clone()
    };
    s.record_tournament(&other).unwrap();
    assert_eq!(s.tournaments().unwrap(), [other.clone(), cup.clone()]);
    assert_eq!(s.tournaments_for(Some("jass")).unwrap(), [cup]);
    assert!(s.tournaments_for(Some("wars")).unwrap().is_empty());
}
