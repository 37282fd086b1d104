//! What a miniTruco server sends, in either dialect: [`ServerMsg`], one line each,
//! written by [`ServerMsg::write`] and read by [`ServerMsg::parse`]. Positions are the
//! wire's seats 1-4; the app's lines carry what the 2008 ones lack (the hand's opener on
//! `M`, a phrase number on `T`, `D`, `C`, `H`, `G` and `A`).

use cards::Card;
use std::fmt::Write;
use truco::AppMode;

use super::app::{mode_letter, mode_of};

/// Which dialect a line is read in: they spell `M` and `I` differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The 2008 protocol (seed 000): the lounge's rooms.
    Lounge,
    /// Today's Android app: its tables.
    App,
}

/// Why the server refused a command: `X <code>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `X CI`: a single character that is no command.
    UnknownCommand,
    /// `X NO`: a command that needs a nickname first.
    NoNick,
    /// `X NI`: a nickname that is not one.
    InvalidNick,
    /// `X NE`: a nickname someone holds.
    NickInUse,
    /// `X JO`: a new nickname during a game.
    InGame,
    /// `X SI`: no such room (or private table).
    NoSuchRoom,
    /// `X FS`: a room command away from a room.
    NotInRoom,
    /// `X JE <room>`: already in that room.
    AlreadyIn(String),
    /// `X CH`: the room is full.
    RoomFull,
    /// `X TT`: rules that cannot be played.
    BadRules,
    /// `X JI`: a whisper or kick that names nobody.
    NoSuchPlayer,
    /// `X <code>` of a code parlor never sends (another server's), as it came.
    Other(String),
}

impl Refusal {
    const CODES: [(&'static str, Refusal); 10] = [
        ("CI", Refusal::UnknownCommand),
        ("NO", Refusal::NoNick),
        ("NI", Refusal::InvalidNick),
        ("NE", Refusal::NickInUse),
        ("JO", Refusal::InGame),
        ("SI", Refusal::NoSuchRoom),
        ("FS", Refusal::NotInRoom),
        ("CH", Refusal::RoomFull),
        ("TT", Refusal::BadRules),
        ("JI", Refusal::NoSuchPlayer),
    ];
}

/// A room of the 2008 lounge as `I` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    pub number: usize,
    /// Each seat's nickname (a CPU player's during a game), empty when nobody sits.
    pub names: [String; 4],
    /// Each seat ready to play (an empty seat counts as ready).
    pub ready: [bool; 4],
    /// The manager's position, 1-4.
    pub manager: usize,
    /// The clean deck (no 4-7).
    pub clean_deck: bool,
    /// The old manilhas (fixed ones, no vira).
    pub old_manilha: bool,
}

/// A table of the app as its `I` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Each seat's name, `bot` for an empty seat or a CPU player.
    pub names: [String; 4],
    pub mode: AppMode,
    /// The receiver's position, 1-4.
    pub position: usize,
    /// `PUB`, or `PRI-<code>`.
    pub label: String,
}

/// One server line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    /// An empty line: the 2008 keep-alive.
    KeepAlive,
    /// `W <version>`
    Version(String),
    /// `N <nick>`: the name taken.
    Nick(String),
    /// `L n1|n2|...`: how many sit in each room.
    Rooms(Vec<u32>),
    /// `I ...` of a 2008 room.
    Room(Room),
    /// `I ...` of an app table.
    Table(Table),
    /// `E <room>`: entered.
    Entered(usize),
    /// `S`: out of the room.
    Left,
    /// `P <pos>`: the receiver's position as the game starts.
    Position(usize),
    /// `M [opener] c1 c2 c3 [vira]`: the receiver's cards (the app names the hand's
    /// opener first).
    Cards {
        opener: Option<usize>,
        cards: [Card; 3],
        vira: Option<Card>,
    },
    /// `M <nick> <text>`: a whisper (2008).
    Whisper { from: String, text: String },
    /// `V <pos> T|F`: whose turn, and whether a card may go face down.
    Turn {
        position: usize,
        closed_allowed: bool,
    },
    /// `J <pos> [card [T]]`: a card played (none: someone else's face-down card).
    Played {
        position: usize,
        card: Option<Card>,
        closed: bool,
    },
    /// `R <team> <pos>`: a round won by team 1 or 2 (3: tied), and who leads the next.
    Round { team: u8, next: usize },
    /// `O <p1> <p2>`: the score after a hand.
    Score([u32; 2]),
    /// `G <team> [phrase]`: the game's winner.
    GameOver { team: u8, phrase: Option<u32> },
    /// `T <pos> <value> [phrase]`: a raise asked.
    Raise {
        position: usize,
        value: u32,
        phrase: Option<u32>,
    },
    /// `D <pos> <value> [phrase]`: a raise accepted.
    Accepted {
        position: usize,
        value: u32,
        phrase: Option<u32>,
    },
    /// `C <pos> [phrase]`: a raise declined.
    Declined {
        position: usize,
        phrase: Option<u32>,
    },
    /// `F c1 c2 c3`: the partner's cards in a hand of 11.
    PartnerCards([Card; 3]),
    /// `H <pos> T|F [phrase]`: a hand of 11 played or refused.
    HandOfEleven {
        position: usize,
        play: bool,
        phrase: Option<u32>,
    },
    /// `A <pos> [phrase]`: the game abandoned by whoever left.
    Abandoned {
        position: usize,
        phrase: Option<u32>,
    },
    /// `B <nick> <text>`: chat to the room.
    Chat { from: String, text: String },
    /// `X <code> [arg]`: a command refused.
    Refused(Refusal),
    /// `K <n>`: the app's keep-alive, to be echoed.
    Ping(String),
    /// `! T <text>`: a notice the app shows.
    Notice(String),
}

/// `T` or `F`.
fn flag(b: bool) -> char {
    if b {
        'T'
    } else {
        'F'
    }
}

/// A phrase number, if any, after a space.
fn push_phrase(out: &mut String, phrase: Option<u32>) {
    if let Some(phrase) = phrase {
        write!(out, " {phrase}").expect("writing to a String");
    }
}

impl ServerMsg {
    /// This message with the app's phrase number, if it is one that carries one (a raise
    /// asked, accepted or declined, a hand of 11 decided, the game's end or abandonment).
    pub fn with_phrase(mut self, number: u32) -> ServerMsg {
        match &mut self {
            ServerMsg::Raise { phrase, .. }
            | ServerMsg::Accepted { phrase, .. }
            | ServerMsg::Declined { phrase, .. }
            | ServerMsg::HandOfEleven { phrase, .. }
            | ServerMsg::GameOver { phrase, .. }
            | ServerMsg::Abandoned { phrase, .. } => *phrase = Some(number),
            _ => {}
        }
        self
    }

    /// The line (without its end).
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(16);
        let w = "writing to a String";
        match self {
            ServerMsg::KeepAlive => {}
            ServerMsg::Version(v) => write!(out, "W {v}").expect(w),
            ServerMsg::Nick(nick) => write!(out, "N {nick}").expect(w),
            // Written number by number: a lounge may have 10,000 rooms, and a string per
            // room made this most of the server's work when thousands asked at once.
            ServerMsg::Rooms(counts) => {
                out.reserve(2 + 2 * counts.len());
                out.push('L');
                for (i, n) in counts.iter().enumerate() {
                    out.push(if i == 0 { ' ' } else { '|' });
                    write!(out, "{n}").expect(w);
                }
            }
            ServerMsg::Room(room) => write!(
                out,
                "I {} {} {} {} {}{}",
                room.number,
                room.names.join("|"),
                room.ready.map(flag).iter().collect::<String>(),
                room.manager,
                flag(room.clean_deck),
                flag(room.old_manilha)
            )
            .expect(w),
            ServerMsg::Table(table) => write!(
                out,
                "I {} {} {} {}",
                table.names.join("|"),
                mode_letter(table.mode),
                table.position,
                table.label
            )
            .expect(w),
            ServerMsg::Entered(room) => write!(out, "E {room}").expect(w),
            ServerMsg::Left => out.push('S'),
            ServerMsg::Position(p) => write!(out, "P {p}").expect(w),
            ServerMsg::Cards {
                opener,
                cards,
                vira,
            } => {
                out.push('M');
                if let Some(opener) = opener {
                    write!(out, " {opener}").expect(w);
                }
                for card in cards.iter().chain(vira) {
                    write!(out, " {card}").expect(w);
                }
            }
            ServerMsg::Whisper { from, text } => write!(out, "M {from} {text}").expect(w),
            ServerMsg::Turn {
                position,
                closed_allowed,
            } => write!(out, "V {position} {}", flag(*closed_allowed)).expect(w),
            ServerMsg::Played {
                position,
                card,
                closed,
            } => {
                write!(out, "J {position}").expect(w);
                if let Some(card) = card {
                    write!(out, " {card}").expect(w);
                    if *closed {
                        out.push_str(" T");
                    }
                }
            }
            ServerMsg::Round { team, next } => write!(out, "R {team} {next}").expect(w),
            ServerMsg::Score([a, b]) => write!(out, "O {a} {b}").expect(w),
            ServerMsg::GameOver { team, phrase } => {
                write!(out, "G {team}").expect(w);
                push_phrase(&mut out, *phrase);
            }
            ServerMsg::Raise {
                position,
                value,
                phrase,
            } => {
                write!(out, "T {position} {value}").expect(w);
                push_phrase(&mut out, *phrase);
            }
            ServerMsg::Accepted {
                position,
                value,
                phrase,
            } => {
                write!(out, "D {position} {value}").expect(w);
                push_phrase(&mut out, *phrase);
            }
            ServerMsg::Declined { position, phrase } => {
                write!(out, "C {position}").expect(w);
                push_phrase(&mut out, *phrase);
            }
            ServerMsg::PartnerCards([a, b, c]) => write!(out, "F {a} {b} {c}").expect(w),
            ServerMsg::HandOfEleven {
                position,
                play,
                phrase,
            } => {
                write!(out, "H {position} {}", flag(*play)).expect(w);
                push_phrase(&mut out, *phrase);
            }
            ServerMsg::Abandoned { position, phrase } => {
                write!(out, "A {position}").expect(w);
                push_phrase(&mut out, *phrase);
            }
            ServerMsg::Chat { from, text } => write!(out, "B {from} {text}").expect(w),
            ServerMsg::Refused(Refusal::AlreadyIn(room)) => write!(out, "X JE {room}").expect(w),
            ServerMsg::Refused(Refusal::Other(code)) => write!(out, "X {code}").expect(w),
            ServerMsg::Refused(refusal) => {
                let code = Refusal::CODES.iter().find(|(_, r)| r == refusal);
                write!(out, "X {}", code.map_or("CI", |(c, _)| c)).expect(w);
            }
            ServerMsg::Ping(value) => write!(out, "K {value}").expect(w),
            ServerMsg::Notice(text) => write!(out, "! T {text}").expect(w),
        }
        out
    }

    /// The message `line` (without its end) holds in `dialect`; `None` if it is none.
    pub fn parse(line: &str, dialect: Dialect) -> Option<ServerMsg> {
        if line.is_empty() {
            return Some(ServerMsg::KeepAlive);
        }
        let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
        let words: Vec<&str> = rest.split(' ').filter(|w| !w.is_empty()).collect();
        let pos = |i: usize| -> Option<usize> {
            words.get(i)?.parse().ok().filter(|p| (1..=4).contains(p))
        };
        let number = |i: usize| -> Option<u32> { words.get(i)?.parse().ok() };
        let card = |i: usize| -> Option<Card> { words.get(i)?.parse().ok() };
        // A card if the word is there (`Some(None)`: no word; `None`: not a card).
        let maybe_card = |i: usize| -> Option<Option<Card>> {
            match words.get(i) {
                None => Some(None),
                Some(_) => card(i).map(Some),
            }
        };
        let yes = |i: usize| -> Option<bool> {
            match *words.get(i)? {
                "T" => Some(true),
                "F" => Some(false),
                _ => None,
            }
        };
        // The word after `n` fixed ones: a phrase (app), else nothing.
        let phrase = |n: usize| -> Option<Option<u32>> {
            match words.get(n) {
                None => Some(None),
                Some(w) => w.parse().ok().map(Some),
            }
        };
        // The text after `n` words (spaces kept).
        let text_after =
            |n: usize| -> String { rest.splitn(n + 1, ' ').nth(n).unwrap_or("").to_owned() };
        Some(match head {
            "W" => ServerMsg::Version(rest.to_owned()),
            "N" => ServerMsg::Nick(rest.to_owned()),
            // A count that is not one reads as a full room.
            "L" => ServerMsg::Rooms(rest.split('|').map(|n| n.parse().unwrap_or(4)).collect()),
            "I" if dialect == Dialect::Lounge => ServerMsg::Room(room(&words)?),
            "I" => ServerMsg::Table(table(&words)?),
            "E" => ServerMsg::Entered(words.first()?.parse().ok()?),
            "S" if rest.is_empty() => ServerMsg::Left,
            "P" => ServerMsg::Position(pos(0)?),
            "M" => match dialect {
                Dialect::App => {
                    let cards = [card(1)?, card(2)?, card(3)?];
                    let vira = maybe_card(4)?;
                    ServerMsg::Cards {
                        opener: Some(pos(0)?),
                        cards,
                        vira,
                    }
                }
                // A line of three or four cards is a deal, else a whisper (a whisper from
                // a nickname that reads as a card, with cards for its words, reads as a
                // deal: the 2008 protocol spells both `M`).
                Dialect::Lounge => match (card(0), card(1), card(2), words.len()) {
                    (Some(a), Some(b), Some(c), 3 | 4) => ServerMsg::Cards {
                        opener: None,
                        cards: [a, b, c],
                        vira: maybe_card(3)?,
                    },
                    _ => ServerMsg::Whisper {
                        from: words.first()?.to_string(),
                        text: text_after(1),
                    },
                },
            },
            "V" => ServerMsg::Turn {
                position: pos(0)?,
                closed_allowed: yes(1)?,
            },
            "J" => ServerMsg::Played {
                position: pos(0)?,
                card: maybe_card(1)?,
                closed: words.get(2) == Some(&"T"),
            },
            "R" => ServerMsg::Round {
                team: number(0)
                    .and_then(|t| u8::try_from(t).ok())
                    .filter(|t| (1..=3).contains(t))?,
                next: pos(1)?,
            },
            "O" => ServerMsg::Score([number(0)?, number(1)?]),
            "G" => ServerMsg::GameOver {
                team: number(0).and_then(|t| u8::try_from(t).ok())?,
                phrase: phrase(1)?,
            },
            "T" => ServerMsg::Raise {
                position: pos(0)?,
                value: number(1)?,
                phrase: phrase(2)?,
            },
            "D" => ServerMsg::Accepted {
                position: pos(0)?,
                value: number(1)?,
                phrase: phrase(2)?,
            },
            "C" => ServerMsg::Declined {
                position: pos(0)?,
                phrase: phrase(1)?,
            },
            "F" => ServerMsg::PartnerCards([card(0)?, card(1)?, card(2)?]),
            "H" => ServerMsg::HandOfEleven {
                position: pos(0)?,
                play: yes(1)?,
                phrase: phrase(2)?,
            },
            "A" => ServerMsg::Abandoned {
                position: words.first()?.parse().ok().filter(|p| *p <= 4)?,
                phrase: phrase(1)?,
            },
            "B" => ServerMsg::Chat {
                from: words.first()?.to_string(),
                text: text_after(1),
            },
            "X" => ServerMsg::Refused(match (words.first()?, words.get(1)) {
                (&"JE", Some(room)) => Refusal::AlreadyIn((*room).to_owned()),
                (code, _) => match Refusal::CODES.iter().find(|(c, _)| c == code) {
                    Some((_, known)) => known.clone(),
                    None => Refusal::Other(rest.to_owned()),
                },
            }),
            "K" => ServerMsg::Ping(rest.to_owned()),
            "!" => ServerMsg::Notice(rest.strip_prefix("T ")?.to_owned()),
            _ => return None,
        })
    }
}

/// A 2008 room from `I`'s words: `n names ready manager rules`. Read leniently, as a
/// client of other servers should: missing names are empty seats, a missing ready flag
/// is an empty seat's (`T`), missing rules are the defaults (`F`).
fn room(words: &[&str]) -> Option<Room> {
    let [number, names, ready, manager, rules] = words else {
        return None;
    };
    let mut names = names.split('|');
    let mut ready = ready.chars();
    let mut rules = rules.chars();
    Some(Room {
        number: number.parse().ok()?,
        names: std::array::from_fn(|_| names.next().unwrap_or("").to_owned()),
        ready: std::array::from_fn(|_| ready.next().is_none_or(|c| c == 'T')),
        manager: manager.parse().ok().filter(|m| (1..=4).contains(m))?,
        clean_deck: rules.next() == Some('T'),
        old_manilha: rules.next() == Some('T'),
    })
}

/// An app table from `I`'s words: `names mode pos label`.
fn table(words: &[&str]) -> Option<Table> {
    let [names, mode, position, label] = words else {
        return None;
    };
    let names: Vec<String> = names.split('|').map(str::to_owned).collect();
    Some(Table {
        names: names.try_into().ok()?,
        mode: mode_of(mode)?,
        position: position.parse().ok().filter(|p| (1..=4).contains(p))?,
        label: (*label).to_owned(),
    })
}
