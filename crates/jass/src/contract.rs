//! Jass as a [`parlor_game::Game`]: four seats, two teams; a seat's score is its team's
//! total.

use crate::{team_of, Action, Actions, Events, Game, RuleError, Seat, View};

impl parlor_game::Game for Game {
    type Action = Action;
    type Actions = Actions;
    type Events = Events;
    type Refusal = RuleError;
    type View<'a> = View;

    fn seats(&self) -> usize {
        4
    }

    fn legal_actions(&self, seat: Seat) -> Actions {
        Game::legal_actions(self, seat)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Events, RuleError> {
        Game::apply(self, seat, action)
    }

    fn view(&self, seat: Seat) -> View {
        Game::view(self, seat)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.totals()[team_of(seat)])
    }
}
