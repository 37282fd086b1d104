//! Seven pairs and thirteen orphans, counted like the regular shanten: what a hand
//! holds of each, kept so that a hand a tile larger is counted without looking at every
//! kind again.

use super::{KindSet, ALL_KINDS, TERMINALS_AND_HONORS, TERMINAL_AND_HONOR_SET};
use crate::tile::Counts;

/// What seven pairs and thirteen orphans count of a hand, kept so that a hand one tile
/// larger (tile acceptance asks up to 34 of them) is counted without looking at every
/// kind again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Irregular {
    /// Kinds held twice or more, and kinds held at all.
    pairs: i8,
    kinds: i8,
    /// Terminal and honour kinds held, and those held twice or more.
    orphans: i8,
    orphan_pairs: i8,
}

impl Irregular {
    pub fn of(counts: &Counts) -> Irregular {
        Irregular {
            pairs: counts.iter().filter(|&&c| c >= 2).count() as i8,
            kinds: counts.iter().filter(|&&c| c >= 1).count() as i8,
            orphans: TERMINALS_AND_HONORS
                .iter()
                .filter(|&&k| counts[k] >= 1)
                .count() as i8,
            orphan_pairs: TERMINALS_AND_HONORS
                .iter()
                .filter(|&&k| counts[k] >= 2)
                .count() as i8,
        }
    }

    /// The counts once a tile of `kind` joins `counts` (the hand these counts are of).
    pub fn drawn(self, counts: &Counts, kind: usize) -> Irregular {
        let held = counts[kind];
        let orphan = TERMINALS_AND_HONORS.contains(&kind);
        Irregular {
            pairs: self.pairs + i8::from(held == 1),
            kinds: self.kinds + i8::from(held == 0),
            orphans: self.orphans + i8::from(orphan && held == 0),
            orphan_pairs: self.orphan_pairs + i8::from(orphan && held == 1),
        }
    }

    /// The counts once a tile of `kind` leaves `counts` (the hand these counts are of,
    /// which holds one).
    pub fn discarded(self, counts: &Counts, kind: usize) -> Irregular {
        let held = counts[kind];
        let orphan = TERMINALS_AND_HONORS.contains(&kind);
        Irregular {
            pairs: self.pairs - i8::from(held == 2),
            kinds: self.kinds - i8::from(held == 1),
            orphans: self.orphans - i8::from(orphan && held == 1),
            orphan_pairs: self.orphan_pairs - i8::from(orphan && held == 2),
        }
    }

    /// The kinds of which one more tile would bring seven pairs or thirteen orphans
    /// below `below`, these being the counts of the 3n+1 tiles `counts`.
    pub fn lowered_by(self, counts: &Counts, below: i8) -> KindSet {
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
            let pairing = if self.orphan_pairs > 0 { 0 } else { once };
            lowered |= (absent | pairing) & TERMINAL_AND_HONOR_SET;
        }
        lowered
    }

    /// The better of seven pairs and thirteen orphans.
    pub fn best(self) -> i8 {
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
        13 - self.orphans - i8::from(self.orphan_pairs > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Irregular;
    use crate::tile::{Counts, Kind};

    /// Pairs, a triplet, terminals, an honour pair and singles.
    fn mixed() -> Counts {
        let mut counts: Counts = [0; Kind::COUNT];
        for (kind, held) in [(0, 2), (4, 3), (8, 1), (9, 1), (27, 2), (31, 1), (33, 4)] {
            counts[kind] = held;
        }
        counts
    }

    /// Six pairs and a single: one tile from seven pairs.
    fn six_pairs() -> Counts {
        let mut counts: Counts = [0; Kind::COUNT];
        for kind in [0, 5, 10, 15, 20, 27] {
            counts[kind] = 2;
        }
        counts[33] = 1;
        counts
    }

    /// Twelve terminal and honour kinds, none paired, and a middle tile.
    fn orphans() -> Counts {
        let mut counts: Counts = [0; Kind::COUNT];
        for kind in [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 4] {
            counts[kind] = 1;
        }
        counts
    }

    #[test]
    fn the_draws_that_lower_are_those_that_count_lower_once_drawn() {
        for counts in [mixed(), six_pairs(), orphans()] {
            let irregular = Irregular::of(&counts);
            for below in -1..=7 {
                let lowered = irregular.lowered_by(&counts, below);
                for kind in 0..Kind::COUNT {
                    let drawn = irregular.drawn(&counts, kind);
                    assert_eq!(
                        lowered >> kind & 1 == 1,
                        drawn.best() < below,
                        "kind {kind} below {below} of {counts:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_discarded_tile_counts_as_the_whole_hand_counted_again() {
        for counts in [mixed(), six_pairs(), orphans()] {
            for kind in 0..Kind::COUNT {
                if counts[kind] > 0 {
                    let discarded = Irregular::of(&counts).discarded(&counts, kind);
                    let mut after = counts;
                    after[kind] -= 1;
                    assert_eq!(discarded, Irregular::of(&after), "discarding kind {kind}");
                }
            }
        }
    }

    #[test]
    fn a_drawn_tile_counts_as_the_whole_hand_counted_again() {
        let counts = mixed();
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
