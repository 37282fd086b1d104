//! The stored games in the browser: after a miniTruco game over TCP, the games page lists
//! it, steps through its hands, and the leaderboard shows its player.

mod common;
mod e2e;

use common::minitruco::play_alone_in_room_one;
use common::TestServer;
use e2e::{script, ONE_AT_A_TIME};
use parlor_server::Config;

#[tokio::test]
async fn finished_games_and_the_leaderboard_in_the_browser() {
    let _one = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let s = TestServer::start(Config {
        data_dir: Some(dir.path().to_owned()),
        ..Config::for_tests(38)
    })
    .await;
    play_alone_in_room_one(s.addr("minitruco"), "alice").await;
    // The game is written a moment after it ends; the page is opened once it is there.
    let store = dir.path().to_owned();
    tokio::time::timeout(common::PATIENCE, async move {
        loop {
            if let Ok(reader) = parlor_store::SqliteStore::open_reader(&store) {
                let filter = parlor_store::GameFilter::default();
                let games = parlor_store::Reader::games(&reader, &filter).unwrap_or_default();
                if games
                    .iter()
                    .any(|g| g.status == parlor_store::Status::Finished)
                {
                    return;
                }
            }
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the game was stored");
    script(&s, "games").await;
    s.stop().await;
}

/// A Warlords evening is one stored game: its page replays both hands the bots played,
/// with only the seats they sat in.
#[tokio::test]
async fn a_warlords_evening_replayed_in_the_browser() {
    let _one = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    // A pause between hands, so that the bots leave before a third is dealt.
    let config = Config {
        data_dir: Some(dir.path().to_owned()),
        ..Config::for_tests(39)
    }
    .with(|wars: &mut parlor_server::protocols::wars::WarsSettings| {
        wars.min_players = 3;
        wars.lobby_timeout = std::time::Duration::from_secs(2);
    });
    let s = TestServer::start(config).await;
    common::bots::warlords_hands(s.addr("wars"), 3, 2).await;
    s.stored("wars", "finished", 1).await;
    script(&s, "evening").await;
    s.stop().await;
}
