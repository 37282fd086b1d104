//! The card rules as the reference server applies them: the deck, points, multipliers,
//! who takes a trick and which cards may be played. Everything here is a pure function
//! of cards and a [`Mode`], so bots use the same code the engine does.

use cards::{Card, CardSet, Rank, Suit};

/// How a deal is played, as the trumpf chooser announced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// This suit is trumpf.
    Trumpf(Suit),
    /// No trumpf; the highest card of the led suit takes the trick ("top down").
    Obeabe,
    /// No trumpf; the lowest card of the led suit takes the trick ("bottom up").
    Undeufe,
}

impl Mode {
    /// Every mode a chooser may announce: the four trumpf suits, obeabe, undeufe.
    pub const ALL: [Mode; 6] = [
        Mode::Trumpf(Suit::Hearts),
        Mode::Trumpf(Suit::Diamonds),
        Mode::Trumpf(Suit::Clubs),
        Mode::Trumpf(Suit::Spades),
        Mode::Obeabe,
        Mode::Undeufe,
    ];

    /// The mode's place in [`Mode::ALL`], indexing the rules' tables.
    fn index(self) -> usize {
        match self {
            Mode::Trumpf(Suit::Hearts) => 0,
            Mode::Trumpf(Suit::Diamonds) => 1,
            Mode::Trumpf(Suit::Clubs) => 2,
            Mode::Trumpf(Suit::Spades) => 3,
            Mode::Obeabe => 4,
            Mode::Undeufe => 5,
        }
    }

    /// The trumpf suit, if the mode has one.
    pub fn trumpf(self) -> Option<Suit> {
        match self {
            Mode::Trumpf(suit) => Some(suit),
            Mode::Obeabe | Mode::Undeufe => None,
        }
    }

    /// Whether `card` is a trump in this mode.
    pub fn is_trump(self, card: Card) -> bool {
        self.trumpf() == Some(card.suit())
    }
}

/// Game settings. The defaults are the reference server's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Multiply points and bonuses by the mode's [`multiplier`] (the reference does).
    pub multipliers: bool,
    /// The game ends after a deal in which a team reaches this total and leads.
    pub target: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            multipliers: true,
            target: 2500,
        }
    }
}

impl Config {
    /// What points count for in `mode` under this configuration (1 without multipliers).
    pub fn factor(self, mode: Mode) -> u32 {
        if self.multipliers {
            multiplier(mode)
        } else {
            1
        }
    }
}

/// The bonus for taking the last trick of a deal, before the multiplier.
pub const LAST_TRICK_BONUS: u32 = 5;
/// The bonus for taking all nine tricks of a deal (a "match"), before the multiplier.
pub const MATCH_BONUS: u32 = 100;
/// The card points of the 36 cards, in every mode, before bonuses and multiplier.
pub const DEAL_CARD_POINTS: u32 = 152;
/// What a deal is worth with the last trick: the reference's "157" (a match adds 100).
pub const DEAL_POINTS: u32 = DEAL_CARD_POINTS + LAST_TRICK_BONUS;

/// The ranks of the Jass deck, six to ace.
pub const RANKS: [Rank; 9] = [
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

/// The whole deck, computed when compiling: bots ask for it in their innermost loops.
const DECK: CardSet = CardSet::of_ranks(&RANKS);

/// The nine cards of each suit, indexed by `Suit as usize`. A card's index is
/// `rank * 4 + suit`, so one suit's cards are every fourth bit from the suit's number.
const SUITS: [CardSet; 4] = {
    const EVERY_FOURTH: u64 = 0x1_1111_1111_1111;
    let mut suits = [CardSet::EMPTY; 4];
    let mut suit = 0;
    while suit < 4 {
        suits[suit] = CardSet::from_bits(DECK.bits() & (EVERY_FOURTH << suit));
        suit += 1;
    }
    suits
};

/// The 36 cards of the Jass deck.
pub fn deck() -> CardSet {
    DECK
}

/// The nine Jass cards of `suit`.
pub fn suit_cards(suit: Suit) -> CardSet {
    SUITS[suit as usize]
}

/// The cards of `set` in `suit`.
pub fn of_suit(set: CardSet, suit: Suit) -> CardSet {
    set.intersection(suit_cards(suit))
}

/// The trumps of `set` in `mode` (none without a trumpf).
pub fn trumps(set: CardSet, mode: Mode) -> CardSet {
    match mode.trumpf() {
        Some(suit) => of_suit(set, suit),
        None => CardSet::EMPTY,
    }
}

/// The Buur: the jack of trumpf.
pub fn buur(trumpf: Suit) -> Card {
    Card::new(Rank::Jack, trumpf)
}

/// What `card` is worth in `mode`, before any multiplier (the reference's table).
pub fn card_points(card: Card, mode: Mode) -> u32 {
    u32::from(POINTS[mode.index()][usize::from(card.index())])
}

/// [`card_points`] for every mode and card, computed when compiling: a trick's points are
/// counted at the end of every trick, bots' playouts included.
const POINTS: [[u8; 52]; 6] = {
    let mut table = [[0; 52]; 6];
    let mut mode = 0;
    while mode < 6 {
        let mut index = 0;
        while index < 52 {
            if let Some(card) = Card::from_index(index as u8) {
                table[mode][index] = points_of(card, Mode::ALL[mode]);
            }
            index += 1;
        }
        mode += 1;
    }
    table
};

/// What `card` is worth in `mode`, worked out from the reference's table.
const fn points_of(card: Card, mode: Mode) -> u8 {
    // Indexed by rank from six to ace.
    const TRUMPF: [u8; 9] = [0, 0, 0, 14, 10, 20, 3, 4, 11];
    const OTHER: [u8; 9] = [0, 0, 0, 0, 10, 2, 3, 4, 11];
    const OBEABE: [u8; 9] = [0, 0, 8, 0, 10, 2, 3, 4, 11];
    const UNDEUFE: [u8; 9] = [11, 0, 8, 0, 10, 2, 3, 4, 0];
    let number = card.rank().number();
    if number < 6 {
        return 0;
    }
    let i = (number - 6) as usize;
    match mode {
        Mode::Obeabe => OBEABE[i],
        Mode::Undeufe => UNDEUFE[i],
        Mode::Trumpf(suit) if card.suit() as u8 == suit as u8 => TRUMPF[i],
        Mode::Trumpf(_) => OTHER[i],
    }
}

/// The reference's multiplier: obeabe and undeufe 3, clubs or spades 2, hearts or
/// diamonds 1.
pub fn multiplier(mode: Mode) -> u32 {
    match mode {
        Mode::Obeabe | Mode::Undeufe => 3,
        Mode::Trumpf(Suit::Clubs | Suit::Spades) => 2,
        Mode::Trumpf(Suit::Hearts | Suit::Diamonds) => 1,
    }
}

/// The card points of a set of cards in `mode`, before any multiplier.
pub fn set_points(set: CardSet, mode: Mode) -> u32 {
    set.iter().map(|card| card_points(card, mode)).sum()
}

/// A trump's place in the trumpf order, 0 (six) to 8 (Buur):
/// 6 < 7 < 8 < 10 < Q < K < A < Nell (9) < Buur (J).
pub const fn trump_order(rank: Rank) -> u8 {
    match rank {
        Rank::Nine => 7,
        Rank::Jack => 8,
        Rank::Ten => 3,
        Rank::Queen => 4,
        Rank::King => 5,
        Rank::Ace => 6,
        Rank::Eight => 2,
        Rank::Seven => 1,
        _ => 0,
    }
}

/// How strongly `card` bids for a trick led with `lead` in `mode`: 0 cannot take it,
/// otherwise higher takes it. Distinct cards never tie above 0.
pub fn strength(card: Card, lead: Suit, mode: Mode) -> u8 {
    STRENGTHS[mode.index()][lead as usize][usize::from(card.index())]
}

/// [`strength`] for every mode, led suit and card, computed when compiling: every trick
/// compares its cards with it.
const STRENGTHS: [[[u8; 52]; 4]; 6] = {
    let mut table = [[[0; 52]; 4]; 6];
    let mut mode = 0;
    while mode < 6 {
        let mut lead = 0;
        while lead < 4 {
            let mut index = 0;
            while index < 52 {
                if let Some(card) = Card::from_index(index as u8) {
                    table[mode][lead][index] = strength_of(card, Suit::ALL[lead], Mode::ALL[mode]);
                }
                index += 1;
            }
            lead += 1;
        }
        mode += 1;
    }
    table
};

/// [`strength`] worked out from the ranks.
const fn strength_of(card: Card, lead: Suit, mode: Mode) -> u8 {
    let rank = card.rank().number();
    let suit = card.suit() as u8;
    match mode {
        Mode::Trumpf(trumpf) if suit == trumpf as u8 => 20 + trump_order(card.rank()),
        _ if suit != lead as u8 => 0,
        Mode::Undeufe => 15u8.saturating_sub(rank),
        Mode::Trumpf(_) | Mode::Obeabe => rank.saturating_sub(5),
    }
}

/// The index (in play order) of the card that takes the trick `table` in `mode`.
///
/// `table` must not be empty.
pub fn winning_index(table: &[Card], mode: Mode) -> usize {
    let lead = table[0].suit();
    let mut best = 0;
    for (i, &card) in table.iter().enumerate().skip(1) {
        if strength(card, lead, mode) > strength(table[best], lead, mode) {
            best = i;
        }
    }
    best
}

/// The cards of `hand` that may be played onto `table` in `mode`.
///
/// Follow the led suit if you can; a trump is always allowed; when trumpf is led and the
/// only trump held is the Buur, anything goes. In trumpf mode, when a non-trump suit was
/// led, a trump lower than one already on the table is refused unless the hand holds
/// only trumps. Never empty for a non-empty hand.
pub fn legal_cards(hand: CardSet, table: &[Card], mode: Mode) -> CardSet {
    let Some(lead) = table.first().map(|c| c.suit()) else {
        return hand;
    };
    let trumpf = mode.trumpf();
    let held_trumps = trumps(hand, mode);
    let follow = of_suit(hand, lead);
    let buur_only = match trumpf {
        Some(t) if t == lead => follow == [buur(t)].into_iter().collect(),
        _ => false,
    };
    let mut legal = if follow.is_empty() || buur_only {
        hand
    } else {
        follow.union(held_trumps)
    };
    if let Some(trumpf) = trumpf {
        // (The trumps are a subset of the hand: it holds others unless they are equal.)
        if lead != trumpf && held_trumps != hand {
            let highest = table
                .iter()
                .filter(|c| c.suit() == trumpf)
                .map(|c| trump_order(c.rank()))
                .max();
            if let Some(highest) = highest {
                for card in held_trumps.iter() {
                    if trump_order(card.rank()) < highest {
                        legal.remove(card);
                    }
                }
            }
        }
    }
    legal
}

/// Whether playing `card` from `hand` onto `table` would be an under-trump the rules
/// refuse (used to name the error).
pub(crate) fn is_under_trump(hand: CardSet, table: &[Card], mode: Mode, card: Card) -> bool {
    let Some(trumpf) = mode.trumpf() else {
        return false;
    };
    let Some(lead) = table.first() else {
        return false;
    };
    card.suit() == trumpf
        && lead.suit() != trumpf
        && trumps(hand, mode).len() < hand.len()
        && table
            .iter()
            .any(|c| c.suit() == trumpf && trump_order(c.rank()) > trump_order(card.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_sets_are_the_nine_ranks_of_each_suit() {
        for suit in Suit::ALL {
            let by_hand: CardSet = RANKS.into_iter().map(|r| Card::new(r, suit)).collect();
            assert_eq!(suit_cards(suit), by_hand);
        }
        assert_eq!(deck().len(), 36);
        assert_eq!(
            Suit::ALL
                .map(suit_cards)
                .into_iter()
                .fold(CardSet::EMPTY, CardSet::union),
            deck()
        );
    }

    #[test]
    fn every_mode_is_worth_152_card_points_and_157_with_the_last_trick() {
        for mode in Mode::ALL {
            assert_eq!(set_points(deck(), mode), DEAL_CARD_POINTS, "{mode:?}");
        }
        assert_eq!(DEAL_POINTS, 157);
        assert_eq!(deck().len(), 36);
    }

    #[test]
    fn a_modes_index_is_its_place_in_all() {
        for (place, mode) in Mode::ALL.into_iter().enumerate() {
            assert_eq!(mode.index(), place);
        }
    }

    #[test]
    fn strengths_never_tie_and_trumps_beat_the_led_suit() {
        for mode in Mode::ALL {
            for lead in Suit::ALL {
                let strengths: Vec<u8> = deck()
                    .iter()
                    .map(|card| strength(card, lead, mode))
                    .filter(|&s| s > 0)
                    .collect();
                let mut distinct = strengths.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), strengths.len(), "{mode:?}, {lead:?} led");
                for card in deck().iter() {
                    let s = strength(card, lead, mode);
                    assert_eq!(s > 0, card.suit() == lead || mode.is_trump(card));
                    if mode.is_trump(card) {
                        let led = deck()
                            .iter()
                            .filter(|c| c.suit() == lead && !mode.is_trump(*c));
                        assert!(led.into_iter().all(|c| strength(c, lead, mode) < s));
                    }
                }
            }
        }
    }

    #[test]
    fn strengths_order_a_trick() {
        let mode = Mode::Trumpf(Suit::Hearts);
        let buur = Card::new(Rank::Jack, Suit::Hearts);
        let nell = Card::new(Rank::Nine, Suit::Hearts);
        let ace = Card::new(Rank::Ace, Suit::Hearts);
        let lead_ace = Card::new(Rank::Ace, Suit::Clubs);
        assert!(strength(buur, Suit::Clubs, mode) > strength(nell, Suit::Clubs, mode));
        assert!(strength(nell, Suit::Clubs, mode) > strength(ace, Suit::Clubs, mode));
        assert!(strength(ace, Suit::Clubs, mode) > strength(lead_ace, Suit::Clubs, mode));
        assert_eq!(strength(lead_ace, Suit::Spades, mode), 0);
    }
}
