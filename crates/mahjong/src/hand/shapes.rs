//! Splitting a group of kinds (a suit, or the honours) into sets, partial sets, the pair
//! and loose tiles, and the splits of group shapes met before, per thread: a
//! tile-efficiency player asks for the same few shapes over and over (tile acceptance
//! changes one kind at a time, and a hand changes by a tile a turn).
//!
//! A split is made from the lowest kind up: the tiles of the lowest kind can only be in
//! blocks that start there (a triplet, runs, the pair, partial sets, or loose), so each
//! way to use them is put beside the best splits of what is left, a smaller shape
//! looked up (or split) in turn. What is left is all that matters of the choices made so
//! far, so the cache stands in for the table of states a split would otherwise keep.
//!
//! A group's counts pack into a key of three bits a kind, the group's first kind lowest
//! ([`key`]), so that a tile more or less of one kind is one addition. A shape is a
//! key without its empty low kinds: where in the suit the tiles lie does not matter
//! (runs never wrap), so `3-4-5` and `6-7-8` share a slot. The cache is direct-mapped:
//! a shape goes to one slot, and a shape met there since replaces it. It is made on a
//! thread's first use and holds [`SLOTS`] entries (256 KB) for the thread's life,
//! whatever is played; nothing is allocated after.
//!
//! Beside it each thread remembers what a group must reach beside the others for a
//! hand to count lower ([`Needs`], [`NEEDS_SLOTS`] entries, 128 KB): a tile-efficiency
//! player asks it of every group a draw goes into, for every discard it weighs, and a
//! hand that changes by a tile a turn weighs its groups beside the same others again.

use super::regular::{after_start, packed, starts, Frontier, Needs, NOTHING, UNREACHED};
use super::GROUPS;
use crate::tile::Counts;
use std::cell::RefCell;

/// Slots in a thread's cache (a power of two).
const SLOTS: usize = 16384;

/// Bits a kind takes in a key: counts 0 to 4.
const BITS: u32 = 3;

/// The key of group `g` (see [`GROUPS`]) of `counts`.
pub(super) fn key(counts: &Counts, g: usize) -> u32 {
    let (start, len) = GROUPS[g];
    counts[start..start + len]
        .iter()
        .rev()
        .fold(0, |key, &count| {
            debug_assert!(count <= 4, "four tiles of a kind at most");
            key << BITS | u32::from(count.min(4))
        })
}

/// What a tile of the kind `offset` kinds into a group adds to the group's key.
pub(super) fn unit(offset: usize) -> u32 {
    1 << (BITS as usize * offset)
}

/// Slots in a thread's memo of needs (a power of two).
const NEEDS_SLOTS: usize = 4096;

/// A thread's cache of group splits, lent by [`with`], and its memo of what a group
/// must reach beside the others ([`Needs`]): a hand changes by a tile a turn, so the
/// other groups a group is weighed beside come round again.
pub(super) struct Shapes {
    slots: Box<[(u32, Frontier); SLOTS]>,
    needs: Box<[(u128, Needs); NEEDS_SLOTS]>,
}

impl Shapes {
    /// The frontier of the group `g` whose counts pack into `key`.
    pub fn frontier(&mut self, g: usize, key: u32) -> Frontier {
        self.of_counts(key, GROUPS[g].1 == 9)
    }

    /// [`Needs::new`], remembered. The key is the ten bytes of `others` with the other
    /// arguments in the three bytes above (each small and not negative) and the top bit
    /// set, so that no key is 0, the mark of an empty slot.
    pub fn needs(&mut self, others: &Frontier, melds: i8, below: i8, most_sets: usize) -> Needs {
        let asked = [melds, below + 1, most_sets as i8].map(|n| u128::from(n as u8));
        let key = packed(others) | asked[0] << 80 | asked[1] << 88 | asked[2] << 96 | 1 << 127;
        let folded = (key as u64) ^ (key >> 64) as u64;
        let slot =
            folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - NEEDS_SLOTS.trailing_zeros());
        let slot = slot as usize;
        if self.needs[slot].0 == key {
            return self.needs[slot].1;
        }
        let needs = Needs::new(others, melds, below, most_sets);
        self.needs[slot] = (key, needs);
        needs
    }

    /// The frontier of the counts packed in `key`, of a suit (`numbered`) or the
    /// honours.
    fn of_counts(&mut self, key: u32, numbered: bool) -> Frontier {
        let key = without_loose_singles(key, numbered);
        if key == 0 {
            return NOTHING;
        }
        let shape = key >> (key.trailing_zeros() / BITS * BITS);
        // A shape starts with a tile held, so no tag is 0, the mark of an empty slot.
        let tag = shape << 1 | u32::from(numbered);
        let slot = (tag.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize;
        if self.slots[slot].0 == tag {
            return self.slots[slot].1;
        }
        self.split_into(slot, tag, shape, numbered)
    }

    /// Splits a shape not in the cache and keeps it in `slot` under `tag` (out of line,
    /// so that a lookup of a shape met before saves no registers for it).
    #[inline(never)]
    fn split_into(&mut self, slot: usize, tag: u32, shape: u32, numbered: bool) -> Frontier {
        let frontier = self.split(shape, numbered);
        self.slots[slot] = (tag, frontier);
        frontier
    }

    /// Splits a shape: every way to use its lowest kind's tiles, each beside the best
    /// splits of what is left (from the cache, or split in turn; each step takes a kind
    /// off, so this goes nine deep at most).
    fn split(&mut self, shape: u32, numbered: bool) -> Frontier {
        let count = |at: u32| (shape >> (at * BITS) & ((1 << BITS) - 1)) as u8;
        let beyond = shape >> (3 * BITS) << (2 * BITS);
        let mut frontier = UNREACHED;
        starts(count(0), count(1), count(2), numbered, |start| {
            let rest = beyond | u32::from(start.later) << BITS | u32::from(start.next);
            let rest = self.of_counts(rest, numbered);
            after_start(&start, &rest, &mut frontier);
        });
        frontier
    }
}

/// The lowest bit of each kind's count in a key.
const LOW_BITS: u32 = 0o111_111_111;

/// `key` without its single tiles that can only be loose: an honour alone of its kind,
/// or a numbered tile with no other within two of it. Such a tile joins no set or
/// partial set, so the group's frontier is the same without it, and shapes that differ
/// only in them share a slot.
fn without_loose_singles(key: u32, numbered: bool) -> u32 {
    let held = (key | key >> 1 | key >> 2) & LOW_BITS;
    let singles = key & !(key >> 1) & !(key >> 2) & LOW_BITS;
    let loose = if numbered {
        let near = held << BITS | held << (2 * BITS) | held >> BITS | held >> (2 * BITS);
        singles & !near
    } else {
        singles
    };
    key & !loose
}

thread_local! {
    static CACHE: RefCell<Option<Shapes>> = const { RefCell::new(None) };
}

/// Runs `work` with this thread's cache, made on first use. `work` must not call
/// `with` again (the cache is lent once at a time).
pub(super) fn with<R>(work: impl FnOnce(&mut Shapes) -> R) -> R {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let shapes = cache.get_or_insert_with(|| Shapes {
            slots: vec![(0, UNREACHED); SLOTS]
                .into_boxed_slice()
                .try_into()
                .expect("SLOTS entries"),
            needs: vec![(0, Needs::default()); NEEDS_SLOTS]
                .into_boxed_slice()
                .try_into()
                .expect("NEEDS_SLOTS entries"),
        });
        work(shapes)
    })
}
