//! What a protocol brings to the kernel's table actor (`super::Input` is what its sessions
//! send).

use crate::record::watch::Watchable;
use crate::record::{Chronicle, SeatKind};
use parlor_game::{Game, Notation, Projected, Seat, Strategy};

type Event<H> = <<H as Hooks>::Game as Projected>::Event;

/// What a protocol tells the kernel's table. Every method but the first five has a
/// default that says nothing.
pub trait Hooks: Send + 'static {
    /// The game played at the table.
    type Game: Watchable + Notation + Send + 'static;
    /// What the game's record keeps besides the actions (`record::generic`'s
    /// `OutcomeChronicle` for a game without one of its own).
    type Chronicle: Chronicle<Self::Game>;
    /// What rendering remembers for one seat between events (`()` if nothing).
    type Viewer: Send;

    /// A fresh viewer for `seat` (at the start, and for a person coming back).
    fn viewer(&self, seat: Seat) -> Self::Viewer;

    /// The lines `event` (already as the viewer's seat may see it) reads as on the wire.
    fn render(&self, viewer: &mut Self::Viewer, event: &Event<Self>, out: &mut Vec<String>);

    /// What a person taking `seat` is told first; `token` (if they hold one yet) lets
    /// them come back.
    fn seated(&self, seat: Seat, token: Option<&str>) -> Vec<String>;

    /// A refused action, as one line.
    fn refused(&self, refusal: &<Self::Game as Game>::Refusal) -> String;

    /// A CPU player's strategy (the stand-in for a person away or out of time too).
    fn cpu(&self) -> Box<dyn Strategy<Self::Game>>;

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

    /// Told to everyone waiting when a person sits down or leaves before the game:
    /// `seated` people are there.
    fn waiting(&self, _seated: usize) -> Option<String> {
        None
    }

    /// Told to everyone as the game begins, before its first events.
    fn started(&self) -> Vec<String> {
        Vec::new()
    }

    /// What a person coming back to `seat` is told before the game so far.
    fn resumed(&self, seat: Seat, token: &str) -> Vec<String> {
        self.seated(seat, Some(token))
    }

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

    /// Told to a person who moves before the game has begun.
    fn not_started(&self) -> Option<String> {
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
