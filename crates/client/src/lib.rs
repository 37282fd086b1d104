//! Clients for parlor's protocols: a terminal interface for people and an automatic mode
//! that plays with one of the rules crates' bots. They speak the wire protocol only, so
//! they work against any compatible server.

pub mod jass;
pub mod play;
pub mod truco;
pub mod wars;
