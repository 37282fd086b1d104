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

impl parlor_game::Projected for Game {
    type Event = Event;

    fn events(events: &Vec<Event>) -> &[Event] {
        events
    }

    /// A move whose face the seat may not see keeps only its places: the physical tile
    /// (which names its kind) is replaced by the first tile and its face by `Nobody`.
    fn for_seat(event: &Event, seat: Seat) -> Option<Event> {
        match event {
            Event::Move(m) if !m.is_for(seat) => None,
            Event::Move(m) if m.face_for(seat).is_none() => Some(Event::Move(super::Move {
                tile: crate::Tile::new(0).expect("tile 0 exists"),
                shown: super::Shown::Nobody,
                ..*m
            })),
            event => Some(event.clone()),
        }
    }

    fn starts_hand(event: &Event) -> bool {
        matches!(event, Event::NewHand { .. })
    }
}
