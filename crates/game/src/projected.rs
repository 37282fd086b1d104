//! Events one at a time, as each seat may see them: what a server needs to tell a seat
//! what happened, and to bring a seat that comes back up to date with the same messages
//! it would have had.

use crate::{Game, Seat};
use std::fmt::Debug;

/// The seat of someone who sits at no seat: a watcher. [`Projected::for_seat`] must show
/// it only what is face up on the table, as it shows any seat what it does not hold.
pub const WATCHER: Seat = Seat::MAX;

/// A game whose applied actions' events can be read one by one and projected per seat.
pub trait Projected: Game {
    /// One thing that happened (full information).
    type Event: Clone + Debug;

    /// The events of one applied action, in order.
    fn events(events: &Self::Events) -> &[Self::Event];

    /// `event` as `seat` may see it (hidden cards removed), or `None` if it is none of
    /// that seat's business. The one place hidden information is taken out.
    fn for_seat(event: &Self::Event, seat: Seat) -> Option<Self::Event>;

    /// Whether `event` begins a new hand: what came before it no longer matters to a
    /// seat catching up.
    fn starts_hand(event: &Self::Event) -> bool;

    /// `event` as a watcher may see it: [`Projected::for_seat`] for [`WATCHER`], so the
    /// one place hidden information is taken out serves watchers too.
    fn for_watcher(event: &Self::Event) -> Option<Self::Event> {
        Self::for_seat(event, WATCHER)
    }
}

/// The [`Projected`] methods of a rules crate whose events are a slice of `$event` with
/// an inherent `for_seat(&self, seat) -> Option<Self>`, and whose hands begin with an
/// event matching `$start`: call it inside the `impl parlor_game::Projected` block.
#[macro_export]
macro_rules! projected_by_for_seat {
    ($event:ty, $start:pat) => {
        type Event = $event;

        fn events(events: &Self::Events) -> &[$event] {
            events
        }

        fn for_seat(event: &$event, seat: $crate::Seat) -> Option<$event> {
            event.for_seat(seat)
        }

        fn starts_hand(event: &$event) -> bool {
            matches!(event, $start)
        }
    };
}
