//! Kans and what follows them: the robbing window, the kan dora and the replacement tile.
//!
//! An ankan shows the mmj1 concealed-kong pattern: four moves into the meld of which the
//! outer two are face down to the other seats, then a face-down self-move of the meld
//! that only the owner receives. Its dora indicator is turned up at once. A kakan or a
//! daiminkan leaves its indicator pending until the kan player's next discard (see the
//! [`game`](super) rules).

use super::event::{byte, Event, Place, Shown};
use super::{Cause, Drew, Game, Seat, Turn};
use crate::meld::{Meld, MeldKind};
use crate::tile::{Kind, Tile};

impl Game {
    /// Lays down a concealed kan of `kind` and lets a thirteen-orphans hand rob it.
    pub(super) fn declare_ankan(&mut self, seat: Seat, kind: Kind, events: &mut Vec<Event>) {
        self.reveal_pending_dora(events);
        let tiles = self.quad(seat, kind);
        for tile in tiles {
            self.players[seat].give(tile);
        }
        let meld = Meld {
            kind: MeldKind::Ankan,
            tiles,
            called: None,
            from: None,
        };
        let index = self.add_meld(seat, meld, events);
        let place = Place::Meld(byte(seat), index);
        for (i, tile) in tiles.into_iter().enumerate() {
            let shown = if i == 1 || i == 2 {
                Shown::All
            } else {
                Shown::Only(byte(seat))
            };
            events.push(Event::moved(tile, Place::Hand(byte(seat)), place, shown));
        }
        events.push(Event::moved(
            tiles[3],
            place,
            place,
            Shown::Marker(byte(seat)),
        ));
        self.open_window(seat, tiles[3], Cause::Ankan, false, events);
    }

    /// Adds the fourth tile of `kind` to the seat's pon and lets others rob it.
    pub(super) fn declare_kakan(&mut self, seat: Seat, kind: Kind, events: &mut Vec<Event>) {
        self.reveal_pending_dora(events);
        let player = &mut self.players[seat];
        let added = player
            .of_kind(kind)
            .next()
            .expect("kakan was checked: the tile is in the hand");
        player.give(added);
        let index = player
            .melds
            .iter()
            .position(|m| m.kind == MeldKind::Pon && m.base() == kind)
            .expect("kakan was checked: the pon exists");
        let meld = &mut player.melds[index];
        meld.kind = MeldKind::Kakan;
        meld.tiles[3] = added;
        meld.tiles.sort_unstable();
        let meld = *meld;
        self.interrupted = true;
        self.kan_seats = self.kan_seats.with(seat);
        let index = index as u8;
        events.push(Event::Meld {
            seat: byte(seat),
            index,
            meld,
        });
        events.push(Event::moved(
            added,
            Place::Hand(byte(seat)),
            Place::Meld(byte(seat), index),
            Shown::All,
        ));
        self.open_window(seat, added, Cause::Kakan, false, events);
    }

    /// Records a new meld for `seat` (from its own tiles or a claim): the meld event and
    /// the bookkeeping every call shares. Returns its number.
    pub(super) fn add_meld(&mut self, seat: Seat, meld: Meld, events: &mut Vec<Event>) -> u8 {
        let player = &mut self.players[seat];
        let index = player.melds.len() as u8;
        player.melds.push(meld);
        self.interrupted = true;
        if meld.is_kan() {
            self.kan_seats = self.kan_seats.with(seat);
        }
        if meld.kind != MeldKind::Ankan {
            // An ankan breaks ippatsu only once nobody robbed it (see `complete_kan`).
            self.break_ippatsu();
        }
        events.push(Event::Meld {
            seat: byte(seat),
            index,
            meld,
        });
        index
    }

    /// Ends every ippatsu: a call was made.
    pub(super) fn break_ippatsu(&mut self) {
        for player in &mut self.players {
            if let Some(r) = &mut player.riichi {
                r.ippatsu = false;
            }
        }
    }

    /// Finishes a kan nobody robbed: ippatsu ends, the kan dora is turned up (ankan) or
    /// left pending (open kans), and the seat draws a replacement tile.
    pub(super) fn complete_kan(&mut self, seat: Seat, concealed: bool, events: &mut Vec<Event>) {
        self.break_ippatsu();
        if concealed {
            self.reveal_dora(events);
        } else {
            self.pending_dora += 1;
        }
        let (r, tile) = self.wall.draw_replacement();
        let player = &mut self.players[seat];
        player.take(tile);
        events.push(Event::moved(
            tile,
            Place::Replacement(r),
            Place::Hand(byte(seat)),
            Shown::Only(byte(seat)),
        ));
        self.phase = super::Phase::Turn(Turn {
            seat,
            drew: Drew::Rinshan(tile),
        });
    }

    /// Turns up the next dora indicator.
    pub(super) fn reveal_dora(&mut self, events: &mut Vec<Event>) {
        let (a, tile) = self.wall.reveal_dora();
        let place = Place::DoraWall(a);
        events.push(Event::moved(tile, place, place, Shown::All));
    }

    /// Turns up the open-kan dora indicators still face down.
    pub(super) fn reveal_pending_dora(&mut self, events: &mut Vec<Event>) {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.reveal_dora(events);
        }
    }

    /// Turns up the ura indicators under the dora indicators (for a riichi win).
    pub(super) fn reveal_ura(&self, events: &mut Vec<Event>) {
        for i in 0..self.wall.dora {
            let a = 2 * i + 1;
            let place = Place::DoraWall(a);
            events.push(Event::moved(
                self.wall.dora_wall(a),
                place,
                place,
                Shown::All,
            ));
        }
    }

    /// The four tiles of `kind` a seat holds, in id order.
    pub(super) fn quad(&self, seat: Seat, kind: Kind) -> [Tile; 4] {
        let mut tiles = self.players[seat].of_kind(kind);
        std::array::from_fn(|_| tiles.next().expect("an ankan was checked: four tiles"))
    }
}
