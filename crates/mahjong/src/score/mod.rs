//! Scoring a winning hand as Tenhou scores it: yaku, dora, fu, han, limits, payments.
//!
//! [`evaluate`] reads the hand every way it can be read (sets and pair with the winning
//! tile in each possible place, seven pairs, thirteen orphans), scores each reading and
//! keeps the one paid most, then the one with most han, then most fu, as Tenhou does.
//! A reading with a yakuman scores only its yakuman; otherwise it needs an ordinary
//! yaku, and dora are added on top. The types and signatures here are the contract the
//! game engine codes against.

mod dora;
mod find_yaku;
mod fu;
mod hand;
mod payment;
mod reading;
mod yaku;
mod yakuman;

use crate::meld::Meld;
use crate::tile::{Tile, Wind};
use dora::DoraCount;
use hand::WinningHand;
use reading::{for_each_reading, Reading};
use yaku::YakuList;

pub use payment::base_points;
pub use yaku::Yaku;

/// Everything about a win beyond the tiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinContext<'a> {
    /// Won on a self-drawn tile (otherwise ron on a discard or by robbing a kan).
    pub tsumo: bool,
    /// Declared riichi.
    pub riichi: bool,
    /// Declared riichi on the first uninterrupted turn (implies `riichi`).
    pub double_riichi: bool,
    /// Won within one uninterrupted go-around after riichi.
    pub ippatsu: bool,
    /// Won on the last tile of the wall by tsumo.
    pub haitei: bool,
    /// Won on the last discard by ron.
    pub houtei: bool,
    /// Won on a kan replacement tile.
    pub rinshan: bool,
    /// Won by robbing a kakan.
    pub chankan: bool,
    /// Tsumo on the first uninterrupted draw: tenhou for the dealer, chiihou otherwise.
    pub first_turn: bool,
    /// The winner's seat wind (East = dealer).
    pub seat_wind: Option<Wind>,
    /// The round's wind.
    pub round_wind: Option<Wind>,
    /// Dora indicators turned up (not the dora themselves).
    pub dora_indicators: &'a [Tile],
    /// Ura dora indicators (counted only with riichi).
    pub ura_indicators: &'a [Tile],
    /// Whether the red fives (ids 16, 52, 88) count as dora.
    pub red_fives: bool,
}

/// A scored win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agari {
    /// Each yaku with its han (13 per yakuman, 26 for a double yakuman); dora not here.
    pub yaku: Vec<(Yaku, u8)>,
    /// Dora counted from the indicators (red fives and ura dora are in `aka` and `ura`;
    /// all three are 0 for a yakuman, which dora do not add to).
    pub dora: u8,
    /// Red fives counted.
    pub aka: u8,
    /// Ura dora counted.
    pub ura: u8,
    /// Total han, dora included.
    pub han: u8,
    /// Fu (rounded up to 10; 25 for seven pairs); 0 for yakuman.
    pub fu: u8,
    /// The limit reached, if any.
    pub limit: Limit,
}

/// Score limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No limit: points from fu and han.
    None,
    /// 5 han, or 3 han 70+ fu, or 4 han 40+ fu.
    Mangan,
    /// 6-7 han.
    Haneman,
    /// 8-10 han.
    Baiman,
    /// 11-12 han.
    Sanbaiman,
    /// 13+ han counted (kazoe yakuman).
    KazoeYakuman,
    /// This many yakuman.
    Yakuman(u8),
}

/// What a win is paid, before honba and riichi sticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payment {
    /// The discarder pays this.
    Ron(u32),
    /// The dealer won by tsumo: each other seat pays this.
    DealerTsumo(u32),
    /// A non-dealer won by tsumo: the dealer pays `dealer`, the others `other`.
    Tsumo {
        /// What the dealer pays.
        dealer: u32,
        /// What each non-dealer pays.
        other: u32,
    },
}

/// Scores a win: `concealed` are the hand's concealed tiles without the winning tile,
/// `melds` its melds (ankan included), `win_tile` the tile won on. `None` when the
/// tiles are not complete or the hand has no yaku (dora alone is not a yaku).
pub fn evaluate(
    concealed: &[Tile],
    melds: &[Meld],
    win_tile: Tile,
    ctx: &WinContext,
) -> Option<Agari> {
    let hand = WinningHand::new(concealed, melds, win_tile)?;
    let dora = DoraCount::new(&hand, concealed, melds, win_tile, ctx);
    let mut best: Option<Scored> = None;
    for_each_reading(&hand, ctx.tsumo, |reading| {
        let Some(scored) = score(&hand, reading, ctx, dora) else {
            return;
        };
        if best.as_ref().is_none_or(|best| scored.rank() > best.rank()) {
            best = Some(scored);
        }
    });
    best.map(Scored::into_agari)
}

/// One reading scored, kept off the heap until it is known to be the best.
struct Scored {
    yaku: YakuList,
    dora: DoraCount,
    han: u8,
    fu: u8,
    limit: Limit,
}

impl Scored {
    /// Paid most, then most han, then most fu.
    fn rank(&self) -> (u32, u8, u8) {
        (
            base_points(self.han, self.fu, self.limit),
            self.han,
            self.fu,
        )
    }

    fn into_agari(self) -> Agari {
        Agari {
            yaku: self.yaku.as_slice().to_vec(),
            dora: self.dora.dora,
            aka: self.dora.aka,
            ura: self.dora.ura,
            han: self.han,
            fu: self.fu,
            limit: self.limit,
        }
    }
}

/// Scores one reading: its yakuman if it has any, else its ordinary yaku, dora and fu;
/// `None` without a yaku.
fn score(
    hand: &WinningHand,
    reading: &Reading,
    ctx: &WinContext,
    dora: DoraCount,
) -> Option<Scored> {
    let mut yaku = YakuList::new();
    yakuman::find(hand, reading, ctx, &mut yaku);
    if !yaku.is_empty() {
        let han = yaku.han();
        return Some(Scored {
            yaku,
            dora: DoraCount::default(),
            han,
            fu: 0,
            limit: Limit::Yakuman(han / 13),
        });
    }
    find_yaku::find(hand, reading, ctx, &mut yaku);
    if yaku.is_empty() {
        return None;
    }
    let han = yaku.han().saturating_add(dora.han());
    let fu = fu::fu(hand, reading, ctx);
    Some(Scored {
        yaku,
        dora,
        han,
        fu,
        limit: Limit::for_han_fu(han, fu),
    })
}
