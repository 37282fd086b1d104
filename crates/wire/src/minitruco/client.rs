//! What a 2008 client sends: [`Command`], read by [`parse`] and written by
//! [`Command::write`].
//!
//! A line is split on spaces. Its first token must be one character (any case) or the
//! line is ignored; an unknown character is [`Parsed::Unknown`] (`X CI`). Arguments are
//! kept as text: judging them (is this a room? a card you hold?) is the room's job.

/// One command from a miniTruco client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `W`: the server version.
    Version,
    /// `N nick`: set the nickname (only the first token counts; empty if missing).
    Nick(String),
    /// `L`: the room list.
    List,
    /// `I [room]`: information on a room, or on the current one.
    Info(Option<String>),
    /// `E room`: enter a room.
    Enter(Option<String>),
    /// `S`: leave the room (and the game).
    Leave,
    /// `R dm` (manager): clean deck, old manilha.
    Rules(Option<String>),
    /// `V` (manager): swap the two adversaries.
    SwapFoes,
    /// `O` (manager): cycle the other three players.
    CyclePartner,
    /// `K position` (manager): kick a player.
    Kick(Option<String>),
    /// `Q`: ready to play.
    Ready,
    /// `J card [T]`: play a card, closed if the mode is `T`.
    Play { card: String, closed: bool },
    /// `T`: ask for a raise.
    Truco,
    /// `D`: accept a raise.
    Accept,
    /// `C`: decline a raise.
    Decline,
    /// `H T|F`: accept or refuse a hand of 11.
    HandOfEleven(bool),
    /// `B text`: chat to the room.
    Chat(String),
    /// `M nick text`: a private message to one player in the room.
    Whisper { to: String, text: String },
}

/// What a line turned out to be: a command of either dialect (`C`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed<C> {
    Command(C),
    /// A single character that is no command: answered with `X CI`.
    Unknown,
    /// Empty lines, longer first tokens and unusable arguments: ignored silently.
    Ignored,
}

impl Command {
    /// The line (without its end).
    pub fn write(&self) -> String {
        let with = |letter: char, arg: &str| format!("{letter} {arg}");
        let maybe = |letter: char, arg: &Option<String>| match arg {
            Some(arg) => with(letter, arg),
            None => letter.to_string(),
        };
        match self {
            Command::Version => "W".into(),
            Command::Nick(nick) => with('N', nick),
            Command::List => "L".into(),
            Command::Info(room) => maybe('I', room),
            Command::Enter(room) => maybe('E', room),
            Command::Leave => "S".into(),
            Command::Rules(flags) => maybe('R', flags),
            Command::SwapFoes => "V".into(),
            Command::CyclePartner => "O".into(),
            Command::Kick(seat) => maybe('K', seat),
            Command::Ready => "Q".into(),
            Command::Play { card, closed: true } => format!("J {card} T"),
            Command::Play { card, .. } => with('J', card),
            Command::Truco => "T".into(),
            Command::Accept => "D".into(),
            Command::Decline => "C".into(),
            Command::HandOfEleven(play) => with('H', if *play { "T" } else { "F" }),
            Command::Chat(text) => with('B', text),
            Command::Whisper { to, text } => format!("M {to} {text}"),
        }
    }
}

/// Parses one line (without its terminator).
pub fn parse(line: &str) -> Parsed<Command> {
    let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
    let mut chars = head.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Parsed::Ignored;
    };
    let mut args = rest.split(' ').filter(|a| !a.is_empty());
    let arg = args.next().map(str::to_owned);
    let command = match letter.to_ascii_uppercase() {
        'W' => Command::Version,
        'N' => Command::Nick(arg.unwrap_or_default()),
        'L' => Command::List,
        'I' => Command::Info(arg),
        'E' => Command::Enter(arg),
        'S' => Command::Leave,
        'R' => Command::Rules(arg),
        'V' => Command::SwapFoes,
        'O' => Command::CyclePartner,
        'K' => Command::Kick(arg),
        'Q' => Command::Ready,
        'J' => match arg {
            Some(card) => Command::Play {
                card,
                closed: args.next().is_some_and(|m| m.eq_ignore_ascii_case("T")),
            },
            None => return Parsed::Ignored,
        },
        'T' => Command::Truco,
        'D' => Command::Accept,
        'C' => Command::Decline,
        'H' => match arg.as_deref().map(str::to_ascii_uppercase).as_deref() {
            Some("T") => Command::HandOfEleven(true),
            Some("F") => Command::HandOfEleven(false),
            _ => return Parsed::Ignored,
        },
        'B' => Command::Chat(rest.to_owned()),
        'M' => match arg {
            Some(to) => {
                let text = rest.trim_start_matches(' ')[to.len()..]
                    .strip_prefix(' ')
                    .unwrap_or("");
                Command::Whisper {
                    to,
                    text: text.to_owned(),
                }
            }
            // `M` alone: answered `X JI` like a whisper without text.
            None => Command::Whisper {
                to: String::new(),
                text: String::new(),
            },
        },
        _ => return Parsed::Unknown,
    };
    Parsed::Command(command)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cmd(line: &str) -> Command {
        match parse(line) {
            Parsed::Command(c) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn letters_in_either_case() {
        assert_eq!(cmd("l"), Command::List);
        assert_eq!(cmd("W"), Command::Version);
        assert_eq!(cmd("n bob extra"), Command::Nick("bob".into()));
        assert_eq!(cmd("N"), Command::Nick(String::new()));
    }

    #[test]
    fn arguments() {
        assert_eq!(cmd("I"), Command::Info(None));
        assert_eq!(cmd("I 3"), Command::Info(Some("3".into())));
        assert_eq!(cmd("E  2"), Command::Enter(Some("2".into())));
        assert_eq!(
            cmd("J 7c T"),
            Command::Play {
                card: "7c".into(),
                closed: true
            }
        );
        assert_eq!(
            cmd("J Ko"),
            Command::Play {
                card: "Ko".into(),
                closed: false
            }
        );
        assert_eq!(cmd("H t"), Command::HandOfEleven(true));
        assert_eq!(cmd("B hello  there"), Command::Chat("hello  there".into()));
        assert_eq!(
            cmd("M bob hi you"),
            Command::Whisper {
                to: "bob".into(),
                text: "hi you".into()
            }
        );
    }

    #[test]
    fn what_is_ignored_and_what_is_unknown() {
        assert_eq!(parse(""), Parsed::Ignored);
        assert_eq!(parse("QUIT"), Parsed::Ignored);
        assert_eq!(parse("J"), Parsed::Ignored);
        assert_eq!(parse("H maybe"), Parsed::Ignored);
        assert_eq!(parse("Z"), Parsed::Unknown);
        assert_eq!(parse("é"), Parsed::Unknown);
        assert_eq!(parse("1 2"), Parsed::Unknown);
    }

    proptest! {
        #[test]
        fn any_text_parses_without_panicking(line in "\\PC{0,40}") {
            let _ = parse(&line);
        }

        #[test]
        fn any_bytes_parse_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }
    }
}
