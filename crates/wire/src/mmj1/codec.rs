//! Decoding mmj1 client messages from a byte stream, as the server reads them.
//!
//! mmj1 has no framing: a message ends where its grammar says it ends, tokens may be
//! separated by any whitespace (newlines included) and counted strings (`N:DATA`) carry
//! arbitrary bytes. The decoder therefore parses by grammar, keyword first, and waits for
//! more bytes only while what it holds could still become a valid message. Every way a
//! message can be wrong is a [`Frame::Bad`] with the explanation the server sends back
//! in `reject`; after one, the decoder skips to the end of the line (parlor and every
//! line-oriented client end messages with a newline), so one bad message never eats the
//! next. Nothing is buffered beyond the longest valid message: counted strings over their
//! limit are skipped as they arrive.

use super::client::ClientMsg;
use super::parser::{Parser, Stop};
use bytes::{Buf, BytesMut};
use tokio_util::codec::Decoder;

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

impl Mmj1Codec {
    /// Throws away what an earlier bad message left to skip; whether that is done.
    fn skipped(&mut self, buf: &mut BytesMut) -> bool {
        match self.skip {
            Skip::Nothing => true,
            Skip::Line => match buf.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    buf.advance(at + 1);
                    self.skip = Skip::Nothing;
                    true
                }
                None => {
                    buf.clear();
                    false
                }
            },
            Skip::Bytes(n) => {
                let now = n.min(buf.len());
                buf.advance(now);
                if now < n {
                    self.skip = Skip::Bytes(n - now);
                    return false;
                }
                self.skip = Skip::Nothing;
                true
            }
        }
    }
}

impl Decoder for Mmj1Codec {
    type Item = Frame;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, std::io::Error> {
        if !self.skipped(buf) {
            return Ok(None);
        }
        let blank = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        buf.advance(blank);
        if buf.is_empty() {
            return Ok(None);
        }
        let mut parser = Parser {
            buf,
            at: 0,
            complete: false,
        };
        match parser.client_message() {
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
