//! The contract every rules crate of parlor implements, and what is built once on it.
//!
//! A game is a value: created from its rules and a seeded RNG, it tells each seat what
//! it may do ([`Game::legal_actions`]), takes an action ([`Game::apply`]: events, or a
//! refusal that changes nothing), shows each seat what it may see ([`Game::view`]), and
//! says when it is over and how each seat did ([`Game::score`]). This is the shape of
//! OpenSpiel's `State`, with typed actions instead of integers.
//!
//! On it: one [`Strategy`] trait for every computer player (a player chooses from its
//! seat's view and the legal actions only, so it can never use what its seat does not
//! know), one [`RandomBot`], and [`count_allocations!`] for the tests that prove the
//! engines never allocate while playing.

mod alloc;
mod random;

pub use cards::GameRng;
pub use random::RandomBot;

use std::fmt::Debug;
use std::ops::Deref;

/// A seat at the table, from 0.
pub type Seat = usize;

/// A game's rules and state, as every server table, bot and tool sees it.
pub trait Game {
    /// What a seat may do.
    type Action: Copy + PartialEq + Debug;
    /// The legal actions of a seat (a fixed-capacity list: asking never allocates).
    type Actions: Deref<Target = [Self::Action]>;
    /// What an applied action changed (full information: project it per seat before
    /// showing it).
    type Events;
    /// Why an action was refused.
    type Refusal: Debug;
    /// What one seat may see.
    type View<'a>
    where
        Self: 'a;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// What `seat` may do now; empty when it is not that seat's turn.
    fn legal_actions(&self, seat: Seat) -> Self::Actions;

    /// `seat` does `action`: the events, or the refusal (and nothing changed).
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Self::Events, Self::Refusal>;

    /// What `seat` may see: its own hidden information and the public state, nothing of
    /// the others' hidden information.
    fn view(&self, seat: Seat) -> Self::View<'_>;

    /// Whether the game has ended.
    fn is_over(&self) -> bool;

    /// How `seat` did: its points (or its team's) so far, the final ones once over.
    fn score(&self, seat: Seat) -> i64;

    /// The seats that may act now.
    fn to_act(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats()).filter(move |&seat| !self.legal_actions(seat).is_empty())
    }
}

/// A way of choosing moves in game `G`: a computer player, or a tool standing in for a
/// person (a turn timer's default move).
pub trait Strategy<G: Game>: Send {
    /// A short name for logs, tables and the store.
    fn name(&self) -> &'static str;

    /// One of `legal` (never empty) for the seat whose view this is.
    fn choose(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
}
