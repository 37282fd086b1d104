//! Nobody takes a seat that is not theirs, and nobody holds a table by leaving and
//! coming back: over the wire, in every game.

mod common;

use common::{LineClient, TestServer};
use parlor_server::Config;
use std::time::Duration;
use tokio::time::Instant;

/// Course Truco: a player who drops just before their time runs out and comes back with
/// their token finds the time that was left, not a new turn. Virtual time: the server's
/// timers run on the test's paused clock.
#[tokio::test(start_paused = true)]
async fn coming_back_does_not_restart_the_turn_timer() {
    let limit = Duration::from_secs(60);
    let s = TestServer::start(Config {
        truco_turn_timeout: limit,
        ..Config::for_tests(101)
    })
    .await;
    let mut me = LineClient::connect(s.addr("truco"), "\n").await;
    me.expect("WELCOME 1 1").await;
    me.expect("WAITING 1").await;
    me.send("TOKEN").await;
    let token = me.line().await;
    let token = token.strip_prefix("TOKEN ").expect("a token").to_owned();
    me.send("CPU").await;
    me.until(|l| l.starts_with("TURN 1 ")).await;
    let turn_began = Instant::now();
    // Away just before the time runs out, back at once with the token.
    tokio::time::sleep(limit - Duration::from_secs(2)).await;
    drop(me);
    s.open_connections("truco", 0).await;
    let mut me = LineClient::connect(s.addr("truco"), "\n").await;
    me.until(|l| l.starts_with("WAITING")).await;
    me.send(&format!("RESUME {token}")).await;
    me.until(|l| l.starts_with("ERROR TIMEOUT")).await;
    let held = turn_began.elapsed();
    assert!(
        held < limit + Duration::from_secs(1),
        "the turn ran {held:?}, its limit is {limit:?}"
    );
    s.stop().await;
}
