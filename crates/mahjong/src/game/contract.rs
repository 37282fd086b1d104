//! Riichi mahjong as a [`parlor_game::Game`]: four seats; a seat's score is its points.

use super::{Action, Actions, Event, Game, RuleError, Seat, View};

impl parlor_game::Game for Game {
    type Action = Action;
    type Actions = Actions;
    type Events = Vec<Event>;
    type Refusal = RuleError;
    type View<'a> = View<'a>;

    fn seats(&self) -> usize {
        4
    }

    fn legal_actions(&self, seat: Seat) -> Actions {
        Game::legal_actions(self, seat)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        Game::apply(self, seat, action)
    }

    fn view(&self, seat: Seat) -> View<'_> {
        Game::view(self, seat)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.scores()[seat])
    }
}
