//! Riichi mahjong as a [`parlor_game::Game`]: four seats; a seat's score is its points.

use super::{Action, Actions, Event, Game, RuleError, Seat, View};

impl parlor_game::Game for Game {
    type Action = Action;
    type Actions = Actions;
    type Events = Vec<Event>;
    type Refusal = RuleError;
    type View<'a> = View<'a>;

    parlor_game::inherent_game_methods!();

    fn seats(&self) -> usize {
        4
    }

    /// The next hand, once the last one is over (a server waits for every person's
    /// `ack` first).
    fn advance(&mut self) -> Option<Vec<Event>> {
        self.next_hand().ok()
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.scores()[seat])
    }
}
