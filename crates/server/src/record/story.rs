//! A finished game told step by step, for the replay page (`/games?id=N`) and the API
//! (`/api/games/<id>/replay`): each hand from its deal, every action in words with who
//! made it, and the table after it drawn with real card and tile faces.
//!
//! A story is built by replaying the game's log through its rules engine (each game's
//! `record/<game>.rs` has a `story` beside its `replay`), so it says exactly what
//! happened. Only games that are over are told: a running game's hands are hidden.
//!
//! One numbering everywhere: seats and teams count from 1 (seat 1 is the first seat of
//! the stored game; team 1 holds seat 1), as the games' own screens and protocols do.

use serde::Serialize;

/// The whole game, hand by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Story {
    pub hands: Vec<StoryHand>,
}

impl Story {
    /// Starts the next hand (numbered after the last) with its deal step; its result
    /// stays "not finished" until told.
    pub fn begin_hand(&mut self, deal: Step) {
        let number = self.hands.len() + 1;
        self.hands.push(StoryHand {
            number,
            steps: vec![deal],
            result: "not finished".to_owned(),
        });
    }
}

/// Whether `face` is a card as [`card_face`] writes it (for the games' story tests).
#[cfg(test)]
pub fn is_card_face(face: &str) -> bool {
    let Some(rank) = face.strip_suffix(['c', 'd', 'h', 's']) else {
        return false;
    };
    matches!(
        rank,
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K" | "A"
    )
}

/// One hand (a deal; Warlords: one hand of the game; Mahjong: one kyoku).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StoryHand {
    /// From 1.
    pub number: usize,
    /// The deal first (no seat), then one step per action, in order.
    pub steps: Vec<Step>,
    /// How the hand ended, in words ("Team 2 wins 3 points: Ana folded").
    pub result: String,
}

/// One moment of a hand: what happened and the table after it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The seat that acted, from 1; none for the deal and for the end of the hand.
    pub seat: Option<usize>,
    /// What happened, in words, naming the player ("Ana plays 7♥").
    pub text: String,
    /// The table after this step.
    pub table: Shot,
}

/// The table at one moment, everything face up (the game is over).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Shot {
    /// Each seat's cards or tiles in hand, seat order.
    pub hands: Vec<Vec<String>>,
    /// What each seat has in front of it now: the cards of the current trick or round
    /// (Warlords: the play on the table, in front of who made it; Mahjong: its discards).
    pub played: Vec<Vec<String>>,
    /// Mahjong: each seat's melds, each a list of tiles; empty for card games.
    pub melds: Vec<Vec<Vec<String>>>,
    /// Lines about the table: the vira and manilhas, the trumpf, dora indicators, the
    /// hand's value.
    pub notes: Vec<String>,
    /// The score at this moment, in words.
    pub score: String,
}

/// A card as the replay page draws it: rank `2`-`10`, `J`, `Q`, `K`, `A`, then the suit
/// `c`, `d`, `h` or `s` (`10h`, `Qs`). Tiles are written as mmj1 names (`c5`, `dr`).
pub fn card_face(rank: u8, suit: char) -> String {
    let rank = match rank {
        11 => "J".to_owned(),
        12 => "Q".to_owned(),
        13 => "K".to_owned(),
        14 | 1 => "A".to_owned(),
        n => n.to_string(),
    };
    format!("{rank}{suit}")
}

/// The replay page's face of a card of the `cards` crate (`10h`, `Qs`): English suit
/// letters, whatever letters the game's protocol uses.
pub fn face(card: cards::Card) -> String {
    let suit = match card.suit() {
        cards::Suit::Clubs => 'c',
        cards::Suit::Diamonds => 'd',
        cards::Suit::Hearts => 'h',
        cards::Suit::Spades => 's',
    };
    card_face(card.rank().number(), suit)
}

/// An action's words followed by what came of it.
pub fn joined(text: String, clauses: &[String]) -> String {
    if clauses.is_empty() {
        text
    } else {
        format!("{text}; {}", clauses.join("; "))
    }
}

/// A card's face in words-and-symbols for a step's text (`7♥`, `Q♠`).
pub fn card_text(face: &str) -> String {
    let Some(suit) = face.chars().last() else {
        return String::new();
    };
    let symbol = match suit {
        'c' => '♣',
        'd' => '♦',
        'h' => '♥',
        's' => '♠',
        _ => return face.to_owned(),
    };
    format!("{}{symbol}", &face[..face.len() - 1])
}

/// The name to tell seat `seat` (from 0) by: its stored name, or "seat N" when it has none.
pub fn name_of(names: &[String], seat: usize) -> String {
    match names.get(seat) {
        Some(name) if !name.is_empty() => name.clone(),
        _ => format!("seat {}", seat + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_and_names() {
        assert_eq!(card_face(10, 'h'), "10h");
        assert_eq!(card_face(14, 's'), "As");
        assert_eq!(card_text("10h"), "10♥");
        assert_eq!(card_text("Qs"), "Q♠");
        let names = vec!["Ana".to_owned(), String::new()];
        assert_eq!(name_of(&names, 0), "Ana");
        assert_eq!(name_of(&names, 1), "seat 2");
        assert_eq!(name_of(&names, 7), "seat 8");
    }
}
