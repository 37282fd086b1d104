//! Playing-card primitives shared by parlor's rules crates.
//!
//! Every French-suited game in parlor (Truco, Warlords & Scumbags, Jass) names cards
//! with the same [`Card`] value: a [`Rank`] and a [`Suit`], packed into one byte so that
//! a hand or a deck fits a [`CardSet`] (a 64-bit mask) and rules engines can move cards
//! around without allocating. Decks are shuffled with [`GameRng`], a seeded ChaCha
//! generator, so that one seed always gives the same deals on every platform.

mod card;
mod set;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use set::CardSet;

use rand::SeedableRng;

/// The random generator every rules crate takes: seedable, portable and reproducible
/// (the same seed gives the same sequence on every platform and Rust version).
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A [`GameRng`] started from `seed`.
pub fn seeded_rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
