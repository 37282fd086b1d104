//! Which draws lower a hand's count: tile acceptance (ukeire, how many tiles that lower
//! the shanten are left), which a tile-efficiency player asks of every discard it
//! weighs, and waits (the draws that complete a hand), which the game asks after every
//! discard.

use super::grouped::{group_of, regular_count, Grouped};
use super::irregular::Irregular;
use super::regular::{Frontier, Needs, UNREACHED};
use super::shanten::{best_of, counted, melds_implied};
use super::shapes::{self, Shapes};
use super::{near_held, tile_count, KindSet, GROUPS};
use crate::tile::{Counts, Kind};
use arrayvec::ArrayVec;

/// Kinds that would complete the 3n+1 tiles in `counts`. A kind of which the hand
/// already holds all four does not count (Tenhou treats such a wait as no wait).
pub fn waits(counts: &Counts) -> KindSet {
    shapes::with(|shapes| waits_in(shapes, counts))
}

/// [`waits`] with the thread's cache of splits in hand: the draws that bring the count
/// below tenpai, of a hand the count puts at tenpai (most hands are further away, and
/// no tile completes them).
pub(super) fn waits_in(shapes: &mut Shapes, counts: &Counts) -> KindSet {
    if tile_count(counts) % 3 != 1 {
        return 0;
    }
    let melds = melds_implied(counts);
    let regular = regular_count(shapes, counts, melds);
    if counted(melds, regular, Irregular::of(counts)) != 0 {
        return 0;
    }
    Draws::of(shapes, counts).below(shapes, 0)
}

/// Tile acceptance of the 3n+1 tiles in `counts`: how many tiles not yet accounted
/// for would lower the shanten if drawn. A kind counts with `4 - counts - seen` tiles
/// (never below zero), where `seen` holds the tiles visible elsewhere (discards, melds,
/// dora indicators), not the hand itself.
pub fn ukeire(counts: &Counts, seen: &Counts) -> u32 {
    shapes::with(|shapes| {
        let lowering = lowering::remembered(counts, || lowering_draws(shapes, counts));
        accepted(lowering, counts, seen)
    })
}

/// The discards among `candidates` (kinds held in the 3n+2 tiles `counts`) that leave
/// the lowest shanten, each once with the [`ukeire`] of the hand it leaves: what a
/// tile-efficiency player weighs. Asked together, the discards share the split of the
/// hand they are made from.
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
        let irregular = Irregular::of(counts);
        let mut needs: [Option<Needs>; 4] = [None, None, None, None];
        let mut left: ArrayVec<Left, 14> = ArrayVec::new();
        for &kind in candidates {
            let index = kind.index();
            if counts[index] == 0 || left.iter().any(|l| l.kind == kind) {
                continue;
            }
            let mut after = *counts;
            after[index] -= 1;
            let (g, frontier) = grouped.changed(shapes, index, false);
            let kept = needs[g]
                .get_or_insert_with(|| grouped.needs(shapes, g, false, regular + 1))
                .met_by(&frontier);
            let hand = Draws {
                counts: after,
                melds,
                grouped: None,
                regular: regular + i8::from(!kept),
                irregular: irregular.discarded(counts, index),
            };
            let shanten = best_of(shapes, &after, melds, hand.regular, hand.irregular);
            left.push(Left {
                kind,
                frontier,
                hand,
                shanten,
            });
        }
        let Some(best) = left.iter().map(|l| l.shanten).min() else {
            return ArrayVec::new();
        };
        let mut across = Across::new(best);
        left.into_iter()
            .filter(|l| l.shanten == best)
            .map(|mut l| {
                let index = l.kind.index();
                let counts = l.hand.counts;
                let lowering = lowering::remembered(&counts, || {
                    l.hand.grouped = Some(grouped.discarded(index, l.frontier));
                    across.changed = group_of(index).0;
                    l.hand.lowering(shapes, &mut across)
                });
                (l.kind, accepted(lowering, &counts, seen))
            })
            .collect()
    })
}

/// A discard weighed by [`best_discards`]: the hand it leaves, its count, and the
/// frontier of the group it was taken from.
struct Left {
    kind: Kind,
    frontier: Frontier,
    hand: Draws,
    shanten: i8,
}

/// How many tiles not yet accounted for are of the kinds `lowering` (see [`ukeire`]).
fn accepted(mut lowering: KindSet, counts: &Counts, seen: &Counts) -> u32 {
    let mut accepted = 0;
    while lowering != 0 {
        let kind = lowering.trailing_zeros() as usize;
        lowering &= lowering - 1;
        accepted += u32::from(4u8.saturating_sub(counts[kind] + seen[kind]));
    }
    accepted
}

/// The kinds of which a tile drawn lowers the shanten of the 3n+1 tiles `counts`.
fn lowering_draws(shapes: &mut Shapes, counts: &Counts) -> KindSet {
    let hand = Draws::of(shapes, counts);
    let before = best_of(shapes, counts, hand.melds, hand.regular, hand.irregular);
    hand.lowering(shapes, &mut Across::new(before))
}

/// What the hands left by discards from one hand share when each is asked which draws
/// lower it below the same count (the lowest any discard leaves): a group the discard
/// did not touch has the same frontier with a tile drawn into it in all of them, and
/// the discard's own group must reach the same beside the same other groups whichever
/// of its tiles was let go. Two discards from one group that leave it the same
/// frontier (two loose tiles, say) leave hands whose draws into the other groups lower
/// them alike. A single hand asked on its own has an `Across` of its own.
struct Across {
    /// The count a draw must bring the hand below.
    mark: i8,
    /// The group the hand asked about now had a tile taken from (none: `GROUPS.len()`).
    changed: usize,
    /// The frontier of each kind's group with a tile of the kind drawn, where known,
    /// for the groups no discard touched when it was looked up.
    drawn: [Frontier; Kind::COUNT],
    known: KindSet,
    /// What a group must reach, with a tile drawn into it, once a tile of it was let go.
    own: [Option<Needs>; 4],
    /// By the group a discard came from and that group's frontier after it: the draws
    /// into the other groups that lower the regular count of the hand it leaves.
    beside: ArrayVec<(usize, Frontier, KindSet), 14>,
}

impl Across {
    fn new(mark: i8) -> Across {
        Across {
            mark,
            changed: GROUPS.len(),
            drawn: [UNREACHED; Kind::COUNT],
            known: 0,
            own: [None, None, None, None],
            beside: ArrayVec::new(),
        }
    }
}

/// The draws that lower the hands asked about lately, per thread: which draws lower a
/// hand does not depend on what the table has seen (only how many of them are left
/// does), and a player's hand after discarding the tile it drew is the hand it had
/// before the draw, asked about last turn.
///
/// A hand's counts pack into a key of three bits a kind (102 bits); the memo is
/// direct-mapped, `SLOTS` entries (64 KB) made on a thread's first use.
mod lowering {
    use super::KindSet;
    use crate::tile::Counts;
    use std::cell::RefCell;

    const SLOTS: usize = 2048;

    type Slots = Box<[(u128, KindSet); SLOTS]>;

    thread_local! {
        static MEMO: RefCell<Option<Slots>> = const { RefCell::new(None) };
    }

    /// The draws that lower `counts`, remembered or from `work`.
    pub(super) fn remembered(counts: &Counts, work: impl FnOnce() -> KindSet) -> KindSet {
        let key = counts.iter().rev().fold(0u128, |key, &count| {
            debug_assert!(count <= 4, "four tiles of a kind at most");
            key << 3 | u128::from(count.min(4))
        });
        // An empty hand is never asked about, so no key is 0, the mark of an empty slot.
        debug_assert!(key != 0, "an empty hand has no draws to weigh");
        let folded = (key as u64) ^ (key >> 64) as u64;
        let slot =
            (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize;
        let known = MEMO.with(|memo| {
            let memo = memo.borrow();
            memo.as_ref()
                .map(|slots| slots[slot])
                .filter(|&(tag, _)| tag == key)
                .map(|(_, lowering)| lowering)
        });
        if let Some(lowering) = known {
            return lowering;
        }
        let lowering = work();
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            let slots = memo.get_or_insert_with(|| {
                vec![(0, 0); SLOTS]
                    .into_boxed_slice()
                    .try_into()
                    .expect("SLOTS entries")
            });
            slots[slot] = (key, lowering);
        });
        lowering
    }
}

/// A hand of 3n+1 tiles, for asking which draws lower its count.
pub(super) struct Draws {
    counts: Counts,
    melds: i8,
    /// Split group by group; `None` until asked (a discard weighed only for its count).
    grouped: Option<Grouped>,
    regular: i8,
    irregular: Irregular,
}

impl Draws {
    /// The hand of the 3n+1 tiles in `counts`.
    pub fn of(shapes: &mut Shapes, counts: &Counts) -> Draws {
        let melds = melds_implied(counts);
        let grouped = Grouped::new(shapes, counts, melds);
        Draws {
            counts: *counts,
            melds,
            regular: grouped.regular(),
            grouped: Some(grouped),
            irregular: Irregular::of(counts),
        }
    }

    /// The kinds of which a tile drawn lowers the shanten of the hand, `across.mark`.
    fn lowering(&self, shapes: &mut Shapes, across: &mut Across) -> KindSet {
        let before = across.mark;
        let below = self.below_across(shapes, across);
        // Counting below is lowering the shanten unless the hand reaches what the count
        // takes for tenpai while waiting only on kinds it holds four of (see `best_of`):
        // that can only be from 1-shanten, with four of a kind once the tile is drawn.
        if before != 1 {
            return below;
        }
        let grouped = self.grouped.as_ref().expect("split when asked");
        let counts = &self.counts;
        let has_four = counts.contains(&4);
        let mut lowering = below;
        let mut asked = below;
        while asked != 0 {
            let kind = asked.trailing_zeros() as usize;
            asked &= asked - 1;
            if has_four || counts[kind] == 3 {
                let mut drawn = *counts;
                drawn[kind] += 1;
                let (g, frontier) = grouped.changed(shapes, kind, true);
                let regular = grouped.regular_with(g, &frontier);
                let irregular = self.irregular.drawn(counts, kind);
                if best_of(shapes, &drawn, self.melds, regular, irregular) >= before {
                    lowering &= !(1 << kind);
                }
            }
        }
        lowering
    }

    /// The kinds (not held four times) of which one more tile brings the count below
    /// `mark`, as the counting formula sees it (waits are not looked at).
    pub fn below(&self, shapes: &mut Shapes, mark: i8) -> KindSet {
        self.below_across(shapes, &mut Across::new(mark))
    }

    /// [`Draws::below`] `across.mark`, with what hands asked before it share.
    fn below_across(&self, shapes: &mut Shapes, across: &mut Across) -> KindSet {
        let grouped = self.grouped.as_ref().expect("split when asked");
        let mark = across.mark;
        let drawable = (0..Kind::COUNT)
            .filter(|&kind| self.counts[kind] < 4)
            .fold(0, |set: KindSet, kind| set | 1 << kind);
        let mut lowering = if self.melds == 0 {
            self.irregular.lowered_by(&self.counts, mark)
        } else {
            0
        };
        // A tile far from every held one would only be a loose tile in any split, so
        // it leaves the regular count as it is (which may already be below: a tenpai
        // on dead waits drawing what gives it a live one); a tile near one changes only
        // its own suit's split.
        let near = near_held(&self.counts);
        if self.regular < mark {
            lowering |= !near;
        }
        // Draws into the groups the discard did not touch are answered as for an earlier
        // hand whose discard left its group the same, or asked in full to be kept so.
        let changed = across.changed;
        let (outside, left) = match GROUPS.get(changed) {
            Some(&(start, len)) => (!(((1 << len) - 1) << start), grouped.group(changed)),
            None => (0, UNREACHED),
        };
        let remembered = (across.beside.iter())
            .find(|&&(g, frontier, _)| g == changed && frontier == left)
            .map(|&(_, _, lowering)| lowering);
        let mut asked = near & drawable & !lowering;
        match remembered {
            Some(beside) => {
                lowering |= beside;
                asked &= !outside;
            }
            None => asked |= near & drawable & outside,
        }
        let mut regular_lowering = 0;
        // What each group must reach is worked out on its first draw.
        let mut needs: [Option<Needs>; 4] = [None, None, None, None];
        while asked != 0 {
            let kind = asked.trailing_zeros() as usize;
            asked &= asked - 1;
            let g = group_of(kind).0;
            let (frontier, need) = if g == across.changed {
                let frontier = grouped.changed(shapes, kind, true).1;
                let need = &mut across.own[g];
                (
                    frontier,
                    need.get_or_insert_with(|| grouped.needs(shapes, g, true, mark)),
                )
            } else {
                if across.known & 1 << kind == 0 {
                    across.drawn[kind] = grouped.changed(shapes, kind, true).1;
                    across.known |= 1 << kind;
                }
                let need = needs[g].get_or_insert_with(|| grouped.needs(shapes, g, true, mark));
                (across.drawn[kind], need)
            };
            if need.met_by(&frontier) {
                regular_lowering |= 1 << kind;
            }
        }
        if remembered.is_none() && outside != 0 {
            let _ = (across.beside).try_push((changed, left, regular_lowering & outside));
        }
        (lowering | regular_lowering) & drawable
    }
}
