//! Regular-hand shanten (four sets and a pair) by the usual count
//! `8 - 2*sets - partials - pair`, where at most `4 - sets` partial sets count (more
//! cannot all become sets), maximised over every way to split the tiles.
//!
//! The three suits and the honours cannot share a set, so each is split on its own and
//! the results combined. Within a suit, a split is built kind by kind from the lowest:
//! everything that starts at a kind (a triplet, runs, the pair, partial sets, loose
//! tiles) only uses that kind and the next two. So once the blocks starting at a kind
//! are chosen, the future depends only on how many tiles are left of the next two kinds,
//! whether the pair is taken and how many sets there are; of the splits reaching the
//! same such state only the one with the most partial sets matters. Keeping just those
//! states makes the work grow with the number of kinds, not with the number of ways to
//! split (which explodes for a hand of one suit), and needs no precomputed table. Each
//! thread keeps the splits of the group shapes it met last (the `memo` module): a
//! tile-efficiency player asks for the same shapes many times a turn.

use super::GROUPS;
use crate::tile::Counts;

/// The most partial sets one group (or several) can reach: `frontier[pair][sets]` for
/// `pair` pairs set aside as the head (0 or 1) and `sets` complete sets (capped at 4);
/// -1 if no split reaches it. Partial sets are capped at 4, the most that can count.
type Frontier = [[i8; 5]; 2];

const UNREACHED: Frontier = [[-1; 5]; 2];

/// Regular-hand shanten of `counts` with `melds` sets already called.
pub(super) fn regular(counts: &Counts, melds: i8) -> i8 {
    let total = (0..GROUPS.len()).fold(NOTHING, |total, g| {
        combine(&total, &group_frontier(counts, g))
    });
    shanten_of(&total, melds)
}

/// The regular count of a hand kept per group, so that a hand differing in one kind
/// (one tile drawn, as tile acceptance asks up to 34 times) only has that kind's group
/// split again.
pub(super) struct OneKindChanged {
    melds: i8,
    /// Each group's frontier.
    groups: [Frontier; 4],
    /// For each group, the other three combined.
    others: [Frontier; 4],
}

impl OneKindChanged {
    /// Splits every group of `counts`, with `melds` sets already called.
    pub fn new(counts: &Counts, melds: i8) -> OneKindChanged {
        let groups = [0, 1, 2, 3].map(|g| group_frontier(counts, g));
        let others = [0, 1, 2, 3].map(|g| {
            (0..4)
                .filter(|&other| other != g)
                .fold(NOTHING, |total, other| combine(&total, &groups[other]))
        });
        OneKindChanged {
            melds,
            groups,
            others,
        }
    }

    /// The regular shanten of the hand it was made from.
    pub fn unchanged(&self) -> i8 {
        shanten_of(&combine(&self.others[0], &self.groups[0]), self.melds)
    }

    /// The regular shanten of `counts`, which differ from the hand it was made from
    /// only in `kind`.
    pub fn changed(&self, counts: &Counts, kind: usize) -> i8 {
        let g = GROUPS
            .iter()
            .position(|&(start, len)| (start..start + len).contains(&kind))
            .unwrap_or(GROUPS.len() - 1);
        let changed = group_frontier(counts, g);
        shanten_of(&combine(&self.others[g], &changed), self.melds)
    }
}

/// The count `8 - 2*sets - partials - pair` at its best over `total`, with `melds` sets
/// called and partial sets beyond `4 - sets` not counted.
fn shanten_of(total: &Frontier, melds: i8) -> i8 {
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

/// The frontier of nothing: no sets, no partial sets, no pair.
const NOTHING: Frontier = {
    let mut frontier = UNREACHED;
    frontier[0][0] = 0;
    frontier
};

/// The frontier of group `g` (see [`GROUPS`]) of `counts`.
fn group_frontier(counts: &Counts, g: usize) -> Frontier {
    let (start, len) = GROUPS[g];
    let group = &counts[start..start + len];
    // Kinds before the first tile held and after the last add nothing.
    let Some(first) = group.iter().position(|&c| c > 0) else {
        return NOTHING;
    };
    let last = group.iter().rposition(|&c| c > 0).unwrap_or(first);
    let shape = &group[first..=last];
    let numbered = len == 9;
    // The split's scratch layers (half a kilobyte each) are made only for a shape
    // not in the cache.
    memo::split_of(shape, numbered, || {
        split(shape, numbered, &mut [Layer::EMPTY, Layer::EMPTY])
    })
}

/// The splits of group shapes met before, per thread: a tile-efficiency player asks for
/// the same few shapes over and over (tile acceptance changes one kind at a time, and a
/// hand changes by a tile a turn), and splitting a suit is most of what it does.
///
/// A shape (a group's counts from its first tile held to its last; where in the suit it
/// lies does not matter, runs never wrap) packs into a key of 28 bits. The cache is
/// direct-mapped: a key goes to one slot, and a shape met there since replaces it. It is
/// made on a thread's first use and holds `SLOTS` entries (256 KB) for
/// the thread's life, whatever is played; nothing is allocated after.
mod memo {
    use super::Frontier;
    use std::cell::RefCell;

    /// Slots in a thread's cache (a power of two).
    pub(super) const SLOTS: usize = 16384;

    type Slots = Box<[(u32, Frontier); SLOTS]>;

    thread_local! {
        static CACHE: RefCell<Option<Slots>> = const { RefCell::new(None) };
    }

    /// The frontier of the group shape `shape` (no leading or trailing empty kind, at
    /// most nine kinds of at most four tiles), from the cache or from `split`.
    pub(super) fn split_of(
        shape: &[u8],
        numbered: bool,
        split: impl FnOnce() -> Frontier,
    ) -> Frontier {
        let key = shape.iter().rev().fold(0u32, |key, &count| {
            debug_assert!(count <= 4, "four tiles of a kind at most");
            key << 3 | u32::from(count.min(4))
        }) << 1
            | u32::from(numbered);
        // A shape starts with a tile held, so no key is 0, the mark of an empty slot.
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize;
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            let slots = cache.get_or_insert_with(|| {
                vec![(0, super::UNREACHED); SLOTS]
                    .into_boxed_slice()
                    .try_into()
                    .expect("SLOTS entries")
            });
            let (held, frontier) = &mut slots[slot];
            if *held != key {
                *frontier = split();
                *held = key;
            }
            *frontier
        })
    }
}

/// Where a split of a group stands before a kind: tiles left of this kind (`here`) and
/// of the next (`next`; runs started earlier may have used some), whether the pair is
/// taken, and the sets so far (capped at 4), packed into one index below 250.
#[derive(Clone, Copy)]
struct State {
    here: u8,
    next: u8,
    pair: u8,
    sets: u8,
}

impl State {
    const COUNT: usize = 5 * 5 * 2 * 5;

    fn index(self) -> usize {
        ((usize::from(self.here) * 5 + usize::from(self.next)) * 2 + usize::from(self.pair)) * 5
            + usize::from(self.sets)
    }

    fn from_index(index: usize) -> State {
        State {
            sets: (index % 5) as u8,
            pair: (index / 5 % 2) as u8,
            next: (index / 10 % 5) as u8,
            here: (index / 50) as u8,
        }
    }
}

/// The states reached before one kind, each with the most partial sets found for it.
struct Layer {
    partials: [i8; State::COUNT],
    live: [u8; State::COUNT],
    len: usize,
}

impl Layer {
    const EMPTY: Layer = Layer {
        partials: [-1; State::COUNT],
        live: [0; State::COUNT],
        len: 0,
    };

    fn offer(&mut self, state: State, partials: i8) {
        let index = state.index();
        let slot = &mut self.partials[index];
        if *slot < 0 {
            self.live[self.len] = index as u8;
            self.len += 1;
        }
        *slot = (*slot).max(partials.min(4));
    }

    /// Forgets every state, touching only those reached.
    fn clear(&mut self) {
        for &index in &self.live[..self.len] {
            self.partials[usize::from(index)] = -1;
        }
        self.len = 0;
    }
}

/// The frontier of one group of kinds: a suit (`numbered`: runs and partial runs
/// allowed) or the honours. `layers` are scratch space, left empty.
fn split(group: &[u8], numbered: bool, layers: &mut [Layer; 2]) -> Frontier {
    let count = |k: usize| group.get(k).map_or(0, |&c| c.min(4));
    let [mut now, mut after] = layers.each_mut();
    now.offer(
        State {
            here: count(0),
            next: count(1),
            pair: 0,
            sets: 0,
        },
        0,
    );
    for kind in 0..group.len() {
        let later = count(kind + 2);
        for &index in &now.live[..now.len] {
            let index = usize::from(index);
            let state = State::from_index(index);
            blocks_at(state, later, numbered, now.partials[index], after);
        }
        now.clear();
        std::mem::swap(&mut now, &mut after);
    }
    let mut frontier = UNREACHED;
    for &index in &now.live[..now.len] {
        let index = usize::from(index);
        let state = State::from_index(index);
        let slot = &mut frontier[usize::from(state.pair)][usize::from(state.sets)];
        *slot = (*slot).max(now.partials[index]);
    }
    now.clear();
    frontier
}

/// Every choice of blocks starting at the current kind from `state` (with `later`
/// tiles of the kind after next), offered to `after`: a triplet or not, some runs, the
/// pair or not, partial runs to the next kind and the one after, then as many pairs of
/// what is left as partial sets (more partial sets never hurt; the rest is loose).
fn blocks_at(state: State, later: u8, numbered: bool, partials: i8, after: &mut Layer) {
    let State {
        here,
        next,
        pair,
        sets,
    } = state;
    for triplets in 0..=u8::from(here >= 3) {
        let here = here - 3 * triplets;
        let most_runs = if numbered {
            here.min(next).min(later)
        } else {
            0
        };
        for runs in 0..=most_runs {
            let here = here - runs;
            for heads in 0..=u8::from(pair == 0 && here >= 2) {
                let here = here - 2 * heads;
                let most_close = if numbered { here.min(next - runs) } else { 0 };
                for close in 0..=most_close {
                    let here = here - close;
                    let most_gapped = if numbered { here.min(later - runs) } else { 0 };
                    for gapped in 0..=most_gapped {
                        let pairs = (here - gapped) / 2;
                        let reached = State {
                            here: next - runs - close,
                            next: later - runs - gapped,
                            pair: pair + heads,
                            sets: (sets + triplets + runs).min(4),
                        };
                        let found = (pairs + close + gapped) as i8;
                        after.offer(reached, partials + found);
                    }
                }
            }
        }
    }
}

/// The best outcomes of two disjoint groups of kinds taken together.
fn combine(a: &Frontier, b: &Frontier) -> Frontier {
    let mut out = UNREACHED;
    for pa in 0..2 {
        for pb in 0..2 - pa {
            for (sa, &ta) in a[pa].iter().enumerate() {
                if ta < 0 {
                    continue;
                }
                for (sb, &tb) in b[pb].iter().enumerate() {
                    if tb < 0 {
                        continue;
                    }
                    let slot = &mut out[pa + pb][(sa + sb).min(4)];
                    *slot = (*slot).max((ta + tb).min(4));
                }
            }
        }
    }
    out
}
