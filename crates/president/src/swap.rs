//! The warlord's half of the swap: giving the scumbag a card back.

use crate::error::PlayError;
use crate::event::{Event, Events};
use crate::hand::{Hand, WARLORD};
use crate::Seat;
use cards::Card;

impl Hand {
    /// The warlord gives `card` to the scumbag; the warlord then starts the first round.
    pub(crate) fn swap(
        &mut self,
        seat: Seat,
        card: Card,
        events: &mut Events,
    ) -> Result<(), PlayError> {
        if self.public.active.is_none() {
            return Err(PlayError::HandOver);
        }
        if !self.public.ranked {
            return Err(PlayError::NoSwapPending);
        }
        if seat != WARLORD {
            return Err(PlayError::NotWarlord);
        }
        if self.swap_taken.is_none() {
            return Err(PlayError::NoSwapPending);
        }
        if !self.held[WARLORD].contains(card) {
            return Err(PlayError::SwapNotHeld);
        }
        let scumbag = self.public.players - 1;
        self.move_card(card, WARLORD, scumbag);
        self.swap_taken = None;
        events.push(Event::SwapGiven {
            from: WARLORD,
            to: scumbag,
            card,
        });
        Ok(())
    }
}
