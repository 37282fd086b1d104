//! A game in progress at a table, with everything every game needs around its rules: the
//! CPU players in their seats, a stand-in for people who are away or out of time, the
//! CPU players' thinking delay and the people's turn timer (deadlines the table actor
//! selects on, never sleeps that stop it reading its inbox), the record, the events of
//! the current hand, to bring a person who comes back up to date, and the table's
//! watchers, told every event through the watcher's projection.

use super::Presence;
use super::TurnTimer;
use crate::record::watch::{Hub, Watchable};
use crate::record::{entries, Entry, Holder, Named, Note};
use crate::record::{Chronicle, Recorded, SeatKind};
use parlor_game::{GameRng, Notation, Projected, Seat, Strategy};
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// How long the machines and the people take.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// The CPU players' (and stand-ins') thinking time; zero: they move at once.
    pub cpu_delay: Duration,
    /// The time a person has to act before the stand-in acts for them (`None`: no limit).
    pub turn_limit: Option<Duration>,
}

/// A CPU player in a seat.
struct Cpu<G> {
    name: String,
    strategy: Box<dyn Strategy<G>>,
}

/// A game being played at a table.
pub struct Play<G: Watchable, C> {
    game: Recorded<G, C>,
    cpus: Vec<Option<Cpu<G>>>,
    /// Plays for a person who is away, or whose time ran out.
    stand_in: Box<dyn Strategy<G>>,
    rng: GameRng,
    timing: Timing,
    turn: TurnTimer,
    cpu_due: Option<Instant>,
    /// Everything that happened since the current hand began.
    hand: Vec<G::Event>,
    /// The table's watchers, told what anyone at the table may see.
    watchers: Arc<Hub<G>>,
    /// The seats nobody plays, the game going on without them: their person left for
    /// good ([`SeatKind::Left`]), or nobody has sat there yet ([`SeatKind::Empty`], a
    /// game that takes players as it goes).
    nobody: Vec<Option<SeatKind>>,
    /// How long CPU players and the stand-in take to choose (`parlor_cpu_choice_seconds`),
    /// found once.
    choosing: metrics::Histogram,
}

impl<G: Watchable, C> Deref for Play<G, C> {
    type Target = G;

    fn deref(&self) -> &G {
        &self.game
    }
}

impl<G, C> Play<G, C>
where
    G: Projected + Notation + Watchable + 'static,
    G::Event: Send + Sync,
    C: Chronicle<G>,
{
    /// A game that has just begun with the events `first`; CPU and stand-in choices are
    /// drawn from `rng`.
    pub fn new(
        game: Recorded<G, C>,
        first: &G::Events,
        rng: GameRng,
        timing: Timing,
        stand_in: Box<dyn Strategy<G>>,
    ) -> Play<G, C> {
        let seats = game.seats();
        let watchers = Hub::new(game.narrator(game.listed().names()));
        game.listed().watch(watchers.clone());
        let protocol = game.protocol().to_owned();
        let choosing = metrics::histogram!("parlor_cpu_choice_seconds", "protocol" => protocol);
        let mut play = Play {
            game,
            cpus: (0..seats).map(|_| None).collect(),
            stand_in,
            rng,
            timing,
            turn: TurnTimer::new(timing.turn_limit),
            cpu_due: None,
            hand: Vec::new(),
            watchers,
            nobody: vec![None; seats],
            choosing,
        };
        play.remember(first);
        play
    }

    /// A CPU player named `name` plays `seat` from now on.
    pub fn seat_cpu(&mut self, seat: Seat, name: String, strategy: Box<dyn Strategy<G>>) {
        if let Some(slot) = self.cpus.get_mut(seat) {
            self.game.listed().update(|l| {
                if let Some(listed) = l.seats.get_mut(seat) {
                    listed.name.clone_from(&name);
                    listed.kind = SeatKind::Cpu;
                }
            });
            self.watchers.rename(seat, &name);
            *slot = Some(Cpu { name, strategy });
        }
    }

    /// Nobody plays `seat` from the start: the game goes on without it until someone
    /// sits down there ([`Play::join`]).
    pub fn empty(&mut self, seat: Seat) {
        if let Some(nobody) = self.nobody.get_mut(seat) {
            *nobody = Some(SeatKind::Empty);
        }
    }

    /// `seat`, empty until now, sits down at the game under way ([`Game::join`]), its
    /// player called `name` (a CPU player is seated there after, [`Play::seat_cpu`]).
    /// `None`, and nothing changed, if the game takes nobody there now.
    pub fn join(&mut self, seat: Seat, name: &str) -> Option<G::Events> {
        let events = self.game.join(seat, name)?;
        if let Some(nobody) = self.nobody.get_mut(seat) {
            *nobody = None;
        }
        if let Some(slot) = self.cpus.get_mut(seat) {
            *slot = None;
        }
        self.watchers.rename(seat, name);
        // Not remembered with the hand so far: a newcomer plays from the next hand, and
        // whoever comes back or watches sees them when they are dealt in.
        Some(events)
    }

    /// The CPU players play the hand under way to its end by themselves (nobody is
    /// left at the keyboard to wait for), each move's events given to `shown`.
    pub fn machines_finish(&mut self, mut shown: impl FnMut(&G::Events)) {
        loop {
            let seat = self.game.to_act().find(|&seat| self.is_cpu(seat));
            let Some(events) = seat.and_then(|seat| self.machine_move(seat)) else {
                return;
            };
            shown(&events);
        }
    }

    /// The game's next step, which the table asks for (see [`Recorded::step_asked`]).
    pub fn step_asked(&mut self) -> Option<G::Events> {
        let events = self.game.step_asked()?;
        self.remember(&events);
        Some(events)
    }

    /// The person in `seat` is called `name` from now on, in the store and the list of
    /// running tables.
    pub fn name_seat(&mut self, seat: Seat, name: &str) {
        self.game.name_seat(seat, name);
        self.watchers.rename(seat, name);
    }

    /// The name of the CPU player in `seat`.
    pub fn cpu_name(&self, seat: Seat) -> Option<&str> {
        self.cpus.get(seat)?.as_ref().map(|cpu| cpu.name.as_str())
    }

    /// Whether a CPU player plays `seat`.
    pub fn is_cpu(&self, seat: Seat) -> bool {
        self.cpu_name(seat).is_some()
    }

    /// A person's own action: applied and recorded, or refused with nothing changed.
    /// Whoever must act next gets their whole time.
    pub fn act(&mut self, seat: Seat, action: G::Action) -> Result<G::Events, G::Refusal> {
        let events = self.game.apply(seat, action)?;
        self.game.person_played();
        self.remember(&events);
        self.turn.restart();
        self.cpu_due = None;
        Ok(events)
    }

    /// After any change: machines (CPU players, stand-ins for people away) move at once
    /// without a thinking delay, else their timer is armed; the turn timer runs while a
    /// person at the keyboard must act. With nobody at the keyboard the game waits (the
    /// machines would otherwise play it out among themselves).
    pub fn after_change(
        &mut self,
        seats: &(impl Presence + ?Sized),
        mut show: impl FnMut(&G::Events),
    ) {
        if !seats.anyone_here() {
            self.cpu_due = None;
        } else if self.timing.cpu_delay.is_zero() {
            while self.step_machines(seats, &mut show) {}
        } else if self.cpu_due.is_none() && self.machine_to_act(seats) {
            self.cpu_due = Some(Instant::now() + self.timing.cpu_delay);
        }
        let people = self
            .game
            .to_act()
            .filter(|&s| !self.is_cpu(s) && s < 64)
            .fold(0u64, |mask, s| mask | 1 << s);
        let waiting = self.game.to_act().any(|s| seats.is_here(s));
        self.turn.wait_for(people, waiting);
        self.list_seats(seats);
    }

    /// With no thinking delay, one machine (a CPU player, or the stand-in for a person
    /// away) makes its move now, shown with `show`; whether one did. A table that shows
    /// each move with the game as it stands right after it calls this until it returns
    /// `false`, and then [`Play::after_change`].
    pub fn machine_step(
        &mut self,
        seats: &(impl Presence + ?Sized),
        mut show: impl FnMut(&G::Events),
    ) -> bool {
        self.timing.cpu_delay.is_zero() && self.step_machines(seats, &mut show)
    }

    /// Shows in the list of running tables who plays each seat now.
    fn list_seats(&self, seats: &(impl Presence + ?Sized)) {
        let kind = |seat| match (self.is_cpu(seat), seats.is_here(seat)) {
            _ if let Some(nobody) = self.nobody(seat) => nobody,
            (true, _) => SeatKind::Cpu,
            (false, true) => SeatKind::Person,
            (false, false) => SeatKind::Away,
        };
        self.game.listed().update(|l| {
            for (seat, listed) in l.seats.iter_mut().enumerate() {
                listed.kind = kind(seat);
            }
        });
    }

    /// When the table must next wake up for this game: a machine's move or a person's
    /// time running out.
    pub fn due(&self) -> Option<Instant> {
        match (self.cpu_due, self.turn.due()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The table woke up at `now`: machines whose time came move, and for each person
    /// whose time ran out `timed_out` is called, which says whether the stand-in acts for
    /// them (else the table deals with it: a tournament's forfeit). Call
    /// [`Play::after_change`] next.
    pub fn wake(
        &mut self,
        now: Instant,
        seats: &(impl Presence + ?Sized),
        mut show: impl FnMut(&G::Events),
        mut timed_out: impl FnMut(Seat) -> bool,
    ) {
        if self.cpu_due.is_some_and(|due| due <= now) {
            self.step_machines(seats, &mut show);
        }
        if self.turn.due().is_some_and(|due| due <= now) {
            self.turn.restart();
            let late: Vec<Seat> = self.game.to_act().filter(|&s| seats.is_here(s)).collect();
            for seat in late {
                if !timed_out(seat) {
                    continue;
                }
                if let Some(events) = self.machine_move(seat) {
                    show(&events);
                }
            }
        }
    }

    /// One move by the first machine that may act: one move per thinking delay, so the
    /// people see the machines' cards arrive one by one. Whether one moved.
    fn step_machines(
        &mut self,
        seats: &(impl Presence + ?Sized),
        show: &mut impl FnMut(&G::Events),
    ) -> bool {
        self.cpu_due = None;
        if !seats.anyone_here() {
            return false;
        }
        // Only the seats that may act are asked for their moves (working out a seat's
        // legal moves is not free); they are noted as bits, a table has far fewer than
        // 64 seats, so that a step allocates nothing.
        let mut movers = self
            .game
            .to_act()
            .filter(|&seat| self.is_cpu(seat) || !seats.is_here(seat))
            .fold(0u64, |movers, seat| movers | 1 << seat);
        while movers != 0 {
            let seat = movers.trailing_zeros() as Seat;
            movers &= movers - 1;
            if let Some(events) = self.machine_move(seat) {
                show(&events);
                return true;
            }
        }
        false
    }

    /// Whether a CPU player or a stand-in has a move to make.
    fn machine_to_act(&self, seats: &(impl Presence + ?Sized)) -> bool {
        self.game
            .to_act()
            .any(|s| self.is_cpu(s) || !seats.is_here(s))
    }

    /// The CPU player of `seat`, or else the stand-in, makes its move if it has one.
    fn machine_move(&mut self, seat: Seat) -> Option<G::Events> {
        let legal = self.game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let strategy = match self.cpus[seat].as_mut() {
            Some(cpu) => &mut cpu.strategy,
            None => &mut self.stand_in,
        };
        let started = std::time::Instant::now();
        let action = strategy.choose(&self.game.view(seat), &legal, &mut self.rng);
        self.choosing.record(started.elapsed());
        let events = self.game.apply(seat, action).ok()?;
        self.remember(&events);
        if self.cpus[seat].is_none() {
            // The stand-in took a person's turn: the next one is theirs in full.
            self.turn.restart();
        }
        Some(events)
    }

    /// The step the game takes by itself when nobody may act (mahjong's next hand, once
    /// the table has let everyone see the last one end); recorded.
    pub fn advance(&mut self) -> Option<G::Events> {
        let events = self.game.advance()?;
        self.remember(&events);
        self.turn.restart();
        Some(events)
    }

    /// Takes the steps nobody takes ([`Play::advance`]) until someone must act or the
    /// game is over; `shown` is given each step's events.
    pub fn advance_idle(&mut self, mut shown: impl FnMut(&G::Events)) {
        while !self.is_over() && self.to_act().next().is_none() {
            let Some(events) = self.advance() else {
                break;
            };
            shown(&events);
        }
    }

    /// Redoes a carried game's log (`record::Carried::entries`): every action, recorded
    /// as it was (no person's own move now, no timer touched), each after the steps
    /// nobody takes that the table took before it, and every note. Returns the seats a
    /// CPU player took over by a note; the caller seats CPU players there.
    pub fn redo_log(&mut self, log: &[String]) -> Result<Vec<Seat>, String> {
        let mut taken_over = Vec::new();
        for (at, entry) in entries(log) {
            let entry = entry?;
            // Notes come before the step the game took by itself after them (a Warlords
            // evening's newcomers sit down before the next deal).
            if matches!(entry, Entry::Action { .. }) {
                self.advance_idle(|_| {});
            }
            match entry {
                Entry::Action { seat, named } => self.redo(at, seat, named)?,
                Entry::Note(Note::Sat { seat, name }) => {
                    self.join(seat, &name)
                        .ok_or_else(|| format!("entry {at}: nobody may sit in seat {seat}"))?;
                }
                Entry::Note(Note::Next) => {
                    self.step_asked()
                        .ok_or_else(|| format!("entry {at}: the game has no next step"))?;
                }
                Entry::Note(Note::CpuTookOver { seat }) => {
                    self.note(Note::CpuTookOver { seat });
                    taken_over.push(seat);
                }
                Entry::Note(Note::Left { seat }) => {
                    self.leave(seat)
                        .ok_or_else(|| format!("entry {at}: seat {seat} cannot leave"))?;
                }
                Entry::Note(note) => return Err(format!("entry {at}: {note} is not redone here")),
            }
        }
        Ok(taken_over)
    }

    /// Redoes log entry `at`: `seat` took the action `named`.
    fn redo(&mut self, at: usize, seat: Seat, named: Named<'_>) -> Result<(), String> {
        let Named::Notation(text) = named else {
            return Err(format!("entry {at}: not in the notation"));
        };
        // The errors name the entry, never its text: an action of a game still in play
        // (a card given in a swap, say) is not for a log.
        let action = G::read(text).ok_or_else(|| format!("entry {at}: not an action"))?;
        let events = self
            .game
            .apply(seat, action)
            .map_err(|_| format!("entry {at}: refused by the rules"))?;
        self.remember(&events);
        Ok(())
    }

    /// Whether the node is handing its tables over: a connection that closes now is the
    /// node's doing, and its person keeps the seat for the node carrying the table on.
    pub fn handing_over(&self) -> bool {
        self.game.handing_over()
    }

    /// A carried game has redone its log: from now on it is journaled and stored as it
    /// goes.
    pub fn caught_up(&mut self) {
        self.game.caught_up();
    }

    /// Who may take `seat` back if their connection drops (journaled on a cluster).
    pub fn holder(&self, seat: Seat, holder: &Holder) {
        self.game.holder(seat, holder);
    }

    /// Whether any person has made a move of their own: until one has, a person who
    /// drops gives their seat up at once (no grace: a table started and left keeps
    /// nothing), and an abandoned game is not stored.
    pub fn anyone_played(&self) -> bool {
        self.game.anyone_played()
    }

    /// A change that is not an action (a seat leaving): see [`Recorded::change`].
    pub fn change(&mut self, note: Note, change: impl FnOnce(&mut G) -> G::Events) -> G::Events {
        let events = self.game.change(note, change);
        self.remember(&events);
        events
    }

    /// Keeps the current hand's events for [`Play::catch_up`].
    ///
    /// A new hand's list is made to the size of the batch that starts it (a Mahjong deal
    /// is some 200 events in one batch), not the next power of two, and the last hand's
    /// list is freed: a table waiting for a person holds just its deal.
    fn remember(&mut self, events: &G::Events) {
        let events = G::events(events);
        self.watchers.take(events);
        let hands = events.iter().filter(|e| G::starts_hand(e)).count() as u32;
        if hands > 0 && !self.hand.is_empty() {
            self.game.listed().update(|l| l.hand += hands);
        }
        match events.iter().rposition(G::starts_hand) {
            Some(start) => self.hand = events[start..].to_vec(),
            None => self.hand.extend_from_slice(events),
        }
    }

    /// The current hand so far as `seat` may see it: what a person coming back is shown
    /// to be brought up to date.
    pub fn catch_up(&self, seat: Seat) -> impl Iterator<Item = G::Event> + '_ {
        self.hand.iter().filter_map(move |e| G::for_seat(e, seat))
    }

    /// The game's id in the store.
    pub fn game_id(&self) -> parlor_store::GameId {
        self.game.id()
    }

    /// [`Play::catch_up`] without the prompts already answered: of the events `is_prompt`
    /// names (a turn, say), only the last stands.
    pub fn catch_up_standing(&self, seat: Seat, is_prompt: fn(&G::Event) -> bool) -> Vec<G::Event> {
        let events: Vec<G::Event> = self.catch_up(seat).collect();
        let last = events.iter().rposition(is_prompt);
        events
            .into_iter()
            .enumerate()
            .filter(|(at, e)| !is_prompt(e) || Some(*at) == last)
            .map(|(_, e)| e)
            .collect()
    }

    /// `seat` leaves the game for good, if the game goes on without it (see
    /// [`Recorded::leave`]); `None` if a CPU player must take the seat instead.
    pub fn leave(&mut self, seat: Seat) -> Option<G::Events> {
        let events = self.game.leave(seat)?;
        if let Some(nobody) = self.nobody.get_mut(seat) {
            *nobody = Some(SeatKind::Left);
        }
        self.remember(&events);
        Some(events)
    }

    /// Whether the person of `seat` left for good, the game going on without the seat
    /// (or nobody has sat there yet).
    pub fn has_left(&self, seat: Seat) -> bool {
        self.nobody(seat).is_some()
    }

    /// What the list of running tables says of a seat nobody plays: left, or empty
    /// (nobody has sat there yet); `None` if somebody plays it.
    pub fn nobody(&self, seat: Seat) -> Option<SeatKind> {
        self.nobody.get(seat).copied().flatten()
    }

    /// The game ends without a result, for `reason` (stored as abandoned at once).
    pub fn abandon(&mut self, reason: &str) {
        self.game.abandon(reason);
    }

    /// Notes something that is not an action (a player left, a CPU player took over).
    pub fn note(&mut self, note: Note) {
        self.game.note(note);
    }

    /// The game ended other than by its rules (a forfeit): its `result`, final `scores`
    /// and `ranks` (1 = best) per seat.
    pub fn finish(&mut self, result: serde_json::Value, scores: Vec<i64>, ranks: Vec<u32>) {
        self.game.finish(result, scores, ranks);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::truco::{start, TrucoChronicle};
    use crate::record::{GameLog, Ledger};
    use crate::table::Seats;
    use truco::bots::HeuristicBot;
    use truco::Rules;

    fn game() -> Play<truco::Game, TrucoChronicle> {
        game_with(Duration::ZERO)
    }

    fn game_with(cpu_delay: Duration) -> Play<truco::Game, TrucoChronicle> {
        let log = GameLog::start(&Ledger::disabled(), "truco", "course", 7, vec![], None);
        let (game, events) = start(Rules::course(), 7, log);
        let timing = Timing {
            cpu_delay,
            turn_limit: None,
        };
        let rng = cards::seeded_rng(7);
        Play::new(game, &events, rng, timing, Box::new(HeuristicBot))
    }

    #[test]
    fn stand_ins_cover_people_away_only_while_someone_is_here() {
        let mut play = game();
        for seat in 1..4 {
            play.seat_cpu(seat, format!("CPU{seat}"), Box::new(HeuristicBot));
        }
        let mut seats = Seats::new(4, Duration::from_secs(60));
        seats.sit(0, "ana");
        seats.step_away(0, Instant::now());
        let mut moves = 0;
        play.after_change(&seats, |_| moves += 1);
        assert_eq!(moves, 0, "nobody here: the game waits");
        assert!(play.due().is_none());
        // A second table where someone is here: the away seat's stand-in plays on.
        let mut play = game();
        let mut seats = Seats::new(4, Duration::from_secs(60));
        seats.sit(0, "ana");
        seats.sit(1, "bo");
        seats.step_away(0, Instant::now());
        play.after_change(&seats, |_| {});
        assert!(play.legal_actions(0).is_empty(), "ana's stand-in moved");
        assert!(!play.legal_actions(1).is_empty(), "bo is waited for");
        assert!(
            play.catch_up(0).count() > 0,
            "the hand so far, for ana's return"
        );
    }

    #[test]
    fn machines_move_one_at_a_time_with_their_delay() {
        let delay = Duration::from_secs(1);
        let mut play = game_with(delay);
        for seat in 1..4 {
            play.seat_cpu(seat, format!("CPU{seat}"), Box::new(HeuristicBot));
        }
        let mut seats = Seats::new(4, Duration::ZERO);
        seats.sit(0, "ana");
        let card = match play.legal_actions(0).first() {
            Some(&action) => action,
            None => panic!("seat 0 opens the course game"),
        };
        play.act(0, card).unwrap();
        let mut shown = 0;
        play.after_change(&seats, |_| shown += 1);
        assert_eq!(shown, 0, "the CPU players think first");
        let due = play.due().expect("a CPU player is to move");
        play.wake(due, &seats, |_| shown += 1, |_| true);
        assert_eq!(shown, 1, "one CPU player moved, not three");
    }
}
