//! The game state and what each seat may do in it.

use crate::action::{Action, Actions, RuleError};
use crate::event::Events;
use crate::public::Public;
use crate::rules::{deck, legal_cards, Config, Mode};
use crate::{Seat, Team};
use arrayvec::ArrayVec;
use cards::{Card, CardSet, GameRng};

/// What the table is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `seat` is to choose the trumpf; `pushed` when its partner pushed the choice to it.
    Choosing { seat: Seat, pushed: bool },
    /// Cards are being played.
    Playing,
    /// A team reached the target and leads; the game is over.
    Over { winner: Team },
}

/// A finished trick of the current deal.
///
/// Twelve bytes (seats kept in one each), read through its methods: every [`View`]
/// copies up to nine, and players ask for a view before each decision.
///
/// [`View`]: crate::View
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    first: u8,
    winner: u8,
    cards: [Card; 4],
    points: u32,
}

impl Trick {
    /// A trick led by `first` (0..4), with `cards` in play order, taken by `winner`
    /// (0..4) for `points`.
    pub fn new(first: Seat, cards: [Card; 4], winner: Seat, points: u32) -> Trick {
        debug_assert!(first < 4 && winner < 4, "seats are 0..4");
        Trick {
            first: first as u8,
            winner: winner as u8,
            cards,
            points,
        }
    }

    /// The seat that led it.
    pub fn first(&self) -> Seat {
        Seat::from(self.first)
    }

    /// The cards in play order (`cards()[i]` was played by [`Trick::seat_of`]`(i)`).
    pub fn cards(&self) -> [Card; 4] {
        self.cards
    }

    /// The seat that took it.
    pub fn winner(&self) -> Seat {
        Seat::from(self.winner)
    }

    /// What it brought the winner's team, multiplier and bonuses included.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// The seat that played `cards()[i]`.
    pub fn seat_of(&self, i: usize) -> Seat {
        (self.first() + i) % 4
    }
}

/// A deal set up by hand (see [`Game::from_position`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Game totals before the deal.
    pub totals: [u32; 2],
    /// The deal's 1-based number; its chooser is seat `(number - 1) % 4`.
    pub number: u32,
    /// Each seat's nine cards.
    pub hands: [CardSet; 4],
}

/// A whole Schieber game: totals, the deal being played and the RNG that deals the next.
///
/// Cloning is cheap (no heap data), which is what searching bots rely on.
#[derive(Clone, Debug)]
pub struct Game {
    /// What every seat sees (totals, phase, mode, leader...), tricks and table aside.
    pub(crate) public: Public,
    pub(crate) rng: GameRng,
    pub(crate) held: [CardSet; 4],
    /// How many cards each seat holds (`held[seat].len()`): kept rather than counted, as
    /// every view shows them.
    pub(crate) cards_left: [u8; 4],
    pub(crate) tricks: ArrayVec<Trick, 9>,
    /// The cards of the trick being played, in play order from `public.leader`.
    pub(crate) table: ArrayVec<Card, 4>,
}

impl Game {
    /// A new game under `config`, dealing from `rng`; seat 0 chooses the first trumpf.
    /// Returns the events of the first deal.
    pub fn new(config: Config, rng: GameRng) -> (Game, Events) {
        let mut game = Game::undealt(config, rng);
        let mut events = Events::new();
        game.deal(&mut events);
        (game, events)
    }

    /// A game that starts from a chosen deal instead of a shuffle: these totals, this deal
    /// number (which fixes the chooser) and these hands. Later deals come from `rng`. For
    /// tests, puzzles and paired bot matches.
    ///
    /// Returns `None` unless each hand holds nine Jass cards, no card twice, and the
    /// number is at least 1.
    pub fn from_position(
        config: Config,
        rng: GameRng,
        position: Position,
    ) -> Option<(Game, Events)> {
        let all = position
            .hands
            .iter()
            .fold(CardSet::EMPTY, |all, hand| all.union(*hand));
        let valid =
            position.number > 0 && position.hands.iter().all(|h| h.len() == 9) && all == deck();
        if !valid {
            return None;
        }
        let mut game = Game::undealt(config, rng);
        game.public.totals = position.totals;
        game.public.number = position.number - 1;
        let mut events = Events::new();
        game.start_deal(position.hands, &mut events);
        Some((game, events))
    }

    fn undealt(config: Config, rng: GameRng) -> Game {
        Game {
            public: Public {
                config,
                totals: [0, 0],
                deal: [0, 0],
                number: 0,
                chooser: 0,
                phase: Phase::Playing,
                mode: None,
                declarer: None,
                leader: 0,
                cannot_hold: [CardSet::EMPTY; 4],
            },
            rng,
            held: [CardSet::EMPTY; 4],
            cards_left: [0; 4],
            tricks: ArrayVec::new(),
            table: ArrayVec::new(),
        }
    }

    /// The settings in force.
    pub fn config(&self) -> Config {
        self.public.config
    }

    /// What the table waits for.
    pub fn phase(&self) -> Phase {
        self.public.phase
    }

    /// Game totals (team 0 first), including the current deal so far.
    pub fn totals(&self) -> [u32; 2] {
        self.public.totals
    }

    /// This deal's points so far (team 0 first).
    pub fn deal_points(&self) -> [u32; 2] {
        self.public.deal
    }

    /// The 1-based number of the deal being played.
    pub fn deal_number(&self) -> u32 {
        self.public.number
    }

    /// The seat asked first for this deal's trumpf; it leads the first trick.
    pub fn chooser(&self) -> Seat {
        self.public.chooser
    }

    /// The deal's mode, once chosen.
    pub fn mode(&self) -> Option<Mode> {
        self.public.mode
    }

    /// The seat that announced the mode, once chosen.
    pub fn declarer(&self) -> Option<Seat> {
        self.public.declarer
    }

    /// The cards `seat` holds.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.held.get(seat).copied().unwrap_or_default()
    }

    /// The cards on the table this trick, in play order.
    pub fn table(&self) -> ArrayVec<Card, 4> {
        self.table.clone()
    }

    /// The seat that led the trick being played.
    pub fn leader(&self) -> Seat {
        self.public.leader
    }

    /// The finished tricks of the current deal.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.public.phase, Phase::Over { .. })
    }

    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<Team> {
        match self.public.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// The seat that has to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.public.phase {
            Phase::Choosing { seat, .. } => Some(seat),
            Phase::Playing => Some(self.turn()),
            Phase::Over { .. } => None,
        }
    }

    /// The seat to play the next card of the trick.
    pub(crate) fn turn(&self) -> Seat {
        (self.public.leader + self.table.len()) % 4
    }

    parlor_game::legal_actions_through_into!(Actions);

    /// Everything `seat` may do now, written into `actions` (cleared first); empty when
    /// it is not the seat's move.
    pub fn legal_actions_into(&self, seat: Seat, actions: &mut Actions) {
        actions.clear();
        match self.public.phase {
            Phase::Choosing { seat: s, pushed } if s == seat => {
                actions.extend(Mode::ALL.map(Action::Choose));
                if !pushed {
                    actions.push(Action::Schiebe);
                }
            }
            Phase::Playing if seat == self.turn() => {
                if let Some(mode) = self.public.mode {
                    let legal = legal_cards(self.held[seat], &self.table, mode);
                    actions.extend(legal.iter().map(Action::Play));
                }
            }
            _ => {}
        }
    }

    parlor_game::apply_through_apply_into!(Action, Events, RuleError);

    /// [`Game::apply`] writing the events into `events` (cleared first), so that tight
    /// loops (bot rollouts, benchmarks) reuse one buffer instead of moving a fresh one
    /// out each time. On an error `events` is left empty.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        events.clear();
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        match action {
            Action::Choose(mode) => self.choose(seat, mode, events),
            Action::Schiebe => self.schiebe(seat, events),
            Action::Play(card) => self.play(seat, card, events),
        }
    }
}
