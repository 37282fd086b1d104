//! Calls on a discard: chi, pon and daiminkan. What a seat may call (exact physical
//! tiles, red fives told apart), the swap-calling (kuikae) ban that follows, and making
//! the meld once the claim window has resolved in the call's favour.

use super::event::{byte, Event, Place, Shown};
use super::{Action, Actions, Cause, Drew, Game, Phase, RuleError, Seat, Turn, Window};
use crate::hand::{self, KindSet};
use crate::meld::{Meld, MeldKind};
use crate::tile::{Kind, Tile};
use arrayvec::ArrayVec;

impl Game {
    /// The pon, daiminkan and chi options of `seat` (calls were checked to be open).
    pub(super) fn call_actions(&self, window: &Window, seat: Seat, actions: &mut Actions) {
        let kind = window.tile.kind();
        let copies: ArrayVec<Tile, 4> = self.players[seat].of_kind(kind).collect();
        let mut pon_shapes: ArrayVec<(bool, bool), 3> = ArrayVec::new();
        for i in 0..copies.len() {
            for j in i + 1..copies.len() {
                let pair = [copies[i], copies[j]];
                let shape = (pair[0].is_red_five(), pair[1].is_red_five());
                if !pon_shapes.contains(&shape) && self.check_pon(window, seat, pair).is_ok() {
                    pon_shapes.push(shape);
                    actions.push(Action::Pon(pair));
                }
            }
        }
        if let Ok(three) = <[Tile; 3]>::try_from(copies.as_slice()) {
            if self.check_daiminkan(window, seat, three).is_ok() {
                actions.push(Action::Daiminkan(three));
            }
        }
        if seat != (window.from + 1) % 4 {
            return;
        }
        let Some(number) = kind.number() else {
            return;
        };
        let k = kind.index() as i8;
        let n = number as i8;
        for (da, db) in [(-2, -1), (-1, 1), (1, 2)] {
            if !(1..=9).contains(&(n + da)) || !(1..=9).contains(&(n + db)) {
                continue;
            }
            let a_kind = Kind::new((k + da) as u8).expect("in suit");
            let b_kind = Kind::new((k + db) as u8).expect("in suit");
            for a in self.variants(seat, a_kind) {
                for b in self.variants(seat, b_kind) {
                    if self.check_chi(window, seat, [a, b]).is_ok() {
                        actions.push(Action::Chi([a, b]));
                    }
                }
            }
        }
    }

    /// The distinct ways a seat can show a tile of `kind`: a plain copy and the red five.
    fn variants(&self, seat: Seat, kind: Kind) -> ArrayVec<Tile, 2> {
        let mut out = ArrayVec::new();
        let player = &self.players[seat];
        if let Some(plain) = player.of_kind(kind).find(|t| !t.is_red_five()) {
            out.push(plain);
        }
        if let Some(red) = player.of_kind(kind).find(|t| t.is_red_five()) {
            out.push(red);
        }
        out
    }

    /// Whether any call (not ron) is open to `seat` on this window.
    pub(super) fn call_allowed(&self, window: &Window, seat: Seat) -> Result<(), RuleError> {
        if window.cause != Cause::Discard {
            Err(RuleError::KanTileRonOnly)
        } else if self.players[seat].riichi.is_some() {
            Err(RuleError::RiichiNoCalls)
        } else if window.ron_only {
            Err(RuleError::RonOnly)
        } else {
            Ok(())
        }
    }

    /// Whether the seat holds each of `tiles`, all different.
    fn holds_all(&self, seat: Seat, tiles: &[Tile]) -> Result<(), RuleError> {
        let distinct = tiles
            .iter()
            .enumerate()
            .all(|(i, t)| !tiles[..i].contains(t));
        if distinct && tiles.iter().all(|&t| self.players[seat].holds(t)) {
            Ok(())
        } else {
            Err(RuleError::NotInHand)
        }
    }

    /// Whether, after calling with `used` and being barred from `forbidden`, the hand
    /// still has something to discard.
    fn can_discard_after(&self, seat: Seat, used: &[Tile], forbidden: KindSet) -> bool {
        self.players[seat]
            .hand
            .iter()
            .any(|t| !used.contains(t) && !hand::contains(forbidden, t.kind()))
    }

    /// Why `seat` may not pon with `pair`, if it may not.
    pub(super) fn check_pon(
        &self,
        window: &Window,
        seat: Seat,
        pair: [Tile; 2],
    ) -> Result<(), RuleError> {
        self.holds_all(seat, &pair)?;
        let kind = window.tile.kind();
        if pair.iter().any(|t| t.kind() != kind) {
            return Err(RuleError::BadPon);
        }
        if !self.can_discard_after(seat, &pair, 1 << kind.index()) {
            return Err(RuleError::NoDiscardAfterCall);
        }
        Ok(())
    }

    /// Why `seat` may not call an open kan with `three`, if it may not.
    pub(super) fn check_daiminkan(
        &self,
        window: &Window,
        seat: Seat,
        three: [Tile; 3],
    ) -> Result<(), RuleError> {
        self.holds_all(seat, &three)?;
        if three.iter().any(|t| t.kind() != window.tile.kind()) {
            Err(RuleError::BadPon)
        } else if self.wall.kans >= 4 {
            Err(RuleError::NoMoreKans)
        } else {
            Ok(())
        }
    }

    /// Why `seat` may not chi with `pair`, if it may not.
    pub(super) fn check_chi(
        &self,
        window: &Window,
        seat: Seat,
        pair: [Tile; 2],
    ) -> Result<(), RuleError> {
        if seat != (window.from + 1) % 4 {
            return Err(RuleError::BadChi);
        }
        self.holds_all(seat, &pair)?;
        let forbidden = chi_forbidden(window.tile, pair).ok_or(RuleError::BadChi)?;
        if !self.can_discard_after(seat, &pair, forbidden) {
            return Err(RuleError::NoDiscardAfterCall);
        }
        Ok(())
    }

    /// Makes the chi, pon or daiminkan `seat` called on the window's tile.
    pub(super) fn make_call(
        &mut self,
        window: &Window,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) {
        let (kind, own): (MeldKind, ArrayVec<Tile, 3>) = match action {
            Action::Chi(pair) => (MeldKind::Chi, pair.into_iter().collect()),
            Action::Pon(pair) => (MeldKind::Pon, pair.into_iter().collect()),
            Action::Daiminkan(three) => (MeldKind::Daiminkan, three.into_iter().collect()),
            _ => unreachable!("only calls reach make_call"),
        };
        let from = window.from;
        if let Some(discard) = self.players[from].discards.last_mut() {
            discard.called = true;
        }
        let mut tiles = [window.tile; 4];
        tiles[1..=own.len()].copy_from_slice(&own);
        let len = own.len() + 1;
        tiles[..len].sort_unstable();
        if len == 3 {
            tiles[3] = tiles[2];
        }
        let meld = Meld {
            kind,
            tiles,
            called: Some(window.tile),
            from: Some(byte(from)),
        };
        let player = &mut self.players[seat];
        for &tile in &own {
            player.give(tile);
        }
        player.passed_win = false;
        let index = self.add_meld(seat, meld, events);
        let place = Place::Meld(byte(seat), index);
        events.push(Event::moved(
            window.tile,
            Place::Discards(byte(from)),
            place,
            Shown::All,
        ));
        for &tile in &own {
            events.push(Event::moved(
                tile,
                Place::Hand(byte(seat)),
                place,
                Shown::All,
            ));
        }
        match action {
            Action::Daiminkan(_) => self.complete_kan(seat, false, events),
            Action::Chi(pair) => {
                let forbidden = chi_forbidden(window.tile, pair).expect("chi was checked");
                self.phase = Phase::Turn(Turn {
                    seat,
                    drew: Drew::Call { forbidden },
                });
            }
            _ => {
                self.phase = Phase::Turn(Turn {
                    seat,
                    drew: Drew::Call {
                        forbidden: 1 << window.tile.kind().index(),
                    },
                })
            }
        }
    }
}

/// If `claimed` and `pair` make a run, the kinds the caller may not discard next
/// (kuikae): the claimed kind and, when the claimed tile is at an end of the run, the
/// kind just beyond the other end.
fn chi_forbidden(claimed: Tile, pair: [Tile; 2]) -> Option<KindSet> {
    let c = claimed.kind();
    let suit = c.suit()?;
    let mut kinds = [c.index(), pair[0].kind().index(), pair[1].kind().index()];
    if pair.iter().any(|t| t.kind().suit() != Some(suit)) {
        return None;
    }
    kinds.sort_unstable();
    if kinds[1] != kinds[0] + 1 || kinds[2] != kinds[1] + 1 {
        return None;
    }
    let number = c.number()?;
    let mut forbidden: KindSet = 1 << c.index();
    if c.index() == kinds[0] && number + 3 <= 9 {
        forbidden |= 1 << (c.index() + 3);
    } else if c.index() == kinds[2] && number >= 4 {
        forbidden |= 1 << (c.index() - 3);
    }
    Some(forbidden)
}
