//! Tiles: the 136 physical tiles ([`Tile`]) and the 34 kinds they come in ([`Kind`]).
//!
//! Numbering follows the common Tenhou convention (and the public scoring test vectors
//! the tests check against): a tile's id is 0..136 and its kind is `id / 4`; kinds
//! 0..9 are 1-9 characters (man), 9..18 1-9 dots (pin), 18..27 1-9 bamboo (sou), 27..31
//! the winds east, south, west, north, then white (haku), green (hatsu), red (chun).
//! The first copy of each five (ids 16, 52, 88) is the red five when a game plays them.

use std::fmt;

/// One of the 136 physical tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// One of the 34 tile kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kind(u8);

/// The three numbered suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suit {
    /// Characters (man), kinds 0..9.
    Man,
    /// Dots (pin), kinds 9..18.
    Pin,
    /// Bamboo (sou), kinds 18..27.
    Sou,
}

/// A wind: a seat's wind or the round's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wind {
    /// East, the dealer's wind and the first round.
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

/// How many tiles of each kind a hand holds, indexed by [`Kind::index`].
pub type Counts = [u8; Kind::COUNT];

impl Tile {
    /// Number of physical tiles.
    pub const COUNT: usize = 136;

    /// The tile with this id, if `id < 136`.
    pub const fn new(id: u8) -> Option<Tile> {
        if (id as usize) < Tile::COUNT {
            Some(Tile(id))
        } else {
            None
        }
    }

    /// The id, 0..136.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The kind of this tile.
    pub const fn kind(self) -> Kind {
        Kind(self.0 / 4)
    }

    /// Whether this is the copy that plays as a red five when red fives are on.
    pub const fn is_red_five(self) -> bool {
        matches!(self.0, 16 | 52 | 88)
    }

    /// All 136 tiles in id order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..Tile::COUNT as u8).map(Tile)
    }
}

impl Kind {
    /// Number of kinds.
    pub const COUNT: usize = 34;
    /// The white dragon (haku).
    pub const WHITE: Kind = Kind(31);
    /// The green dragon (hatsu).
    pub const GREEN: Kind = Kind(32);
    /// The red dragon (chun).
    pub const RED: Kind = Kind(33);

    /// The kind with this index, if `index < 34`.
    pub const fn new(index: u8) -> Option<Kind> {
        if (index as usize) < Kind::COUNT {
            Some(Kind(index))
        } else {
            None
        }
    }

    /// The index, 0..34.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The numbered kind `number` (1..=9) of `suit`.
    pub const fn numbered(suit: Suit, number: u8) -> Kind {
        let base = match suit {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
        };
        Kind(base + number - 1)
    }

    /// The kind of a wind tile.
    pub const fn wind(wind: Wind) -> Kind {
        Kind(27 + wind as u8)
    }

    /// The suit of a numbered kind; `None` for honours.
    pub const fn suit(self) -> Option<Suit> {
        match self.0 {
            0..=8 => Some(Suit::Man),
            9..=17 => Some(Suit::Pin),
            18..=26 => Some(Suit::Sou),
            _ => None,
        }
    }

    /// The number (1..=9) of a numbered kind; `None` for honours.
    pub const fn number(self) -> Option<u8> {
        if self.0 < 27 {
            Some(self.0 % 9 + 1)
        } else {
            None
        }
    }

    /// Winds and dragons.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// Ones and nines.
    pub const fn is_terminal(self) -> bool {
        self.0 < 27 && matches!(self.0 % 9, 0 | 8)
    }

    /// Terminals and honours (yaochuuhai).
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// The wind of a wind kind.
    pub const fn as_wind(self) -> Option<Wind> {
        match self.0 {
            27 => Some(Wind::East),
            28 => Some(Wind::South),
            29 => Some(Wind::West),
            30 => Some(Wind::North),
            _ => None,
        }
    }

    /// White, green and red.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// The kind that is dora when this kind is the indicator: the next number in the
    /// suit (9 wraps to 1), the next wind (E S W N E), the next dragon (white green red).
    pub const fn dora_from_indicator(self) -> Kind {
        match self.0 {
            0..=26 => Kind(self.0 / 9 * 9 + (self.0 % 9 + 1) % 9),
            27..=30 => Kind(27 + (self.0 - 27 + 1) % 4),
            _ => Kind(31 + (self.0 - 31 + 1) % 3),
        }
    }

    /// All 34 kinds in index order.
    pub fn all() -> impl Iterator<Item = Kind> {
        (0..Kind::COUNT as u8).map(Kind)
    }
}

impl Wind {
    /// All four, in seating order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind of seat `seat` in a hand that seat `dealer` deals: East, then on in
    /// playing order.
    pub const fn of_seat(seat: usize, dealer: usize) -> Wind {
        Wind::ALL[(seat % 4 + 4 - dealer % 4) % 4]
    }

    /// The wind after this one (North wraps to East).
    pub const fn next(self) -> Wind {
        Wind::ALL[(self as usize + 1) % 4]
    }

    /// 0 for East .. 3 for North.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Counts of each kind among `tiles`.
pub fn counts(tiles: &[Tile]) -> Counts {
    let mut counts = [0; Kind::COUNT];
    for tile in tiles {
        counts[tile.kind().index()] += 1;
    }
    counts
}

/// Every kind's short name, by index (see [`Kind::short`]).
const SHORT: [&str; Kind::COUNT] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
];

impl Kind {
    /// Short Tenhou-style notation: `1m`..`9m`, `1p`.., `1s`.., `1z`..`7z` (E S W N,
    /// white green red), as `Display` writes it.
    pub fn short(self) -> &'static str {
        SHORT[self.index()]
    }

    /// The kind as players read it: `1m`..`9m`, `1p`.., `1s`.., then `East`, `South`,
    /// `West`, `North`, `Haku`, `Hatsu`, `Chun` (not Tenhou's `1z`..`7z`).
    pub fn spoken(self) -> String {
        const HONORS: [&str; 7] = ["East", "South", "West", "North", "Haku", "Hatsu", "Chun"];
        match self.suit() {
            Some(_) => self.short().to_owned(),
            None => HONORS[usize::from(self.0 - 27)].to_owned(),
        }
    }
}

impl fmt::Display for Kind {
    /// [`Kind::short`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

impl fmt::Display for Tile {
    /// The kind's notation, with `0` for a red five (`0m`, `0p`, `0s`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_red_five() {
            let letter = ['m', 'p', 's'][self.0 as usize / 36];
            write!(f, "0{letter}")
        } else {
            self.kind().fmt(f)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_dora() {
        assert_eq!(Tile::new(16).unwrap().kind(), Kind::numbered(Suit::Man, 5));
        assert_eq!(
            Kind::numbered(Suit::Pin, 9).dora_from_indicator(),
            Kind::numbered(Suit::Pin, 1)
        );
        assert_eq!(
            Kind::wind(Wind::North).dora_from_indicator(),
            Kind::wind(Wind::East)
        );
        assert_eq!(Kind::RED.dora_from_indicator(), Kind::WHITE);
        assert_eq!(Tile::new(52).unwrap().to_string(), "0p");
        assert_eq!(Kind::new(33).unwrap().to_string(), "7z");
        assert_eq!(Kind::new(33).unwrap().spoken(), "Chun");
        assert_eq!(Kind::wind(Wind::East).spoken(), "East");
        assert_eq!(Kind::numbered(Suit::Sou, 5).spoken(), "5s");
        assert!(Tile::new(136).is_none());
    }
}
