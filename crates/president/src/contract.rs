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

    fn seats(&self) -> usize {
        self.players()
    }

    fn legal_actions(&self, seat: Seat) -> Actions {
        Hand::legal_actions(self, seat)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Events, PlayError> {
        Hand::apply(self, seat, action)
    }

    fn view(&self, seat: Seat) -> View {
        Hand::view(self, seat)
    }

    fn is_over(&self) -> bool {
        Hand::is_over(self)
    }

    fn score(&self, seat: Seat) -> i64 {
        let order = self.finishing_order();
        match order.iter().position(|&s| s == seat) {
            Some(place) if self.is_over() => (self.players() - 1 - place) as i64,
            _ => 0,
        }
    }
}
