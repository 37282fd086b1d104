//! Hand analysis on tile counts: complete hands, shanten, waits, tile acceptance.
//!
//! Everything here works on [`Counts`] (tiles per kind) rather than physical tiles,
//! because none of these questions depends on which copy of a kind is held. The
//! functions the game and the CPU players call in their inner loops ([`shanten`],
//! [`waits`], [`is_complete`], [`ukeire`], [`best_discards`]) never allocate: the
//! splits of suit shapes they meet are kept in a cache each thread makes once (the
//! `shapes` module). Scoring reuses the decompositions of the `decompose` module to
//! try every reading of a winning hand.
//!
//! The signatures of `shanten`, `waits`, `is_complete` and `contains` are the contract
//! the game engine and the bots code against.

mod acceptance;
mod complete;
pub(crate) mod decompose;
mod grouped;
mod irregular;
mod regular;
mod shanten;
mod shapes;

use crate::tile::{Counts, Kind};

pub use acceptance::{best_discards, ukeire, waits};
pub use complete::is_complete;
pub(crate) use complete::{is_seven_pairs, is_thirteen_orphans};
pub use shanten::shanten;

/// A set of kinds as a bit mask (bit `k` for kind `k`).
pub type KindSet = u64;

/// Every kind, as a set.
pub(crate) const ALL_KINDS: KindSet = (1 << Kind::COUNT) - 1;

/// Whether `kind` is in `set`.
pub fn contains(set: KindSet, kind: Kind) -> bool {
    set >> kind.index() & 1 == 1
}

/// The 13 terminal and honour kinds (1 and 9 of each suit, winds, dragons), the kinds
/// thirteen orphans is made of.
pub(crate) const TERMINALS_AND_HONORS: [usize; 13] =
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// [`TERMINALS_AND_HONORS`] as a set.
pub(crate) const TERMINAL_AND_HONOR_SET: KindSet = {
    let mut set = 0;
    let mut i = 0;
    while i < TERMINALS_AND_HONORS.len() {
        set |= 1 << TERMINALS_AND_HONORS[i];
        i += 1;
    }
    set
};

/// The three suits and the honours, as (first kind, number of kinds): no set spans two
/// of them.
pub(crate) const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 9), (18, 9), (27, 7)];

/// The kinds held and the numbered kinds within two of a held one in its suit: the
/// only kinds that can join a held tile in a set (an honour only makes sets with its
/// own kind).
pub(crate) fn near_held(counts: &Counts) -> KindSet {
    let held = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .fold(0, |set: KindSet, (k, _)| set | 1 << k);
    GROUPS[..3].iter().fold(held, |near, &(start, len)| {
        let suit = ((1 << len) - 1) << start;
        let held = held & suit;
        near | (held | held << 1 | held << 2 | held >> 1 | held >> 2) & suit
    })
}

/// Total number of tiles in `counts`.
pub(crate) fn tile_count(counts: &[u8]) -> u32 {
    counts.iter().map(|&c| u32::from(c)).sum()
}
