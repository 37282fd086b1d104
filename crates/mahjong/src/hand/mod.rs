//! Hand analysis on tile counts: complete hands, shanten, waits, tile acceptance.
//!
//! Everything here works on [`Counts`] (tiles per kind) rather than physical tiles,
//! because none of these questions depends on which copy of a kind is held. The
//! functions the CPU players call in their inner loops ([`shanten`], [`waits`],
//! [`is_complete`], [`ukeire`]) never allocate. Scoring reuses the decompositions of
//! [`decompose`] to try every reading of a winning hand.
//!
//! The signatures of `shanten`, `waits`, `is_complete` and `contains` are the contract
//! the game engine and the bots code against.

mod complete;
pub(crate) mod decompose;
mod regular;
mod shanten;

use crate::tile::Kind;

pub use complete::{is_complete, waits};
pub(crate) use complete::{is_seven_pairs, is_thirteen_orphans};
pub use shanten::{shanten, ukeire};

/// A set of kinds as a bit mask (bit `k` for kind `k`).
pub type KindSet = u64;

/// Whether `kind` is in `set`.
pub fn contains(set: KindSet, kind: Kind) -> bool {
    set >> kind.index() & 1 == 1
}

/// The 13 terminal and honour kinds (1 and 9 of each suit, winds, dragons), the kinds
/// thirteen orphans is made of.
pub(crate) const TERMINALS_AND_HONORS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Total number of tiles in `counts`.
pub(crate) fn tile_count(counts: &[u8]) -> u32 {
    counts.iter().map(|&c| u32::from(c)).sum()
}
