//! Melds: the open sets (chi, pon, open kans) and concealed kans a hand shows.

use crate::tile::{Kind, Tile};

/// Which kind of meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A called run of three.
    Chi,
    /// A called triplet.
    Pon,
    /// An open kan called on a discard.
    Daiminkan,
    /// A pon upgraded with the fourth tile (shouminkan).
    Kakan,
    /// A concealed kan.
    Ankan,
}

/// A meld on the table. A seat index is 0..4 in the game's fixed seating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    /// Which kind of meld.
    pub kind: MeldKind,
    /// Its tiles; only the first [`Meld::len`] count (3 for chi and pon, 4 for kans).
    pub tiles: [Tile; 4],
    /// The tile taken from another seat (for a kakan, the pon's called tile); `None`
    /// for an ankan.
    pub called: Option<Tile>,
    /// The seat the called tile came from, in a byte as events hold seats; `None` for
    /// an ankan.
    pub from: Option<crate::SeatByte>,
}

impl Meld {
    /// Number of tiles in the meld.
    pub const fn len(&self) -> usize {
        match self.kind {
            MeldKind::Chi | MeldKind::Pon => 3,
            MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan => 4,
        }
    }

    /// Never: a meld holds at least three tiles (here for clippy's `len_without_is_empty`).
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The meld's tiles.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len()]
    }

    /// Whether the meld was formed with another seat's discard (everything but ankan),
    /// which makes the hand open.
    pub const fn is_open(&self) -> bool {
        !matches!(self.kind, MeldKind::Ankan)
    }

    /// Whether it is a kan of any sort.
    pub const fn is_kan(&self) -> bool {
        matches!(
            self.kind,
            MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan
        )
    }

    /// The lowest kind in the meld (the kind of a pon or kan; the start of a chi).
    pub fn base(&self) -> Kind {
        self.tiles()
            .iter()
            .map(|t| t.kind())
            .min()
            .expect("melds are not empty")
    }
}
