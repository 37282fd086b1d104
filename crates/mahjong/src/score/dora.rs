//! Dora, red fives and ura dora: han on top of the yaku that never make a yaku.

use super::hand::WinningHand;
use super::WinContext;
use crate::meld::Meld;
use crate::tile::Tile;

/// The three kinds of dora a hand holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DoraCount {
    /// Tiles that are dora by the indicators (a tile counts once per indicator).
    pub dora: u8,
    /// Red fives, when they are played.
    pub aka: u8,
    /// Tiles that are dora by the ura indicators, counted only after riichi.
    pub ura: u8,
}

impl DoraCount {
    /// Counts the dora of `hand`, whose physical tiles are `concealed`, `melds` and
    /// `win_tile` (red fives are told apart by tile, not kind).
    pub fn new(
        hand: &WinningHand,
        concealed: &[Tile],
        melds: &[Meld],
        win_tile: Tile,
        ctx: &WinContext,
    ) -> DoraCount {
        let by_indicators = |indicators: &[Tile]| {
            indicators
                .iter()
                .map(|indicator| hand.all[indicator.kind().dora_from_indicator().index()])
                .sum()
        };
        let aka = if ctx.red_fives {
            let tiles = melds.iter().flat_map(Meld::tiles).chain(concealed);
            tiles.chain([&win_tile]).filter(|t| t.is_red_five()).count() as u8
        } else {
            0
        };
        let ura = if ctx.riichi || ctx.double_riichi {
            by_indicators(ctx.ura_indicators)
        } else {
            0
        };
        DoraCount {
            dora: by_indicators(ctx.dora_indicators),
            aka,
            ura,
        }
    }

    /// All three together.
    pub fn han(&self) -> u8 {
        self.dora + self.aka + self.ura
    }
}
