//! Starting games and hands: shuffling, building the wall, the break, the dead wall, the
//! deal and the first dora indicator, each as the mmj1 moves a client replays.

use super::event::{byte, Event, Place, Shown};
use super::player::Player;
use super::wall::{dead_position, dora_wall_index, live_position, replacement_index, Wall, DEALT};
use super::{Drew, Game, Phase, RuleError, Rules, SeatSet, Turn};
use crate::tile::Tile;
use cards::GameRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// A hand set up by hand instead of shuffled: for tests, puzzles and replays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The tile at each wall position (mmj1 `w000`..`w135`).
    pub wall: [Tile; 136],
    /// The two dice, 1..=6 each.
    pub dice: [u8; 2],
    /// Dealer turns already played: 0 is East 1 (seat 0 deals), 5 is South 2 (seat 1).
    pub round: u8,
    /// Repeat counters.
    pub honba: u8,
    /// Riichi sticks on the table.
    pub sticks: u8,
    /// Each seat's points.
    pub scores: [i32; 4],
}

impl Setup {
    /// East 1 with no honba, no sticks and the rules' starting points.
    pub fn new(rules: &Rules, wall: [Tile; 136], dice: [u8; 2]) -> Setup {
        Setup {
            wall,
            dice,
            round: 0,
            honba: 0,
            sticks: 0,
            scores: [rules.start_points; 4],
        }
    }
}

impl Game {
    /// A new game under `rules`; the walls and dice come from `rng`. Returns the events
    /// of the first hand's start; seat 0 deals and is on turn.
    pub fn new(rules: Rules, rng: GameRng) -> (Game, Vec<Event>) {
        let mut game = Game::blank(rules, rng);
        game.scores = [rules.start_points; 4];
        let mut events = Vec::new();
        game.shuffle_and_start(&mut events);
        (game, events)
    }

    /// A game whose current hand is `setup` (later hands come from `rng`). `None` unless
    /// the wall holds each of the 136 tiles once, the dice are 1..=6 and the round is
    /// within the game's length.
    pub fn from_setup(rules: Rules, rng: GameRng, setup: Setup) -> Option<(Game, Vec<Event>)> {
        let mut seen = [false; Tile::COUNT];
        for tile in setup.wall {
            if std::mem::replace(&mut seen[usize::from(tile.id())], true) {
                return None;
            }
        }
        let dice_ok = setup.dice.iter().all(|d| (1..=6).contains(d));
        if !dice_ok || setup.round >= rules.length.hands() {
            return None;
        }
        let mut game = Game::blank(rules, rng);
        game.scores = setup.scores;
        game.round = setup.round;
        game.honba = setup.honba;
        game.sticks = setup.sticks;
        let mut events = Vec::new();
        game.start_hand(Wall::new(setup.wall, setup.dice), &mut events);
        Some((game, events))
    }

    /// Deals the next hand once the last one is over.
    pub fn next_hand(&mut self) -> Result<Vec<Event>, RuleError> {
        match self.phase {
            Phase::HandOver => {
                let mut events = Vec::new();
                self.shuffle_and_start(&mut events);
                Ok(events)
            }
            Phase::GameOver => Err(RuleError::GameOver),
            Phase::Turn(_) | Phase::Claims(_) => Err(RuleError::HandInProgress),
        }
    }

    fn blank(rules: Rules, rng: GameRng) -> Game {
        let tiles: [Tile; 136] = std::array::from_fn(|i| Tile::new(i as u8).expect("0..136"));
        Game {
            rules,
            rng,
            scores: [0; 4],
            round: 0,
            honba: 0,
            sticks: 0,
            wall: Wall::new(tiles, [1, 1]),
            players: Default::default(),
            kan_seats: SeatSet::EMPTY,
            pending_dora: 0,
            interrupted: false,
            discards: 0,
            phase: Phase::HandOver,
        }
    }

    fn shuffle_and_start(&mut self, events: &mut Vec<Event>) {
        let mut tiles = self.wall.tiles;
        tiles.sort_unstable();
        tiles.shuffle(&mut self.rng);
        let dice = [self.rng.gen_range(1..=6), self.rng.gen_range(1..=6)];
        self.start_hand(Wall::new(tiles, dice), events);
    }

    /// Resets the table for a hand on `wall` and deals it.
    fn start_hand(&mut self, wall: Wall, events: &mut Vec<Event>) {
        self.wall = wall;
        self.players.iter_mut().for_each(Player::reset);
        self.kan_seats = SeatSet::EMPTY;
        self.pending_dora = 0;
        self.interrupted = false;
        self.discards = 0;
        let dealer = self.dealer();
        events.push(Event::NewHand {
            round: self.round_wind(),
            number: self.hand_number(),
            dealer: byte(dealer),
            honba: self.honba,
            sticks: self.sticks,
            scores: self.scores,
        });
        for (position, &tile) in self.wall.tiles.iter().enumerate() {
            events.push(Event::moved(
                tile,
                Place::Deck,
                Place::Wall(position as u8),
                Shown::Nobody,
            ));
        }
        events.push(Event::Break {
            dice: self.wall.dice,
        });
        self.build_dead_wall(events);
        self.deal(dealer, events);
        self.reveal_dora(events);
    }

    /// Moves the 14 dead-wall tiles to the replacement and dora walls, face down.
    fn build_dead_wall(&self, events: &mut Vec<Event>) {
        let start = self.wall.start;
        let from = |j: u8| {
            let position = dead_position(start, j);
            (
                self.wall.tiles[usize::from(position)],
                Place::Wall(position),
            )
        };
        for r in 0..4 {
            let (tile, place) = from(replacement_index(r));
            events.push(Event::moved(
                tile,
                place,
                Place::Replacement(r),
                Shown::Nobody,
            ));
        }
        for a in 0..10 {
            let (tile, place) = from(dora_wall_index(a));
            events.push(Event::moved(tile, place, Place::DoraWall(a), Shown::Nobody));
        }
    }

    /// Deals 4-4-4 and 1 to each seat from the dealer round, then the dealer's draw.
    fn deal(&mut self, dealer: usize, events: &mut Vec<Event>) {
        for k in 0..=DEALT {
            let seat = if k < 48 {
                (dealer + usize::from(k / 4)) % 4
            } else {
                (dealer + usize::from(k - 48)) % 4
            };
            let (position, tile) = self.wall.draw();
            debug_assert_eq!(position, live_position(self.wall.start, k));
            self.players[seat].take(tile);
            events.push(Event::moved(
                tile,
                Place::Wall(position),
                Place::Hand(byte(seat)),
                Shown::Only(byte(seat)),
            ));
            if k == DEALT {
                self.phase = Phase::Turn(Turn {
                    seat,
                    drew: Drew::Live(tile),
                });
            }
        }
        for seat in (0..4).filter(|&s| s != dealer) {
            self.players[seat].update_waits();
        }
    }
}
