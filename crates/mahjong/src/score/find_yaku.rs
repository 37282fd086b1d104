//! The ordinary yaku (everything below yakuman), with Tenhou's han: several are worth
//! one han less when the hand is open, and some need a closed hand.

use super::fu::is_pinfu;
use super::hand::WinningHand;
use super::reading::{BlockShape, Reading, Standard};
use super::yaku::{Yaku, YakuList};
use super::WinContext;
use crate::tile::{Kind, Wind};

/// Adds the ordinary yaku of `reading` to `out`.
pub(crate) fn find(hand: &WinningHand, reading: &Reading, ctx: &WinContext, out: &mut YakuList) {
    situational(hand, ctx, out);
    match reading {
        Reading::Standard(standard) => sets(hand, standard, ctx, out),
        Reading::SevenPairs => out.push(Yaku::Chiitoitsu, 2),
        Reading::ThirteenOrphans { .. } => {}
    }
    tiles(hand, out);
}

/// Yaku from how and when the hand won rather than from its tiles.
fn situational(hand: &WinningHand, ctx: &WinContext, out: &mut YakuList) {
    if ctx.double_riichi {
        out.push(Yaku::DoubleRiichi, 2);
    } else if ctx.riichi {
        out.push(Yaku::Riichi, 1);
    }
    let flags = [
        (ctx.ippatsu, Yaku::Ippatsu),
        (hand.closed && ctx.tsumo, Yaku::MenzenTsumo),
        (ctx.chankan, Yaku::Chankan),
        (ctx.rinshan, Yaku::Rinshan),
        (ctx.haitei, Yaku::Haitei),
        (ctx.houtei, Yaku::Houtei),
    ];
    for (applies, yaku) in flags {
        if applies {
            out.push(yaku, 1);
        }
    }
}

/// Yaku that only look at which tiles the hand holds, whatever its shape.
fn tiles(hand: &WinningHand, out: &mut YakuList) {
    let closed_bonus = u8::from(hand.closed);
    if hand.all_tiles(|kind| !kind.is_terminal_or_honor()) {
        out.push(Yaku::Tanyao, 1);
    }
    if hand.all_tiles(Kind::is_terminal_or_honor) {
        out.push(Yaku::Honroutou, 2);
    }
    let suits = [0, 9, 18]
        .iter()
        .filter(|&&start| hand.all[start..start + 9].iter().any(|&c| c > 0))
        .count();
    let honors = hand.all[27..].iter().any(|&c| c > 0);
    match (suits, honors) {
        (1, true) => out.push(Yaku::Honitsu, 2 + closed_bonus),
        (1, false) => out.push(Yaku::Chinitsu, 5 + closed_bonus),
        _ => {}
    }
}

/// Yaku from the sets and pair of a standard reading.
fn sets(hand: &WinningHand, standard: &Standard, ctx: &WinContext, out: &mut YakuList) {
    let closed_bonus = u8::from(hand.closed);
    let runs = || {
        standard
            .sets
            .iter()
            .filter(|set| set.shape == BlockShape::Run)
    };
    let triplets = || standard.sets.iter().filter(|set| set.is_triplet());
    let has_run = |first: usize| runs().any(|set| set.first == first);
    let has_triplet = |first: usize| triplets().any(|set| set.first == first);

    for set in triplets() {
        for yaku in value_yaku(set.first, ctx).into_iter().flatten() {
            out.push(yaku, 1);
        }
    }
    if is_pinfu(hand, standard, ctx) {
        out.push(Yaku::Pinfu, 1);
    }
    if hand.closed {
        match identical_run_pairs(standard) {
            2 => out.push(Yaku::Ryanpeikou, 3),
            1 => out.push(Yaku::Iipeikou, 1),
            _ => {}
        }
    }
    let every_block_outside = standard.sets.iter().all(|set| set.has_terminal_or_honor())
        && Kind::new(standard.pair as u8).is_some_and(Kind::is_terminal_or_honor);
    if every_block_outside && runs().next().is_some() {
        let honors = hand.all[27..].iter().any(|&c| c > 0);
        if honors {
            out.push(Yaku::Chanta, 1 + closed_bonus);
        } else {
            out.push(Yaku::Junchan, 2 + closed_bonus);
        }
    }
    if [0, 9, 18]
        .iter()
        .any(|&s| has_run(s) && has_run(s + 3) && has_run(s + 6))
    {
        out.push(Yaku::Ittsu, 1 + closed_bonus);
    }
    if (0..7).any(|n| has_run(n) && has_run(n + 9) && has_run(n + 18)) {
        out.push(Yaku::SanshokuDoujun, 1 + closed_bonus);
    }
    if (0..9).any(|n| has_triplet(n) && has_triplet(n + 9) && has_triplet(n + 18)) {
        out.push(Yaku::SanshokuDoukou, 2);
    }
    let kans = standard
        .sets
        .iter()
        .filter(|set| set.shape == BlockShape::Kan)
        .count();
    if kans == 3 {
        out.push(Yaku::Sankantsu, 2);
    }
    if triplets().count() == 4 {
        out.push(Yaku::Toitoi, 2);
    }
    if triplets().filter(|set| set.concealed).count() == 3 {
        out.push(Yaku::Sanankou, 2);
    }
    let dragon = |kind: usize| kind >= Kind::WHITE.index();
    if triplets().filter(|set| dragon(set.first)).count() == 2 && dragon(standard.pair) {
        out.push(Yaku::Shousangen, 2);
    }
}

/// The yakuhai a set of `kind` earns: its dragon, or the seat and round wind (both for
/// a wind that is both).
fn value_yaku(kind: usize, ctx: &WinContext) -> [Option<Yaku>; 2] {
    let is = |wind: Option<Wind>| wind.is_some_and(|wind| Kind::wind(wind).index() == kind);
    match kind {
        31 => [Some(Yaku::Haku), None],
        32 => [Some(Yaku::Hatsu), None],
        33 => [Some(Yaku::Chun), None],
        _ => [
            is(ctx.seat_wind).then_some(Yaku::SeatWind),
            is(ctx.round_wind).then_some(Yaku::RoundWind),
        ],
    }
}

/// How many pairs of identical runs the reading holds (two for ryanpeikou).
fn identical_run_pairs(standard: &Standard) -> usize {
    let mut runs = [usize::MAX; 4];
    let mut len = 0;
    for set in standard
        .sets
        .iter()
        .filter(|set| set.shape == BlockShape::Run)
    {
        runs[len] = set.first;
        len += 1;
    }
    let runs = &mut runs[..len];
    runs.sort_unstable();
    let mut pairs = 0;
    let mut i = 0;
    while i + 1 < runs.len() {
        if runs[i] == runs[i + 1] {
            pairs += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    pairs
}
