//! Decoding mmj1 client messages from a byte stream.
//!
//! mmj1 has no framing: a message ends where its grammar says it ends, tokens may be
//! separated by any whitespace (newlines included) and counted strings (`N:DATA`) carry
//! arbitrary bytes. The decoder therefore parses by grammar, keyword first, and waits for
//! more bytes only while what it holds could still become a valid message. Every way a
//! message can be wrong is a [`Frame::Bad`] with the explanation the session sends back
//! in `reject`; after one, the decoder skips to the end of the line (parlor and every
//! line-oriented client end messages with a newline), so one bad message never eats the
//! next. Nothing is buffered beyond the longest valid message: counted strings over their
//! limit are skipped as they arrive.

use bytes::{Buf, BytesMut};
use mahjong::{Kind, Suit, Wind};
use tokio_util::codec::Decoder;

/// The longest player name a client may send (seed: 256 characters).
pub const MAX_NAME: usize = 256;
/// The longest chat text (seed: 1024 octets).
pub const MAX_CHAT: usize = 1024;
/// Keywords and other bare tokens are short; a longer run is garbage.
const MAX_WORD: usize = 16;

/// A tile as a client names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileName {
    /// A riichi tile kind; `red` when spelled with rank 0 (`b0`, `c0`, `d0`).
    Tile {
        /// The kind.
        kind: Kind,
        /// Whether the red five was named.
        red: bool,
    },
    /// A flower (`F1`-`F4`) or season (`S1`-`S4`): valid mmj1, not part of riichi.
    Bonus,
    /// `?`, a face not shown (the third tile of a pon or chi claim).
    Hidden,
}

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

/// What the decoder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A whole, well-formed message.
    Message(ClientMsg),
    /// A malformed message, with the explanation for `reject`.
    Bad(String),
}

/// The mmj1 client-message decoder.
#[derive(Debug, Default)]
pub struct Mmj1Codec {
    skip: Skip,
}

/// Input being thrown away after a bad message.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Skip {
    #[default]
    Nothing,
    /// The rest of the line, up to and including `\n`.
    Line,
    /// This many bytes of an over-long counted string.
    Bytes(usize),
}

/// Why parsing stopped.
enum Stop {
    /// More input is needed.
    Incomplete,
    /// Malformed; skip the rest of the line after consuming `consumed` bytes.
    Bad { consumed: usize, why: String },
    /// A counted string over its limit: consume `consumed` bytes, then skip `skip` more.
    TooLong {
        consumed: usize,
        skip: usize,
        why: String,
    },
}

impl Decoder for Mmj1Codec {
    type Item = Frame;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, std::io::Error> {
        loop {
            match self.skip {
                Skip::Nothing => break,
                Skip::Line => match buf.iter().position(|&b| b == b'\n') {
                    Some(at) => {
                        buf.advance(at + 1);
                        self.skip = Skip::Nothing;
                    }
                    None => {
                        buf.clear();
                        return Ok(None);
                    }
                },
                Skip::Bytes(n) => {
                    let now = n.min(buf.len());
                    buf.advance(now);
                    if now < n {
                        self.skip = Skip::Bytes(n - now);
                        return Ok(None);
                    }
                    self.skip = Skip::Nothing;
                }
            }
        }
        let blank = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        buf.advance(blank);
        if buf.is_empty() {
            return Ok(None);
        }
        let mut parser = Parser { buf, at: 0 };
        match parser.message() {
            Ok(msg) => {
                let used = parser.at;
                buf.advance(used);
                Ok(Some(Frame::Message(msg)))
            }
            Err(Stop::Incomplete) => Ok(None),
            Err(Stop::Bad { consumed, why }) => {
                buf.advance(consumed);
                self.skip = Skip::Line;
                Ok(Some(Frame::Bad(why)))
            }
            Err(Stop::TooLong {
                consumed,
                skip,
                why,
            }) => {
                buf.advance(consumed);
                self.skip = Skip::Bytes(skip);
                Ok(Some(Frame::Bad(why)))
            }
        }
    }
}

/// The client keywords; none is a prefix of another, so a keyword that ends the input
/// is complete.
const KEYWORDS: [&str; 13] = [
    "mmj1c", "discard", "riichi", "out", "ckong", "pkong", "claim", "swap", "ron", "pass", "ack",
    "chat", "fill",
];

/// A cursor over the buffered bytes.
struct Parser<'a> {
    buf: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn bad<T>(&self, why: impl Into<String>) -> Result<T, Stop> {
        Err(Stop::Bad {
            consumed: self.at.max(1),
            why: why.into(),
        })
    }

    fn skip_blank(&mut self) {
        while self.buf.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// The next non-blank byte, consumed.
    fn byte(&mut self) -> Result<u8, Stop> {
        self.skip_blank();
        let b = *self.buf.get(self.at).ok_or(Stop::Incomplete)?;
        self.at += 1;
        Ok(b)
    }

    fn message(&mut self) -> Result<ClientMsg, Stop> {
        let start = self.at;
        while self.buf.get(self.at).is_some_and(u8::is_ascii_alphanumeric) {
            self.at += 1;
            if self.at - start > MAX_WORD {
                return self.bad("unknown operation");
            }
        }
        if self.at == start {
            self.at += 1;
            return self.bad("expected an operation");
        }
        let word = self.buf[start..self.at].to_ascii_lowercase();
        let word = std::str::from_utf8(&word).unwrap_or("");
        // A word that reaches the end of what has arrived may still grow, so only a
        // whole keyword is taken as it stands; anything else waits for its end, which
        // keeps the explanation the same however the bytes were split.
        let ended = self.at == self.buf.len();
        if ended && !KEYWORDS.contains(&word) {
            return Err(Stop::Incomplete);
        }
        Ok(match word {
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
            "chat" => self.chat()?,
            _ => return self.bad(format!("unknown operation {word}")),
        })
    }

    /// `T`: a tile, any case, `?` for a hidden face.
    fn tile(&mut self) -> Result<TileName, Stop> {
        let first = self.byte()?.to_ascii_lowercase();
        if first == b'?' {
            return Ok(TileName::Hidden);
        }
        if first == b'h' {
            return Ok(TileName::Tile {
                kind: Kind::WHITE,
                red: false,
            });
        }
        if !b"bcdwfs".contains(&first) {
            return self.bad("expected a tile");
        }
        // The second character follows at once (no whitespace inside a tile).
        let second = self
            .buf
            .get(self.at)
            .ok_or(Stop::Incomplete)?
            .to_ascii_lowercase();
        self.at += 1;
        let suit = match first {
            b'b' => Some(Suit::Sou),
            b'c' => Some(Suit::Man),
            b'd' => Some(Suit::Pin),
            _ => None,
        };
        let tile = match (first, second) {
            (_, b'0') if suit.is_some() => TileName::Tile {
                kind: Kind::numbered(suit.unwrap_or(Suit::Man), 5),
                red: true,
            },
            (_, b'1'..=b'9') if suit.is_some() => TileName::Tile {
                kind: Kind::numbered(suit.unwrap_or(Suit::Man), second - b'0'),
                red: false,
            },
            (b'd', b'r' | b'g' | b'w') => TileName::Tile {
                kind: match second {
                    b'r' => Kind::RED,
                    b'g' => Kind::GREEN,
                    _ => Kind::WHITE,
                },
                red: false,
            },
            (b'w', b'e' | b's' | b'w' | b'n') => TileName::Tile {
                kind: Kind::wind(match second {
                    b'e' => Wind::East,
                    b's' => Wind::South,
                    b'w' => Wind::West,
                    _ => Wind::North,
                }),
                red: false,
            },
            (b'f' | b's', b'1'..=b'4') => TileName::Bonus,
            _ => return self.bad("expected a tile"),
        };
        Ok(tile)
    }

    /// `C`: `N:DATA`, N at most 8 digits; longer than `limit` is refused and skipped.
    fn counted(&mut self, limit: usize, what: &str) -> Result<Vec<u8>, Stop> {
        self.skip_blank();
        let start = self.at;
        while self.buf.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
            if self.at - start > 8 {
                return self.bad("a counted string's length has at most 8 digits");
            }
        }
        match self.buf.get(self.at) {
            None => return Err(Stop::Incomplete),
            Some(b':') if self.at > start => {}
            Some(_) => return self.bad(format!("expected a counted string ({what})")),
        }
        let len: usize = std::str::from_utf8(&self.buf[start..self.at])
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(usize::MAX);
        self.at += 1;
        if len > limit {
            let here = self.buf.len() - self.at;
            return Err(Stop::TooLong {
                consumed: self.at + here.min(len),
                skip: len - here.min(len),
                why: format!("{what} longer than {limit} bytes"),
            });
        }
        let data = self
            .buf
            .get(self.at..self.at + len)
            .ok_or(Stop::Incomplete)?;
        self.at += len;
        Ok(data.to_vec())
    }

    /// `chat DESTS . C:TEXT`
    fn chat(&mut self) -> Result<ClientMsg, Stop> {
        let mut dests = 0u8;
        loop {
            match self.byte()? {
                b'.' if dests != 0 => break,
                d @ b'1'..=b'4' => dests |= 1 << (d - b'1'),
                _ => return self.bad("chat needs player IDs 1-4 and a dot"),
            }
        }
        let text = self.counted(MAX_CHAT, "chat text")?;
        Ok(ClientMsg::Chat { dests, text })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(input: &[u8]) -> Vec<Frame> {
        let mut codec = Mmj1Codec::default();
        let mut buf = BytesMut::from(input);
        let mut out = Vec::new();
        while let Some(f) = codec.decode(&mut buf).unwrap() {
            out.push(f);
        }
        out
    }

    fn msg(m: ClientMsg) -> Frame {
        Frame::Message(m)
    }

    fn tile(kind: Kind) -> TileName {
        TileName::Tile { kind, red: false }
    }

    #[test]
    fn every_operation() {
        let frames = decode_all(
            b"mmj1c 4:Jean\ndiscard d6\nRIICHI Dg\nout\nckong we\npkong c9\nclaim d6 d6 ?\n\
              swap b3\nron\npass\nack\nchat 23.5:hi\nyo\n",
        );
        let pin6 = Kind::numbered(Suit::Pin, 6);
        assert_eq!(
            frames,
            [
                msg(ClientMsg::Hello(b"Jean".to_vec())),
                msg(ClientMsg::Discard(tile(pin6))),
                msg(ClientMsg::Riichi(tile(Kind::GREEN))),
                msg(ClientMsg::Out),
                msg(ClientMsg::ConcealedKong(tile(Kind::wind(Wind::East)))),
                msg(ClientMsg::PungKong(tile(Kind::numbered(Suit::Man, 9)))),
                msg(ClientMsg::Claim([tile(pin6), tile(pin6), TileName::Hidden])),
                msg(ClientMsg::Swap(tile(Kind::numbered(Suit::Sou, 3)))),
                msg(ClientMsg::Ron),
                msg(ClientMsg::Pass),
                msg(ClientMsg::Ack),
                msg(ClientMsg::Chat {
                    dests: 0b0110,
                    text: b"hi\nyo".to_vec()
                }),
            ]
        );
    }

    #[test]
    fn whitespace_is_free_and_case_ignored() {
        assert_eq!(
            decode_all(b"  claim\r\n\tD0 d5\n? chat 1 4 .3:a b"),
            [
                msg(ClientMsg::Claim([
                    TileName::Tile {
                        kind: Kind::numbered(Suit::Pin, 5),
                        red: true
                    },
                    tile(Kind::numbered(Suit::Pin, 5)),
                    TileName::Hidden
                ])),
                msg(ClientMsg::Chat {
                    dests: 0b1001,
                    text: b"a b".to_vec()
                })
            ]
        );
        assert_eq!(
            decode_all(b"discard H discard f1"),
            [
                msg(ClientMsg::Discard(tile(Kind::WHITE))),
                msg(ClientMsg::Discard(TileName::Bonus))
            ]
        );
    }

    #[test]
    fn split_anywhere_gives_the_same_messages() {
        let input: &[u8] = b"mmj1c 5:Ch\nis\ndiscard dr\nchat 1.2:ok\npass\n";
        let whole = decode_all(input);
        for cut in 0..input.len() {
            let mut codec = Mmj1Codec::default();
            let mut buf = BytesMut::from(&input[..cut]);
            let mut got = Vec::new();
            while let Some(f) = codec.decode(&mut buf).unwrap() {
                got.push(f);
            }
            buf.extend_from_slice(&input[cut..]);
            while let Some(f) = codec.decode(&mut buf).unwrap() {
                got.push(f);
            }
            assert_eq!(got, whole, "cut at {cut}");
        }
    }

    #[test]
    fn a_keyword_at_the_end_of_input_is_complete() {
        assert_eq!(decode_all(b"pass"), [msg(ClientMsg::Pass)]);
        assert_eq!(decode_all(b"fill"), [msg(ClientMsg::Fill)]);
        assert_eq!(decode_all(b"pa"), []);
    }

    #[test]
    fn bad_messages_are_explained_and_the_line_skipped() {
        let frames = decode_all(b"hello there\ndiscard zz 1 2\n!!\n12345678901234567890\nack\n");
        assert_eq!(frames.len(), 5, "{frames:?}");
        assert!(matches!(&frames[0], Frame::Bad(w) if w.contains("unknown operation")));
        assert_eq!(frames[1], Frame::Bad("expected a tile".into()));
        assert!(matches!(frames[2], Frame::Bad(_)));
        assert!(matches!(frames[3], Frame::Bad(_)));
        assert_eq!(frames[4], msg(ClientMsg::Ack));
    }

    #[test]
    fn over_long_counted_strings_are_skipped_as_they_arrive() {
        let mut codec = Mmj1Codec::default();
        let mut buf = BytesMut::from(&b"chat 1.2000:"[..]);
        assert_eq!(
            codec.decode(&mut buf).unwrap(),
            Some(Frame::Bad("chat text longer than 1024 bytes".into()))
        );
        for _ in 0..20 {
            buf.extend_from_slice(&[b'x'; 100]);
            assert_eq!(codec.decode(&mut buf).unwrap(), None);
            assert!(buf.is_empty(), "nothing is kept");
        }
        buf.extend_from_slice(b"ack\n");
        assert_eq!(codec.decode(&mut buf).unwrap(), Some(msg(ClientMsg::Ack)));
        assert_eq!(
            decode_all(b"mmj1c 257:"),
            [Frame::Bad("name longer than 256 bytes".into())]
        );
        assert!(
            matches!(&decode_all(b"mmj1c 123456789:x")[0], Frame::Bad(w) if w.contains("8 digits"))
        );
    }

    #[test]
    fn a_word_split_across_reads_is_judged_whole() {
        let mut codec = Mmj1Codec::default();
        let mut buf = BytesMut::from(&b"0"[..]);
        assert_eq!(codec.decode(&mut buf).unwrap(), None);
        buf.extend_from_slice(b"0 ");
        assert_eq!(
            codec.decode(&mut buf).unwrap(),
            Some(Frame::Bad("unknown operation 00".into()))
        );
    }

    proptest::proptest! {
        /// Arbitrary bytes, fed in arbitrary pieces: no panic, the same frames whatever
        /// the split, and never more buffered than the longest valid message.
        #[test]
        fn arbitrary_bytes_in_any_pieces(
            input in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
            cut in 0usize..400,
        ) {
            let whole = decode_all(&input);
            let cut = cut.min(input.len());
            let mut codec = Mmj1Codec::default();
            let mut buf = BytesMut::new();
            let mut got = Vec::new();
            for piece in [&input[..cut], &input[cut..]] {
                buf.extend_from_slice(piece);
                while let Some(f) = codec.decode(&mut buf).unwrap() {
                    got.push(f);
                }
                proptest::prop_assert!(buf.len() <= MAX_CHAT + 64);
            }
            proptest::prop_assert_eq!(got, whole);
        }
    }
}
