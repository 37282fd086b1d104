//! What today's app sends: [`AppCommand`], read by [`parse`] and written by
//! [`AppCommand::write`].
//!
//! As the app's server reads them: a line is split on single spaces; its first token
//! must be one character (any case) or the line is ignored; a character that is no
//! command is [`Parsed::Unknown`] (`X CI`); a command with arguments of the wrong shape
//! is ignored. The game commands are the 2008 protocol's ([`Command`]).

use super::client::{Command, Parsed};
use truco::AppMode;

/// Where `E` asks to go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Enter {
    /// `E PUB <mode>`: any public table of that mode with a free seat, or a new one.
    Public(AppMode),
    /// `E NPU <mode>`: a new public table.
    NewPublic(AppMode),
    /// `E PRI <mode>`: a new private table with a code.
    NewPrivate(AppMode),
    /// `E PRI-<code>`: the private table with that code (the text after the dash).
    Private(String),
    /// Another subcommand of the right shape: the person only leaves their table.
    Nowhere,
}

/// One command of the app's dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppCommand {
    /// `B <5 digits>`: the app's build number (below 100000: five digits, zeros in
    /// front).
    Build(u32),
    /// `W`: the server's version.
    Version,
    /// `N <name>`: the rest of the line is the name, spaces included.
    Name(String),
    Enter(Enter),
    /// `S`: leave the table.
    Leave,
    /// `R T` (manager): rotate partners.
    RotatePartners,
    /// `R I` (manager): swap the two opponents.
    SwapOpponents,
    /// `Q` (manager): start the game.
    Start,
    /// `A`: leave the game (or, after it, go back to the table).
    Abandon,
    /// `K <n>`: the echo of a keep-alive (the session checks its value).
    KeepAlive(String),
    /// The game's commands, as the 2008 protocol writes them: only `J`, `T`, `D`, `C`
    /// and `H` (the app has no chat, and its `B` is the build).
    Game(Command),
}

/// The app's letter for a mode.
pub fn mode_letter(mode: AppMode) -> char {
    match mode {
        AppMode::Paulista => 'P',
        AppMode::Mineiro => 'M',
        AppMode::ManilhaVelha => 'V',
        AppMode::BaralhoLimpo => 'L',
    }
}

/// The mode an app letter names.
pub fn mode_of(token: &str) -> Option<AppMode> {
    AppMode::ALL
        .into_iter()
        .find(|&m| token.len() == 1 && token.starts_with(mode_letter(m)))
}

impl AppCommand {
    /// The line (without its end).
    pub fn write(&self) -> String {
        match self {
            AppCommand::Build(build) => format!("B {build:05}"),
            AppCommand::Version => "W".into(),
            AppCommand::Name(name) => format!("N {name}"),
            AppCommand::Enter(Enter::Public(mode)) => format!("E PUB {}", mode_letter(*mode)),
            AppCommand::Enter(Enter::NewPublic(mode)) => format!("E NPU {}", mode_letter(*mode)),
            AppCommand::Enter(Enter::NewPrivate(mode)) => {
                format!("E PRI {}", mode_letter(*mode))
            }
            AppCommand::Enter(Enter::Private(code)) => format!("E PRI-{code}"),
            // Any other word with a mode: the app's server only leaves the table.
            AppCommand::Enter(Enter::Nowhere) => "E OUT P".into(),
            AppCommand::Leave => "S".into(),
            AppCommand::RotatePartners => "R T".into(),
            AppCommand::SwapOpponents => "R I".into(),
            AppCommand::Start => "Q".into(),
            AppCommand::Abandon => "A".into(),
            AppCommand::KeepAlive(value) => format!("K {value}"),
            AppCommand::Game(command) => command.write(),
        }
    }
}

/// Parses one line (without its terminator).
pub fn parse(line: &str) -> Parsed<AppCommand> {
    let tokens: Vec<&str> = line.split(' ').collect();
    let mut chars = tokens[0].chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Parsed::Ignored;
    };
    let args = &tokens[1..];
    let command = match (letter.to_ascii_uppercase(), args) {
        ('B', [build]) if build.len() == 5 && build.bytes().all(|b| b.is_ascii_digit()) => {
            AppCommand::Build(build.parse().unwrap_or(0))
        }
        ('B', _) => return Parsed::Ignored,
        ('W', _) => AppCommand::Version,
        ('N', _) => AppCommand::Name(line.get(2..).unwrap_or("").to_owned()),
        ('E', _) => match enter(args) {
            Some(enter) => AppCommand::Enter(enter),
            None => return Parsed::Ignored,
        },
        ('S', _) => AppCommand::Leave,
        ('R', ["T"]) => AppCommand::RotatePartners,
        ('R', ["I"]) => AppCommand::SwapOpponents,
        ('R', _) => return Parsed::Ignored,
        ('Q', _) => AppCommand::Start,
        ('A', _) => AppCommand::Abandon,
        ('K', [n]) => AppCommand::KeepAlive((*n).to_owned()),
        ('K', _) => return Parsed::Unknown,
        ('J', [card, rest @ ..]) if !card.is_empty() => AppCommand::Game(Command::Play {
            card: (*card).to_owned(),
            closed: rest.first() == Some(&"T"),
        }),
        ('J', _) => return Parsed::Ignored,
        ('T', _) => AppCommand::Game(Command::Truco),
        ('D', _) => AppCommand::Game(Command::Accept),
        ('C', _) => AppCommand::Game(Command::Decline),
        // As the app's server: any answer but `T` refuses; none at all is ignored.
        ('H', [answer, ..]) => AppCommand::Game(Command::HandOfEleven(*answer == "T")),
        ('H', _) => return Parsed::Ignored,
        _ => return Parsed::Unknown,
    };
    Parsed::Command(command)
}

/// `E`'s arguments: one or two, the second (if any) a valid mode.
fn enter(args: &[&str]) -> Option<Enter> {
    let (kind, mode) = match args {
        [kind] => (*kind, None),
        [kind, mode] => (*kind, Some(mode_of(mode)?)),
        _ => return None,
    };
    if let Some(code) = kind.strip_prefix("PRI-") {
        return Some(Enter::Private(code.to_owned()));
    }
    let mode = mode?;
    Some(match kind {
        "PUB" => Enter::Public(mode),
        "NPU" => Enter::NewPublic(mode),
        "PRI" => Enter::NewPrivate(mode),
        _ => Enter::Nowhere,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cmd(line: &str) -> AppCommand {
        match parse(line) {
            Parsed::Command(c) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn the_lobby_commands() {
        assert_eq!(cmd("B 20600"), AppCommand::Build(20600));
        assert_eq!(
            cmd("N joão do pulo"),
            AppCommand::Name("joão do pulo".into())
        );
        assert_eq!(cmd("N"), AppCommand::Name(String::new()));
        assert_eq!(
            cmd("E PUB M"),
            AppCommand::Enter(Enter::Public(AppMode::Mineiro))
        );
        assert_eq!(
            cmd("e NPU V"),
            AppCommand::Enter(Enter::NewPublic(AppMode::ManilhaVelha))
        );
        assert_eq!(
            cmd("E PRI L"),
            AppCommand::Enter(Enter::NewPrivate(AppMode::BaralhoLimpo))
        );
        assert_eq!(
            cmd("E PRI-40721"),
            AppCommand::Enter(Enter::Private("40721".into()))
        );
        assert_eq!(
            cmd("E PRI-40721 P"),
            AppCommand::Enter(Enter::Private("40721".into()))
        );
        assert_eq!(cmd("E XYZ P"), AppCommand::Enter(Enter::Nowhere));
        assert_eq!(cmd("R T"), AppCommand::RotatePartners);
        assert_eq!(cmd("R I"), AppCommand::SwapOpponents);
        assert_eq!(
            cmd("K 1718000000123"),
            AppCommand::KeepAlive("1718000000123".into())
        );
    }

    #[test]
    fn the_game_commands_are_the_2008_ones() {
        let play = |card: &str, closed| {
            AppCommand::Game(Command::Play {
                card: card.into(),
                closed,
            })
        };
        assert_eq!(cmd("J Kp"), play("Kp", false));
        assert_eq!(cmd("J Kp T"), play("Kp", true));
        assert_eq!(cmd("H T"), AppCommand::Game(Command::HandOfEleven(true)));
        assert_eq!(cmd("H x"), AppCommand::Game(Command::HandOfEleven(false)));
        assert_eq!(cmd("t"), AppCommand::Game(Command::Truco));
    }

    #[test]
    fn wrong_shapes_are_ignored_and_unknown_letters_are_errors() {
        for ignored in [
            "",
            "B",
            "B ",
            "B foobar",
            "B 1.0.0",
            "B 123456",
            "E PUB",
            "E PUB !",
            "E pub p",
            "E PUB P X",
            "R",
            "R X",
            "R T I",
            "J",
            "H",
            "QUIT",
            "E  PUB P",
        ] {
            assert_eq!(parse(ignored), Parsed::Ignored, "{ignored:?}");
        }
        for unknown in ["Z", "I", "L", "!", "K", "é"] {
            assert_eq!(parse(unknown), Parsed::Unknown, "{unknown:?}");
        }
    }

    proptest! {
        #[test]
        fn any_bytes_parse_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }
    }
}
