//! A seat leaving mid-hand (a disconnect): the hand goes on without it.

use crate::action::Action;
use crate::event::{Event, Events};
use crate::hand::{Hand, WARLORD};
use crate::values::THREE_OF_CLUBS;
use crate::Seat;
use cards::CardSet;

impl Hand {
    /// `seat` leaves the hand. Its cards are out of play ([`Hand::discarded`]), it reads
    /// [`crate::Status::Gone`], and it ranks after everyone who finishes by playing out;
    /// among leavers the first to leave ranks last. If it was to act, the turn passes on
    /// as if it had passed (ending the round if everyone else has), or, when it was to
    /// start a round, the next seat holding cards starts it. If only one seat still holds
    /// cards, the hand is over.
    ///
    /// During the swap, if the warlord leaves the swap is completed first as on a timeout
    /// (the warlord's lowest card goes back to the scumbag, [`Event::SwapGiven`]), so the
    /// scumbag is not left short of a card, and the next seat starts; if the scumbag
    /// leaves the warlord keeps the card it took and starts. If the
    /// holder of the 3 of clubs leaves before the opening play, the rule lapses.
    ///
    /// A seat that is already out keeps its rank and only reads gone. Leaving a finished
    /// hand, leaving twice, or a seat beyond the table changes nothing (no events).
    pub fn leave(&mut self, seat: Seat) -> Events {
        let mut events = Events::new();
        if self.is_over() || seat >= self.public.players || self.public.gone[seat] {
            return events;
        }
        if seat == WARLORD && self.swap_taken.is_some() {
            if let Action::Swap(card) = self.default_action(WARLORD) {
                // Cannot fail: the warlord holds the card and the swap is pending.
                let _ = self.swap(WARLORD, card, &mut events);
            }
        }
        self.public.gone[seat] = true;
        self.public.passed[seat] = false;
        events.push(Event::Left { seat });
        let cards = self.held[seat];
        if cards.is_empty() {
            return events;
        }
        self.set_held(seat, CardSet::EMPTY);
        self.discarded = self.discarded.union(cards);
        self.public.ranks.insert(self.finished, seat);
        if cards.contains(THREE_OF_CLUBS) {
            self.public.needs_three_of_clubs = false;
        }
        if self.swap_taken.is_some() && (seat == WARLORD || seat == self.public.players - 1) {
            self.swap_taken = None;
        }
        if self.end_if_decided(&mut events) {
            return events;
        }
        if self.public.active == Some(seat) {
            if self.public.last_player.is_some() {
                self.advance(seat, &mut events);
            } else {
                self.public.active = Some(self.next_holder_after(seat));
            }
        }
        events
    }
}
