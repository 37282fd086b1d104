//! The web client: plain HTML, CSS and JavaScript modules built into the binary, so the
//! server needs no build step and no files next to it. Each game page speaks its game's
//! own protocol over `/ws/<protocol>` (see [`crate::http`]).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// One file of the web client.
struct Asset {
    path: &'static str,
    mime: &'static str,
    body: &'static str,
}

macro_rules! asset {
    ($path:literal, $file:literal, $mime:expr) => {
        Asset {
            path: $path,
            mime: $mime,
            body: include_str!(concat!("../web/", $file)),
        }
    };
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// Every page and module. Card faces are drawn by `cards.js`, tiles by `mahjong.js`.
const ASSETS: &[Asset] = &[
    asset!("/", "index.html", HTML),
    asset!("/home.js", "home.js", JS),
    asset!("/style.css", "style.css", CSS),
    asset!("/common.js", "common.js", JS),
    asset!("/cards.js", "cards.js", JS),
    asset!("/minitruco", "minitruco.html", HTML),
    asset!("/minitruco.js", "minitruco.js", JS),
    asset!("/minitruco-rooms.js", "minitruco-rooms.js", JS),
    asset!("/truco", "truco.html", HTML),
    asset!("/truco.js", "truco.js", JS),
    asset!("/wars", "wars.html", HTML),
    asset!("/wars.js", "wars.js", JS),
    asset!("/jass", "jass.html", HTML),
    asset!("/jass.js", "jass.js", JS),
    asset!("/mahjong", "mahjong.html", HTML),
    asset!("/mahjong.js", "mahjong.js", JS),
    asset!("/tables.css", "tables.css", CSS),
    asset!("/tables.js", "tables.js", JS),
    asset!("/felt.css", "felt.css", CSS),
    asset!("/felt.js", "felt.js", JS),
    asset!("/jass-rules.js", "jass-rules.js", JS),
    asset!("/mahjong-tiles.js", "mahjong-tiles.js", JS),
    asset!("/mahjong-wire.js", "mahjong-wire.js", JS),
    asset!("/truco-cards.js", "truco-cards.js", JS),
    asset!("/games", "games.html", HTML),
    asset!("/games.js", "games.js", JS),
    asset!("/replay.js", "replay.js", JS),
    asset!("/watch", "watch.html", HTML),
    asset!("/watch.js", "watch.js", JS),
    asset!("/leaderboard", "leaderboard.html", HTML),
    asset!("/leaderboard.js", "leaderboard.js", JS),
];

/// The asset at `path`, or 404.
pub fn asset(path: &str) -> Response {
    match ASSETS.iter().find(|a| a.path == path) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            a.body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_has_a_unique_path_and_a_body() {
        for (i, a) in ASSETS.iter().enumerate() {
            assert!(!a.body.is_empty(), "{}", a.path);
            assert!(
                ASSETS[i + 1..].iter().all(|b| b.path != a.path),
                "{}",
                a.path
            );
        }
    }
}
