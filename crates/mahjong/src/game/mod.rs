//! The game of four seats: dealing, turns, claims, riichi, kans, furiten, wins and draws,
//! hand after hand to the end of the game, as Tenhou plays it.
//!
//! A [`Game`] is a value. [`Game::pending`] says what the table waits for: one seat's
//! turn, the seats that still owe an answer to a discard, the end of a hand (call
//! [`Game::next_hand`]) or the end of the game. A seat asks [`Game::legal_actions`] and
//! [`Game::apply`]s an [`Action`]; the answer is the [`Event`]s that followed, or a
//! [`RuleError`] that changed nothing. Events carry every tile movement in mmj1's terms
//! (see [`event`] and [`wall`]); a bot sees only its seat's [`View`].
//!
//! # Rules (Tenhou defaults, and the choices made where Tenhou's behaviour is unclear)
//!
//! - Seats 0..4 never move (seat `i` is mmj1's `PLAYER i+1`). Seat 0 deals first; the
//!   deal passes to the next seat when the dealer does not repeat, and the seat winds
//!   turn with it. A hanchan is the East and South rounds, a tonpuusen East only. There
//!   is no West extension: the game ends after the last dealer's turn, or as soon as a
//!   seat's points go below zero. If the last dealer wins or is tenpai and is first, the
//!   game ends there (agari-yame). Places are by points, ties to the seat nearer seat 0;
//!   riichi sticks left on the table go to the first place.
//! - The wall, the break and the dead wall are laid out as [`wall`] describes. Each seat
//!   gets 4-4-4 tiles from the dealer round, then one each, then the dealer draws; then
//!   the first dora indicator is turned up.
//! - On a turn: discard, riichi (closed, tenpai after the discard with a wait that is not
//!   all in the hand, 1000 points, at least four live tiles; the stick is paid when the
//!   discard is not ronned), tsumo (a complete hand with a yaku), ankan, kakan, or nine
//!   terminals on the seat's first uninterrupted turn. After riichi the drawn tile must
//!   be discarded, and an ankan is allowed only with the drawn tile and only if it does
//!   not change the waits. No kan when the live wall is empty or four kans were made.
//! - Kan dora: an ankan turns up its indicator at once; a daiminkan's or kakan's is
//!   turned up after the kan player's next discard (before anyone may ron it), when the
//!   player declares another kan, or before scoring a rinshan tsumo (so it counts).
//! - Claims: after every discard each other seat answers (pass or a claim), as mmj1 asks
//!   all three; the answers are resolved together: ron before pon and daiminkan before
//!   chi. Two rons both win (the seat nearest the discarder collects honba and sticks);
//!   three abort the hand (and, as for any ronned riichi discard, the stick is not
//!   paid). On the last discard, and on a discard that would complete an abortive draw
//!   (four winds, four riichi, four kans), only ron is open. A kakan may be robbed by
//!   ron (chankan), an ankan only by thirteen orphans; those windows ask only the seats
//!   that may ron, and the ankan's robbed tile is the last of its four.
//! - Swap-calling (kuikae) is forbidden: after a pon the claimed kind may not be
//!   discarded, after a chi neither the claimed kind nor the kind at the other end of the
//!   run; a call that would leave nothing else to discard is refused.
//! - Furiten: a wait among one's own discards (permanent); letting a winning tile go
//!   (whether or not the hand had a yaku for it) until one's next turn begins (temporary);
//!   letting one go after riichi (for the rest of the hand).
//! - Ippatsu ends with the riichi player's next discard or any call by anyone, ankan
//!   included (a robbed kan does not end it). Nagashi mangan is not played. Win scoring
//!   is [`score::evaluate`](crate::score::evaluate)'s.
//! - Draws: four winds, four riichi, four kans by more than one seat, triple ron and
//!   nine terminals abort the hand (the dealer repeats). An exhausted wall pays 3000 from
//!   the noten seats to the tenpai seats (formal tenpai counts); the dealer repeats when
//!   tenpai. Every draw and every dealer win adds a honba; a non-dealer win clears them.
//!   A honba is worth 300 on a ron (100 from each seat on a tsumo). Riichi sticks stay
//!   on the table until someone wins.

mod action;
mod calls;
mod claims;
mod contract;
pub mod event;
mod kan;
mod player;
mod rules;
mod settle;
mod start;
mod turn;
mod view;
pub mod wall;

pub use action::{Action, Actions, Pending, RuleError, SeatSet};
pub use event::{seat_winds, Abort, DrawKind, Drawn, Event, Move, Place, SeatByte, Shown, Win};
pub use player::Discard;
pub use rules::{Length, Rules};
pub use start::Setup;
pub use view::View;

use crate::hand::KindSet;
use crate::meld::Meld;
use crate::tile::{Kind, Tile, Wind};
use arrayvec::ArrayVec;
use cards::GameRng;
use player::Player;
use wall::Wall;

/// A seat at the table, 0..4, in playing order.
pub type Seat = usize;

/// How the seat on turn came to hold its 14th tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drew {
    /// From the live wall.
    Live(Tile),
    /// A kan replacement tile.
    Rinshan(Tile),
    /// It called chi or pon: it must discard, and not these kinds (kuikae).
    Call { forbidden: KindSet },
}

/// A turn: who holds 14 tiles and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    seat: Seat,
    drew: Drew,
}

impl Turn {
    /// The tile just drawn, if the turn began with a draw.
    fn drawn(self) -> Option<Tile> {
        match self.drew {
            Drew::Live(t) | Drew::Rinshan(t) => Some(t),
            Drew::Call { .. } => None,
        }
    }
}

/// What opened a claim window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    Discard,
    Kakan,
    Ankan,
}

/// A tile others may claim, and the answers so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    /// The discarder (or kan declarer).
    from: Seat,
    tile: Tile,
    cause: Cause,
    /// The discard declares riichi: the stick is paid if nobody rons.
    riichi: bool,
    /// Only ron is possible (last discard, or an abortive draw hangs on it).
    ron_only: bool,
    /// Seats that still owe an answer.
    owed: SeatSet,
    /// Seats that may ron it.
    can_ron: SeatSet,
    /// Seats whose waits include it: furiten if they let it go.
    waiting: SeatSet,
    /// Each seat's answer (`Pass` until it answers otherwise).
    answers: [Action; 4],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Turn(Turn),
    Claims(Window),
    HandOver,
    GameOver,
}

/// A whole game: points, the hand being played and the RNG that shuffles the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    rng: GameRng,
    scores: [i32; 4],
    /// Dealer turns completed: 0 is East 1, 4 is South 1.
    round: u8,
    honba: u8,
    /// Riichi sticks on the table.
    sticks: u8,
    wall: Wall,
    players: [Player; 4],
    /// Seats that made the kans of this hand.
    kan_seats: SeatSet,
    /// Open-kan dora indicators still to be turned up.
    pending_dora: u8,
    /// A call (ankan included) was made this hand: first-turn specials are over.
    interrupted: bool,
    /// Discards made this hand.
    discards: u8,
    phase: Phase,
}

impl Game {
    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// What the table waits for.
    pub fn pending(&self) -> Pending {
        match self.phase {
            Phase::Turn(turn) => Pending::Turn(turn.seat),
            Phase::Claims(window) => Pending::Claims(window.owed),
            Phase::HandOver => Pending::HandOver,
            Phase::GameOver => Pending::GameOver,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Each seat's points (riichi sticks on the table not included).
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u8 {
        self.sticks
    }

    /// Repeat counters (honba).
    pub fn honba(&self) -> u8 {
        self.honba
    }

    /// The prevailing wind.
    pub fn round_wind(&self) -> Wind {
        Wind::ALL[usize::from(self.round / 4 % 4)]
    }

    /// The dealer's turn number within the round, 1..=4.
    pub fn hand_number(&self) -> u8 {
        self.round % 4 + 1
    }

    /// The dealer (East) of the current hand.
    pub fn dealer(&self) -> Seat {
        usize::from(self.round % 4)
    }

    /// `seat`'s wind this hand.
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        Wind::of_seat(seat, self.dealer())
    }

    /// The dice that broke this hand's wall.
    pub fn dice(&self) -> [u8; 2] {
        self.wall.dice
    }

    /// Live tiles left to draw.
    pub fn wall_remaining(&self) -> u8 {
        self.wall.remaining()
    }

    /// The dora indicators turned up, in order.
    pub fn dora_indicators(&self) -> ArrayVec<Tile, 5> {
        self.wall.dora_indicators()
    }

    /// `seat`'s concealed tiles, sorted by id (empty for a seat that is not 0..4).
    pub fn hand(&self, seat: Seat) -> &[Tile] {
        self.players.get(seat).map_or(&[], |p| &p.hand)
    }

    /// `seat`'s melds, in the order made.
    pub fn melds(&self, seat: Seat) -> &[Meld] {
        self.players.get(seat).map_or(&[], |p| &p.melds)
    }

    /// `seat`'s discards, in order.
    pub fn discards(&self, seat: Seat) -> &[Discard] {
        self.players.get(seat).map_or(&[], |p| &p.discards)
    }

    /// Whether `seat` has declared riichi this hand (its stick may still be unpaid while
    /// the declaration discard is being claimed).
    pub fn is_riichi(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.riichi.is_some())
    }

    /// The tile the seat on turn just drew, if its turn began with a draw.
    pub fn drawn_tile(&self) -> Option<Tile> {
        match self.phase {
            Phase::Turn(turn) => turn.drawn(),
            _ => None,
        }
    }

    /// The tile being claimed and the seat it came from, during a claim window.
    pub fn claim_tile(&self) -> Option<(Seat, Tile)> {
        match self.phase {
            Phase::Claims(w) => Some((w.from, w.tile)),
            _ => None,
        }
    }

    /// A physical tile of `kind` in `seat`'s hand, for protocols that name kinds (to
    /// discard or declare riichi with): with `red`, the red five only; otherwise the tile
    /// just drawn if it is a plain copy of that kind (so a tsumogiri stays one), else a
    /// plain copy, else the red five.
    pub fn find_tile(&self, seat: Seat, kind: Kind, red: bool) -> Option<Tile> {
        let drawn = match self.phase {
            Phase::Turn(turn) if turn.seat == seat => turn.drawn(),
            _ => None,
        };
        match drawn {
            Some(t) if !red && t.kind() == kind && !t.is_red_five() => Some(t),
            _ => self.pick(seat, kind, red, &[]),
        }
    }

    /// Distinct physical tiles of the named kinds in `seat`'s hand (for a claim's
    /// tiles), each chosen as [`Game::find_tile`] chooses; `None` if the hand lacks one.
    pub fn find_tiles(&self, seat: Seat, named: &[(Kind, bool)]) -> Option<ArrayVec<Tile, 4>> {
        let mut found = ArrayVec::<Tile, 4>::new();
        for &(kind, red) in named {
            let tile = self.pick(seat, kind, red, &found)?;
            found.try_push(tile).ok()?;
        }
        Some(found)
    }

    /// A tile of `kind` in the seat's hand, not among `taken`: the red five if `red`,
    /// else a plain copy, else the red five.
    fn pick(&self, seat: Seat, kind: Kind, red: bool, taken: &[Tile]) -> Option<Tile> {
        let player = self.players.get(seat)?;
        let mut free = player.of_kind(kind).filter(|t| !taken.contains(t));
        if red {
            return free.find(|t| t.is_red_five());
        }
        let (plain, reds): (ArrayVec<Tile, 4>, ArrayVec<Tile, 4>) =
            free.partition(|t| !t.is_red_five());
        plain.first().or(reds.first()).copied()
    }

    /// Each seat's place now, 1..=4, by points (ties to the seat nearer seat 0).
    pub fn ranks(&self) -> [u8; 4] {
        settle::ranks(&self.scores)
    }

    parlor_game::legal_actions_through_into!(Actions);

    /// Everything `seat` may do now, written into `actions` (cleared first); empty when
    /// it has nothing to do.
    pub fn legal_actions_into(&self, seat: Seat, actions: &mut Actions) {
        actions.clear();
        match self.phase {
            Phase::Turn(turn) if turn.seat == seat => self.turn_actions(turn, actions),
            Phase::Claims(window) if window.owed.contains(seat) => {
                self.claim_actions(&window, seat, actions)
            }
            _ => {}
        }
    }

    parlor_game::apply_through_apply_into!(Action, Vec<Event>, RuleError);

    /// [`Game::apply`] writing the events into `events` (cleared first), so a hot loop
    /// reuses one buffer. On an error `events` is left empty.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        events.clear();
        match self.phase {
            Phase::GameOver => Err(RuleError::GameOver),
            Phase::HandOver => Err(RuleError::HandOver),
            Phase::Turn(turn) => {
                if seat != turn.seat {
                    return Err(RuleError::NotYourTurn);
                }
                self.check_turn(turn, action)?;
                self.play_turn(turn, action, events);
                Ok(())
            }
            Phase::Claims(window) => {
                if !window.owed.contains(seat) {
                    return Err(RuleError::NotYourTurn);
                }
                self.check_claim(&window, seat, action)?;
                self.answer(window, seat, action, events);
                Ok(())
            }
        }
    }
}
