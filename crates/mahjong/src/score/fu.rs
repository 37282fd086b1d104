//! Fu (minipoints) as Tenhou counts them.
//!
//! 20 base; 10 for a closed ron; 2 for tsumo (not with pinfu); per triplet 2, doubled
//! for terminals or honours, doubled again if concealed, times four for a kan; 2 for a
//! pair of dragons, of the seat wind, of the round wind (4 for a pair of the wind that
//! is both); 2 for a closed, edge or pair wait; rounded up to 10. Seven pairs are 25
//! flat, and an open hand that earned nothing is raised to 30.

use super::hand::WinningHand;
use super::reading::{BlockShape, Reading, Standard, Wait};
use super::WinContext;
use crate::hand::TERMINALS_AND_HONORS;
use crate::tile::{Kind, Wind};

/// The fu of a reading (0 for thirteen orphans, which is a yakuman).
pub(crate) fn fu(hand: &WinningHand, reading: &Reading, ctx: &WinContext) -> u8 {
    match reading {
        Reading::Standard(standard) => standard_fu(hand, standard, ctx),
        Reading::SevenPairs => 25,
        Reading::ThirteenOrphans { .. } => 0,
    }
}

/// Pinfu is the closed hand worth no fu beyond the base: four runs, a pair that is not
/// a value tile, and a two-sided wait.
pub(crate) fn is_pinfu(hand: &WinningHand, standard: &Standard, ctx: &WinContext) -> bool {
    hand.closed
        && standard.wait == Wait::Ryanmen
        && standard.sets.iter().all(|set| set.shape == BlockShape::Run)
        && pair_fu(standard.pair, ctx) == 0
}

fn standard_fu(hand: &WinningHand, standard: &Standard, ctx: &WinContext) -> u8 {
    let mut fu = 20;
    if hand.closed && !ctx.tsumo {
        fu += 10;
    }
    if ctx.tsumo && !is_pinfu(hand, standard, ctx) {
        fu += 2;
    }
    for set in &standard.sets {
        let base = match set.shape {
            BlockShape::Run => continue,
            BlockShape::Triplet => 2,
            BlockShape::Kan => 8,
        };
        let terminal = if TERMINALS_AND_HONORS.contains(&set.first) {
            2
        } else {
            1
        };
        let concealed = if set.concealed { 2 } else { 1 };
        fu += base * terminal * concealed;
    }
    fu += pair_fu(standard.pair, ctx);
    if matches!(standard.wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        fu += 2;
    }
    let fu = fu.div_ceil(10) * 10;
    if fu == 20 && !hand.closed {
        30
    } else {
        fu
    }
}

/// Fu of a pair of `kind`: 2 for dragons, 2 for the seat wind plus 2 for the round
/// wind.
fn pair_fu(kind: usize, ctx: &WinContext) -> u8 {
    let is = |wind: Option<Wind>| wind.is_some_and(|wind| Kind::wind(wind).index() == kind);
    let dragon = kind >= Kind::WHITE.index();
    2 * (u8::from(dragon) + u8::from(is(ctx.seat_wind)) + u8::from(is(ctx.round_wind)))
}
