//! Step 5 of Glicko-2: the new volatility, found with the Illinois algorithm.
//!
//! The new volatility σ′ is e^(x/2) for the root x of
//!
//! f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − ln σ²) / τ²
//!
//! which is strictly decreasing, so a bracket around the root can be narrowed by the
//! Illinois variant of regula falsi, as the paper does.

/// When the bracket is this narrow (on the log-variance scale) the root is found; the
/// paper's ε.
const EPSILON: f64 = 1e-6;

/// A guard against floating-point stalls: the Illinois algorithm needs a handful of
/// steps for any sane input, so this many means the bracket cannot narrow further.
const MAX_STEPS: usize = 100;

/// What the volatility update needs to know about the player and the period.
pub(crate) struct Inputs {
    /// The current volatility σ.
    pub sigma: f64,
    /// The deviation φ on the internal scale.
    pub phi: f64,
    /// The estimated variance v of the rating from the period's games.
    pub variance: f64,
    /// The estimated improvement Δ from the period's games.
    pub delta: f64,
    /// The system constant τ.
    pub tau: f64,
}

/// The volatility σ′ after the period.
pub(crate) fn new_volatility(inputs: &Inputs) -> f64 {
    let Inputs {
        sigma,
        phi,
        variance,
        delta,
        tau,
    } = *inputs;
    let a = (sigma * sigma).ln();
    let spread = phi * phi + variance;
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = spread + ex;
        ex * (delta * delta - spread - ex) / (2.0 * denominator * denominator)
            - (x - a) / (tau * tau)
    };

    // Bracket the root between A and B (f changes sign between them).
    let mut lo = a;
    let mut hi = if delta * delta > spread {
        (delta * delta - spread).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_lo = f(lo);
    let mut f_hi = f(hi);

    // Illinois: regula falsi, halving the stale end's value so it keeps moving.
    for _ in 0..MAX_STEPS {
        if (hi - lo).abs() <= EPSILON {
            break;
        }
        let c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
        let f_c = f(c);
        if f_c * f_hi <= 0.0 {
            lo = hi;
            f_lo = f_hi;
        } else {
            f_lo /= 2.0;
        }
        hi = c;
        f_hi = f_c;
    }
    let found = (lo / 2.0).exp();
    if found.is_finite() && found > 0.0 {
        found
    } else {
        sigma
    }
}
