//! The table: who sits where in social order (warlord first), the hand being played, and
//! the `stabl` line that shows it all.

use super::hall::ConnId;
use crate::record::wars::WarsChronicle;
use crate::table::Play;
use parlor_wire::wars::{Seat as Listed, ServerMsg};
use president::{Card, CardSet, Hand, Seat, Status};
use std::net::IpAddr;
use tokio::time::Instant;

/// One seat: the client in it (`None` once they disconnected mid-hand), and what the
/// table shows of them.
pub struct Place {
    pub conn: Option<ConnId>,
    pub name: String,
    pub strikes: u8,
    /// A CPU player's strategy name (then `conn` is `None`).
    pub cpu: Option<&'static str>,
    /// Where the person connects from: coming back under the same name is allowed from
    /// there.
    pub addr: Option<IpAddr>,
    /// The person's seat token (`net::SeatToken`), if their client sent one.
    pub token: Option<crate::net::SeatToken>,
    /// The person's connection dropped mid-hand: the seat is theirs until then.
    pub away: Option<Instant>,
}

impl Place {
    /// Whether somebody plays this seat: a connected client, a person away who may come
    /// back, or a CPU player.
    pub fn present(&self) -> bool {
        self.conn.is_some() || self.cpu.is_some() || self.away.is_some()
    }
}

/// The game in progress: seats in social order and the current hand.
pub struct Table {
    pub places: Vec<Place>,
    /// The hand being played (each hand is a game in the store), on the table kernel.
    pub hand: Option<Play<Hand, WarsChronicle>>,
    /// Whether social ranks exist (after the first hand of a game).
    pub ranked: bool,
    /// The card the warlord took from the scumbag at this hand's deal.
    pub taken: Option<Card>,
    /// Whether a person has made a move at this table (in any of its hands).
    pub played: bool,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            places: Vec::new(),
            hand: None,
            ranked: false,
            taken: None,
            played: false,
        }
    }

    /// Which seats have a person at the keyboard (the others are played by CPU players
    /// or, for people away, by the timeout move).
    pub fn here(&self) -> Vec<bool> {
        self.places.iter().map(|p| p.conn.is_some()).collect()
    }

    /// The earliest deadline of a person away.
    pub fn away_deadline(&self) -> Option<Instant> {
        self.places.iter().filter_map(|p| p.away).min()
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

    /// The cards `seat` holds, as its own view shows them: what the table tells a seat
    /// of the game goes through the rules crate's projection (`Hand::view`), as every
    /// other protocol's events go through `for_seat`.
    pub fn cards(&self, seat: Seat) -> CardSet {
        self.hand
            .as_ref()
            .map_or(CardSet::EMPTY, |h| h.view(seat).hand)
    }

    /// The `stabl` message.
    pub fn stabl(&self) -> String {
        let seats = (self.places.iter().enumerate())
            .map(|(seat, place)| Listed {
                status: self.status_letter(seat),
                strikes: place.strikes,
                name: place.name.clone(),
                // Every seat's count is public.
                cards: self
                    .hand
                    .as_ref()
                    .map_or(0, |h| usize::from(h.public().cards_left[seat])),
            })
            .collect();
        let last = self.hand.as_ref().map_or(CardSet::EMPTY, |h| h.last_play());
        ServerMsg::Table {
            seats,
            last,
            first_hand: !self.ranked,
        }
        .write()
    }

    fn status_letter(&self, seat: Seat) -> char {
        if !self.places[seat].present() {
            return 'd';
        }
        // While the warlord's swap is pending nobody is to play: marking the warlord
        // active would invite a play before the swap (strike 15).
        let swapping = self.hand.as_ref().is_some_and(|h| h.swap_pending());
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
                .seats()
                .filter_map(|seat| places.get_mut(seat)?.take())
                .collect();
            ranked.extend(places.into_iter().flatten());
            self.places = ranked;
        }
        // People still away when the hand ends give their seats up.
        self.places.retain(|p| p.present() && p.away.is_none());
        self.hand = None;
        self.taken = None;
    }
}
