//! Helpers shared by the rules tests: cards from text, positions, and actions that must
//! be legal or refused.
#![allow(dead_code)]

use cards::{seeded_rng, Card};
use truco::{Action, Event, Game, HandOutcome, Position, RoundOutcome, RuleError, Rules};

pub fn c(s: &str) -> Card {
    s.parse().unwrap()
}

pub fn hands(text: [&str; 4]) -> [[Card; 3]; 4] {
    text.map(|h| {
        let cards: Vec<Card> = h.split(' ').map(c).collect();
        [cards[0], cards[1], cards[2]]
    })
}

pub fn game_with(rules: Rules, scores: [u8; 2], deal: [&str; 4], vira: Option<&str>) -> Game {
    game_at(rules, scores, 0, deal, vira)
}

/// A game at these scores whose hand, opened by `opener`, has these cards and vira.
pub fn game_at(
    rules: Rules,
    scores: [u8; 2],
    opener: usize,
    deal: [&str; 4],
    vira: Option<&str>,
) -> Game {
    let position = Position {
        scores,
        number: 1,
        opener,
        hands: hands(deal),
        vira: vira.map(c),
    };
    Game::from_position(rules, seeded_rng(7), position)
        .unwrap()
        .0
}

pub fn open(card: &str) -> Action {
    Action::Play {
        card: c(card),
        closed: false,
    }
}

pub fn closed(card: &str) -> Action {
    Action::Play {
        card: c(card),
        closed: true,
    }
}

/// Applies an action that must be legal, checking that the engine offered it.
pub fn ok(game: &mut Game, seat: usize, action: Action) -> Vec<Event> {
    parlor_game::checks::applied(game, seat, action).to_vec()
}

/// Applies an action that must be refused with `error`, leaving the game unchanged.
pub fn refused(game: &mut Game, seat: usize, action: Action, error: RuleError) {
    parlor_game::checks::refused_with(game, seat, action, error);
}

pub fn play_round(game: &mut Game, cards: [(usize, &str); 4]) -> Vec<Event> {
    cards
        .into_iter()
        .flat_map(|(seat, card)| ok(game, seat, open(card)))
        .collect()
}

pub fn round_ends(events: &[Event]) -> Vec<(RoundOutcome, usize)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::RoundEnded { outcome, next, .. } => Some((outcome, next)),
            _ => None,
        })
        .collect()
}

pub fn hand_end(events: &[Event]) -> Option<(HandOutcome, u8, [u8; 2])> {
    events.iter().find_map(|e| match *e {
        Event::HandEnded {
            outcome,
            points,
            scores,
        } => Some((outcome, points, scores)),
        _ => None,
    })
}
