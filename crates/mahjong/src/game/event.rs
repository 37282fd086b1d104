//! What happened at the table, in the order it happened, and who may see it.
//!
//! The events follow the mmj1 "intelligent terminal" model: every physical tile movement
//! is a [`Move`] between named [`Place`]s, so a protocol module can render `move T src
//! dst` for each receiver without knowing any rule. Semantic events ([`Event::Riichi`],
//! [`Event::Meld`], [`Event::Win`], ...) come next to the moves for clients and bots that
//! want meaning rather than tile traffic.
//!
//! Only a move's face is ever private: everything else in an event is public. Ask
//! [`Move::is_for`] whether a seat receives a move at all and [`Move::face_for`] which
//! tile (or `?`) it shows that seat. That rule lives here, not in the server.
//!
//! An event names its seats in a byte ([`SeatByte`]) and keeps its rare large parts
//! behind a box, so that it is 24 bytes: a table keeps every event of the current hand
//! (a deal alone is some 200) to bring a person who comes back up to date.

use super::Seat;
use crate::meld::Meld;
use crate::score::{Agari, Payment};
use crate::tile::{Tile, Wind};

/// A seat, 0..4, as events hold it: in a byte. `usize::from` gives the [`Seat`].
pub type SeatByte = u8;

/// `seat` as events hold it. Seats are 0..4, so nothing is lost.
pub(crate) fn byte(seat: Seat) -> SeatByte {
    debug_assert!(seat < 4, "seat {seat}");
    seat as SeatByte
}

/// The places a tile can be, numbered as mmj1 names them on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// `k`: where all tiles start each hand; no display position.
    Deck,
    /// `wNNN`: a wall position 0..136 in draw order.
    Wall(u8),
    /// `rNN`: replacement (rinshan) tiles 0..12 in draw order; riichi uses 0..4.
    Replacement(u8),
    /// `aN`: the dora wall 0..10; even numbers are dora indicators, odd numbers the ura
    /// indicator under the one before.
    DoraWall(u8),
    /// `hX`: a seat's concealed hand.
    Hand(SeatByte),
    /// `dX`: a seat's discards.
    Discards(SeatByte),
    /// `fX`: a seat's flowers; riichi has none, so no move ever goes here.
    Flowers(SeatByte),
    /// `mXN`: a seat's meld number 0..4.
    Meld(SeatByte, u8),
}

/// Who sees the face of a moved tile (everyone else sees `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shown {
    /// Every seat.
    All,
    /// Only this seat.
    Only(SeatByte),
    /// No seat: building the wall and the dead wall.
    Nobody,
    /// A face-down self-move that only this seat receives: the mark mmj1 puts after the
    /// four open moves a concealed kong shows its owner.
    Marker(SeatByte),
}

/// One tile moving from one place to another (or to itself, which reveals it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The physical tile.
    pub tile: Tile,
    /// Where it was.
    pub from: Place,
    /// Where it goes; equal to `from` for a reveal.
    pub to: Place,
    /// Who sees its face.
    pub shown: Shown,
}

impl Move {
    /// Whether `seat` is told about this move at all (every move but another seat's
    /// concealed-kong marker).
    pub fn is_for(&self, seat: Seat) -> bool {
        match self.shown {
            Shown::Marker(owner) => usize::from(owner) == seat,
            _ => true,
        }
    }

    /// The face `seat` sees: the tile, or `None` for `?`.
    pub fn face_for(&self, seat: Seat) -> Option<Tile> {
        match self.shown {
            Shown::All => Some(self.tile),
            Shown::Only(owner) if usize::from(owner) == seat => Some(self.tile),
            Shown::Only(_) | Shown::Nobody | Shown::Marker(_) => None,
        }
    }
}

/// Why a hand was abandoned without a winner (tochuu ryuukyoku).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Abort {
    /// Kyuushu kyuuhai: this seat showed nine kinds of terminals and honours on its
    /// first uninterrupted turn.
    NineTerminals(SeatByte),
    /// Suufon renda: the first four discards were the same wind, with no call.
    FourWinds,
    /// Suucha riichi: the fourth riichi stick was placed.
    FourRiichi,
    /// Suukaikan: four kans by more than one seat, and the discard after the fourth
    /// passed.
    FourKans,
    /// Sanchahou: three seats called ron on the same tile.
    TripleRon,
}

/// How a hand ended without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// The live wall ran out (ryuukyoku); these seats were tenpai.
    Exhaustive {
        /// Tenpai seats, indexed by seat.
        tenpai: [bool; 4],
    },
    /// An abortive draw.
    Abortive(Abort),
}

/// One winner's win, scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// Who won.
    pub winner: Seat,
    /// Who dealt in, or `None` for tsumo.
    pub from: Option<Seat>,
    /// The tile won on.
    pub tile: Tile,
    /// The winner's concealed tiles at the win, the winning tile included.
    pub hand: Vec<Tile>,
    /// The score: yaku, dora, han, fu and limit.
    pub agari: Agari,
    /// The base payment, before honba and sticks.
    pub payment: Payment,
    /// Honba paid with this win (300 per honba for ron, 100 from each for tsumo); 0 for
    /// the second winner of a double ron.
    pub honba: u8,
    /// Riichi sticks collected with this win (1000 each); 0 for the second winner of a
    /// double ron.
    pub sticks: u8,
    /// Each seat's change in points from this win.
    pub deltas: [i32; 4],
    /// Scores after it.
    pub scores: [i32; 4],
}

/// A hand that ended without a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Why.
    pub kind: DrawKind,
    /// Tenpai payments (zero for abortive draws).
    pub deltas: [i32; 4],
    /// Scores after them.
    pub scores: [i32; 4],
}

/// Each seat's wind in a hand that `dealer` deals: East, then on in playing order.
pub fn seat_winds(dealer: Seat) -> [Wind; 4] {
    std::array::from_fn(|seat| Wind::of_seat(seat, dealer))
}

// A table keeps every event of the current hand (see the module documentation): keep
// an event this small.
const _: () = assert!(std::mem::size_of::<Event>() <= 24);

/// Something that happened at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A hand begins: the client resets every tile to the deck.
    NewHand {
        /// The prevailing wind.
        round: Wind,
        /// The dealer's turn number within the round, 1..=4.
        number: u8,
        /// The dealer (East); the others' winds follow in playing order
        /// ([`seat_winds`]).
        dealer: SeatByte,
        /// Repeat counters (honba).
        honba: u8,
        /// Riichi sticks on the table from earlier hands.
        sticks: u8,
        /// Points at the start of the hand.
        scores: [i32; 4],
    },
    /// A tile moved.
    Move(Move),
    /// The dealer rolled these two dice to break the wall.
    Break {
        /// Each die, 1..=6.
        dice: [u8; 2],
    },
    /// `seat` declares riichi: the next move is its discard.
    Riichi {
        /// Who declared.
        seat: SeatByte,
    },
    /// The riichi discard was not ronned: `seat` paid its 1000-point stick.
    RiichiAccepted {
        /// Who paid.
        seat: SeatByte,
        /// Sticks on the table now.
        sticks: u8,
        /// Scores now.
        scores: [i32; 4],
    },
    /// `seat` made (or, for a kakan, upgraded) its meld number `index`; the moves that
    /// build it follow.
    Meld {
        /// Whose meld.
        seat: SeatByte,
        /// Its number, 0..4.
        index: u8,
        /// The meld as it now is.
        meld: Meld,
    },
    /// A win, scored and paid. A double ron gives two, the seat nearest the discarder
    /// first.
    Win(Box<Win>),
    /// The hand ended without a win.
    Draw(Box<Drawn>),
    /// The hand is over and every hand has been revealed; the game waits for
    /// [`Game::next_hand`](super::Game::next_hand) unless [`Event::GameOver`] follows.
    HandOver {
        /// Scores now.
        scores: [i32; 4],
    },
    /// The game is over. Leftover riichi sticks went to the first place.
    GameOver {
        /// Final points.
        scores: [i32; 4],
        /// Each seat's place, 1..=4 (ties go to the seat nearer the first dealer).
        ranks: [u8; 4],
    },
}

impl Event {
    /// Whether `seat` is told about this event: every event but another seat's
    /// concealed-kong marker. (A move's face is a separate question: [`Move::face_for`].)
    pub fn is_for(&self, seat: Seat) -> bool {
        match self {
            Event::Move(m) => m.is_for(seat),
            _ => true,
        }
    }

    /// A move event.
    pub(crate) fn moved(tile: Tile, from: Place, to: Place, shown: Shown) -> Event {
        Event::Move(Move {
            tile,
            from,
            to,
            shown,
        })
    }
}
