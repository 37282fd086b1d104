//! Client lines to typed commands. Words are case-insensitive.

use parlor_wire::truco::{self as wire, ClientMsg};
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
/// The format is the wire module's, shared with the clients (`parlor_wire::truco`).
pub fn parse(line: &str) -> Option<Line> {
    Some(match ClientMsg::parse(line)? {
        ClientMsg::Play { card, closed } => Line::Action(Action::Play { card, closed }),
        ClientMsg::Truco => Line::Action(Action::Truco),
        ClientMsg::Answer(answer) => Line::Action(Action::Answer(match answer {
            wire::Answer::Accept => Answer::Accept,
            wire::Answer::Fold => Answer::Fold,
            wire::Answer::Raise => Answer::Raise,
        })),
        ClientMsg::Cpu => Line::FillWithCpus,
        ClientMsg::Token => Line::Token,
        ClientMsg::Seats => Line::Seats,
        ClientMsg::Resume(token) => Line::Resume(token),
        ClientMsg::Name(name) => Line::Name(name),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Card;
    use proptest::prelude::*;

    /// Every line reaches the table as the command it names (the wire module reads the
    /// words, in any case: its own tests).
    #[test]
    fn lines_to_commands() {
        let card: Card = "10c".parse().unwrap();
        let play = |closed| Some(Line::Action(Action::Play { card, closed }));
        assert_eq!(parse("PLAY 10c"), play(false));
        assert_eq!(parse("play 10C closed"), play(true));
        assert_eq!(parse("truco"), Some(Line::Action(Action::Truco)));
        assert_eq!(
            parse(" ACCEPT "),
            Some(Line::Action(Action::Answer(Answer::Accept)))
        );
        assert_eq!(
            parse("Fold\r"),
            Some(Line::Action(Action::Answer(Answer::Fold)))
        );
        assert_eq!(
            parse("RAISE"),
            Some(Line::Action(Action::Answer(Answer::Raise)))
        );
        assert_eq!(parse(" cpu "), Some(Line::FillWithCpus));
        assert_eq!(parse("token"), Some(Line::Token));
        assert_eq!(parse("seats"), Some(Line::Seats));
        assert_eq!(parse("RESUME ab12"), Some(Line::Resume("ab12".into())));
        assert_eq!(parse(" name  Ana Lu "), Some(Line::Name("Ana Lu".into())));
        for bad in [
            "",
            "PLAY",
            "PLAY 11c",
            "PLAY 3p OPEN",
            "TRUCO 3",
            "HELLO",
            "RESUME",
            "NAME",
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
