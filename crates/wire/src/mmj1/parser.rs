//! A cursor over mmj1 bytes that reads the protocol's data types: words, tiles, places,
//! player IDs, numbers and counted strings. mmj1 has no framing, so every reader says
//! whether it needs more bytes ([`Stop::Incomplete`]) or what is wrong ([`Stop::Bad`]).

use super::spelling::{needs_second, parse_place, tile_of, TileName};
use mahjong::game::Place;

/// Keywords and other bare tokens are short; a longer run is garbage.
pub(super) const MAX_WORD: usize = 16;

/// Why reading stopped.
#[derive(Debug)]
pub(super) enum Stop {
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

impl Stop {
    /// The explanation, for a reader of whole lines (which has no more bytes to wait for).
    pub(super) fn why(self) -> String {
        match self {
            Stop::Incomplete => "the message ends too soon".into(),
            Stop::Bad { why, .. } | Stop::TooLong { why, .. } => why,
        }
    }
}

/// A cursor over the bytes at hand.
pub(super) struct Parser<'a> {
    pub(super) buf: &'a [u8],
    pub(super) at: usize,
    /// Whether these are all the bytes there will be (a whole line), or more may come
    /// (a stream).
    pub(super) complete: bool,
}

impl<'a> Parser<'a> {
    /// The one message `line` holds (surrounding whitespace aside), as `read` reads it;
    /// else why not.
    pub(super) fn whole<T>(
        line: &'a str,
        read: impl FnOnce(&mut Parser<'a>) -> Result<T, Stop>,
    ) -> Result<T, String> {
        let mut parser = Parser {
            buf: line.as_bytes(),
            at: 0,
            complete: true,
        };
        let msg = read(&mut parser).map_err(Stop::why)?;
        match parser.at_end() {
            true => Ok(msg),
            false => Err("more than one message".into()),
        }
    }

    pub(super) fn bad<T>(&self, why: impl Into<String>) -> Result<T, Stop> {
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

    /// Whether only whitespace is left.
    pub(super) fn at_end(&mut self) -> bool {
        self.skip_blank();
        self.at == self.buf.len()
    }

    /// The next non-blank byte, consumed.
    pub(super) fn byte(&mut self) -> Result<u8, Stop> {
        self.skip_blank();
        let b = *self.buf.get(self.at).ok_or(Stop::Incomplete)?;
        self.at += 1;
        Ok(b)
    }

    /// A run of letters and digits, lower-cased; `ended` is whether it reaches the end
    /// of the bytes at hand and more may come (so it may still grow).
    pub(super) fn word(&mut self) -> Result<(String, bool), Stop> {
        self.skip_blank();
        let start = self.at;
        while self.buf.get(self.at).is_some_and(u8::is_ascii_alphanumeric) {
            self.at += 1;
            if self.at - start > MAX_WORD {
                return self.bad("unknown operation");
            }
        }
        if self.at == start {
            self.at += 1;
            return match self.buf.get(start) {
                Some(_) => self.bad("expected an operation"),
                None => Err(Stop::Incomplete),
            };
        }
        let word = String::from_utf8_lossy(&self.buf[start..self.at]).to_ascii_lowercase();
        Ok((word, self.at == self.buf.len() && !self.complete))
    }

    /// `T`: a tile, any case, `?` for a hidden face.
    pub(super) fn tile(&mut self) -> Result<TileName, Stop> {
        let first = self.byte()?;
        let Some(two) = needs_second(first) else {
            return self.bad("expected a tile");
        };
        // The second character follows at once (no whitespace inside a tile).
        let second = match two {
            true => {
                let second = *self.buf.get(self.at).ok_or(Stop::Incomplete)?;
                self.at += 1;
                Some(second)
            }
            false => None,
        };
        match tile_of(first, second) {
            Some(tile) => Ok(tile),
            None => self.bad("expected a tile"),
        }
    }

    /// `P`: a place.
    pub(super) fn place(&mut self) -> Result<Place, Stop> {
        let (word, _) = self.word()?;
        match parse_place(&word) {
            Some(place) => Ok(place),
            None => self.bad("expected a place"),
        }
    }

    /// `I`: a player ID 1-4, as a seat 0..4.
    pub(super) fn id(&mut self) -> Result<usize, Stop> {
        match self.byte()? {
            d @ b'1'..=b'4' => Ok(usize::from(d - b'1')),
            _ => self.bad("expected a player ID"),
        }
    }

    /// `W`: a wind letter.
    pub(super) fn wind(&mut self) -> Result<mahjong::Wind, Stop> {
        let letter = self.byte()?;
        super::spelling::wind_of(letter).map_or_else(|| self.bad("expected a wind"), Ok)
    }

    /// Past a run of at most `most` digits (more is `too_long`); where it began.
    fn digits(&mut self, most: usize, too_long: &str) -> Result<usize, Stop> {
        let start = self.at;
        while self.buf.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
            if self.at - start > most {
                return self.bad(too_long);
            }
        }
        Ok(start)
    }

    /// `N`: up to 16 digits and a dot (parlor's scores may be negative: a `-` first).
    pub(super) fn number(&mut self) -> Result<i64, Stop> {
        self.skip_blank();
        let start = self.at;
        if self.buf.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let digits = self.digits(16, "a number has at most 16 digits")?;
        match self.buf.get(self.at) {
            None => return Err(Stop::Incomplete),
            Some(b'.') if self.at > digits => {}
            Some(_) => return self.bad("expected a number ending in a dot"),
        }
        let text = std::str::from_utf8(&self.buf[start..self.at]).unwrap_or("");
        self.at += 1;
        text.parse()
            .map_or_else(|_| self.bad("expected a number ending in a dot"), Ok)
    }

    /// `C`: `N:DATA`, N at most 8 digits; longer than `limit` is refused and skipped.
    pub(super) fn counted(&mut self, limit: usize, what: &str) -> Result<Vec<u8>, Stop> {
        self.skip_blank();
        let start = self.digits(8, "a counted string's length has at most 8 digits")?;
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

    /// A counted string as text (bytes that are not UTF-8 become U+FFFD).
    pub(super) fn text(&mut self, limit: usize, what: &str) -> Result<String, Stop> {
        let bytes = self.counted(limit, what)?;
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// `IIII .`: player IDs (at least `at_least` of them) and a dot, as a bit mask.
    pub(super) fn ids_then_dot(&mut self, at_least: u32) -> Result<u8, Stop> {
        let mut ids = 0u8;
        loop {
            match self.byte()? {
                b'.' if ids.count_ones() >= at_least => return Ok(ids),
                d @ b'1'..=b'4' => ids |= 1 << (d - b'1'),
                _ => return self.bad("chat needs player IDs 1-4 and a dot"),
            }
        }
    }
}
