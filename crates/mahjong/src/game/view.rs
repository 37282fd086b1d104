//! What one seat may know: the projection of a [`Game`] that bots (and clients) play from.
//!
//! A view borrows the game instead of copying it, so taking one costs nothing, and it
//! exposes only what the seat could see at a real table: its own concealed tiles, and
//! everyone's melds, discards, riichi, points and the dora indicators. Other seats'
//! concealed tiles and the wall are out of reach by construction.

use super::{Discard, Game, Pending, Rules, Seat, SeatSet};
use crate::meld::Meld;
use crate::tile::{Counts, Kind, Tile, Wind};

/// Everything one seat may know about the game, and nothing more.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    game: &'a Game,
    seat: Seat,
}

impl Game {
    /// What `seat` may know of the game now.
    pub fn view(&self, seat: Seat) -> View<'_> {
        View { game: self, seat }
    }
}

impl<'a> View<'a> {
    /// Whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.game.rules
    }

    /// What the table waits for. In a claim window the seat learns only whether it
    /// still owes an answer, not who else does (which would tell who can rob a kan).
    pub fn pending(&self) -> Pending {
        match self.game.pending() {
            Pending::Claims(owed) if owed.contains(self.seat) => {
                Pending::Claims(SeatSet::EMPTY.with(self.seat))
            }
            Pending::Claims(_) => Pending::Claims(SeatSet::EMPTY),
            pending => pending,
        }
    }

    /// Each seat's points.
    pub fn scores(&self) -> [i32; 4] {
        self.game.scores
    }

    /// Repeat counters.
    pub fn honba(&self) -> u8 {
        self.game.honba
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u8 {
        self.game.sticks
    }

    /// The prevailing wind.
    pub fn round_wind(&self) -> Wind {
        self.game.round_wind()
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.game.dealer()
    }

    /// A seat's wind.
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        self.game.seat_wind(seat)
    }

    /// Live tiles left to draw.
    pub fn wall_remaining(&self) -> u8 {
        self.game.wall_remaining()
    }

    /// The dora indicators turned up.
    pub fn dora_indicators(&self) -> arrayvec::ArrayVec<Tile, 5> {
        self.game.dora_indicators()
    }

    /// The seat's own concealed tiles, sorted by id.
    pub fn hand(&self) -> &'a [Tile] {
        self.game.hand(self.seat)
    }

    /// The tile this seat just drew, when it is on turn after a draw.
    pub fn drawn(&self) -> Option<Tile> {
        match self.game.pending() {
            Pending::Turn(seat) if seat == self.seat => self.game.drawn_tile(),
            _ => None,
        }
    }

    /// How many concealed tiles a seat holds.
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.game.hand(seat).len()
    }

    /// A seat's melds.
    pub fn melds(&self, seat: Seat) -> &'a [Meld] {
        self.game.melds(seat)
    }

    /// A seat's discards.
    pub fn discards(&self, seat: Seat) -> &'a [Discard] {
        self.game.discards(seat)
    }

    /// Whether a seat has declared riichi.
    pub fn is_riichi(&self, seat: Seat) -> bool {
        self.game.is_riichi(seat)
    }

    /// The tile up for claiming and who it came from, during a claim window.
    pub fn claim(&self) -> Option<(Seat, Tile)> {
        self.game.claim_tile()
    }

    /// How many tiles of each kind this seat sees outside its own concealed hand: every
    /// meld (its own included), every discard still in a pond, and the dora indicators.
    /// With the hand, what is left of each kind's four is somewhere the seat cannot see.
    pub fn seen_counts(&self) -> Counts {
        let mut counts = [0u8; Kind::COUNT];
        let mut add = |t: Tile| counts[t.kind().index()] += 1;
        self.dora_indicators().into_iter().for_each(&mut add);
        for seat in 0..4 {
            for meld in self.melds(seat) {
                meld.tiles().iter().copied().for_each(&mut add);
            }
            for discard in self.discards(seat).iter().filter(|d| !d.called) {
                add(discard.tile);
            }
        }
        counts
    }
}
