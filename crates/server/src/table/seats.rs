//! Who holds each seat of a table: nobody, a person at the keyboard, or a person whose
//! connection dropped and who may come back until a deadline (their seat is kept; the
//! game's CPU stand-in covers for them meanwhile, see [`super::Play`]).
//!
//! A protocol keeps what it knows about a person (connection, outbox, name) in `P`; the
//! rules of arriving, leaving and coming back are here, once for every game.

use std::time::Duration;
use tokio::time::Instant;

/// How often a person may come back to their seat before it is played for them: a seat
/// that comes and goes repeatedly is treated as away (the stand-in plays it), so leaving
/// and coming back is no way to hold a table.
pub const MAX_RETURNS: u8 = 3;

/// One seat.
#[derive(Debug)]
pub enum Occupant<P> {
    /// Nobody (a CPU player may play it during a game).
    Empty,
    /// A person whose connection is open.
    Here(P),
    /// A person whose connection dropped mid-game; the seat is theirs until `until`.
    Away { person: P, until: Instant },
}

/// The seats of one table and how long a person who drops may take to come back.
#[derive(Debug)]
pub struct Seats<P> {
    seats: Vec<Occupant<P>>,
    /// How often the person in each seat came back since they sat down.
    returns: Vec<u8>,
    grace: Duration,
}

impl<P> Seats<P> {
    /// `count` empty seats; a person who drops mid-game keeps theirs for `grace`
    /// (zero: the seat is given up at once).
    pub fn new(count: usize, grace: Duration) -> Seats<P> {
        Seats {
            seats: (0..count).map(|_| Occupant::Empty).collect(),
            returns: vec![0; count],
            grace,
        }
    }

    /// How many seats there are.
    pub fn count(&self) -> usize {
        self.seats.len()
    }

    /// The person at the keyboard in `seat`, if one is.
    pub fn here(&self, seat: usize) -> Option<&P> {
        match self.seats.get(seat)? {
            Occupant::Here(person) => Some(person),
            _ => None,
        }
    }

    /// The person at the keyboard in `seat`, to change.
    pub fn here_mut(&mut self, seat: usize) -> Option<&mut P> {
        match self.seats.get_mut(seat)? {
            Occupant::Here(person) => Some(person),
            _ => None,
        }
    }

    /// The person holding `seat`, here or away.
    pub fn holder(&self, seat: usize) -> Option<&P> {
        match self.seats.get(seat)? {
            Occupant::Here(person) | Occupant::Away { person, .. } => Some(person),
            Occupant::Empty => None,
        }
    }

    /// Whether a person at the keyboard is in `seat`.
    pub fn is_here(&self, seat: usize) -> bool {
        self.here(seat).is_some()
    }

    /// Whether the person in `seat` came and went so often ([`MAX_RETURNS`]) that the
    /// stand-in plays for them: they still see the game and may act, but the game no
    /// longer waits for them.
    pub fn flaky(&self, seat: usize) -> bool {
        self.returns.get(seat).is_some_and(|&n| n >= MAX_RETURNS)
    }

    /// Whether `seat` is held by a person who dropped and may come back.
    pub fn is_away(&self, seat: usize) -> bool {
        matches!(self.seats.get(seat), Some(Occupant::Away { .. }))
    }

    /// The people at the keyboard, with their seats.
    pub fn here_all(&self) -> impl Iterator<Item = (usize, &P)> {
        (0..self.seats.len()).filter_map(|s| self.here(s).map(|p| (s, p)))
    }

    /// The people at the keyboard, to change.
    pub fn here_all_mut(&mut self) -> impl Iterator<Item = &mut P> {
        self.seats.iter_mut().filter_map(|o| match o {
            Occupant::Here(person) => Some(person),
            _ => None,
        })
    }

    /// The seats held by a person, here or away.
    pub fn held(&self) -> impl Iterator<Item = (usize, &P)> {
        (0..self.seats.len()).filter_map(|s| self.holder(s).map(|p| (s, p)))
    }

    /// The people holding seats, here or away, to change.
    pub fn held_mut(&mut self) -> impl Iterator<Item = &mut P> {
        self.seats.iter_mut().filter_map(|o| match o {
            Occupant::Here(person) | Occupant::Away { person, .. } => Some(person),
            Occupant::Empty => None,
        })
    }

    /// The seat of the person at the keyboard who matches `is`.
    pub fn find_here(&self, is: impl Fn(&P) -> bool) -> Option<usize> {
        self.here_all().find(|(_, p)| is(p)).map(|(s, _)| s)
    }

    /// The seat of the person away who matches `is`.
    pub fn find_away(&self, is: impl Fn(&P) -> bool) -> Option<usize> {
        (0..self.seats.len()).find(|&s| match &self.seats[s] {
            Occupant::Away { person, .. } => is(person),
            _ => false,
        })
    }

    /// The lowest empty seat.
    pub fn free_seat(&self) -> Option<usize> {
        self.seats.iter().position(|o| matches!(o, Occupant::Empty))
    }

    /// Seats a person at the keyboard in an empty `seat`; `false` if it is not empty.
    pub fn sit(&mut self, seat: usize, person: P) -> bool {
        match self.seats.get_mut(seat) {
            Some(slot @ Occupant::Empty) => {
                *slot = Occupant::Here(person);
                self.returns[seat] = 0;
                true
            }
            _ => false,
        }
    }

    /// Empties `seat`, returning who held it (here or away).
    pub fn clear(&mut self, seat: usize) -> Option<P> {
        let slot = self.seats.get_mut(seat)?;
        self.returns[seat] = 0;
        match std::mem::replace(slot, Occupant::Empty) {
            Occupant::Here(person) | Occupant::Away { person, .. } => Some(person),
            Occupant::Empty => None,
        }
    }

    /// The person in `seat` dropped mid-game: they keep the seat until `now` plus the
    /// grace period. `false` (and nothing changes) if there is no grace period or nobody
    /// at the keyboard there: the caller gives the seat up.
    pub fn step_away(&mut self, seat: usize, now: Instant) -> bool {
        if self.grace.is_zero() || !self.is_here(seat) {
            return false;
        }
        let slot = &mut self.seats[seat];
        if let Occupant::Here(person) = std::mem::replace(slot, Occupant::Empty) {
            *slot = Occupant::Away {
                person,
                until: now + self.grace,
            };
        }
        true
    }

    /// The person away from `seat` is back: `update` gives them their new connection.
    /// `false` if the seat is not held by someone away.
    pub fn come_back(&mut self, seat: usize, update: impl FnOnce(&mut P)) -> bool {
        let Some(slot) = self.seats.get_mut(seat) else {
            return false;
        };
        if !matches!(slot, Occupant::Away { .. }) {
            return false;
        }
        if let Occupant::Away { mut person, .. } = std::mem::replace(slot, Occupant::Empty) {
            update(&mut person);
            *slot = Occupant::Here(person);
        }
        self.returns[seat] = self.returns[seat].saturating_add(1);
        true
    }

    /// The person holding `seat` is on a new connection, whether the old one dropped
    /// (they were away) or still seems open (a reload the server has not noticed yet: the
    /// newest connection plays). `update` turns the holder into the person on the new
    /// connection (closing the old one). `false` if nobody holds the seat.
    pub fn take_back(&mut self, seat: usize, update: impl FnOnce(&mut P)) -> bool {
        if let Some(person) = self.here_mut(seat) {
            update(person);
            return true;
        }
        self.come_back(seat, update)
    }

    /// The earliest deadline of a person away.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.seats
            .iter()
            .filter_map(|o| match o {
                Occupant::Away { until, .. } => Some(*until),
                _ => None,
            })
            .min()
    }

    /// A seat whose person away let the deadline pass by `now`.
    pub fn expired(&self, now: Instant) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| matches!(o, Occupant::Away { until, .. } if *until <= now))
    }

    /// Swaps two seats with whoever holds them.
    pub fn swap(&mut self, a: usize, b: usize) {
        self.seats.swap(a, b);
        self.returns.swap(a, b);
    }

    /// Moves whoever holds `from[i]` to `to[i]`, all at once (`to` is a permutation
    /// of `from`).
    pub fn rotate(&mut self, from: &[usize], to: &[usize]) {
        let moved: Vec<Occupant<P>> = from
            .iter()
            .map(|&s| std::mem::replace(&mut self.seats[s], Occupant::Empty))
            .collect();
        let returns: Vec<u8> = from.iter().map(|&s| self.returns[s]).collect();
        for ((occupant, returns), &seat) in moved.into_iter().zip(returns).zip(to) {
            self.seats[seat] = occupant;
            self.returns[seat] = returns;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_who_drops_keeps_the_seat_until_the_deadline() {
        let now = Instant::now();
        let mut seats = Seats::new(4, Duration::from_secs(60));
        assert!(seats.sit(1, "ana"));
        assert!(!seats.sit(1, "bo"), "taken");
        assert_eq!(seats.free_seat(), Some(0));
        assert!(seats.step_away(1, now));
        assert!(!seats.is_here(1) && seats.is_away(1));
        assert_eq!(seats.holder(1), Some(&"ana"));
        assert_eq!(seats.free_seat(), Some(0), "the seat stays taken");
        assert_eq!(seats.next_deadline(), Some(now + Duration::from_secs(60)));
        assert_eq!(seats.expired(now + Duration::from_secs(59)), None);
        assert_eq!(seats.expired(now + Duration::from_secs(60)), Some(1));
        assert_eq!(seats.find_away(|p| *p == "ana"), Some(1));
        assert!(seats.come_back(1, |p| *p = "ana again"));
        assert_eq!(seats.here(1), Some(&"ana again"));
        assert_eq!(seats.next_deadline(), None);
        assert!(!seats.come_back(1, |_| {}), "only someone away comes back");
        assert!(
            seats.take_back(1, |p| *p = "ana's phone"),
            "the newest connection plays"
        );
        assert_eq!(seats.here(1), Some(&"ana's phone"));
        assert!(!seats.take_back(0, |_| {}), "nobody holds seat 0");
    }

    #[test]
    fn a_seat_that_comes_and_goes_repeatedly_is_flaky() {
        let now = Instant::now();
        let mut seats = Seats::new(2, Duration::from_secs(60));
        seats.sit(1, "ana");
        for _ in 0..MAX_RETURNS {
            assert!(!seats.flaky(1));
            seats.step_away(1, now);
            seats.come_back(1, |_| {});
        }
        assert!(seats.flaky(1) && seats.is_here(1));
        seats.swap(0, 1);
        assert!(
            seats.flaky(0) && !seats.flaky(1),
            "the count goes with the person"
        );
        seats.clear(0);
        seats.sit(0, "bo");
        assert!(!seats.flaky(0));
    }

    #[test]
    fn without_a_grace_period_the_seat_is_given_up() {
        let mut seats = Seats::new(2, Duration::ZERO);
        seats.sit(0, 7);
        assert!(!seats.step_away(0, Instant::now()));
        assert_eq!(seats.clear(0), Some(7));
        assert_eq!(seats.clear(0), None);
    }

    #[test]
    fn rotating_moves_everyone_at_once() {
        let mut seats = Seats::new(4, Duration::ZERO);
        for (s, p) in ["a", "b", "c", "d"].into_iter().enumerate() {
            seats.sit(s, p);
        }
        seats.rotate(&[2, 1, 3], &[1, 3, 2]);
        let names: Vec<&str> = (0..4).map(|s| *seats.here(s).unwrap()).collect();
        assert_eq!(names, ["a", "c", "d", "b"]);
        seats.swap(0, 3);
        assert_eq!(seats.here(0), Some(&"b"));
    }
}
