//! Which dialect a connection on the miniTruco port speaks, told from its lines.
//!
//! Today's app sends each of its opening lines (`B <build>`, `N <name>`, `E PUB P`) from
//! a thread of its own, so their order is not fixed: about half of its connections say
//! `N` before `B`. A line that both dialects share (`N`, `W`, a line both ignore or both
//! answer `X CI`) therefore decides nothing; it is answered as the 2008 server would
//! (a 2008 client may be waiting for that answer) and the decision waits for the first
//! line only one dialect has: `B <5 digits>` or `E PUB|NPU|PRI...` for the app, anything
//! else the 2008 protocol knows for it. An HTTP request can only be a first line.

use super::app;
use parlor_wire::minitruco::{self as command, Command, Parsed};

/// What one line says about the dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Both dialects have this line: nothing is decided yet.
    Shared,
    /// Only the 2008 protocol has it.
    Classic,
    /// Only today's app sends it.
    App,
    /// The app's plain HTTP status check (`GET /status`), as a first line.
    Status,
    /// Another HTTP request (a browser on the game port), as a first line.
    Http,
}

/// What `line` says, `first` if no other line came before it on the connection.
pub fn classify(line: &str, first: bool) -> Opening {
    if first && app::status::asks(line) {
        return Opening::Status;
    }
    if first && is_http(line) {
        return Opening::Http;
    }
    if app::opens(line) {
        return Opening::App;
    }
    match (command::parse(line), command::parse_app(line)) {
        (Parsed::Command(Command::Nick(_) | Command::Version), _)
        | (Parsed::Unknown, Parsed::Unknown)
        | (Parsed::Ignored, Parsed::Ignored) => Opening::Shared,
        _ => Opening::Classic,
    }
}

/// Whether a line is an HTTP request line (`GET / HTTP/1.1`).
fn is_http(line: &str) -> bool {
    let mut words = line.split(' ');
    matches!(words.next(), Some("GET" | "HEAD" | "POST"))
        && words.next_back().is_some_and(|v| v.starts_with("HTTP/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The dialect a sequence of lines ends in, as a session decides it line by line:
    /// `None` while every line is shared.
    fn decide<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<Opening> {
        lines
            .into_iter()
            .filter(|line| !line.is_empty())
            .enumerate()
            .map(|(i, line)| classify(line, i == 0))
            .find(|opening| *opening != Opening::Shared)
    }

    #[test]
    fn shared_lines_decide_nothing() {
        for shared in ["N Ana", "n ana", "W", "N", "ZZ top", "Z", "GET / HTTP/1.1"] {
            assert_eq!(classify(shared, false), Opening::Shared, "{shared}");
        }
        assert_eq!(classify("GET / HTTP/1.1", true), Opening::Http);
        assert_eq!(classify("GET /status HTTP/1.1", true), Opening::Status);
    }

    #[test]
    fn lines_of_one_dialect_decide() {
        for app in ["B 30101", "E PUB P", "E NPU M", "E PRI V", "E PRI-12345"] {
            assert_eq!(classify(app, false), Opening::App, "{app}");
        }
        for old in [
            "L", "E 1", "I 1", "Q", "S", "B hello", "K 2", "M bob hi", "J 4p",
        ] {
            assert_eq!(classify(old, false), Opening::Classic, "{old}");
        }
    }

    /// The lines today's app sends when it connects: its build, its name and where it
    /// goes.
    fn app_opening() -> impl Strategy<Value = Vec<String>> {
        let enter = prop_oneof![
            "[PMVL]".prop_map(|m| format!("E PUB {m}")),
            "[PMVL]".prop_map(|m| format!("E NPU {m}")),
            "[PMVL]".prop_map(|m| format!("E PRI {m}")),
            "[0-9]{5}".prop_map(|c| format!("E PRI-{c}")),
        ];
        let build = (20503u32..99999).prop_map(|b| format!("B {b}"));
        let name = "[A-Za-z0-9_]{1,25}".prop_map(|n| format!("N {n}"));
        (build, name, enter, 0usize..3)
            .prop_flat_map(|(b, n, e, blanks)| {
                let mut lines = vec![b, n, e];
                lines.extend(std::iter::repeat_n(String::new(), blanks));
                Just(lines).prop_shuffle()
            })
            .boxed()
    }

    /// A 2008 client's opening: optional version check and nickname, then a lounge or
    /// room command.
    fn classic_opening() -> impl Strategy<Value = Vec<String>> {
        let shared = prop_oneof![
            Just("W".to_owned()),
            "[A-Za-z0-9]{1,12}".prop_map(|n| format!("N {n}")),
        ];
        let decisive = prop_oneof![
            Just("L".to_owned()),
            "[1-9]".prop_map(|n| format!("E {n}")),
            "[1-9]".prop_map(|n| format!("I {n}")),
            Just("Q".to_owned()),
            Just("S".to_owned()),
            "[a-z ]{0,20}".prop_map(|t| format!("B {t}")),
        ];
        (proptest::collection::vec(shared, 0..3), decisive).prop_map(|(mut lines, last)| {
            lines.push(last);
            lines
        })
    }

    proptest! {
        #[test]
        fn every_order_of_the_apps_opening_is_the_app(lines in app_opening()) {
            prop_assert_eq!(decide(lines.iter().map(String::as_str)), Some(Opening::App));
        }

        #[test]
        fn every_2008_opening_is_the_2008_protocol(lines in classic_opening()) {
            prop_assert_eq!(decide(lines.iter().map(String::as_str)), Some(Opening::Classic));
        }
    }
}
