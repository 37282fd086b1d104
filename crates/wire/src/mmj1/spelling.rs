//! How mmj1 spells tiles, winds and places, both ways. parlor writes lower case, as the
//! seed's examples do; any case is read.
//!
//! Tiles: `c1`-`c9` (characters), `d1`-`d9` (dots), `b1`-`b9` (bamboo), red fives `c0`
//! `d0` `b0` (Tenhou's notation) when the table plays them, winds `we ws ww wn`, dragons
//! `dr dg dw` (`h`, the seed's haku, read as `dw`), flowers `f1`-`f4` and seasons
//! `s1`-`s4` (valid mmj1, never in riichi), `?` for a face the receiver may not see.
//! Places: `k`, `w000`-`w135`, `r00`-`r11`, `a0`-`a9`, `hX`, `dX`, `fX`, `mXN`, where X is
//! a player ID 1-4 (seat + 1).

use mahjong::game::Place;
use mahjong::{Kind, Suit, Tile, Wind};
use std::fmt;

/// A tile as a message names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileName {
    /// A riichi tile kind; `red` when spelled with rank 0 (`b0`, `c0`, `d0`).
    Tile {
        /// The kind.
        kind: Kind,
        /// Whether the red five was named.
        red: bool,
    },
    /// A flower (`f1`-`f4`) or a season (`s1`-`s4`): valid mmj1, not part of riichi.
    Bonus {
        /// A season rather than a flower.
        season: bool,
        /// 1-4.
        number: u8,
    },
    /// `?`, a face not shown (the third tile of a pon or chi claim).
    Hidden,
}

impl TileName {
    /// A physical tile as one receiver sees it: hidden when `tile` is `None`, a red five
    /// as such only when the table plays red fives.
    pub fn of(tile: Option<Tile>, red_fives: bool) -> TileName {
        match tile {
            None => TileName::Hidden,
            Some(t) => TileName::Tile {
                kind: t.kind(),
                red: red_fives && t.is_red_five(),
            },
        }
    }

    /// A kind, never red.
    pub fn kind(kind: Kind) -> TileName {
        TileName::Tile { kind, red: false }
    }

    /// The spelling, written at the end of `out`.
    pub fn write(&self, out: &mut String) {
        match *self {
            TileName::Tile { kind, red } => push_kind(out, kind, red),
            TileName::Bonus { season, number } => {
                out.push(if season { 's' } else { 'f' });
                out.push(char::from(b'0' + number.min(9)));
            }
            TileName::Hidden => out.push('?'),
        }
    }

    /// The tile `word` spells (any case); `None` if it spells none.
    pub fn parse(word: &str) -> Option<TileName> {
        match word.as_bytes() {
            [one] => tile_of(*one, None),
            [first, second] => tile_of(*first, Some(*second)),
            _ => None,
        }
    }
}

impl fmt::Display for TileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(2);
        self.write(&mut out);
        f.write_str(&out)
    }
}

/// The tile spelled `first` then `second` (`None` for a one-letter spelling: `?`, `h`),
/// any case; `None` if they spell none. The first letter alone tells whether a second
/// one follows ([`needs_second`]).
pub(super) fn tile_of(first: u8, second: Option<u8>) -> Option<TileName> {
    let (first, second) = (
        first.to_ascii_lowercase(),
        second.map(|b| b.to_ascii_lowercase()),
    );
    let Some(second) = second else {
        return match first {
            b'?' => Some(TileName::Hidden),
            b'h' => Some(TileName::kind(Kind::WHITE)),
            _ => None,
        };
    };
    let suit = match first {
        b'b' => Some(Suit::Sou),
        b'c' => Some(Suit::Man),
        b'd' => Some(Suit::Pin),
        _ => None,
    };
    Some(match (first, second, suit) {
        (_, b'0', Some(suit)) => TileName::Tile {
            kind: Kind::numbered(suit, 5),
            red: true,
        },
        (_, b'1'..=b'9', Some(suit)) => TileName::kind(Kind::numbered(suit, second - b'0')),
        (b'd', b'r', _) => TileName::kind(Kind::RED),
        (b'd', b'g', _) => TileName::kind(Kind::GREEN),
        (b'd', b'w', _) => TileName::kind(Kind::WHITE),
        (b'w', _, _) => TileName::kind(Kind::wind(wind_of(second)?)),
        (b'f' | b's', b'1'..=b'4', _) => TileName::Bonus {
            season: first == b's',
            number: second - b'0',
        },
        _ => return None,
    })
}

/// Whether a tile spelled starting with `first` has a second letter (`None`: no tile
/// starts so).
pub(super) fn needs_second(first: u8) -> Option<bool> {
    match first.to_ascii_lowercase() {
        b'?' | b'h' => Some(false),
        b'b' | b'c' | b'd' | b'w' | b'f' | b's' => Some(true),
        _ => None,
    }
}

/// A kind's spelling written at the end of `out`; `red` writes a five as `0`.
fn push_kind(out: &mut String, k: Kind, red: bool) {
    match (k.suit(), k.number()) {
        (Some(suit), Some(n)) => {
            out.push(match suit {
                Suit::Man => 'c',
                Suit::Pin => 'd',
                Suit::Sou => 'b',
            });
            out.push(char::from(b'0' + if red { 0 } else { n }));
        }
        _ => match k.as_wind() {
            Some(w) => {
                out.push('w');
                out.push(wind(w));
            }
            None if k == Kind::WHITE => out.push_str("dw"),
            None if k == Kind::GREEN => out.push_str("dg"),
            None => out.push_str("dr"),
        },
    }
}

/// A tile as one receiver sees it: `?` when hidden, rank 0 for a red five when red fives
/// are played.
pub fn face(tile: Option<Tile>, red_fives: bool) -> String {
    TileName::of(tile, red_fives).to_string()
}

/// A wind letter.
pub(super) fn wind(w: Wind) -> char {
    ['e', 's', 'w', 'n'][w.index()]
}

/// The wind a letter names (any case).
pub(super) fn wind_of(letter: u8) -> Option<Wind> {
    Some(match letter.to_ascii_lowercase() {
        b'e' => Wind::East,
        b's' => Wind::South,
        b'w' => Wind::West,
        b'n' => Wind::North,
        _ => return None,
    })
}

/// A place's name (the tests' way to spell one).
#[cfg(test)]
pub(super) fn place(p: Place) -> String {
    let mut out = String::with_capacity(4);
    push_place(&mut out, p);
    out
}

/// A player ID, 1-4, for a seat 0..4.
fn id(seat: u8) -> u8 {
    seat + 1
}

/// A place's name written at the end of `out`.
pub(super) fn push_place(out: &mut String, p: Place) {
    let (letter, number, digits) = match p {
        Place::Deck => return out.push('k'),
        Place::Wall(n) => ('w', n, 3),
        Place::Replacement(n) => ('r', n, 2),
        Place::DoraWall(n) => ('a', n, 1),
        Place::Hand(s) => ('h', id(s), 1),
        Place::Discards(s) => ('d', id(s), 1),
        Place::Flowers(s) => ('f', id(s), 1),
        Place::Meld(s, n) => {
            out.push('m');
            push_digits(out, id(s), 1);
            return push_digits(out, n, 1);
        }
    };
    out.push(letter);
    push_digits(out, number, digits);
}

/// The place `word` names (any case); `None` if it names none, or a number out of the
/// seed's ranges.
pub(super) fn parse_place(word: &str) -> Option<Place> {
    let word = word.as_bytes();
    let (&letter, digits) = word.split_first()?;
    if digits.is_empty() && letter.eq_ignore_ascii_case(&b'k') {
        return Some(Place::Deck);
    }
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let number = |width: usize, below: u8| -> Option<u8> {
        if digits.len() != width {
            return None;
        }
        let n = digits
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        u8::try_from(n).ok().filter(|&n| n < below)
    };
    let seat = |d: u8| (b'1'..=b'4').contains(&d).then(|| d - b'1');
    Some(match letter.to_ascii_lowercase() {
        b'w' => Place::Wall(number(3, 136)?),
        b'r' => Place::Replacement(number(2, 12)?),
        b'a' => Place::DoraWall(number(1, 10)?),
        b'h' if digits.len() == 1 => Place::Hand(seat(digits[0])?),
        b'd' if digits.len() == 1 => Place::Discards(seat(digits[0])?),
        b'f' if digits.len() == 1 => Place::Flowers(seat(digits[0])?),
        b'm' if digits.len() == 2 && digits[1] <= b'3' => {
            Place::Meld(seat(digits[0])?, digits[1] - b'0')
        }
        _ => return None,
    })
}

/// `n` in at least `width` digits (three at most), zeros in front.
#[inline]
fn push_digits(out: &mut String, n: u8, width: usize) {
    // Most places are a seat or a small number: one digit.
    if n < 10 && width <= 1 {
        return out.push(char::from(b'0' + n));
    }
    let shown = width.max(match n {
        0..10 => 1,
        10..100 => 2,
        _ => 3,
    });
    let [hundreds, tens, units] = [n / 100, n / 10 % 10, n % 10].map(|d| char::from(b'0' + d));
    if shown == 3 {
        out.push(hundreds);
    }
    if shown >= 2 {
        out.push(tens);
    }
    out.push(units);
}
