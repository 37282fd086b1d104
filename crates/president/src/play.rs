//! Plays and passes: beating the table, skips, 2s, the end of a round and going out.

use crate::error::PlayError;
use crate::event::{Event, Events};
use crate::hand::Hand;
use crate::values::{common_value, THREE_OF_CLUBS, TWO};
use crate::Seat;
use cards::CardSet;

impl Hand {
    /// Refuses a play or a pass from anyone but the seat to act, or before the swap.
    fn check_turn(&self, seat: Seat) -> Result<(), PlayError> {
        match self.public.active {
            None => Err(PlayError::HandOver),
            Some(active) if active != seat => Err(PlayError::OutOfTurn),
            Some(_) if self.swap_taken.is_some() => Err(PlayError::SwapFirst),
            Some(_) => Ok(()),
        }
    }

    /// The value of `cards` if `seat` may play them now, or why not. The checks run in
    /// the order of the strike codes' specificity: turn, shape, ownership, matching
    /// values, the 3 of clubs, then quantity before face value.
    pub(crate) fn check_play(&self, seat: Seat, cards: CardSet) -> Result<u8, PlayError> {
        self.check_turn(seat)?;
        if cards.is_empty() || cards.len() > 4 {
            return Err(PlayError::Malformed);
        }
        if !cards.difference(self.held[seat]).is_empty() {
            return Err(PlayError::NotInHand);
        }
        let value = common_value(cards).ok_or(PlayError::DifferentValues)?;
        if self.public.needs_three_of_clubs && !cards.contains(THREE_OF_CLUBS) {
            return Err(PlayError::NeedsThreeOfClubs);
        }
        // 2s beat anything; otherwise a play must at least match the table's quantity
        // and face value.
        if !self.public.last_play.is_empty() && value != TWO {
            if cards.len() < self.public.last_play.len() {
                return Err(PlayError::QuantityTooLow);
            }
            if value < self.last_value() {
                return Err(PlayError::ValueTooLow);
            }
        }
        Ok(value)
    }

    pub(crate) fn play(
        &mut self,
        seat: Seat,
        cards: CardSet,
        events: &mut Events,
    ) -> Result<(), PlayError> {
        let value = self.check_play(seat, cards)?;
        let matched = value != TWO
            && cards.len() == self.public.last_play.len()
            && !self.public.last_play.is_empty()
            && value == self.last_value();
        self.set_held(seat, self.held[seat].difference(cards));
        self.public.played = self.public.played.union(cards);
        self.public.needs_three_of_clubs = false;
        self.public.last_play = cards;
        self.public.last_player = Some(seat);
        // An exact match costs the next seat that would have acted its turn.
        let skipped = if matched {
            self.next_to_act(seat)
        } else {
            None
        };
        if let Some(skipped) = skipped {
            self.public.passed[skipped] = true;
        }
        events.push(Event::Played {
            seat,
            cards,
            skipped,
        });
        if self.went_out(seat, events) {
            return Ok(());
        }
        if value == TWO {
            self.clear_round(events);
        } else {
            self.advance(seat, events);
        }
        Ok(())
    }

    pub(crate) fn pass(&mut self, seat: Seat, events: &mut Events) -> Result<(), PlayError> {
        self.check_turn(seat)?;
        if self.public.last_play.is_empty() {
            return Err(PlayError::PassOnStart);
        }
        self.public.passed[seat] = true;
        events.push(Event::Passed { seat });
        self.advance(seat, events);
        Ok(())
    }

    /// The first seat after `seat` that still holds cards and has not passed.
    fn next_to_act(&self, seat: Seat) -> Option<Seat> {
        (1..self.public.players)
            .map(|step| (seat + step) % self.public.players)
            .find(|&s| self.holds(s) && !self.public.passed[s])
    }

    /// Hands the turn on after `seat` acted in a round under way: to the next seat that
    /// holds cards and has not passed, unless the turn would come back to the last
    /// player (or there is nobody left to answer), which ends the round.
    pub(crate) fn advance(&mut self, seat: Seat, events: &mut Events) {
        for step in 1..self.public.players {
            let next = (seat + step) % self.public.players;
            if self.public.last_player == Some(next) {
                break;
            }
            if self.holds(next) && !self.public.passed[next] {
                self.public.active = Some(next);
                return;
            }
        }
        self.clear_round(events);
    }

    /// Ends the round: the last player starts the next, or, if it is out or gone, the
    /// next seat after it that still holds cards.
    pub(crate) fn clear_round(&mut self, events: &mut Events) {
        let last = self.public.last_player.or(self.public.active).unwrap_or(0);
        let next = if self.holds(last) {
            last
        } else {
            self.next_holder_after(last)
        };
        self.public.last_play = CardSet::EMPTY;
        self.public.last_player = None;
        self.public.passed = Default::default();
        self.public.active = Some(next);
        events.push(Event::RoundCleared { next });
    }

    /// If `seat` has no cards left, ranks it and ends the hand when only one seat still
    /// holds cards. Returns whether the hand is over.
    fn went_out(&mut self, seat: Seat, events: &mut Events) -> bool {
        if self.holds(seat) {
            return false;
        }
        let rank = self.finished;
        self.public.ranks.insert(rank, seat);
        self.finished += 1;
        events.push(Event::WentOut { seat, rank });
        self.end_if_decided(events)
    }

    /// Ends the hand if at most one seat still holds cards: that seat is the scumbag,
    /// ranked after everyone who went out and before everyone who left. Returns whether
    /// the hand is over.
    pub(crate) fn end_if_decided(&mut self, events: &mut Events) -> bool {
        if self.holders() > 1 {
            return false;
        }
        if let Some(scumbag) = (0..self.public.players).find(|&s| self.holds(s)) {
            self.public.ranks.insert(self.finished, scumbag);
            self.finished += 1;
        }
        self.public.active = None;
        self.public.passed = Default::default();
        self.swap_taken = None;
        self.public.needs_three_of_clubs = false;
        events.push(Event::HandOver {
            order: self.public.ranks,
        });
        true
    }
}
