//! Yakuman. A hand with any of them scores only its yakuman (13 han each, 26 for the
//! double ones: nine-sided nine gates, four concealed triplets on a pair wait,
//! thirteen-sided thirteen orphans, four winds), and they stack.

use super::hand::WinningHand;
use super::reading::{BlockShape, Reading, Standard, Wait};
use super::yaku::{Yaku, YakuList};
use super::WinContext;
use crate::tile::{Kind, Wind};

const YAKUMAN: u8 = 13;
const DOUBLE_YAKUMAN: u8 = 26;

/// Adds the yakuman of `reading` to `out`.
pub(crate) fn find(hand: &WinningHand, reading: &Reading, ctx: &WinContext, out: &mut YakuList) {
    if ctx.first_turn && ctx.tsumo {
        if ctx.seat_wind == Some(Wind::East) {
            out.push(Yaku::Tenhou, YAKUMAN);
        } else {
            out.push(Yaku::Chiihou, YAKUMAN);
        }
    }
    match reading {
        Reading::ThirteenOrphans { thirteen_sided } => {
            if *thirteen_sided {
                out.push(Yaku::Kokushi13, DOUBLE_YAKUMAN);
            } else {
                out.push(Yaku::Kokushi, YAKUMAN);
            }
            return;
        }
        Reading::Standard(standard) => sets(standard, out),
        Reading::SevenPairs => {}
    }
    if hand.all_tiles(Kind::is_honor) {
        out.push(Yaku::Tsuuiisou, YAKUMAN);
    }
    if hand.all_tiles(is_green) {
        out.push(Yaku::Ryuuiisou, YAKUMAN);
    }
    if hand.all_tiles(Kind::is_terminal) {
        out.push(Yaku::Chinroutou, YAKUMAN);
    }
    if let Some(nine_sided) = nine_gates(hand) {
        if nine_sided {
            out.push(Yaku::JunseiChuuren, DOUBLE_YAKUMAN);
        } else {
            out.push(Yaku::ChuurenPoutou, YAKUMAN);
        }
    }
}

/// The yakuman made of sets: four concealed triplets, three dragons, four winds (big
/// or little), four kans.
fn sets(standard: &Standard, out: &mut YakuList) {
    let triplets = || standard.sets.iter().filter(|set| set.is_triplet());
    if triplets().filter(|set| set.concealed).count() == 4 {
        if standard.wait == Wait::Tanki {
            out.push(Yaku::SuuankouTanki, DOUBLE_YAKUMAN);
        } else {
            out.push(Yaku::Suuankou, YAKUMAN);
        }
    }
    if triplets()
        .filter(|set| set.first >= Kind::WHITE.index())
        .count()
        == 3
    {
        out.push(Yaku::Daisangen, YAKUMAN);
    }
    let is_wind =
        |kind: usize| Kind::wind(Wind::East).index() <= kind && kind < Kind::WHITE.index();
    match triplets().filter(|set| is_wind(set.first)).count() {
        4 => out.push(Yaku::Daisuushii, DOUBLE_YAKUMAN),
        3 if is_wind(standard.pair) => out.push(Yaku::Shousuushii, YAKUMAN),
        _ => {}
    }
    if standard.sets.iter().all(|set| set.shape == BlockShape::Kan) {
        out.push(Yaku::Suukantsu, YAKUMAN);
    }
}

/// The all-green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon.
fn is_green(kind: Kind) -> bool {
    matches!(kind.index(), 19 | 20 | 21 | 23 | 25) || kind == Kind::GREEN
}

/// Nine gates: a closed hand of one suit holding 1112345678999 and one more tile.
/// `Some(true)` when the hand waited on all nine kinds (1112345678999 before the win).
fn nine_gates(hand: &WinningHand) -> Option<bool> {
    if !hand.melds.is_empty() {
        return None;
    }
    let start = hand.win / 9 * 9;
    if start >= 27 {
        return None;
    }
    let suit = &hand.concealed[start..start + 9];
    let needed = |i: usize| if i == 0 || i == 8 { 3 } else { 1 };
    let in_suit: u8 = suit.iter().sum();
    if in_suit != 14 || (0..9).any(|i| suit[i] < needed(i)) {
        return None;
    }
    let before = &hand.before_win[start..start + 9];
    Some((0..9).all(|i| before[i] == needed(i)))
}
