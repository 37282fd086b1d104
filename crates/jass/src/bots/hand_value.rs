//! How much a hand is worth in each mode before a card is played: the trumpf choice of
//! the rule-based bot.
//!
//! A hand is described by a few counts per mode ([`features`]: which trumps it holds, side
//! aces, kings behind aces, runs from the top in obeabe...) and the estimate is a linear
//! function of them: the expected point difference of the declaring team over one deal
//! (card points and bonuses, before the multiplier). The weights were fitted by least
//! squares on deals played out by [`super::HeuristicBot`] in all four seats (the
//! `calibrate` example prints them), so they describe how the bots actually play.

use crate::rules::{suit_cards, trump_order, Mode};
use cards::{Card, CardSet, Rank, Suit};

/// Number of features per mode family.
pub(crate) const FEATURES: usize = 14;

/// A hand's features for declaring `mode`.
pub(crate) fn features(hand: CardSet, mode: Mode) -> [f64; FEATURES] {
    match mode {
        Mode::Trumpf(t) => trumpf_features(hand, t),
        Mode::Obeabe => plain_features(hand, |r| r.number() - 6),
        Mode::Undeufe => plain_features(hand, |r| 14 - r.number()),
    }
}

fn trumpf_features(hand: CardSet, trumpf: Suit) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    let trumps = hand.intersection(suit_cards(trumpf));
    for card in trumps.iter() {
        // Buur, Nell, ace and the rest by the trumpf order.
        match trump_order(card.rank()) {
            8 => f[1] += 1.0,
            7 => f[2] += 1.0,
            6 => f[3] += 1.0,
            3..=5 => f[4] += 1.0,
            _ => f[5] += 1.0,
        }
    }
    f[6] = (trumps.len() as f64 - 3.0).max(0.0);
    for suit in Suit::ALL.into_iter().filter(|&s| s != trumpf) {
        let side = hand.intersection(suit_cards(suit));
        let has = |rank| side.contains(Card::new(rank, suit));
        let ace = has(Rank::Ace);
        if ace {
            f[7] += 1.0;
        }
        if has(Rank::King) {
            f[if ace { 8 } else { 9 }] += 1.0;
        }
        if has(Rank::Ten) {
            f[if ace { 10 } else { 11 }] += 1.0;
        }
        if side.is_empty() {
            f[12] += 1.0;
        }
        if side.len() == 1 && !ace {
            f[13] += 1.0;
        }
    }
    f
}

/// Features of a mode without trumpf, where `power` ranks a card within its suit
/// (8 is the top card: the ace in obeabe, the six in undeufe).
fn plain_features(hand: CardSet, power: impl Fn(Rank) -> u8) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    for suit in Suit::ALL {
        let mut by_power = [false; 9];
        let mut length = 0;
        for card in hand.intersection(suit_cards(suit)).iter() {
            by_power[usize::from(power(card.rank()))] = true;
            length += 1;
        }
        // The run of top cards: each wins its trick once the ones above are gone.
        let run = (0..9).rev().take_while(|&p| by_power[p]).count();
        match run {
            0 => {}
            1 => f[1] += 1.0,
            2 => f[2] += 1.0,
            3 => f[3] += 1.0,
            _ => f[4] += 1.0,
        }
        f[5] += run as f64;
        if run > 0 {
            // Length behind a run comes home once the suit is cleared.
            f[6] += (length - run) as f64;
        }
        if run == 0 {
            // The second-best card guarded by a smaller one may win later.
            if by_power[7] {
                f[7] += if length >= 2 { 1.0 } else { 0.0 };
                f[8] += if length < 2 { 1.0 } else { 0.0 };
            }
            if by_power[6] && !by_power[7] {
                f[9] += 1.0;
            }
        }
        if length == 0 {
            f[10] += 1.0;
        }
        // Bottom cards are sure losers.
        f[11] += (0..3).filter(|&p| by_power[p]).count() as f64;
        f[12] += if length >= 5 { 1.0 } else { 0.0 };
        f[13] += if run >= 1 && length >= 4 { 1.0 } else { 0.0 };
    }
    f
}

/// Weights for trumpf, obeabe and undeufe, in the order of [`features`].
pub(crate) const TRUMPF_WEIGHTS: [f64; FEATURES] = [
    -69.8, 50.1, 38.4, 28.6, 17.4, 13.7, 7.4, 9.5, 10.2, 4.9, 0.1, 0.7, 4.4, 0.2,
];
pub(crate) const OBEABE_WEIGHTS: [f64; FEATURES] = [
    -49.0, 11.7, 27.3, 33.6, 37.0, 12.7, 3.1, 15.0, -1.6, 0.8, 4.2, -2.1, 7.8, 7.6,
];
pub(crate) const UNDEUFE_WEIGHTS: [f64; FEATURES] = [
    -48.5, 15.8, 29.2, 37.3, 35.7, 11.0, 2.4, 13.9, 2.2, 3.1, 4.6, -2.6, 8.7, 5.1,
];

/// The expected point difference (declaring team minus the others, before the
/// multiplier) of declaring `mode` with `hand`.
pub(crate) fn estimate(hand: CardSet, mode: Mode) -> f64 {
    let weights = match mode {
        Mode::Trumpf(_) => &TRUMPF_WEIGHTS,
        Mode::Obeabe => &OBEABE_WEIGHTS,
        Mode::Undeufe => &UNDEUFE_WEIGHTS,
    };
    features(hand, mode)
        .iter()
        .zip(weights)
        .map(|(f, w)| f * w)
        .sum()
}
