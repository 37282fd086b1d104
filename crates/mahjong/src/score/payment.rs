//! From han and fu to points, as Tenhou pays: base points `fu * 2^(2 + han)` up to the
//! mangan cap (no rounding up of 4 han 30 fu or 3 han 60 fu to mangan), fixed base
//! points for the limits, and each payment rounded up to the next 100.

use super::{Agari, Limit, Payment};

impl Limit {
    /// The limit a hand without yakuman reaches with `han` (dora included) and `fu`:
    /// 13 or more han count as a (kazoe) yakuman.
    pub fn for_han_fu(han: u8, fu: u8) -> Limit {
        match han {
            13.. => Limit::KazoeYakuman,
            11 | 12 => Limit::Sanbaiman,
            8..=10 => Limit::Baiman,
            6 | 7 => Limit::Haneman,
            5 => Limit::Mangan,
            _ if base_points(han, fu, Limit::None) >= MANGAN => Limit::Mangan,
            _ => Limit::None,
        }
    }
}

const MANGAN: u32 = 2000;

/// Base points of a hand: `fu * 2^(2 + han)` (never above mangan's 2000) without a
/// limit, else the limit's: 2000 mangan, 3000 haneman, 4000 baiman, 6000 sanbaiman,
/// 8000 a kazoe yakuman and 8000 per yakuman. Every payment is a multiple of these.
pub fn base_points(han: u8, fu: u8, limit: Limit) -> u32 {
    match limit {
        Limit::None => (u32::from(fu) << (2 + han.min(5))).min(MANGAN),
        Limit::Mangan => MANGAN,
        Limit::Haneman => 3000,
        Limit::Baiman => 4000,
        Limit::Sanbaiman => 6000,
        Limit::KazoeYakuman => 8000,
        Limit::Yakuman(count) => 8000 * u32::from(count),
    }
}

fn round_up_100(points: u32) -> u32 {
    points.div_ceil(100) * 100
}

impl Agari {
    /// The base points of this win (see [`base_points`]).
    pub fn base_points(&self) -> u32 {
        base_points(self.han, self.fu, self.limit)
    }

    /// What the win is paid (no honba, no sticks), for a dealer or not, ron or tsumo:
    /// ron takes 4 times the base points from the discarder (6 for the dealer); a tsumo
    /// takes the base from each non-dealer and twice it from the dealer, or twice it
    /// from everyone when the dealer wins.
    pub fn payment(&self, dealer: bool, tsumo: bool) -> Payment {
        let base = self.base_points();
        match (dealer, tsumo) {
            (false, false) => Payment::Ron(round_up_100(4 * base)),
            (true, false) => Payment::Ron(round_up_100(6 * base)),
            (true, true) => Payment::DealerTsumo(round_up_100(2 * base)),
            (false, true) => Payment::Tsumo {
                dealer: round_up_100(2 * base),
                other: round_up_100(base),
            },
        }
    }
}
