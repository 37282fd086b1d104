//! How mmj1 spells tiles (`c1`-`c9`, `d1`-`d9`, `b1`-`b9`, red fives `c0` `d0` `b0`,
//! winds `we ws ww wn`, dragons `dr dg dw`, `?` hidden): the protocol's own spelling, and
//! the one the replay page's tiles are drawn from. It lives with the record, below the
//! protocol, so that both the protocol and the replay's story use it.

use mahjong::{Kind, Suit, Tile, Wind};

/// A kind's spelling.
pub fn kind(k: Kind) -> String {
    match (k.suit(), k.number()) {
        (Some(suit), Some(n)) => {
            let letter = match suit {
                Suit::Man => 'c',
                Suit::Pin => 'd',
                Suit::Sou => 'b',
            };
            format!("{letter}{n}")
        }
        _ => match k.as_wind() {
            Some(w) => format!("w{}", wind(w)),
            None if k == Kind::WHITE => "dw".into(),
            None if k == Kind::GREEN => "dg".into(),
            None => "dr".into(),
        },
    }
}

/// A tile as one receiver sees it: `?` when hidden, rank 0 for a red five when red fives
/// are played.
pub fn face(tile: Option<Tile>, red_fives: bool) -> String {
    match tile {
        None => "?".into(),
        Some(t) if red_fives && t.is_red_five() => kind(t.kind()).replace('5', "0"),
        Some(t) => kind(t.kind()),
    }
}

/// A wind letter.
pub fn wind(w: Wind) -> char {
    ['e', 's', 'w', 'n'][w.index()]
}
