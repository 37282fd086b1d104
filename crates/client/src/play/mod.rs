//! `parlor play <game> [host:port]`: one full-screen terminal client for every game.
//!
//! Each game is a [`Table`]: it takes the server's messages in its own protocol, says
//! what to send, and describes what to show as a [`screen::Screen`]. The loop in
//! [`terminal`] is the same for all: it draws the screen, reads single keys (a choice's
//! key, or the arrows and Enter), and passes messages both ways through a
//! [`wire::Wire`]. Because the clients speak only the protocols, they play on any server
//! of that protocol, not only parlor.

pub mod course;
pub mod jass;
pub mod mahjong;
pub mod minitruco;
pub mod screen;
mod terminal;
pub mod wars;
pub mod wire;

pub use terminal::run;

use screen::Screen;
use wire::Framing;

/// One game's client: its protocol state and what the player sees of it.
pub trait Table {
    /// Messages to send once connected (a name, a room).
    fn hello(&mut self) -> Vec<String>;
    /// Takes one server message; returns what to answer at once without the player
    /// (a keep-alive echo, a pass where passing is all the player could do).
    fn receive(&mut self, message: &str) -> Vec<String>;
    /// What to show now.
    fn screen(&self) -> Screen;
    /// The player picked choice `index` of the screen's choices; returns what to send.
    fn choose(&mut self, index: usize) -> Vec<String>;
    /// How long the screen stays as `message` left it before the next message is read:
    /// the end of a round or a hand stays in view long enough to read (nothing by
    /// default; the server and the other players do not wait).
    fn hold_after(&self, _message: &str) -> std::time::Duration {
        std::time::Duration::ZERO
    }
}

/// The games `parlor play` knows, with their protocol's default port and framing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Minitruco,
    Truco,
    Wars,
    Jass,
    Mahjong,
}

impl Game {
    /// Every game, by the name `parlor play` takes.
    pub const ALL: [(&'static str, Game); 5] = [
        ("minitruco", Game::Minitruco),
        ("truco", Game::Truco),
        ("wars", Game::Wars),
        ("jass", Game::Jass),
        ("mahjong", Game::Mahjong),
    ];

    pub fn by_name(name: &str) -> Option<Game> {
        Game::ALL
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, g)| g)
    }

    /// Where parlor serves the game by default.
    pub fn default_port(self) -> u16 {
        match self {
            Game::Minitruco => 6912,
            Game::Truco => 6913,
            Game::Mahjong => 6914,
            Game::Wars => 36700,
            Game::Jass => 3000,
        }
    }

    pub fn framing(self) -> Framing {
        match self {
            Game::Minitruco => Framing::Lines { terminator: "\n" },
            Game::Truco | Game::Mahjong => Framing::Lines { terminator: "\n" },
            Game::Wars => Framing::Brackets,
            Game::Jass => Framing::WebSocket,
        }
    }

    /// The address to connect to for `host:port` (Jass speaks WebSocket).
    pub fn address(self, host_port: &str) -> String {
        match self {
            Game::Jass if !host_port.starts_with("ws") => format!("ws://{host_port}"),
            _ => host_port.to_owned(),
        }
    }

    /// A new client for this game, playing as `name`.
    pub fn table(self, name: &str) -> Box<dyn Table + Send> {
        match self {
            Game::Minitruco => Box::new(minitruco::MiniTruco::new(name)),
            Game::Truco => Box::new(course::Course::new(name)),
            Game::Wars => Box::new(wars::Wars::new(name)),
            Game::Jass => Box::new(jass::Jass::new(name)),
            Game::Mahjong => Box::new(mahjong::Mahjong::new(name)),
        }
    }
}

/// Sleeps until `due`, or for ever without one (for `select!` arms).
async fn sleep_until(due: Option<tokio::time::Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Messages a server of each protocol might send, to mix with arbitrary text.
    const SEEN: [&str; 15] = [
        "N ana",
        "! T",
        "I ana|bot|bot|bot M 1 PRI-12345",
        "M 1 3p 6c 7e",
        "P 1",
        "M 3p 6c 10e 4o",
        "V 1 T",
        "WELCOME 1 1",
        "MATCH 1",
        "[sjoin|ana     ]",
        "[stabl|a0:ana     :17,w0:cpu     :17|00|1]",
        r#"{"type":"REQUEST_PLAYER_NAME"}"#,
        r#"{"type":"REQUEST_CARD","data":[]}"#,
        "play",
        "claim",
    ];

    proptest! {
        /// Whatever a server sends, no client panics, and whatever the player picks
        /// after it, neither: a broken or hostile server cannot crash `parlor play`.
        #[test]
        fn no_message_breaks_a_client(
            messages in proptest::collection::vec(
                prop_oneof![
                    any::<String>(),
                    proptest::sample::select(SEEN.to_vec()).prop_map(str::to_owned),
                    "[A-Za-z]{1,6}( [0-9A-Za-z|:,\\[\\]?]{0,12}){0,5}",
                ],
                0..40,
            ),
            picks in proptest::collection::vec(0usize..12, 0..40),
        ) {
            let app: Box<dyn Table + Send> = Box::new(minitruco::MiniTruco::app("ana", None));
            let tables = Game::ALL.iter().map(|(_, game)| game.table("ana")).chain([app]);
            for mut table in tables {
                table.hello();
                for (i, message) in messages.iter().enumerate() {
                    table.receive(message);
                    let screen = table.screen();
                    if let Some(&pick) = picks.get(i) {
                        if !screen.choices.is_empty() {
                            table.choose(pick % screen.choices.len());
                        }
                        table.choose(pick + 100);
                    }
                }
            }
        }
    }
}
