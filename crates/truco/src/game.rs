//! The game state and what each seat may do in it.

use crate::action::{Action, Actions, Answer, RuleError};
use crate::event::Events;
use crate::outcome::RoundOutcome;
use crate::public::Public;
use crate::rules::{Answering, ClosedCards, Rules};
use crate::view::Seen;
use crate::{partner_of, team_of, Seat, Team};
use arrayvec::ArrayVec;
use cards::{Card, CardSet, GameRng};

/// What the table is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The team at 11 decides whether to play the hand.
    HandOfEleven { team: Team },
    /// Cards are being played (a raise may be pending).
    Playing,
    /// Someone reached the target score.
    Over { winner: Team },
}

/// A hand set up by hand (see [`Game::from_position`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Team scores before the hand.
    pub scores: [u8; 2],
    /// 1-based number of the hand.
    pub number: u32,
    /// The seat that plays first.
    pub opener: Seat,
    /// Each seat's three cards.
    pub hands: [[Card; 3]; 4],
    /// The turned card (only with new manilhas).
    pub vira: Option<Card>,
}

/// A whole Truco game: scores, the hand being played and the RNG that deals the next.
///
/// Cloning is cheap (no heap data), which is what searching bots rely on.
#[derive(Clone, Debug)]
pub struct Game {
    /// What every seat sees (scores, phase, the hand's value, a pending raise...).
    pub(crate) public: Public,
    pub(crate) rng: GameRng,
    /// The cards each seat still holds.
    pub(crate) held: [CardSet; 4],
    /// How many cards each seat still holds (`held[seat].len()`): kept rather than
    /// counted, as every view shows them.
    pub(crate) cards_left: [u8; 4],
    /// Every card played this hand, in order; the current round is the tail. Each holds
    /// its card, closed or not: a seat's [`View`](crate::View) copies them and hides
    /// what it may not see.
    pub(crate) plays: ArrayVec<Seen, 12>,
    /// The seats that played a closed card this hand, a bit each: a view looks for cards
    /// to hide only when another seat did (it seldom happens).
    pub(crate) closed_by: u8,
    pub(crate) rounds: ArrayVec<RoundOutcome, 3>,
}

impl Game {
    /// A new game under `rules`, dealing from `rng`; returns the events of the first deal.
    pub fn new(rules: Rules, rng: GameRng) -> (Game, Events) {
        let mut game = Game::new_undealt(rules, rng);
        let mut events = Events::new();
        game.deal(&mut events);
        (game, events)
    }

    /// A game that starts from a chosen position instead of a shuffle: these scores,
    /// this hand (`number`, opened by `opener`) with these cards and vira. Later hands are
    /// dealt from `rng`. For puzzles, tests and bot training.
    ///
    /// Returns `None` if a card is dealt twice, is not in the rules' deck, or the vira
    /// does not match the rules (present exactly when they use new manilhas).
    pub fn from_position(rules: Rules, rng: GameRng, position: Position) -> Option<(Game, Events)> {
        let cards: CardSet = position
            .hands
            .iter()
            .flatten()
            .copied()
            .chain(position.vira)
            .collect();
        let count = 12 + usize::from(position.vira.is_some());
        let valid = cards.len() == count
            && cards.difference(rules.deck()).is_empty()
            && position.vira.is_some() == rules.uses_vira()
            && position.opener < 4
            && position.number > 0;
        if !valid {
            return None;
        }
        let mut game = Game::new_undealt(rules, rng);
        game.public.scores = position.scores;
        game.public.hand_number = position.number - 1;
        let mut events = Events::new();
        game.start_hand(position.opener, position.hands, position.vira, &mut events);
        Some((game, events))
    }

    fn new_undealt(rules: Rules, rng: GameRng) -> Game {
        Game {
            public: Public {
                rules,
                scores: [0, 0],
                phase: Phase::Playing,
                hand_number: 0,
                opener: 3,
                vira: None,
                value: rules.stakes.base,
                last_raiser: None,
                pending: None,
                eleven: [None; 2],
                turn: 0,
            },
            rng,
            held: [CardSet::EMPTY; 4],
            cards_left: [0; 4],
            plays: ArrayVec::new(),
            closed_by: 0,
            rounds: ArrayVec::new(),
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.public.rules
    }

    /// Team scores (team 0 first).
    pub fn scores(&self) -> [u8; 2] {
        self.public.scores
    }

    /// What the table waits for.
    pub fn phase(&self) -> Phase {
        self.public.phase
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.public.phase, Phase::Over { .. })
    }

    /// The seat on turn (during a pending raise: the seat that will play after it).
    pub fn turn(&self) -> Seat {
        self.public.turn
    }

    /// The cards `seat` holds.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.held[seat]
    }

    /// The turned card, if the rules use one.
    pub fn vira(&self) -> Option<Card> {
        self.public.vira
    }

    /// What the hand is worth now (before any pending raise).
    pub fn value(&self) -> u8 {
        self.public.value
    }

    /// The number of the hand being played (1-based).
    pub fn hand_number(&self) -> u32 {
        self.public.hand_number
    }

    /// How strong `card` is in this hand.
    pub fn strength(&self, card: Card) -> u8 {
        self.public.rules.strength(card, self.public.vira)
    }

    /// The 0-based round being played.
    pub fn round(&self) -> usize {
        self.rounds.len()
    }

    /// Whether `seat`, on turn, may play a card face down now.
    pub fn closed_allowed(&self, seat: Seat) -> bool {
        match self.public.rules.closed {
            ClosedCards::Always => true,
            ClosedCards::FromSecondRound => {
                let partner = partner_of(seat);
                self.round() > 0
                    && !self
                        .current_round_plays()
                        .iter()
                        .any(|p| p.seat() == partner && p.closed())
            }
        }
    }

    /// Whether `seat` may ask for a raise now (ignoring whose turn it is).
    pub(crate) fn raise_allowed(&self, seat: Seat) -> bool {
        self.eleven_team().is_none()
            && (self.public.rules.stakes.raise_when_both_at_hand_of
                || self
                    .public
                    .rules
                    .stakes
                    .hand_of
                    .is_none_or(|at| self.public.scores != [at, at]))
            && self.public.last_raiser != Some(team_of(seat))
            && self
                .public
                .rules
                .stakes
                .next_raise(self.public.value)
                .is_some()
    }

    /// The team at 11 if this hand is a hand of 11.
    pub(crate) fn eleven_team(&self) -> Option<Team> {
        let at = self.public.rules.stakes.hand_of?;
        match self.public.scores {
            [a, b] if a == at && b != at => Some(0),
            [a, b] if b == at && a != at => Some(1),
            _ => None,
        }
    }

    pub(crate) fn current_round_plays(&self) -> &[Seen] {
        let done = self.rounds.len() * 4;
        &self.plays[done.min(self.plays.len())..]
    }

    parlor_game::legal_actions_through_into!(Actions);

    /// Everything `seat` may do now, written into `actions` (cleared first); empty when
    /// it is not the seat's move.
    pub fn legal_actions_into(&self, seat: Seat, actions: &mut Actions) {
        actions.clear();
        if seat > 3 {
            return;
        }
        match self.public.phase {
            Phase::Over { .. } => {}
            Phase::HandOfEleven { team } => {
                if team_of(seat) == team && self.public.eleven[seat / 2].is_none() {
                    actions.push(Action::PlayHandOfEleven(true));
                    actions.push(Action::PlayHandOfEleven(false));
                }
            }
            Phase::Playing => match self.public.pending {
                Some(pending)
                    if team_of(seat) != team_of(pending.raiser)
                        && pending.answers[seat / 2].is_none() =>
                {
                    actions.push(Action::Answer(Answer::Accept));
                    actions.push(Action::Answer(Answer::Fold));
                    if self.public.rules.answering == Answering::BothAnswer
                        && self.public.rules.stakes.next_raise(pending.value).is_some()
                    {
                        actions.push(Action::Answer(Answer::Raise));
                    }
                }
                Some(_) => {}
                None if seat == self.public.turn => {
                    let closed = self.closed_allowed(seat);
                    for card in self.held[seat].iter() {
                        actions.push(Action::Play {
                            card,
                            closed: false,
                        });
                        if closed {
                            actions.push(Action::Play { card, closed: true });
                        }
                    }
                    if self.raise_allowed(seat) {
                        actions.push(Action::Truco);
                    }
                }
                None => {}
            },
        }
    }

    parlor_game::apply_through_apply_into!(Action, Events, RuleError);

    /// [`Game::apply`] writing the events into `events` (cleared first), so that a caller
    /// that applies many actions (a bot's playouts, a benchmark) reuses one buffer
    /// instead of copying a fresh one out of every call. On an error `events` is left
    /// empty.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        events.clear();
        if seat > 3 {
            return Err(RuleError::NotYourTurn);
        }
        match action {
            Action::Play { card, closed } => self.play(seat, card, closed, events),
            Action::Truco => self.ask_raise(seat, events),
            Action::Answer(answer) => self.answer(seat, answer, events),
            Action::PlayHandOfEleven(play) => self.decide_eleven(seat, play, events),
        }
    }

    /// Seats that have something to do now (at most two: the answerers of a raise or the
    /// team deciding a hand of 11; otherwise the seat on turn), lowest seat first.
    ///
    /// [`Game::legal_actions`]'s cases computed directly, without building the lists or
    /// asking every seat: a random player calls this before every decision. A property
    /// test checks the two agree over random games.
    // Inlined into callers in other crates (bots, tables, benchmarks), which ask it before
    // every decision: a call and the returned list cost more than its few comparisons.
    #[inline]
    pub fn to_act(&self) -> ArrayVec<Seat, 2> {
        let mut seats = ArrayVec::new();
        // The members of `team` (lowest seat first) whose slot, indexed by `seat / 2`,
        // is still open.
        let undecided = |team: Team, open: [bool; 2]| {
            [team, team + 2]
                .into_iter()
                .filter(move |&seat| open[seat / 2])
        };
        match self.public.phase {
            Phase::Over { .. } => {}
            Phase::HandOfEleven { team } => {
                seats.extend(undecided(team, self.public.eleven.map(|d| d.is_none())))
            }
            Phase::Playing => match self.public.pending {
                Some(pending) => {
                    let answering = 1 - team_of(pending.raiser);
                    seats.extend(undecided(answering, pending.answers.map(|a| a.is_none())));
                }
                None => {
                    let seat = self.public.turn;
                    if !self.held[seat].is_empty() || self.raise_allowed(seat) {
                        seats.push(seat);
                    }
                }
            },
        }
        seats
    }
}
