//! Course Truco's lines (seed 003, in parlor's format: `docs/protocols/truco.md`), both
//! ways: what a client sends ([`ClientMsg`]) and what the server sends ([`ServerMsg`]),
//! each with its one `write` and `parse`. Players are numbered 1-4, teams 1-2; cards
//! are written rank then Portuguese suit letter (`10c`, `Qo`, `3p`).
//!
//! ```text
//! client: PLAY <card> [CLOSED] | TRUCO | ACCEPT | FOLD | RAISE | CPU | TOKEN | SEATS
//!         RESUME <token> | NAME <the rest of the line>
//! server: WELCOME p t | WAITING n | MATCH p | HAND n p s1 s2 | CARDS c c c | VIRA c
//!         TURN p v | PLAYED p c|CLOSED | TRUCO p v | ANSWERED p ACCEPT|FOLD|RAISE
//!         ACCEPTED v | ROUND n p t | HAND_END t pts s1 s2 | MATCH_END t s1 s2 | LEFT p
//!         TOKEN hex | NAME p name | SEATS k k k k | ERROR CODE text
//! ```

use cards::Card;

/// An answer to a raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Fold,
    Raise,
}

impl Answer {
    fn word(self) -> &'static str {
        match self {
            Answer::Accept => "ACCEPT",
            Answer::Fold => "FOLD",
            Answer::Raise => "RAISE",
        }
    }

    fn read(word: &str) -> Option<Answer> {
        [Answer::Accept, Answer::Fold, Answer::Raise]
            .into_iter()
            .find(|a| a.word().eq_ignore_ascii_case(word))
    }
}

/// Who plays a seat, as `SEATS` tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    Person,
    Away,
    Cpu,
    Empty,
}

impl Occupant {
    const ALL: [Occupant; 4] = [
        Occupant::Person,
        Occupant::Away,
        Occupant::Cpu,
        Occupant::Empty,
    ];

    fn word(self) -> &'static str {
        match self {
            Occupant::Person => "PERSON",
            Occupant::Away => "AWAY",
            Occupant::Cpu => "CPU",
            Occupant::Empty => "EMPTY",
        }
    }
}

/// A line a client sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMsg {
    /// Play a card, face down if `closed`.
    Play {
        card: Card,
        closed: bool,
    },
    Truco,
    Answer(Answer),
    /// `CPU`: CPU players fill the empty seats.
    Cpu,
    /// `TOKEN`: a token to come back with.
    Token,
    /// `SEATS`: who plays each seat.
    Seats,
    /// `RESUME <token>`: this connection takes the token's seat back.
    Resume(String),
    /// `NAME <name>`: the name to be recorded and rated under.
    Name(String),
}

impl ClientMsg {
    /// The line, without its terminator.
    pub fn write(&self) -> String {
        match self {
            ClientMsg::Play {
                card,
                closed: false,
            } => format!("PLAY {card}"),
            ClientMsg::Play { card, closed: true } => format!("PLAY {card} CLOSED"),
            ClientMsg::Truco => "TRUCO".into(),
            ClientMsg::Answer(answer) => answer.word().into(),
            ClientMsg::Cpu => "CPU".into(),
            ClientMsg::Token => "TOKEN".into(),
            ClientMsg::Seats => "SEATS".into(),
            ClientMsg::Resume(token) => format!("RESUME {token}"),
            ClientMsg::Name(name) => format!("NAME {name}"),
        }
    }

    /// Reads a line; words in any case. `None` for a line that is not a command.
    pub fn parse(line: &str) -> Option<ClientMsg> {
        let trimmed = line.trim();
        let verb = trimmed.split_ascii_whitespace().next()?;
        if verb.eq_ignore_ascii_case("NAME") {
            let name = trimmed[verb.len()..].trim();
            return (!name.is_empty()).then(|| ClientMsg::Name(name.to_owned()));
        }
        let words: Vec<&str> = trimmed.split_ascii_whitespace().collect();
        let upper = verb.to_ascii_uppercase();
        Some(match (upper.as_str(), &words[1..]) {
            ("PLAY", [card]) => ClientMsg::Play {
                card: card.parse().ok()?,
                closed: false,
            },
            ("PLAY", [card, mode]) if mode.eq_ignore_ascii_case("CLOSED") => ClientMsg::Play {
                card: card.parse().ok()?,
                closed: true,
            },
            ("TRUCO", []) => ClientMsg::Truco,
            ("CPU", []) => ClientMsg::Cpu,
            ("TOKEN", []) => ClientMsg::Token,
            ("SEATS", []) => ClientMsg::Seats,
            ("RESUME", [token]) => ClientMsg::Resume((*token).to_owned()),
            (word, []) => ClientMsg::Answer(Answer::read(word)?),
            _ => return None,
        })
    }
}

/// A line the server sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    Welcome {
        player: u8,
        team: u8,
    },
    Waiting(u8),
    /// The match starts; the player who opens it.
    Match(u8),
    Hand {
        number: u32,
        opener: u8,
        scores: [u8; 2],
    },
    Cards([Card; 3]),
    Vira(Card),
    Turn {
        player: u8,
        value: u8,
    },
    /// A card played; `None` when it was played face down.
    Played {
        player: u8,
        card: Option<Card>,
    },
    Truco {
        player: u8,
        value: u8,
    },
    Answered {
        player: u8,
        answer: Answer,
    },
    Accepted(u8),
    /// A round over: who won it and their team (both 0 for a tie).
    Round {
        number: u8,
        player: u8,
        team: u8,
    },
    /// A hand over: the team that scored (0: nobody), the points, the scores after.
    HandEnd {
        team: u8,
        points: u8,
        scores: [u8; 2],
    },
    MatchEnd {
        team: u8,
        scores: [u8; 2],
    },
    Left(u8),
    Token(String),
    Name {
        player: u8,
        name: String,
    },
    Seats([Occupant; 4]),
    Error {
        code: String,
        text: String,
    },
}

impl ServerMsg {
    /// The line, without its terminator.
    pub fn write(&self) -> String {
        match self {
            ServerMsg::Welcome { player, team } => format!("WELCOME {player} {team}"),
            ServerMsg::Waiting(n) => format!("WAITING {n}"),
            ServerMsg::Match(opener) => format!("MATCH {opener}"),
            ServerMsg::Hand {
                number,
                opener,
                scores: [a, b],
            } => format!("HAND {number} {opener} {a} {b}"),
            ServerMsg::Cards([a, b, c]) => format!("CARDS {a} {b} {c}"),
            ServerMsg::Vira(card) => format!("VIRA {card}"),
            ServerMsg::Turn { player, value } => format!("TURN {player} {value}"),
            ServerMsg::Played { player, card } => match card {
                Some(card) => format!("PLAYED {player} {card}"),
                None => format!("PLAYED {player} CLOSED"),
            },
            ServerMsg::Truco { player, value } => format!("TRUCO {player} {value}"),
            ServerMsg::Answered { player, answer } => {
                format!("ANSWERED {player} {}", answer.word())
            }
            ServerMsg::Accepted(value) => format!("ACCEPTED {value}"),
            ServerMsg::Round {
                number,
                player,
                team,
            } => format!("ROUND {number} {player} {team}"),
            ServerMsg::HandEnd {
                team,
                points,
                scores: [a, b],
            } => format!("HAND_END {team} {points} {a} {b}"),
            ServerMsg::MatchEnd {
                team,
                scores: [a, b],
            } => format!("MATCH_END {team} {a} {b}"),
            ServerMsg::Left(player) => format!("LEFT {player}"),
            ServerMsg::Token(token) => format!("TOKEN {token}"),
            ServerMsg::Name { player, name } => format!("NAME {player} {name}"),
            ServerMsg::Seats(seats) => seats
                .iter()
                .fold(String::from("SEATS"), |line, s| line + " " + s.word()),
            ServerMsg::Error { code, text } => format!("ERROR {code} {text}"),
        }
    }

    /// Reads a line; `None` for anything not recognised (a client ignores it).
    pub fn parse(line: &str) -> Option<ServerMsg> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let n = |word: &str| word.parse::<u8>().ok();
        let card = |word: &str| word.parse::<Card>().ok();
        Some(match words.as_slice() {
            ["WELCOME", p, t] => ServerMsg::Welcome {
                player: n(p)?,
                team: n(t)?,
            },
            ["WAITING", c] => ServerMsg::Waiting(n(c)?),
            ["MATCH", p] => ServerMsg::Match(n(p)?),
            ["HAND", number, p, a, b] => ServerMsg::Hand {
                number: number.parse().ok()?,
                opener: n(p)?,
                scores: [n(a)?, n(b)?],
            },
            ["CARDS", a, b, c] => ServerMsg::Cards([card(a)?, card(b)?, card(c)?]),
            ["VIRA", c] => ServerMsg::Vira(card(c)?),
            ["TURN", p, v] => ServerMsg::Turn {
                player: n(p)?,
                value: n(v)?,
            },
            ["PLAYED", p, "CLOSED"] => ServerMsg::Played {
                player: n(p)?,
                card: None,
            },
            ["PLAYED", p, c] => ServerMsg::Played {
                player: n(p)?,
                card: Some(card(c)?),
            },
            ["TRUCO", p, v] => ServerMsg::Truco {
                player: n(p)?,
                value: n(v)?,
            },
            ["ANSWERED", p, a] => ServerMsg::Answered {
                player: n(p)?,
                answer: Answer::read(a)?,
            },
            ["ACCEPTED", v] => ServerMsg::Accepted(n(v)?),
            ["ROUND", r, p, t] => ServerMsg::Round {
                number: n(r)?,
                player: n(p)?,
                team: n(t)?,
            },
            ["HAND_END", t, pts, a, b] => ServerMsg::HandEnd {
                team: n(t)?,
                points: n(pts)?,
                scores: [n(a)?, n(b)?],
            },
            ["MATCH_END", t, a, b] => ServerMsg::MatchEnd {
                team: n(t)?,
                scores: [n(a)?, n(b)?],
            },
            ["LEFT", p] => ServerMsg::Left(n(p)?),
            ["TOKEN", token] => ServerMsg::Token((*token).to_owned()),
            ["NAME", p, name @ ..] if !name.is_empty() => ServerMsg::Name {
                player: n(p)?,
                name: name.join(" "),
            },
            ["SEATS", a, b, c, d] => {
                let read = |w: &str| Occupant::ALL.into_iter().find(|o| o.word() == w);
                ServerMsg::Seats([read(a)?, read(b)?, read(c)?, read(d)?])
            }
            ["ERROR", code, text @ ..] => ServerMsg::Error {
                code: (*code).to_owned(),
                text: text.join(" "),
            },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests;
