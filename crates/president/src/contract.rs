//! A hand of Warlords & Scumbags as a [`parlor_game::Game`]: a seat's score is how many
//! seats it finished ahead of (the warlord of 4 players scores 3, the scumbag 0); 0 for
//! everyone until they finish.

use crate::{Action, Actions, Events, Hand, HandRules, PlayError, Seat, View};
use cards::{Card, CardSet};

impl parlor_game::Game for Hand {
    type Rules = HandRules;
    type Action = Action;
    type Actions = Actions;
    type Events = Events;
    type Refusal = PlayError;
    type View<'a> = View;

    parlor_game::inherent_game_methods!();

    fn start(rules: &HandRules, mut rng: parlor_game::GameRng) -> (Hand, Events) {
        Hand::deal(rules.players(), rules.ranked(), &mut rng)
            .expect("HandRules hold 3 to 7 players, which a hand deals")
    }

    fn rules(&self) -> HandRules {
        HandRules::new(self.players(), self.ranked()).expect("a dealt hand has 3 to 7 players")
    }

    fn seats(&self) -> usize {
        self.players()
    }

    /// A player who leaves is out of the hand: their cards are out of play.
    fn leave(&mut self, seat: Seat) -> Option<Events> {
        Some(Hand::leave(self, seat))
    }

    fn score(&self, seat: Seat) -> i64 {
        match self.finishing_order().seats().position(|s| s == seat) {
            Some(place) if self.is_over() => self.finishing_order().points(place),
            _ => 0,
        }
    }
}

impl parlor_game::Projected for Hand {
    type Event = crate::Event;

    fn events(events: &Events) -> &[crate::Event] {
        events
    }

    fn for_seat(event: &crate::Event, seat: Seat) -> Option<crate::Event> {
        event.for_seat(seat)
    }

    /// A hand is the whole game: nothing starts a new one.
    fn starts_hand(_event: &crate::Event) -> bool {
        false
    }
}

/// `play Ko Kc` (the cards of one value, in the set's order), `pass`, and the warlord's
/// `give <card>` to the scumbag. Cards as parlor writes them (`Ko`, `10c`).
impl parlor_game::Notation for Hand {
    fn write_notation(action: &Action, out: &mut String) {
        use std::fmt::Write;
        // Writing into a `String` cannot fail.
        let _ = match *action {
            Action::Play(cards) => {
                out.push_str("play");
                cards.iter().try_for_each(|card| write!(out, " {card}"))
            }
            Action::Pass => out.write_str("pass"),
            Action::Swap(card) => write!(out, "give {card}"),
        };
    }

    fn read(text: &str) -> Option<Action> {
        let mut words = text.split(' ');
        let verb = words.next()?;
        let cards: Vec<Card> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
        Some(match (verb, &cards[..]) {
            ("play", [_, ..]) => {
                let set: CardSet = cards.iter().copied().collect();
                // Each card once: the notation writes a set.
                (set.len() == cards.len()).then_some(Action::Play(set))?
            }
            ("pass", []) => Action::Pass,
            ("give", [card]) => Action::Swap(*card),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_game::Notation;

    /// The notation is what stored games are replayed from: these words never change.
    #[test]
    fn the_notation_is_pinned() {
        let card = |c: &str| c.parse::<Card>().unwrap();
        let pair: CardSet = [card("Ko"), card("Kc")].into_iter().collect();
        let pinned = [
            (Action::Play(pair), "play Ko Kc"),
            (Action::Pass, "pass"),
            (Action::Swap(card("3p")), "give 3p"),
        ];
        for (action, text) in pinned {
            assert_eq!(Hand::notate(&action), text);
            assert_eq!(Hand::read(text), Some(action));
        }
        for junk in ["", "play", "play Ko Ko", "give", "give Ko Kc", "pass 3p"] {
            assert_eq!(Hand::read(junk), None, "{junk:?}");
        }
    }
}
