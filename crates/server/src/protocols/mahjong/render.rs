//! The messages parlor sends over mmj1, made from the game's events and state; their
//! text is [`parlor_wire::mmj1::ServerMsg`]'s, written once for the server and clients.

use mahjong::game::{Move, Win};
use mahjong::{Limit, Payment, Wind};
use parlor_wire::mmj1::{ServerMsg, TileName};

/// `move T P P` as `seat` sees it.
pub fn move_for(m: &Move, seat: usize, red_fives: bool) -> String {
    let face = TileName::of(m.face_for(seat), red_fives);
    ServerMsg::Move {
        face,
        from: m.from,
        to: m.to,
    }
    .line()
}

/// `game I C C C C` for the person at `you`, with the seats' `names`.
pub fn game(you: usize, names: &[String]) -> String {
    let names = std::array::from_fn(|s| names.get(s).cloned().unwrap_or_default());
    ServerMsg::Game { you, names }.line()
}

/// `newhand W W W W W`
pub fn newhand(round: Wind, winds: &[Wind; 4]) -> String {
    let winds = *winds;
    ServerMsg::NewHand { round, winds }.line()
}

/// Extension: `score N. N. N. N. N. N.`: each player's points, then honba and riichi
/// sticks on the table. Sent after every `newhand` and at the end of the game.
pub fn score(scores: &[i32; 4], honba: u8, sticks: u8) -> String {
    ServerMsg::Score {
        scores: scores.map(i64::from),
        honba: i64::from(honba),
        sticks: i64::from(sticks),
    }
    .line()
}

/// Extension: `gameover I I I I`: player IDs from first place to fourth.
pub fn gameover(ranks: &[u8; 4]) -> String {
    let mut order = [0, 1, 2, 3];
    order.sort_by_key(|&s| ranks[s]);
    ServerMsg::GameOver(order).line()
}

/// `break N M`
pub fn dice(dice: [u8; 2]) -> String {
    ServerMsg::Break(dice).line()
}

/// `reject C:EXPL` (cut to the seed's 512 bytes).
pub fn reject(why: &str) -> String {
    ServerMsg::Reject(why.to_owned()).line()
}

/// `chat SRC OTHERDESTS . C:TEXT` for one receiver.
pub fn chat(from: usize, others: impl Iterator<Item = usize>, text: &str) -> String {
    let others = others.fold(0u8, |mask, seat| mask | 1 << seat);
    let text = text.to_owned();
    ServerMsg::Chat { from, others, text }.line()
}

/// `win I` and the breakdown, each entry with the points it brings, as the seed asks: the
/// fu first (the points of the hand before any han), then each yaku, dora, red fives and
/// ura dora with its han in its name and what its han add (each han doubles the hand up
/// to its limit, so a han past the limit adds 0), the limit by name (0: it is the cap the
/// han already reached), honba and riichi sticks; the entries add up to the zero-length
/// total, everything the winner gains from the hand.
pub fn win(w: &Win) -> String {
    let a = &w.agari;
    let tsumo = w.from.is_none();
    let dealer = a.payment(true, tsumo) == w.payment;
    // What the winner would gain with `han` of this hand's han.
    let value = |han: u8| -> i64 {
        let limit = match a.limit {
            Limit::Yakuman(_) => Limit::Yakuman(han / 13),
            _ => Limit::for_han_fu(han, a.fu),
        };
        let hand = mahjong::Agari {
            han,
            limit,
            ..a.clone()
        };
        gained(hand.payment(dealer, tsumo))
    };
    let mut entries: Vec<(String, i64)> = Vec::new();
    let mut han = 0;
    let mut before = value(0);
    if a.fu > 0 {
        entries.push((format!("{} fu", a.fu), before));
    }
    let mut add = |name: String, n: u8| {
        han += n;
        let now = value(han);
        entries.push((name, now - before));
        before = now;
    };
    for (y, n) in &a.yaku {
        add(format!("{} ({})", y.name(), han_text(*n)), *n);
    }
    for (what, n) in [("Dora", a.dora), ("Red fives", a.aka), ("Ura dora", a.ura)] {
        if n > 0 {
            add(format!("{what} ({})", han_text(n)), n);
        }
    }
    let limit = match a.limit {
        Limit::Mangan => Some("Mangan"),
        Limit::Haneman => Some("Haneman"),
        Limit::Baiman => Some("Baiman"),
        Limit::Sanbaiman => Some("Sanbaiman"),
        Limit::KazoeYakuman => Some("Kazoe yakuman"),
        Limit::None | Limit::Yakuman(_) => None,
    };
    if let Some(name) = limit {
        entries.push((name.into(), 0));
    }
    let honba = 300 * i64::from(w.honba);
    let sticks = 1000 * i64::from(w.sticks);
    if honba > 0 {
        entries.push((format!("Honba ({})", w.honba), honba));
    }
    if sticks > 0 {
        entries.push((format!("Riichi sticks ({})", w.sticks), sticks));
    }
    ServerMsg::Win {
        winner: w.winner,
        entries,
        total: gained(w.payment) + honba + sticks,
    }
    .line()
}

/// What the winner gains from a payment (before honba and sticks).
fn gained(payment: Payment) -> i64 {
    i64::from(match payment {
        Payment::Ron(p) => p,
        Payment::DealerTsumo(each) => 3 * each,
        Payment::Tsumo { dealer, other } => dealer + 2 * other,
    })
}

/// `1 han`, `yakuman`, `2x yakuman`.
fn han_text(han: u8) -> String {
    match han {
        0..13 => format!("{han} han"),
        13..26 => "yakuman".into(),
        _ => format!("{}x yakuman", han / 13),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong::Tile;

    /// A win as the breakdown shows it: with `yaku`, `dora`, `fu` and `limit`, paid
    /// `payment`, with `sticks` riichi sticks.
    fn a_win(
        yaku: Vec<(mahjong::Yaku, u8)>,
        dora: u8,
        fu: u8,
        payment: Payment,
        sticks: u8,
    ) -> Win {
        let han = yaku.iter().map(|(_, h)| h).sum::<u8>() + dora;
        let limit = match yaku.iter().map(|(_, h)| *h).max() {
            Some(13..) => Limit::Yakuman(han / 13),
            _ => Limit::for_han_fu(han, fu),
        };
        let t = Tile::new(0).unwrap();
        Win {
            winner: 1,
            from: Some(0),
            tile: t,
            hand: vec![t],
            agari: mahjong::Agari {
                yaku,
                dora,
                aka: 0,
                ura: 0,
                han,
                fu,
                limit,
            },
            payment,
            honba: 0,
            sticks,
            deltas: [0; 4],
            scores: [0; 4],
        }
    }

    #[test]
    fn each_entry_brings_its_points_and_they_add_up() {
        use mahjong::Yaku;
        let w = a_win(
            vec![(Yaku::Riichi, 1), (Yaku::Tanyao, 1)],
            2,
            30,
            Payment::Ron(7700),
            0,
        );
        assert_eq!(
            win(&w),
            "win 2 5:30 fu 500. 14:Riichi (1 han) 500. 14:Tanyao (1 han) 1000. 12:Dora (2 han) 5700. 0: 7700."
        );
        // Past the limit a han brings nothing; the limit is named.
        let w = a_win(
            vec![(Yaku::Riichi, 1), (Yaku::Tanyao, 1)],
            4,
            30,
            Payment::Ron(12000),
            1,
        );
        assert_eq!(
            win(&w),
            "win 2 5:30 fu 500. 14:Riichi (1 han) 500. 14:Tanyao (1 han) 1000. 12:Dora (4 han) 10000. \
             7:Haneman 0. 17:Riichi sticks (1) 1000. 0: 13000."
        );
        let w = a_win(vec![(Yaku::Kokushi, 13)], 0, 0, Payment::Ron(32000), 0);
        assert_eq!(win(&w), "win 2 23:Kokushi Musou (yakuman) 32000. 0: 32000.");
    }
}
