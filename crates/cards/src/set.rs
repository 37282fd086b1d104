//! A set of cards as a 64-bit mask: copying, membership and removal never allocate.

use crate::{Card, Rank, Suit};

/// A set of distinct cards, one bit per [`Card::index`].
///
/// Packed (aligned to one byte): a set inside an enum or next to small fields then takes
/// its eight bytes and no padding. An action naming a set of cards is 9 bytes instead of
/// 16, and engines copy lists of them (a Warlords seat may have 60 plays) and views full
/// of them before every decision.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(C, packed)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Every card of these ranks, in all four suits. A `const fn`, so that a fixed deck's
    /// set is computed once, when compiling, rather than on every deal.
    pub const fn of_ranks(ranks: &[Rank]) -> CardSet {
        let mut bits = 0;
        let mut i = 0;
        while i < ranks.len() {
            let mut suit = 0;
            while suit < Suit::ALL.len() {
                bits |= 1 << Card::new(ranks[i], Suit::ALL[suit]).index();
                suit += 1;
            }
            i += 1;
        }
        CardSet(bits)
    }

    /// The set whose cards are the set bits of `bits` (bit [`Card::index`]); bits past
    /// the 52 cards are dropped. For engines that work on a group of cards as bits.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << 52) - 1))
    }

    /// The set as bits, one per [`Card::index`].
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether the set holds `card`.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & bit(card) != 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= bit(card);
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !bit(card);
        present
    }

    /// How many cards the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in both sets.
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either set.
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` that are not in `other`.
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards in index order (rank, then suit), without allocating.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Card::from_index(index)
        })
    }
}

const fn bit(card: Card) -> u64 {
    1 << card.index()
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl std::fmt::Debug for CardSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_and_iterate() {
        let a = Card::new(Rank::Ace, Suit::Clubs);
        let b = Card::new(Rank::Two, Suit::Diamonds);
        let mut set = CardSet::EMPTY;
        assert!(set.insert(a));
        assert!(!set.insert(a));
        assert!(set.insert(b));
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![b, a]);
        assert!(set.remove(a));
        assert!(!set.remove(a));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![b]);
    }

    #[test]
    fn of_ranks_holds_every_suit_of_each_rank_and_nothing_else() {
        let set = CardSet::of_ranks(&[Rank::Two, Rank::Ace]);
        let expected: CardSet = [Rank::Two, Rank::Ace]
            .into_iter()
            .flat_map(|rank| Suit::ALL.map(|suit| Card::new(rank, suit)))
            .collect();
        assert_eq!(set, expected);
        assert_eq!(set.len(), 8);
        assert_eq!(CardSet::of_ranks(&Rank::ALL).len(), 52);
        assert!(CardSet::of_ranks(&[]).is_empty());
    }

    #[test]
    fn bits_round_trip_and_drop_what_is_no_card() {
        let set: CardSet = [
            Card::new(Rank::Two, Suit::Diamonds),
            Card::new(Rank::Ace, Suit::Clubs),
        ]
        .into_iter()
        .collect();
        assert_eq!(CardSet::from_bits(set.bits()), set);
        assert_eq!(set.bits(), 1 | 1 << 51);
        assert_eq!(CardSet::from_bits(u64::MAX).len(), 52);
    }
}
