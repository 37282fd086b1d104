//! What the seat to act may do, and what a timeout does for it.

use crate::action::{Action, Actions};
use crate::hand::Hand;
use crate::wars::{lowest, THREE_OF_CLUBS, TWO, VALUE_SHIFTS};
use crate::Seat;
use cards::CardSet;

/// What a seat holding `hand` may do on its turn outside the swap, given the play to beat
/// (`last`, empty when the seat starts the round) and whether the play must include the 3
/// of clubs: a pass (unless starting) and every combination of equal cards that beats the
/// table, lowest value first. This is the one place the beating rules live; clients that
/// only know the table (not a whole [`Hand`]) ask it too.
pub fn legal_plays(hand: CardSet, last: CardSet, needs_three: bool) -> Actions {
    let mut actions = Actions::new();
    push_legal_plays(hand, last, needs_three, &mut actions);
    actions
}

/// [`legal_plays`] pushed onto `actions`: an [`Actions`] is a kilobyte, and building it
/// where the caller keeps it saves copying it out on every decision.
///
/// A value's cards are four bits of the hand (see [`VALUE_SHIFTS`]). Its plays are the
/// non-empty subsets of those bits, in the order of a counter over the cards held (lowest
/// index first): `SUBSETS[group][m]` places the bits of `m` on the cards of `group`.
fn push_legal_plays(hand: CardSet, last: CardSet, needs_three: bool, actions: &mut Actions) {
    let starting = last.is_empty();
    if !starting {
        actions.push(Action::Pass);
    }
    let (min_count, min_value) = if starting {
        (1, 0)
    } else {
        (
            last.len() as u32,
            crate::wars::common_value(last).unwrap_or(0),
        )
    };
    // Values below the play to beat cannot beat it, except 2s, the highest value.
    for value in min_value..TWO + 1 {
        let shift = VALUE_SHIFTS[usize::from(value)];
        let group = ((hand.bits() >> shift) & 0b1111) as usize;
        let need = if value == TWO { 1 } else { min_count };
        // `need` is at least 1, so this also skips values not held.
        if u32::from(SIZES[group]) < need {
            continue;
        }
        for m in 1..1usize << SIZES[group] {
            if u32::from(SIZES[m]) < need {
                continue;
            }
            let play = CardSet::from_bits(u64::from(SUBSETS[group][m]) << shift);
            if needs_three && !play.contains(THREE_OF_CLUBS) {
                continue;
            }
            actions.push(Action::Play(play));
        }
    }
}

/// How many bits of a four-bit number are set (a table: without a `popcnt` instruction
/// counting costs a dozen instructions, and this runs once per candidate play).
const SIZES: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// `SUBSETS[group][m]`: the bits of `m` deposited, lowest first, on the set bits of
/// `group` (both four bits wide). Computed when compiling.
const SUBSETS: [[u8; 16]; 16] = {
    let mut table = [[0; 16]; 16];
    let mut group = 0;
    while group < 16 {
        let mut m = 0;
        while m < 16 {
            let (mut placed, mut next) = (0, 0);
            let mut bit = 0;
            while bit < 4 {
                if group & (1 << bit) != 0 {
                    if m & (1 << next) != 0 {
                        placed |= 1 << bit;
                    }
                    next += 1;
                }
                bit += 1;
            }
            table[group][m] = placed;
            m += 1;
        }
        group += 1;
    }
    table
};

impl Hand {
    /// Everything `seat` may do now: exactly the actions [`Hand::apply`] accepts from it.
    /// Empty when it is not the seat's move.
    ///
    /// During the swap: one [`Action::Swap`] per card of the warlord's hand. Otherwise a
    /// pass (unless the seat starts the round) and then every combination of equal cards
    /// that beats the table, lowest value first.
    pub fn legal_actions(&self, seat: Seat) -> Actions {
        let mut actions = Actions::new();
        if self.active == Some(seat) {
            let hand = self.held[seat];
            if self.swap_taken.is_some() {
                actions.extend(hand.iter().map(Action::Swap));
            } else {
                push_legal_plays(hand, self.last, self.needs_three, &mut actions);
            }
        }
        actions
    }

    /// What a timeout does for `seat`: during the swap, give the lowest card; when the
    /// seat may pass, pass; when it starts a round, play its lowest single card (the 3 of
    /// clubs when the opening requires it, which is also the lowest card there is).
    ///
    /// For a seat that is not to act this is [`Action::Pass`], which `apply` refuses.
    pub fn default_action(&self, seat: Seat) -> Action {
        if self.active != Some(seat) {
            return Action::Pass;
        }
        let hand = self.held[seat];
        let lowest_card = if self.needs_three {
            Some(THREE_OF_CLUBS)
        } else {
            lowest(hand)
        };
        match lowest_card {
            Some(card) if self.swap_taken.is_some() => Action::Swap(card),
            Some(card) if self.last.is_empty() => Action::Play([card].into_iter().collect()),
            _ => Action::Pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_count_and_place_bits() {
        for (m, &size) in (0u32..).zip(&SIZES) {
            assert_eq!(u32::from(size), m.count_ones());
        }
        // 0b1010 holds bits 1 and 3: counting 1, 2, 3 over them gives 1, 3, then both.
        assert_eq!(SUBSETS[0b1010][1..4], [0b0010, 0b1000, 0b1010]);
        assert_eq!(SUBSETS[0b1111][0b0101], 0b0101);
    }
}
