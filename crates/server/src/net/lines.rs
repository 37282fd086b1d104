//! Line framing for the text protocols: any of `\r`, `\n` or `\r\n` ends a line.

use bytes::{Buf, BytesMut};
use tokio_util::codec::Decoder;

/// Splits input at every `\r` or `\n`. A `\r\n` pair therefore yields an extra empty
/// line, which the text protocols ignore anyway. Lines are decoded as UTF-8 with invalid
/// bytes replaced, so garbage reaches the command parser as unknown text, never a panic.
#[derive(Debug)]
pub struct LineCodec {
    max: usize,
}

impl LineCodec {
    /// A codec that refuses lines longer than `max` bytes.
    pub fn new(max: usize) -> LineCodec {
        LineCodec { max }
    }
}

/// Why reading lines stopped.
#[derive(Debug)]
pub enum LineError {
    /// The client sent more than the line limit without a line end.
    TooLong,
    Io(std::io::Error),
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::TooLong => f.write_str("a line over the limit"),
            LineError::Io(error) => write!(f, "{error}"),
        }
    }
}

impl From<std::io::Error> for LineError {
    fn from(error: std::io::Error) -> LineError {
        LineError::Io(error)
    }
}

impl Decoder for LineCodec {
    type Item = String;
    type Error = LineError;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<String>, LineError> {
        match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(end) if end <= self.max => {
                let line = buf.split_to(end);
                buf.advance(1);
                Ok(Some(String::from_utf8_lossy(&line).into_owned()))
            }
            Some(_) => Err(LineError::TooLong),
            None if buf.len() > self.max => Err(LineError::TooLong),
            None => Ok(None),
        }
    }

    /// A half line cut off by the end of the connection is dropped.
    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<String>, LineError> {
        let line = self.decode(buf)?;
        if line.is_none() {
            buf.clear();
        }
        Ok(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lines(input: &[u8], max: usize) -> Result<Vec<String>, ()> {
        let mut codec = LineCodec::new(max);
        let mut buf = BytesMut::from(input);
        let mut out = Vec::new();
        while let Some(line) = codec.decode_eof(&mut buf).map_err(|_| ())? {
            out.push(line);
        }
        Ok(out)
    }

    #[test]
    fn every_line_end_works() {
        assert_eq!(
            lines(b"W\r\nN a\nL\rQ", 100).unwrap(),
            ["W", "", "N a", "L"]
        );
    }

    #[test]
    fn long_lines_are_an_error() {
        assert!(lines(&[b'x'; 101], 100).is_err());
        assert!(lines(b"0123456789\n", 10).is_ok());
        assert!(lines(b"0123456789a\n", 10).is_err());
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic_and_lines_stay_short(
            input in proptest::collection::vec(any::<u8>(), 0..2000),
            max in 1usize..300,
        ) {
            if let Ok(found) = lines(&input, max) {
                for line in found {
                    prop_assert!(line.len() <= max * 3, "{}", line.len());
                    prop_assert!(!line.contains(['\r', '\n']));
                }
            }
        }
    }
}
