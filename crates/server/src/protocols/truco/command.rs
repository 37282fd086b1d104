//! Client lines to typed commands. Words are case-insensitive.

use cards::Card;
use truco::{Action, Answer};

/// Parses one line into the action it asks for, or `None` for a line that is not a
/// command (`ERROR BAD_COMMAND`).
///
/// ```text
/// PLAY <card> [CLOSED] | TRUCO | ACCEPT | FOLD | RAISE
/// ```
pub fn parse(line: &str) -> Option<Action> {
    let mut words = line.split_ascii_whitespace();
    let verb = words.next()?.to_ascii_uppercase();
    let action = match verb.as_str() {
        "PLAY" => {
            let card = words.next()?.parse::<Card>().ok()?;
            let closed = match words.next() {
                None => false,
                Some(mode) if mode.eq_ignore_ascii_case("CLOSED") => true,
                Some(_) => return None,
            };
            Action::Play { card, closed }
        }
        "TRUCO" => Action::Truco,
        "ACCEPT" => Action::Answer(Answer::Accept),
        "FOLD" => Action::Answer(Answer::Fold),
        "RAISE" => Action::Answer(Answer::Raise),
        _ => return None,
    };
    words.next().is_none().then_some(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn commands_in_any_case() {
        let card: Card = "10c".parse().unwrap();
        assert_eq!(
            parse("PLAY 10c"),
            Some(Action::Play {
                card,
                closed: false
            })
        );
        assert_eq!(
            parse("play 10C closed"),
            Some(Action::Play { card, closed: true })
        );
        assert_eq!(parse("truco"), Some(Action::Truco));
        assert_eq!(parse(" ACCEPT "), Some(Action::Answer(Answer::Accept)));
        assert_eq!(parse("Fold\r"), Some(Action::Answer(Answer::Fold)));
        assert_eq!(parse("RAISE"), Some(Action::Answer(Answer::Raise)));
    }

    #[test]
    fn malformed_lines() {
        for bad in [
            "",
            "PLAY",
            "PLAY 11c",
            "PLAY 3p OPEN",
            "PLAY 3p CLOSED x",
            "TRUCO 3",
            "HELLO",
            "J 3p",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn any_text_parses_without_panicking(line in "\\PC{0,60}") {
            let _ = parse(&line);
        }
    }
}
