//! One seat's share of a hand: concealed tiles, melds, discards, riichi and furiten.

use crate::hand::{self, KindSet};
use crate::meld::Meld;
use crate::tile::{counts, Counts, Kind, Tile};
use arrayvec::ArrayVec;

/// A tile in a seat's discards, with what the table saw of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Discard {
    /// The tile.
    pub tile: Tile,
    /// It was the tile just drawn (tsumogiri), not one from the hand.
    pub tsumogiri: bool,
    /// It was the riichi declaration discard.
    pub riichi: bool,
    /// Another seat called it (it stays here for furiten, and mmj1 moved it to a meld).
    pub called: bool,
}

/// A riichi declaration and what hangs on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Riichi {
    /// Declared with the first discard of an uninterrupted hand (double riichi).
    pub double: bool,
    /// Ippatsu is still possible: no call, and the seat has not discarded again.
    pub ippatsu: bool,
    /// The seat let a winning tile go after riichi: furiten for the rest of the hand.
    pub furiten: bool,
}

/// One seat's state within a hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Player {
    /// Concealed tiles, kept sorted by id.
    pub hand: ArrayVec<Tile, 14>,
    /// Melds in the order made (mmj1 `m X 0..4`).
    pub melds: ArrayVec<Meld, 4>,
    /// Discards in order.
    pub discards: Vec<Discard>,
    /// Kinds this seat ever discarded (permanent furiten).
    pub discarded: KindSet,
    pub riichi: Option<Riichi>,
    /// Passed a winning tile since its last turn began (temporary furiten).
    pub passed_win: bool,
    /// The kinds that complete the concealed tiles, kept up to date whenever the hand
    /// has 3n+1 tiles (after each discard), so claim windows need no hand analysis.
    pub waits: KindSet,
}

impl Player {
    /// Empties the seat for a new hand, keeping the discard buffer's room.
    pub fn reset(&mut self) {
        self.hand.clear();
        self.melds.clear();
        self.discards.clear();
        self.discarded = 0;
        self.riichi = None;
        self.passed_win = false;
        self.waits = 0;
    }

    /// Adds a tile to the concealed hand, keeping it sorted.
    pub fn take(&mut self, tile: Tile) {
        let at = self.hand.partition_point(|&t| t < tile);
        self.hand.insert(at, tile);
    }

    /// Removes a tile from the concealed hand; false if it is not there.
    pub fn give(&mut self, tile: Tile) -> bool {
        match self.hand.iter().position(|&t| t == tile) {
            Some(i) => {
                self.hand.remove(i);
                true
            }
            None => false,
        }
    }

    /// Whether the concealed hand holds `tile`.
    pub fn holds(&self, tile: Tile) -> bool {
        self.hand.binary_search(&tile).is_ok()
    }

    /// The concealed tiles of `kind`, in id order.
    pub fn of_kind(&self, kind: Kind) -> impl Iterator<Item = Tile> + '_ {
        self.hand.iter().copied().filter(move |t| t.kind() == kind)
    }

    /// Counts of the concealed tiles.
    pub fn counts(&self) -> Counts {
        counts(&self.hand)
    }

    /// Whether any meld came from another seat (an ankan keeps the hand closed).
    pub fn is_open(&self) -> bool {
        self.melds.iter().any(|m| m.is_open())
    }

    /// Recomputes the waits of a 3n+1 hand.
    pub fn update_waits(&mut self) {
        self.waits = hand::waits(&self.counts());
    }

    /// Whether the seat may not ron: a wait among its own discards, a winning tile let
    /// go since its turn, or one let go after riichi.
    pub fn is_furiten(&self) -> bool {
        self.waits & self.discarded != 0
            || self.passed_win
            || self.riichi.is_some_and(|r| r.furiten)
    }
}
