//! The server's messages, parsed; and the client's, formatted.

/// One seat as `stabl` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// `a` active, `p` passed, `w` waiting, `d` disconnected, `e` empty.
    pub status: char,
    pub strikes: u8,
    pub name: String,
    pub cards: usize,
}

/// A server message.
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

fn codes(list: &str) -> Option<Vec<u8>> {
    list.split(',')
        .filter(|c| !c.is_empty())
        .map(|c| c.parse().ok())
        .filter(|c| *c != Some(52))
        .collect()
}

/// Parses one message, brackets included; `None` for anything unrecognised (the seed
/// lets clients ignore what they do not know).
pub fn parse(message: &str) -> Option<ServerMsg> {
    let body = message.strip_prefix("[s")?.strip_suffix(']')?;
    let (kind, rest) = body.split_at(body.len().min(4));
    let fields: Vec<&str> = rest.strip_prefix('|').unwrap_or(rest).split('|').collect();
    let parsed = match (kind, fields.as_slice()) {
        ("join", [name]) => ServerMsg::Joined(name.trim_end().to_owned()),
        ("lobb", [_, names]) => ServerMsg::Lobby(
            names
                .split(',')
                .filter(|n| !n.is_empty())
                .map(|n| n.trim_end().to_owned())
                .collect(),
        ),
        ("tabl", [seats, last, first]) => {
            let seats = seats.split(',').map(seat).collect::<Option<Vec<_>>>()?;
            ServerMsg::Table {
                seats,
                last: codes(last)?,
                first_hand: *first == "1",
            }
        }
        ("hand", [cards]) => ServerMsg::Hand(codes(cards)?),
        ("trik", [code, count]) => ServerMsg::Strike {
            code: code.parse().ok()?,
            count: count.parse().ok()?,
        },
        ("chat", [name, text]) => ServerMsg::Chat {
            name: name.trim_end().to_owned(),
            text: text.trim_end().to_owned(),
        },
        ("wapw", [card]) => ServerMsg::SwapW(card.parse().ok()?),
        ("waps", [received, lost]) => ServerMsg::SwapS {
            received: received.parse().ok()?,
            lost: lost.parse().ok()?,
        },
        _ => return None,
    };
    Some(parsed)
}

fn seat(entry: &str) -> Option<SeatInfo> {
    let mut parts = entry.split(':');
    let head = parts.next()?;
    let mut chars = head.chars();
    let status = chars.next()?;
    let strikes = chars.as_str().parse().ok()?;
    let name = parts.next()?.trim_end().to_owned();
    let cards = parts.next()?.parse().ok()?;
    Some(SeatInfo {
        status,
        strikes,
        name,
        cards,
    })
}

/// `[cjoin|NAME8   ]`
pub fn cjoin(name: &str) -> String {
    let name: String = name.chars().take(8).collect();
    format!("[cjoin|{name:<8}]")
}

/// `[cplay|CC,CC,CC,CC]`; no cards is a pass.
pub fn cplay(cards: &[u8]) -> String {
    let mut codes: Vec<String> = cards.iter().take(4).map(|c| format!("{c:02}")).collect();
    codes.resize(4, "52".into());
    format!("[cplay|{}]", codes.join(","))
}

/// `[cswap|CC]`
pub fn cswap(card: u8) -> String {
    format!("[cswap|{card:02}]")
}

/// `[cchat|MESSAGE63]`
pub fn cchat(text: &str) -> String {
    let text: String = text
        .chars()
        .filter(|c| *c != ']' && *c != '[')
        .take(63)
        .collect();
    format!("[cchat|{text:<63}]")
}

/// A card number as a person reads it: `10♥`, `2♠`.
pub fn card_name(code: u8) -> String {
    const RANKS: [&str; 13] = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ];
    const SUITS: [&str; 4] = ["♣", "♦", "♥", "♠"];
    match (
        RANKS.get(usize::from(code / 4)),
        SUITS.get(usize::from(code % 4)),
    ) {
        (Some(rank), Some(suit)) => format!("{rank}{suit}"),
        _ => "--".into(),
    }
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
        assert_eq!(cplay(&[30, 28]), "[cplay|30,28,52,52]");
        assert_eq!(cplay(&[]), "[cplay|52,52,52,52]");
        assert_eq!(cswap(4), "[cswap|04]");
        assert_eq!(cchat("hi]").len(), 71);
        assert_eq!(card_name(0), "3♣");
        assert_eq!(card_name(51), "2♠");
    }
}
