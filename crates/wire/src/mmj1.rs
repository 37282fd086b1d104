//! Mahjong's mmj1 (seed 004), both ways: what a client sends ([`ClientMsg`], read from a
//! stream by [`Mmj1Codec`]) and what the server sends ([`ServerMsg`]), with the
//! protocol's spelling of tiles, winds and places ([`TileName`], [`face`]).
//!
//! ```text
//! client: mmj1c 4:Jean   discard d6   riichi c0   out   ckong we   pkong c9
//!         claim d6 d6 ?   swap b3   ron   pass   ack   fill   chat 23 . 5:hello
//! server: mmj1s   game 1 4:Jean 5:Chris 3:Pat 5:Mouse   newhand e e s w n   break 4 6
//!         move d6 h1 d1   riichi   play   claim   draw   win 2 5:30 fu 500. 0: 7700.
//!         ack   chat 214 . 2:hi   reject 15:name the tile
//!         score 25000. 24000. 26000. 25000. 0. 0.   gameover 3 1 4 2
//! ```
//!
//! Tokens may be separated by any whitespace, case is ignored outside counted strings
//! (`N:DATA`, N bytes of anything), and a message ends where its grammar says.

mod client;
mod codec;
mod parser;
mod server;
mod spelling;
#[cfg(test)]
mod tests;

pub use client::{ClientMsg, MAX_CHAT, MAX_NAME};
pub use codec::{Frame, Mmj1Codec};
pub use server::{ServerMsg, MAX_EXPLANATION, MAX_GAME_NAME};
pub use spelling::{face, TileName};

/// A counted string, `N:DATA`, written at the end of `out`.
fn write_counted(out: &mut String, text: &str) {
    use std::fmt::Write;
    write!(out, "{}:{text}", text.len()).expect("writing to a String");
}
