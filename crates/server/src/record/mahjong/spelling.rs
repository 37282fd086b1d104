//! How mmj1 spells tiles (`c1`-`c9`, `d1`-`d9`, `b1`-`b9`, red fives `c0` `d0` `b0`,
//! winds `we ws ww wn`, dragons `dr dg dw`, `?` hidden): the protocol's own spelling, and
//! the one the replay page's tiles are drawn from. It lives with the record, below the
//! protocol, so that both the protocol and the replay's story use it.

use mahjong::{Kind, Suit, Tile, Wind};

/// A kind's spelling.
pub fn kind(k: Kind) -> String {
    let mut out = String::with_capacity(2);
    push_kind(&mut out, k, false);
    out
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
    let mut out = String::with_capacity(2);
    push_face(&mut out, tile, red_fives);
    out
}

/// [`face`] written at the end of `out` (a `move` line, written in one string).
pub fn push_face(out: &mut String, tile: Option<Tile>, red_fives: bool) {
    match tile {
        None => out.push('?'),
        Some(t) => push_kind(out, t.kind(), red_fives && t.is_red_five()),
    }
}

/// A wind letter.
pub fn wind(w: Wind) -> char {
    ['e', 's', 'w', 'n'][w.index()]
}
