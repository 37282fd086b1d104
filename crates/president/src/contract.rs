//! A hand of Warlords & Scumbags as a [`parlor_game::Game`]: a seat's score is how many
//! seats it finished ahead of (the warlord of 4 players scores 3, the scumbag 0); 0 for
//! everyone until they finish.

use crate::{Action, Actions, Events, Hand, PlayError, Seat, View};

impl parlor_game::Game for Hand {
    type Action = Action;
    type Actions = Actions;
    type Events = Events;
    type Refusal = PlayError;
    type View<'a> = View;

    parlor_game::inherent_game_methods!();

    fn seats(&self) -> usize {
        self.players()
    }

    fn score(&self, seat: Seat) -> i64 {
        match self.finishing_order().seats().position(|s| s == seat) {
            Some(place) if self.is_over() => (self.players() - 1 - place) as i64,
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
