//! Framing of bracketed messages: `[` ... `]`, back to back, no line terminator.
//!
//! Whitespace between messages is ignored (telnet users press enter). Anything else
//! outside brackets, a message that runs past the client limit without its `]`, and a
//! message cut by a new `[` are reported as [`Frame`]s of their own so the session can
//! strike them; they never stop the decoder.

use bytes::{Buf, BytesMut};
use tokio_util::codec::Decoder;

/// The longest message a client may send, brackets included (`cchat`).
pub const MAX_CLIENT_MESSAGE: usize = 71;

/// What the decoder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A whole message, brackets excluded (`cjoin|bob     `).
    Message(String),
    /// A message longer than [`MAX_CLIENT_MESSAGE`] (strike 32); the rest of it, up to
    /// its `]`, is skipped.
    TooLong,
    /// Bytes outside any message, or a message cut short by a new `[` (strike 30).
    Garbage,
}

impl crate::net::recorder::Heard for Frame {
    fn heard(&self) -> String {
        match self {
            Frame::Message(text) => format!("[{text}]"),
            Frame::TooLong => "(too long)".into(),
            Frame::Garbage => "(garbage)".into(),
        }
    }
}

/// The bracket-message decoder.
#[derive(Debug, Default)]
pub struct WarsCodec {
    /// Skipping the rest of an over-long message.
    skipping: bool,
}

impl Decoder for WarsCodec {
    type Item = Frame;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, std::io::Error> {
        if self.skipping {
            match buf.iter().position(|&b| b == b']' || b == b'[') {
                Some(at) => {
                    let closing = buf[at] == b']';
                    buf.advance(at + usize::from(closing));
                    self.skipping = false;
                }
                None => {
                    buf.clear();
                    return Ok(None);
                }
            }
        }
        let skip = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        buf.advance(skip);
        let Some(&first) = buf.first() else {
            return Ok(None);
        };
        if first != b'[' {
            let garbage = buf.iter().position(|&b| b == b'[').unwrap_or(buf.len());
            buf.advance(garbage);
            return Ok(Some(Frame::Garbage));
        }
        let body = &buf[1..];
        let end = body.iter().position(|&b| b == b']' || b == b'[');
        match end {
            Some(at) if at + 2 > MAX_CLIENT_MESSAGE => {
                buf.advance(1 + at + usize::from(body[at] == b']'));
                Ok(Some(Frame::TooLong))
            }
            Some(at) if body[at] == b'[' => {
                buf.advance(1 + at);
                Ok(Some(Frame::Garbage))
            }
            Some(at) => {
                let text = String::from_utf8_lossy(&body[..at]).into_owned();
                buf.advance(at + 2);
                Ok(Some(Frame::Message(text)))
            }
            None if buf.len() > MAX_CLIENT_MESSAGE => {
                buf.clear();
                self.skipping = true;
                Ok(Some(Frame::TooLong))
            }
            None => Ok(None),
        }
    }

    /// Whatever is left when the client hangs up is dropped.
    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, std::io::Error> {
        let frame = self.decode(buf)?;
        if frame.is_none() {
            buf.clear();
        }
        Ok(frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn frames(chunks: &[&[u8]]) -> Vec<Frame> {
        let mut codec = WarsCodec::default();
        let mut buf = BytesMut::new();
        let mut out = Vec::new();
        for chunk in chunks {
            buf.extend_from_slice(chunk);
            while let Some(frame) = codec.decode(&mut buf).unwrap() {
                out.push(frame);
            }
        }
        out
    }

    fn msg(s: &str) -> Frame {
        Frame::Message(s.into())
    }

    #[test]
    fn several_messages_in_one_packet() {
        assert_eq!(
            frames(&[b"[chand][cjoin|bob     ]\r\n[cswap|04]"]),
            [msg("chand"), msg("cjoin|bob     "), msg("cswap|04")]
        );
    }

    #[test]
    fn a_split_message_is_reassembled() {
        assert_eq!(
            frames(&[b"[cpl", b"ay|00,52,", b"52,52]"]),
            [msg("cplay|00,52,52,52")]
        );
    }

    #[test]
    fn garbage_and_cut_messages() {
        assert_eq!(frames(&[b"hello[chand]"]), [Frame::Garbage, msg("chand")]);
        assert_eq!(
            frames(&[b"[cjoin|bo[chand]"]),
            [Frame::Garbage, msg("chand")]
        );
    }

    #[test]
    fn over_long_messages_are_reported_once_and_skipped() {
        let long = format!("[cchat|{}]", "x".repeat(70));
        assert_eq!(
            frames(&[long.as_bytes(), b"[chand]"]),
            [Frame::TooLong, msg("chand")]
        );
        let unterminated = "y".repeat(200);
        assert_eq!(
            frames(&[b"[cchat|", unterminated.as_bytes(), b"zz]", b"[chand]"]),
            [Frame::TooLong, msg("chand")]
        );
        let exact = format!("[cchat|{}]", "x".repeat(63));
        assert_eq!(exact.len(), MAX_CLIENT_MESSAGE);
        assert_eq!(frames(&[exact.as_bytes()]).len(), 1);
        assert!(matches!(frames(&[exact.as_bytes()])[0], Frame::Message(_)));
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_in_arbitrary_chunks_never_panic(
            data in proptest::collection::vec(any::<u8>(), 0..600),
            cuts in proptest::collection::vec(any::<proptest::sample::Index>(), 0..8),
        ) {
            let mut at: Vec<usize> = cuts.iter().map(|c| c.index(data.len() + 1)).collect();
            at.sort_unstable();
            let mut chunks = Vec::new();
            let mut from = 0;
            for to in at {
                chunks.push(&data[from..to]);
                from = to;
            }
            chunks.push(&data[from..]);
            for frame in frames(&chunks) {
                if let Frame::Message(text) = frame {
                    prop_assert!(text.len() <= MAX_CLIENT_MESSAGE * 3);
                }
            }
        }
    }
}
