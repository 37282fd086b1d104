//! Client messages to typed requests, and the server's messages as text.
//!
//! ```text
//! [cjoin|NAME8   ]  [cchat|MESSAGE63]  [cplay|CC,CC,CC,CC]  [chand]  [cswap|CC]
//! ```
//!
//! Cards are the protocol's two-digit numbers (`00` = 3 of clubs ... `51` = 2 of spades,
//! `52` = no card); see [`president::wars_code`].

use president::{card_from_wars_code, wars_code, Card, CardSet};

/// Strike codes the protocol layer itself gives (rule strikes come from the rules crate).
pub mod strike {
    /// A play message from a client in the lobby.
    pub const LOBBY_PLAY: u8 = 31;
    /// A message longer than the client limit.
    pub const TOO_LONG: u8 = 32;
    /// An unknown message type.
    pub const UNKNOWN_TYPE: u8 = 33;
    /// A known type with a malformed body.
    pub const MALFORMED: u8 = 34;
    /// Anything else that is not a message (stray bytes, no `c` sender, no type).
    pub const BAD_MESSAGE: u8 = 30;
    /// The same card twice in one play.
    pub const DUPLICATES: u8 = 17;
    /// No response in time.
    pub const TIMEOUT: u8 = 20;
    /// Too many chat messages too fast.
    pub const CHAT_FLOOD: u8 = 60;
    /// A swap by someone who is not the warlord.
    pub const NOT_WARLORD: u8 = 71;
    /// A swap when none is expected.
    pub const SWAP_OUT_OF_TURN: u8 = 72;
    /// The server is full.
    pub const TOO_MANY_CLIENTS: u8 = 81;
}

/// A client message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `cjoin`: the requested name, trailing padding removed.
    Join(String),
    /// `cchat`: the message, trailing padding removed.
    Chat(String),
    /// `cplay`: the cards (empty = pass).
    Play(CardSet),
    /// `chand`: send my hand again.
    Hand,
    /// `cswap`: the card the warlord gives the scumbag.
    Swap(Card),
    /// `cfill` (parlor's extension): a waiting client asks for CPU players to fill the
    /// next game up to `-m`.
    Fill,
}

/// Parses a message body between the brackets; `Err` is the strike code it earns.
pub fn parse(text: &str) -> Result<Request, u8> {
    let (head, body) = match text.split_once('|') {
        Some((head, body)) => (head, Some(body)),
        None => (text, None),
    };
    let Some(kind) = head.strip_prefix('c').filter(|k| k.len() == 4) else {
        return Err(strike::BAD_MESSAGE);
    };
    match (kind, body) {
        ("join", Some(name)) => Ok(Request::Join(name.trim_end().to_owned())),
        ("chat", Some(message)) => Ok(Request::Chat(message.trim_end().to_owned())),
        ("hand", None | Some("")) => Ok(Request::Hand),
        ("fill", None | Some("")) => Ok(Request::Fill),
        ("play", Some(cards)) => parse_play(cards),
        ("swap", Some(card)) => match code(card) {
            Some(card) => Ok(Request::Swap(card)),
            None => Err(strike::MALFORMED),
        },
        ("join" | "chat" | "hand" | "play" | "swap" | "fill", _) => Err(strike::MALFORMED),
        _ => Err(strike::UNKNOWN_TYPE),
    }
}

/// A two-digit card number naming a card (not `52`).
fn code(text: &str) -> Option<Card> {
    if text.len() != 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    card_from_wars_code(text.parse().ok()?)
}

fn parse_play(body: &str) -> Result<Request, u8> {
    let fields: Vec<&str> = body.split(',').collect();
    if fields.len() != 4 {
        return Err(strike::MALFORMED);
    }
    let mut cards = CardSet::EMPTY;
    for field in fields {
        if field == "52" {
            continue;
        }
        let card = code(field).ok_or(strike::MALFORMED)?;
        if !cards.insert(card) {
            return Err(strike::DUPLICATES);
        }
    }
    Ok(Request::Play(cards))
}

/// A name padded with spaces to 8 characters.
pub fn name8(name: &str) -> String {
    format!("{name:<8}")
}

/// Cards as two-digit numbers, sorted, padded with `52` to `width`.
pub fn card_list(cards: CardSet, width: usize) -> String {
    let mut codes: Vec<u8> = cards.iter().map(wars_code).collect();
    codes.sort_unstable();
    codes.resize(width.max(codes.len()), 52);
    let codes: Vec<String> = codes.iter().map(|c| format!("{c:02}")).collect();
    codes.join(",")
}

/// `[sjoin|NAME8   ]`
pub fn sjoin(name: &str) -> String {
    format!("[sjoin|{}]", name8(name))
}

/// `[slobb|NN|NAME8   ,...]`
pub fn slobb<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    let count = names.len();
    let names: Vec<String> = names.map(name8).collect();
    format!("[slobb|{count:02}|{}]", names.join(","))
}

/// `[shand|C,...,C]`: 18 cards, padded with `52`.
pub fn shand(cards: CardSet) -> String {
    format!("[shand|{}]", card_list(cards, 18))
}

/// `[strik|CC|N]`
pub fn strik(code: u8, strikes: u8) -> String {
    format!("[strik|{code:02}|{strikes}]")
}

/// `[schat|NAME8   |MESSAGE63]`: the message cleaned for relaying (control characters
/// dropped; `|`, `:`, `,`, `[` and `]`, which would split or end a field, become spaces)
/// and padded to exactly 63 bytes, so the whole message is always 80 bytes.
pub fn schat(name: &str, message: &str) -> String {
    let mut message = crate::text::clean(message, "|:,[]", ' ', CHAT_WIDTH);
    let padding = CHAT_WIDTH - message.len();
    message.extend(std::iter::repeat_n(' ', padding));
    format!("[schat|{}|{message}]", name8(name))
}

/// The width of an `schat` message field, in bytes.
const CHAT_WIDTH: usize = 63;

/// `[swapw|CC]`: the card the warlord received.
pub fn swapw(card: Card) -> String {
    format!("[swapw|{:02}]", wars_code(card))
}

/// `[swaps|CC|CC]`: the card the scumbag received, then the card it lost.
pub fn swaps(received: Card, lost: Card) -> String {
    format!("[swaps|{:02}|{:02}]", wars_code(received), wars_code(lost))
}

/// One seat of `stabl`: status letter, strikes, name and card count (14 characters).
pub struct TableEntry<'a> {
    pub status: char,
    pub strikes: u8,
    pub name: &'a str,
    pub cards: usize,
}

/// `[stabl|P,P,P,P,P,P,P|C,C,C,C|S]`: always 126 characters; missing seats are empty.
pub fn stabl(entries: &[TableEntry], last_play: CardSet, first_hand: bool) -> String {
    let mut seats: Vec<String> = entries
        .iter()
        .take(7)
        .map(|e| {
            format!(
                "{}{}:{}:{:02}",
                e.status,
                e.strikes.min(3),
                name8(e.name),
                e.cards.min(99)
            )
        })
        .collect();
    seats.resize(7, format!("e0:{}:00", name8("")));
    format!(
        "[stabl|{}|{}|{}]",
        seats.join(","),
        card_list(last_play, 4),
        u8::from(first_hand)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(code: u8) -> Card {
        card_from_wars_code(code).unwrap()
    }

    #[test]
    fn client_messages() {
        assert_eq!(parse("cjoin|bob     "), Ok(Request::Join("bob".into())));
        assert_eq!(parse("cchat|hi all   "), Ok(Request::Chat("hi all".into())));
        assert_eq!(parse("chand"), Ok(Request::Hand));
        assert_eq!(parse("cswap|04"), Ok(Request::Swap(card(4))));
        let pair: CardSet = [card(28), card(30)].into_iter().collect();
        assert_eq!(parse("cplay|30,28,52,52"), Ok(Request::Play(pair)));
        assert_eq!(
            parse("cplay|52,52,52,52"),
            Ok(Request::Play(CardSet::EMPTY))
        );
    }

    #[test]
    fn bad_messages_and_their_strikes() {
        assert_eq!(parse("sjoin|bob"), Err(strike::BAD_MESSAGE));
        assert_eq!(parse(""), Err(strike::BAD_MESSAGE));
        assert_eq!(parse("cxyzw|1"), Err(strike::UNKNOWN_TYPE));
        assert_eq!(parse("cplay|1,2"), Err(strike::MALFORMED));
        assert_eq!(parse("cplay|00,00,52,52"), Err(strike::DUPLICATES));
        assert_eq!(parse("cplay|00,53,52,52"), Err(strike::MALFORMED));
        assert_eq!(parse("cplay|0,1,2,3"), Err(strike::MALFORMED));
        assert_eq!(parse("cswap|52"), Err(strike::MALFORMED));
        assert_eq!(parse("cswap"), Err(strike::MALFORMED));
        assert_eq!(parse("chand|x"), Err(strike::MALFORMED));
        assert_eq!(parse("cjoin"), Err(strike::MALFORMED));
    }

    #[test]
    fn server_messages_have_their_fixed_lengths() {
        assert_eq!(sjoin("bob"), "[sjoin|bob     ]");
        assert_eq!(sjoin("bob").len(), 16);
        assert_eq!(strik(20, 1), "[strik|20|1]");
        assert_eq!(schat("bob", "hi").len(), 80);
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
        assert_eq!(swapw(card(51)), "[swapw|51]");
        assert_eq!(swaps(card(0), card(51)), "[swaps|00|51]");
        assert_eq!(shand(CardSet::EMPTY).len(), 61);
        assert_eq!(slobb(std::iter::empty()), "[slobb|00|]");
        assert_eq!(
            slobb(["a", "bb"].into_iter()),
            "[slobb|02|a       ,bb      ]"
        );
        let names: Vec<String> = (0..35).map(|i| format!("p{i}")).collect();
        assert_eq!(slobb(names.iter().map(String::as_str)).len(), 325);
        let entry = TableEntry {
            status: 'a',
            strikes: 1,
            name: "bob",
            cards: 7,
        };
        let pair: CardSet = [card(28), card(30)].into_iter().collect();
        let table = stabl(&[entry], pair, true);
        assert_eq!(table.len(), 126);
        assert!(table.starts_with("[stabl|a1:bob     :07,e0:        :00,"));
        assert!(table.ends_with("|28,30,52,52|1]"));
    }
}
