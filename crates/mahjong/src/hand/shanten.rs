//! Shanten (tiles away from tenpai): the best of the regular count (see the `regular`
//! module), seven pairs and thirteen orphans (the `irregular` module).

use super::acceptance::waits_in;
use super::grouped::regular_count;
use super::irregular::Irregular;
use super::shapes::{self, Shapes};
use super::tile_count;
use crate::tile::{Counts, Kind};

/// Shanten of the concealed tiles in `counts` (3n+1 or 3n+2 tiles, n = 4 - melds):
/// the minimum over regular, seven pairs (only with no melds) and thirteen orphans (only
/// with no melds); -1 means complete (for 3n+2 tiles), 0 tenpai.
///
/// The number of melds is implied by the tile count (13 or 14 tiles: none; 10 or 11:
/// one; and so on). A hand whose only waits would be kinds it holds all four of is not
/// tenpai (see [`waits`](super::waits)); it counts as 1-shanten.
pub fn shanten(counts: &Counts) -> i8 {
    shapes::with(|shapes| {
        let melds = melds_implied(counts);
        let regular = regular_count(shapes, counts, melds);
        best_of(shapes, counts, melds, regular, Irregular::of(counts))
    })
}

/// Called melds implied by the number of concealed tiles.
pub(super) fn melds_implied(counts: &Counts) -> i8 {
    4 - (tile_count(counts) / 3).min(4) as i8
}

/// The count of a hand with `melds` sets called, given its `regular` count and its
/// `irregular` counts: the best shape, as the counting formula sees it (a tenpai only
/// on dead waits counts as tenpai).
pub(super) fn counted(melds: i8, regular: i8, irregular: Irregular) -> i8 {
    if melds == 0 {
        regular.min(irregular.best())
    } else {
        regular
    }
}

/// The shanten of `counts` given its `regular` count and its `irregular` counts: the
/// best shape, and a tenpai only on dead waits counted as 1-shanten.
pub(super) fn best_of(
    shapes: &mut Shapes,
    counts: &Counts,
    melds: i8,
    regular: i8,
    irregular: Irregular,
) -> i8 {
    let shanten = counted(melds, regular, irregular);
    // The counting formula cannot see that a wait is dead because the hand holds all
    // four of it, so only a hand with four of a kind needs its waits looked at.
    if shanten == 0 && counts.contains(&4) && !has_live_wait(shapes, counts) {
        1
    } else {
        shanten
    }
}

/// Whether the 3n+1 tiles have a wait, or the 3n+2 tiles one after some discard.
fn has_live_wait(shapes: &mut Shapes, counts: &Counts) -> bool {
    if tile_count(counts) % 3 == 1 {
        return waits_in(shapes, counts) != 0;
    }
    (0..Kind::COUNT).any(|kind| {
        let mut hand = *counts;
        hand[kind] > 0 && {
            hand[kind] -= 1;
            waits_in(shapes, &hand) != 0
        }
    })
}
