//! The Glicko-2 internal scale and the two functions the update is built from.
//!
//! Glicko-2 computes on a scale where 1500 is 0 and one unit is 400/ln 10 ≈ 173.7178
//! rating points (the paper's constant), so that expected scores are plain logistic
//! functions.

use std::f64::consts::{LN_10, PI};

/// Rating points per unit of the internal scale (the paper's 173.7178).
const SCALE: f64 = 400.0 / LN_10;
/// The rating that is 0 on the internal scale.
const CENTER: f64 = 1500.0;

/// μ of a rating (step 2 of the paper).
pub(crate) fn mu(rating: f64) -> f64 {
    (rating - CENTER) / SCALE
}

/// A deviation or a rating difference in internal units (φ of a deviation, step 2).
pub(crate) fn from_points(points: f64) -> f64 {
    points / SCALE
}

/// Internal units back in rating points (step 8). Rating *changes* are converted this
/// way and added to the old rating, so a rating that does not move comes back exactly.
pub(crate) fn to_points(units: f64) -> f64 {
    units * SCALE
}

/// g(φ): how much an opponent's result counts given how unsure their rating is
/// (1 for a certain opponent, less for an uncertain one).
pub(crate) fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μⱼ, φⱼ): the score a player at `mu` is expected to make against an opponent at
/// `opponent_mu` whose result counts `weight`.
pub(crate) fn expected(mu: f64, opponent_mu: f64, weight: f64) -> f64 {
    1.0 / (1.0 + (-weight * (mu - opponent_mu)).exp())
}
