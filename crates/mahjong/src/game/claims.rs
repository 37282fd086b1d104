//! Claim windows: after a discard (or a kan others may rob) the other seats answer, and
//! the answers are resolved together once all are in. (What a call may be, and making
//! it, is in `calls`.)
//!
//! Priority: ron, then pon or daiminkan, then chi. One or two rons win (nearest the
//! discarder first); three abort the hand. When nobody rons, every seat whose waits
//! held the tile becomes furiten (temporary, and for the rest of the hand after riichi),
//! a riichi declaration's stick is paid, and an abortive draw that hangs on the discard
//! happens before any call.

use super::event::{byte, Event, Place, Shown};
use super::turn::RIICHI_STICK;
use super::{
    Abort, Action, Actions, Cause, Drew, Game, Phase, RuleError, Seat, SeatSet, Turn, Window,
};
use crate::hand;
use crate::score::Yaku;
use crate::tile::Tile;
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
        for seat in SeatSet::others(from).iter() {
            if hand::contains(self.players[seat].waits, kind) {
                waiting = waiting.with(seat);
                if self.may_ron(seat, tile, cause) {
                    can_ron = can_ron.with(seat);
                }
            }
        }
        let owed = match cause {
            Cause::Discard => SeatSet::others(from),
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

    /// Whether `seat`, waiting on `tile`'s kind, may win on it: not furiten, a yaku, and
    /// for a concealed kan thirteen orphans (the only hand that may rob one).
    fn may_ron(&self, seat: Seat, tile: Tile, cause: Cause) -> bool {
        if self.players[seat].is_furiten() {
            return false;
        }
        let Some(agari) = self.ron_agari(seat, tile, cause, &[], &[]) else {
            return false;
        };
        cause != Cause::Ankan
            || agari
                .yaku
                .iter()
                .any(|(y, _)| matches!(y, Yaku::Kokushi | Yaku::Kokushi13))
    }

    /// Every legal answer of `seat` to the window.
    pub(super) fn claim_actions(&self, window: &Window, seat: Seat, actions: &mut Actions) {
        actions.push(Action::Pass);
        if window.can_ron.contains(seat) {
            actions.push(Action::Ron);
        }
        if self.call_allowed(window, seat).is_ok() {
            self.call_actions(window, seat, actions);
        }
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
                self.check_daiminkan(window, seat, three)
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
                seat: byte(window.from),
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
            Place::Hand(byte(seat)),
            Shown::Only(byte(seat)),
        ));
        self.phase = Phase::Turn(Turn {
            seat,
            drew: Drew::Live(tile),
        });
    }
}
