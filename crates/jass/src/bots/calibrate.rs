//! Fits the trumpf-choice weights of [`super::hand_value`] from played-out deals.
//!
//! Ignored by default (it plays tens of thousands of deals); run it in release:
//!
//! ```text
//! cargo test --release -p jass --lib calibrate -- --ignored --nocapture
//! ```
//!
//! For random deals it lets seat 0 declare each mode in turn, plays the deal out with
//! [`HeuristicBot`] in all seats (multipliers off) and records the hand's features and
//! the point difference team 0 made. A ridge least-squares fit per mode family gives
//! the weights; then it measures, for the schiebe threshold, how the declaring team does
//! when seat 0 declares its best mode versus pushing to seat 2.

use super::hand_value::{estimate, features, FEATURES};
use super::{HeuristicBot, Strategy};
use crate::{Action, Config, Game, Mode, Position};
use cards::seeded_rng;
use rand::Rng;

/// Plays deal `hands` with seat 0 choosing by `first` (and seat 2 after a push); returns
/// team 0's points minus team 1's.
fn play_out(config: Config, hands: [cards::CardSet; 4], first: Action) -> f64 {
    let position = Position {
        totals: [0, 0],
        number: 1,
        hands,
    };
    let (mut game, _) = Game::from_position(config, seeded_rng(0), position).expect("valid");
    let mut rng = seeded_rng(1);
    game.apply(0, first).expect("a legal first action");
    while game.deal_number() == 1 {
        let seat = game.to_act().expect("in progress");
        let legal = game.legal_actions(seat);
        let action = HeuristicBot.choose(&game.view(seat), &legal, &mut rng);
        game.apply(seat, action).expect("legal");
    }
    let [a, b] = game.totals();
    f64::from(a) - f64::from(b)
}

/// Solves `(XᵀX + λI) w = Xᵀy` (λ = 1) by Gauss-Jordan elimination.
fn fit(rows: &[([f64; FEATURES], f64)]) -> [f64; FEATURES] {
    // The augmented matrix [XᵀX + λI | Xᵀy].
    let mut a = [[0.0; FEATURES + 1]; FEATURES];
    for (x, y) in rows {
        for (row, xi) in a.iter_mut().zip(x) {
            for (cell, xj) in row.iter_mut().zip(x) {
                *cell += xi * xj;
            }
            row[FEATURES] += xi * y;
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1.0;
    }
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let pivot_row = a[col];
        if pivot_row[col] == 0.0 {
            continue;
        }
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (cell, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *cell -= f * p;
                }
            }
        }
    }
    std::array::from_fn(|i| {
        if a[i][i] == 0.0 {
            0.0
        } else {
            a[i][FEATURES] / a[i][i]
        }
    })
}

fn r_squared(rows: &[([f64; FEATURES], f64)], w: &[f64; FEATURES]) -> f64 {
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / rows.len() as f64;
    let (mut res, mut tot) = (0.0, 0.0);
    for (x, y) in rows {
        let p: f64 = x.iter().zip(w).map(|(a, b)| a * b).sum();
        res += (y - p) * (y - p);
        tot += (y - mean) * (y - mean);
    }
    1.0 - res / tot
}

#[test]
#[ignore = "slow: plays tens of thousands of deals; run in release with --ignored"]
fn calibrate() {
    let plain = Config {
        multipliers: false,
        target: 100_000,
    };
    let deals = 30_000;
    let mut families: [Vec<([f64; FEATURES], f64)>; 3] = Default::default();
    let mut rng = seeded_rng(42);
    for _ in 0..deals {
        let (dealt, _) = Game::new(
            plain,
            cards::GameRng::clone(&{
                use rand::Rng;
                seeded_rng(rng.gen())
            }),
        );
        let hands = [0, 1, 2, 3].map(|s| dealt.hand(s));
        for mode in Mode::ALL {
            let diff = play_out(plain, hands, Action::Choose(mode));
            let family = match mode {
                Mode::Trumpf(_) => 0,
                Mode::Obeabe => 1,
                Mode::Undeufe => 2,
            };
            families[family].push((features(hands[0], mode), diff));
        }
    }
    for (name, rows) in ["TRUMPF", "OBEABE", "UNDEUFE"].iter().zip(&families) {
        let w = fit(rows);
        println!(
            "{name} (R² {:.3}): {:?}",
            r_squared(rows, &w),
            w.map(|x| (x * 10.0).round() / 10.0)
        );
    }

    // The schiebe threshold: compare declaring the best mode with pushing, by estimate.
    let config = Config::default();
    let mut buckets = [(0.0f64, 0.0f64, 0u32); 24];
    for _ in 0..deals / 3 {
        let (dealt, _) = Game::new(config, seeded_rng(rng.gen()));
        let hands = [0, 1, 2, 3].map(|s| dealt.hand(s));
        let (mode, value) = Mode::ALL
            .into_iter()
            .map(|m| (m, f64::from(config.factor(m)) * estimate(hands[0], m)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("six modes");
        let declared = play_out(config, hands, Action::Choose(mode));
        let pushed = play_out(config, hands, Action::Schiebe);
        let bucket = ((value + 120.0) / 20.0).clamp(0.0, 23.0) as usize;
        buckets[bucket].0 += declared;
        buckets[bucket].1 += pushed;
        buckets[bucket].2 += 1;
    }
    for (i, (d, p, n)) in buckets.iter().enumerate().filter(|b| b.1 .2 > 0) {
        let n = f64::from(*n);
        println!(
            "best estimate {:>5}..{:>5}: n {n:>5}, declare {:>7.1}, push {:>7.1}",
            i as i32 * 20 - 120,
            i as i32 * 20 - 100,
            d / n,
            p / n
        );
    }
}
