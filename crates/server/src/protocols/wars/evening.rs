//! A Warlords evening at the kernel's table actor (`table::actor`): one game
//! (`president::EveningGame`) of seven seats, people and CPU players sitting down as the
//! hall seats them, each hand dealt when the hall asks after its pause. The hall
//! (`hall.rs`) keeps the lobby, the countdown and the chat.
//!
//! What is Warlords' own is here: each seat's cards at the deal (`shand`; the scumbag's
//! only after the swap), the swap's lines (`swapw`, `swaps`), the table line (`stabl`)
//! to everyone after every change and to each lobby client watching (at the end of a
//! hand, the hand as it ended and then the table reseated), a strike for every move the
//! rules refuse (then the cards again) and for every turn timed out, the third strike
//! putting the person out, and the timeout move as the stand-in.

use super::message::{self, strike};
use super::table::{self, Shown};
use crate::net::ConnId;
use crate::record::wars::EveningChronicle;
use crate::record::{Carried, Ledger, SeatKind};
use crate::seeds::SeedSource;
use crate::table::actor::{self, Hooks, Input, Newcomer, Settings, Starter, TableHandle};
use crate::table::{Play, Timing};
use cards::{seeded_rng, Card, GameRng};
use parlor_game::Game as _;
use president::bots::{evening_by_name, InEvening, SoundBot, Strategy, TimeoutBot};
use president::{
    Action, CardSet, EveningEvent, EveningGame, EveningRules, Event, PlayError, Seat, MAX_PLAYERS,
};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// How many inputs wait for an evening.
const INBOX: usize = 64;

/// The strategy of the hall's CPU players.
pub const CPU: &str = "sound";

/// A way to an evening's table.
pub type EveningHandle = TableHandle<EveningGame>;

/// An evening made and waiting to run ([`Starter::run`]).
pub type EveningStarter = Starter<EveningHooks>;

/// What an evening tells the hall, with the evening's number (as the hall gave it),
/// once the table's own lines for it are out.
#[derive(Clone, Debug)]
pub enum News {
    /// `name`, in `seat`, left the evening for good (they left, their grace period ran
    /// out, or they were put out): the seat is nobody's to take back.
    Left { id: u64, seat: Seat, name: String },
    /// A hand ended: the pause before the next begins.
    HandOver { id: u64 },
    /// The evening ended (too few were left for a hand, every person left, or the
    /// server stopped); `places`: who sat at the table, in social order.
    Over { id: u64, places: Vec<Seat> },
}

/// Who sits in each of the evening's seats when it begins: a name for each taken seat
/// (none for an empty one), and the strategy of each CPU player.
#[derive(Clone, Default)]
pub struct Seating {
    pub names: Vec<String>,
    pub cpus: Vec<Option<&'static str>>,
}

/// What every evening of the hall is played with.
#[derive(Clone)]
pub struct EveningSettings {
    pub timing: Timing,
    /// How long a person whose connection dropped keeps the seat.
    pub grace: Duration,
    /// How many players a hand needs.
    pub min_players: usize,
    pub seeds: SeedSource,
    pub recorder: Ledger,
    pub shutdown: CancellationToken,
}

/// Each seat's strikes, shared by the hall (which seats its clients there) and the
/// evening (which strikes them for refused moves and time outs).
pub type Strikes = Arc<[Arc<AtomicU8>; MAX_PLAYERS]>;

/// Begins evening `id` with `people` (by seat; CPU players and empty seats as `seating`
/// says). `over` hears how it goes. [`Starter::run`] runs it; its first hand is dealt on
/// [`Input::Next`].
pub fn begin(
    people: Vec<Option<Newcomer>>,
    (seating, strikes): (Seating, Strikes),
    settings: &EveningSettings,
    (id, over): (u64, mpsc::UnboundedSender<News>),
) -> (EveningHandle, EveningStarter) {
    let hooks = EveningHooks::new(seating, strikes, (id, over));
    let ledger = (settings.recorder.clone(), settings.seeds.clone());
    let shutdown = settings.shutdown.clone();
    let table = table_settings(settings, EveningRules::new(settings.min_players));
    actor::seat_group(hooks, table, people, INBOX, ledger, shutdown)
}

/// Makes evening `carried`, which another node began, again as evening `id` (`over`
/// hears how it goes): its CPU players go on, and each person may take their seat back
/// (by name from their address, or their seat token) as after any dropped connection.
/// Its seating and table, which runs on [`Starter::run`]; an error if it cannot be made
/// again here (it is not an evening: a hand carried from a node of an older version).
pub fn carry(
    carried: &Carried,
    (settings, strikes): (&EveningSettings, Strikes),
    (id, over): (u64, mpsc::UnboundedSender<News>),
) -> Result<(Seating, EveningHandle, EveningStarter), String> {
    let game = carried.id;
    let rules: EveningRules = (carried.variant.parse()).map_err(|_| {
        format!(
            "game {game} is not a Warlords evening ({:?})",
            carried.variant
        )
    })?;
    let seating = Seating {
        names: carried.seats.iter().map(|(name, _)| name.clone()).collect(),
        cpus: (carried.seats.iter())
            .map(|(_, cpu)| cpu.as_deref().and_then(strategy_name))
            .collect(),
    };
    let hooks = EveningHooks::new(seating.clone(), strikes, (id, over));
    let table = table_settings(settings, rules);
    let (recorder, shutdown) = (settings.recorder.clone(), settings.shutdown.clone());
    let (handle, starter) =
        actor::carry_paused(hooks, table, (INBOX, recorder), shutdown, carried)?;
    Ok((seating, handle, starter))
}

/// The name of the CPU strategy called `name`, if there is one.
pub fn strategy_name(name: &str) -> Option<&'static str> {
    president::bots::NAMES.iter().copied().find(|&n| n == name)
}

/// A CPU player of strategy `name` (the hall's own if there is none of that name).
pub fn cpu_player(name: &str) -> Box<dyn Strategy<EveningGame>> {
    evening_by_name(name).unwrap_or_else(|| Box::new(InEvening(Box::new(SoundBot))))
}

/// How an evening's table is set.
fn table_settings(settings: &EveningSettings, rules: EveningRules) -> Settings<EveningRules> {
    Settings {
        protocol: "wars",
        rules,
        variant: rules.to_string(),
        seats: MAX_PLAYERS,
        timing: settings.timing,
        grace: settings.grace,
        name: None,
    }
}

/// The cards `seat` holds in the hand under way (none between hands).
fn cards_of(game: &EveningGame, seat: Seat) -> CardSet {
    game.view(seat)
        .hand
        .map_or(CardSet::EMPTY, |view| view.hand)
}

/// The input `chand` makes: the person's cards, as their seat's view shows them.
pub fn cards(conn: ConnId) -> Input<EveningGame> {
    let query = |game: &EveningGame, seat: Seat| message::shand(cards_of(game, seat));
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
pub struct EveningHooks {
    seating: Seating,
    strikes: Strikes,
    id: u64,
    over: mpsc::UnboundedSender<News>,
    /// What the hall is to hear once the table's lines are out.
    news: RefCell<Vec<News>>,
}

impl EveningHooks {
    fn new(
        mut seating: Seating,
        strikes: Strikes,
        (id, over): (u64, mpsc::UnboundedSender<News>),
    ) -> EveningHooks {
        seating.names.resize(MAX_PLAYERS, String::new());
        seating.cpus.resize(MAX_PLAYERS, None);
        EveningHooks {
            seating,
            strikes,
            id,
            over,
            news: RefCell::default(),
        }
    }

    /// One more strike for the person of `seat`, as its line.
    fn strike(&self, seat: Seat, code: u8) -> (String, u8) {
        let count = self.strikes.get(seat).map_or(1, |s| table::strike(s));
        (message::strik(code, count), count)
    }

    /// `seats` (table seats in social order) as the table line shows them.
    fn shown<'a>(
        &'a self,
        seats: impl Iterator<Item = Seat> + 'a,
        kind: &'a dyn Fn(Seat) -> Option<SeatKind>,
    ) -> impl Iterator<Item = Shown<'a>> + 'a {
        seats.map(move |seat| Shown {
            name: &self.seating.names[seat],
            strikes: self.strikes[seat].load(Ordering::Relaxed),
            present: matches!(
                kind(seat),
                Some(SeatKind::Person | SeatKind::Away | SeatKind::Cpu)
            ),
        })
    }
}

impl Hooks for EveningHooks {
    type Game = EveningGame;
    type Chronicle = EveningChronicle;
    type Viewer = Viewer;

    fn viewer(&self, seat: Seat) -> Viewer {
        Viewer { seat, taken: None }
    }

    /// A seat's cards as the deal left them (the scumbag of a ranked hand gets its own
    /// once the warlord gave one back), and the swap's lines to its two seats.
    fn render(
        &self,
        viewer: &mut Viewer,
        game: &EveningGame,
        event: &EveningEvent,
        out: &mut Vec<String>,
    ) {
        let EveningEvent::Hand { event, places } = event else {
            return;
        };
        let seat = viewer.seat;
        let Some(at) = places.seats().position(|s| s == seat) else {
            return;
        };
        let cards = || message::shand(cards_of(game, seat));
        // The scumbag of a ranked hand is told its cards once the swap is done.
        let ranked = game.hand().is_some_and(|(hand, _)| hand.ranked());
        match *event {
            Event::Dealt { .. } if !(ranked && at + 1 == places.len()) => out.push(cards()),
            Event::SwapTaken { to, card, .. } => {
                viewer.taken = Some(card);
                if at == to {
                    out.push(message::swapw(card));
                }
            }
            Event::SwapGiven { from, to, card } => {
                if at == from {
                    out.push(cards());
                } else if at == to {
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
    fn refused(
        &self,
        viewer: &Viewer,
        game: &EveningGame,
        _: &Action,
        why: &PlayError,
    ) -> Vec<String> {
        let code = parlor_wire::wars::strike_for(*why);
        let (line, count) = self.strike(viewer.seat, code);
        let mut lines = vec![line];
        if matches!(code, 10..=19 | 70) && count < 3 {
            lines.push(message::shand(cards_of(game, viewer.seat)));
        }
        lines
    }

    /// A CPU player taking the seat of a person who cannot come back to a carried
    /// evening plays as the hall's own CPU players do.
    fn cpu(&self) -> Box<dyn Strategy<EveningGame>> {
        cpu_player(CPU)
    }

    fn cpu_at(&self, seat: Seat) -> Box<dyn Strategy<EveningGame>> {
        let name = self.seating.cpus.get(seat).copied().flatten();
        cpu_player(name.unwrap_or(CPU))
    }

    fn cpu_named(&self, name: &str) -> Box<dyn Strategy<EveningGame>> {
        cpu_player(name)
    }

    /// A person away or out of time gets the timeout move: pass, or the lowest card.
    fn stand_in(&self) -> Box<dyn Strategy<EveningGame>> {
        Box::new(InEvening(Box::new(TimeoutBot)))
    }

    /// The CPU players' stream is the evening's seed's own.
    fn seeds(&self, seed: u64) -> (u64, GameRng) {
        (seed, seeded_rng(seed.rotate_left(21) ^ 0xC0FF_EE00))
    }

    fn chronicle(&self) -> EveningChronicle {
        EveningChronicle
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
    fn caught_up(
        &self,
        viewer: &mut Viewer,
        game: &EveningGame,
        seat: Seat,
    ) -> Option<Vec<String>> {
        let view = game.view(seat).hand;
        viewer.taken = view.as_ref().and_then(|view| view.swap_card);
        let mut lines = vec![message::shand(cards_of(game, seat))];
        if let (Some(card), Some(0)) = (viewer.taken, game.seat_in_hand(seat)) {
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
        let strikes = self.strikes.get(seat);
        strikes.is_some_and(|s| s.load(Ordering::Relaxed) >= 3)
    }

    /// The hand under way in social order; between hands the table as the last hand
    /// reseated it, those waiting for the next hand at its foot. As a hand ends, both.
    fn summary(&self, game: &EveningGame, kind: &dyn Fn(Seat) -> Option<SeatKind>) -> Vec<String> {
        let mut lines = Vec::new();
        let just_over = matches!(self.news.borrow().last(), Some(News::HandOver { .. }));
        if let Some((hand, places)) = game.hand().filter(|_| game.in_hand() || just_over) {
            let seats = self.shown(places.seats(), kind);
            lines.push(table::stabl(seats, Some(hand), !hand.ranked()));
        }
        if !game.in_hand() {
            let seats = self.shown(game.places(), kind);
            lines.push(table::stabl(seats, None, !game.ranked()));
        }
        lines
    }

    /// The people stay in the hall when the evening ends.
    fn lets_go(&self) -> bool {
        false
    }

    /// Every seat nobody sits in when the evening begins stays empty.
    fn empty_at(&self, seat: Seat) -> bool {
        self.seating.names.get(seat).is_none_or(String::is_empty)
    }

    /// The next hand is dealt when the hall asks, after its pause.
    fn deals_when_asked(&self) -> bool {
        true
    }

    fn joined(&mut self, seat: Seat, name: &str) -> Option<String> {
        if let Some(slot) = self.seating.names.get_mut(seat) {
            name.clone_into(slot);
        }
        None
    }

    /// The hall is to hear of a seat left (its name is free again) and of a hand's end.
    fn shown(&self, event: &EveningEvent) {
        let id = self.id;
        let news = match *event {
            EveningEvent::Left { seat } => {
                let name = self.seating.names.get(seat).cloned().unwrap_or_default();
                News::Left { id, seat, name }
            }
            EveningEvent::Hand {
                event: Event::HandOver { .. },
                ..
            } => News::HandOver { id },
            _ => return,
        };
        self.news.borrow_mut().push(news);
    }

    fn flushed(&mut self) {
        for news in self.news.get_mut().drain(..) {
            // The hall may have closed already (the server is stopping).
            let _ = self.over.send(news);
        }
    }

    fn ended(&mut self, play: Option<&Play<EveningGame, EveningChronicle>>) {
        let places = play.map(|play| play.places().collect()).unwrap_or_default();
        let _ = self.over.send(News::Over {
            id: self.id,
            places,
        });
    }

    /// The spectators are the hall's lobby: they stay for the next evening.
    fn keeps_spectators(&self) -> bool {
        true
    }
}
