//! Shanten (tiles away from tenpai) and tile acceptance (ukeire): the best of the
//! regular count (see the `regular` module), seven pairs and thirteen orphans.

use super::grouped::{regular, Grouped};
use super::regular::Needs;
use super::shapes::{self, Shapes};
use super::{near_held, tile_count, waits, KindSet, TERMINALS_AND_HONORS, TERMINAL_AND_HONOR_SET};
use crate::tile::{Counts, Kind};
use arrayvec::ArrayVec;

/// Shanten of the concealed tiles in `counts` (3n+1 or 3n+2 tiles, n = 4 - melds):
/// the minimum over regular, seven pairs (only with no melds) and thirteen orphans (only
/// with no melds); -1 means complete (for 3n+2 tiles), 0 tenpai.
///
/// The number of melds is implied by the tile count (13 or 14 tiles: none; 10 or 11:
/// one; and so on). A hand whose only waits would be kinds it holds all four of is not
/// tenpai (see [`waits`]); it counts as 1-shanten.
pub fn shanten(counts: &Counts) -> i8 {
    let melds = melds_implied(counts);
    let regular = shapes::with(|shapes| regular(shapes, counts, melds));
    best_of(counts, melds, regular, Irregular::of(counts))
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
        shanten = shanten.min(irregular.best());
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
    shapes::with(|shapes| accepted(shapes, counts, seen))
}

/// The discards among `candidates` (kinds held in the 3n+2 tiles `counts`) that leave
/// the lowest shanten, each once with the [`ukeire`] of the hand it leaves: what a
/// tile-efficiency player weighs. Asked together, the discards share the work on the
/// groups they leave alone.
pub fn best_discards(
    counts: &Counts,
    candidates: &[Kind],
    seen: &Counts,
) -> ArrayVec<(Kind, u32), 14> {
    shapes::with(|shapes| {
        let melds = melds_implied(counts);
        let grouped = Grouped::new(shapes, counts, melds);
        // A tile less leaves the regular count as it was or one more (a tile more never
        // makes it worse, and takes one block at most a step back), so one question
        // per discard tells which: whether its group still brings the count below one
        // more.
        let regular = grouped.regular();
        let mut needs: [Option<Needs>; 4] = [None, None, None, None];
        let mut left: ArrayVec<(Kind, i8), 14> = ArrayVec::new();
        for &kind in candidates {
            let index = kind.index();
            if counts[index] == 0 || left.iter().any(|&(k, _)| k == kind) {
                continue;
            }
            let mut after = *counts;
            after[index] -= 1;
            let (g, frontier) = grouped.changed(shapes, index, false);
            let kept = needs[g]
                .get_or_insert_with(|| grouped.needs(g, false, regular + 1))
                .met_by(&frontier);
            let regular = regular + i8::from(!kept);
            left.push((kind, best_of(&after, melds, regular, Irregular::of(&after))));
        }
        let best = left.iter().map(|&(_, shanten)| shanten).min();
        left.iter()
            .filter(|&&(_, shanten)| Some(shanten) == best)
            .map(|&(kind, _)| {
                let mut after = *counts;
                after[kind.index()] -= 1;
                (kind, accepted(shapes, &after, seen))
            })
            .collect()
    })
}

/// [`ukeire`] with the thread's cache of splits in hand.
fn accepted(shapes: &mut Shapes, counts: &Counts, seen: &Counts) -> u32 {
    let melds = melds_implied(counts);
    let grouped = Grouped::new(shapes, counts, melds);
    let irregular = Irregular::of(counts);
    let regular_before = grouped.regular();
    let before = best_of(counts, melds, regular_before, irregular);
    // What each group must reach is worked out on its first draw.
    let mut needs: [Option<Needs>; 4] = [None, None, None, None];
    let irregular_below = if melds == 0 {
        irregular.lowered_by(counts, before)
    } else {
        0
    };
    // A tile far from every held one would only be a loose tile in any split, so it
    // leaves the regular count as it is (which may already be below: a tenpai on dead
    // waits drawing what gives it a live one); a tile near one changes only its own
    // suit's split.
    let near = near_held(counts);
    let far_below = if regular_before < before {
        ALL_KINDS
    } else {
        0
    };
    let has_four = counts.contains(&4);
    let mut hand = *counts;
    let mut accepted = 0;
    let mut asked = (near | irregular_below | far_below) & ALL_KINDS;
    while asked != 0 {
        let kind = asked.trailing_zeros() as usize;
        asked &= asked - 1;
        let left = 4u8.saturating_sub(hand[kind]).saturating_sub(seen[kind]);
        if left == 0 {
            continue;
        }
        let changed = (near >> kind & 1 == 1).then(|| grouped.changed(shapes, kind, true));
        let below = irregular_below >> kind & 1 == 1
            || changed.map_or(far_below != 0, |(g, frontier)| {
                needs[g]
                    .get_or_insert_with(|| grouped.needs(g, true, before))
                    .met_by(&frontier)
            });
        if !below {
            continue;
        }
        // Counting below is lowering the shanten unless the hand reaches what the count
        // takes for tenpai while waiting only on kinds it holds four of (see `best_of`);
        // that can only be from 1-shanten, with four of a kind in hand.
        let lowered = before != 1 || !(has_four || hand[kind] == 3) || {
            let irregular_after = irregular.drawn(&hand, kind);
            hand[kind] += 1;
            let regular = changed.map_or(regular_before, |(g, frontier)| {
                grouped.regular_with(g, &frontier)
            });
            let lowered = best_of(&hand, melds, regular, irregular_after) < before;
            hand[kind] -= 1;
            lowered
        };
        if lowered {
            accepted += u32::from(left);
        }
    }
    accepted
}

/// Every kind, as a set.
const ALL_KINDS: KindSet = (1 << Kind::COUNT) - 1;

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

    /// The kinds of which one more tile would bring seven pairs or thirteen orphans
    /// below `below`, these being the counts of the 3n+1 tiles `counts`.
    fn lowered_by(self, counts: &Counts, below: i8) -> KindSet {
        let (seven_pairs, orphans) = (self.seven_pairs(), self.thirteen_orphans());
        if seven_pairs.min(orphans) < below {
            return ALL_KINDS;
        }
        let (mut once, mut absent) = (0, 0);
        for (kind, &held) in counts.iter().enumerate() {
            once |= KindSet::from(held == 1) << kind;
            absent |= KindSet::from(held == 0) << kind;
        }
        let mut lowered = 0;
        // A second tile of a kind makes a pair; a new kind counts while fewer than seven.
        if seven_pairs - 1 < below {
            lowered |= once | if self.kinds < 7 { absent } else { 0 };
        }
        // A missing terminal or honour, or the first pair among them.
        if orphans - 1 < below {
            let pairing = if self.orphan_paired { 0 } else { once };
            lowered |= (absent | pairing) & TERMINAL_AND_HONOR_SET;
        }
        lowered
    }

    /// The better of seven pairs and thirteen orphans.
    fn best(self) -> i8 {
        self.seven_pairs().min(self.thirteen_orphans())
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
