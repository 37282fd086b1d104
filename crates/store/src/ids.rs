//! Game ids for a recorder: the block in use and, for a store several servers share, the
//! next block, which the store thread fetches while this one still has ids left.
//!
//! Handing out an id never waits for the database: game actors take one as they start a
//! game. If the next block has not come when the current one runs out (the database was
//! unreachable for as many games as half a block), ids go on past the block; they may
//! then meet another node's, whose game the store refuses to start twice (logged, and
//! counted as refused), which a store that cannot be reached loses anyway.

use std::ops::Range;
use std::sync::{Mutex, PoisonError};

/// Ids left in a block when the next one is asked for, as a share of the block.
const ASK_AT_HALF: i64 = 2;

/// The ids of one recorder.
#[derive(Debug)]
pub(crate) struct Ids {
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    next: i64,
    end: i64,
    /// Ids left when the next block is to be asked for.
    low: i64,
    /// The next block, once fetched.
    spare: Option<Range<i64>>,
    /// A block has been asked for and has not come.
    asked: bool,
}

impl Ids {
    /// Ids from `block` on.
    pub fn new(block: Range<i64>) -> Ids {
        Ids {
            state: Mutex::new(State {
                next: block.start,
                end: block.end,
                low: (block.end - block.start) / ASK_AT_HALF,
                spare: None,
                asked: false,
            }),
        }
    }

    /// A new id, and whether the next block should be asked for now.
    pub fn take(&self) -> (i64, bool) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if s.next >= s.end {
            if let Some(spare) = s.spare.take() {
                s.next = spare.start;
                s.end = spare.end;
                s.low = (spare.end - spare.start) / ASK_AT_HALF;
            }
        }
        let id = s.next;
        s.next += 1;
        let ask = !s.asked && s.spare.is_none() && s.end.saturating_sub(s.next) <= s.low;
        s.asked |= ask;
        (id, ask)
    }

    /// The block asked for has come (`Some`), or could not be had (`None`: asked again
    /// at the next game).
    pub fn supply(&self, block: Option<Range<i64>>) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.asked = false;
        s.spare = block;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_block_is_asked_for_at_half_and_taken_at_the_end() {
        let ids = Ids::new(10..14);
        assert_eq!(ids.take(), (10, false));
        assert_eq!(ids.take(), (11, true));
        assert_eq!(ids.take(), (12, false), "asked once");
        ids.supply(Some(100..104));
        assert_eq!(ids.take(), (13, false));
        assert_eq!(ids.take(), (100, false));
        assert_eq!(ids.take(), (101, true));
    }

    #[test]
    fn without_a_next_block_ids_go_on_and_it_is_asked_for_again() {
        let ids = Ids::new(0..4);
        assert_eq!(ids.take(), (0, false));
        assert_eq!(ids.take(), (1, true));
        ids.supply(None);
        assert_eq!(ids.take(), (2, true), "asked again");
        assert_eq!(ids.take(), (3, false));
        assert_eq!(ids.take(), (4, false), "past the block while none has come");
    }

    #[test]
    fn one_writers_ids_never_ask() {
        let ids = Ids::new(7..i64::MAX);
        assert!((0..1000).all(|_| !ids.take().1));
    }
}
