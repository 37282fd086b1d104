//! What the seat to act may do, and what a timeout does for it.

use crate::action::{Action, Actions};
use crate::hand::Hand;
use crate::values::{lowest, THREE_OF_CLUBS, TWO, VALUES, VALUE_SHIFTS};
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

/// [`legal_plays`] pushed onto `actions`, which the caller keeps (an [`Actions`] is more
/// than half a kilobyte, too much to copy out on every decision).
///
/// A value's cards are four bits of the hand (see [`VALUE_SHIFTS`]). Its plays of at
/// least `need` cards are listed once, when compiling, in [`PLAYS`]; a play is then one
/// table read and a shift.
fn push_legal_plays(hand: CardSet, last: CardSet, needs_three: bool, actions: &mut Actions) {
    let starting = last.is_empty();
    if !starting {
        actions.push(Action::Pass);
    }
    let (min_count, min_value) = if starting {
        (1, 0)
    } else {
        (last.len(), crate::values::common_value(last).unwrap_or(0))
    };
    // Value `v`'s cards moved to bits `4v..4v + 4`, so that values held are found by
    // counting zeros instead of looking at all thirteen. Values below the play to beat
    // cannot beat it, except 2s, the highest value, of which one card beats anything.
    let twos = hand.bits() & 0b1111;
    let by_value = (hand.bits() >> VALUE_SHIFTS[0]) | (twos << (4 * u32::from(TWO)));
    let mut left = by_value & (ALL_VALUES << (4 * u32::from(min_value)));
    while left != 0 {
        let at = left.trailing_zeros() & !3;
        let group = ((left >> at) & 0b1111) as usize;
        left &= !(0b1111 << at);
        let value = at / 4;
        let need = if value == u32::from(TWO) {
            1
        } else {
            min_count
        };
        let Some(plays) = PLAYS[group].get(need - 1) else {
            continue;
        };
        let shift = VALUE_SHIFTS[value as usize];
        for &play in &plays.masks[..usize::from(plays.len)] {
            if needs_three && (value != 0 || play & THREE_OF_CLUBS_BIT == 0) {
                continue;
            }
            actions.push(Action::Play(CardSet::from_bits(u64::from(play) << shift)));
        }
    }
}

/// The bits of all thirteen values once moved (`4 * 13` of them).
const ALL_VALUES: u64 = (1 << (4 * VALUES)) - 1;

// The move above relies on a value's cards sitting four bits above the previous value's,
// with the 2s (the highest value) at the bottom.
const _: () = {
    let mut value = 0;
    while value < VALUES {
        assert!(VALUE_SHIFTS[value] as usize == (value + 1) * 4 % (4 * VALUES));
        value += 1;
    }
};

/// The 3 of clubs among the four bits of the 3s.
const THREE_OF_CLUBS_BIT: u8 = 1 << (THREE_OF_CLUBS.index() as u32 - VALUE_SHIFTS[0]);

/// The plays one value's cards allow: subsets of its four bits, at most 15.
#[derive(Clone, Copy)]
struct Plays {
    len: u8,
    masks: [u8; 15],
}

/// `PLAYS[group][need - 1]`: the subsets of `group` (a value's four bits) of at least
/// `need` cards, in the order of a counter over the cards held (lowest index first: for
/// `0b1010`, the bit 1 card, the bit 3 card, then both). Computed when compiling.
const PLAYS: [[Plays; 4]; 16] = {
    let mut table = [[Plays {
        len: 0,
        masks: [0; 15],
    }; 4]; 16];
    let mut group = 0;
    while group < 16 {
        let held = (group as u32).count_ones();
        let mut need = 1;
        while need <= 4 {
            let plays = &mut table[group][need - 1];
            // Counting `m` over the held cards: bit `k` of `m` stands for the `k`-th held.
            let mut m = 1;
            while m < 1 << held {
                if (m as u32).count_ones() >= need as u32 {
                    plays.masks[plays.len as usize] = deposit(m, group as u8);
                    plays.len += 1;
                }
                m += 1;
            }
            need += 1;
        }
        group += 1;
    }
    table
};

/// The bits of `m` placed, lowest first, on the set bits of `group` (both four bits wide).
const fn deposit(m: u8, group: u8) -> u8 {
    let (mut placed, mut next, mut bit) = (0, 0, 0);
    while bit < 4 {
        if group & (1 << bit) != 0 {
            if m & (1 << next) != 0 {
                placed |= 1 << bit;
            }
            next += 1;
        }
        bit += 1;
    }
    placed
}

impl Hand {
    parlor_game::legal_actions_through_into!(Actions);

    /// What `seat` may do now, written into `actions` (cleared first): exactly the actions
    /// [`Hand::apply`] accepts from it. Empty when it is not the seat's move.
    ///
    /// During the swap: one [`Action::Swap`] per card of the warlord's hand. Otherwise a
    /// pass (unless the seat starts the round) and then every combination of equal cards
    /// that beats the table, lowest value first.
    pub fn legal_actions_into(&self, seat: Seat, actions: &mut Actions) {
        actions.clear();
        if self.public.active == Some(seat) {
            let hand = self.held[seat];
            if self.swap_taken.is_some() {
                actions.extend(hand.iter().map(Action::Swap));
            } else {
                push_legal_plays(
                    hand,
                    self.public.last_play,
                    self.public.needs_three_of_clubs,
                    actions,
                );
            }
        }
    }

    /// What a timeout does for `seat`: during the swap, give the lowest card; when the
    /// seat may pass, pass; when it starts a round, play its lowest single card (the 3 of
    /// clubs when the opening requires it, which is also the lowest card there is).
    ///
    /// For a seat that is not to act this is [`Action::Pass`], which `apply` refuses.
    pub fn default_action(&self, seat: Seat) -> Action {
        if self.public.active != Some(seat) {
            return Action::Pass;
        }
        let hand = self.held[seat];
        let lowest_card = if self.public.needs_three_of_clubs {
            Some(THREE_OF_CLUBS)
        } else {
            lowest(hand)
        };
        match lowest_card {
            Some(card) if self.swap_taken.is_some() => Action::Swap(card),
            Some(card) if self.public.last_play.is_empty() => {
                Action::Play([card].into_iter().collect())
            }
            _ => Action::Pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plays(group: usize, need: usize) -> &'static [u8] {
        let plays = &PLAYS[group][need - 1];
        &plays.masks[..usize::from(plays.len)]
    }

    #[test]
    fn the_table_lists_each_values_plays_in_counting_order() {
        // 0b1010 holds bits 1 and 3: counting 1, 2, 3 over them gives 1, 3, then both.
        assert_eq!(plays(0b1010, 1), [0b0010, 0b1000, 0b1010]);
        assert_eq!(plays(0b1010, 2), [0b1010]);
        assert!(plays(0b1010, 3).is_empty());
        assert_eq!(plays(0b1111, 4), [0b1111]);
        for group in 0..16 {
            for need in 1..=4 {
                let expected = (1..16u8)
                    .filter(|&m| m & !(group as u8) == 0 && m.count_ones() >= need as u32)
                    .count();
                assert_eq!(plays(group, need).len(), expected, "{group:04b}, {need}");
                assert!(plays(group, need)
                    .iter()
                    .all(|&p| p & !(group as u8) == 0 && p.count_ones() >= need as u32));
            }
        }
    }

    #[test]
    fn the_opening_plays_all_hold_the_three_of_clubs() {
        let hand: CardSet = (0..52).filter_map(cards::Card::from_index).collect();
        let opening = legal_plays(hand, CardSet::EMPTY, true);
        assert_eq!(opening.len(), 8);
        assert!(opening
            .iter()
            .all(|a| matches!(a, Action::Play(p) if p.contains(THREE_OF_CLUBS))));
    }
}
