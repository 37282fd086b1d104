//! Every way to read concealed tiles as one pair and sets.
//!
//! Scoring must try each reading, since the same tiles can score differently (three
//! runs or three triplets, a pair here or there). The readings are handed to a
//! callback one at a time, so listing them allocates nothing.

use crate::tile::{Counts, Kind};

/// A concealed set, by its lowest kind's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Set {
    /// Three consecutive numbers of one suit starting at this kind.
    Run(usize),
    /// Three of this kind.
    Triplet(usize),
}

/// One reading: the pair's kind and up to four sets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decomposition {
    /// The kind of the pair.
    pub pair: usize,
    sets: [Set; 4],
    len: usize,
}

impl Decomposition {
    /// The sets, lowest kinds first.
    pub fn sets(&self) -> &[Set] {
        &self.sets[..self.len]
    }
}

/// Calls `visit` once for each distinct reading of the 3n+2 tiles in `counts` as a
/// pair and n sets (n at most 4).
pub(crate) fn for_each_decomposition(counts: &Counts, mut visit: impl FnMut(&Decomposition)) {
    for pair in 0..Kind::COUNT {
        if counts[pair] < 2 {
            continue;
        }
        let mut left = *counts;
        left[pair] -= 2;
        let mut reading = Decomposition {
            pair,
            sets: [Set::Run(0); 4],
            len: 0,
        };
        split(&mut left, 0, &mut reading, &mut visit);
    }
}

/// Splits what is left into sets. The lowest kind left must begin a triplet or a run;
/// trying both there, and only there, finds every split exactly once.
fn split(
    left: &mut Counts,
    from: usize,
    reading: &mut Decomposition,
    visit: &mut impl FnMut(&Decomposition),
) {
    let Some(i) = (from..Kind::COUNT).find(|&k| left[k] > 0) else {
        visit(reading);
        return;
    };
    if reading.len == reading.sets.len() {
        return;
    }
    if left[i] >= 3 {
        left[i] -= 3;
        reading.sets[reading.len] = Set::Triplet(i);
        reading.len += 1;
        split(left, i, reading, visit);
        reading.len -= 1;
        left[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && left[i + 1] > 0 && left[i + 2] > 0 {
        for count in &mut left[i..i + 3] {
            *count -= 1;
        }
        reading.sets[reading.len] = Set::Run(i);
        reading.len += 1;
        split(left, i, reading, visit);
        reading.len -= 1;
        for count in &mut left[i..i + 3] {
            *count += 1;
        }
    }
}
