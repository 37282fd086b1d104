//! The state of one hand and what anyone may read of it.

use crate::action::Action;
use crate::error::PlayError;
use crate::event::{Events, Order};
use crate::position::Position;
use crate::public::Public;
use crate::status::Status;
use crate::values::{common_value, MAX_PLAYERS, MIN_PLAYERS};
use crate::Seat;
use arrayvec::ArrayVec;
use cards::{Card, CardSet, GameRng};
use rand::seq::SliceRandom;

/// The seat of the warlord in a ranked hand.
pub(crate) const WARLORD: Seat = 0;

/// One hand of Warlords & Scumbags, from the deal until everyone but the scumbag is out.
///
/// A plain value: cloning is cheap (no heap data), `Debug` prints everything, and an
/// action that [`Hand::apply`] refuses leaves it exactly as it was.
#[derive(Clone, Debug)]
pub struct Hand {
    /// What every seat sees; a view copies it whole.
    pub(crate) public: Public,
    /// The cards each seat holds; empty for seats that are out or gone. Changed only
    /// through [`Hand::set_held`] and [`Hand::move_card`], which keep
    /// `public.cards_left` with it.
    pub(crate) held: [CardSet; MAX_PLAYERS],
    /// The cards of seats that left.
    pub(crate) discarded: CardSet,
    /// The card the warlord took from the scumbag, while the warlord's answer is awaited.
    pub(crate) swap_taken: Option<Card>,
    /// How many seats at the front of `public.ranks` finished by playing out (or as
    /// scumbag); the seats that left follow them, latest first. When the hand ends the
    /// scumbag is inserted between the two.
    pub(crate) finished: usize,
}

impl Hand {
    /// Shuffles the 52 cards with `rng` and deals them one at a time from seat 0, so with
    /// five players seats 0 and 1 get 11 cards and the others 10.
    ///
    /// An unranked hand (the first of a game) is opened by the holder of the 3 of clubs,
    /// whose first play must include it. In a ranked hand the scumbag's highest card goes
    /// to the warlord at once ([`crate::Event::SwapTaken`]) and the warlord, active, must
    /// give a card back ([`Action::Swap`]) before starting the first round.
    ///
    /// Returns `None` unless `players` is 3 to 7.
    pub fn deal(players: usize, ranked: bool, rng: &mut GameRng) -> Option<(Hand, Events)> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return None;
        }
        let mut deck: ArrayVec<Card, 52> = (0..52).filter_map(Card::from_index).collect();
        deck.shuffle(rng);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (i, &card) in deck.iter().enumerate() {
            hands[i % players].insert(card);
        }
        let mut position = Position::new(&hands[..players]);
        position.ranked = ranked;
        Hand::from_position(position)
    }

    /// An empty table of `players` seats, for [`Hand::from_position`] to fill.
    pub(crate) fn empty(players: usize, ranked: bool) -> Hand {
        Hand {
            public: Public::new(players, ranked),
            held: [CardSet::EMPTY; MAX_PLAYERS],
            discarded: CardSet::EMPTY,
            swap_taken: None,
            finished: 0,
        }
    }

    /// Gives `seat` exactly `cards`.
    pub(crate) fn set_held(&mut self, seat: Seat, cards: CardSet) {
        self.held[seat] = cards;
        self.public.cards_left[seat] = cards.len() as u8;
    }

    /// Moves `card` from `from`'s hand to `to`'s (the swap).
    pub(crate) fn move_card(&mut self, card: Card, from: Seat, to: Seat) {
        let (mut given, mut taken) = (self.held[from], self.held[to]);
        given.remove(card);
        taken.insert(card);
        self.set_held(from, given);
        self.set_held(to, taken);
    }

    /// How many seats the hand was dealt to.
    pub fn players(&self) -> usize {
        self.public.players
    }

    /// The cards `seat` holds (empty for a seat that is out, gone or not at the table).
    pub fn cards(&self, seat: Seat) -> CardSet {
        self.held.get(seat).copied().unwrap_or_default()
    }

    /// Who must act now: the warlord during the swap, otherwise the seat on turn; `None`
    /// once the hand is over.
    pub fn active(&self) -> Option<Seat> {
        self.public.active
    }

    /// Where `seat` stands. Seats beyond the table read [`Status::Gone`].
    pub fn status(&self, seat: Seat) -> Status {
        self.public.status(seat)
    }

    /// The play to beat; empty at the start of a round.
    pub fn last_play(&self) -> CardSet {
        self.public.last_play
    }

    /// Who made the last play of this round, if any (the seat may have gone out since).
    pub fn last_player(&self) -> Option<Seat> {
        self.public.last_player
    }

    /// Whether the seat to act starts a round: any 1 to 4 equal cards, no pass.
    pub fn starting_round(&self) -> bool {
        self.public.active.is_some() && self.public.last_play.is_empty()
    }

    /// Whether social ranks exist for this hand (seat 0 warlord, last seat scumbag).
    pub fn ranked(&self) -> bool {
        self.public.ranked
    }

    /// Whether the warlord still has to give a card back to the scumbag.
    pub fn swap_pending(&self) -> bool {
        self.swap_taken.is_some()
    }

    /// The card the warlord took from the scumbag, while the swap is pending.
    pub fn swap_card(&self) -> Option<Card> {
        self.swap_taken
    }

    /// Whether the next play must include the 3 of clubs.
    pub fn needs_three_of_clubs(&self) -> bool {
        self.public.needs_three_of_clubs
    }

    /// Every card played to the table so far this hand (public knowledge).
    pub fn played(&self) -> CardSet {
        self.public.played
    }

    /// The cards of seats that left, out of play for the rest of the hand.
    pub fn discarded(&self) -> CardSet {
        self.discarded
    }

    /// The seats ranked so far, best first: those who went out, in the order they did,
    /// then those who left, the latest leaver first (the first to leave ranks last).
    /// When the hand is over the scumbag stands between the two groups and the order holds
    /// every seat: the first is the next hand's warlord, the last its scumbag.
    pub fn finishing_order(&self) -> Order {
        self.public.ranks
    }

    /// What every seat sees of the hand.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// Whether the hand is over (at most one seat still holds cards).
    pub fn is_over(&self) -> bool {
        self.public.active.is_none()
    }

    parlor_game::apply_through_apply_into!(Action, Events, PlayError);

    /// [`Hand::apply`] writing the events into `events` (cleared first), so that tight
    /// loops (bot playouts, benchmarks) reuse one buffer instead of moving a fresh one
    /// out each time. On an error `events` is left empty.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Events,
    ) -> Result<(), PlayError> {
        events.clear();
        match action {
            Action::Play(cards) => self.play(seat, cards, events),
            Action::Pass => self.pass(seat, events),
            Action::Swap(card) => self.swap(seat, card, events),
        }
    }

    /// Whether `seat` still holds cards (is in the hand).
    pub(crate) fn holds(&self, seat: Seat) -> bool {
        !self.held[seat].is_empty()
    }

    /// How many seats still hold cards.
    pub(crate) fn holders(&self) -> usize {
        (0..self.public.players).filter(|&s| self.holds(s)).count()
    }

    /// The first seat after `seat`, in playing order, that still holds cards.
    pub(crate) fn next_holder_after(&self, seat: Seat) -> Seat {
        (1..=self.public.players)
            .map(|step| (seat + step) % self.public.players)
            .find(|&s| self.holds(s))
            .unwrap_or(seat)
    }

    /// The value of the play to beat (0 at the start of a round, where nothing is beaten).
    pub(crate) fn last_value(&self) -> u8 {
        common_value(self.public.last_play).unwrap_or(0)
    }
}

/// The rules a hand is dealt under: how many play (3 to 7), and whether the seats are
/// ranked by the last hand (then the warlord and the scumbag swap cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandRules {
    players: usize,
    ranked: bool,
}

impl HandRules {
    /// The rules for `players` seats, if 3 to 7.
    pub fn new(players: usize, ranked: bool) -> Option<HandRules> {
        (MIN_PLAYERS..=MAX_PLAYERS)
            .contains(&players)
            .then_some(HandRules { players, ranked })
    }

    pub fn players(self) -> usize {
        self.players
    }

    pub fn ranked(self) -> bool {
        self.ranked
    }
}
