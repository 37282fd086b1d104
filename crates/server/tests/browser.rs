//! The web client in headless Chromium: the home page and the card games (miniTruco,
//! course Truco, Warlords), each played by clicking (see `e2e/` and [`e2e::script`]).

mod common;
mod e2e;

use e2e::{script, server, ONE_AT_A_TIME};

#[tokio::test]
async fn the_home_page_lists_the_five_games() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = server(31).await;
    script(&s, "home").await;
    s.stop().await;
}
