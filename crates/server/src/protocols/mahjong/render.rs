//! The text of every message parlor sends over mmj1, one per line.
//!
//! Canonical spellings (clients must accept any case; parlor writes lower case, as the
//! seed's examples do): numbered tiles `c1`-`c9` (characters), `d1`-`d9` (dots),
//! `b1`-`b9` (bamboo), red fives `c0` `d0` `b0` (Tenhou's notation) when the table plays
//! them, winds `we ws ww wn`, dragons `dr dg dw`, `?` for a face the receiver may not see.
//! Places `k`, `w000`-`w135`, `r00`-`r11`, `a0`-`a9`, `h1`, `d1`, `f1`, `m10`, player IDs
//! 1-4.

pub use crate::record::mahjong::spelling::{face, kind, push_face, wind};
use mahjong::game::{DrawKind, Move, Place, Win};
use mahjong::{Limit, Payment, Wind};
use std::fmt::Write;

/// A counted string: `N:DATA`.
fn counted(text: &str) -> String {
    format!("{}:{text}", text.len())
}

/// A player ID, 1-4, for a seat 0..4.
fn id(seat: usize) -> usize {
    seat + 1
}

/// A place's name.
pub fn place(p: Place) -> String {
    let mut out = String::with_capacity(4);
    push_place(&mut out, p);
    out
}

/// A place's name written at the end of `out`.
fn push_place(out: &mut String, p: Place) {
    let (letter, number, digits) = match p {
        Place::Deck => return out.push('k'),
        Place::Wall(n) => ('w', usize::from(n), 3),
        Place::Replacement(n) => ('r', usize::from(n), 2),
        Place::DoraWall(n) => ('a', usize::from(n), 1),
        Place::Hand(s) => ('h', id(s.into()), 1),
        Place::Discards(s) => ('d', id(s.into()), 1),
        Place::Flowers(s) => ('f', id(s.into()), 1),
        Place::Meld(s, n) => {
            out.push('m');
            push_digits(out, id(s.into()), 1);
            return push_digits(out, usize::from(n), 1);
        }
    };
    out.push(letter);
    push_digits(out, number, digits);
}

/// `n` in at least `width` digits, zeros in front.
fn push_digits(out: &mut String, n: usize, width: usize) {
    let mut digits = [b'0'; 20];
    let mut at = digits.len();
    let mut rest = n;
    while rest > 0 || digits.len() - at < width.max(1) {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// `move T P P` as `seat` sees it, written in one string.
pub fn move_for(m: &Move, seat: usize, red_fives: bool) -> String {
    let mut line = String::with_capacity(16);
    line.push_str("move ");
    push_face(&mut line, m.face_for(seat), red_fives);
    line.push(' ');
    push_place(&mut line, m.from);
    line.push(' ');
    push_place(&mut line, m.to);
    line
}

/// `game I C C C C`: names are cut to 64 bytes (at a character boundary).
pub fn game(you: usize, names: &[String; 4]) -> String {
    let mut line = format!("game {}", id(you));
    for name in names {
        let mut end = name.len().min(64);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        write!(line, " {}", counted(&name[..end])).expect("writing to a String");
    }
    line
}

/// `newhand W W W W W`
pub fn newhand(round: Wind, winds: &[Wind; 4]) -> String {
    let mut line = format!("newhand {}", wind(round));
    for w in winds {
        write!(line, " {}", wind(*w)).expect("writing to a String");
    }
    line
}

/// Extension: `score N. N. N. N. N. N.`: each player's points, then honba and riichi
/// sticks on the table. Sent after every `newhand` and at the end of the game.
pub fn score(scores: &[i32; 4], honba: u8, sticks: u8) -> String {
    let mut line = String::from("score");
    for s in scores {
        write!(line, " {s}.").expect("writing to a String");
    }
    write!(line, " {honba}. {sticks}.").expect("writing to a String");
    line
}

/// Extension: `gameover I I I I`: player IDs from first place to fourth.
pub fn gameover(ranks: &[u8; 4]) -> String {
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&s| ranks[s]);
    let mut line = String::from("gameover");
    for s in order {
        write!(line, " {}", id(s)).expect("writing to a String");
    }
    line
}

/// `break N M`
pub fn dice(d: [u8; 2]) -> String {
    format!("break {} {}", d[0], d[1])
}

/// `reject C:EXPL`; explanations are cut to the seed's 512 bytes.
pub fn reject(why: &str) -> String {
    let mut end = why.len().min(512);
    while !why.is_char_boundary(end) {
        end -= 1;
    }
    format!("reject {}", counted(&why[..end]))
}

/// `chat SRC OTHERDESTS . C:TEXT` for one receiver.
pub fn chat(from: usize, others: impl Iterator<Item = usize>, text: &str) -> String {
    let mut line = format!("chat {}", id(from));
    for o in others {
        write!(line, "{}", id(o)).expect("writing to a String");
    }
    write!(line, " . {}", counted(text)).expect("writing to a String");
    line
}

/// `draw`, for any kind of draw.
pub fn draw(_: &DrawKind) -> &'static str {
    "draw"
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
    let mut line = format!("win {}", id(w.winner));
    for (what, n) in entries {
        write!(line, " {} {n}.", counted(&what)).expect("writing to a String");
    }
    write!(line, " 0: {}.", gained(w.payment) + honba + sticks).expect("writing to a String");
    line
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

    #[test]
    fn spellings() {
        let t = |id| Tile::new(id).unwrap();
        assert_eq!(face(Some(t(16)), true), "c0");
        assert_eq!(face(Some(t(16)), false), "c5");
        assert_eq!(face(Some(t(17)), true), "c5");
        assert_eq!(face(Some(t(4 * 9 + 4)), true), "d2");
        assert_eq!(face(Some(t(4 * 18)), true), "b1");
        assert_eq!(face(Some(t(4 * 27)), true), "we");
        assert_eq!(face(Some(t(4 * 31)), true), "dw");
        assert_eq!(face(Some(t(4 * 33)), true), "dr");
        assert_eq!(face(None, true), "?");
        assert_eq!(place(Place::Wall(52)), "w052");
        assert_eq!(place(Place::Replacement(1)), "r01");
        assert_eq!(place(Place::Meld(3, 0)), "m40");
        assert_eq!(place(Place::Wall(0)), "w000");
        assert_eq!(place(Place::Wall(135)), "w135");
        assert_eq!(place(Place::Replacement(11)), "r11");
        assert_eq!(place(Place::DoraWall(0)), "a0");
        assert_eq!(place(Place::Deck), "k");
        assert_eq!(
            game(
                0,
                &["Jean".into(), "Chris".into(), "Pat".into(), "Mouse".into()]
            ),
            "game 1 4:Jean 5:Chris 3:Pat 5:Mouse"
        );
        assert_eq!(
            newhand(
                Wind::East,
                &[Wind::East, Wind::South, Wind::West, Wind::North]
            ),
            "newhand e e s w n"
        );
        assert_eq!(chat(1, [0, 3].into_iter(), "hi"), "chat 214 . 2:hi");
        assert_eq!(reject(&"x".repeat(600)).len(), "reject 512:".len() + 512);
        assert_eq!(
            score(&[25000, 24000, 26000, -100], 1, 2),
            "score 25000. 24000. 26000. -100. 1. 2."
        );
        assert_eq!(gameover(&[2, 1, 4, 3]), "gameover 2 1 4 3");
    }

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
