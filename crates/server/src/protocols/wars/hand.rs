//! One hand of a Warlords evening at the kernel's table actor (`table::actor`): the
//! places the hall seated (people, and CPU players in the seats without one), the hand
//! until it ends, and each seat's lines. The hall (`hall.rs`) stays the evening: the
//! lobby, the countdown, who sits where after each hand, the chat.
//!
//! What is Warlords' own is here: each seat's cards at the deal (`shand`; the scumbag's
//! only after the swap), the swap's lines (`swapw`, `swaps`), the table line (`stabl`)
//! to everyone after every change and to each lobby client watching, a strike for every
//! move the rules refuse (then the cards again) and for every turn timed out, the third
//! strike putting the person out, the timeout move as the stand-in, and a seat left
//! empty by a person gone for good staying out of the hand.

use super::message::{self, strike};
use super::table::{self, Shown};
use crate::net::ConnId;
use crate::record::wars::{self as record_wars, WarsChronicle};
use crate::record::{Carried, Ledger, SeatKind};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Hooks, Input, Newcomer, Settings, Starter, TableHandle};
use crate::table::{Play, Timing};
use cards::{seeded_rng, Card, GameRng};
use president::bots::{Strategy, TimeoutBot};
use president::{Action, Event, Hand, HandRules, Order, PlayError, Seat};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// How many inputs wait for a hand.
const INBOX: usize = 64;

/// The strategy of the hall's CPU players.
pub const CPU: &str = "sound";

/// A way to a hand's table.
pub type HandHandle = TableHandle<Hand>;

/// A hand made and waiting to run ([`Starter::run`]).
pub type HandStarter = Starter<HandHooks>;

/// What a hand tells the hall, with the hand's number (as the hall gave it).
#[derive(Clone, Copy, Debug)]
pub enum News {
    /// The person of `seat` left the hand for good (their grace period ran out, or they
    /// were put out): the seat is nobody's to take back.
    Left { id: u64, seat: Seat },
    /// The hand ended: its finishing order if it was played out (else it was abandoned:
    /// every person left, or the server stopped), and whether a person moved in it.
    Over {
        id: u64,
        order: Option<Order>,
        played: bool,
    },
}

/// Who plays each seat of a hand, in social order.
#[derive(Clone)]
pub struct Seating {
    /// Each seat's name: its person's, or its CPU player's.
    pub names: Vec<String>,
    /// Each seat's strikes, shared with its person's client.
    pub strikes: Vec<Arc<AtomicU8>>,
    /// Each CPU player's strategy.
    pub cpus: Vec<Option<&'static str>>,
}

/// What every hand of the hall is played with.
#[derive(Clone)]
pub struct HandSettings {
    pub timing: Timing,
    /// How long a person whose connection dropped keeps the seat.
    pub grace: Duration,
    pub seeds: SeedSource,
    pub recorder: Ledger,
    pub shutdown: CancellationToken,
}

/// Deals hand `id` (by `rules`: how many play it, and whether it is ranked) to `people`
/// (by seat; CPU players in the others, as `seating` says); `played`: a person has moved
/// in an earlier hand of the evening. `over` hears how it ended. [`Starter::run`] runs
/// it; `None` if the seating does not match the rules.
pub fn deal(
    people: Vec<Option<Newcomer>>,
    (seating, rules, played): (Seating, HandRules, bool),
    settings: &HandSettings,
    (id, over): (u64, mpsc::UnboundedSender<News>),
) -> Option<(HandHandle, HandStarter)> {
    let table = table_settings(rules.players(), rules.ranked(), settings)?;
    let hooks = HandHooks {
        seating,
        played_before: played,
        id,
        over,
    };
    let ledger = (settings.recorder.clone(), settings.seeds.clone());
    let shutdown = settings.shutdown.clone();
    Some(actor::seat_group(
        hooks, table, people, INBOX, ledger, shutdown,
    ))
}

/// Makes hand `carried`, which another node dealt, again as hand `id` (`over` hears how
/// it ended): its CPU players go on with their strategies, and each person may take
/// their seat back (by name from their address, or their seat token) as after any
/// dropped connection. Its seating, whether it is ranked, and its table, which runs on
/// [`Starter::run`]; an error if it cannot be made again here.
pub fn carry(
    carried: &Carried,
    settings: &HandSettings,
    (id, over): (u64, mpsc::UnboundedSender<News>),
) -> Result<(Seating, bool, HandHandle, HandStarter), String> {
    let game = carried.id;
    let (players, ranked) = record_wars::players_of(&carried.variant)
        .filter(|&(players, _)| players == carried.seats.len())
        .ok_or_else(|| format!("game {game} is not a Warlords hand ({:?})", carried.variant))?;
    let table = table_settings(players, ranked, settings)
        .ok_or_else(|| format!("game {game}: {players} players cannot be dealt"))?;
    let seating = Seating {
        names: carried.seats.iter().map(|(name, _)| name.clone()).collect(),
        strikes: (0..players).map(|_| Arc::default()).collect(),
        cpus: (carried.seats.iter())
            .map(|(_, cpu)| cpu.as_deref().and_then(strategy_name))
            .collect(),
    };
    let hooks = HandHooks {
        seating: seating.clone(),
        // A carried hand was under way: its people had moved.
        played_before: true,
        id,
        over,
    };
    let (recorder, shutdown) = (settings.recorder.clone(), settings.shutdown.clone());
    let (handle, starter) =
        actor::carry_paused(hooks, table, (INBOX, recorder), shutdown, carried)?;
    Ok((seating, ranked, handle, starter))
}

/// The name of the CPU strategy called `name`, if there is one.
pub fn strategy_name(name: &str) -> Option<&'static str> {
    president::bots::NAMES.iter().copied().find(|&n| n == name)
}

/// How a hand of `players` is set, if one can be dealt.
fn table_settings(
    players: usize,
    ranked: bool,
    settings: &HandSettings,
) -> Option<Settings<HandRules>> {
    Some(Settings {
        protocol: "wars",
        rules: HandRules::new(players, ranked)?,
        variant: record_wars::variant(players, ranked),
        seats: players,
        timing: settings.timing,
        grace: settings.grace,
        name: None,
    })
}

/// The input `chand` makes: the person's cards, as their seat's view shows them.
pub fn cards(conn: ConnId) -> Input<Hand> {
    let query = |hand: &Hand, seat: Seat| message::shand(hand.view(seat).hand);
    Input::Query {
        conn,
        query: Box::new(query),
    }
}

/// What one seat's lines remember: the card the warlord took at the deal, which the
/// scumbag's `swaps` names as lost.
pub struct Viewer {
    seat: Seat,
    taken: Option<Card>,
}

/// Warlords' part at the table actor.
pub struct HandHooks {
    seating: Seating,
    played_before: bool,
    id: u64,
    over: mpsc::UnboundedSender<News>,
}

impl HandHooks {
    /// One more strike for the person of `seat`, as its line.
    fn strike(&self, seat: Seat, code: u8) -> (String, u8) {
        let count = self
            .seating
            .strikes
            .get(seat)
            .map_or(1, |s| table::strike(s));
        (message::strik(code, count), count)
    }
}

impl Hooks for HandHooks {
    type Game = Hand;
    type Chronicle = WarsChronicle;
    type Viewer = Viewer;

    fn viewer(&self, seat: Seat) -> Viewer {
        Viewer { seat, taken: None }
    }

    /// A seat's cards as the deal left them (the scumbag of a ranked hand gets its own
    /// once the warlord gave one back), and the swap's lines to its two seats.
    fn render(&self, viewer: &mut Viewer, hand: &Hand, event: &Event, out: &mut Vec<String>) {
        let seat = viewer.seat;
        let cards = || message::shand(hand.view(seat).hand);
        match *event {
            Event::Dealt { .. } if !(hand.ranked() && seat + 1 == hand.players()) => {
                out.push(cards());
            }
            Event::SwapTaken { to, card, .. } => {
                viewer.taken = Some(card);
                if seat == to {
                    out.push(message::swapw(card));
                }
            }
            Event::SwapGiven { from, to, card } => {
                if seat == from {
                    out.push(cards());
                } else if seat == to {
                    out.push(message::swaps(card, viewer.taken.unwrap_or(card)));
                    out.push(cards());
                }
            }
            _ => {}
        }
    }

    fn seated(&self, _seat: Seat, _token: Option<&str>) -> Vec<String> {
        Vec::new()
    }

    /// A refused move is struck (its code by the rules' reason); a refused play is
    /// followed by the seat's cards, unless that was the third strike.
    fn refused(&self, viewer: &Viewer, hand: &Hand, _: &Action, why: &PlayError) -> Vec<String> {
        let code = parlor_wire::wars::strike_for(*why);
        let (line, count) = self.strike(viewer.seat, code);
        let mut lines = vec![line];
        if matches!(code, 10..=19 | 70) && count < 3 {
            lines.push(message::shand(hand.view(viewer.seat).hand));
        }
        lines
    }

    /// A CPU player taking the seat of a person who cannot come back to a carried hand
    /// plays as the hall's own CPU players do.
    fn cpu(&self) -> Box<dyn Strategy<Hand>> {
        self.cpu_named(CPU)
    }

    fn cpu_at(&self, seat: Seat) -> Box<dyn Strategy<Hand>> {
        let name = self.seating.cpus.get(seat).copied().flatten();
        self.cpu_named(name.unwrap_or(CPU))
    }

    fn cpu_named(&self, name: &str) -> Box<dyn Strategy<Hand>> {
        president::bots::by_name(name).unwrap_or_else(|| Box::new(TimeoutBot))
    }

    /// A person away or out of time gets the timeout move: pass, or the lowest card.
    fn stand_in(&self) -> Box<dyn Strategy<Hand>> {
        Box::new(TimeoutBot)
    }

    /// The CPU players' stream is the deal's seed's own.
    fn seeds(&self, seed: u64) -> (u64, GameRng) {
        (seed, seeded_rng(seed.rotate_left(21) ^ 0xC0FF_EE00))
    }

    fn chronicle(&self) -> WarsChronicle {
        WarsChronicle
    }

    fn token_at_sit(&self) -> bool {
        false
    }

    fn cpu_name(&self, seat: Seat) -> String {
        self.seating.names.get(seat).cloned().unwrap_or_default()
    }

    /// A person coming back is told their name (`sjoin`) and then their cards.
    fn resumed(&self, seat: Seat, _token: Option<&str>, names: &[String]) -> Vec<String> {
        vec![message::sjoin(names.get(seat).map_or("", String::as_str))]
    }

    /// Their cards, and the card the warlord took while the warlord's answer is awaited.
    fn caught_up(&self, viewer: &mut Viewer, hand: &Hand, seat: Seat) -> Option<Vec<String>> {
        viewer.taken = hand.swap_card();
        let mut lines = vec![message::shand(hand.view(seat).hand)];
        if let (Some(card), 0) = (hand.swap_card(), seat) {
            lines.push(message::swapw(card));
        }
        Some(lines)
    }

    fn back_by_name(&self) -> bool {
        true
    }

    fn timed_out(&self, seat: Seat) -> Option<String> {
        Some(self.strike(seat, strike::TIMEOUT).0)
    }

    /// The third strike puts a person out.
    fn out(&self, seat: Seat) -> bool {
        let strikes = self.seating.strikes.get(seat);
        strikes.is_some_and(|s| s.load(Ordering::Relaxed) >= 3)
    }

    fn summary(&self, hand: &Hand, kinds: &[Option<SeatKind>]) -> Option<String> {
        let seats = (self.seating.names.iter().enumerate()).map(|(seat, name)| Shown {
            name,
            strikes: self.seating.strikes[seat].load(Ordering::Relaxed),
            present: matches!(
                kinds.get(seat),
                Some(Some(SeatKind::Person | SeatKind::Away | SeatKind::Cpu))
            ),
        });
        Some(table::stabl(seats, Some(hand), !hand.ranked()))
    }

    fn played_before(&self) -> bool {
        self.played_before
    }

    /// The people stay in the hall for the next hand.
    fn lets_go(&self) -> bool {
        false
    }

    /// The hall hears of a seat left, so that its name is free again.
    fn shown(&self, event: &Event) {
        if let Event::Left { seat } = *event {
            // The hall may have closed already (the server is stopping).
            let _ = self.over.send(News::Left { id: self.id, seat });
        }
    }

    fn ended(&mut self, play: Option<&Play<Hand, WarsChronicle>>) {
        let order = play
            .filter(|play| play.is_over())
            .map(|play| play.finishing_order());
        let played = play.is_some_and(|play| play.anyone_played());
        let id = self.id;
        let _ = self.over.send(News::Over { id, order, played });
    }

    /// The spectators are the hall's lobby: they stay for the next hand.
    fn keeps_spectators(&self) -> bool {
        true
    }
}
