//! The course Truco (seed 003) client: `parlor truco-client <host> <port> [--auto]`.
//!
//! - [`state`]: what the player knows, rebuilt from the server's lines.
//! - [`text`]: those lines in words for a person.
//! - [`play`]: the connection loop, asking a person (or a bot) when it is their move.
//! - [`seat`]: a seat held mid-match and taken back (tests, benchmarks).

pub mod play;
pub mod seat;
pub mod state;
pub mod text;

pub use play::{run, Mode};

use cards::Card;
use parlor_wire::truco::{self as wire, ClientMsg};
use truco::{Action, Answer};

/// The line asking for `action`, as the wire module writes it; `None` for a decision the
/// course rules never ask (the hand of 11).
pub fn line_for(action: Action) -> Option<String> {
    let msg = match action {
        Action::Play { card, closed } => ClientMsg::Play { card, closed },
        Action::Truco => ClientMsg::Truco,
        Action::Answer(answer) => ClientMsg::Answer(match answer {
            Answer::Accept => wire::Answer::Accept,
            Answer::Fold => wire::Answer::Fold,
            Answer::Raise => wire::Answer::Raise,
        }),
        Action::PlayHandOfEleven(_) => return None,
    };
    Some(msg.write())
}

/// The card `line` asks to play, if it plays one: remembered, so that our own card
/// played face down stays known to us.
pub fn card_played(line: &str) -> Option<Card> {
    match ClientMsg::parse(line)? {
        ClientMsg::Play { card, .. } => Some(card),
        _ => None,
    }
}
