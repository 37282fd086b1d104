//! The facts about a winning hand that do not depend on how it is read: tile counts
//! with and without the winning tile, all tiles including melds, whether it is closed.

use crate::meld::Meld;
use crate::tile::{counts, Counts, Kind, Tile};

/// A winning hand's tiles, checked for size.
pub(crate) struct WinningHand<'a> {
    /// The melds, ankan included.
    pub melds: &'a [Meld],
    /// Concealed tiles with the winning tile.
    pub concealed: Counts,
    /// Concealed tiles before the win (what the hand waited with).
    pub before_win: Counts,
    /// Every tile of the hand, melds included (a kan counts four).
    pub all: Counts,
    /// The winning tile's kind index.
    pub win: usize,
    /// No meld was called from another seat (an ankan keeps a hand closed).
    pub closed: bool,
}

impl<'a> WinningHand<'a> {
    /// `None` unless the tiles are 14 once each kan counts three, no kind is held more
    /// than four times and there are at most four melds.
    pub fn new(concealed: &[Tile], melds: &'a [Meld], win_tile: Tile) -> Option<WinningHand<'a>> {
        if melds.len() > 4 || concealed.len() + 1 + 3 * melds.len() != 14 {
            return None;
        }
        let before_win = counts(concealed);
        let win = win_tile.kind().index();
        let mut with_win = before_win;
        with_win[win] += 1;
        let mut all = with_win;
        for tile in melds.iter().flat_map(|meld| meld.tiles()) {
            all[tile.kind().index()] += 1;
        }
        if all.iter().any(|&c| c > 4) {
            return None;
        }
        Some(WinningHand {
            melds,
            concealed: with_win,
            before_win,
            all,
            win,
            closed: melds.iter().all(|meld| !meld.is_open()),
        })
    }

    /// Whether every tile of the hand satisfies `pred`.
    pub fn all_tiles(&self, pred: impl Fn(Kind) -> bool) -> bool {
        Kind::all().all(|kind| self.all[kind.index()] == 0 || pred(kind))
    }
}
