//! A hand's regular count kept group by group, for questions about hands a tile or two
//! away from it: which discard leaves the lowest shanten, and which draws lower it.
//! Such a hand differs in one group only, so only that group is looked up again (in the
//! thread's cache of splits) and put beside the other three, combined once.

use super::regular::{combine, shanten_of, Frontier, Needs, NOTHING};
use super::shapes::{key, unit, Shapes};
use super::GROUPS;
use crate::tile::Counts;

/// The group of a kind and how far into it the kind lies.
pub(super) fn group_of(kind: usize) -> (usize, usize) {
    let g = (kind / 9).min(GROUPS.len() - 1);
    (g, kind - GROUPS[g].0)
}

/// A hand split group by group.
#[derive(Clone, Copy)]
pub(super) struct Grouped {
    melds: i8,
    /// Each group's key (see the `shapes` module).
    keys: [u32; 4],
    /// Each group's frontier.
    groups: [Frontier; 4],
    /// Each group's number of tiles.
    tiles: [u8; 4],
    /// For each group, the other three combined; out of date for the groups in `stale`
    /// (bit `g`), which are combined when asked for instead.
    others: [Frontier; 4],
    stale: u8,
}

impl Grouped {
    /// Splits every group of `counts`, with `melds` sets already called.
    pub fn new(shapes: &mut Shapes, counts: &Counts, melds: i8) -> Grouped {
        let keys = [0, 1, 2, 3].map(|g| key(counts, g));
        let groups = [0, 1, 2, 3].map(|g| shapes.frontier(g, keys[g]));
        let tiles = [0, 1, 2, 3].map(|g| {
            let (start, len) = GROUPS[g];
            counts[start..start + len].iter().sum()
        });
        Grouped {
            melds,
            keys,
            others: others(&groups),
            groups,
            tiles,
            stale: 0,
        }
    }

    /// The hand once a tile of `kind` is let go, its group's frontier then being
    /// `frontier` (from [`Grouped::changed`]): the other groups are not looked up again,
    /// and what they combine to beside the changed one only when asked (a question
    /// about draws into that group alone needs none of it).
    pub fn discarded(&self, kind: usize, frontier: Frontier) -> Grouped {
        let (g, offset) = group_of(kind);
        let mut after = *self;
        after.keys[g] -= unit(offset);
        after.groups[g] = frontier;
        after.tiles[g] -= 1;
        after.stale = 0b1111 & !(1 << g);
        after
    }

    /// The groups other than `g` combined.
    fn others(&self, g: usize) -> Frontier {
        if self.stale >> g & 1 == 0 {
            return self.others[g];
        }
        let [x, y, z] = match g {
            0 => [1, 2, 3],
            1 => [0, 2, 3],
            2 => [0, 1, 3],
            _ => [0, 1, 2],
        };
        combine(&combine(&self.groups[x], &self.groups[y]), &self.groups[z])
    }

    /// The frontier of group `g`.
    pub fn group(&self, g: usize) -> Frontier {
        self.groups[g]
    }

    /// The regular shanten of the hand it was made from.
    pub fn regular(&self) -> i8 {
        shanten_of(&combine(&self.others(0), &self.groups[0]), self.melds)
    }

    /// The group of `kind` and its frontier once a tile of `kind` is drawn (`drawn`) or
    /// let go.
    pub fn changed(&self, shapes: &mut Shapes, kind: usize, drawn: bool) -> (usize, Frontier) {
        let (g, offset) = group_of(kind);
        let key = if drawn {
            self.keys[g] + unit(offset)
        } else {
            self.keys[g] - unit(offset)
        };
        (g, shapes.frontier(g, key))
    }

    /// The regular shanten of the hand once group `g` has become `frontier`.
    pub fn regular_with(&self, g: usize, frontier: &Frontier) -> i8 {
        shanten_of(&combine(&self.others(g), frontier), self.melds)
    }

    /// What group `g`, with a tile more (`drawn`) or one less, must reach for the
    /// hand's regular count to fall below `below` while the other groups stay.
    pub fn needs(&self, shapes: &mut Shapes, g: usize, drawn: bool, below: i8) -> Needs {
        let tiles = if drawn {
            usize::from(self.tiles[g]) + 1
        } else {
            usize::from(self.tiles[g]).saturating_sub(1)
        };
        shapes.needs(&self.others(g), self.melds, below, (tiles / 3).min(4))
    }
}

/// For each group, the other three combined.
fn others(groups: &[Frontier; 4]) -> [Frontier; 4] {
    let [a, b, c, d] = groups;
    let (ab, cd) = (combine(a, b), combine(c, d));
    [
        combine(b, &cd),
        combine(a, &cd),
        combine(&ab, d),
        combine(&ab, c),
    ]
}

/// The regular shanten of `counts` with `melds` sets already called.
pub(super) fn regular_count(shapes: &mut Shapes, counts: &Counts, melds: i8) -> i8 {
    let total = (0..GROUPS.len()).fold(NOTHING, |total, g| {
        combine(&total, &shapes.frontier(g, key(counts, g)))
    });
    shanten_of(&total, melds)
}
