//! The table: who sits where in social order (warlord first), the hand being played, and
//! the `stabl` line that shows it all.

use super::hall::ConnId;
use super::message::{stabl, TableEntry};
use crate::record::GameLog;
use president::bots::Strategy;
use president::{Card, CardSet, Hand, Seat, Status};
use tokio::time::Instant;

/// One seat: the client in it (`None` once they disconnected mid-hand), and what the
/// table shows of them.
pub struct Place {
    pub conn: Option<ConnId>,
    pub name: String,
    pub strikes: u8,
    /// A CPU player's strategy (then `conn` is `None`).
    pub cpu: Option<Box<dyn Strategy<Hand>>>,
}

impl Place {
    /// Whether somebody plays this seat: a connected client or a CPU player.
    pub fn present(&self) -> bool {
        self.conn.is_some() || self.cpu.is_some()
    }
}

/// The game in progress: seats in social order and the current hand.
pub struct Table {
    pub places: Vec<Place>,
    pub hand: Option<Hand>,
    /// Whether social ranks exist (after the first hand of a game).
    pub ranked: bool,
    /// The card the warlord took from the scumbag at this hand's deal.
    pub taken: Option<Card>,
    /// When the active player's time to move runs out.
    pub turn_deadline: Option<Instant>,
    /// The record of the hand being played (each hand is a game in the store).
    pub log: Option<GameLog>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            places: Vec::new(),
            hand: None,
            ranked: false,
            taken: None,
            turn_deadline: None,
            log: None,
        }
    }

    /// Whether a game is on (players seated, maybe between hands).
    pub fn seated(&self) -> bool {
        !self.places.is_empty()
    }

    /// The seat of a connected client.
    pub fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        self.places.iter().position(|p| p.conn == Some(conn))
    }

    /// The client in a seat.
    pub fn conn_at(&self, seat: Seat) -> Option<ConnId> {
        self.places.get(seat)?.conn
    }

    /// A seat's cards (none between hands).
    pub fn cards(&self, seat: Seat) -> CardSet {
        self.hand.as_ref().map_or(CardSet::EMPTY, |h| h.cards(seat))
    }

    /// The `stabl` message.
    pub fn stabl(&self) -> String {
        let entries: Vec<TableEntry> = self
            .places
            .iter()
            .enumerate()
            .map(|(seat, place)| TableEntry {
                status: self.status_letter(seat),
                strikes: place.strikes,
                name: &place.name,
                cards: self.cards(seat).len(),
            })
            .collect();
        let last = self.hand.as_ref().map_or(CardSet::EMPTY, Hand::last_play);
        stabl(&entries, last, !self.ranked)
    }

    fn status_letter(&self, seat: Seat) -> char {
        if !self.places[seat].present() {
            return 'd';
        }
        // While the warlord's swap is pending nobody is to play: marking the warlord
        // active would invite a play before the swap (strike 15).
        let swapping = self.hand.as_ref().is_some_and(Hand::swap_pending);
        match self.hand.as_ref().map(|h| h.status(seat)) {
            Some(Status::Active) if swapping => 'w',
            Some(Status::Active) => 'a',
            Some(Status::Passed) => 'p',
            Some(Status::Gone) => 'd',
            Some(Status::Waiting | Status::Out) | None => 'w',
        }
    }

    /// After a hand: seats in finishing order, without those who left.
    pub fn reseat_by_rank(&mut self) {
        if let Some(hand) = &self.hand {
            let mut places: Vec<Option<Place>> = self.places.drain(..).map(Some).collect();
            let mut ranked: Vec<Place> = hand
                .finishing_order()
                .iter()
                .filter_map(|&seat| places.get_mut(seat)?.take())
                .collect();
            ranked.extend(places.into_iter().flatten());
            self.places = ranked;
        }
        self.places.retain(Place::present);
        self.hand = None;
        self.taken = None;
        self.turn_deadline = None;
    }
}
