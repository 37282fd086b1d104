//! What a seat can work out about the deal from its [`View`]: which cards are still out,
//! who may hold them, who is winning the trick and whether a card is safe. Shared by the
//! rule-based bot and, through it, by every rollout of the searching bot, so it is all
//! bit operations on [`CardSet`]s.

use crate::rules::{card_points, deck, strength, suit_cards, trump_order, Mode};
use crate::{partner_of, team_of, Game, Seat, View};
use cards::{Card, CardSet, Suit};

/// A seat's reading of the trick being played.
pub(crate) struct Knowledge {
    pub(crate) seat: Seat,
    pub(crate) mode: Mode,
    pub(crate) hand: CardSet,
    /// For each seat, the unseen cards it may hold (empty for this seat).
    pub(crate) possible: [CardSet; 4],
    /// The trick on the table and who led it.
    pub(crate) table: arrayvec::ArrayVec<Card, 4>,
    pub(crate) leader: Seat,
    /// Tricks already finished this deal.
    pub(crate) tricks_done: usize,
    /// Whether this seat's team announced the mode.
    pub(crate) we_declared: bool,
    /// Whether this seat announced the mode itself.
    pub(crate) i_declared: bool,
    /// Per suit, one more than the highest [`power`] among its unseen cards (0: none).
    top: [u8; 4],
}

/// What a [`Knowledge`] is read from.
struct Reading<'a> {
    seat: Seat,
    mode: Mode,
    hand: CardSet,
    played: CardSet,
    cannot_hold: [CardSet; 4],
    table: &'a [Card],
    leader: Seat,
    tricks_done: usize,
    declarer: Option<Seat>,
}

/// A card's rank within its suit in `mode`, higher is stronger (0..9, trumps by the
/// trumpf order).
pub(crate) fn power(mode: Mode, card: Card) -> u8 {
    let rank = card.rank().number().saturating_sub(6);
    match mode {
        Mode::Trumpf(t) if card.suit() == t => trump_order(card.rank()),
        Mode::Undeufe => 8u8.saturating_sub(rank),
        _ => rank,
    }
}

impl Knowledge {
    /// The reading of `view` (which must be in the card-playing phase with a mode).
    pub(crate) fn new(view: &View, mode: Mode) -> Knowledge {
        Knowledge::read(Reading {
            seat: view.seat,
            mode,
            hand: view.hand,
            played: view.played(),
            cannot_hold: view.public.cannot_hold,
            table: &view.table,
            leader: view.public.leader,
            tricks_done: view.tricks.len(),
            declarer: view.public.declarer,
        })
    }

    /// The same reading straight from a game, for `seat` (what its view would give):
    /// rollouts skip building views.
    pub(crate) fn from_game(game: &Game, seat: Seat, mode: Mode) -> Knowledge {
        let mut played: CardSet = game.table.iter().copied().collect();
        for trick in &game.tricks {
            played.extend(trick.cards());
        }
        Knowledge::read(Reading {
            seat,
            mode,
            hand: game.held[seat],
            played,
            cannot_hold: game.public.cannot_hold,
            table: &game.table,
            leader: game.public.leader,
            tricks_done: game.tricks.len(),
            declarer: game.public.declarer,
        })
    }

    fn read(r: Reading<'_>) -> Knowledge {
        let unseen = deck().difference(r.hand).difference(r.played);
        let possible = [0, 1, 2, 3].map(|s| {
            if s == r.seat {
                CardSet::EMPTY
            } else {
                unseen.difference(r.cannot_hold[s])
            }
        });
        let mut top = [0u8; 4];
        for card in unseen.iter() {
            let slot = &mut top[card.suit() as usize];
            *slot = (*slot).max(power(r.mode, card) + 1);
        }
        Knowledge {
            seat: r.seat,
            mode: r.mode,
            hand: r.hand,
            possible,
            top,
            table: r.table.iter().copied().collect(),
            leader: r.leader,
            tricks_done: r.tricks_done,
            we_declared: r.declarer.is_some_and(|d| team_of(d) == team_of(r.seat)),
            i_declared: r.declarer == Some(r.seat),
        }
    }

    /// The suit led this trick, if any card is on the table.
    pub(crate) fn lead(&self) -> Option<Suit> {
        self.table.first().map(|c| c.suit())
    }

    /// The seats still to play after this one in the current trick.
    pub(crate) fn after(&self) -> impl Iterator<Item = Seat> + '_ {
        let played = self.table.len();
        (1..4 - played).map(move |i| (self.seat + i) % 4)
    }

    /// The opponents still to play after this seat in the current trick.
    pub(crate) fn opponents_after(&self) -> CardSet {
        self.after()
            .filter(|&s| team_of(s) != team_of(self.seat))
            .fold(CardSet::EMPTY, |all, s| all.union(self.possible[s]))
    }

    /// Whether the partner still plays in this trick.
    pub(crate) fn partner_after(&self) -> bool {
        let partner = partner_of(self.seat);
        self.after().any(|s| s == partner)
    }

    /// The card winning the trick so far and the seat that played it.
    pub(crate) fn winning(&self) -> Option<(Card, Seat)> {
        let lead = self.lead()?;
        let (i, card) = self
            .table
            .iter()
            .enumerate()
            .max_by_key(|(_, c)| strength(**c, lead, self.mode))?;
        Some((*card, (self.leader + i) % 4))
    }

    /// How strong `card` would be in this trick (led by it when the table is empty).
    pub(crate) fn strength(&self, card: Card) -> u8 {
        strength(card, self.lead().unwrap_or(card.suit()), self.mode)
    }

    /// Whether some card in `holders` could beat `card` in this trick.
    pub(crate) fn beatable_by(&self, card: Card, holders: CardSet) -> bool {
        let lead = self.lead().unwrap_or(card.suit());
        // Only the led suit and trumps can take a trick.
        let mut rivals = holders.intersection(suit_cards(lead));
        if let Some(t) = self.mode.trumpf() {
            rivals = rivals.union(holders.intersection(suit_cards(t)));
        }
        let s = self.strength(card);
        rivals.iter().any(|c| self.strength(c) > s)
    }

    /// Card points of `card`, before multiplier.
    pub(crate) fn points(&self, card: Card) -> u32 {
        card_points(card, self.mode)
    }

    /// The table's card points.
    pub(crate) fn table_points(&self) -> u32 {
        self.table.iter().map(|&c| self.points(c)).sum()
    }

    /// Whether `card` is a trump.
    pub(crate) fn is_trump(&self, card: Card) -> bool {
        self.mode.is_trump(card)
    }

    /// A card's rank within its suit in this mode (see [`power`]).
    pub(crate) fn power(&self, card: Card) -> u8 {
        power(self.mode, card)
    }

    /// Whether no unseen card of `card`'s suit outranks it (it would win the suit led).
    pub(crate) fn is_boss(&self, card: Card) -> bool {
        self.power(card) + 1 > self.top[card.suit() as usize]
    }

    /// Whether `seat` may hold the highest unseen card of `suit`.
    pub(crate) fn may_hold_top(&self, seat: Seat, suit: Suit) -> bool {
        let top = self.top[suit as usize];
        top > 0
            && self.possible[seat]
                .intersection(suit_cards(suit))
                .iter()
                .any(|c| self.power(c) + 1 == top)
    }

    /// Whether any opponent may still hold a trump.
    pub(crate) fn opponents_may_trump(&self) -> bool {
        let Some(t) = self.mode.trumpf() else {
            return false;
        };
        let trumps = suit_cards(t);
        (0..4)
            .filter(|&s| team_of(s) != team_of(self.seat))
            .any(|s| !self.possible[s].intersection(trumps).is_empty())
    }

    /// Whether opponent `seat` is known to hold none of `suit`.
    pub(crate) fn void(&self, seat: Seat, suit: Suit) -> bool {
        self.possible[seat]
            .intersection(suit_cards(suit))
            .is_empty()
    }
}
