//! One card: a rank and a suit, with the short text form the Truco protocols use.

use std::fmt;
use std::str::FromStr;

/// The four French suits. The Portuguese letters (`p`, `c`, `e`, `o`) are the ones the
/// Truco protocols print: paus (clubs), copas (hearts), espadas (spades), ouros (diamonds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Diamonds = 0,
    Spades = 1,
    Hearts = 2,
    Clubs = 3,
}

impl Suit {
    /// All suits, in the Truco manilha order from weakest (diamonds) to strongest (clubs).
    pub const ALL: [Suit; 4] = [Suit::Diamonds, Suit::Spades, Suit::Hearts, Suit::Clubs];

    /// The Portuguese initial used on the Truco wires.
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'p',
            Suit::Hearts => 'c',
            Suit::Spades => 'e',
            Suit::Diamonds => 'o',
        }
    }

    /// The suit named by a Portuguese initial, in either case.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            'p' => Some(Suit::Clubs),
            'c' => Some(Suit::Hearts),
            'e' => Some(Suit::Spades),
            'o' => Some(Suit::Diamonds),
            _ => None,
        }
    }
}

/// A French rank, numbered as the cards are (ace high: 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All thirteen ranks from two to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with this number (2..=14).
    pub fn from_number(n: u8) -> Option<Rank> {
        Rank::ALL.get(usize::from(n.checked_sub(2)?)).copied()
    }

    /// The rank's number (2..=14).
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The symbol printed for the rank: `2`..`10`, `J`, `Q`, `K`, `A`.
    pub fn symbol(self) -> &'static str {
        const SYMBOLS: [&str; 13] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ];
        SYMBOLS[usize::from(self.number() - 2)]
    }

    fn from_symbol(s: &str) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|r| r.symbol().eq_ignore_ascii_case(s))
    }
}

/// A playing card, packed as `rank * 4 + suit` so that it indexes a [`crate::CardSet`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8 - 2) * 4 + suit as u8)
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 4) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    /// A dense index in `0..52`, stable across versions (used by [`crate::CardSet`]).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card at a dense index, if the index is below 52.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 {
            Some(Card(index))
        } else {
            None
        }
    }
}

impl fmt::Display for Card {
    /// The Truco wire form: rank symbol then the Portuguese suit letter (`Ko`, `10c`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError;

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a card (expected a rank then a suit letter p, c, e or o)")
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads the Truco wire form, ranks and suits in either case (`Ko`, `ko`, `10C`).
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let mut chars = s.chars();
        let suit = chars.next_back().and_then(Suit::from_letter);
        let rank = Rank::from_symbol(chars.as_str());
        match (rank, suit) {
            (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
            _ => Err(ParseCardError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text_and_index() {
        for rank in Rank::ALL {
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(card.rank(), rank);
                assert_eq!(card.suit(), suit);
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
                assert_eq!(Card::from_index(card.index()), Some(card));
            }
        }
    }

    #[test]
    fn parses_wire_examples_in_any_case() {
        assert_eq!("Ko".parse(), Ok(Card::new(Rank::King, Suit::Diamonds)));
        assert_eq!("7e".parse(), Ok(Card::new(Rank::Seven, Suit::Spades)));
        assert_eq!("10C".parse(), Ok(Card::new(Rank::Ten, Suit::Hearts)));
        assert_eq!("ap".parse(), Ok(Card::new(Rank::Ace, Suit::Clubs)));
        for bad in ["", "K", "Kx", "1o", "11o", "é", "Koo"] {
            assert_eq!(bad.parse::<Card>(), Err(ParseCardError), "{bad:?}");
        }
    }
}
