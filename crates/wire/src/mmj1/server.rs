//! What an mmj1 server sends: [`ServerMsg`], one message per line, written by
//! [`ServerMsg::write`] and read by [`ServerMsg::parse`]. The limits the seed sets on
//! what the server sends (names of 64 bytes, explanations of 512) are kept by `write`.

use super::parser::{Parser, Stop};
use super::spelling::{push_place, wind, TileName};
use super::write_counted;
use mahjong::game::Place;
use mahjong::Wind;
use std::fmt::Write;

/// The longest player name in `game` (seed: 64 bytes).
pub const MAX_GAME_NAME: usize = 64;
/// The longest explanation in `reject` (seed: 512 octets).
pub const MAX_EXPLANATION: usize = 512;

/// One server message. Seats are 0..4 (the wire's player IDs 1-4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    /// `mmj1s`: the answer to `mmj1c`.
    Hello,
    /// `game I C C C C`: the receiver's seat and everyone's name.
    Game {
        /// The receiver's seat.
        you: usize,
        /// The four names.
        names: [String; 4],
    },
    /// `newhand W W W W W`: the prevailing wind, then each seat's.
    NewHand {
        /// The round's wind.
        round: Wind,
        /// Each seat's wind.
        winds: [Wind; 4],
    },
    /// `break N M`: the two dice.
    Break([u8; 2]),
    /// `move T P P`: a tile as the receiver sees it, from a place to another.
    Move {
        /// The tile's face, or `?`.
        face: TileName,
        /// Where it was.
        from: Place,
        /// Where it goes (the same place: shown where it lies).
        to: Place,
    },
    /// `riichi`: the next discard declares riichi.
    Riichi,
    /// `play`: the receiver must act on a hand of 14.
    Play,
    /// `claim`: the receiver may claim the tile just discarded.
    Claim,
    /// `draw`: the hand is drawn.
    Draw,
    /// `win I C N ... 0: N`: the winner and the breakdown, each entry with the points
    /// it brings, then the total.
    Win {
        /// The winner's seat.
        winner: usize,
        /// What the hand scored and what each part brings.
        entries: Vec<(String, i64)>,
        /// The hand's whole value.
        total: i64,
    },
    /// `ack`: acknowledge the hand's end to go on.
    Ack,
    /// `chat SRC OTHERS . C:TEXT`.
    Chat {
        /// Who wrote it.
        from: usize,
        /// Who else it went to, bit `i` for seat `i`.
        others: u8,
        /// The text.
        text: String,
    },
    /// `reject C:EXPL`: the last operation is refused, with why.
    Reject(String),
    /// parlor's `score N. N. N. N. N. N.`: each seat's points, honba and riichi sticks.
    Score {
        /// Each seat's points.
        scores: [i64; 4],
        /// The honba counters.
        honba: i64,
        /// The riichi sticks on the table.
        sticks: i64,
    },
    /// parlor's `gameover I I I I`: the seats from first place to fourth.
    GameOver([usize; 4]),
}

/// `text` cut to at most `max` bytes, at a character boundary.
fn cut(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// A seat's player ID.
fn id(seat: usize) -> char {
    char::from(b'1' + (seat % 4) as u8)
}

impl ServerMsg {
    /// The message written at the end of `out` (without a line end).
    pub fn write(&self, out: &mut String) {
        let w = "writing to a String";
        match self {
            ServerMsg::Hello => out.push_str("mmj1s"),
            ServerMsg::Game { you, names } => {
                out.push_str("game ");
                out.push(id(*you));
                for name in names {
                    out.push(' ');
                    write_counted(out, cut(name, MAX_GAME_NAME));
                }
            }
            ServerMsg::NewHand { round, winds } => {
                out.push_str("newhand ");
                out.push(wind(*round));
                for w in winds {
                    out.push(' ');
                    out.push(wind(*w));
                }
            }
            ServerMsg::Break([a, b]) => write!(out, "break {a} {b}").expect(w),
            ServerMsg::Move { face, from, to } => {
                out.push_str("move ");
                face.write(out);
                out.push(' ');
                push_place(out, *from);
                out.push(' ');
                push_place(out, *to);
            }
            ServerMsg::Riichi => out.push_str("riichi"),
            ServerMsg::Play => out.push_str("play"),
            ServerMsg::Claim => out.push_str("claim"),
            ServerMsg::Draw => out.push_str("draw"),
            ServerMsg::Win {
                winner,
                entries,
                total,
            } => {
                out.push_str("win ");
                out.push(id(*winner));
                for (what, n) in entries {
                    out.push(' ');
                    write_counted(out, what);
                    write!(out, " {n}.").expect(w);
                }
                write!(out, " 0: {total}.").expect(w);
            }
            ServerMsg::Ack => out.push_str("ack"),
            ServerMsg::Chat { from, others, text } => {
                out.push_str("chat ");
                out.push(id(*from));
                out.extend((0..4).filter(|s| others >> s & 1 == 1).map(id));
                out.push_str(" . ");
                write_counted(out, text);
            }
            ServerMsg::Reject(why) => {
                out.push_str("reject ");
                write_counted(out, cut(why, MAX_EXPLANATION));
            }
            ServerMsg::Score {
                scores,
                honba,
                sticks,
            } => {
                out.push_str("score");
                for n in scores.iter().chain([honba, sticks]) {
                    write!(out, " {n}.").expect(w);
                }
            }
            ServerMsg::GameOver(order) => {
                out.push_str("gameover");
                for &seat in order {
                    out.push(' ');
                    out.push(id(seat));
                }
            }
        }
    }

    /// The message as one line (without its end).
    pub fn line(&self) -> String {
        let mut out = String::with_capacity(16);
        self.write(&mut out);
        out
    }

    /// The one message `line` holds (any case outside counted strings, any whitespace
    /// between tokens); else why not. A client reads every line it gets through this,
    /// and may ignore what it cannot read.
    pub fn parse(line: &str) -> Result<ServerMsg, String> {
        Parser::whole(line, Parser::server_message)
    }
}

impl Parser<'_> {
    /// A whole server message.
    fn server_message(&mut self) -> Result<ServerMsg, Stop> {
        let (word, _) = self.word()?;
        Ok(match word.as_str() {
            "mmj1s" => ServerMsg::Hello,
            "game" => {
                let you = self.id()?;
                let mut names: [String; 4] = Default::default();
                // parlor cuts names to the seed's 64 bytes; another server's longer
                // ones are read all the same.
                for name in &mut names {
                    *name = self.text(super::MAX_NAME, "name")?;
                }
                ServerMsg::Game { you, names }
            }
            "newhand" => {
                let round = self.wind()?;
                let winds = [self.wind()?, self.wind()?, self.wind()?, self.wind()?];
                ServerMsg::NewHand { round, winds }
            }
            "break" => ServerMsg::Break([self.die()?, self.die()?]),
            "move" => ServerMsg::Move {
                face: self.tile()?,
                from: self.place()?,
                to: self.place()?,
            },
            "riichi" => ServerMsg::Riichi,
            "play" => ServerMsg::Play,
            "claim" => ServerMsg::Claim,
            "draw" => ServerMsg::Draw,
            "win" => self.win()?,
            "ack" => ServerMsg::Ack,
            "chat" => {
                let from = self.id()?;
                let others = self.ids_then_dot(0)?;
                let text = self.text(usize::MAX, "chat text")?;
                ServerMsg::Chat { from, others, text }
            }
            "reject" => ServerMsg::Reject(self.text(MAX_EXPLANATION, "explanation")?),
            "score" => ServerMsg::Score {
                scores: [
                    self.number()?,
                    self.number()?,
                    self.number()?,
                    self.number()?,
                ],
                honba: self.number()?,
                sticks: self.number()?,
            },
            "gameover" => ServerMsg::GameOver([self.id()?, self.id()?, self.id()?, self.id()?]),
            _ => return self.bad(format!("unknown message {word}")),
        })
    }

    /// `N`: one die, a single digit.
    fn die(&mut self) -> Result<u8, Stop> {
        match self.byte()? {
            d @ b'1'..=b'6' => Ok(d - b'0'),
            _ => self.bad("expected a die"),
        }
    }

    /// The rest of `win I C N ... 0: N`: entries until the zero-length one.
    fn win(&mut self) -> Result<ServerMsg, Stop> {
        let winner = self.id()?;
        let mut entries = Vec::new();
        loop {
            let what = self.text(usize::MAX, "score entry")?;
            let n = self.number()?;
            if what.is_empty() {
                return Ok(ServerMsg::Win {
                    winner,
                    entries,
                    total: n,
                });
            }
            entries.push((what, n));
        }
    }
}
