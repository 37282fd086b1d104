//! mmj1's tiles as this client keeps them, in the server's spelling (which
//! `parlor_wire::mmj1` reads and writes). The spellings map to the rules crate's 34
//! kinds, so that its hand analysis can say whether a hand is complete or tenpai, which
//! decides the choices offered and the passes made without asking; and tiles are
//! spelled for the screen.

use mahjong::hand::{is_complete, shanten};
use mahjong::{Counts, Kind};

/// The kind a spelled tile is, as the rules crate numbers kinds (characters, dots,
/// bamboo, then the winds and white, green, red); `None` for `?` and anything else.
pub(super) fn kind(face: &str) -> Option<usize> {
    let &[s, n] = face.as_bytes() else {
        return None;
    };
    let numbered = |suit: usize| match n {
        b'0' => Some(suit * 9 + 4),
        b'1'..=b'9' => Some(suit * 9 + usize::from(n - b'1')),
        _ => None,
    };
    match (s, n) {
        (b'c', _) => numbered(0),
        (b'd', b'w') => Some(31),
        (b'd', b'g') => Some(32),
        (b'd', b'r') => Some(33),
        (b'd', _) => numbered(1),
        (b'b', _) => numbered(2),
        (b'w', b'e') => Some(27),
        (b'w', b's') => Some(28),
        (b'w', b'w') => Some(29),
        (b'w', b'n') => Some(30),
        _ => None,
    }
}

/// Whether `face` is a red five (`c0`, `d0`, `b0`).
fn is_red(face: &str) -> bool {
    matches!(face.as_bytes(), [b'c' | b'd' | b'b', b'0'])
}

/// Whether two spellings are the same kind (a red five is a five).
pub(super) fn same_kind(a: &str, b: &str) -> bool {
    kind(a).is_some() && kind(a) == kind(b)
}

/// `tiles` in display order: suits, winds, dragons; a red five after the plain ones;
/// unknown spellings last.
pub(super) fn sorted(tiles: &[String]) -> Vec<String> {
    let mut tiles = tiles.to_vec();
    tiles.sort_by_key(|t| kind(t).map_or(usize::MAX, |k| k * 2 + usize::from(is_red(t))));
    tiles
}

/// A tile as players read it, not in the wire's spelling: `1m`, `5p*` (a red five),
/// `East`, `Chun` (see [`LEGEND`]); a spelling the client does not know, as it came.
pub(super) fn show(face: &str) -> String {
    let Some(kind) = kind(face).and_then(|k| mahjong::Kind::new(k as u8)) else {
        return face.to_owned();
    };
    let red = if is_red(face) { "*" } else { "" };
    format!("{}{red}", kind.spoken())
}

/// What [`show`]'s names and the rivers' marks mean, for the screen. One line that fits the table's middle: dragons go by the names riichi players use
/// (Haku, Hatsu, Chun), which need no legend.
pub(super) const LEGEND: &str = "m man, p pin, s sou · * red five · [x] riichi";

/// Tiles shown side by side.
pub(super) fn show_all<'a>(tiles: impl IntoIterator<Item = &'a String>) -> String {
    tiles
        .into_iter()
        .map(|t| show(t))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The counts of `tiles` and `extra`, if they make a hand the analysis can take: known
/// spellings, at most four of a kind and fourteen tiles (what the server sends us might
/// not be).
fn counts(tiles: &[String], extra: Option<&str>) -> Option<Counts> {
    let mut counts = [0u8; Kind::COUNT];
    let mut total = 0;
    for t in tiles.iter().map(String::as_str).chain(extra) {
        let slot = counts.get_mut(kind(t)?)?;
        *slot += 1;
        total += 1;
        if *slot > 4 || total > 14 {
            return None;
        }
    }
    Some(counts)
}

/// Whether `tiles` (with `extra`, the tile a ron would take) have a winning shape. The
/// server still decides whether the hand has a yaku and is not furiten.
pub(super) fn complete(tiles: &[String], extra: Option<&str>) -> bool {
    counts(tiles, extra).is_some_and(|c| is_complete(&c))
}

/// Shanten after discarding one `face` from `tiles` (3n + 2 of them), if it can be told.
fn shanten_without(tiles: &[String], face: &str) -> Option<i8> {
    let mut rest = tiles.to_vec();
    let at = rest.iter().position(|t| t == face)?;
    rest.remove(at);
    if rest.len() % 3 != 1 {
        return None;
    }
    counts(&rest, None).map(|c| shanten(&c))
}

/// The faces whose discard leaves `tiles` tenpai: the discards riichi may go with.
pub(super) fn tenpai_discards(tiles: &[String]) -> Vec<String> {
    distinct(tiles)
        .into_iter()
        .filter(|t| shanten_without(tiles, t) == Some(0))
        .collect()
}

/// The discard that leaves the hand nearest to tenpai (the first of the best), to
/// suggest when no tile was just drawn (after a call).
pub(super) fn best_discard(tiles: &[String]) -> Option<String> {
    distinct(tiles)
        .into_iter()
        .min_by_key(|t| shanten_without(tiles, t).unwrap_or(i8::MAX))
}

/// Each face of `tiles` once, in display order.
pub(super) fn distinct(tiles: &[String]) -> Vec<String> {
    let mut faces = sorted(tiles);
    faces.dedup();
    faces
}

/// How many different terminal and honour kinds `tiles` hold: nine or more on the first
/// turn may end the hand (kyuushu kyuuhai).
pub(super) fn terminal_kinds(tiles: &[String]) -> usize {
    let mut kinds: Vec<usize> = tiles
        .iter()
        .filter_map(|t| kind(t))
        .filter(|&k| k >= 27 || k % 9 == 0 || k % 9 == 8)
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.len()
}

/// The pairs of faces from `tiles` that make a run (chi) with the numbered `face`: each
/// distinct pair once (a red five and a plain one differ).
pub(super) fn chi_options(tiles: &[String], face: &str) -> Vec<(String, String)> {
    let Some(k) = kind(face).filter(|&k| k < 27) else {
        return Vec::new();
    };
    let (suit, n) = (k / 9 * 9, k % 9);
    let faces_of = |m: usize| -> Vec<String> {
        distinct(tiles)
            .into_iter()
            .filter(|t| kind(t) == Some(suit + m))
            .collect()
    };
    let mut options = Vec::new();
    for (a, b) in [
        (n.wrapping_sub(2), n.wrapping_sub(1)),
        (n.wrapping_sub(1), n + 1),
        (n + 1, n + 2),
    ] {
        if a > 8 || b > 8 {
            continue;
        }
        for x in faces_of(a) {
            for y in faces_of(b) {
                options.push((x.clone(), y));
            }
        }
    }
    options
}
