//! What a seat can do, what the table waits for, and why the engine refuses an action.

use super::Seat;
use crate::tile::{Kind, Tile};
use arrayvec::ArrayVec;
use std::fmt;

/// One move by one seat. Claims name the exact physical tiles taken from the hand, so a
/// red five is never used by accident.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// On your turn: discard this tile.
    Discard(Tile),
    /// On your turn: declare riichi and discard this tile.
    Riichi(Tile),
    /// On your turn: win on the tile you drew.
    Tsumo,
    /// On your turn: a concealed kan of the four tiles of this kind.
    Ankan(Kind),
    /// On your turn: add the fourth tile of this kind to your pon (shouminkan).
    Kakan(Kind),
    /// On your first uninterrupted turn with nine kinds of terminals and honours: abort
    /// the hand (kyuushu kyuuhai).
    NineTerminals,
    /// In a claim window: let the tile go.
    Pass,
    /// In a claim window: win on the tile.
    Ron,
    /// In a claim window (the discarder's next seat only): a run with these two tiles.
    Chi([Tile; 2]),
    /// In a claim window: a triplet with these two tiles.
    Pon([Tile; 2]),
    /// In a claim window: an open kan with these three tiles.
    Daiminkan([Tile; 3]),
}

/// The actions open to a seat at one moment. The most a turn offers is 14 discards, 14
/// riichi discards, tsumo, three ankan, four kakan and nine terminals: 37.
pub type Actions = ArrayVec<Action, 40>;

/// A set of seats, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The three seats other than `seat`.
    pub const fn others(seat: Seat) -> SeatSet {
        SeatSet(0b1111 & !(1 << seat))
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat < 4 && self.0 >> seat & 1 == 1
    }

    /// The set with `seat` added.
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat)
    }

    /// The set without `seat`.
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat))
    }

    /// Whether no seat is in it.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats are in it.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in it, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..4).filter(move |&s| self.contains(s))
    }
}

/// What the table is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// This seat holds 14 tiles (counting melds as three) and must act ("play").
    Turn(Seat),
    /// A tile was discarded (or added to a kan); these seats still owe an answer
    /// ("claim"): pass or a claim.
    Claims(SeatSet),
    /// The hand is over; [`Game::next_hand`](super::Game::next_hand) deals the next.
    HandOver,
    /// The game is over.
    GameOver,
}

impl Pending {
    /// Whether `seat` has to act now.
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Pending::Turn(s) => s == seat,
            Pending::Claims(seats) => seats.contains(seat),
            Pending::HandOver | Pending::GameOver => false,
        }
    }
}

/// Why an action was refused; a refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleError {
    /// The game is over.
    GameOver,
    /// The hand is over; the next one has not been dealt.
    HandOver,
    /// A hand is being played, so there is no next hand to deal yet.
    HandInProgress,
    /// Another seat is to act, this seat already answered, or the seat is not 0..4.
    NotYourTurn,
    /// It is a turn, not a claim window.
    NotClaimTime,
    /// It is a claim window, not a turn.
    NotYourDiscard,
    /// The seat does not hold that tile (or those tiles).
    NotInHand,
    /// After riichi the drawn tile must be discarded.
    MustDiscardDrawn,
    /// Kuikae: after a call the claimed kind (or, after chi, the other end of the run)
    /// may not be discarded.
    SwapCall,
    /// Riichi: the hand is open.
    OpenHand,
    /// Riichi: already declared.
    AlreadyRiichi,
    /// Riichi: fewer than 1000 points.
    NotEnoughPoints,
    /// Riichi: fewer than four tiles left in the live wall.
    WallTooShort,
    /// Riichi: the hand is not tenpai after that discard.
    NotTenpai,
    /// Tsumo or ron: the hand is not complete with that tile, or has no yaku.
    NoWin,
    /// Ron: the seat is furiten.
    Furiten,
    /// Tsumo, kans and nine terminals need a drawn tile; a call must be followed by a
    /// discard.
    MustDiscardAfterCall,
    /// Kan: four kans have been made already, or the live wall is empty.
    NoMoreKans,
    /// Kan: the seat does not have the tiles for it.
    NoKan,
    /// Ankan after riichi: only with the drawn tile, and only if the waits stay the same.
    KanChangesWaits,
    /// Nine terminals: not the first uninterrupted turn, or fewer than nine kinds.
    NotNineTerminals,
    /// Calls: a riichi hand may only ron.
    RiichiNoCalls,
    /// Calls: the last discard, or an abortive draw hangs on it: only ron is possible.
    RonOnly,
    /// Calls: only ron is possible on a kan tile.
    KanTileRonOnly,
    /// Chi: only the discarder's next seat may chi, with two tiles making a run.
    BadChi,
    /// Pon or daiminkan: the tiles are not of the discarded kind.
    BadPon,
    /// Chi or pon: the hand would have nothing left to discard but swap-call tiles.
    NoDiscardAfterCall,
}

impl RuleError {
    /// A short sentence for people (what mmj1 sends as `reject C:EXPL`).
    pub fn message(self) -> &'static str {
        match self {
            RuleError::GameOver => "the game is over",
            RuleError::HandOver => "the hand is over",
            RuleError::HandInProgress => "the hand is still being played",
            RuleError::NotYourTurn => "it is not your turn",
            RuleError::NotClaimTime => "there is no tile to claim",
            RuleError::NotYourDiscard => "a discard is being claimed: claim or pass",
            RuleError::NotInHand => "you do not hold that tile",
            RuleError::MustDiscardDrawn => "after riichi you must discard the tile you drew",
            RuleError::SwapCall => "you may not discard that tile right after calling (kuikae)",
            RuleError::OpenHand => "riichi needs a closed hand",
            RuleError::AlreadyRiichi => "you already declared riichi",
            RuleError::NotEnoughPoints => "riichi needs 1000 points",
            RuleError::WallTooShort => "riichi needs four tiles left in the wall",
            RuleError::NotTenpai => "that discard does not leave the hand tenpai",
            RuleError::NoWin => "that is not a winning hand with a yaku",
            RuleError::Furiten => "you are furiten",
            RuleError::MustDiscardAfterCall => "you must discard after a call",
            RuleError::NoMoreKans => "no more kans are possible",
            RuleError::NoKan => "you do not have those tiles for a kan",
            RuleError::KanChangesWaits => "after riichi a kan may not change your waits",
            RuleError::NotNineTerminals => {
                "nine terminals needs nine kinds on the first uninterrupted turn"
            }
            RuleError::RiichiNoCalls => "after riichi you may only ron",
            RuleError::RonOnly => "only ron is possible on this tile",
            RuleError::KanTileRonOnly => "a kan tile can only be robbed by ron",
            RuleError::BadChi => "chi needs two tiles making a run, from the next seat",
            RuleError::BadPon => "those tiles do not match the discard",
            RuleError::NoDiscardAfterCall => "that call would leave nothing to discard",
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for RuleError {}
