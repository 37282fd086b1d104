//! Raising the stakes (truco and its answers) and deciding a hand of 11.

use crate::action::{Answer, RuleError};
use crate::event::{Event, Events};
use crate::game::{Game, Phase};
use crate::rules::Answering;
use crate::view::PendingRaise;
use crate::{team_of, Seat};

impl Game {
    pub(crate) fn ask_raise(&mut self, seat: Seat, events: &mut Events) -> Result<(), RuleError> {
        self.check_playing()?;
        if self.public.pending.is_some() {
            return Err(RuleError::RaisePending);
        }
        if seat != self.public.turn {
            return Err(RuleError::NotYourTurn);
        }
        let value = match self.public.rules.stakes.next_raise(self.public.value) {
            Some(value) if self.raise_allowed(seat) => value,
            _ => return Err(RuleError::TrucoNotAllowed),
        };
        self.open_raise(seat, value, events);
        Ok(())
    }

    fn open_raise(&mut self, seat: Seat, value: u8, events: &mut Events) {
        self.public.last_raiser = Some(team_of(seat));
        self.public.pending = Some(PendingRaise {
            raiser: seat,
            value,
            answers: [None; 2],
        });
        events.push(Event::RaiseAsked { seat, value });
    }

    pub(crate) fn answer(
        &mut self,
        seat: Seat,
        answer: Answer,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        self.check_playing()?;
        let Some(mut pending) = self.public.pending else {
            return Err(RuleError::NoRaisePending);
        };
        if team_of(seat) == team_of(pending.raiser) || pending.answers[seat / 2].is_some() {
            return Err(RuleError::NotYourAnswer);
        }
        if answer == Answer::Raise
            && (self.public.rules.answering != Answering::BothAnswer
                || self.public.rules.stakes.next_raise(pending.value).is_none())
        {
            return Err(RuleError::TrucoNotAllowed);
        }
        pending.answers[seat / 2] = Some(answer);
        self.public.pending = Some(pending);
        events.push(Event::Answered { seat, answer });

        let answers = pending.answers;
        let all_in = answers.iter().all(Option::is_some);
        let any = |a: Answer| answers.contains(&Some(a));
        match self.public.rules.answering {
            Answering::FirstAcceptSettles if answer == Answer::Accept => {
                self.accept(seat, pending.value, events)
            }
            Answering::FirstAcceptSettles if all_in => self.fold(pending, events),
            Answering::BothAnswer if all_in && any(Answer::Fold) => self.fold(pending, events),
            Answering::BothAnswer if all_in && any(Answer::Accept) => {
                let by = (0..4)
                    .filter(|&s| team_of(s) != team_of(pending.raiser))
                    .rfind(|&s| answers[s / 2] == Some(Answer::Accept))
                    .unwrap_or(seat);
                self.accept(by, pending.value, events)
            }
            Answering::BothAnswer if all_in => {
                // Both asked for more: the raise holds and the next level goes back to
                // the team that raised.
                self.public.value = pending.value;
                let next = self
                    .public
                    .rules
                    .stakes
                    .next_raise(self.public.value)
                    .unwrap_or(self.public.value);
                self.open_raise(seat, next, events);
            }
            _ => {}
        }
        Ok(())
    }

    fn accept(&mut self, by: Seat, value: u8, events: &mut Events) {
        self.public.value = value;
        self.public.pending = None;
        events.push(Event::RaiseAccepted {
            by,
            value,
            turn: self.public.turn,
        });
    }

    fn fold(&mut self, pending: PendingRaise, events: &mut Events) {
        self.public.pending = None;
        self.end_hand(Some(team_of(pending.raiser)), self.public.value, events);
    }

    pub(crate) fn decide_eleven(
        &mut self,
        seat: Seat,
        play: bool,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let team = match self.public.phase {
            Phase::Over { .. } => return Err(RuleError::GameOver),
            Phase::Playing => return Err(RuleError::NotYourDecision),
            Phase::HandOfEleven { team } => team,
        };
        if team_of(seat) != team || self.public.eleven[seat / 2].is_some() {
            return Err(RuleError::NotYourDecision);
        }
        self.public.eleven[seat / 2] = Some(play);
        events.push(Event::HandOfElevenDecided { seat, play });
        if play {
            self.public.value = self.public.rules.stakes.raises[0];
            self.public.phase = Phase::Playing;
            self.push_turn(events);
        } else if self.public.eleven.iter().all(|d| *d == Some(false)) {
            self.public.phase = Phase::Playing;
            self.end_hand(Some(1 - team), self.public.rules.stakes.base, events);
        }
        Ok(())
    }
}
