//! Properties of one rating period over random sane inputs (rating 0..4000, deviation
//! 1..500, volatility 0.001..0.5): results move ratings the right way, games narrow the
//! deviation and idleness widens it, equal players gain what they lose, and nothing
//! becomes NaN or infinite.

use proptest::prelude::*;
use rating::{rate, rate_period, Game, Outcome, Rating, Settings};

/// Any rating in the sane ranges.
fn any_rating() -> impl Strategy<Value = Rating> {
    (0.0..4000.0, 1.0..500.0, 0.001..0.5).prop_map(|(r, d, v)| Rating::new(r, d, v))
}

fn any_outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::Win), Just(Outcome::Draw), Just(Outcome::Loss)]
}

/// A period of up to seven games against any opponents with any results.
fn any_games() -> impl Strategy<Value = Vec<Game>> {
    games(0..8)
}

/// A period of one to seven games.
fn some_games() -> impl Strategy<Value = Vec<Game>> {
    games(1..8)
}

fn games(count: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Game>> {
    prop::collection::vec(
        (any_rating(), any_outcome()).prop_map(|(opponent, outcome)| Game { opponent, outcome }),
        count,
    )
}

/// Any τ in (and a little beyond) Glickman's recommended 0.3..1.2.
fn any_settings() -> impl Strategy<Value = Settings> {
    (0.2..1.5).prop_map(|tau| Settings {
        tau,
        ..Settings::default()
    })
}

/// The deviation a player would have after widening by volatility `sigma` alone
/// (step 6 of the paper), in rating points.
fn widened(deviation: f64, sigma: f64) -> f64 {
    const SCALE: f64 = 173.7178;
    let phi = deviation / SCALE;
    (phi * phi + sigma * sigma).sqrt() * SCALE
}

fn all(games: &[Game], outcome: Outcome) -> Vec<Game> {
    games.iter().map(|g| Game { outcome, ..*g }).collect()
}

/// Tolerance for comparisons that are exact in real arithmetic.
fn close(a: f64, b: f64) -> f64 {
    1e-9 * (1.0 + a.abs().max(b.abs()))
}

proptest! {
    #[test]
    fn a_win_never_lowers_and_a_loss_never_raises(
        player in any_rating(),
        games in any_games(),
        settings in any_settings(),
    ) {
        let won = rate(player, &all(&games, Outcome::Win), &settings);
        prop_assert!(won.rating >= player.rating, "{won:?}");
        let lost = rate(player, &all(&games, Outcome::Loss), &settings);
        prop_assert!(lost.rating <= player.rating, "{lost:?}");
    }

    #[test]
    fn turning_a_result_into_a_win_never_lowers_the_rating(
        player in any_rating(),
        games in some_games(),
        index in any::<prop::sample::Index>(),
        settings in any_settings(),
    ) {
        let mut better = games.clone();
        better[index.index(games.len())].outcome = Outcome::Win;
        let before = rate(player, &games, &settings);
        let after = rate(player, &better, &settings);
        prop_assert!(
            after.rating >= before.rating - close(after.rating, before.rating),
            "{before:?} -> {after:?}"
        );
    }

    /// Games never leave the deviation wider than the period's volatility alone would
    /// (steps 6 and 7). Whether it ends below the *old* deviation depends on where the
    /// player is: Glicko-2 deviations settle at an equilibrium, and a player already
    /// below it (or playing only foregone conclusions) widens by more than a period's
    /// games narrow; see the next property for the tournament's case.
    #[test]
    fn games_narrow_the_widened_deviation(
        player in any_rating(),
        games in some_games(),
        settings in any_settings(),
    ) {
        let after = rate(player, &games, &settings);
        let bound = widened(player.deviation, after.volatility);
        prop_assert!(after.deviation <= bound + close(after.deviation, bound), "{after:?}");
    }

    /// From the tournament's starting rating, any period against opponents within 400
    /// points (of any certainty, with any results) leaves the deviation smaller.
    #[test]
    fn deviation_shrinks_after_games_from_the_tournament_start(
        opponents in prop::collection::vec(
            (1100.0..1900.0, 1.0..500.0, 0.001..0.5, any_outcome()),
            1..8,
        ),
    ) {
        let settings = Settings::default();
        let games: Vec<Game> = opponents
            .into_iter()
            .map(|(r, d, v, outcome)| Game { opponent: Rating::new(r, d, v), outcome })
            .collect();
        let after = rate(settings.initial, &games, &settings);
        prop_assert!(after.deviation < settings.initial.deviation, "{after:?}");
    }

    #[test]
    fn deviation_grows_without_games(player in any_rating(), settings in any_settings()) {
        let after = rate(player, &[], &settings);
        prop_assert!(after.deviation > player.deviation, "{after:?}");
        prop_assert_eq!(after.rating, player.rating);
        prop_assert_eq!(after.volatility, player.volatility);
    }

    #[test]
    fn equal_players_gain_what_they_lose(player in any_rating(), settings in any_settings()) {
        let after = rate_period(&[player, player], &[(0, 1, Outcome::Win)], &settings);
        let gain = after[0].rating - player.rating;
        let loss = player.rating - after[1].rating;
        prop_assert!(gain > 0.0, "{after:?}");
        prop_assert!((gain - loss).abs() <= close(gain, loss), "{gain} vs {loss}");
        prop_assert!((after[0].deviation - after[1].deviation).abs() <= 1e-9);
        prop_assert!((after[0].volatility - after[1].volatility).abs() <= 1e-12);

        let drawn = rate_period(&[player, player], &[(0, 1, Outcome::Draw)], &settings);
        for side in drawn {
            prop_assert!((side.rating - player.rating).abs() <= close(side.rating, player.rating));
        }
    }

    #[test]
    fn ratings_stay_finite(
        player in any_rating(),
        games in any_games(),
        settings in any_settings(),
    ) {
        let after = rate(player, &games, &settings);
        prop_assert!(after.rating.is_finite(), "{after:?}");
        prop_assert!(after.deviation.is_finite() && after.deviation > 0.0, "{after:?}");
        prop_assert!(after.volatility.is_finite() && after.volatility > 0.0, "{after:?}");
    }

    #[test]
    fn a_whole_period_stays_finite(
        players in prop::collection::vec(any_rating(), 2..8),
        results in prop::collection::vec((0usize..64, 0usize..64, any_outcome()), 0..24),
        settings in any_settings(),
    ) {
        let n = players.len();
        let results: Vec<_> = results
            .into_iter()
            .map(|(a, b, outcome)| (a % n, b % n, outcome))
            .filter(|&(a, b, _)| a != b)
            .collect();
        let after = rate_period(&players, &results, &settings);
        prop_assert_eq!(after.len(), n);
        for r in after {
            prop_assert!(
                r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite(),
                "{r:?}"
            );
        }
    }
}
