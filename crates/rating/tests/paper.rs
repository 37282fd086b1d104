//! The worked example from Glickman's "Example of the Glicko-2 system": the numbers the
//! paper prints must come out of [`rate`].

use rating::{rate, Game, Outcome, Rating, Settings};

#[test]
fn worked_example_from_the_paper() {
    let player = Rating::new(1500.0, 200.0, 0.06);
    let games = [
        (1400.0, 30.0, Outcome::Win),
        (1550.0, 100.0, Outcome::Loss),
        (1700.0, 300.0, Outcome::Loss),
    ]
    .map(|(rating, deviation, outcome)| Game {
        opponent: Rating::new(rating, deviation, 0.06),
        outcome,
    });
    let settings = Settings {
        tau: 0.5,
        ..Settings::default()
    };

    let after = rate(player, &games, &settings);

    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
}

#[test]
fn defaults_are_the_tournament_settings() {
    let settings = Settings::default();
    assert_eq!(settings.tau, 0.5);
    assert_eq!(settings.initial, Rating::new(1500.0, 200.0, 0.06));
    assert_eq!(Rating::default(), settings.initial);
}

#[test]
fn scores_count_a_draw_as_half() {
    assert_eq!(Outcome::Win.score(), 1.0);
    assert_eq!(Outcome::Draw.score(), 0.5);
    assert_eq!(Outcome::Loss.score(), 0.0);
    assert_eq!(Outcome::Win.reversed(), Outcome::Loss);
    assert_eq!(Outcome::Draw.reversed(), Outcome::Draw);
}
