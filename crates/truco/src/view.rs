//! What one seat knows: the projection of a [`Game`] that bots and clients play from.

use crate::game::{Game, Phase};
use crate::outcome::RoundOutcome;
use crate::public::Public;
use crate::{partner_of, team_of, Answer, Seat, Team};
use arrayvec::ArrayVec;
use cards::{Card, CardSet, GameRng};
use parlor_game::copy_of;
use rand::{Rng, SeedableRng};

/// A card on the table as one seat saw it: [`Seen::card`] is `None` for another seat's
/// closed card.
///
/// Four bytes (the seat is kept in one), read through its methods: every [`View`] holds up
/// to twelve, and players build a view before each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    seat: u8,
    card: Option<Card>,
    closed: bool,
}

impl Seen {
    /// `seat` (0..4) played `card` (`None` when it was closed and not shown), face down
    /// if `closed`.
    pub fn new(seat: Seat, card: Option<Card>, closed: bool) -> Seen {
        debug_assert!(seat < 4, "seats are 0..4");
        Seen {
            seat: seat as u8,
            card,
            closed,
        }
    }

    /// Who played it.
    pub fn seat(&self) -> Seat {
        Seat::from(self.seat)
    }

    /// The card, unless it is another seat's closed card.
    pub fn card(&self) -> Option<Card> {
        self.card
    }

    /// Whether it was played face down.
    pub fn closed(&self) -> bool {
        self.closed
    }
}

/// A raise waiting for answers. Answers are announced to the table, so everyone knows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingRaise {
    pub raiser: Seat,
    /// The value asked for.
    pub value: u8,
    /// The answering team's answers so far, indexed by `seat / 2`.
    pub answers: [Option<Answer>; 2],
}

/// Everything one seat may know about the game, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub seat: Seat,
    /// What every seat sees: scores, phase, the hand's value, a pending raise...
    pub public: Public,
    /// The seat's own cards still in hand.
    pub hand: CardSet,
    /// The partner's cards still in hand, when the seat was shown them (hand of 11).
    pub partner_hand: Option<CardSet>,
    /// Every card played this hand, in order (closed cards of others hidden).
    pub plays: ArrayVec<Seen, 12>,
    pub rounds: ArrayVec<RoundOutcome, 3>,
    /// How many cards each seat still holds.
    pub cards_left: [u8; 4],
}

impl View {
    /// The plays of the round being played.
    pub fn current_round(&self) -> &[Seen] {
        let done = self.rounds.len() * 4;
        &self.plays[done.min(self.plays.len())..]
    }

    /// The seat's team.
    pub fn team(&self) -> Team {
        team_of(self.seat)
    }

    /// How strong `card` is in this hand.
    pub fn strength(&self, card: Card) -> u8 {
        self.public.rules.strength(card, self.public.vira)
    }

    /// The cards this seat cannot place: not in its hand, not seen on the table, not the
    /// vira and not in a partner's hand it was shown. Hidden hands and other seats'
    /// closed cards come from these.
    pub fn unseen(&self) -> CardSet {
        let mut known = self.hand.union(self.partner_hand.unwrap_or_default());
        known.extend(self.plays.iter().filter_map(|p| p.card));
        known.extend(self.public.vira);
        self.public.rules.deck().difference(known)
    }
}

impl Game {
    /// What `seat` may know of the game now.
    pub fn view(&self, seat: Seat) -> View {
        let shown_partner = self.eleven_team() == Some(team_of(seat))
            && !matches!(self.public.phase, Phase::Over { .. });
        let mut plays = copy_of(&self.plays);
        if self.closed_by & !(1 << seat) != 0 {
            for play in &mut plays {
                if play.closed && play.seat() != seat {
                    play.card = None;
                }
            }
        }
        View {
            seat,
            public: self.public,
            hand: self.held[seat],
            partner_hand: shown_partner.then(|| self.held[partner_of(seat)]),
            plays,
            rounds: self.rounds.clone(),
            cards_left: self.cards_left,
        }
    }

    /// A full game consistent with `view`: the hidden cards (other hands, others' closed
    /// cards) are dealt at random from the cards the seat has not seen, and later hands
    /// are dealt from `rng`. Searching bots play such "determinized" games forward to
    /// weigh their options without ever looking at the real hidden cards.
    pub fn determinize(view: &View, rng: &mut GameRng) -> Game {
        let mut pool = ArrayVec::<Card, 52>::new();
        pool.extend(view.unseen().iter());
        let mut draw = |rng: &mut GameRng| pool.swap_remove(rng.gen_range(0..pool.len()));
        let plays: ArrayVec<Seen, 12> = view
            .plays
            .iter()
            .map(|s| Seen {
                card: s.card.or_else(|| Some(draw(rng))),
                ..*s
            })
            .collect();
        let closed_by = plays
            .iter()
            .filter(|p| p.closed)
            .fold(0, |seats, p| seats | 1 << p.seat);
        let held = [0, 1, 2, 3].map(|seat| match view.partner_hand {
            _ if seat == view.seat => view.hand,
            Some(partner) if seat == partner_of(view.seat) => partner,
            _ => (0..view.cards_left[seat]).map(|_| draw(rng)).collect(),
        });
        Game {
            public: view.public,
            // Its own stream: later deals must not replay the numbers the caller draws next.
            rng: GameRng::seed_from_u64(rng.gen()),
            held,
            cards_left: held.map(|cards| cards.len() as u8),
            plays,
            closed_by,
            rounds: view.rounds.clone(),
        }
    }
}
