//! Who sits where in a room, who manages it, and the `I` line that shows it.

use super::room::{Arrival, ConnId};
use crate::net::Outbox;
use crate::table::actor::Newcomer;
use crate::table::Seats;
use parlor_wire::minitruco::{Room, ServerMsg};
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::time::Instant;
use truco::{DeckStyle, ManilhaStyle, Rules, RulesError};

/// A person (a connection with a nickname) in a seat.
pub struct Person {
    pub conn: ConnId,
    pub nick: String,
    pub outbox: Outbox,
    /// Held for as long as the person sits here: dropping it (kicked, left, or the room
    /// closing) tells the session this stay is over. One channel per stay, so a late
    /// notice about an earlier stay can never end a later one in the same room.
    pub stay: oneshot::Sender<()>,
    pub ready: bool,
    /// Where the person connects from: coming back under the same nickname is allowed
    /// from the same address only.
    pub addr: IpAddr,
    /// Arrival order in the room: the earliest arrival is the manager.
    since: u64,
}

impl Person {
    /// A person who has just arrived.
    pub fn new(arrival: Arrival) -> Person {
        Person {
            conn: arrival.conn,
            nick: arrival.nick,
            outbox: arrival.outbox,
            stay: arrival.stay,
            ready: false,
            addr: arrival.addr,
            since: 0,
        }
    }
}

/// The four seats of a room and its rule options.
pub struct Seating {
    number: usize,
    seats: Seats<Person>,
    arrivals: u64,
    rules: Rules,
}

/// The rules of a room that nobody has changed: dirty deck, new manilha.
fn default_rules() -> Rules {
    Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).expect("the default rules are valid")
}

impl Seating {
    /// An empty room with the default rules (dirty deck, new manilha); a person who drops
    /// mid-game keeps their seat for `grace`.
    pub fn new(number: usize, grace: Duration) -> Seating {
        Seating {
            number,
            seats: Seats::new(4, grace),
            arrivals: 0,
            rules: default_rules(),
        }
    }

    /// The seats, for the game.
    pub fn seats(&self) -> &Seats<Person> {
        &self.seats
    }

    /// The lowest free seat.
    pub fn free_seat(&self) -> Option<usize> {
        self.seats.free_seat()
    }

    /// Seats a person in the lowest free seat (the caller checked there is one).
    pub fn seat(&mut self, mut person: Person) {
        if let Some(seat) = self.free_seat() {
            self.arrivals += 1;
            person.since = self.arrivals;
            self.seats.sit(seat, person);
        }
    }

    /// Removes a seat's person (here or away); an emptied room returns to the default
    /// rules.
    pub fn unseat(&mut self, seat: usize) -> Option<Person> {
        let person = self.seats.clear(seat)?;
        if self.seats.held().next().is_none() {
            self.rules = default_rules();
        }
        Some(person)
    }

    /// Takes the seats of a game carried over from another node (its people away) and
    /// its rules; the earliest seat is the manager.
    pub fn carried(&mut self, seats: Seats<Person>, rules: Rules) {
        self.seats = seats;
        self.rules = rules;
        for person in self.seats.held_mut() {
            self.arrivals += 1;
            person.since = self.arrivals;
        }
    }

    /// The person in `seat` dropped mid-game and keeps the seat for the grace period;
    /// `false` if there is none (the seat is to be given up).
    pub fn step_away(&mut self, seat: usize) -> bool {
        self.seats.step_away(seat, Instant::now())
    }

    /// The seat held, away, by the person with exactly this nickname.
    pub fn away_seat(&self, nick: &str) -> Option<usize> {
        self.seats.find_away(|p| p.nick == nick)
    }

    /// The person away from `seat` is back on a new connection (`arrival`).
    pub fn come_back(&mut self, seat: usize, arrival: Arrival) -> bool {
        self.seats.come_back(seat, |person| {
            person.conn = arrival.conn;
            person.outbox = arrival.outbox;
            person.stay = arrival.stay;
        })
    }

    /// The person at the keyboard in `seat` as the game seats them: by nickname, from
    /// their address (they may come back by it).
    pub fn newcomer(&self, seat: usize) -> Option<Newcomer> {
        let person = self.seats.here(seat)?;
        let (conn, outbox, nick) = (person.conn, person.outbox.clone(), person.nick.clone());
        Some(Newcomer {
            addr: Some(person.addr),
            ..Newcomer::named(conn, outbox, nick)
        })
    }

    /// The seat of a connection.
    pub fn seat_of(&self, conn: ConnId) -> Option<usize> {
        self.seats.find_here(|p| p.conn == conn)
    }

    /// The connection in a seat.
    pub fn conn_at(&self, seat: usize) -> Option<ConnId> {
        self.seats.here(seat).map(|p| p.conn)
    }

    /// The manager: the person in the room longest.
    pub fn manager(&self) -> Option<usize> {
        self.seats
            .held()
            .map(|(s, p)| (p.since, s))
            .min()
            .map(|(_, seat)| seat)
    }

    /// Everyone in the room at the keyboard.
    pub fn people(&self) -> impl Iterator<Item = &Person> {
        self.seats.here_all().map(|(_, p)| p)
    }

    /// The nickname in a seat (empty for an empty seat).
    pub fn nick(&self, seat: usize) -> &str {
        self.seats.holder(seat).map_or("", |p| p.nick.as_str())
    }

    /// The person at the keyboard with this nickname, compared case-insensitively.
    pub fn find_nick(&self, nick: &str) -> Option<&Person> {
        let nick = nick.to_lowercase();
        self.people().find(|p| p.nick.to_lowercase() == nick)
    }

    /// The nicknames by seat, for logs.
    pub fn names(&self) -> [&str; 4] {
        [0, 1, 2, 3].map(|s| self.nick(s))
    }

    /// Changes a person's nickname (already claimed in the registry).
    pub fn rename(&mut self, seat: usize, nick: String) {
        if let Some(p) = self.seats.here_mut(seat) {
            p.nick = nick;
        }
    }

    /// Sends a line to everyone in the room.
    pub fn broadcast(&self, line: &str) {
        for person in self.people() {
            person.outbox.send(line);
        }
    }

    /// Sends a line to the person in a seat.
    pub fn send_to(&self, seat: usize, line: &str) {
        if let Some(p) = self.seats.here(seat) {
            p.outbox.send(line);
        }
    }

    /// `R`: the rule options; a combination the rules refuse changes nothing.
    pub fn set_rules(&mut self, clean_deck: bool, old_manilha: bool) -> Result<(), RulesError> {
        let deck = if clean_deck {
            DeckStyle::Clean
        } else {
            DeckStyle::Dirty
        };
        let manilha = if old_manilha {
            ManilhaStyle::Old
        } else {
            ManilhaStyle::New
        };
        self.rules = Rules::paulista(deck, manilha)?;
        Ok(())
    }

    /// The rules the next game will use.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// `V`: the manager's two adversaries (the seats on either side) change places.
    pub fn swap_foes(&mut self, manager: usize) {
        self.seats.swap((manager + 1) % 4, (manager + 3) % 4);
    }

    /// `O`: the partner becomes the right foe, the right foe the left foe, and the left
    /// foe the partner. The right foe is the next seat in playing order.
    pub fn cycle_partner(&mut self, manager: usize) {
        let right = (manager + 1) % 4;
        let partner = (manager + 2) % 4;
        let left = (manager + 3) % 4;
        self.seats
            .rotate(&[partner, right, left], &[right, left, partner]);
    }

    /// `Q`: a person is ready.
    pub fn set_ready(&mut self, seat: usize) {
        if let Some(p) = self.seats.here_mut(seat) {
            p.ready = true;
        }
    }

    /// Whether there is someone here and everyone is ready.
    pub fn all_ready(&self) -> bool {
        self.people().next().is_some() && self.people().all(|p| p.ready)
    }

    /// After a game (or when one is abandoned) everybody must say `Q` again.
    pub fn reset_ready(&mut self) {
        for p in self.seats.here_all_mut() {
            p.ready = false;
        }
    }

    /// The `I` line: `I <room> <n1>|<n2>|<n3>|<n4> <ready flags> <manager> <clean><old>`.
    /// During a game, `cpus` names the CPU players in the seats without a person.
    pub fn info_line(&self, cpus: Option<[Option<&str>; 4]>) -> String {
        let names = std::array::from_fn(|s| match (self.seats.holder(s), cpus) {
            (Some(p), _) => p.nick.clone(),
            (None, Some(cpus)) => cpus[s].unwrap_or("").to_owned(),
            (None, None) => String::new(),
        });
        let ready = std::array::from_fn(|s| self.seats.holder(s).is_none_or(|p| p.ready));
        ServerMsg::Room(Room {
            number: self.number,
            names,
            ready,
            // An empty room names position 1 as its manager, as the original server did.
            manager: self.manager().map_or(1, |s| s + 1),
            clean_deck: self.rules.deck == DeckStyle::Clean,
            old_manilha: self.rules.manilha == ManilhaStyle::Old,
        })
        .write()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio_util::sync::CancellationToken;

    fn person(conn: ConnId, nick: &str) -> Person {
        let (outbox, _) = Outbox::new(8, CancellationToken::new());
        Person::new(Arrival {
            conn,
            nick: nick.into(),
            addr: IpAddr::from([127, 0, 0, 1]),
            outbox,
            stay: oneshot::channel().0,
        })
    }

    fn full() -> Seating {
        let mut s = Seating::new(1, Duration::ZERO);
        for (conn, nick) in [(1, "a"), (2, "b"), (3, "c"), (4, "d")] {
            s.seat(person(conn, nick));
        }
        s
    }

    #[test]
    fn lowest_free_seat_and_the_manager_is_the_earliest() {
        let mut s = full();
        assert_eq!(s.free_seat(), None);
        s.unseat(1);
        s.unseat(0);
        assert_eq!(s.free_seat(), Some(0));
        assert_eq!(s.manager(), Some(2));
        s.seat(person(5, "e"));
        assert_eq!(s.seat_of(5), Some(0));
        assert_eq!(s.manager(), Some(2));
        assert_eq!(s.info_line(None), "I 1 e||c|d FTFF 3 FF");
    }

    #[test]
    fn swap_and_cycle_around_the_manager() {
        let mut s = full();
        s.swap_foes(0);
        assert_eq!(s.names(), ["a", "d", "c", "b"]);
        let mut s = full();
        s.cycle_partner(0);
        // partner c -> right foe (seat 2), right foe b -> left foe (seat 4), left foe d -> partner.
        assert_eq!(s.names(), ["a", "c", "d", "b"]);
    }

    #[test]
    fn an_emptied_room_forgets_its_rules() {
        let mut s = Seating::new(3, Duration::ZERO);
        s.seat(person(1, "a"));
        s.set_rules(true, false).unwrap();
        assert!(s.info_line(None).ends_with(" 1 TF"));
        assert!(s.set_rules(true, true).is_err());
        assert!(s.info_line(None).ends_with(" 1 TF"));
        s.unseat(0);
        assert_eq!(s.rules(), default_rules());
        assert_eq!(s.info_line(None), "I 3 ||| TTTT 1 FF");
    }
}
