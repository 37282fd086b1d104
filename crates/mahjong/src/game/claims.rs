//! Claim windows: after a discard (or a kan others may rob) the other seats answer, and
//! the answers are resolved together once all are in.
//!
//! Priority: ron, then pon or daiminkan, then chi. One or two rons win (nearest the
//! discarder first); three abort the hand. When nobody rons, every seat whose waits
//! held the tile becomes furiten (temporary, and for the rest of the hand after riichi),
//! a riichi declaration's stick is paid, and an abortive draw that hangs on the discard
//! happens before any call.

use super::event::{Event, Place, Shown};
use super::turn::RIICHI_STICK;
use super::{
    Abort, Action, Actions, Cause, Drew, Game, Phase, RuleError, Seat, SeatSet, Turn, Window,
};
use crate::hand::{self, KindSet};
use crate::meld::{Meld, MeldKind};
use crate::score::Yaku;
use crate::tile::{Kind, Tile};
use arrayvec::ArrayVec;

impl Game {
    /// Opens the window on `tile` from `from`: works out who may ron and who must
    /// answer. A kan window nobody may answer closes at once.
    pub(super) fn open_window(
        &mut self,
        from: Seat,
        tile: Tile,
        cause: Cause,
        riichi: bool,
        events: &mut Vec<Event>,
    ) {
        let kind = tile.kind();
        let (mut waiting, mut can_ron) = (SeatSet::EMPTY, SeatSet::EMPTY);
        for seat in (1..4).map(|i| (from + i) % 4) {
            let player = &self.players[seat];
            if !hand::contains(player.waits, kind) {
                continue;
            }
            waiting = waiting.with(seat);
            let robs_ankan = |yaku: &[(Yaku, u8)]| {
                yaku.iter()
                    .any(|(y, _)| matches!(y, Yaku::Kokushi | Yaku::Kokushi13))
            };
            let wins = !player.is_furiten()
                && self
                    .ron_agari(seat, tile, cause, &[], &[])
                    .is_some_and(|a| cause != Cause::Ankan || robs_ankan(&a.yaku));
            if wins {
                can_ron = can_ron.with(seat);
            }
        }
        let owed = match cause {
            Cause::Discard => (1..4).fold(SeatSet::EMPTY, |s, i| s.with((from + i) % 4)),
            Cause::Kakan => can_ron,
            Cause::Ankan => {
                // Only a thirteen-orphans hand was ever offered this tile.
                waiting = can_ron;
                can_ron
            }
        };
        let mut window = Window {
            from,
            tile,
            cause,
            riichi,
            ron_only: false,
            owed,
            can_ron,
            waiting,
            answers: [Action::Pass; 4],
        };
        window.ron_only = self.wall.remaining() == 0 || self.abort_on_pass(&window).is_some();
        if owed.is_empty() {
            self.resolve(window, events);
        } else {
            self.phase = Phase::Claims(window);
        }
    }

    /// Every legal answer of `seat` to the window.
    pub(super) fn claim_actions(&self, window: &Window, seat: Seat, actions: &mut Actions) {
        actions.push(Action::Pass);
        if window.can_ron.contains(seat) {
            actions.push(Action::Ron);
        }
        if self.call_allowed(window, seat).is_err() {
            return;
        }
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
            if self.check_daiminkan(seat, three).is_ok() {
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

    /// Why `seat` may not give this answer, if it may not.
    pub(super) fn check_claim(
        &self,
        window: &Window,
        seat: Seat,
        action: Action,
    ) -> Result<(), RuleError> {
        match action {
            Action::Pass => Ok(()),
            Action::Ron if window.can_ron.contains(seat) => Ok(()),
            Action::Ron if window.waiting.contains(seat) && self.players[seat].is_furiten() => {
                Err(RuleError::Furiten)
            }
            Action::Ron => Err(RuleError::NoWin),
            Action::Pon(pair) => {
                self.call_allowed(window, seat)?;
                self.check_pon(window, seat, pair)
            }
            Action::Daiminkan(three) => {
                self.call_allowed(window, seat)?;
                self.holds_all(seat, &three)?;
                if three.iter().any(|t| t.kind() != window.tile.kind()) {
                    return Err(RuleError::BadPon);
                }
                self.check_daiminkan(seat, three)
            }
            Action::Chi(pair) => {
                self.call_allowed(window, seat)?;
                self.check_chi(window, seat, pair)
            }
            Action::Discard(_)
            | Action::Riichi(_)
            | Action::Tsumo
            | Action::Ankan(_)
            | Action::Kakan(_)
            | Action::NineTerminals => Err(RuleError::NotYourDiscard),
        }
    }

    /// Whether any call (not ron) is open to `seat` on this window.
    fn call_allowed(&self, window: &Window, seat: Seat) -> Result<(), RuleError> {
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

    fn check_pon(&self, window: &Window, seat: Seat, pair: [Tile; 2]) -> Result<(), RuleError> {
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

    fn check_daiminkan(&self, seat: Seat, three: [Tile; 3]) -> Result<(), RuleError> {
        self.holds_all(seat, &three)?;
        if self.wall.kans >= 4 {
            Err(RuleError::NoMoreKans)
        } else {
            Ok(())
        }
    }

    fn check_chi(&self, window: &Window, seat: Seat, pair: [Tile; 2]) -> Result<(), RuleError> {
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

    /// Records `seat`'s answer and resolves the window once every answer is in.
    pub(super) fn answer(
        &mut self,
        mut window: Window,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) {
        window.answers[seat] = action;
        window.owed = window.owed.without(seat);
        if window.owed.is_empty() {
            self.resolve(window, events);
        } else {
            self.phase = Phase::Claims(window);
        }
    }

    /// Acts on the answers: rons, then (for a discard) the riichi stick, an abortive
    /// draw, a call, the end of the wall or the next seat's draw; for a kan, its end.
    fn resolve(&mut self, window: Window, events: &mut Vec<Event>) {
        let rons: ArrayVec<Seat, 3> = (1..4)
            .map(|i| (window.from + i) % 4)
            .filter(|&s| window.answers[s] == Action::Ron)
            .collect();
        match rons.len() {
            3 => return self.abort(Abort::TripleRon, events),
            1 | 2 => return self.win_by_ron(&window, &rons, events),
            _ => {}
        }
        for seat in window.waiting.iter() {
            let player = &mut self.players[seat];
            player.passed_win = true;
            if let Some(r) = &mut player.riichi {
                r.furiten = true;
            }
        }
        match window.cause {
            Cause::Kakan => self.complete_kan(window.from, false, events),
            Cause::Ankan => self.complete_kan(window.from, true, events),
            Cause::Discard => self.after_discard(&window, events),
        }
    }

    /// The abortive draw that happens if this discard passes without ron.
    fn abort_on_pass(&self, window: &Window) -> Option<Abort> {
        if window.cause != Cause::Discard {
            return None;
        }
        let four_winds = !self.interrupted
            && self.discards == 4
            && window.tile.kind().as_wind().is_some()
            && self
                .players
                .iter()
                .all(|p| p.discards.first().map(|d| d.tile.kind()) == Some(window.tile.kind()));
        if window.riichi && self.players.iter().all(|p| p.riichi.is_some()) {
            Some(Abort::FourRiichi)
        } else if four_winds {
            Some(Abort::FourWinds)
        } else if self.wall.kans == 4 && self.kan_seats.len() > 1 {
            Some(Abort::FourKans)
        } else {
            None
        }
    }

    /// A discard nobody ronned: pay the riichi stick, then abort, call, end or draw.
    fn after_discard(&mut self, window: &Window, events: &mut Vec<Event>) {
        if window.riichi {
            self.scores[window.from] -= RIICHI_STICK;
            self.sticks += 1;
            events.push(Event::RiichiAccepted {
                seat: window.from,
                sticks: self.sticks,
                scores: self.scores,
            });
        }
        if let Some(abort) = self.abort_on_pass(window) {
            return self.abort(abort, events);
        }
        let call = (1..4)
            .map(|i| (window.from + i) % 4)
            .map(|s| (s, window.answers[s]))
            .filter(|(_, a)| *a != Action::Pass)
            .min_by_key(|(_, a)| matches!(a, Action::Chi(_)));
        if let Some((seat, action)) = call {
            return self.make_call(window, seat, action, events);
        }
        if self.wall.remaining() == 0 {
            return self.exhaustive_draw(events);
        }
        self.draw_live((window.from + 1) % 4, events);
    }

    /// The next seat draws from the live wall; its turn begins.
    fn draw_live(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let (position, tile) = self.wall.draw();
        let player = &mut self.players[seat];
        player.take(tile);
        player.passed_win = false;
        events.push(Event::moved(
            tile,
            Place::Wall(position),
            Place::Hand(seat),
            Shown::Only(seat),
        ));
        self.phase = Phase::Turn(Turn {
            seat,
            drew: Drew::Live(tile),
        });
    }

    /// Makes the chi, pon or daiminkan `seat` called on the window's tile.
    fn make_call(&mut self, window: &Window, seat: Seat, action: Action, events: &mut Vec<Event>) {
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
            from: Some(from),
        };
        let player = &mut self.players[seat];
        for &tile in &own {
            player.give(tile);
        }
        player.passed_win = false;
        let index = self.add_meld(seat, meld, events);
        let place = Place::Meld(seat, index);
        events.push(Event::moved(
            window.tile,
            Place::Discards(from),
            place,
            Shown::All,
        ));
        for &tile in &own {
            events.push(Event::moved(tile, Place::Hand(seat), place, Shown::All));
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
