//! The contract every rules crate of parlor implements, and what is built once on it.
//!
//! A game is a value: created from its rules and a seeded RNG ([`Game::start`]), it tells
//! each seat what it may do ([`Game::legal_actions`]), takes an action ([`Game::apply`]:
//! events, or a refusal that changes nothing), shows each seat what it may see
//! ([`Game::view`]), lets a seat leave ([`Game::leave`]) or, where the game allows it,
//! sit down at it under way ([`Game::join`]), and says when it is over and how
//! each seat did ([`Game::score`], [`Game::outcome`]). This is the shape of
//! OpenSpiel's `State`, with typed actions instead of integers.
//!
//! On it: one [`Strategy`] trait for every computer player (a player chooses from its
//! seat's view and the legal actions only, so it can never use what its seat does not
//! know), one [`RandomBot`], [`count_allocations!`] for the tests that prove the
//! engines never allocate while playing, and [`checks`] for their property tests.
//! [`Notation`] writes each game's actions in the stable words the store logs them in.

mod alloc;
pub mod arena;
pub mod checks;
mod lists;
mod notation;
mod projected;
mod random;

pub use cards::GameRng;
pub use lists::copy_of;
pub use notation::Notation;
pub use projected::{Projected, WATCHER};
pub use random::RandomBot;

use std::fmt::Debug;
use std::ops::Deref;

/// A seat at the table, from 0.
pub type Seat = usize;

/// How each seat finished a game, in terms common to every game: its place (1 is best;
/// seats that tie, or teammates, share one) and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub places: Vec<u32>,
    pub points: Vec<i64>,
}

impl Outcome {
    /// Places from points, more is better, equal points sharing a place.
    pub fn by_points(points: Vec<i64>) -> Outcome {
        let places = (points.iter())
            .map(|p| 1 + points.iter().filter(|o| *o > p).count() as u32)
            .collect();
        Outcome { places, points }
    }
}

/// A game's rules and state, as every server table, bot and tool sees it.
pub trait Game {
    /// The rules a game is played under: its variant, everything fixed before the deal.
    type Rules: Clone + Debug;
    /// What a seat may do.
    type Action: Copy + PartialEq + Debug;
    /// The legal actions of a seat (a fixed-capacity list: asking never allocates).
    type Actions: Deref<Target = [Self::Action]> + Default;
    /// What an applied action changed (full information: project it per seat before
    /// showing it).
    type Events;
    /// Why an action was refused.
    type Refusal: Debug;
    /// What one seat may see.
    type View<'a>
    where
        Self: 'a;

    /// A new game under `rules`, dealt from `rng`: the game and the events of its start.
    /// The same rules and seed always make the same game, which is what replays rely on.
    fn start(rules: &Self::Rules, rng: GameRng) -> (Self, Self::Events)
    where
        Self: Sized;

    /// The rules this game is played under.
    fn rules(&self) -> Self::Rules;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// What `seat` may do now; empty when it is not that seat's turn.
    fn legal_actions(&self, seat: Seat) -> Self::Actions;

    /// [`Game::legal_actions`] written into `actions` (its old content replaced). A loop
    /// that asks before every decision (a bot's playouts, [`play_out`], a benchmark) keeps
    /// one list instead of having a fresh one, up to a kilobyte, copied out of every call.
    /// Every rules crate writes its list in place; this default is for small games.
    fn legal_actions_into(&self, seat: Seat, actions: &mut Self::Actions) {
        *actions = self.legal_actions(seat);
    }

    /// `seat` does `action`: the events, or the refusal (and nothing changed).
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Self::Events, Self::Refusal>;

    /// What `seat` may see: its own hidden information and the public state, nothing of
    /// the others' hidden information.
    fn view(&self, seat: Seat) -> Self::View<'_>;

    /// Whether the game has ended.
    fn is_over(&self) -> bool;

    /// How `seat` did: its points (or its team's) so far, the final ones once over.
    fn score(&self, seat: Seat) -> i64;

    /// A step no seat takes: the game moves on by itself when nobody may act and it is
    /// not over (mahjong's next hand once every player has seen the last one end).
    /// `None` if there is none to take now, which is every game's default.
    fn advance(&mut self) -> Option<Self::Events> {
        None
    }

    /// How each seat finished, once the game is over (`None` before). By default the
    /// places follow [`Game::score`]; a game whose ties are broken otherwise (by seat, in
    /// mahjong) says so.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::by_points((0..self.seats()).map(|s| self.score(s)).collect()))
    }

    /// `seat` leaves the game for good: the events of its leaving, or `None` if the game
    /// cannot go on without the seat (then a table seats a CPU player in it instead,
    /// which is every game's default). Warlords goes on without the player.
    fn leave(&mut self, seat: Seat) -> Option<Self::Events> {
        let _ = seat;
        None
    }

    /// `seat`, empty until now, sits down at a game under way: the events of its sitting
    /// down, or `None` if the game cannot take a player now (every game's default: its
    /// seats are filled before it starts). A Warlords evening takes newcomers, who are
    /// dealt in at the next hand.
    fn join(&mut self, seat: Seat) -> Option<Self::Events> {
        let _ = seat;
        None
    }

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

/// Plays `game` to its end, each seat that may act choosing with its player's strategy
/// (`players[seat]`), seats in order when several may act; returns the number of
/// actions applied. The arenas, benchmarks and tests of every game play through this.
///
/// # Panics
/// If a strategy chooses an action the game refuses: a bug in that strategy.
pub fn play_out<G: Game>(
    game: &mut G,
    players: &mut [Box<dyn Strategy<G>>],
    rng: &mut GameRng,
) -> usize {
    let mut moves = 0;
    let mut legal = G::Actions::default();
    while !game.is_over() {
        let Some(seat) = game.to_act().next() else {
            if game.advance().is_none() {
                panic!("a game that is not over has a seat to act or a step to take");
            }
            continue;
        };
        game.legal_actions_into(seat, &mut legal);
        let action = players[seat].choose(&game.view(seat), &legal, rng);
        if let Err(refusal) = game.apply(seat, action) {
            panic!(
                "{} chose {action:?}, refused: {refusal:?}",
                players[seat].name()
            );
        }
        moves += 1;
    }
    moves
}

/// The [`Game`] methods of a rules crate whose game type already has them as inherent
/// methods of the same names and signatures (`legal_actions`, `legal_actions_into`,
/// `apply`, `view`, `is_over`): write the associated types, `seats` and `score`, and call
/// this inside the `impl parlor_game::Game` block for the rest.
#[macro_export]
macro_rules! inherent_game_methods {
    () => {
        fn legal_actions(&self, seat: $crate::Seat) -> Self::Actions {
            Self::legal_actions(self, seat)
        }

        fn legal_actions_into(&self, seat: $crate::Seat, actions: &mut Self::Actions) {
            Self::legal_actions_into(self, seat, actions)
        }

        fn apply(
            &mut self,
            seat: $crate::Seat,
            action: Self::Action,
        ) -> ::std::result::Result<Self::Events, Self::Refusal> {
            Self::apply(self, seat, action)
        }

        fn view(&self, seat: $crate::Seat) -> Self::View<'_> {
            Self::view(self, seat)
        }

        fn is_over(&self) -> bool {
            Self::is_over(self)
        }
    };
}

/// A rules crate's inherent `legal_actions`, written once: its `legal_actions_into` into a
/// fresh list. Every engine has both, as it has `apply` and `apply_into`. Call it inside
/// the game type's `impl` block with the list type.
#[macro_export]
macro_rules! legal_actions_through_into {
    ($actions:ty) => {
        /// Everything `seat` may do now: exactly the actions `apply` accepts from it.
        /// Empty when it is not the seat's move.
        pub fn legal_actions(&self, seat: $crate::Seat) -> $actions {
            let mut actions = <$actions as ::std::default::Default>::default();
            self.legal_actions_into(seat, &mut actions);
            actions
        }
    };
}

/// A rules crate's inherent `apply`, written once: its `apply_into` into a fresh event
/// list. Every engine has both: `apply` for a caller that keeps the events (a table),
/// `apply_into` for a loop that reuses one list (bot playouts, benchmarks). Call it inside
/// the game type's `impl` block with the action, event list and refusal types.
#[macro_export]
macro_rules! apply_through_apply_into {
    ($action:ty, $events:ty, $refusal:ty) => {
        /// Applies `action` by `seat`: the events that followed, or why it was refused
        /// (and then nothing changed).
        pub fn apply(
            &mut self,
            seat: $crate::Seat,
            action: $action,
        ) -> ::std::result::Result<$events, $refusal> {
            let mut events = <$events as ::std::default::Default>::default();
            self.apply_into(seat, action, &mut events)?;
            ::std::result::Result::Ok(events)
        }
    };
}

/// The strategy table of a rules crate's `bots` module, from one list of
/// `"name" => constructor` pairs (weakest first): `NAMES`, `by_name`, and a test that
/// every name builds the strategy of that name. Servers and tools pick bots through it.
#[macro_export]
macro_rules! strategies {
    ($game:ty { $($name:literal => $make:expr),+ $(,)? }) => {
        /// The names [`by_name`] knows, weakest first.
        pub const NAMES: &[&str] = &[$($name),+];

        /// The strategy called `name` (one of [`NAMES`]) with its default settings.
        pub fn by_name(name: &str) -> Option<Box<dyn $crate::Strategy<$game>>> {
            match name {
                $($name => Some(Box::new($make)),)+
                _ => None,
            }
        }

        #[cfg(test)]
        #[test]
        fn every_name_builds_the_strategy_of_that_name() {
            for &name in NAMES {
                assert_eq!(by_name(name).map(|s| s.name()), Some(name));
            }
            assert!(by_name("nobody").is_none());
        }
    };
}
