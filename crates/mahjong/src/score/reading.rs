//! Readings of a winning hand: which sets it is made of and how the winning tile
//! completed it.
//!
//! The same tiles can be read several ways (runs or triplets, the winning tile as the
//! pair or inside a set), and fu and yaku depend on the reading, so scoring tries all
//! of them and keeps the best. A triplet completed by ron counts as open, which is why
//! the reading, not the tiles, says whether a set is concealed.

use super::hand::WinningHand;
use crate::hand::decompose::{for_each_decomposition, Decomposition, Set};
use crate::hand::TERMINALS_AND_HONORS;
use crate::hand::{is_seven_pairs, is_thirteen_orphans};
use crate::meld::{Meld, MeldKind};

/// One way to read a winning hand.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Reading {
    /// Four sets and a pair.
    Standard(Standard),
    /// Seven different pairs.
    SevenPairs,
    /// Thirteen orphans; `thirteen_sided` when the hand waited on all thirteen kinds.
    ThirteenOrphans { thirteen_sided: bool },
}

/// Four sets and a pair, with the wait the winning tile completed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Standard {
    /// Called melds first, then concealed sets.
    pub sets: [Block; 4],
    /// The pair's kind index.
    pub pair: usize,
    /// The shape the winning tile completed.
    pub wait: Wait,
}

/// A set of a standard reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    /// Run, triplet or kan.
    pub shape: BlockShape,
    /// The lowest kind's index.
    pub first: usize,
    /// Not called and not completed by ron.
    pub concealed: bool,
}

/// What a set is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BlockShape {
    /// Three consecutive numbers.
    Run,
    /// Three of a kind.
    Triplet,
    /// Four of a kind.
    Kan,
}

/// How the winning tile completed the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wait {
    /// Either end of two consecutive numbers (not 12 or 89).
    Ryanmen,
    /// The middle of a run.
    Kanchan,
    /// The 3 of 12 or the 7 of 89.
    Penchan,
    /// One of two pairs, making a triplet.
    Shanpon,
    /// The pair.
    Tanki,
}

impl Block {
    /// A triplet or a kan.
    pub fn is_triplet(&self) -> bool {
        self.shape != BlockShape::Run
    }

    /// Whether any tile of the set is a terminal or an honour.
    pub fn has_terminal_or_honor(&self) -> bool {
        match self.shape {
            BlockShape::Run => matches!(self.first % 9, 0 | 6),
            BlockShape::Triplet | BlockShape::Kan => TERMINALS_AND_HONORS.contains(&self.first),
        }
    }

    fn from_meld(meld: &Meld) -> Block {
        let shape = match meld.kind {
            MeldKind::Chi => BlockShape::Run,
            MeldKind::Pon => BlockShape::Triplet,
            MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan => BlockShape::Kan,
        };
        Block {
            shape,
            first: meld.base().index(),
            concealed: !meld.is_open(),
        }
    }

    fn from_set(set: Set) -> Block {
        let (shape, first) = match set {
            Set::Run(first) => (BlockShape::Run, first),
            Set::Triplet(first) => (BlockShape::Triplet, first),
        };
        Block {
            shape,
            first,
            concealed: true,
        }
    }
}

/// Calls `visit` with every reading of `hand` (won by tsumo or not).
pub(crate) fn for_each_reading(hand: &WinningHand, tsumo: bool, mut visit: impl FnMut(&Reading)) {
    if hand.melds.is_empty() {
        if is_thirteen_orphans(&hand.concealed) {
            let thirteen_sided = TERMINALS_AND_HONORS
                .iter()
                .all(|&k| hand.before_win[k] == 1);
            visit(&Reading::ThirteenOrphans { thirteen_sided });
            return;
        }
        if is_seven_pairs(&hand.concealed) {
            visit(&Reading::SevenPairs);
        }
    }
    let mut called = [Block::from_set(Set::Run(0)); 4];
    for (slot, meld) in called.iter_mut().zip(hand.melds) {
        *slot = Block::from_meld(meld);
    }
    for_each_decomposition(&hand.concealed, |decomposition| {
        for_each_wait(hand, tsumo, &called, decomposition, &mut visit);
    });
}

/// Each place the winning tile can sit in one decomposition: the pair, or one of the
/// concealed sets holding its kind (identical sets give the same reading once).
fn for_each_wait(
    hand: &WinningHand,
    tsumo: bool,
    called: &[Block; 4],
    decomposition: &Decomposition,
    visit: &mut impl FnMut(&Reading),
) {
    let concealed_sets = decomposition.sets();
    let first_concealed = hand.melds.len();
    if first_concealed + concealed_sets.len() != 4 {
        return;
    }
    let mut sets = *called;
    for (slot, &set) in sets[first_concealed..].iter_mut().zip(concealed_sets) {
        *slot = Block::from_set(set);
    }
    let standard = |sets: [Block; 4], wait: Wait| {
        Reading::Standard(Standard {
            sets,
            pair: decomposition.pair,
            wait,
        })
    };
    if decomposition.pair == hand.win {
        visit(&standard(sets, Wait::Tanki));
    }
    for (i, &set) in concealed_sets.iter().enumerate() {
        if concealed_sets[..i].contains(&set) {
            continue;
        }
        let wait = match set {
            Set::Triplet(kind) if kind == hand.win => Wait::Shanpon,
            Set::Run(first) if (first..first + 3).contains(&hand.win) => run_wait(first, hand.win),
            _ => continue,
        };
        let mut sets = sets;
        if wait == Wait::Shanpon && !tsumo {
            sets[first_concealed + i].concealed = false;
        }
        visit(&standard(sets, wait));
    }
}

/// The wait that the winning kind `win` completed in the run starting at `first`.
fn run_wait(first: usize, win: usize) -> Wait {
    match (win - first, first % 9) {
        (1, _) => Wait::Kanchan,
        (0, 6) | (2, 0) => Wait::Penchan,
        _ => Wait::Ryanmen,
    }
}
