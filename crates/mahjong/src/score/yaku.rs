//! The yaku, their stable ids (the numbering of the test vectors, also used on the
//! wire) and display names, and the small fixed list scoring collects them in.

/// Every yaku, numbered as the test vectors (`Yaku::id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Yaku {
    /// id 1: a closed hand won by self-draw.
    MenzenTsumo,
    /// id 2
    Riichi,
    /// id 3: ron on a tile added to a pon (kakan).
    Chankan,
    /// id 4: tsumo on a kan replacement tile.
    Rinshan,
    /// id 5: tsumo on the last tile of the wall.
    Haitei,
    /// id 6: ron on the last discard.
    Houtei,
    /// id 7: a set of white dragons.
    Haku,
    /// id 8: a set of green dragons.
    Hatsu,
    /// id 9: a set of red dragons.
    Chun,
    /// id 10: a set of the seat's wind.
    SeatWind,
    /// id 11: a set of the round's wind.
    RoundWind,
    /// id 12: only simples (2-8).
    Tanyao,
    /// id 13: two identical runs, closed.
    Iipeikou,
    /// id 14: closed, four runs, a pair worth no fu, a two-sided wait.
    Pinfu,
    /// id 15: every set and the pair hold a terminal or honour, with honours and a run.
    Chanta,
    /// id 16: 123, 456 and 789 of one suit.
    Ittsu,
    /// id 17: the same run in all three suits.
    SanshokuDoujun,
    /// id 18: riichi on the first uninterrupted turn.
    DoubleRiichi,
    /// id 19: the same numbered triplet in all three suits.
    SanshokuDoukou,
    /// id 20: three kans.
    Sankantsu,
    /// id 21: four triplets or kans.
    Toitoi,
    /// id 22: three concealed triplets or kans.
    Sanankou,
    /// id 23: two dragon sets and a dragon pair.
    Shousangen,
    /// id 24: only terminals and honours.
    Honroutou,
    /// id 25: seven different pairs.
    Chiitoitsu,
    /// id 26: every set and the pair hold a terminal, no honours, with a run.
    Junchan,
    /// id 27: one suit and honours.
    Honitsu,
    /// id 28: two different pairs of identical runs, closed.
    Ryanpeikou,
    /// id 29: one suit only.
    Chinitsu,
    /// id 30: won within one go-around after riichi.
    Ippatsu,
    /// id 35: the dealer's tsumo on the first draw.
    Tenhou,
    /// id 36: a non-dealer's tsumo on the first draw.
    Chiihou,
    /// id 37: sets of all three dragons.
    Daisangen,
    /// id 38: four concealed triplets or kans.
    Suuankou,
    /// id 39: only honours.
    Tsuuiisou,
    /// id 40: only green tiles (2, 3, 4, 6, 8 of bamboo and green dragons).
    Ryuuiisou,
    /// id 41: only terminals.
    Chinroutou,
    /// id 42: thirteen orphans.
    Kokushi,
    /// id 43: three wind sets and a wind pair.
    Shousuushii,
    /// id 44: four kans.
    Suukantsu,
    /// id 45: nine gates.
    ChuurenPoutou,
    /// id 47: nine gates on its nine-sided wait (double yakuman).
    JunseiChuuren,
    /// id 48: four concealed triplets on a pair wait (double yakuman).
    SuuankouTanki,
    /// id 49: thirteen orphans on its thirteen-sided wait (double yakuman).
    Kokushi13,
    /// id 50: four wind sets (double yakuman).
    Daisuushii,
}

impl Yaku {
    /// Every yaku, in id order.
    pub const ALL: [Yaku; 45] = [
        Yaku::MenzenTsumo,
        Yaku::Riichi,
        Yaku::Chankan,
        Yaku::Rinshan,
        Yaku::Haitei,
        Yaku::Houtei,
        Yaku::Haku,
        Yaku::Hatsu,
        Yaku::Chun,
        Yaku::SeatWind,
        Yaku::RoundWind,
        Yaku::Tanyao,
        Yaku::Iipeikou,
        Yaku::Pinfu,
        Yaku::Chanta,
        Yaku::Ittsu,
        Yaku::SanshokuDoujun,
        Yaku::DoubleRiichi,
        Yaku::SanshokuDoukou,
        Yaku::Sankantsu,
        Yaku::Toitoi,
        Yaku::Sanankou,
        Yaku::Shousangen,
        Yaku::Honroutou,
        Yaku::Chiitoitsu,
        Yaku::Junchan,
        Yaku::Honitsu,
        Yaku::Ryanpeikou,
        Yaku::Chinitsu,
        Yaku::Ippatsu,
        Yaku::Tenhou,
        Yaku::Chiihou,
        Yaku::Daisangen,
        Yaku::Suuankou,
        Yaku::Tsuuiisou,
        Yaku::Ryuuiisou,
        Yaku::Chinroutou,
        Yaku::Kokushi,
        Yaku::Shousuushii,
        Yaku::Suukantsu,
        Yaku::ChuurenPoutou,
        Yaku::JunseiChuuren,
        Yaku::SuuankouTanki,
        Yaku::Kokushi13,
        Yaku::Daisuushii,
    ];

    /// The stable id (Tenhou's numbering, as in the test vectors). Ids 31-34 are dora,
    /// red fives, ura dora and kita, which are counts rather than yaku; 46 is unused.
    pub const fn id(self) -> u8 {
        match self {
            Yaku::MenzenTsumo => 1,
            Yaku::Riichi => 2,
            Yaku::Chankan => 3,
            Yaku::Rinshan => 4,
            Yaku::Haitei => 5,
            Yaku::Houtei => 6,
            Yaku::Haku => 7,
            Yaku::Hatsu => 8,
            Yaku::Chun => 9,
            Yaku::SeatWind => 10,
            Yaku::RoundWind => 11,
            Yaku::Tanyao => 12,
            Yaku::Iipeikou => 13,
            Yaku::Pinfu => 14,
            Yaku::Chanta => 15,
            Yaku::Ittsu => 16,
            Yaku::SanshokuDoujun => 17,
            Yaku::DoubleRiichi => 18,
            Yaku::SanshokuDoukou => 19,
            Yaku::Sankantsu => 20,
            Yaku::Toitoi => 21,
            Yaku::Sanankou => 22,
            Yaku::Shousangen => 23,
            Yaku::Honroutou => 24,
            Yaku::Chiitoitsu => 25,
            Yaku::Junchan => 26,
            Yaku::Honitsu => 27,
            Yaku::Ryanpeikou => 28,
            Yaku::Chinitsu => 29,
            Yaku::Ippatsu => 30,
            Yaku::Tenhou => 35,
            Yaku::Chiihou => 36,
            Yaku::Daisangen => 37,
            Yaku::Suuankou => 38,
            Yaku::Tsuuiisou => 39,
            Yaku::Ryuuiisou => 40,
            Yaku::Chinroutou => 41,
            Yaku::Kokushi => 42,
            Yaku::Shousuushii => 43,
            Yaku::Suukantsu => 44,
            Yaku::ChuurenPoutou => 45,
            Yaku::JunseiChuuren => 47,
            Yaku::SuuankouTanki => 48,
            Yaku::Kokushi13 => 49,
            Yaku::Daisuushii => 50,
        }
    }

    /// The yaku with this id, if any.
    pub fn from_id(id: u8) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|yaku| yaku.id() == id)
    }

    /// The name to show a player, in romaji.
    pub const fn name(self) -> &'static str {
        match self {
            Yaku::MenzenTsumo => "Menzen Tsumo",
            Yaku::Riichi => "Riichi",
            Yaku::Chankan => "Chankan",
            Yaku::Rinshan => "Rinshan Kaihou",
            Yaku::Haitei => "Haitei Raoyue",
            Yaku::Houtei => "Houtei Raoyui",
            Yaku::Haku => "Yakuhai (haku)",
            Yaku::Hatsu => "Yakuhai (hatsu)",
            Yaku::Chun => "Yakuhai (chun)",
            Yaku::SeatWind => "Yakuhai (seat wind)",
            Yaku::RoundWind => "Yakuhai (round wind)",
            Yaku::Tanyao => "Tanyao",
            Yaku::Iipeikou => "Iipeikou",
            Yaku::Pinfu => "Pinfu",
            Yaku::Chanta => "Chanta",
            Yaku::Ittsu => "Ittsu",
            Yaku::SanshokuDoujun => "Sanshoku Doujun",
            Yaku::DoubleRiichi => "Double Riichi",
            Yaku::SanshokuDoukou => "Sanshoku Doukou",
            Yaku::Sankantsu => "Sankantsu",
            Yaku::Toitoi => "Toitoi",
            Yaku::Sanankou => "Sanankou",
            Yaku::Shousangen => "Shousangen",
            Yaku::Honroutou => "Honroutou",
            Yaku::Chiitoitsu => "Chiitoitsu",
            Yaku::Junchan => "Junchan",
            Yaku::Honitsu => "Honitsu",
            Yaku::Ryanpeikou => "Ryanpeikou",
            Yaku::Chinitsu => "Chinitsu",
            Yaku::Ippatsu => "Ippatsu",
            Yaku::Tenhou => "Tenhou",
            Yaku::Chiihou => "Chiihou",
            Yaku::Daisangen => "Daisangen",
            Yaku::Suuankou => "Suuankou",
            Yaku::Tsuuiisou => "Tsuuiisou",
            Yaku::Ryuuiisou => "Ryuuiisou",
            Yaku::Chinroutou => "Chinroutou",
            Yaku::Kokushi => "Kokushi Musou",
            Yaku::Shousuushii => "Shousuushii",
            Yaku::Suukantsu => "Suukantsu",
            Yaku::ChuurenPoutou => "Chuuren Poutou",
            Yaku::JunseiChuuren => "Junsei Chuuren Poutou",
            Yaku::SuuankouTanki => "Suuankou Tanki",
            Yaku::Kokushi13 => "Kokushi Musou (13-sided)",
            Yaku::Daisuushii => "Daisuushii",
        }
    }
}

/// The yaku of one reading of a hand with their han, kept in a fixed array because
/// scoring tries many readings and keeps one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct YakuList {
    items: [(Yaku, u8); 16],
    len: usize,
}

impl YakuList {
    /// An empty list.
    pub fn new() -> YakuList {
        YakuList {
            items: [(Yaku::Riichi, 0); 16],
            len: 0,
        }
    }

    /// Adds `yaku` worth `han`. No hand holds more than 16 yaku at once.
    pub fn push(&mut self, yaku: Yaku, han: u8) {
        self.items[self.len] = (yaku, han);
        self.len += 1;
    }

    /// The yaku found so far.
    pub fn as_slice(&self) -> &[(Yaku, u8)] {
        &self.items[..self.len]
    }

    /// Whether none was found.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Their han together.
    pub fn han(&self) -> u8 {
        self.as_slice()
            .iter()
            .fold(0u8, |sum, &(_, han)| sum.saturating_add(han))
    }
}
