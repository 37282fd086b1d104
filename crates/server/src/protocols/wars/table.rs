//! The table of a Warlords evening: who sits in each seat as the hall knows them, a
//! strike given, and the `stabl` line that shows the table in social order (warlord
//! first), with the hand being played or between hands.

use super::hall::ConnId;
use crate::net::SeatToken;
use parlor_wire::wars::{Seat as Listed, ServerMsg};
use president::{CardSet, Hand, Seat, Status};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU8, Ordering};

/// One seat of the evening as the hall knows it: the client in it (`None` while they are
/// away, and for a CPU player), and who may take it back.
pub struct Place {
    pub conn: Option<ConnId>,
    pub name: String,
    /// A CPU player's strategy name (then `conn` is `None`).
    pub cpu: Option<&'static str>,
    /// Where the person connects from: coming back under the same name is allowed from
    /// there.
    pub addr: Option<IpAddr>,
    /// The person's seat token (`net::SeatToken`), if their client sent one.
    pub token: Option<SeatToken>,
    /// The person's connection dropped and the evening keeps the seat for them.
    pub away: bool,
}

impl Place {
    /// A CPU player of strategy `cpu` called `name`.
    pub fn cpu(name: String, cpu: &'static str) -> Place {
        Place {
            conn: None,
            name,
            cpu: Some(cpu),
            addr: None,
            token: None,
            away: false,
        }
    }
}

/// One more strike on `strikes`; the count now.
pub fn strike(strikes: &AtomicU8) -> u8 {
    let before = strikes.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
        Some(n.saturating_add(1))
    });
    before.unwrap_or(u8::MAX).saturating_add(1)
}

/// A seat as the table line shows it: its name, strikes, and whether anyone plays it.
pub struct Shown<'a> {
    pub name: &'a str,
    pub strikes: u8,
    pub present: bool,
}

/// The `stabl` line: `seats` in social order, with `hand` if one is being played; the
/// first hand of an evening is unranked.
pub fn stabl<'a>(
    seats: impl Iterator<Item = Shown<'a>>,
    hand: Option<&Hand>,
    first: bool,
) -> String {
    let seats = seats
        .enumerate()
        .map(|(seat, shown)| Listed {
            status: status_letter(seat, shown.present, hand),
            strikes: shown.strikes,
            name: shown.name.to_owned(),
            // Every seat's count is public.
            cards: hand.map_or(0, |h| usize::from(h.public().cards_left[seat])),
        })
        .collect();
    let last = hand.map_or(CardSet::EMPTY, Hand::last_play);
    ServerMsg::Table {
        seats,
        last,
        first_hand: first,
    }
    .write()
}

fn status_letter(seat: Seat, present: bool, hand: Option<&Hand>) -> char {
    if !present {
        return 'd';
    }
    // While the warlord's swap is pending nobody is to play: marking the warlord active
    // would invite a play before the swap (strike 15).
    let swapping = hand.is_some_and(Hand::swap_pending);
    match hand.map(|h| h.status(seat)) {
        Some(Status::Active) if swapping => 'w',
        Some(Status::Active) => 'a',
        Some(Status::Passed) => 'p',
        Some(Status::Gone) => 'd',
        Some(Status::Waiting | Status::Out) | None => 'w',
    }
}
