//! A game and its record in one value: the only way to change the game is
//! [`Recorded::apply`] (or [`Recorded::advance`]), which logs the action and lets the
//! game's [`Chronicle`] write hand results and the end, so no table can forget to record.

use crate::record::{GameLog, Note};
use parlor_game::{Game, Notation, Seat};
use std::ops::Deref;

/// What the store keeps of a game's events besides the actions: each hand's result and
/// the game's end. One per game, in `record/<game>.rs`, beside its replay.
pub trait Chronicle<G: Game>: Send {
    /// Writes what `events` (just applied to `game`) mean for the record.
    fn record(&mut self, game: &G, events: &G::Events, log: &mut GameLog);
}

/// A game being played and recorded. Reading the game goes through `Deref`.
pub struct Recorded<G, C> {
    game: G,
    log: GameLog,
    chronicle: C,
}

impl<G, C> Deref for Recorded<G, C> {
    type Target = G;

    fn deref(&self) -> &G {
        &self.game
    }
}

impl<G: Notation, C: Chronicle<G>> Recorded<G, C> {
    /// A game whose start `log` has recorded.
    pub fn new(game: G, log: GameLog, chronicle: C) -> Recorded<G, C> {
        Recorded {
            game,
            log,
            chronicle,
        }
    }

    /// Applies and records `seat`'s action; a refusal changes and records nothing.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<G::Events, G::Refusal> {
        let events = self.game.apply(seat, action)?;
        self.log.action::<G>(seat, &action);
        self.chronicle.record(&self.game, &events, &mut self.log);
        Ok(events)
    }

    /// The step the game takes by itself when nobody may act (see [`Game::advance`]),
    /// recorded like an action's events.
    pub fn advance(&mut self) -> Option<G::Events> {
        let events = self.game.advance()?;
        self.chronicle.record(&self.game, &events, &mut self.log);
        Some(events)
    }

    /// The game's id in the store.
    pub fn id(&self) -> parlor_store::GameId {
        self.log.id()
    }

    /// The game's place among the running tables.
    pub fn listed(&self) -> &super::Listed {
        self.log.listed()
    }

    /// The protocol the game is played over.
    pub fn protocol(&self) -> &str {
        self.log.protocol()
    }

    /// The person in `seat` is called `name` from now on (see [`GameLog::name_seat`]).
    pub fn name_seat(&mut self, seat: Seat, name: &str) {
        self.log.name_seat(seat, name);
    }

    /// Whether the node is handing its tables over (see [`GameLog::handing_over`]).
    pub fn handing_over(&self) -> bool {
        self.log.handing_over()
    }

    /// A carried game has redone its log (see [`GameLog::caught_up`]).
    pub fn caught_up(&mut self) {
        self.log.caught_up();
    }

    /// Who may take `seat` back (see [`GameLog::holder`]).
    pub fn holder(&self, seat: Seat, holder: &super::Holder) {
        self.log.holder(seat, holder);
    }

    /// The last action was a person's own move (see [`GameLog::person_played`]).
    pub fn person_played(&mut self) {
        self.log.person_played();
    }

    /// Whether any person has made a move of their own.
    pub fn anyone_played(&self) -> bool {
        self.log.anyone_played()
    }

    /// A change that is not an action (a seat leaving the game): `note` is logged, so a
    /// replay can redo it, and `change` makes it; its events are recorded like an
    /// action's.
    pub fn change(&mut self, note: Note, change: impl FnOnce(&mut G) -> G::Events) -> G::Events {
        self.log.note(note);
        let events = change(&mut self.game);
        self.chronicle.record(&self.game, &events, &mut self.log);
        events
    }

    /// `seat` leaves the game for good, if the game goes on without it
    /// ([`Game::leave`]): logged as a note a replay redoes, its events recorded like an
    /// action's. `None` (and nothing logged) if the game cannot go on without the seat.
    pub fn leave(&mut self, seat: Seat) -> Option<G::Events> {
        let events = self.game.leave(seat)?;
        self.log.note(Note::Left { seat });
        self.chronicle.record(&self.game, &events, &mut self.log);
        Some(events)
    }

    /// `seat`, empty until now, sits down at the game under way ([`Game::join`]), its
    /// player called `name`: logged as a note a replay redoes, and the seat named so in
    /// the store. `None` (and nothing logged) if the game takes nobody there now.
    pub fn join(&mut self, seat: Seat, name: &str) -> Option<G::Events> {
        let events = self.game.join(seat)?;
        let sat = Note::Sat {
            seat,
            name: name.to_owned(),
        };
        self.log.note(sat);
        self.log.name_seat(seat, name);
        self.chronicle.record(&self.game, &events, &mut self.log);
        Some(events)
    }

    /// The step the game takes by itself, taken when the table asks for it (not as soon
    /// as nobody may act): logged as a note, so a replay takes it at the same point.
    pub fn step_asked(&mut self) -> Option<G::Events> {
        let events = self.game.advance()?;
        self.log.note(Note::Next);
        self.chronicle.record(&self.game, &events, &mut self.log);
        Some(events)
    }

    /// The game ends without a result, for `reason` (stored as abandoned at once).
    pub fn abandon(&mut self, reason: &str) {
        self.log.abandon(reason);
    }

    /// Notes something that is not an action (a player left, a CPU player took over).
    pub fn note(&mut self, note: Note) {
        self.log.note(note);
    }

    /// The game ended other than by its rules (a forfeit): see [`GameLog::finish`].
    pub fn finish(&mut self, result: serde_json::Value, scores: Vec<i64>, ranks: Vec<u32>) {
        self.log.finish(result, scores, ranks);
    }
}
