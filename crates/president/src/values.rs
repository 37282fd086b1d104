//! Card values in this game, and the order of every card.
//!
//! The `cards` crate orders ranks two-to-ace and suits the Truco way; Warlords & Scumbags
//! ranks the 3 lowest and the 2 highest, and orders the cards of one value clubs,
//! diamonds, hearts, spades: a card's place in that order is `value * 4 + suit`, 0 for
//! the 3 of clubs to 51 for the 2 of spades (the protocol numbers cards the same way; its
//! wire lives in `parlor-wire`). Everything that compares or orders cards goes through
//! here, so the rest of the crate only ever compares values.

use cards::{Card, CardSet, Rank, Suit};

/// The fewest players a hand is dealt to.
pub const MIN_PLAYERS: usize = 3;
/// The most players a hand is dealt to.
pub const MAX_PLAYERS: usize = 7;
/// The most cards a seat holds while playing: the whole deck dealt to three players gives
/// seat 0 eighteen. (During the swap the warlord briefly holds one more.)
pub const MAX_HAND: usize = 18;
/// How many distinct values there are (3 up to 2).
pub const VALUES: usize = 13;
/// The value of a 2: the highest, and a play of 2s clears the round.
pub const TWO: u8 = 12;
/// How many cards there are, and so the first number past the last card's place.
const DECK: u8 = 52;
/// The card that must open the first hand of a game.
pub const THREE_OF_CLUBS: Card = Card::new(Rank::Three, Suit::Clubs);

/// The suits from lowest to highest: a card's place is `value * 4 + ` this index.
const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

/// How high `card` is: 0 for a 3, ..., 11 for an ace, 12 for a 2.
pub fn value(card: Card) -> u8 {
    // Rank numbers run 2..=14; shifting by 10 modulo 13 sends 3 to 0 and 2 to 12.
    (card.rank().number() + 10) % 13
}

fn suit_place(suit: Suit) -> u8 {
    match suit {
        Suit::Clubs => 0,
        Suit::Diamonds => 1,
        Suit::Hearts => 2,
        Suit::Spades => 3,
    }
}

/// Where `card` stands among all 52: `value * 4 + suit` (clubs 0, diamonds 1, hearts 2,
/// spades 3), so the 3 of clubs is 0 and the 2 of spades 51.
pub fn order(card: Card) -> u8 {
    value(card) * 4 + suit_place(card.suit())
}

/// The card at place `code` of [`order`]; `None` for 52 and above.
pub fn card_at(code: u8) -> Option<Card> {
    if code >= DECK {
        return None;
    }
    let value = code / 4;
    let rank = if value == TWO {
        Rank::Two
    } else {
        Rank::from_number(value + 3)?
    };
    Some(Card::new(rank, SUITS[usize::from(code % 4)]))
}

/// The lowest card of `set`: lowest value, ties broken by suit (so the 3 of clubs is the
/// lowest card of any set holding it).
pub fn lowest(set: CardSet) -> Option<Card> {
    set.iter().min_by_key(|&card| order(card))
}

/// The highest card of `set`: highest value, ties broken by suit. This is the card the
/// scumbag must hand the warlord.
pub fn highest(set: CardSet) -> Option<Card> {
    set.iter().max_by_key(|&card| order(card))
}

/// The value every card of `cards` shares, or `None` if the set is empty or mixed.
pub fn common_value(cards: CardSet) -> Option<u8> {
    let mut values = cards.iter().map(value);
    let first = values.next()?;
    values.all(|v| v == first).then_some(first)
}

/// Where each value's four cards start in a [`CardSet`]'s bits: a card's index is
/// `rank * 4 + suit`, so the cards of one value are four bits side by side, from this
/// shift (indexed by value).
pub(crate) const VALUE_SHIFTS: [u32; VALUES] = {
    use Rank::*;
    let ranks = [
        Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King, Ace, Two,
    ];
    let mut shifts = [0; VALUES];
    let mut v = 0;
    while v < VALUES {
        shifts[v] = Card::new(ranks[v], Suit::ALL[0]).index() as u32;
        v += 1;
    }
    shifts
};

/// `set` split by value: entry `v` holds the cards of value `v`.
pub fn by_value(set: CardSet) -> [CardSet; VALUES] {
    let mut groups = [CardSet::EMPTY; VALUES];
    for card in set.iter() {
        groups[usize::from(value(card))].insert(card);
    }
    groups
}

/// The cards of `set` in [`order`] (lowest first), without allocating: the order the
/// protocol lists hands and plays in.
pub fn in_order(set: CardSet) -> impl Iterator<Item = Card> {
    (0..DECK)
        .filter_map(card_at)
        .filter(move |&card| set.contains(card))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_its_place() {
        assert_eq!(order(THREE_OF_CLUBS), 0);
        assert_eq!(order(Card::new(Rank::Two, Suit::Spades)), 51);
        assert_eq!(order(Card::new(Rank::Ten, Suit::Hearts)), 30);
        assert_eq!(order(Card::new(Rank::Ten, Suit::Clubs)), 28);
        assert_eq!(order(Card::new(Rank::Ace, Suit::Diamonds)), 45);
        assert_eq!(order(Card::new(Rank::Four, Suit::Spades)), 7);
        for code in 0..DECK {
            let card = card_at(code).unwrap();
            assert_eq!(order(card), code);
            assert_eq!(value(card), code / 4);
        }
        assert_eq!(card_at(DECK), None);
        assert_eq!(card_at(255), None);
    }

    #[test]
    fn values_run_from_three_to_two() {
        assert_eq!(value(THREE_OF_CLUBS), 0);
        assert_eq!(value(Card::new(Rank::Ace, Suit::Hearts)), 11);
        assert_eq!(value(Card::new(Rank::Two, Suit::Diamonds)), TWO);
        assert_eq!(value(Card::new(Rank::Jack, Suit::Diamonds)), 8);
    }

    #[test]
    fn lowest_highest_and_groups() {
        let set: CardSet = [4, 2, 51, 49, 30]
            .iter()
            .filter_map(|&c| card_at(c))
            .collect();
        assert_eq!(lowest(set).map(order), Some(2));
        assert_eq!(highest(set).map(order), Some(51));
        assert_eq!(by_value(set)[usize::from(TWO)].len(), 2);
        assert_eq!(
            in_order(set).map(order).collect::<Vec<_>>(),
            [2, 4, 30, 49, 51]
        );
        assert_eq!(common_value(CardSet::EMPTY), None);
        assert_eq!(common_value(by_value(set)[12]), Some(TWO));
        assert_eq!(common_value(set), None);
    }
}
