//! Moves: choosing the trumpf, pushing, playing cards; the end of a trick, of a deal and
//! of the game, and the deal of the next hands.

use crate::action::RuleError;
use crate::event::{Event, Events};
use crate::game::{Game, Phase, Trick};
use crate::rules::{
    self, buur, card_points, is_under_trump, legal_cards, suit_cards, trump_order, Mode,
    LAST_TRICK_BONUS, MATCH_BONUS,
};
use crate::{partner_of, team_of, Seat};
use arrayvec::ArrayVec;
use cards::{Card, CardSet};
use rand::Rng;

impl Game {
    /// The seat asked for the trumpf announces `mode`; its chooser leads the first trick.
    pub(crate) fn choose(
        &mut self,
        seat: Seat,
        mode: Mode,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        self.check_choosing(seat)?;
        self.public.mode = Some(mode);
        self.public.declarer = Some(seat);
        self.public.phase = Phase::Playing;
        self.public.leader = self.public.chooser;
        events.push(Event::TrumpfChosen { by: seat, mode });
        events.push(Event::CardRequested {
            seat: self.public.leader,
        });
        Ok(())
    }

    /// The chooser passes the choice to its partner, who may not pass it back.
    pub(crate) fn schiebe(&mut self, seat: Seat, events: &mut Events) -> Result<(), RuleError> {
        self.check_choosing(seat)?;
        if let Phase::Choosing { pushed: true, .. } = self.public.phase {
            return Err(RuleError::CannotSchiebe);
        }
        let partner = partner_of(seat);
        self.public.phase = Phase::Choosing {
            seat: partner,
            pushed: true,
        };
        events.push(Event::Pushed { by: seat });
        events.push(Event::TrumpfRequested {
            seat: partner,
            pushed: true,
        });
        Ok(())
    }

    fn check_choosing(&self, seat: Seat) -> Result<(), RuleError> {
        match self.public.phase {
            Phase::Choosing { seat: s, .. } if s == seat => Ok(()),
            Phase::Choosing { .. } => Err(RuleError::NotChoosing),
            Phase::Playing => Err(RuleError::NoTrumpfToChoose),
            Phase::Over { .. } => Err(RuleError::GameOver),
        }
    }

    pub(crate) fn play(
        &mut self,
        seat: Seat,
        card: Card,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let mode = match (self.public.phase, self.public.mode) {
            (Phase::Playing, Some(mode)) => mode,
            (Phase::Over { .. }, _) => return Err(RuleError::GameOver),
            _ => return Err(RuleError::TrumpfPending),
        };
        if seat != self.turn() {
            return Err(RuleError::NotYourTurn);
        }
        let hand = self.held[seat];
        if !hand.contains(card) {
            return Err(RuleError::NotInHand);
        }
        if !legal_cards(hand, &self.table, mode).contains(card) {
            return Err(if is_under_trump(hand, &self.table, mode, card) {
                RuleError::UnderTrump
            } else {
                RuleError::MustFollowSuit
            });
        }
        self.learn_from(seat, card, mode);
        self.held[seat].remove(card);
        self.cards_left[seat] -= 1;
        self.table.push(card);
        events.push(Event::Played { seat, card });
        if self.table.len() < 4 {
            events.push(Event::CardRequested { seat: self.turn() });
        } else {
            self.end_trick(mode, events);
        }
        Ok(())
    }

    /// Records what a legal play of `card` by `seat` tells everyone about its hand.
    fn learn_from(&mut self, seat: Seat, card: Card, mode: Mode) {
        let Some(lead) = self.table.first().map(|c| c.suit()) else {
            return;
        };
        let known = &mut self.public.cannot_hold[seat];
        match mode.trumpf() {
            // Not following a trump lead: no trump left, except perhaps the Buur.
            Some(trumpf) if lead == trumpf => {
                if card.suit() != trumpf {
                    let mut gone = suit_cards(trumpf);
                    gone.remove(buur(trumpf));
                    *known = known.union(gone);
                }
            }
            Some(trumpf) if card.suit() == trumpf => {
                // An under-trump is only allowed with nothing but trumps in hand.
                let highest = self
                    .table
                    .iter()
                    .filter(|c| c.suit() == trumpf)
                    .map(|c| trump_order(c.rank()))
                    .max();
                if highest.is_some_and(|h| h > trump_order(card.rank())) {
                    *known = known.union(rules::deck().difference(suit_cards(trumpf)));
                }
            }
            _ => {
                if card.suit() != lead {
                    *known = known.union(suit_cards(lead));
                }
            }
        }
    }

    /// What a trick of `cards` taken by `winner` brings its team: card points, and on the
    /// ninth trick the last-trick bonus and the match bonus, all times the multiplier.
    fn trick_points(&self, mode: Mode, cards: [Card; 4], winner: Seat) -> u32 {
        let factor = self.public.config.factor(mode);
        let mut points: u32 = cards.iter().map(|&card| card_points(card, mode)).sum();
        if self.tricks.len() == 8 {
            points += LAST_TRICK_BONUS;
            let team = team_of(winner);
            if self.tricks.iter().all(|t| team_of(t.winner()) == team) {
                points += MATCH_BONUS;
            }
        }
        points * factor
    }

    /// The game totals once the ninth trick is played, when every seat holds its last
    /// card and so the trick is forced, without playing it (and dealing the next deal).
    /// Rollouts of searching bots stop here. `None` before the ninth trick.
    pub(crate) fn totals_after_forced_last_trick(&self) -> Option<[u32; 2]> {
        let mode = self.public.mode?;
        if self.public.phase != Phase::Playing || self.tricks.len() != 8 {
            return None;
        }
        let mut cards = [Card::new(cards::Rank::Six, cards::Suit::Hearts); 4];
        for (i, card) in cards.iter_mut().enumerate() {
            let seat = (self.public.leader + i) % 4;
            *card = match self.table.get(i) {
                Some(&played) => played,
                None => self.held[seat].iter().next()?,
            };
        }
        let winner = (self.public.leader + rules::winning_index(&cards, mode)) % 4;
        let mut totals = self.public.totals;
        totals[team_of(winner)] += self.trick_points(mode, cards, winner);
        Some(totals)
    }

    fn end_trick(&mut self, mode: Mode, events: &mut Events) {
        let cards = [self.table[0], self.table[1], self.table[2], self.table[3]];
        let winner = (self.public.leader + rules::winning_index(&cards, mode)) % 4;
        let team = team_of(winner);
        let points = self.trick_points(mode, cards, winner);
        let last = self.tricks.len() == 8;
        self.public.deal[team] += points;
        self.public.totals[team] += points;
        let first = self.public.leader;
        self.tricks.push(Trick::new(first, cards, winner, points));
        self.table.clear();
        self.public.leader = winner;
        events.push(Event::TrickWon {
            winner,
            cards,
            first,
            points,
            totals: self.public.totals,
            deal: self.public.deal,
        });
        if last {
            self.end_deal(winner, events);
        } else {
            events.push(Event::CardRequested { seat: winner });
        }
    }

    /// Ends the game if a team reached the target and leads; otherwise deals again.
    fn end_deal(&mut self, last_trick: Seat, events: &mut Events) {
        events.push(Event::DealFinished {
            totals: self.public.totals,
            deal: self.public.deal,
            last_trick,
        });
        let [a, b] = self.public.totals;
        let target = self.public.config.target;
        let winner = match () {
            _ if a >= target && a > b => Some(0),
            _ if b >= target && b > a => Some(1),
            _ => None,
        };
        match winner {
            Some(team) => {
                self.public.phase = Phase::Over { winner: team };
                events.push(Event::GameWon {
                    team,
                    totals: self.public.totals,
                    deal: self.public.deal,
                });
            }
            None => self.deal(events),
        }
    }

    /// Shuffles and deals the next deal; its chooser is the seat after the last one.
    pub(crate) fn deal(&mut self, events: &mut Events) {
        // A Fisher-Yates shuffle in a fixed-size buffer: nothing allocates.
        let mut cards: ArrayVec<Card, 36> = rules::deck().iter().collect();
        for i in 0..cards.len() - 1 {
            let j = self.rng.gen_range(i..cards.len());
            cards.swap(i, j);
        }
        let hands =
            [0, 1, 2, 3].map(|seat| cards[seat * 9..seat * 9 + 9].iter().copied().collect());
        self.start_deal(hands, events);
    }

    /// Starts the next deal with these hands: resets the deal's state and announces it.
    pub(crate) fn start_deal(&mut self, hands: [CardSet; 4], events: &mut Events) {
        self.public.number += 1;
        self.public.chooser = ((self.public.number - 1) % 4) as Seat;
        self.held = hands;
        self.cards_left = hands.map(|hand| hand.len() as u8);
        self.public.deal = [0, 0];
        self.public.mode = None;
        self.public.declarer = None;
        self.tricks.clear();
        self.table.clear();
        self.public.leader = self.public.chooser;
        self.public.cannot_hold = [CardSet::EMPTY; 4];
        self.public.phase = Phase::Choosing {
            seat: self.public.chooser,
            pushed: false,
        };
        events.push(Event::DealStarted {
            number: self.public.number,
            chooser: self.public.chooser,
        });
        for (seat, &cards) in hands.iter().enumerate() {
            events.push(Event::Dealt { seat, cards });
        }
        events.push(Event::TrumpfRequested {
            seat: self.public.chooser,
            pushed: false,
        });
    }
}
