//! One module per wire protocol. A protocol module never imports another.

pub mod jass;
pub mod mahjong;
pub mod minitruco;
pub mod truco;
pub mod wars;
