//! Complete hands.
//!
//! Completeness only needs a yes or no, so unlike scoring it does not list every
//! reading: in a suit, the lowest kind's tiles are either triplets or the starts of
//! runs, and taking the triplets first never loses a split (three runs from the same
//! kind are the same tiles as three triplets), so one linear pass decides each suit.

use super::{tile_count, GROUPS, TERMINALS_AND_HONORS};
use crate::tile::Counts;

/// Whether the 3n+2 tiles in `counts` form a complete hand in any shape: sets and a
/// pair, or (with 14 tiles) seven different pairs or thirteen orphans.
pub fn is_complete(counts: &Counts) -> bool {
    let tiles = tile_count(counts);
    if tiles % 3 != 2 {
        return false;
    }
    if tiles == 14 && (is_seven_pairs(counts) || is_thirteen_orphans(counts)) {
        return true;
    }
    is_sets_and_pair(counts)
}

/// Seven different pairs (Tenhou does not count four of a kind as two pairs).
pub(crate) fn is_seven_pairs(counts: &Counts) -> bool {
    counts.iter().filter(|&&c| c == 2).count() == 7
}

/// One of each terminal and honour kind and a second of one of them (for 14 tiles).
pub(crate) fn is_thirteen_orphans(counts: &Counts) -> bool {
    TERMINALS_AND_HONORS.iter().all(|&k| counts[k] >= 1)
        && TERMINALS_AND_HONORS.iter().map(|&k| counts[k]).sum::<u8>() == 14
}

/// Sets and one pair. Only the group with 3k+2 tiles can hold the pair; every other
/// group must split into sets on its own.
fn is_sets_and_pair(counts: &Counts) -> bool {
    let mut pair_group = None;
    for (g, &(start, len)) in GROUPS.iter().enumerate() {
        match tile_count(&counts[start..start + len]) % 3 {
            0 => {}
            2 if pair_group.is_none() => pair_group = Some(g),
            _ => return false,
        }
    }
    let Some(pair_group) = pair_group else {
        return false;
    };
    let all_others_split = GROUPS
        .iter()
        .enumerate()
        .all(|(g, &(start, len))| g == pair_group || splits_into_sets(&counts[start..start + len]));
    if !all_others_split {
        return false;
    }
    let (start, len) = GROUPS[pair_group];
    (0..len).any(|k| {
        let mut group = [0u8; 9];
        group[..len].copy_from_slice(&counts[start..start + len]);
        if group[k] < 2 {
            return false;
        }
        group[k] -= 2;
        splits_into_sets(&group[..len])
    })
}

/// Whether one group (a suit of 9 kinds, or the 7 honours, which make no runs) splits
/// into sets only.
fn splits_into_sets(group: &[u8]) -> bool {
    let numbered = group.len() == 9;
    let mut left = [0u8; 9];
    left[..group.len()].copy_from_slice(group);
    for i in 0..group.len() {
        let runs = left[i] % 3;
        if runs == 0 {
            continue;
        }
        if !numbered || i + 2 >= group.len() || left[i + 1] < runs || left[i + 2] < runs {
            return false;
        }
        left[i + 1] -= runs;
        left[i + 2] -= runs;
    }
    true
}
