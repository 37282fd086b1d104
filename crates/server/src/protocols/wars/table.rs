//! The table: who sits where in social order (warlord first), the hand being played, and
//! the `stabl` line that shows it all.

use super::hall::ConnId;
use crate::record::wars::{self as record_wars, WarsChronicle};
use crate::record::{Carried, GameLog, Ledger};
use crate::table::{seat_carried, Play, Seats, Timing};
use parlor_wire::wars::{Seat as Listed, ServerMsg};
use president::bots::TimeoutBot;
use president::{Card, CardSet, Event, Hand, Seat, Status};
use std::net::IpAddr;
use std::time::Duration;
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
    /// Who may take this seat back, for a cluster's stream.
    pub fn holder_record(&self) -> crate::record::Holder {
        crate::record::Holder::of(self.token.as_ref(), self.addr)
    }

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

    /// Carries on the hand `carried`, which another node of a cluster dealt: made again
    /// from its table size, ranks, seed and log, its CPU players seated again, and each
    /// person away for `grace` (they take the seat back as after any dropped
    /// connection: `cjoin` with their name from their address, or their seat token).
    /// An error if the hand cannot be made again here.
    pub fn carry(
        carried: &Carried,
        recorder: &Ledger,
        timing: Timing,
        grace: Duration,
    ) -> Result<Table, String> {
        let id = carried.id;
        let (players, ranked) = record_wars::players_of(&carried.variant)
            .filter(|&(players, _)| players == carried.seats.len())
            .ok_or_else(|| format!("game {id} is not a Warlords hand ({:?})", carried.variant))?;
        let log = GameLog::carry(recorder, carried);
        let (hand, events) = record_wars::start(players, ranked, carried.seed, log)
            .ok_or_else(|| format!("game {id}: {players} players cannot be dealt"))?;
        let mut play = Play::new(
            hand,
            &events,
            carried.cpu_rng(),
            timing,
            Box::new(TimeoutBot),
        );
        let taken_over = play.redo_log(&carried.entries)?;
        play.caught_up();
        // Who is away comes from the kernel's rule for a carried table; the places are
        // Warlords' own.
        let mut away: Seats<()> = Seats::new(players, grace);
        let anyone = |seat: usize| carried.holders[seat].is_anyone().then_some(());
        let mut cpus: Vec<Option<&'static str>> = vec![None; players];
        let cpu = |seat: usize, _took_over: bool| {
            let name = carried.seats[seat].1.as_deref().unwrap_or("sound");
            cpus[seat] = president::bots::NAMES.iter().copied().find(|&n| n == name);
            let strategy = president::bots::by_name(name).unwrap_or_else(|| Box::new(TimeoutBot));
            (carried.seats[seat].0.clone(), strategy)
        };
        let kept = seat_carried(&mut play, &mut away, carried, &taken_over, anyone, cpu);
        let until = Instant::now() + grace;
        let places = (0..players)
            .map(|seat| {
                let holder = &carried.holders[seat];
                let kept = kept.contains(&seat);
                Place {
                    conn: None,
                    name: carried.seats[seat].0.clone(),
                    strikes: 0,
                    cpu: cpus[seat],
                    addr: holder.addr.filter(|_| kept),
                    token: (holder.token.as_deref())
                        .filter(|_| kept)
                        .and_then(crate::net::SeatToken::parse),
                    away: kept.then_some(until),
                }
            })
            .collect();
        let taken = events.iter().find_map(|e| match *e {
            Event::SwapTaken { card, .. } => Some(card),
            _ => None,
        });
        Ok(Table {
            places,
            played: play.anyone_played(),
            hand: Some(play),
            ranked,
            taken,
        })
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
