//! Warlords & Scumbags' bracketed messages (seed 001), both ways: what a client sends
//! ([`ClientMsg`]) and what the server sends ([`ServerMsg`]), each with its one `write`
//! and `parse`; the protocol's card numbers; and its strike codes.
//!
//! ```text
//! client: [cjoin|NAME8   ]  [cchat|MESSAGE63]  [cplay|CC,CC,CC,CC]  [chand]  [cswap|CC]
//! server: [sjoin|NAME8   ]  [slobb|NN|NAME8   ,...]  [stabl|P,P,P,P,P,P,P|C,C,C,C|S]
//!         [shand|C,...,C]  [strik|CC|N]  [schat|NAME8   |MESSAGE63]  [swapw|CC]  [swaps|CC|CC]
//! ```
//!
//! Cards are two-digit numbers, `value * 4 + suit` (values 3 up to 2, suits clubs,
//! diamonds, hearts, spades): `00` is the 3 of clubs, `51` the 2 of spades, `52` no card.

use cards::{Card, CardSet};
/// The cards of a set in wire order (lowest number first), the order the protocol lists
/// hands and plays in.
pub use president::in_order;
use president::{card_at, order, PlayError};

/// The wire's "no card" (padding; four of them are a pass).
pub const NO_CARD: u8 = 52;
/// The width of a name field: names are padded with spaces to it.
pub const NAME_WIDTH: usize = 8;
/// The width of a chat message field, in bytes.
pub const CHAT_WIDTH: usize = 63;
/// Seats in a `stabl` message: the most that play.
pub const TABLE_SEATS: usize = 7;
/// Cards in a `shand` message: the most a seat holds.
pub const HAND_CARDS: usize = 18;

/// The protocol's number for `card`: its place in the game's order of cards.
pub fn code(card: Card) -> u8 {
    order(card)
}

/// The card numbered `code`; `None` for [`NO_CARD`] and above.
pub fn card(code: u8) -> Option<Card> {
    card_at(code)
}

/// The strike codes: what a client did wrong, as the protocol numbers it.
pub mod strike {
    /// Anything else that is not a message (stray bytes, no `c` sender, no type).
    pub const BAD_MESSAGE: u8 = 30;
    /// The cards played do not all have the same face value.
    pub const DIFFERENT_VALUES: u8 = 11;
    /// The face value played is below the table's.
    pub const VALUE_TOO_LOW: u8 = 12;
    /// Fewer cards played than are on the table.
    pub const QUANTITY_TOO_LOW: u8 = 13;
    /// A card played is not in the player's hand.
    pub const NOT_IN_HAND: u8 = 14;
    /// A play out of turn.
    pub const OUT_OF_TURN: u8 = 15;
    /// The first play of the first hand must include the 3 of clubs.
    pub const NEEDS_THREE_OF_CLUBS: u8 = 16;
    /// The same card listed twice in one play.
    pub const DUPLICATES: u8 = 17;
    /// A pass by the player who must start the round.
    pub const PASS_ON_START: u8 = 18;
    /// No response in time.
    pub const TIMEOUT: u8 = 20;
    /// A play message from a client in the lobby.
    pub const LOBBY_PLAY: u8 = 31;
    /// A message longer than the client limit.
    pub const TOO_LONG: u8 = 32;
    /// An unknown message type.
    pub const UNKNOWN_TYPE: u8 = 33;
    /// A known type with a malformed body.
    pub const MALFORMED: u8 = 34;
    /// Too many chat messages too fast.
    pub const CHAT_FLOOD: u8 = 60;
    /// The warlord offered a card it does not hold.
    pub const SWAP_NOT_HELD: u8 = 70;
    /// A swap by someone who is not the warlord.
    pub const NOT_WARLORD: u8 = 71;
    /// A swap when none is expected.
    pub const SWAP_OUT_OF_TURN: u8 = 72;
    /// The server is full.
    pub const TOO_MANY_CLIENTS: u8 = 81;
}

/// The strike a refusal of the rules earns.
pub fn strike_for(refusal: PlayError) -> u8 {
    match refusal {
        PlayError::DifferentValues => strike::DIFFERENT_VALUES,
        PlayError::ValueTooLow => strike::VALUE_TOO_LOW,
        PlayError::QuantityTooLow => strike::QUANTITY_TOO_LOW,
        PlayError::NotInHand => strike::NOT_IN_HAND,
        PlayError::OutOfTurn | PlayError::SwapFirst | PlayError::HandOver => strike::OUT_OF_TURN,
        PlayError::NeedsThreeOfClubs => strike::NEEDS_THREE_OF_CLUBS,
        PlayError::PassOnStart => strike::PASS_ON_START,
        PlayError::Malformed => strike::MALFORMED,
        PlayError::SwapNotHeld => strike::SWAP_NOT_HELD,
        PlayError::NotWarlord => strike::NOT_WARLORD,
        PlayError::NoSwapPending => strike::SWAP_OUT_OF_TURN,
    }
}

/// A message a client sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMsg {
    /// `cjoin`: the requested name.
    Join(String),
    /// `cchat`: a chat message.
    Chat(String),
    /// `cplay`: the cards played (none: a pass).
    Play(CardSet),
    /// `chand`: send my hand again.
    Hand,
    /// `cswap`: the card the warlord gives the scumbag.
    Swap(Card),
    /// `cfill` (parlor's extension): a waiting client asks for CPU players.
    Fill,
}

impl ClientMsg {
    /// The message with its brackets. A name is cut to 8 characters; a chat message loses
    /// its brackets and is cut to 63 characters.
    pub fn write(&self) -> String {
        match self {
            ClientMsg::Join(name) => format!("[cjoin|{}]", name8(name)),
            ClientMsg::Chat(text) => {
                let text: String = (text.chars())
                    .filter(|c| !matches!(c, '[' | ']'))
                    .take(CHAT_WIDTH)
                    .collect();
                format!("[cchat|{text:<CHAT_WIDTH$}]")
            }
            ClientMsg::Play(cards) => format!("[cplay|{}]", card_list(*cards, 4)),
            ClientMsg::Hand => "[chand]".to_owned(),
            ClientMsg::Swap(card) => format!("[cswap|{:02}]", code(*card)),
            ClientMsg::Fill => "[cfill]".to_owned(),
        }
    }

    /// Parses a message's body (between the brackets); `Err` is the strike it earns.
    /// Trailing padding is dropped from names and chat.
    pub fn parse(body: &str) -> Result<ClientMsg, u8> {
        let (head, fields) = match body.split_once('|') {
            Some((head, fields)) => (head, Some(fields)),
            None => (body, None),
        };
        let Some(kind) = head.strip_prefix('c').filter(|k| k.len() == 4) else {
            return Err(strike::BAD_MESSAGE);
        };
        match (kind, fields) {
            ("join", Some(name)) => Ok(ClientMsg::Join(name.trim_end().to_owned())),
            ("chat", Some(text)) => Ok(ClientMsg::Chat(text.trim_end().to_owned())),
            ("hand", None | Some("")) => Ok(ClientMsg::Hand),
            ("fill", None | Some("")) => Ok(ClientMsg::Fill),
            ("play", Some(cards)) => parse_play(cards),
            ("swap", Some(text)) => match one_card(text) {
                Some(card) => Ok(ClientMsg::Swap(card)),
                None => Err(strike::MALFORMED),
            },
            ("join" | "chat" | "hand" | "play" | "swap" | "fill", _) => Err(strike::MALFORMED),
            _ => Err(strike::UNKNOWN_TYPE),
        }
    }
}

/// A two-digit card number naming a card (not `52`).
fn one_card(text: &str) -> Option<Card> {
    if text.len() != 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    card(text.parse().ok()?)
}

fn parse_play(body: &str) -> Result<ClientMsg, u8> {
    let fields: Vec<&str> = body.split(',').collect();
    if fields.len() != 4 {
        return Err(strike::MALFORMED);
    }
    let mut cards = CardSet::EMPTY;
    for field in fields {
        if field == "52" {
            continue;
        }
        let card = one_card(field).ok_or(strike::MALFORMED)?;
        if !cards.insert(card) {
            return Err(strike::DUPLICATES);
        }
    }
    Ok(ClientMsg::Play(cards))
}

/// One seat as `stabl` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// `a` active, `p` passed, `w` waiting, `d` disconnected, `e` empty (the others are
    /// the finishing places).
    pub status: char,
    /// Strikes, at most 3.
    pub strikes: u8,
    pub name: String,
    /// Cards held, at most 99.
    pub cards: usize,
}

impl Seat {
    /// An empty place at the table.
    pub fn empty() -> Seat {
        Seat {
            status: 'e',
            strikes: 0,
            name: String::new(),
            cards: 0,
        }
    }
}

/// A message the server sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    /// `sjoin`: the name the client was given.
    Joined(String),
    /// `slobb`: the names waiting in the lobby.
    Lobby(Vec<String>),
    /// `stabl`: the seven places (the empty ones too), the play to beat, and whether this
    /// is the first hand of a game (no ranks yet).
    Table {
        seats: Vec<Seat>,
        last: CardSet,
        first_hand: bool,
    },
    /// `shand`: the client's cards.
    Hand(CardSet),
    /// `strik`: a strike's code, and how many the client has now.
    Strike { code: u8, count: u8 },
    /// `schat`: a chat message and who sent it.
    Chat { name: String, text: String },
    /// `swapw`: to the warlord, the card received from the scumbag.
    SwapW(Card),
    /// `swaps`: to the scumbag, the card received and the card lost.
    SwapS { received: Card, lost: Card },
}

impl ServerMsg {
    /// The message with its brackets, every field at its fixed width. A chat message's
    /// characters that would split or end a field (`|`, `:`, `,`, `[`, `]`) and control
    /// characters become spaces, and it is cut to 63 bytes: the message is always 80.
    pub fn write(&self) -> String {
        match self {
            ServerMsg::Joined(name) => format!("[sjoin|{}]", name8(name)),
            ServerMsg::Lobby(names) => {
                let list: Vec<String> = names.iter().map(|n| name8(n)).collect();
                format!("[slobb|{:02}|{}]", names.len(), list.join(","))
            }
            ServerMsg::Table {
                seats,
                last,
                first_hand,
            } => {
                let mut places: Vec<String> = (seats.iter().take(TABLE_SEATS))
                    .map(|s| {
                        let strikes = s.strikes.min(3);
                        let cards = s.cards.min(99);
                        format!("{}{strikes}:{}:{cards:02}", s.status, name8(&s.name))
                    })
                    .collect();
                places.resize(TABLE_SEATS, format!("e0:{}:00", name8("")));
                let first = u8::from(*first_hand);
                format!(
                    "[stabl|{}|{}|{first}]",
                    places.join(","),
                    card_list(*last, 4)
                )
            }
            ServerMsg::Hand(cards) => format!("[shand|{}]", card_list(*cards, HAND_CARDS)),
            ServerMsg::Strike { code, count } => format!("[strik|{code:02}|{count}]"),
            ServerMsg::Chat { name, text } => {
                let mut text = chat_field(text);
                let padding = CHAT_WIDTH - text.len();
                text.extend(std::iter::repeat_n(' ', padding));
                format!("[schat|{}|{text}]", name8(name))
            }
            ServerMsg::SwapW(card) => format!("[swapw|{:02}]", code(*card)),
            ServerMsg::SwapS { received, lost } => {
                format!("[swaps|{:02}|{:02}]", code(*received), code(*lost))
            }
        }
    }

    /// Parses one message, brackets included; `None` for anything not recognised (the
    /// seed lets clients ignore what they do not know). Padding is dropped.
    pub fn parse(message: &str) -> Option<ServerMsg> {
        let body = message.strip_prefix("[s")?.strip_suffix(']')?;
        let (kind, rest) = body.split_at_checked(4)?;
        let fields: Vec<&str> = rest.strip_prefix('|').unwrap_or(rest).split('|').collect();
        Some(match (kind, fields.as_slice()) {
            ("join", [name]) => ServerMsg::Joined(name.trim_end().to_owned()),
            ("lobb", [_, names]) => ServerMsg::Lobby(
                (names.split(','))
                    .filter(|n| !n.is_empty())
                    .map(|n| n.trim_end().to_owned())
                    .collect(),
            ),
            ("tabl", [seats, last, first]) => ServerMsg::Table {
                seats: seats.split(',').map(seat).collect::<Option<Vec<_>>>()?,
                last: cards_of(last)?,
                first_hand: *first == "1",
            },
            ("hand", [cards]) => ServerMsg::Hand(cards_of(cards)?),
            ("trik", [code, count]) => ServerMsg::Strike {
                code: code.parse().ok()?,
                count: count.parse().ok()?,
            },
            ("chat", [name, text]) => ServerMsg::Chat {
                name: name.trim_end().to_owned(),
                text: text.trim_end().to_owned(),
            },
            ("wapw", [received]) => ServerMsg::SwapW(card(received.parse().ok()?)?),
            ("waps", [received, lost]) => ServerMsg::SwapS {
                received: card(received.parse().ok()?)?,
                lost: card(lost.parse().ok()?)?,
            },
            _ => return None,
        })
    }
}

/// A chat message as a field: separators and control characters as spaces, at most
/// [`CHAT_WIDTH`] bytes (cut at a character's end).
fn chat_field(text: &str) -> String {
    let mut field = String::new();
    for c in text.chars() {
        let c = if c.is_control() || "|:,[]".contains(c) {
            ' '
        } else {
            c
        };
        if field.len() + c.len_utf8() > CHAT_WIDTH {
            break;
        }
        field.push(c);
    }
    field
}

fn seat(entry: &str) -> Option<Seat> {
    let mut parts = entry.split(':');
    let head = parts.next()?;
    let mut chars = head.chars();
    let status = chars.next()?;
    let strikes = chars.as_str().parse().ok()?;
    let name = parts.next()?.trim_end().to_owned();
    let cards = parts.next()?.parse().ok()?;
    Some(Seat {
        status,
        strikes,
        name,
        cards,
    })
}

/// The cards a comma-separated list of numbers names (`52`s and empty fields skipped).
fn cards_of(list: &str) -> Option<CardSet> {
    let mut cards = CardSet::EMPTY;
    for field in list.split(',').filter(|f| !f.is_empty()) {
        let number: u8 = field.parse().ok()?;
        if number != NO_CARD {
            cards.insert(card(number)?);
        }
    }
    Some(cards)
}

/// A name padded with spaces (or cut) to 8 characters.
pub fn name8(name: &str) -> String {
    let name: String = name.chars().take(NAME_WIDTH).collect();
    format!("{name:<NAME_WIDTH$}")
}

/// Cards as two-digit numbers in wire order, padded with `52` to `width`.
pub fn card_list(cards: CardSet, width: usize) -> String {
    let mut numbers: Vec<String> = in_order(cards).map(|c| format!("{:02}", code(c))).collect();
    numbers.resize(width.max(numbers.len()), format!("{NO_CARD}"));
    numbers.join(",")
}

/// A card number as a person reads it: `10♥`, `2♠`; `--` for none.
pub fn card_name(number: u8) -> String {
    const RANKS: [&str; 13] = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ];
    const SUITS: [&str; 4] = ["♣", "♦", "♥", "♠"];
    match (
        RANKS.get(usize::from(number / 4)),
        SUITS.get(usize::from(number % 4)),
    ) {
        (Some(rank), Some(suit)) => format!("{rank}{suit}"),
        _ => "--".into(),
    }
}

#[cfg(test)]
mod tests;
