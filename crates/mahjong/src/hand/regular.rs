//! Regular-hand shanten (four sets and a pair) by the usual count
//! `8 - 2*sets - partials - pair`, where at most `4 - sets` partial sets count (more
//! cannot all become sets), maximised over every way to split the tiles.
//!
//! The three suits and the honours cannot share a set, so each group is split on its
//! own (the `shapes` module, which keeps the splits it made) into a [`Frontier`]: the
//! most partial sets it reaches for each number of sets, with the pair or without. This
//! module is the algebra of frontiers: the ways a group's lowest kind can start its
//! blocks and what each adds to the split of the rest ([`starts`], [`after_start`]),
//! two groups taken together ([`combine`]), the count of a whole hand ([`shanten_of`]),
//! and what one group must reach for the hand to count lower while the others stay
//! ([`Needs`]). The `grouped` module puts them to work on a hand.

/// The most partial sets one group (or several) can reach: `frontier[pair][sets]` for
/// `pair` pairs set aside as the head (0 or 1) and `sets` complete sets (capped at 4);
/// -1 if no split reaches it. Partial sets are capped at 4, the most that can count.
/// What a row reaches is always a run from no sets up (a split with a set is also one
/// with that set taken as a partial set and a loose tile), so a row ends at its first
/// -1.
pub(super) type Frontier = [[i8; 5]; 2];

/// The frontier of no split at all.
pub(super) const UNREACHED: Frontier = [[-1; 5]; 2];

/// The frontier of nothing: no sets, no partial sets, no pair.
pub(super) const NOTHING: Frontier = {
    let mut frontier = UNREACHED;
    frontier[0][0] = 0;
    frontier
};

/// The count `8 - 2*sets - partials - pair` at its best over `total`, with `melds` sets
/// called and partial sets beyond `4 - sets` not counted.
pub(super) fn shanten_of(total: &Frontier, melds: i8) -> i8 {
    let mut best = 8;
    for (pair, row) in total.iter().enumerate() {
        for (sets, &partial) in row.iter().enumerate() {
            if partial < 0 {
                continue;
            }
            let sets = (sets as i8 + melds).min(4);
            let partial = partial.min(4 - sets);
            best = best.min(8 - 2 * sets - partial - pair as i8);
        }
    }
    best
}

/// What one group must reach for the whole hand to count below some shanten while the
/// other groups stay as they are: at each (pair, sets), the fewest partial sets the
/// group must find. Tile acceptance asks this of every tile drawn into the group, so
/// the other groups are looked at once (in [`Needs::new`]) rather than for every draw.
///
/// The ten needs are kept one byte each, one more than the need (6 where no number of
/// partial sets is enough), so that [`Needs::met_by`] compares all ten at once.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Needs {
    packed: u128,
}

/// The top bit of each of a packed frontier's ten bytes.
const TOP_BITS: u128 = 0x8080_8080_8080_8080_8080;

impl Needs {
    /// What a group that can make at most `most_sets` sets must reach, beside the
    /// `others` combined and `melds` sets called, for the hand's regular count to be
    /// below `below`. (Beyond `most_sets` the group reaches nothing, so nothing is
    /// worked out there.)
    pub fn new(others: &Frontier, melds: i8, below: i8, most_sets: usize) -> Needs {
        let mut need = [[5i8; 5]; 2];
        for (their_pair, row) in others.iter().enumerate() {
            for (their_sets, &theirs) in row.iter().enumerate() {
                if theirs < 0 {
                    break;
                }
                for (pair, need) in need.iter_mut().enumerate().take(2 - their_pair) {
                    for (sets, need) in need.iter_mut().enumerate().take(most_sets + 1) {
                        let total_sets = (sets as i8 + their_sets as i8 + melds).min(4);
                        // Below `below` once the partial sets that count exceed this.
                        let over = 8 - 2 * total_sets - (pair + their_pair) as i8 - below;
                        let fewest = if over < 0 {
                            0
                        } else if 4 - total_sets > over {
                            (over + 1 - theirs).max(0)
                        } else {
                            continue;
                        };
                        *need = (*need).min(fewest);
                    }
                }
            }
        }
        Needs {
            packed: packed(&need),
        }
    }

    /// Whether the group's `frontier` brings the hand below the count asked for: some
    /// entry reaches its need. Each byte of `frontier + 1 + 0x80 - (need + 1)` keeps
    /// its top bit exactly when the entry reaches the need, and never borrows.
    pub fn met_by(&self, frontier: &Frontier) -> bool {
        ((packed(frontier) | TOP_BITS) - self.packed) & TOP_BITS != 0
    }
}

/// The low seven bits of each of a packed frontier's ten bytes.
const LOW_BITS: u128 = 0x7f7f_7f7f_7f7f_7f7f_7f7f;

/// One in each of a packed frontier's ten bytes.
const ONES: u128 = 0x0101_0101_0101_0101_0101;

/// A frontier (or needs) one byte an entry, each one more than the entry: the ten
/// bytes as they lie, each added one to at once. An entry is -1 to 5, so adding one to
/// its low seven bits never carries into the next byte, and its top bit (set only for
/// -1, `0xff`) flips back off.
pub(super) fn packed(frontier: &Frontier) -> u128 {
    let mut bytes = [0u8; 16];
    for (byte, &entry) in bytes.iter_mut().zip(frontier.as_flattened()) {
        *byte = entry as u8;
    }
    let raw = u128::from_le_bytes(bytes);
    ((raw & LOW_BITS) + ONES) ^ (raw & TOP_BITS)
}

/// One way to use the tiles of a group's lowest kind: what it makes, and how many tiles
/// it leaves of the next two kinds (runs and partial runs take some).
pub(super) struct Start {
    /// Whether it sets the pair aside as the head.
    pub head: bool,
    /// Sets made (a triplet and runs).
    pub sets: u8,
    /// Partial sets made (partial runs, and pairs that are not the head).
    pub partials: u8,
    /// Tiles left of the next kind and of the one after.
    pub next: u8,
    pub later: u8,
}

/// Every way worth trying to use `here` tiles of a group's lowest kind, with `next`
/// and `later` tiles of the next two kinds (`numbered`: runs and partial runs allowed):
/// a triplet or not, some runs, the head or not, partial runs to the next kind and to
/// the one after, then as many pairs of what is left as partial sets (more partial
/// sets never hurt; the rest is loose). The tiles of the lowest kind can only be in
/// blocks that start there, so the rest of the group is split on its own after.
pub(super) fn starts(here: u8, next: u8, later: u8, numbered: bool, mut each: impl FnMut(Start)) {
    for triplets in 0..=u8::from(here >= 3) {
        let here = here - 3 * triplets;
        let most_runs = if numbered {
            here.min(next).min(later)
        } else {
            0
        };
        for runs in 0..=most_runs {
            let here = here - runs;
            for heads in 0..=u8::from(here >= 2) {
                let here = here - 2 * heads;
                let most_close = if numbered { here.min(next - runs) } else { 0 };
                for close in 0..=most_close {
                    let here = here - close;
                    let most_gapped = if numbered { here.min(later - runs) } else { 0 };
                    for gapped in 0..=most_gapped {
                        each(Start {
                            head: heads == 1,
                            sets: triplets + runs,
                            partials: (here - gapped) / 2 + close + gapped,
                            next: next - runs - close,
                            later: later - runs - gapped,
                        });
                    }
                }
            }
        }
    }
}

/// The frontier of a group from the frontier `rest` of what a `start` leaves: the
/// start's blocks added to every split of the rest.
pub(super) fn after_start(start: &Start, rest: &Frontier, into: &mut Frontier) {
    let head = usize::from(start.head);
    for (pair, row) in rest.iter().enumerate().take(2 - head) {
        for (sets, &partials) in row.iter().enumerate() {
            if partials < 0 {
                continue;
            }
            let slot = &mut into[pair + head][(sets + usize::from(start.sets)).min(4)];
            *slot = (*slot).max((partials + start.partials as i8).min(4));
        }
    }
}

/// The best outcomes of two disjoint groups of kinds taken together.
pub(super) fn combine(a: &Frontier, b: &Frontier) -> Frontier {
    let mut out = UNREACHED;
    for pa in 0..2 {
        for pb in 0..2 - pa {
            for (sa, &ta) in a[pa].iter().enumerate() {
                if ta < 0 {
                    break;
                }
                for (sb, &tb) in b[pb].iter().enumerate() {
                    if tb < 0 {
                        break;
                    }
                    let slot = &mut out[pa + pb][(sa + sb).min(4)];
                    *slot = (*slot).max((ta + tb).min(4));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{combine, shanten_of, Frontier, Needs, UNREACHED};
    use proptest::prelude::*;

    /// A frontier as splits make them: each row reached from no sets up to some number,
    /// with at most four partial sets.
    fn frontier() -> impl Strategy<Value = Frontier> {
        let row = (0..=5usize, prop::array::uniform5(0..=4i8));
        (row.clone(), row).prop_map(|rows| {
            let mut frontier = UNREACHED;
            for (pair, (reached, partials)) in [rows.0, rows.1].into_iter().enumerate() {
                frontier[pair][..reached].copy_from_slice(&partials[..reached]);
            }
            frontier
        })
    }

    proptest! {
        #[test]
        fn needs_are_met_exactly_when_the_hand_counts_below(
            others in frontier(),
            group in frontier(),
            melds in 0..=4i8,
            below in -1..=8i8,
        ) {
            let counted = shanten_of(&combine(&others, &group), melds);
            let needs = Needs::new(&others, melds, below, 4);
            prop_assert_eq!(needs.met_by(&group), counted < below);
        }
    }
}
