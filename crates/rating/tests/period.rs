//! [`rate_period`] against [`rate`]: a field's period is every player's own period,
//! with each result counted once for each side.

use rating::{rate, rate_period, Game, Outcome, Rating, Settings};

fn field() -> Vec<Rating> {
    vec![
        Rating::new(1500.0, 200.0, 0.06),
        Rating::new(1620.0, 80.0, 0.05),
        Rating::new(1410.0, 150.0, 0.07),
        Rating::new(1700.0, 300.0, 0.06),
    ]
}

#[test]
fn each_result_counts_for_both_players() {
    let players = field();
    let settings = Settings::default();
    let results = [
        (0, 1, Outcome::Win),
        (2, 0, Outcome::Draw),
        (1, 2, Outcome::Loss),
    ];

    let after = rate_period(&players, &results, &settings);

    let game = |opponent: usize, outcome| Game {
        opponent: players[opponent],
        outcome,
    };
    let expected = [
        rate(
            players[0],
            &[game(1, Outcome::Win), game(2, Outcome::Draw)],
            &settings,
        ),
        rate(
            players[1],
            &[game(0, Outcome::Loss), game(2, Outcome::Loss)],
            &settings,
        ),
        rate(
            players[2],
            &[game(0, Outcome::Draw), game(1, Outcome::Win)],
            &settings,
        ),
        rate(players[3], &[], &settings),
    ];
    assert_eq!(after, expected);
}

#[test]
fn result_order_does_not_matter() {
    let players = field();
    let settings = Settings::default();
    let mut results = vec![
        (0, 1, Outcome::Win),
        (2, 3, Outcome::Loss),
        (3, 0, Outcome::Draw),
        (1, 2, Outcome::Win),
    ];
    let forward = rate_period(&players, &results, &settings);
    results.reverse();
    let backward = rate_period(&players, &results, &settings);
    for (f, b) in forward.iter().zip(&backward) {
        assert!((f.rating - b.rating).abs() < 1e-9);
        assert!((f.deviation - b.deviation).abs() < 1e-9);
        assert!((f.volatility - b.volatility).abs() < 1e-12);
    }
}

#[test]
fn an_idle_player_only_widens() {
    let player = Rating::new(1500.0, 200.0, 0.06);
    let after = rate(player, &[], &Settings::default());
    assert_eq!(after.rating, 1500.0);
    assert_eq!(after.volatility, 0.06);
    // φ′ = √(φ² + σ²) on the internal scale.
    let phi = 200.0 / 173.7178_f64;
    let expected = (phi * phi + 0.06 * 0.06).sqrt() * 173.7178;
    assert!((after.deviation - expected).abs() < 1e-3, "{after:?}");
}

#[test]
fn an_empty_field_rates_to_nothing() {
    assert!(rate_period(&[], &[], &Settings::default()).is_empty());
}

#[test]
#[should_panic(expected = "out of range")]
fn a_result_for_a_missing_player_panics() {
    rate_period(&field(), &[(0, 4, Outcome::Win)], &Settings::default());
}

#[test]
#[should_panic(expected = "against themselves")]
fn a_player_against_themselves_panics() {
    rate_period(&field(), &[(1, 1, Outcome::Draw)], &Settings::default());
}
