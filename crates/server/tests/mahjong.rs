//! Mahjong over mmj1, over real TCP connections: whole games against CPU players, calls,
//! riichi and wins with their breakdown, four people at one table (none ever shown a
//! tile it may not see), chat, a person leaving, and every reject.

mod common;
mod mmj1;

use common::{digest, LineClient, TestServer};
use mmj1::{breakdown, Calls, Mj};
use parlor_server::protocols::mahjong::MahjongSettings;
use parlor_server::Config;
use std::net::SocketAddr;
use std::time::Duration;

fn config(seed: u64, fill_after: Duration) -> Config {
    Config::for_tests(seed).with(|mahjong: &mut MahjongSettings| mahjong.fill_after = fill_after)
}

/// Checks a game's records: it ended, every score line adds up, and each win's total is
/// what the winner gained.
fn check_game(mj: &Mj) {
    let r = &mj.record;
    assert!(r.gameover.is_some(), "the game ended: {r:?}");
    assert!(r.hands >= 4, "{r:?}");
    for s in &r.scores {
        let sum: i64 = s.iter().sum();
        assert!(sum <= 100_000 && (100_000 - sum) % 1000 == 0, "{s:?}");
    }
    for w in &r.all_wins {
        let entries = breakdown(w);
        let (what, total) = entries.last().unwrap();
        assert!(what.is_empty() && *total > 0, "{w}");
        assert!(entries.len() >= 2, "at least one yaku: {w}");
        // Each entry brings its points (the seed's number has no sign), and the entries
        // add up to the total.
        let (parts, _) = entries.split_at(entries.len() - 1);
        assert!(parts.iter().all(|(_, v)| *v >= 0), "{w}");
        assert_eq!(parts.iter().map(|(_, v)| v).sum::<i64>(), *total, "{w}");
        let fu = entries.iter().any(|(w, _)| w.ends_with(" fu"));
        let yakuman = entries.iter().any(|(w, _)| w.ends_with("yakuman)"));
        assert!(fu != yakuman, "fu or a yakuman: {w}");
    }
}

#[tokio::test]
async fn one_person_plays_a_whole_hanchan_against_cpu_players() {
    let s = TestServer::start(config(11, Duration::ZERO)).await;
    let mut mj = Mj::join(s.addr("mahjong"), "Jean", Calls::Never).await;
    assert_eq!(mj.me, 0, "the first person sits in seat 1");
    mj.play_game().await;
    check_game(&mj);
    assert!(mj.record.hands >= 8, "East and South: {:?}", mj.record);
    assert_eq!(mj.record.checked_wins, mj.record.wins.len());
    assert!(mj.record.rejects.is_empty(), "{:?}", mj.record.rejects);
    mj.conn.expect_closed().await;
    // How long the CPU players took to choose is in the metrics.
    let (_, metrics) = s.get_text("/metrics").await;
    let chosen = "parlor_cpu_choice_seconds_count{protocol=\"mahjong\"} ";
    let count = metrics.lines().find_map(|l| l.strip_prefix(chosen));
    let count: u64 = count.and_then(|c| c.parse().ok()).unwrap_or(0);
    assert!(
        count > 100,
        "the CPU players chose {count} times:\n{metrics}"
    );
    s.stop().await;
}

/// What a seeded hanchan sends its person must not change by a byte when the server's
/// insides do (batching writes, rendering differently): every line, by its digest taken
/// before such changes.
#[tokio::test]
async fn a_seeded_hanchan_sends_the_same_bytes_as_before() {
    let s = TestServer::start(config(11, Duration::ZERO)).await;
    let mut mj = Mj::join(s.addr("mahjong"), "Jean", Calls::Always).await;
    mj.play_game().await;
    s.stop().await;
    assert_eq!(digest(&mj.record.lines), "f111848e97ded0da 4249 frames");
}

#[tokio::test]
async fn a_client_claims_pon_and_chi() {
    let s = TestServer::start(config(12, Duration::ZERO)).await;
    let mut mj = Mj::join(s.addr("mahjong"), "Chris", Calls::Always).await;
    mj.play_game().await;
    check_game(&mj);
    assert!(mj.record.pons > 0 && mj.record.chis > 0, "{:?}", mj.record);
    s.stop().await;
}

#[tokio::test]
async fn riichi_and_a_win_by_the_client_with_its_breakdown() {
    let s = TestServer::start(config(15, Duration::ZERO)).await;
    let mut mj = Mj::join(s.addr("mahjong"), "Pat", Calls::Never).await;
    mj.play_game().await;
    check_game(&mj);
    let r = &mj.record;
    assert!(r.riichis > 0, "{r:?}");
    let riichi_win = r
        .wins
        .iter()
        .find(|w| {
            breakdown(w)
                .iter()
                .any(|(what, points)| what == "Riichi (1 han)" && *points > 0)
        })
        .unwrap_or_else(|| panic!("a win with riichi: {r:?}"));
    // Every own win's yaku, dora, fu and payment were checked against the client's own
    // scoring of what it saw (winds, indicators, riichi, ippatsu, the wall).
    assert_eq!(r.checked_wins, r.wins.len(), "{riichi_win}");
    s.stop().await;
}

/// Four people at one table: each checks every move it is shown.
#[tokio::test]
async fn four_people_at_one_table_see_only_what_they_may() {
    let mut cfg = config(14, Duration::from_secs(3600));
    cfg.game_mut::<MahjongSettings>().east_only = true;
    let s = TestServer::start(cfg).await;
    let addr = s.addr("mahjong");
    let mut runs = Vec::new();
    for (i, name) in ["Jean", "Chris", "Pat", "Mouse"].into_iter().enumerate() {
        let calls = if i % 2 == 0 {
            Calls::Always
        } else {
            Calls::Never
        };
        let mut conn = LineClient::connect(addr, "\n").await;
        conn.send(&format!("mmj1c {}:{name}", name.len())).await;
        conn.expect("mmj1s").await;
        runs.push((conn, calls));
    }
    let mut tasks = Vec::new();
    for (i, (conn, calls)) in runs.into_iter().enumerate() {
        tasks.push(tokio::spawn(async move {
            let mut mj = Mj::from_greeted(conn, calls).await;
            assert_eq!(mj.me, i, "seats in arrival order");
            mj.play_game().await;
            mj
        }));
    }
    let mut finals = Vec::new();
    for t in tasks {
        let mj = t.await.unwrap();
        check_game(&mj);
        finals.push(mj.record.gameover.clone());
    }
    assert!(finals.windows(2).all(|w| w[0] == w[1]), "{finals:?}");
    s.stop().await;
}

#[tokio::test]
async fn a_person_who_leaves_is_replaced_and_the_others_play_on() {
    let s = TestServer::start(config(15, Duration::from_secs(3600))).await;
    let addr = s.addr("mahjong");
    let mut greeted = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let mut conn = LineClient::connect(addr, "\n").await;
        conn.send(&format!("mmj1c 1:{name}")).await;
        conn.expect("mmj1s").await;
        greeted.push(conn);
    }
    let leaver = greeted.remove(0);
    let mut tasks = Vec::new();
    for conn in greeted {
        tasks.push(tokio::spawn(async move {
            let mut mj = Mj::from_greeted(conn, Calls::Never).await;
            mj.play_game().await;
            mj
        }));
    }
    // Seat 1 deals; it reads its first tiles and vanishes without a word.
    let mut leaver = Mj::from_greeted(leaver, Calls::Never).await;
    leaver.conn.until(|l| l == "play").await;
    drop(leaver);
    for t in tasks {
        check_game(&t.await.unwrap());
    }
    s.stop().await;
}

/// A client that says `mmj1c` as `name` and reads up to its `game` line, which must be
/// `game` at seat 1 with three CPU players; then the hand so far must begin.
async fn back_in_seat_one(addr: SocketAddr, name: &str) -> Mj {
    let mut mj = Mj::join(addr, name, Calls::Never).await;
    assert_eq!(mj.me, 0);
    let first = mj.conn.line().await;
    assert!(first.starts_with("newhand "), "{first}");
    mj.on_line(&first).await;
    mj
}

#[tokio::test]
async fn a_person_comes_back_to_the_same_seat_and_plays_on() {
    let (s, _dir) = TestServer::storing(config(16, Duration::ZERO)).await;
    let addr = s.addr("mahjong");
    let mut ana = Mj::join(addr, "ana", Calls::Never).await;
    // Her first move (a table left before anyone's first move keeps nothing).
    ana.first_move().await;
    // A namesake from her address while she is connected (a classmate, or the web
    // client's default name) does not take her seat: a name of its own, a table of its own.
    let mut twin = LineClient::connect(addr, "\n").await;
    twin.send("mmj1c 3:ana").await;
    twin.expect("mmj1s").await;
    twin.expect("game 1 4:ana2 5:CPU 2 5:CPU 3 5:CPU 4").await;
    drop(twin);
    // When she drops, the game waits for her (nobody else is at the table).
    drop(ana);
    s.open_connections("mahjong", 0).await;
    // The same name from another address, or in another case from hers, waits for a new
    // table under a name of its own (a number; which one depends on the tables still
    // running).
    let other = LineClient::over(common::connect_from([127, 0, 0, 2], addr).await, "\n");
    let shouting = LineClient::connect(addr, "\n").await;
    for (mut c, name) in [(other, "ana"), (shouting, "ANA")] {
        c.send(&format!("mmj1c 3:{name}")).await;
        c.expect("mmj1s").await;
        let game = c.line().await;
        let given = game.split(' ').nth(2).unwrap().split(':').nth(1).unwrap();
        let number = given.strip_prefix(name).unwrap_or_default();
        assert!(number.parse::<u32>().is_ok_and(|n| n >= 2), "{game}");
    }
    // From her own address she is back in her seat: `game`, the hand so far, the prompt.
    let mut ana = back_in_seat_one(addr, "ana").await;
    ana.play_game().await;
    check_game(&ana);
    // One game played to its end by ana (the others' tables wait for theirs).
    let finished = s.stored("mahjong", "finished", 1).await;
    assert_eq!(finished.len(), 1, "{finished:?}");
    assert_eq!(finished[0]["seats"][0]["name"], "ana");
    s.stop().await;
}

#[tokio::test]
async fn chat_goes_to_the_players_named() {
    let s = TestServer::start(config(16, Duration::from_secs(3600))).await;
    let addr = s.addr("mahjong");
    let mut c = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let mut conn = LineClient::connect(addr, "\n").await;
        conn.send(&format!("mmj1c 1:{name}")).await;
        conn.expect("mmj1s").await;
        c.push(conn);
    }
    for conn in &mut c {
        conn.until(|l| l.starts_with("game ")).await;
    }
    c[3].send("chat 2 3 . 11:hello there").await;
    for (i, want) in [
        (1, "chat 43 . 11:hello there"),
        (2, "chat 42 . 11:hello there"),
    ] {
        let lines = c[i].until(|l| l.starts_with("chat")).await;
        assert_eq!(lines.last().unwrap(), want);
    }
    s.stop().await;
}

/// Sends `op` and expects `reject` with `why`.
async fn rejected(conn: &mut LineClient, op: &str, why: &str) {
    conn.send(op).await;
    let lines = conn.until(|l| l.starts_with("reject")).await;
    let last = lines.last().unwrap();
    assert!(last.contains(why), "{op}: {last}");
}

#[tokio::test]
async fn every_bad_or_untimely_operation_is_rejected_and_changes_nothing() {
    let s = TestServer::start(config(17, Duration::from_secs(3600))).await;
    let addr = s.addr("mahjong");
    // Before mmj1c, and while waiting for a table.
    let mut w = LineClient::connect(addr, "\n").await;
    rejected(&mut w, "discard c1", "mmj1c first").await;
    // The 300 bytes the count announces are skipped, not taken for messages.
    let long = format!("mmj1c 300:{}", "discard c1\n".repeat(30)[..300].to_owned());
    rejected(&mut w, &long, "longer than 256").await;
    w.send("mmj1c 1:W").await;
    w.expect("mmj1s").await;
    rejected(&mut w, "discard c1", "not started").await;
    rejected(&mut w, "mmj1c 1:W", "already").await;
    rejected(&mut w, "hello", "unknown operation").await;
    rejected(&mut w, "discard zz", "expected a tile").await;
    drop(w);

    let s2 = TestServer::start(config(18, Duration::ZERO)).await;
    let mut mj = Mj::join(s2.addr("mahjong"), "Rex", Calls::Never).await;
    // Read up to the first `play` (seat 1 deals).
    loop {
        let line = mj.conn.line().await;
        let play = line == "play";
        mj.on_line_quietly(&line);
        if play {
            break;
        }
    }
    let absent = mj.absent_tile();
    let held = mj.hand[0].clone();
    let kept = mj.hand[1..].iter().find(|t| **t != held).unwrap().clone();
    let c = &mut mj.conn;
    rejected(c, &format!("discard {absent}"), "do not hold").await;
    rejected(c, "ron", "no tile to claim").await;
    rejected(c, "pass", "no tile to claim").await;
    rejected(c, "claim c1 c1 ?", "no tile to claim").await;
    rejected(c, &format!("swap {held}"), "no swap").await;
    rejected(c, "ack", "nothing to acknowledge").await;
    rejected(c, "discard f1", "no flowers").await;
    rejected(c, &format!("ckong {held}"), "kan").await;
    rejected(c, &format!("pkong {held}"), "kan").await;
    let flood = format!("chat 1.2000:{}", "x".repeat(2000));
    rejected(c, &flood, "longer than 1024").await;
    rejected(c, "chat 5.1:x", "player IDs").await;
    // Nothing changed: the turn is still ours and a legal discard is taken.
    c.send(&format!("discard {held}")).await;
    let lines = c
        .until(|l| l.starts_with("move") || l.starts_with("reject"))
        .await;
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with(&format!("move {held} h1 d1")),
        "{lines:?}"
    );
    // Out of turn: now others discard and we get `claim`s.
    let lines = c.until(|l| l == "claim").await;
    assert!(!lines.iter().any(|l| l == "play"));
    rejected(c, &format!("discard {kept}"), "claim or pass").await;
    rejected(c, "out", "claim or pass").await;
    rejected(c, &format!("riichi {kept}"), "claim or pass").await;
    s.stop().await;
    s2.stop().await;
}

/// A player name cut at 64 bytes in `game`, and arbitrary bytes in it.
#[tokio::test]
async fn long_and_odd_names() {
    let s = TestServer::start(config(19, Duration::ZERO)).await;
    let addr: SocketAddr = s.addr("mahjong");
    let mut conn = LineClient::connect(addr, "\n").await;
    let name = "n".repeat(200);
    conn.send(&format!("mmj1c 200:{name}")).await;
    conn.expect("mmj1s").await;
    let game = conn.line().await;
    assert!(
        game.starts_with(&format!("game 1 64:{}", "n".repeat(64))),
        "{game}"
    );
    s.stop().await;
}

/// parlor's web client holds a seat token: a reload takes the seat back even while the
/// old connection still seems open, and nobody without the token can.
#[tokio::test]
async fn a_browser_with_its_seat_token_takes_its_seat_back_over_a_live_connection() {
    use common::ws::{frame, open_with_token, send, until};
    let s = TestServer::start(config(17, Duration::ZERO)).await;
    let token = "0123456789abcdef0123456789abcdef";
    let mut tab = open_with_token(&s, "mahjong", token).await;
    send(&mut tab, "mmj1c 5:guest").await;
    assert_eq!(frame(&mut tab).await, "mmj1s");
    assert_eq!(
        frame(&mut tab).await,
        "game 1 5:guest 5:CPU 2 5:CPU 3 5:CPU 4"
    );
    until(&mut tab, |f| f == "play").await;
    // Another tab behind the same address, same default name, another token: its own.
    let mut other = open_with_token(&s, "mahjong", "fedcba9876543210fedcba9876543210").await;
    send(&mut other, "mmj1c 5:guest").await;
    assert_eq!(frame(&mut other).await, "mmj1s");
    assert_eq!(
        frame(&mut other).await,
        "game 1 6:guest2 5:CPU 2 5:CPU 3 5:CPU 4"
    );
    // The reload: same token, the old connection not yet closed. Back in seat 1 with the
    // hand so far; the old one is closed.
    let mut reloaded = open_with_token(&s, "mahjong", token).await;
    send(&mut reloaded, "mmj1c 5:guest").await;
    assert_eq!(frame(&mut reloaded).await, "mmj1s");
    assert_eq!(
        frame(&mut reloaded).await,
        "game 1 5:guest 5:CPU 2 5:CPU 3 5:CPU 4"
    );
    until(&mut reloaded, |f| f == "play").await;
    use futures::StreamExt;
    let closed = tokio::time::timeout(common::PATIENCE, async {
        while let Some(Ok(m)) = tab.next().await {
            if m.is_close() {
                break;
            }
        }
    });
    closed.await.expect("the old tab's connection is closed");
    s.stop().await;
}

/// `fill` (parlor's extension): a person waiting for a table starts one now, with CPU
/// players in the empty seats, instead of waiting out `--mahjong-fill-after` (an hour
/// here); at a table it is refused.
#[tokio::test]
async fn fill_starts_a_table_at_once_with_cpu_players() {
    let s = TestServer::start(config(18, Duration::from_secs(3600))).await;
    let mut ana = LineClient::connect(s.addr("mahjong"), "\n").await;
    ana.send("mmj1c 3:ana").await;
    ana.expect("mmj1s").await;
    ana.send("fill").await;
    ana.expect("game 1 3:ana 5:CPU 2 5:CPU 3 5:CPU 4").await;
    ana.send("fill").await;
    ana.until(|l| l.starts_with("reject") && l.contains("at a table already"))
        .await;
    s.stop().await;
}

/// A table is listed on `/api/tables` while it plays (a person, three CPU players) and
/// leaves the list when it ends (here: left before anyone's move).
#[tokio::test]
async fn a_running_table_is_listed_until_it_ends() {
    let s = TestServer::start(config(19, Duration::from_secs(3600))).await;
    let mut ana = LineClient::connect(s.addr("mahjong"), "\n").await;
    ana.send("mmj1c 3:ana").await;
    ana.expect("mmj1s").await;
    ana.send("fill").await;
    ana.expect("game 1 3:ana 5:CPU 2 5:CPU 3 5:CPU 4").await;
    let listed = s.tables_until(|t| t.len() == 1).await;
    assert_eq!(listed[0]["game"], "mahjong");
    let kinds: Vec<&str> = (0..4)
        .map(|i| listed[0]["seats"][i]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["person", "cpu", "cpu", "cpu"]);
    assert_eq!(listed[0]["seats"][0]["name"], "ana");
    // A watcher gets the hand so far (every hand face down), then the end.
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let first: serde_json::Value =
        serde_json::from_str(&common::ws::frame(&mut watcher).await).unwrap();
    let hands = first["table"]["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 4, "{first}");
    assert!(hands
        .iter()
        .flat_map(|h| h.as_array().unwrap())
        .all(|f| f == "?"));
    assert!(!first["steps"].as_array().unwrap().is_empty(), "{first}");
    drop(ana);
    common::ws::watch_to_the_end(&mut watcher).await;
    s.tables_until(|t| t.is_empty()).await;
    s.stop().await;
}

/// A watcher sees a whole East-only game from its first deal: every step in words, every
/// hand as backs only, then the end.
#[tokio::test]
async fn a_watcher_sees_a_whole_game() {
    let mut cfg = config(20, Duration::ZERO);
    cfg.game_mut::<MahjongSettings>().east_only = true;
    let s = TestServer::start(cfg).await;
    let mut mj = Mj::join(s.addr("mahjong"), "Jean", Calls::Always).await;
    let listed = s.tables_until(|t| t.len() == 1).await;
    let mut watcher = common::ws::watch(&s, &listed[0]["id"]).await;
    let (_, frames) = tokio::join!(mj.play_game(), common::ws::watch_to_the_end(&mut watcher));
    let said: Vec<&str> = frames
        .iter()
        .flat_map(|f| f["steps"].as_array().unwrap())
        .map(|step| step["text"].as_str().unwrap())
        .collect();
    assert!(
        said.iter().any(|t| t.starts_with("Jean discards ")),
        "{said:?}"
    );
    assert!(
        said.last().unwrap().starts_with("The game is over"),
        "{said:?}"
    );
    s.stop().await;
}
