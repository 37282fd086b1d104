//! What an mmj1 client sends: [`ClientMsg`], written by [`ClientMsg::write`] and read by
//! the parser ([`Parser::client_message`]) behind both [`super::Mmj1Codec`] (the server's
//! stream) and [`ClientMsg::parse`] (one message in a string).

use super::parser::{Parser, Stop};
use super::spelling::TileName;
use super::write_counted;

/// The longest player name a client may send (seed: 256 characters).
pub const MAX_NAME: usize = 256;
/// The longest chat text (seed: 1024 octets).
pub const MAX_CHAT: usize = 1024;

/// One client message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMsg {
    /// `mmj1c C:NAME`
    Hello(Vec<u8>),
    /// `discard T`
    Discard(TileName),
    /// `riichi T`
    Riichi(TileName),
    /// `out`
    Out,
    /// `ckong T`
    ConcealedKong(TileName),
    /// `pkong T`
    PungKong(TileName),
    /// `claim T T T`
    Claim([TileName; 3]),
    /// `swap T`
    Swap(TileName),
    /// `ron`
    Ron,
    /// `pass`
    Pass,
    /// `ack`
    Ack,
    /// `fill` (parlor's extension): while waiting for a table, start one now with CPU
    /// players in the empty seats.
    Fill,
    /// `chat DESTS . C:TEXT`; `dests` has bit `i` for player ID `i + 1`.
    Chat {
        /// Destinations as a bit mask.
        dests: u8,
        /// The text, any bytes.
        text: Vec<u8>,
    },
}

/// The client keywords; none is a prefix of another, so a keyword that ends the input
/// is complete.
const KEYWORDS: [&str; 13] = [
    "mmj1c", "discard", "riichi", "out", "ckong", "pkong", "claim", "swap", "ron", "pass", "ack",
    "chat", "fill",
];

impl ClientMsg {
    /// The message as sent (without a line end). A name or chat text that is not UTF-8
    /// is sent with U+FFFD for the bytes that are not (its count the text's).
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(16);
        let tile = |out: &mut String, word: &str, t: &TileName| {
            out.push_str(word);
            out.push(' ');
            t.write(out);
        };
        match self {
            ClientMsg::Hello(name) => {
                out.push_str("mmj1c ");
                write_counted(&mut out, &String::from_utf8_lossy(name));
            }
            ClientMsg::Discard(t) => tile(&mut out, "discard", t),
            ClientMsg::Riichi(t) => tile(&mut out, "riichi", t),
            ClientMsg::Out => out.push_str("out"),
            ClientMsg::ConcealedKong(t) => tile(&mut out, "ckong", t),
            ClientMsg::PungKong(t) => tile(&mut out, "pkong", t),
            ClientMsg::Claim(tiles) => {
                out.push_str("claim");
                for t in tiles {
                    out.push(' ');
                    t.write(&mut out);
                }
            }
            ClientMsg::Swap(t) => tile(&mut out, "swap", t),
            ClientMsg::Ron => out.push_str("ron"),
            ClientMsg::Pass => out.push_str("pass"),
            ClientMsg::Ack => out.push_str("ack"),
            ClientMsg::Fill => out.push_str("fill"),
            ClientMsg::Chat { dests, text } => {
                out.push_str("chat ");
                out.extend(
                    (0..4)
                        .filter(|i| dests >> i & 1 == 1)
                        .map(|i| char::from(b'1' + i)),
                );
                out.push_str(" . ");
                write_counted(&mut out, &String::from_utf8_lossy(text));
            }
        }
        out
    }

    /// The one message `line` holds (surrounding whitespace aside); else why not.
    pub fn parse(line: &str) -> Result<ClientMsg, String> {
        Parser::whole(line, Parser::client_message)
    }
}

impl Parser<'_> {
    /// A whole client message.
    pub(super) fn client_message(&mut self) -> Result<ClientMsg, Stop> {
        let (word, ended) = self.word()?;
        // A word that reaches the end of what has arrived may still grow, so only a
        // whole keyword is taken as it stands; anything else waits for its end, which
        // keeps the explanation the same however the bytes were split.
        if ended && !KEYWORDS.contains(&word.as_str()) {
            return Err(Stop::Incomplete);
        }
        Ok(match word.as_str() {
            "mmj1c" => ClientMsg::Hello(self.counted(MAX_NAME, "name")?),
            "discard" => ClientMsg::Discard(self.tile()?),
            "riichi" => ClientMsg::Riichi(self.tile()?),
            "out" => ClientMsg::Out,
            "ckong" => ClientMsg::ConcealedKong(self.tile()?),
            "pkong" => ClientMsg::PungKong(self.tile()?),
            "claim" => ClientMsg::Claim([self.tile()?, self.tile()?, self.tile()?]),
            "swap" => ClientMsg::Swap(self.tile()?),
            "ron" => ClientMsg::Ron,
            "pass" => ClientMsg::Pass,
            "ack" => ClientMsg::Ack,
            "fill" => ClientMsg::Fill,
            "chat" => {
                let dests = self.ids_then_dot(1)?;
                let text = self.counted(MAX_CHAT, "chat text")?;
                ClientMsg::Chat { dests, text }
            }
            _ => return self.bad(format!("unknown operation {word}")),
        })
    }
}
