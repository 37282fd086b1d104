//! Jass as a [`parlor_game::Game`]: four seats, two teams; a seat's score is its team's
//! total.

use crate::{team_of, Action, Actions, Events, Game, RuleError, Seat, View};

impl parlor_game::Game for Game {
    type Action = Action;
    type Actions = Actions;
    type Events = Events;
    type Refusal = RuleError;
    type View<'a> = View;

    parlor_game::inherent_game_methods!();

    fn seats(&self) -> usize {
        4
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.totals()[team_of(seat)])
    }
}

impl parlor_game::Projected for Game {
    parlor_game::projected_by_for_seat!(crate::Event, crate::Event::DealStarted { .. });
}
