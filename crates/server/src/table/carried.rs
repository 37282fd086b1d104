//! Seating a game carried over from another node of a cluster (`record::Carried`), once
//! [`Play::redo_log`] has made it again: the same for every table, whichever loop runs it.

use super::{Play, Seats};
use crate::record::watch::Watchable;
use crate::record::{Carried, Chronicle, Note};
use parlor_game::{Notation, Projected, Seat, Strategy};
use tokio::time::Instant;

/// Seats the players of `carried`: each seat a person held, and that someone may take
/// back (`person` gives the person to keep, `None` if nobody may), is kept away for the
/// grace period while a stand-in plays; every other seat still in the game gets a CPU
/// player from `cpu` (told whether it takes over from a person: the seats in
/// `taken_over`, and seats nobody may take back, whose taking over is noted). Returns the
/// seats kept away.
pub fn seat_carried<G, C, P>(
    play: &mut Play<G, C>,
    seats: &mut Seats<P>,
    carried: &Carried,
    taken_over: &[Seat],
    mut person: impl FnMut(Seat) -> Option<P>,
    mut cpu: impl FnMut(Seat, bool) -> (String, Box<dyn Strategy<G>>),
) -> Vec<Seat>
where
    G: Projected + Notation + Watchable + 'static,
    G::Event: Send + Sync,
    C: Chronicle<G>,
{
    let cpu_seats = carried.cpu_seats(taken_over);
    let (now, mut away) = (Instant::now(), Vec::new());
    for (seat, at_start) in cpu_seats.into_iter().enumerate() {
        if play.has_left(seat) {
            continue;
        }
        let mut took_over = taken_over.contains(&seat);
        if !at_start {
            if let Some(person) = person(seat) {
                seats.sit(seat, person);
                if seats.step_away(seat, now) {
                    away.push(seat);
                    continue;
                }
                seats.clear(seat);
            }
            play.note(Note::CpuTookOver { seat });
            took_over = true;
        }
        let (name, strategy) = cpu(seat, took_over);
        play.seat_cpu(seat, name, strategy);
    }
    away
}
