//! Client lines to typed commands. Words are case-insensitive.

use cards::Card;
use truco::{Action, Answer};

/// A client line: an action of the match, or one of parlor's extensions: `CPU` (a
/// player waiting at a table that is not full asks for CPU players in the empty seats),
/// `TOKEN` (a player asks for a token to come back with if the connection drops),
/// `RESUME <token>` (a new connection comes back to its seat), `NAME <name>` (the
/// name the player is recorded and rated under) and `SEATS` (who plays each seat: a
/// person, a person away or a CPU player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Action(Action),
    FillWithCpus,
    Token,
    Resume(String),
    Name(String),
    Seats,
}

/// Parses one line, or `None` for a line that is not a command (`ERROR BAD_COMMAND`).
///
/// ```text
/// PLAY <card> [CLOSED] | TRUCO | ACCEPT | FOLD | RAISE | CPU | TOKEN | SEATS | RESUME <token>
/// NAME <the rest of the line>
/// ```
pub fn parse(line: &str) -> Option<Line> {
    let trimmed = line.trim_start();
    let verb = trimmed.split_ascii_whitespace().next()?;
    if verb.eq_ignore_ascii_case("NAME") {
        let name = trimmed[verb.len()..].trim();
        return (!name.is_empty()).then(|| Line::Name(name.to_owned()));
    }
    let mut words = line.split_ascii_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(w), None, _) if w.eq_ignore_ascii_case("CPU") => Some(Line::FillWithCpus),
        (Some(w), None, _) if w.eq_ignore_ascii_case("TOKEN") => Some(Line::Token),
        (Some(w), None, _) if w.eq_ignore_ascii_case("SEATS") => Some(Line::Seats),
        (Some(w), Some(token), None) if w.eq_ignore_ascii_case("RESUME") => {
            Some(Line::Resume(token.to_owned()))
        }
        _ => action(line).map(Line::Action),
    }
}

/// The action a line asks for.
fn action(line: &str) -> Option<Action> {
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
            action("PLAY 10c"),
            Some(Action::Play {
                card,
                closed: false
            })
        );
        assert_eq!(
            action("play 10C closed"),
            Some(Action::Play { card, closed: true })
        );
        assert_eq!(action("truco"), Some(Action::Truco));
        assert_eq!(action(" ACCEPT "), Some(Action::Answer(Answer::Accept)));
        assert_eq!(action("Fold\r"), Some(Action::Answer(Answer::Fold)));
        assert_eq!(action("RAISE"), Some(Action::Answer(Answer::Raise)));
        assert_eq!(parse(" cpu "), Some(Line::FillWithCpus));
        assert_eq!(parse("token"), Some(Line::Token));
        assert_eq!(parse("RESUME ab12"), Some(Line::Resume("ab12".into())));
        assert_eq!(parse("RESUME"), None);
        assert_eq!(parse("RESUME a b"), None);
        assert_eq!(parse("truco"), Some(Line::Action(Action::Truco)));
        assert_eq!(parse(" name  Ana Lu "), Some(Line::Name("Ana Lu".into())));
        assert_eq!(parse("NAME"), None);
        assert_eq!(parse("NAMES x"), None);
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
            assert_eq!(action(bad), None, "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn any_text_parses_without_panicking(line in "\\PC{0,60}") {
            let _ = parse(&line);
        }
    }
}
