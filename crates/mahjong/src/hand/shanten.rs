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
    best_of(counts, melds, regular(counts, melds), Irregular::of(counts))
}

/// Called melds implied by the number of concealed tiles.
fn melds_implied(counts: &Counts) -> i8 {
    4 - (tile_count(counts) / 3).min(4) as i8
}

/// The shanten of `counts` given its `regular` count and its `irregular` counts: the
/// best shape, and a tenpai only on dead waits counted as 1-shanten.
fn best_of(counts: &Counts, melds: i8, regular: i8, irregular: Irregular) -> i8 {
    let mut shanten = regular;
    if melds == 0 {
        shanten = shanten
            .min(irregular.seven_pairs())
            .min(irregular.thirteen_orphans());
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
    let irregular = Irregular::of(counts);
    let before = best_of(counts, melds, regular_before, irregular);
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
        let irregular_after = irregular.drawn(&hand, kind);
        hand[kind] += 1;
        let regular_after = if near >> kind & 1 == 1 {
            regular.changed(&hand, kind)
        } else {
            regular_before
        };
        if best_of(&hand, melds, regular_after, irregular_after) < before {
            accepted += u32::from(left);
        }
        hand[kind] -= 1;
    }
    accepted
}

/// What seven pairs and thirteen orphans count of a hand, kept so that a hand one tile
/// larger (tile acceptance asks up to 34 of them) is counted without looking at every
/// kind again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Irregular {
    /// Kinds held twice or more, and kinds held at all.
    pairs: i8,
    kinds: i8,
    /// Terminal and honour kinds held, and whether one of them twice or more.
    orphans: i8,
    orphan_paired: bool,
}

impl Irregular {
    fn of(counts: &Counts) -> Irregular {
        Irregular {
            pairs: counts.iter().filter(|&&c| c >= 2).count() as i8,
            kinds: counts.iter().filter(|&&c| c >= 1).count() as i8,
            orphans: TERMINALS_AND_HONORS
                .iter()
                .filter(|&&k| counts[k] >= 1)
                .count() as i8,
            orphan_paired: TERMINALS_AND_HONORS.iter().any(|&k| counts[k] >= 2),
        }
    }

    /// The counts once a tile of `kind` joins `counts` (the hand these counts are of).
    fn drawn(self, counts: &Counts, kind: usize) -> Irregular {
        let held = counts[kind];
        let orphan = TERMINALS_AND_HONORS.contains(&kind);
        Irregular {
            pairs: self.pairs + i8::from(held == 1),
            kinds: self.kinds + i8::from(held == 0),
            orphans: self.orphans + i8::from(orphan && held == 0),
            orphan_paired: self.orphan_paired || (orphan && held == 1),
        }
    }

    /// Seven pairs: one step per missing pair, plus one per kind lacking to make seven
    /// different ones (four of a kind is not two pairs).
    fn seven_pairs(self) -> i8 {
        6 - self.pairs + (7 - self.kinds).max(0)
    }

    /// Thirteen orphans: one step per terminal or honour kind missing, less one if any
    /// of them is already paired.
    fn thirteen_orphans(self) -> i8 {
        13 - self.orphans - i8::from(self.orphan_paired)
    }
}

#[cfg(test)]
mod tests {
    use super::Irregular;
    use crate::tile::{Counts, Kind};

    #[test]
    fn a_drawn_tile_counts_as_the_whole_hand_counted_again() {
        let mut counts: Counts = [0; Kind::COUNT];
        // Pairs, a triplet, terminals, an honour pair and singles.
        for (kind, held) in [(0, 2), (4, 3), (8, 1), (9, 1), (27, 2), (31, 1), (33, 4)] {
            counts[kind] = held;
        }
        for kind in 0..Kind::COUNT {
            if counts[kind] < 4 {
                let drawn = Irregular::of(&counts).drawn(&counts, kind);
                let mut after = counts;
                after[kind] += 1;
                assert_eq!(drawn, Irregular::of(&after), "drawing kind {kind}");
            }
        }
    }
}
