//! One rating period: steps 3–8 of Glicko-2 for one player, and for a whole field.

use crate::scale::{expected, from_points, mu, to_points, weight};
use crate::types::{Game, Outcome, Rating, Settings};
use crate::volatility::{new_volatility, Inputs};

/// One rating period: the player's new rating after these games (no games: only the
/// deviation grows).
///
/// Opponents are taken as rated at the start of the period. With no games the rating
/// and volatility stay as they are and the deviation widens by the volatility (step 6
/// alone), because an idle player's strength may have drifted.
pub fn rate(player: Rating, games: &[Game], settings: &Settings) -> Rating {
    let sigma = player.volatility;
    let phi = from_points(player.deviation);
    if games.is_empty() {
        let idle = (phi * phi + sigma * sigma).sqrt();
        return Rating::new(player.rating, to_points(idle), sigma);
    }

    // Steps 3 and 4: how much the games tell (1/v) and which way they point.
    let my_mu = mu(player.rating);
    let mut information = 0.0;
    let mut surprise = 0.0;
    for game in games {
        let g = weight(from_points(game.opponent.deviation));
        let e = expected(my_mu, mu(game.opponent.rating), g);
        information += g * g * e * (1.0 - e);
        surprise += g * (game.outcome.score() - e);
    }

    // Step 5. Games so lopsided their result was certain carry no information; the
    // volatility then has nothing to learn from.
    let volatility = if information > 0.0 {
        let variance = 1.0 / information;
        new_volatility(&Inputs {
            sigma,
            phi,
            variance,
            delta: variance * surprise,
            tau: settings.tau,
        })
    } else {
        sigma
    };

    // Steps 6 and 7: widen by the new volatility, then narrow by the games. Step 8 adds
    // the change to the old rating rather than converting μ′ back, so rounding cannot
    // move a rating against its results.
    let widened = phi * phi + volatility * volatility;
    let new_phi = 1.0 / (1.0 / widened + information).sqrt();
    let change = to_points(new_phi * new_phi * surprise);
    Rating::new(player.rating + change, to_points(new_phi), volatility)
}

/// A whole round-robin style rating: players by index, a list of (a, b, outcome for a)
/// results in one period; returns every player's new rating.
///
/// Each result counts for both players (for `b` with the outcome reversed). All
/// updates use the ratings from before the period, so result order does not matter;
/// players without results only have their deviation widened.
///
/// # Panics
///
/// If a result names a player index out of range, or a player against themselves.
pub fn rate_period(
    players: &[Rating],
    results: &[(usize, usize, Outcome)],
    settings: &Settings,
) -> Vec<Rating> {
    let mut games: Vec<Vec<Game>> = vec![Vec::new(); players.len()];
    for &(a, b, outcome) in results {
        assert!(
            a < players.len() && b < players.len(),
            "result ({a}, {b}) names a player out of range 0..{}",
            players.len()
        );
        assert_ne!(a, b, "player {a} cannot play against themselves");
        games[a].push(Game {
            opponent: players[b],
            outcome,
        });
        games[b].push(Game {
            opponent: players[a],
            outcome: outcome.reversed(),
        });
    }
    players
        .iter()
        .zip(&games)
        .map(|(&player, games)| rate(player, games, settings))
        .collect()
}
