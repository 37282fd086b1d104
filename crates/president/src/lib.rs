//! Warlords & Scumbags (the card game President) as a pure value: no I/O, no clock,
//! randomness only from the [`GameRng`](cards::GameRng) passed in.
//!
//! One [`Hand`] is one deal played until everyone but the scumbag has gone out; an
//! [`Evening`] strings hands together, reseating the players by each hand's
//! [`Hand::finishing_order`], newcomers at the foot of the table; an [`EveningGame`] is a
//! whole evening as one game, seats sitting down and leaving as it goes.
//! Seats are numbered `0..players` in social order for this hand: seat 0 is the warlord
//! (when ranks exist), the last seat the scumbag, and play goes 0, 1, 2, ... cyclically.
//!
//! The seat to act ([`Hand::active`]) asks [`Hand::legal_actions`] what it may do and
//! [`Hand::apply`]s one [`Action`]; the answer is the [`Event`]s that followed or a
//! [`PlayError`] that changed nothing. A disconnect is
//! [`Hand::leave`], which cannot fail. Events hold full information: pass each through
//! [`Event::for_seat`] before showing it to a seat. Bots see only a [`View`].
//!
//! Card values: 3 lowest, then 4..10, J, Q, K, A, and 2 highest ([`value`]); suits never
//! matter for beating, but order the cards of one value clubs, diamonds, hearts, spades
//! ([`order`]: `value * 4 + suit`, which is also how the protocol numbers cards).
//!
//! ```
//! use president::bots::{SoundBot, Strategy};
//! use president::Hand;
//!
//! let mut rng = cards::seeded_rng(7);
//! let (mut hand, _deal) = Hand::deal(4, false, &mut rng).expect("3 to 7 players");
//! while let Some(seat) = hand.active() {
//!     let legal = hand.legal_actions(seat);
//!     let action = SoundBot.choose(&hand.view(seat), &legal, &mut rng);
//!     for event in hand.apply(seat, action).expect("a legal action") {
//!         let _what_seat_0_sees = event.for_seat(0);
//!     }
//! }
//! assert_eq!(hand.finishing_order().len(), 4); // warlord first, scumbag last
//! ```

mod action;
pub mod bots;
mod contract;
mod error;
mod evening;
mod evening_game;
mod event;
mod hand;
mod leave;
mod legal;
mod play;
mod position;
mod public;
mod status;
mod swap;
mod values;
mod view;

pub use action::{Action, Actions};
pub use cards::{Card, CardSet};
pub use error::PlayError;
pub use evening::Evening;
pub use evening_game::{EveningEvent, EveningEvents, EveningGame, EveningRules, EveningView};
pub use event::{Event, Events, Order};
pub use hand::{Hand, HandRules};
pub use legal::legal_plays;
pub use position::Position;
pub use public::Public;
pub use status::Status;
pub use values::{
    by_value, card_at, common_value, highest, in_order, lowest, order, value, MAX_HAND,
    MAX_PLAYERS, MIN_PLAYERS, THREE_OF_CLUBS, TWO, VALUES,
};
pub use view::View;

/// A seat at the table, `0..players`, in social order for the hand (0 = warlord).
pub type Seat = usize;
