//! The server's side of the Warlords wire, which `parlor-wire` writes once for the server
//! and the clients (`parlor_wire::wars`): the messages the hall sends, by the seed's
//! names, and the client messages it reads. Chat is cleaned here for relaying, with the
//! rules every text another client sees goes through (`crate::text`).

pub use parlor_wire::wars::{strike, ClientMsg as Request};
use parlor_wire::wars::{ServerMsg, CHAT_WIDTH};
use president::{Card, CardSet};

/// Parses a message body between the brackets; `Err` is the strike code it earns.
pub fn parse(text: &str) -> Result<Request, u8> {
    Request::parse(text)
}

/// `[sjoin|NAME8   ]`
pub fn sjoin(name: &str) -> String {
    ServerMsg::Joined(name.to_owned()).write()
}

/// `[slobb|NN|NAME8   ,...]`
pub fn slobb<'a>(names: impl Iterator<Item = &'a str>) -> String {
    ServerMsg::Lobby(names.map(str::to_owned).collect()).write()
}

/// `[shand|C,...,C]`: 18 cards, padded with `52`.
pub fn shand(cards: CardSet) -> String {
    ServerMsg::Hand(cards).write()
}

/// `[strik|CC|N]`
pub fn strik(code: u8, count: u8) -> String {
    ServerMsg::Strike { code, count }.write()
}

/// `[schat|NAME8   |MESSAGE63]`: the message cleaned for relaying (control characters
/// dropped; `|`, `:`, `,`, `[` and `]`, which would split or end a field, become spaces).
pub fn schat(name: &str, message: &str) -> String {
    let text = crate::text::clean(message, "|:,[]", ' ', CHAT_WIDTH);
    ServerMsg::Chat {
        name: name.to_owned(),
        text,
    }
    .write()
}

/// `[swapw|CC]`: the card the warlord received.
pub fn swapw(card: Card) -> String {
    ServerMsg::SwapW(card).write()
}

/// `[swaps|CC|CC]`: the card the scumbag received, then the card it lost.
pub fn swaps(received: Card, lost: Card) -> String {
    ServerMsg::SwapS { received, lost }.write()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chat from one client reaches the others as one well-formed message of 80 bytes,
    /// whatever it held.
    #[test]
    fn chat_is_cleaned_for_relaying() {
        let forged = schat(
            "bob",
            "a|b:c,d]e[f\u{1b}[2J\u{7}ééééééééééééééééééééééééééééééééééééééééééééééééé",
        );
        assert_eq!(forged.len(), 80, "{forged}");
        assert_eq!(forged.matches('|').count(), 2, "{forged}");
        assert_eq!(forged.matches(']').count(), 1, "{forged}");
        assert!(
            forged.starts_with("[schat|bob     |a b c d e f 2Jé"),
            "{forged}"
        );
    }
}
