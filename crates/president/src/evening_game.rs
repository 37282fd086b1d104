//! A whole Warlords evening as one [`parlor_game::Game`]: seven seats, people sitting
//! down and leaving as it goes, and hand after hand dealt to whoever sits at the table,
//! reseated by each hand's finishing order ([`Evening`]).
//!
//! A table keeps it between hands until it asks for the next deal ([`Game::advance`]):
//! the pause, and who sits down in it, are the table's. Newcomers ([`Game::join`]) are
//! dealt in at the next hand, at the foot of the table; a seat that leaves
//! ([`Game::leave`]) leaves the hand under way and the table. The evening is over when a
//! deal is asked for after at least one hand and too few sit at the table for it. A
//! seat's score is the sum, over the hands its player played, of how many they finished
//! ahead of (from nothing again when someone new sits down there).

use crate::{Action, Actions, Evening, Event, Hand, Order, PlayError, Seat, View, MAX_PLAYERS};
use arrayvec::ArrayVec;
use cards::GameRng;
use parlor_game::{Game, Notation, Projected, WATCHER};
use std::fmt;
use std::str::FromStr;

/// What an evening is played under: how many players a hand needs (3 to 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EveningRules {
    min_players: usize,
}

impl EveningRules {
    /// An evening whose hands need `min_players` (taken as the nearest of 3 to 7).
    pub fn new(min_players: usize) -> EveningRules {
        EveningRules {
            min_players: Evening::<()>::new(min_players).min_players(),
        }
    }

    /// How many players a hand needs.
    pub fn min_players(self) -> usize {
        self.min_players
    }
}

/// `evening 3`: the words the store keeps an evening's rules in.
impl fmt::Display for EveningRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "evening {}", self.min_players)
    }
}

impl FromStr for EveningRules {
    type Err = String;

    fn from_str(text: &str) -> Result<EveningRules, String> {
        let min = text.strip_prefix("evening ").and_then(|n| n.parse().ok());
        match min {
            Some(min) if EveningRules::new(min).min_players == min => Ok(EveningRules::new(min)),
            _ => Err(format!("not an evening's rules: {text:?}")),
        }
    }
}

/// Something that happened at the evening's table, seats numbered as the table's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EveningEvent {
    /// `seat` sat down; it is dealt in at the next hand.
    Sat { seat: Seat },
    /// `seat` left the table (out of the hand under way, if it was in it).
    Left { seat: Seat },
    /// A hand was dealt to `places`, the table's seats in social order (the hand's seat
    /// `i` is `places` `i`); `ranked`: with ranks and the swap.
    Dealt { places: Order, ranked: bool },
    /// Something in the hand dealt to `places`, its seats the hand's.
    Hand { event: Event, places: Order },
    /// Too few sat at the table for another hand: the evening is over.
    Over,
}

impl EveningEvent {
    /// This event as `seat` (a seat of the table, or [`WATCHER`]) may see it.
    pub fn for_seat(&self, seat: Seat) -> Option<EveningEvent> {
        match self {
            EveningEvent::Hand { event, places } => {
                let in_hand = places.seats().position(|s| s == seat);
                let event = event.for_seat(in_hand.unwrap_or(WATCHER))?;
                Some(EveningEvent::Hand {
                    event,
                    places: *places,
                })
            }
            other => Some(other.clone()),
        }
    }
}

/// The events of one step. A deal gives at most 9 (the hand's 8 and its `Dealt`), a leave
/// at most 5; fixed capacity, so playing never allocates.
pub type EveningEvents = ArrayVec<EveningEvent, 12>;

/// What one seat of the evening may see: its view of the hand under way if it is dealt
/// in (seats there are the hand's, in social order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveningView {
    pub hand: Option<View>,
}

/// A Warlords evening: the table in social order, those waiting for the next hand, and
/// the hand under way (or the last one, between hands).
#[derive(Clone, Debug)]
pub struct EveningGame {
    rules: EveningRules,
    /// Those dealt the last hand, reseated when it ended, each a table seat.
    table: Evening<Seat>,
    /// Seats that sat down since the last deal, in the order they did.
    waiting: ArrayVec<Seat, MAX_PLAYERS>,
    /// Whether each seat is at the table (dealt in or waiting).
    sitting: [bool; MAX_PLAYERS],
    /// The hand under way, or the last one; and the table seats it was dealt to.
    hand: Option<(Hand, Order)>,
    /// Each seat's points: in every hand it played, how many it finished ahead of.
    points: [i64; MAX_PLAYERS],
    hands: u32,
    over: bool,
    /// What every hand is dealt from.
    rng: GameRng,
}

impl EveningGame {
    /// The hand under way, or the last one between hands, with the table seats in it in
    /// social order.
    pub fn hand(&self) -> Option<(&Hand, Order)> {
        self.hand.as_ref().map(|(hand, places)| (hand, *places))
    }

    /// Whether a hand is being played.
    pub fn in_hand(&self) -> bool {
        self.hand.as_ref().is_some_and(|(hand, _)| !hand.is_over())
    }

    /// How many hands have been dealt.
    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// Whether `seat` is at the table (dealt in, or waiting for the next hand).
    pub fn is_sitting(&self, seat: Seat) -> bool {
        self.sitting.get(seat).copied().unwrap_or(false)
    }

    /// The table in social order: those who played the last hand as it reseated them,
    /// then those waiting for the next.
    pub fn places(&self) -> impl Iterator<Item = Seat> + '_ {
        let table = self.table.places().iter().copied();
        table.chain(self.waiting.iter().copied())
    }

    /// Whether the next hand is ranked: enough of those who earned their ranks are left.
    pub fn ranked(&self) -> bool {
        let mut table = self.table.clone();
        table.before_newcomers();
        table.ranked()
    }

    /// The seat of the hand that table seat `seat` plays, if it is dealt in.
    pub fn seat_in_hand(&self, seat: Seat) -> Option<Seat> {
        let (hand, places) = self.hand.as_ref()?;
        let at = places.seats().position(|s| s == seat)?;
        (!hand.is_over()).then_some(at)
    }

    /// `events` of the hand, as the table's, into `out`; when they end the hand, the
    /// table is reseated by its finishing order and each seat scores.
    fn hand_events(&mut self, events: &crate::Events, out: &mut EveningEvents) {
        let Some((_, places)) = self.hand else {
            return;
        };
        for event in events {
            if let Event::HandOver { order } = event {
                for (rank, seat) in order.seats().enumerate() {
                    let table_seat = places.seats().nth(seat).unwrap_or(WATCHER);
                    if let Some(points) = self.points.get_mut(table_seat) {
                        *points += order.points(rank);
                    }
                }
                // Those who left the hand leave the table.
                let sitting = self.sitting;
                self.table.hand_over(order, |&seat| sitting[seat]);
            }
            out.push(EveningEvent::Hand {
                event: event.clone(),
                places,
            });
        }
    }

    /// Deals the next hand to the table and those waiting.
    fn deal(&mut self, out: &mut EveningEvents) -> bool {
        self.table.before_newcomers();
        for seat in self.waiting.drain(..) {
            let _ = self.table.sit(seat);
        }
        let Some(rules) = self.table.next_hand() else {
            return false;
        };
        let Some((hand, events)) = Hand::deal(rules.players(), rules.ranked(), &mut self.rng)
        else {
            return false;
        };
        let places: Order = self.table.places().iter().copied().collect();
        self.hand = Some((hand, places));
        self.hands += 1;
        out.push(EveningEvent::Dealt {
            places,
            ranked: rules.ranked(),
        });
        self.hand_events(&events, out);
        true
    }
}

impl Game for EveningGame {
    type Rules = EveningRules;
    type Action = Action;
    type Actions = Actions;
    type Events = EveningEvents;
    type Refusal = PlayError;
    type View<'a> = EveningView;

    /// An empty table: nobody sits at it and no hand is dealt until a table asks.
    fn start(rules: &EveningRules, rng: GameRng) -> (EveningGame, EveningEvents) {
        let game = EveningGame {
            rules: *rules,
            table: Evening::new(rules.min_players),
            waiting: ArrayVec::new(),
            sitting: [false; MAX_PLAYERS],
            hand: None,
            points: [0; MAX_PLAYERS],
            hands: 0,
            over: false,
            rng,
        };
        (game, EveningEvents::new())
    }

    fn rules(&self) -> EveningRules {
        self.rules
    }

    fn seats(&self) -> usize {
        MAX_PLAYERS
    }

    fn legal_actions(&self, seat: Seat) -> Actions {
        let mut actions = Actions::new();
        self.legal_actions_into(seat, &mut actions);
        actions
    }

    fn legal_actions_into(&self, seat: Seat, actions: &mut Actions) {
        actions.clear();
        if let (Some(at), Some((hand, _))) = (self.seat_in_hand(seat), &self.hand) {
            hand.legal_actions_into(at, actions);
        }
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<EveningEvents, PlayError> {
        let at = self.seat_in_hand(seat).ok_or(PlayError::OutOfTurn)?;
        let Some((hand, _)) = self.hand.as_mut() else {
            return Err(PlayError::OutOfTurn);
        };
        let events = hand.apply(at, action)?;
        let mut out = EveningEvents::new();
        self.hand_events(&events, &mut out);
        Ok(out)
    }

    fn view(&self, seat: Seat) -> EveningView {
        let hand = match (self.seat_in_hand(seat), &self.hand) {
            (Some(at), Some((hand, _))) => Some(hand.view(at)),
            _ => None,
        };
        EveningView { hand }
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn score(&self, seat: Seat) -> i64 {
        self.points.get(seat).copied().unwrap_or(0)
    }

    /// The next deal, between hands: to everyone at the table if enough sit there; the
    /// end of the evening if too few do after a hand has been played; `None` during a
    /// hand, or while the first waits for enough players.
    fn advance(&mut self) -> Option<EveningEvents> {
        if self.over || self.in_hand() {
            return None;
        }
        let mut out = EveningEvents::new();
        if self.deal(&mut out) {
            return Some(out);
        }
        if self.hands == 0 {
            return None;
        }
        self.over = true;
        out.push(EveningEvent::Over);
        Some(out)
    }

    /// A seat leaves the table; out of the hand under way, it goes on without it.
    fn leave(&mut self, seat: Seat) -> Option<EveningEvents> {
        let mut out = EveningEvents::new();
        if !self.is_sitting(seat) {
            return Some(out);
        }
        self.sitting[seat] = false;
        self.waiting.retain(|s| *s != seat);
        out.push(EveningEvent::Left { seat });
        match self.seat_in_hand(seat) {
            Some(at) => {
                let events = self.hand.as_mut().map(|(hand, _)| hand.leave(at));
                self.hand_events(&events.unwrap_or_default(), &mut out);
            }
            None => {
                let at = self.table.places().iter().position(|&s| s == seat);
                at.and_then(|at| self.table.leave(at));
            }
        }
        Some(out)
    }

    /// A seat sits down at the foot of the table, if there is room and the evening is
    /// not over; it is dealt in at the next hand. A seat left during the hand under way
    /// stays empty until it ends (the hand's events for it are not a newcomer's).
    fn join(&mut self, seat: Seat) -> Option<EveningEvents> {
        let room = self.table.places().len() + self.waiting.len() < MAX_PLAYERS;
        let in_hand = self.in_hand()
            && self
                .hand
                .as_ref()
                .is_some_and(|(_, places)| places.seats().any(|s| s == seat));
        if self.over || seat >= MAX_PLAYERS || self.sitting[seat] || !room || in_hand {
            return None;
        }
        self.sitting[seat] = true;
        self.waiting.push(seat);
        // The seat's points are its new player's, from nothing.
        self.points[seat] = 0;
        let mut out = EveningEvents::new();
        out.push(EveningEvent::Sat { seat });
        Some(out)
    }

    fn to_act(&self) -> impl Iterator<Item = Seat> + '_ {
        let (hand, places) = match &self.hand {
            Some((hand, places)) if !hand.is_over() => (Some(hand), Some(*places)),
            _ => (None, None),
        };
        let seat = hand.and_then(Hand::active);
        seat.zip(places)
            .and_then(|(at, places)| places.seats().nth(at))
            .into_iter()
    }
}

impl Projected for EveningGame {
    type Event = EveningEvent;

    fn events(events: &EveningEvents) -> &[EveningEvent] {
        events
    }

    fn for_seat(event: &EveningEvent, seat: Seat) -> Option<EveningEvent> {
        event.for_seat(seat)
    }

    /// Each deal starts a hand.
    fn starts_hand(event: &EveningEvent) -> bool {
        matches!(event, EveningEvent::Dealt { .. })
    }
}

/// The words of a hand's actions (`play Ko Kc`, `pass`, `give 3p`): an evening's moves
/// are its hands' moves; sitting down and leaving are the table's notes, not actions.
impl Notation for EveningGame {
    fn write_notation(action: &Action, out: &mut String) {
        Hand::write_notation(action, out);
    }

    fn read(text: &str) -> Option<Action> {
        Hand::read(text)
    }
}
