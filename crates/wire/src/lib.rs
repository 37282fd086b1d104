//! The wire formats parlor's server and its clients both speak, each written once: a
//! message is a typed value with one `write` and one `parse`, and a property test holds
//! the two together, so the server and the clients cannot drift apart.
//!
//! Protocols move here one by one; so far course Truco ([`truco`]), Warlords & Scumbags
//! ([`wars`]), Mahjong's mmj1 ([`mmj1`]) and the Jass Challenge ([`jass`]).

pub mod jass;
pub mod mmj1;
pub mod truco;
pub mod wars;
