//! What the seat to act may do, and what a timeout does for it.

use crate::action::{Action, Actions};
use crate::hand::Hand;
use crate::wars::{by_value, lowest, THREE_OF_CLUBS, TWO};
use crate::Seat;
use arrayvec::ArrayVec;
use cards::{Card, CardSet};

/// What a seat holding `hand` may do on its turn outside the swap, given the play to beat
/// (`last`, empty when the seat starts the round) and whether the play must include the 3
/// of clubs: a pass (unless starting) and every combination of equal cards that beats the
/// table, lowest value first. This is the one place the beating rules live; clients that
/// only know the table (not a whole [`Hand`]) ask it too.
pub fn legal_plays(hand: CardSet, last: CardSet, needs_three: bool) -> Actions {
    let mut actions = Actions::new();
    let starting = last.is_empty();
    if !starting {
        actions.push(Action::Pass);
    }
    let (min_count, min_value) = if starting {
        (1, 0)
    } else {
        (last.len(), crate::wars::common_value(last).unwrap_or(0))
    };
    for (value, group) in (0u8..).zip(by_value(hand)) {
        if group.is_empty() || (needs_three && !group.contains(THREE_OF_CLUBS)) {
            continue;
        }
        let need = if value == TWO {
            1
        } else if value < min_value {
            continue;
        } else {
            min_count
        };
        let cards: ArrayVec<Card, 4> = group.iter().collect();
        for mask in 1u8..(1 << cards.len()) {
            if (mask.count_ones() as usize) < need {
                continue;
            }
            let play: CardSet = (0..cards.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| cards[i])
                .collect();
            if needs_three && !play.contains(THREE_OF_CLUBS) {
                continue;
            }
            actions.push(Action::Play(play));
        }
    }
    actions
}

impl Hand {
    /// Everything `seat` may do now: exactly the actions [`Hand::apply`] accepts from it.
    /// Empty when it is not the seat's move.
    ///
    /// During the swap: one [`Action::Swap`] per card of the warlord's hand. Otherwise a
    /// pass (unless the seat starts the round) and then every combination of equal cards
    /// that beats the table, lowest value first.
    pub fn legal_actions(&self, seat: Seat) -> Actions {
        if self.active != Some(seat) {
            return Actions::new();
        }
        let hand = self.held[seat];
        if self.swap_taken.is_some() {
            return hand.iter().map(Action::Swap).collect();
        }
        legal_plays(hand, self.last, self.needs_three)
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
