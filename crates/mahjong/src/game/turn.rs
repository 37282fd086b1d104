//! The seat on turn: what it may do with its 14 tiles, and discarding.

use super::event::{byte, Event, Place, Shown};
use super::player::{Discard, Riichi};
use super::{Abort, Action, Actions, Cause, Drew, Game, RuleError, Turn};
use crate::hand::{self, KindSet};
use crate::meld::MeldKind;
use crate::tile::{Counts, Kind, Tile};

/// Points a riichi stick costs.
pub(crate) const RIICHI_STICK: i32 = 1000;

/// Kinds of terminals and honours needed to abort with nine terminals.
const NINE_TERMINAL_KINDS: usize = 9;

impl Game {
    /// Every legal action of the seat on turn.
    pub(super) fn turn_actions(&self, turn: Turn, actions: &mut Actions) {
        let player = &self.players[turn.seat];
        // Asked before every move of the seat on turn: the hand's counts are made once
        // and every check below reads them.
        let mut counts = player.counts();
        for &tile in &player.hand {
            if self.discard_allowed(turn, tile).is_ok() {
                actions.push(Action::Discard(tile));
            }
        }
        if self.riichi_allowed(turn).is_ok() && hand::shanten(&counts) <= 0 {
            let (mut tried, mut tenpai): (KindSet, KindSet) = (0, 0);
            for &tile in &player.hand {
                let bit = 1 << tile.kind().index();
                if tried & bit == 0 {
                    tried |= bit;
                    if tenpai_without(&mut counts, tile.kind()) {
                        tenpai |= bit;
                    }
                }
                if tenpai & bit != 0 {
                    actions.push(Action::Riichi(tile));
                }
            }
        }
        if self.tsumo_allowed(turn, &counts).is_ok() {
            actions.push(Action::Tsumo);
        }
        if self.kan_allowed(turn).is_ok() {
            let mut asked: KindSet = 0;
            for &tile in &player.hand {
                let kind = tile.kind();
                let bit = 1 << kind.index();
                if counts[kind.index()] == 4 && asked & bit == 0 {
                    asked |= bit;
                    if self.ankan_allowed(turn, kind, counts).is_ok() {
                        actions.push(Action::Ankan(kind));
                    }
                }
            }
        }
        for meld in player.melds.iter().filter(|m| m.kind == MeldKind::Pon) {
            if self.check_kakan(turn, meld.base()).is_ok() {
                actions.push(Action::Kakan(meld.base()));
            }
        }
        if self.check_nine_terminals(turn).is_ok() {
            actions.push(Action::NineTerminals);
        }
    }

    /// Why the seat on turn may not take `action`, if it may not.
    pub(super) fn check_turn(&self, turn: Turn, action: Action) -> Result<(), RuleError> {
        match action {
            Action::Discard(tile) => self.check_discard(turn, tile),
            Action::Riichi(tile) => {
                if !self.players[turn.seat].holds(tile) {
                    return Err(RuleError::NotInHand);
                }
                self.riichi_allowed(turn)?;
                if self.tenpai_after(turn, tile) {
                    Ok(())
                } else {
                    Err(RuleError::NotTenpai)
                }
            }
            Action::Tsumo => self.check_tsumo(turn),
            Action::Ankan(kind) => self.check_ankan(turn, kind),
            Action::Kakan(kind) => self.check_kakan(turn, kind),
            Action::NineTerminals => self.check_nine_terminals(turn),
            Action::Pass | Action::Ron | Action::Chi(_) | Action::Pon(_) | Action::Daiminkan(_) => {
                Err(RuleError::NotClaimTime)
            }
        }
    }

    /// Carries out a checked action of the seat on turn.
    pub(super) fn play_turn(&mut self, turn: Turn, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::Discard(tile) => self.discard(turn, tile, false, events),
            Action::Riichi(tile) => self.discard(turn, tile, true, events),
            Action::Tsumo => self.win_by_tsumo(turn, events),
            Action::Ankan(kind) => self.declare_ankan(turn.seat, kind, events),
            Action::Kakan(kind) => self.declare_kakan(turn.seat, kind, events),
            Action::NineTerminals => self.abort(Abort::NineTerminals(byte(turn.seat)), events),
            Action::Pass | Action::Ron | Action::Chi(_) | Action::Pon(_) | Action::Daiminkan(_) => {
                unreachable!("claims are refused on a turn")
            }
        }
    }

    fn check_discard(&self, turn: Turn, tile: Tile) -> Result<(), RuleError> {
        if !self.players[turn.seat].holds(tile) {
            return Err(RuleError::NotInHand);
        }
        self.discard_allowed(turn, tile)
    }

    /// Why the seat on turn may not discard `tile`, which it holds, if it may not.
    fn discard_allowed(&self, turn: Turn, tile: Tile) -> Result<(), RuleError> {
        match turn.drew {
            Drew::Call { forbidden } if forbidden >> tile.kind().index() & 1 == 1 => {
                Err(RuleError::SwapCall)
            }
            Drew::Live(drawn) | Drew::Rinshan(drawn)
                if self.players[turn.seat].riichi.is_some() && tile != drawn =>
            {
                Err(RuleError::MustDiscardDrawn)
            }
            _ => Ok(()),
        }
    }

    /// Whether the seat may declare riichi at all this turn (the discard aside).
    fn riichi_allowed(&self, turn: Turn) -> Result<(), RuleError> {
        let player = &self.players[turn.seat];
        if player.riichi.is_some() {
            Err(RuleError::AlreadyRiichi)
        } else if player.is_open() {
            Err(RuleError::OpenHand)
        } else if self.scores[turn.seat] < RIICHI_STICK {
            Err(RuleError::NotEnoughPoints)
        } else if self.wall.remaining() < 4 {
            Err(RuleError::WallTooShort)
        } else {
            Ok(())
        }
    }

    /// Whether the hand waits on something after discarding `tile`.
    fn tenpai_after(&self, turn: Turn, tile: Tile) -> bool {
        tenpai_without(&mut self.players[turn.seat].counts(), tile.kind())
    }

    fn check_tsumo(&self, turn: Turn) -> Result<(), RuleError> {
        self.tsumo_allowed(turn, &self.players[turn.seat].counts())
    }

    /// [`Game::check_tsumo`] given the concealed tiles' `counts`.
    fn tsumo_allowed(&self, turn: Turn, counts: &Counts) -> Result<(), RuleError> {
        if turn.drawn().is_none() {
            return Err(RuleError::MustDiscardAfterCall);
        }
        if !hand::is_complete(counts) {
            return Err(RuleError::NoWin);
        }
        self.tsumo_agari(turn, &[], &[])
            .map(|_| ())
            .ok_or(RuleError::NoWin)
    }

    /// A kan needs a drawn tile, a live tile left to shorten the wall by, and fewer than
    /// four kans so far.
    fn kan_allowed(&self, turn: Turn) -> Result<(), RuleError> {
        if turn.drawn().is_none() {
            Err(RuleError::MustDiscardAfterCall)
        } else if self.wall.kans >= 4 || self.wall.remaining() == 0 {
            Err(RuleError::NoMoreKans)
        } else {
            Ok(())
        }
    }

    fn check_ankan(&self, turn: Turn, kind: Kind) -> Result<(), RuleError> {
        self.kan_allowed(turn)?;
        self.ankan_allowed(turn, kind, self.players[turn.seat].counts())
    }

    /// [`Game::check_ankan`] once a kan is allowed at all, given the concealed tiles'
    /// `counts`.
    fn ankan_allowed(&self, turn: Turn, kind: Kind, mut counts: Counts) -> Result<(), RuleError> {
        let player = &self.players[turn.seat];
        if counts[kind.index()] != 4 {
            return Err(RuleError::NoKan);
        }
        if player.riichi.is_some() {
            // Tenhou: only with the drawn tile, and the waits must not change. The
            // cached waits are those of the 13 tiles before this draw.
            counts[kind.index()] = 0;
            let drawn_kind = turn.drawn().map(Tile::kind);
            if drawn_kind != Some(kind) || hand::waits(&counts) != player.waits {
                return Err(RuleError::KanChangesWaits);
            }
        }
        Ok(())
    }

    fn check_kakan(&self, turn: Turn, kind: Kind) -> Result<(), RuleError> {
        self.kan_allowed(turn)?;
        let player = &self.players[turn.seat];
        let has_pon = player
            .melds
            .iter()
            .any(|m| m.kind == MeldKind::Pon && m.base() == kind);
        if has_pon && player.of_kind(kind).next().is_some() {
            Ok(())
        } else {
            Err(RuleError::NoKan)
        }
    }

    fn check_nine_terminals(&self, turn: Turn) -> Result<(), RuleError> {
        let player = &self.players[turn.seat];
        let first_turn =
            matches!(turn.drew, Drew::Live(_)) && !self.interrupted && player.discards.is_empty();
        if !first_turn {
            return Err(RuleError::NotNineTerminals);
        }
        let counts = player.counts();
        let kinds = Kind::all()
            .filter(|k| k.is_terminal_or_honor() && counts[k.index()] > 0)
            .count();
        if kinds >= NINE_TERMINAL_KINDS {
            Ok(())
        } else {
            Err(RuleError::NotNineTerminals)
        }
    }

    /// Discards `tile` (declaring riichi with it if `riichi`) and opens the claim window.
    fn discard(&mut self, turn: Turn, tile: Tile, riichi: bool, events: &mut Vec<Event>) {
        let seat = turn.seat;
        let double = !self.interrupted && self.players[seat].discards.is_empty();
        if riichi {
            events.push(Event::Riichi { seat: byte(seat) });
        }
        let player = &mut self.players[seat];
        if riichi {
            player.riichi = Some(Riichi {
                double,
                ippatsu: true,
                furiten: false,
            });
        } else if let Some(r) = &mut player.riichi {
            r.ippatsu = false;
        }
        // Letting go of a tile of the kind just drawn from the wall leaves the hand the
        // seat had before the draw, whose waits it has kept since its last discard: only
        // a call or a kan changes a hand between, and those are followed by no draw or a
        // replacement draw. (The dealer's first hand is dealt with 14 tiles, so it has
        // no waits kept.)
        let same_hand = !player.discards.is_empty()
            && matches!(turn.drew, Drew::Live(drawn) if drawn.kind() == tile.kind());
        player.give(tile);
        player.discards.push(Discard {
            tile,
            tsumogiri: turn.drawn() == Some(tile),
            riichi,
            called: false,
        });
        player.discarded |= 1 << tile.kind().index();
        if same_hand {
            debug_assert_eq!(player.waits, hand::waits(&player.counts()), "waits kept");
        } else {
            player.update_waits();
        }
        self.discards += 1;
        events.push(Event::moved(
            tile,
            Place::Hand(byte(seat)),
            Place::Discards(byte(seat)),
            Shown::All,
        ));
        self.reveal_pending_dora(events);
        self.open_window(seat, tile, Cause::Discard, riichi, events);
    }
}

/// Whether the hand of `counts` waits on something without one tile of `kind` (`counts`
/// is as it was afterwards).
fn tenpai_without(counts: &mut Counts, kind: Kind) -> bool {
    counts[kind.index()] -= 1;
    let tenpai = hand::waits(counts) != 0;
    counts[kind.index()] += 1;
    tenpai
}
