//! Shanten (tiles away from tenpai) and tile acceptance (ukeire): the best of the
//! regular count (see the `regular` module), seven pairs and thirteen orphans.

use super::regular::{regular, OneKindChanged};
use super::{near_held, tile_count, waits, TERMINALS_AND_HONORS};
use crate::tile::{Counts, Kind};

/// Shanten of the concealed tiles in `counts` (3n+1 or 3n+2 tiles, n = 4 - melds):
/// the minimum over regular, seven pairs (only with no melds) and thirteen orphans (only
/// with no melds); -1 means complete (for 3n+2 tiles), 0 tenpai.
///
/// The number of melds is implied by the tile count (13 or 14 tiles: none; 10 or 11:
/// one; and so on). A hand whose only waits would be kinds it holds all four of is not
/// tenpai (see [`waits`]); it counts as 1-shanten.
pub fn shanten(counts: &Counts) -> i8 {
    let melds = melds_implied(counts);
    best_of(counts, melds, regular(counts, melds))
}

/// Called melds implied by the number of concealed tiles.
fn melds_implied(counts: &Counts) -> i8 {
    4 - (tile_count(counts) / 3).min(4) as i8
}

/// The shanten of `counts` given its `regular` count: the best shape, and a tenpai
/// only on dead waits counted as 1-shanten.
fn best_of(counts: &Counts, melds: i8, regular: i8) -> i8 {
    let mut shanten = regular;
    if melds == 0 {
        shanten = shanten
            .min(seven_pairs(counts))
            .min(thirteen_orphans(counts));
    }
    // The counting formula cannot see that a wait is dead because the hand holds all
    // four of it, so only a hand with four of a kind needs its waits looked at.
    if shanten == 0 && counts.contains(&4) && !has_live_wait(counts) {
        1
    } else {
        shanten
    }
}

/// Whether the 3n+1 tiles have a wait, or the 3n+2 tiles one after some discard.
fn has_live_wait(counts: &Counts) -> bool {
    if tile_count(counts) % 3 == 1 {
        return waits(counts) != 0;
    }
    (0..Kind::COUNT).any(|kind| {
        let mut hand = *counts;
        hand[kind] > 0 && {
            hand[kind] -= 1;
            waits(&hand) != 0
        }
    })
}

/// Tile acceptance of the 3n+1 tiles in `counts`: how many tiles not yet accounted
/// for would lower the shanten if drawn. A kind counts with `4 - counts - seen` tiles
/// (never below zero), where `seen` holds the tiles visible elsewhere (discards, melds,
/// dora indicators), not the hand itself.
pub fn ukeire(counts: &Counts, seen: &Counts) -> u32 {
    let melds = melds_implied(counts);
    let regular = OneKindChanged::new(counts, melds);
    let regular_before = regular.unchanged();
    let before = best_of(counts, melds, regular_before);
    // A tile far from every held one would only be a loose tile in any split, so it
    // leaves the regular count as it is (it may still help seven pairs or orphans); a
    // tile near one changes only its own suit's split.
    let near = near_held(counts);
    let mut hand = *counts;
    let mut accepted = 0;
    for kind in 0..Kind::COUNT {
        let left = 4u8.saturating_sub(hand[kind]).saturating_sub(seen[kind]);
        if left == 0 {
            continue;
        }
        hand[kind] += 1;
        let regular_after = if near >> kind & 1 == 1 {
            regular.changed(&hand, kind)
        } else {
            regular_before
        };
        if best_of(&hand, melds, regular_after) < before {
            accepted += u32::from(left);
        }
        hand[kind] -= 1;
    }
    accepted
}

/// Seven pairs: one step per missing pair, plus one per kind lacking to make seven
/// different ones (four of a kind is not two pairs).
fn seven_pairs(counts: &Counts) -> i8 {
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
    6 - pairs + (7 - kinds).max(0)
}

/// Thirteen orphans: one step per terminal or honour kind missing, less one if any of
/// them is already paired.
fn thirteen_orphans(counts: &Counts) -> i8 {
    let kinds = TERMINALS_AND_HONORS
        .iter()
        .filter(|&&k| counts[k] >= 1)
        .count() as i8;
    let paired = TERMINALS_AND_HONORS.iter().any(|&k| counts[k] >= 2);
    13 - kinds - i8::from(paired)
}
