//! What a protocol brings to the kernel's table actor (`super::Input` is what its sessions
//! send).

use super::inputs::NoCpu;
use crate::record::watch::Watchable;
use crate::record::{Chronicle, SeatKind};
use crate::table::Play;
use parlor_game::{Game, GameRng, Notation, Projected, Seat, Strategy};

type Event<H> = <<H as Hooks>::Game as Projected>::Event;
type Action<H> = <<H as Hooks>::Game as Game>::Action;
type Refusal<H> = <<H as Hooks>::Game as Game>::Refusal;

/// Why [`Hooks::forfeit`] is asked about a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gone {
    /// Its person left, with no grace period to wait out.
    Left,
    /// Its person's grace period ended.
    Expired,
    /// Its person ran out of time ([`Hooks::late_forfeits`]).
    Late,
    /// Its person asked for the game to end ([`super::Input::End`]), for this reason
    /// (as the store keeps it); they stay.
    Ended(String),
}

/// What a protocol tells the kernel's table. Six are required (`viewer`, `render`,
/// `seated`, `refused`, `cpu`, `chronicle`); every other has a default that says or
/// does nothing special.
pub trait Hooks: Send + 'static {
    /// The game played at the table.
    type Game: Watchable + Notation + Send + 'static;
    /// What the game's record keeps besides the actions (`record::generic`'s
    /// `OutcomeChronicle` for a game without one of its own).
    type Chronicle: Chronicle<Self::Game>;
    /// What rendering remembers for one seat between events (`()` if nothing).
    type Viewer: Send;

    /// A fresh viewer for `seat` (at the start, and for a person coming back), or for
    /// the table's spectators (`parlor_game::WATCHER`).
    fn viewer(&self, seat: Seat) -> Self::Viewer;

    /// The lines `event` (already as the viewer's seat may see it) reads as on the wire;
    /// `game` is the game as it is now.
    fn render(
        &self,
        viewer: &mut Self::Viewer,
        game: &Self::Game,
        event: &Event<Self>,
        out: &mut Vec<String>,
    );

    /// What a person taking `seat` is told first; `token` (if they hold one yet) lets
    /// them come back.
    fn seated(&self, seat: Seat, token: Option<&str>) -> Vec<String>;

    /// The lines answering `action`, which the rules refused with `refusal`; `viewer` is
    /// the seat's (what it was last asked), `game` the game as it is.
    fn refused(
        &self,
        viewer: &Self::Viewer,
        game: &Self::Game,
        action: &Action<Self>,
        refusal: &Refusal<Self>,
    ) -> Vec<String>;

    /// A CPU player's strategy.
    fn cpu(&self) -> Box<dyn Strategy<Self::Game>>;

    /// The strategy of the CPU player seated in `seat` as the game begins (the same for
    /// every seat, unless the protocol says otherwise; a CPU player taking a person's
    /// seat later plays [`Hooks::cpu`]).
    fn cpu_at(&self, _seat: Seat) -> Box<dyn Strategy<Self::Game>> {
        self.cpu()
    }

    /// The strategy a carried game's CPU player goes on with, by the name it was
    /// recorded under as the game began ([`Hooks::cpu`], unless the protocol knows the
    /// name).
    fn cpu_named(&self, _name: &str) -> Box<dyn Strategy<Self::Game>> {
        self.cpu()
    }

    /// The strategy that plays for a person away or out of time (a CPU player's, unless
    /// the protocol says otherwise).
    fn stand_in(&self) -> Box<dyn Strategy<Self::Game>> {
        self.cpu()
    }

    /// The game's seed and the CPU players' random stream, from the seed drawn for the
    /// table (each on a stream of its own, so the CPU players' choices say nothing of
    /// the deal).
    fn seeds(&self, drawn: u64) -> (u64, GameRng) {
        (
            drawn,
            cards::seeded_rng(drawn.rotate_left(17) ^ 0x5EED_B075),
        )
    }

    /// The record of a new game.
    fn chronicle(&self) -> Self::Chronicle;

    /// Whether a person is given a token on sitting down (else on asking, `Input::Token`).
    fn token_at_sit(&self) -> bool {
        true
    }

    /// The line telling a person their token.
    fn token(&self, _token: &str) -> Option<String> {
        None
    }

    /// The name a CPU player in `seat` is called.
    fn cpu_name(&self, seat: Seat) -> String {
        format!("CPU {}", seat + 1)
    }

    /// The name of a CPU player taking the seat of `person`, gone for good.
    fn cpu_name_after(&self, seat: Seat, _person: &str) -> String {
        self.cpu_name(seat)
    }

    /// What the person in `seat` is told as the game begins, before everyone is told
    /// [`Hooks::started`]; `names` are the seats' names.
    fn opening(&self, _seat: Seat, _names: &[String]) -> Vec<String> {
        Vec::new()
    }

    /// Told to everyone waiting when a person sits down or leaves before the game:
    /// `seated` people are there.
    fn waiting(&self, _seated: usize) -> Option<String> {
        None
    }

    /// Told to everyone as the game begins, before its first events.
    fn started(&self) -> Vec<String> {
        Vec::new()
    }

    /// What a person coming back to `seat` is told before the game so far; `names` are
    /// the seats' names.
    fn resumed(&self, seat: Seat, token: Option<&str>, _names: &[String]) -> Vec<String> {
        self.seated(seat, token)
    }

    /// What a person coming back to `seat` is shown of the game so far, drawn from
    /// `game` itself, with `viewer` (fresh) set to match; `None` (the default): the
    /// events of the hand so far, as the seat saw them.
    fn caught_up(
        &self,
        _viewer: &mut Self::Viewer,
        _game: &Self::Game,
        _seat: Seat,
    ) -> Option<Vec<String>> {
        None
    }

    /// What the seat of `viewer` is asked and has not answered yet, again
    /// ([`super::Input::Again`]).
    fn again(&self, _viewer: &Self::Viewer) -> Option<String> {
        None
    }

    /// What the game asks the person in `seat` now, as a line (from the game's state);
    /// it is told once per decision ([`Hooks::ends_decision`]).
    fn prompt(&self, _game: &Self::Game, _seat: Seat) -> Option<String> {
        None
    }

    /// `event` is about to be shown to the seats, once (before each seat's rendering of
    /// it): what a protocol draws once per event for everyone (miniTruco's phrase).
    fn shown(&self, _event: &Event<Self>) {}

    /// Whether `event` ends the decisions asked so far (a move was made): everyone the
    /// game waits for afterwards is prompted again.
    fn ends_decision(_event: &Event<Self>) -> bool {
        false
    }

    /// Whether the people at the keyboard acknowledge the end of each hand before the
    /// next begins (else it begins at once): the turn limit applies to them too, and
    /// then it is acknowledged for them.
    fn acknowledges(&self) -> bool {
        false
    }

    /// Told to a person who acknowledges when nothing waits for it.
    fn nothing_to_ack(&self) -> Option<String> {
        None
    }

    /// Whether a person away is taken back by their name from their address (besides
    /// their token), and a person without a token may step away at all.
    fn back_by_name(&self) -> bool {
        false
    }

    /// The seat a newcomer takes among those not `taken`, near their `preference`.
    fn seat_for(&self, taken: &[bool], _preference: Option<Seat>) -> Option<Seat> {
        taken.iter().position(|taken| !taken)
    }

    /// The name a newcomer is seated under; `taken` says whether another seat's name
    /// looks like a given one.
    fn seat_name(&self, name: &str, _taken: &dyn Fn(&str) -> bool) -> String {
        name.to_owned()
    }

    /// `seat` was taken before the game (or at a game that takes players as it goes,
    /// [`Game::join`]), by the person or CPU player called `name`:
    /// the line told to everyone there.
    fn joined(&mut self, _seat: Seat, _name: &str) -> Option<String> {
        None
    }

    /// `seat`, taken before the game, is free again.
    fn vacated(&mut self, _seat: Seat) {}

    /// Why a CPU player asked for before the game was not seated, as a line.
    fn cpu_refused(&self, _why: NoCpu) -> Option<String> {
        None
    }

    /// What a spectator is told on arriving.
    fn watching(&self) -> Vec<String> {
        Vec::new()
    }

    /// The person of `seat` is gone for good and the game cannot go on without the seat:
    /// `None` (the default) seats a CPU player in it; `Some(lines)` ends the game here,
    /// the protocol having recorded how in `play` (a forfeit, an abandoned game), and
    /// tells everyone `lines`. `kinds` says who plays each seat now; `why`, how the seat
    /// came to this.
    fn forfeit(
        &mut self,
        _play: &mut Play<Self::Game, Self::Chronicle>,
        _seat: Seat,
        _kinds: &[Option<SeatKind>],
        _why: Gone,
    ) -> Option<Vec<String>> {
        None
    }

    /// Whether `seat`, which no person holds when the game begins, stays empty (else a
    /// CPU player takes it): for a game that takes players as it goes ([`Game::join`]).
    fn empty_at(&self, _seat: Seat) -> bool {
        false
    }

    /// Whether the step the game takes by itself between hands ([`Game::advance`]) waits
    /// for the protocol to ask for it ([`super::Input::Next`]: after a Warlords
    /// evening's pause, once its newcomers sat down), instead of being taken at once.
    /// Between its hands such a game keeps no seat for a person away (they give it up
    /// as the hand ends), and, deserted by its people after one of them moved, it ends
    /// as its rules say (its CPU players finish the hand under way and leave, and it is
    /// asked for its next step) instead of being abandoned.
    fn deals_when_asked(&self) -> bool {
        false
    }

    /// What the table owed everyone has just been sent (a protocol may tell its lobby
    /// of what happened only once the table's own lines are out).
    fn flushed(&mut self) {}

    /// Whether a table not yet begun ends when no person holds a seat there and nobody
    /// watches (else it waits for its handles to go).
    fn ends_deserted(&self) -> bool {
        false
    }

    /// Whether a person whose time runs out forfeits (ends the game through
    /// [`Hooks::forfeit`]: a tournament's program), instead of the stand-in moving for
    /// them. A protocol that says so also ends the game in `forfeit` (else the person is
    /// gone for good and a CPU player takes the seat).
    fn late_forfeits(&self) -> bool {
        false
    }

    /// Whether the table closes its people's connections when it ends (else they go on
    /// elsewhere: a tournament's programs, to their next pairing).
    fn lets_go(&self) -> bool {
        true
    }

    /// Whether the spectators' connections stay open when the table ends (they belong
    /// to the protocol's lobby: Warlords' waiting clients), else they close.
    fn keeps_spectators(&self) -> bool {
        false
    }

    /// The table has ended, with `play` if its game began (its people are about to be
    /// let go).
    fn ended(&mut self, _play: Option<&Play<Self::Game, Self::Chronicle>>) {}

    /// Told to a connection whose seat a newer one took with its token.
    fn replaced(&self) -> Option<String> {
        None
    }

    /// Told to everyone when a CPU player takes `seat` from a person gone for good.
    fn left(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// Told to the person of `seat` when their time ran out and the stand-in moves.
    fn timed_out(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// Whether the person of `seat` is out by the protocol's own rule (Warlords' third
    /// strike), asked after each refusal and each time out: their connection closes after
    /// what they are owed, and they are gone for good.
    fn out(&self, _seat: Seat) -> bool {
        false
    }

    /// What everyone may see of the table as it stands, as lines told to every person
    /// and spectator after each change shown and each person coming back, and to each
    /// spectator arriving (Warlords' table line: one, or at the end of a hand the hand as
    /// it ended and then the table reseated); `kind` says who plays a seat. Asked after
    /// every change, so the kinds are asked of `kind` only by a protocol that has a
    /// summary, rather than gathered into a list for every one.
    fn summary(&self, _game: &Self::Game, _kind: &dyn Fn(Seat) -> Option<SeatKind>) -> Vec<String> {
        Vec::new()
    }

    /// Told to a connection that moves while it plays no seat of a game under way
    /// (before the game has begun, or watching).
    fn not_playing(&self) -> Option<String> {
        None
    }

    /// Told to a person who asks for CPU players once the game has begun.
    fn fill_refused(&self) -> Option<String> {
        None
    }

    /// The name `name` a person in `seat` asks to be called, as kept, with the line that
    /// says so; or the line refusing it. `taken` says whether another seat's name looks
    /// like a given one.
    fn rename(
        &self,
        _seat: Seat,
        _name: &str,
        _taken: &dyn Fn(&str) -> bool,
    ) -> Result<(String, String), String> {
        Err(String::new())
    }

    /// The answer to `Input::Seats`: who plays each seat (`None`: empty).
    fn seats(&self, _kinds: &[Option<SeatKind>]) -> Option<String> {
        None
    }

    /// Whether `event` asks someone to act, so that a person coming back is shown only
    /// the last such event of the hand so far (`false`: every event).
    fn is_prompt(_event: &Event<Self>) -> bool {
        false
    }
}
