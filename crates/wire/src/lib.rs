//! The wire formats parlor's server and its clients both speak, each written once: a
//! message is a typed value with one `write` and one `parse`, and a property test holds
//! the two together, so the server and the clients cannot drift apart.
//!
//! Every protocol's wire is here: miniTruco's two dialects ([`minitruco`]), course Truco
//! ([`truco`]), Warlords & Scumbags ([`wars`]), the Jass Challenge ([`jass`]) and
//! Mahjong's mmj1 ([`mmj1`]).

pub mod jass;
pub mod minitruco;
pub mod mmj1;
pub mod truco;
pub mod wars;
