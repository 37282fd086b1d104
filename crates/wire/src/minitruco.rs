//! miniTruco's lines (seed 000), both ways and in both dialects: the 2008 protocol of
//! the lounge's rooms ([`Command`]) and today's Android app's ([`AppCommand`]), and
//! what the server sends in either ([`ServerMsg`], read in a [`Dialect`]).
//!
//! ```text
//! 2008 client: N alice  L  E 1  I [n]  Q  J 3p [T]  T  D  C  H T|F  B text  M bob text
//! app client:  B 20600  N name  E PUB|NPU|PRI <mode>  E PRI-<code>  R T|I  Q  A  K <n>
//! server:      N alice  L 0|1|...  I 1 alice||| FTTT 1 FF  E 1  P 1  M 3p 6c 7e 4o
//!              V 1 F  J 2 Kp  R 1 3  O 2 0  G 1  T 2 3  D 1 3  C 3  F ...  H 1 T
//!              B bob hi  X NE  (app: M 1 ..., T 2 3 <phrase>, K <n>, ! T <text>)
//! ```
//!
//! Positions are the wire's 1-4; cards are written as the `cards` crate writes them
//! (`3p`, `Ko`, `7e`, `Ac`).

mod app;
mod client;
mod server;
#[cfg(test)]
mod tests;

pub use app::{mode_letter, mode_of, parse as parse_app, AppCommand, Enter};
pub use client::{parse, Command, Parsed};
pub use server::{Dialect, Refusal, Room, ServerMsg, Table};
