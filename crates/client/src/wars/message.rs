//! The Warlords wire as this client keeps it: the server's messages with cards as the
//! protocol's numbers (what the client's screens and bots work from), read and written
//! through `parlor_wire::wars`, where the format is written once for server and clients.

use cards::CardSet;
use parlor_wire::wars::{self as wire, ClientMsg};
pub use parlor_wire::wars::{card_name, Seat as SeatInfo};

/// A server message, cards as protocol numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    Joined(String),
    Lobby(Vec<String>),
    Table {
        seats: Vec<SeatInfo>,
        /// The last play's card numbers (no `52`s).
        last: Vec<u8>,
        /// No social ranks yet (the first hand of a game).
        first_hand: bool,
    },
    Hand(Vec<u8>),
    Strike {
        code: u8,
        count: u8,
    },
    Chat {
        name: String,
        text: String,
    },
    /// To the warlord: the card received from the scumbag.
    SwapW(u8),
    /// To the scumbag: the card received, the card lost.
    SwapS {
        received: u8,
        lost: u8,
    },
}

/// Card numbers in wire order.
fn codes(cards: CardSet) -> Vec<u8> {
    wire::in_order(cards).map(wire::code).collect()
}

/// Parses one message, brackets included; `None` for anything unrecognised (the seed
/// lets clients ignore what they do not know).
pub fn parse(message: &str) -> Option<ServerMsg> {
    Some(match wire::ServerMsg::parse(message)? {
        wire::ServerMsg::Joined(name) => ServerMsg::Joined(name),
        wire::ServerMsg::Lobby(names) => ServerMsg::Lobby(names),
        wire::ServerMsg::Table {
            seats,
            last,
            first_hand,
        } => ServerMsg::Table {
            seats,
            last: codes(last),
            first_hand,
        },
        wire::ServerMsg::Hand(cards) => ServerMsg::Hand(codes(cards)),
        wire::ServerMsg::Strike { code, count } => ServerMsg::Strike { code, count },
        wire::ServerMsg::Chat { name, text } => ServerMsg::Chat { name, text },
        wire::ServerMsg::SwapW(card) => ServerMsg::SwapW(wire::code(card)),
        wire::ServerMsg::SwapS { received, lost } => ServerMsg::SwapS {
            received: wire::code(received),
            lost: wire::code(lost),
        },
    })
}

/// `[cjoin|NAME8   ]`
pub fn cjoin(name: &str) -> String {
    ClientMsg::Join(name.to_owned()).write()
}

/// `[cplay|CC,CC,CC,CC]`; no cards is a pass. Numbers that name no card are left out.
pub fn cplay(cards: &[u8]) -> String {
    let cards = cards
        .iter()
        .take(4)
        .filter_map(|&c| wire::card(c))
        .collect();
    ClientMsg::Play(cards).write()
}

/// `[cswap|CC]`; a number that names no card asks for the hand again instead.
pub fn cswap(card: u8) -> String {
    wire::card(card)
        .map_or(ClientMsg::Hand, ClientMsg::Swap)
        .write()
}

/// `[cchat|MESSAGE63]`
pub fn cchat(text: &str) -> String {
    ClientMsg::Chat(text.to_owned()).write()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_server_message() {
        assert_eq!(
            parse("[sjoin|bob     ]"),
            Some(ServerMsg::Joined("bob".into()))
        );
        assert_eq!(
            parse("[slobb|02|a       ,bb      ]"),
            Some(ServerMsg::Lobby(vec!["a".into(), "bb".into()]))
        );
        assert_eq!(parse("[slobb|00|]"), Some(ServerMsg::Lobby(vec![])));
        let table = "[stabl|a1:bob     :07,e0:        :00,e0:        :00,e0:        :00,e0:        :00,e0:        :00,e0:        :00|28,30,52,52|1]";
        let Some(ServerMsg::Table {
            seats,
            last,
            first_hand,
        }) = parse(table)
        else {
            panic!("no table");
        };
        assert_eq!(seats.len(), 7);
        assert_eq!(
            seats[0],
            SeatInfo {
                status: 'a',
                strikes: 1,
                name: "bob".into(),
                cards: 7
            }
        );
        assert_eq!(seats[1].status, 'e');
        assert_eq!(last, vec![28, 30]);
        assert!(first_hand);
        assert_eq!(
            parse("[strik|20|2]"),
            Some(ServerMsg::Strike { code: 20, count: 2 })
        );
        assert_eq!(parse("[swapw|51]"), Some(ServerMsg::SwapW(51)));
        assert_eq!(
            parse("[swaps|00|51]"),
            Some(ServerMsg::SwapS {
                received: 0,
                lost: 51
            })
        );
        assert_eq!(parse("[sxxxx|1]"), None);
    }

    #[test]
    fn formats_client_messages() {
        assert_eq!(cjoin("bob"), "[cjoin|bob     ]");
        // Cards go out in wire order, whatever order they were chosen in.
        assert_eq!(cplay(&[30, 28]), "[cplay|28,30,52,52]");
        assert_eq!(cplay(&[]), "[cplay|52,52,52,52]");
        assert_eq!(cswap(4), "[cswap|04]");
        assert_eq!(cswap(52), "[chand]", "no card: the hand again");
        assert_eq!(cchat("hi]").len(), 71);
        assert_eq!(card_name(0), "3♣");
        assert_eq!(card_name(51), "2♠");
    }
}
