//! Playing cards: turns, rounds, the end of a hand and the deal of the next.

use crate::action::RuleError;
use crate::event::{Event, Events};
use crate::game::{Game, Phase};
use crate::outcome::{hand_result, round_result, HandOutcome};
use crate::rules::DeckInOrder;
use crate::view::Seen;
use crate::{team_of, Seat, Team};
use arrayvec::ArrayVec;
use cards::{Card, CardSet};
use rand::Rng;

impl Game {
    pub(crate) fn play(
        &mut self,
        seat: Seat,
        card: Card,
        closed: bool,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        self.check_playing()?;
        if self.public.pending.is_some() {
            return Err(RuleError::RaisePending);
        }
        if seat != self.public.turn {
            return Err(RuleError::NotYourTurn);
        }
        if !self.held[seat].contains(card) {
            return Err(RuleError::CardNotHeld);
        }
        if closed && !self.closed_allowed(seat) {
            return Err(RuleError::ClosedNotAllowed);
        }
        self.held[seat].remove(card);
        self.cards_left[seat] -= 1;
        self.plays.push(Seen::new(seat, Some(card), closed));
        if closed {
            self.closed_by |= 1 << seat;
        }
        events.push(Event::Played {
            seat,
            card: Some(card),
            closed,
        });
        if self.current_round_plays().len() < 4 {
            self.public.turn = (seat + 1) % 4;
            self.push_turn(events);
        } else {
            self.end_round(events);
        }
        Ok(())
    }

    /// Refuses anything but play in a finished game or an undecided hand of 11.
    pub(crate) fn check_playing(&self) -> Result<(), RuleError> {
        match self.public.phase {
            Phase::Over { .. } => Err(RuleError::GameOver),
            Phase::HandOfEleven { .. } => Err(RuleError::HandOfElevenPending),
            Phase::Playing => Ok(()),
        }
    }

    pub(crate) fn push_turn(&self, events: &mut Events) {
        events.push(Event::Turn {
            seat: self.public.turn,
            closed_allowed: self.closed_allowed(self.public.turn),
        });
    }

    fn end_round(&mut self, events: &mut Events) {
        let mut strengths = ArrayVec::<(Seat, u8), 4>::new();
        for play in self.current_round_plays() {
            let strength = match play.card() {
                Some(card) if !play.closed() => self.strength(card),
                _ => 0,
            };
            strengths.push((play.seat(), strength));
        }
        let (outcome, next) = round_result(&strengths, self.public.rules.lead);
        let round = self.rounds.len() as u8;
        self.rounds.push(outcome);
        events.push(Event::RoundEnded {
            round,
            outcome,
            next,
        });
        self.public.turn = next;
        match hand_result(&self.rounds) {
            Some(HandOutcome::Won(team)) => self.end_hand(Some(team), self.public.value, events),
            Some(HandOutcome::Drawn) => self.end_hand(None, 0, events),
            None => self.push_turn(events),
        }
    }

    /// Scores the hand, ends the game at the target, or deals the next hand.
    pub(crate) fn end_hand(&mut self, winner: Option<Team>, points: u8, events: &mut Events) {
        let outcome = match winner {
            Some(team) => {
                self.public.scores[team] = self.public.scores[team].saturating_add(points);
                HandOutcome::Won(team)
            }
            None => HandOutcome::Drawn,
        };
        events.push(Event::HandEnded {
            outcome,
            points: if winner.is_some() { points } else { 0 },
            scores: self.public.scores,
        });
        let target = self.public.rules.stakes.target;
        if let Some(winner) = (0..2).find(|&t| self.public.scores[t] >= target) {
            self.public.phase = Phase::Over { winner };
            self.public.pending = None;
            events.push(Event::GameEnded {
                winner,
                scores: self.public.scores,
            });
        } else {
            self.deal(events);
        }
    }

    /// Shuffles and deals a new hand, opened by the seat after the last opener.
    pub(crate) fn deal(&mut self, events: &mut Events) {
        // A partial Fisher-Yates shuffle: only the cards dealt are drawn, nothing allocates.
        let DeckInOrder { mut cards, len } = *self.public.rules.deck_in_order();
        let deck = &mut cards[..len];
        let needed = if self.public.rules.uses_vira() {
            13
        } else {
            12
        };
        for i in 0..needed {
            let j = self.rng.gen_range(i..len);
            deck.swap(i, j);
        }
        let hands = [0, 1, 2, 3].map(|seat| [0, 1, 2].map(|i| deck[seat * 3 + i]));
        let vira = self.public.rules.uses_vira().then(|| deck[12]);
        self.start_hand((self.public.opener + 1) % 4, hands, vira, events);
    }

    /// Starts a hand with these cards: resets the hand's state and announces the deal.
    pub(crate) fn start_hand(
        &mut self,
        opener: Seat,
        hands: [[Card; 3]; 4],
        vira: Option<Card>,
        events: &mut Events,
    ) {
        self.public.hand_number += 1;
        self.public.opener = opener;
        self.public.turn = opener;
        self.public.value = self.public.rules.stakes.base;
        self.public.last_raiser = None;
        self.public.pending = None;
        self.public.eleven = [None; 2];
        self.plays.clear();
        self.closed_by = 0;
        self.rounds.clear();
        self.public.vira = vira;
        events.push(Event::HandStarted {
            number: self.public.hand_number,
            opener,
            scores: self.public.scores,
            value: self.public.value,
        });
        for (seat, cards) in hands.into_iter().enumerate() {
            self.held[seat] = cards.into_iter().collect::<CardSet>();
            self.cards_left[seat] = cards.len() as u8;
            events.push(Event::Dealt { seat, cards });
        }
        if let Some(vira) = vira {
            events.push(Event::Vira(vira));
        }
        match self.eleven_team() {
            Some(team) => {
                self.public.phase = Phase::HandOfEleven { team };
                events.push(Event::HandOfEleven { team });
                for seat in (0..4).filter(|&s| team_of(s) == team) {
                    let cards = hands[crate::partner_of(seat)];
                    events.push(Event::PartnerHand { to: seat, cards });
                }
            }
            None => {
                self.public.phase = Phase::Playing;
                self.push_turn(events);
            }
        }
    }
}
