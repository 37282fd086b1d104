//! The wall: 136 positions numbered in draw order (mmj1's `w000`..`w135`), the break,
//! the live wall and the 14-tile dead wall.
//!
//! The dice sum `d` breaks the wall at `start = 2 * (17 * ((d - 1) % 4) + d - 1) % 136`
//! (mmj1's worked example: 4 + 6 breaks at 52). Live draw `k` is position
//! `(start + k) % 136`; the dead wall is the 14 positions before `start`,
//! `D_j = (start + 122 + j) % 136`. The dead wall maps to mmj1's places so:
//!
//! ```text
//! replacement r00 r01 r02 r03 = D12 D13 D10 D11
//! dora wall   a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 = D8 D9 D6 D7 D4 D5 D2 D3 D0 D1
//! ```
//!
//! (even `aN` are dora indicators, odd ones the ura indicator under them). Each kan
//! shortens the live wall by one, so the last live tile (haitei) comes one draw earlier;
//! the tiles cut off stay where they are.

use crate::tile::Tile;

/// Tiles in the live wall at the start of a hand.
pub const LIVE_TILES: u8 = 122;

/// Tiles dealt before the dealer's first draw: 13 to each seat.
pub const DEALT: u8 = 52;

/// The position live draws start from for dice summing to `dice` (2..=12).
pub const fn break_start(dice: u8) -> u8 {
    let d = dice as u32;
    (2 * (17 * ((d + 3) % 4) + d - 1) % 136) as u8
}

/// The wall position of live draw `k` (0 is the dealer's first tile) from `start`.
pub const fn live_position(start: u8, k: u8) -> u8 {
    ((start as u32 + k as u32) % 136) as u8
}

/// The wall position of dead-wall tile `D_j` (0..14) from `start`.
pub const fn dead_position(start: u8, j: u8) -> u8 {
    ((start as u32 + LIVE_TILES as u32 + j as u32) % 136) as u8
}

/// The dead-wall index `j` of replacement tile `r` (0..4).
pub const fn replacement_index(r: u8) -> u8 {
    [12, 13, 10, 11][r as usize]
}

/// The dead-wall index `j` of dora-wall place `a` (0..10).
pub const fn dora_wall_index(a: u8) -> u8 {
    if a & 1 == 0 {
        8 - a
    } else {
        10 - a
    }
}

/// One hand's wall: which tile lies where, and how far drawing has gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Wall {
    /// The tile at each position.
    pub tiles: [Tile; 136],
    /// The dice that broke it.
    pub dice: [u8; 2],
    /// The first live position.
    pub start: u8,
    /// Live tiles drawn so far, the deal included.
    pub drawn: u8,
    /// Kans made (each drew a replacement tile and cut one tile off the live wall).
    pub kans: u8,
    /// Dora indicators turned up.
    pub dora: u8,
}

impl Wall {
    /// A wall laid out from `tiles` and broken by `dice`.
    pub fn new(tiles: [Tile; 136], dice: [u8; 2]) -> Wall {
        Wall {
            tiles,
            dice,
            start: break_start(dice[0] + dice[1]),
            drawn: 0,
            kans: 0,
            dora: 0,
        }
    }

    /// Live tiles still to be drawn.
    pub fn remaining(&self) -> u8 {
        LIVE_TILES - self.drawn - self.kans
    }

    /// Takes the next live tile: its position and the tile. The caller checks that the
    /// live wall is not empty.
    pub fn draw(&mut self) -> (u8, Tile) {
        debug_assert!(self.remaining() > 0, "drawing from an empty wall");
        let position = live_position(self.start, self.drawn);
        self.drawn += 1;
        (position, self.tiles[position as usize])
    }

    /// Takes the next replacement tile for a kan: its replacement number and the tile.
    pub fn draw_replacement(&mut self) -> (u8, Tile) {
        let r = self.kans;
        self.kans += 1;
        (r, self.dead(replacement_index(r)))
    }

    /// The tile at dora-wall place `a`.
    pub fn dora_wall(&self, a: u8) -> Tile {
        self.dead(dora_wall_index(a))
    }

    /// Turns up the next dora indicator: its dora-wall place and the tile.
    pub fn reveal_dora(&mut self) -> (u8, Tile) {
        let a = 2 * self.dora;
        self.dora += 1;
        (a, self.dora_wall(a))
    }

    /// The dora indicators turned up, in order (at most five).
    pub fn dora_indicators(&self) -> arrayvec::ArrayVec<Tile, 5> {
        (0..self.dora).map(|i| self.dora_wall(2 * i)).collect()
    }

    /// The ura indicators under the turned-up dora indicators.
    pub fn ura_indicators(&self) -> arrayvec::ArrayVec<Tile, 5> {
        (0..self.dora).map(|i| self.dora_wall(2 * i + 1)).collect()
    }

    fn dead(&self, j: u8) -> Tile {
        self.tiles[dead_position(self.start, j) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_break_matches_the_mmj1_example() {
        assert_eq!(break_start(10), 52);
        assert_eq!(break_start(5), 2 * 4);
        assert_eq!(break_start(2), 2 * 18);
        assert_eq!(break_start(12), 2 * (17 * 3 + 11));
        assert_eq!(dead_position(52, 13), 51);
        assert_eq!(dead_position(0, 0), 122);
    }

    #[test]
    fn dead_wall_places_cover_all_fourteen_tiles_once() {
        let mut seen = [false; 14];
        for r in 0..4 {
            seen[replacement_index(r) as usize] = true;
        }
        for a in 0..10 {
            let j = dora_wall_index(a) as usize;
            assert!(!seen[j], "a{a} reuses D{j}");
            seen[j] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(dora_wall_index(0), 8);
        assert_eq!(dora_wall_index(9), 1);
    }
}
