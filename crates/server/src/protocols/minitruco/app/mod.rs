//! Today's miniTruco app on the miniTruco port: the dialect its Android client speaks
//! (public and private tables made on demand, four game modes, a keep-alive to echo,
//! speech-balloon phrase numbers), beside the 2008 protocol. The first line only one
//! dialect has decides which one a connection speaks (`super::opening`; [`opens`]).
//!
//! ```text
//! client: B 20600                server:
//! client: N Ana                  server: N Ana
//! client: E PRI M                server: I Ana|bot|bot|bot M 1 PRI-40721
//!                                server: K 1764000000123
//! client: K 1764000000123
//! client: Q                      server: P 1
//!                                server: M 1 3c Kp 7o
//!                                server: V 1 F
//! ```
//!
//! - `parlor_wire::minitruco::AppCommand`: a line of the app's, typed.
//! - [`session`]: one connection: keep-alive, name, entering and leaving tables.
//! - [`hall`]: every table, found by mode (public) or by code (private).
//! - [`room`]: one table's actor: seats, manager, mode; it starts each game at the
//!   kernel's table actor (`super::game`, shared with the 2008 rooms).
//! - [`render`]: game events to the app's lines; [`name`]: names as the app cleans them.
//! - [`status`]: the plain HTTP `/status` the app asks on the game port.
//! - `guard`: what a wrong private code costs (codes cannot be counted through).
//!
//! `docs/protocols/minitruco.md` ("Today's app") records every decision.

mod guard;
pub mod hall;
mod name;
mod render;
mod room;
pub mod session;
pub mod status;

pub use hall::Hall;
pub use room::Settings;

/// The oldest app build served: older ones are told to update and disconnected.
pub const MIN_BUILD: u32 = 20503;

/// The version `W` reports, as the app's own server does.
pub const VERSION: &str = "3.0";

/// Whether a line is one only the app sends: its build number (`B` and five digits),
/// or a table request (`E PUB`, `E NPU`, `E PRI...`). Its `N` may come before either.
pub fn opens(line: &str) -> bool {
    let mut words = line.split(' ');
    match (words.next(), words.next()) {
        (Some("B" | "b"), Some(build)) => {
            build.len() == 5 && build.bytes().all(|b| b.is_ascii_digit())
        }
        (Some("E" | "e"), Some(place)) => {
            matches!(place, "PUB" | "NPU" | "PRI") || place.starts_with("PRI-")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_tells_the_dialects_apart() {
        for app in ["B 20600", "B 10000", "E PUB P", "E PRI-12345", "e NPU M"] {
            assert!(opens(app), "{app}");
        }
        for old in [
            "N ana",
            "B hello there",
            "B 123",
            "E 1",
            "L",
            "W",
            "",
            "GET / HTTP/1.1",
        ] {
            assert!(!opens(old), "{old}");
        }
    }
}
