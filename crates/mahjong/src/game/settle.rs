//! The end of a hand: scoring and paying wins, tenpai payments, abortive draws, then who
//! deals next, honba, and the end of the game.

use super::event::{byte, Abort, DrawKind, Drawn, Event, Place, Shown, Win};
use super::{Cause, Drew, Game, Phase, Seat, Turn, Window};
use crate::score::{evaluate, Agari, Payment, WinContext};
use crate::tile::Tile;
use arrayvec::ArrayVec;

/// Points each honba adds to a ron (a tsumo takes a third of it from each payer).
const HONBA_RON: i32 = 300;
/// Points a riichi stick is worth to the winner.
const STICK: i32 = 1000;
/// What the noten seats pay the tenpai seats at an exhaustive draw, in all.
const NOTEN_PENALTY: i32 = 3000;

/// How a hand ended, for deciding who deals next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Someone won; whether the dealer was among the winners.
    Win { dealer_won: bool },
    /// The wall ran out; whether the dealer was tenpai.
    Exhausted { dealer_tenpai: bool },
    /// An abortive draw.
    Aborted,
}

impl Game {
    /// The context of a win by `seat`, the situational flags left to the caller.
    fn context<'a>(
        &self,
        seat: Seat,
        tsumo: bool,
        dora: &'a [Tile],
        ura: &'a [Tile],
    ) -> WinContext<'a> {
        let riichi = self.players[seat].riichi;
        WinContext {
            tsumo,
            riichi: riichi.is_some(),
            double_riichi: riichi.is_some_and(|r| r.double),
            ippatsu: riichi.is_some_and(|r| r.ippatsu),
            seat_wind: Some(self.seat_wind(seat)),
            round_wind: Some(self.round_wind()),
            dora_indicators: dora,
            ura_indicators: ura,
            red_fives: self.rules.red_fives,
            ..WinContext::default()
        }
    }

    /// The score of the seat on turn winning on its drawn tile, if it is a win.
    pub(super) fn tsumo_agari(&self, turn: Turn, dora: &[Tile], ura: &[Tile]) -> Option<Agari> {
        let win = turn.drawn()?;
        let player = &self.players[turn.seat];
        let mut concealed: ArrayVec<Tile, 14> = player.hand.clone();
        concealed.retain(|t| *t != win);
        let ctx = WinContext {
            haitei: matches!(turn.drew, Drew::Live(_)) && self.wall.remaining() == 0,
            rinshan: matches!(turn.drew, Drew::Rinshan(_)),
            first_turn: matches!(turn.drew, Drew::Live(_))
                && !self.interrupted
                && player.discards.is_empty(),
            ..self.context(turn.seat, true, dora, ura)
        };
        evaluate(&concealed, &player.melds, win, &ctx)
    }

    /// The score of `seat` winning on another seat's `tile`, if it is a win.
    pub(super) fn ron_agari(
        &self,
        seat: Seat,
        tile: Tile,
        cause: Cause,
        dora: &[Tile],
        ura: &[Tile],
    ) -> Option<Agari> {
        let player = &self.players[seat];
        let ctx = WinContext {
            houtei: cause == Cause::Discard && self.wall.remaining() == 0,
            chankan: cause != Cause::Discard,
            ..self.context(seat, false, dora, ura)
        };
        evaluate(&player.hand, &player.melds, tile, &ctx)
    }

    /// The ura indicators if `riichi`, else none.
    fn ura_for(&self, riichi: bool) -> ArrayVec<Tile, 5> {
        if riichi {
            self.wall.ura_indicators()
        } else {
            ArrayVec::new()
        }
    }

    /// The seat on turn wins on its drawn tile.
    pub(super) fn win_by_tsumo(&mut self, turn: Turn, events: &mut Vec<Event>) {
        let seat = turn.seat;
        if matches!(turn.drew, Drew::Rinshan(_)) {
            // The open-kan dora behind this replacement tile counts.
            self.reveal_pending_dora(events);
        }
        let riichi = self.players[seat].riichi.is_some();
        if riichi {
            self.reveal_ura(events);
        }
        let dora = self.wall.dora_indicators();
        let ura = self.ura_for(riichi);
        let agari = self
            .tsumo_agari(turn, &dora, &ura)
            .expect("tsumo was checked");
        let tile = turn.drawn().expect("tsumo was checked");
        self.pay(seat, None, tile, agari, self.honba, events);
        let dealer_won = seat == self.dealer();
        self.end_hand(Outcome::Win { dealer_won }, events);
    }

    /// One or two seats win on the window's tile; the nearest to the discarder comes
    /// first and collects the honba and the sticks.
    pub(super) fn win_by_ron(
        &mut self,
        window: &Window,
        winners: &[Seat],
        events: &mut Vec<Event>,
    ) {
        let any_riichi = winners.iter().any(|&s| self.players[s].riichi.is_some());
        if any_riichi {
            self.reveal_ura(events);
        }
        let dora = self.wall.dora_indicators();
        for (i, &seat) in winners.iter().enumerate() {
            let ura = self.ura_for(self.players[seat].riichi.is_some());
            let agari = self
                .ron_agari(seat, window.tile, window.cause, &dora, &ura)
                .expect("ron was checked");
            let honba = if i == 0 { self.honba } else { 0 };
            self.pay(seat, Some(window.from), window.tile, agari, honba, events);
        }
        let dealer_won = winners.contains(&self.dealer());
        self.end_hand(Outcome::Win { dealer_won }, events);
    }

    /// Pays one win (with `honba` counters and whatever sticks are on the table) and
    /// announces it.
    fn pay(
        &mut self,
        winner: Seat,
        from: Option<Seat>,
        tile: Tile,
        agari: Agari,
        honba: u8,
        events: &mut Vec<Event>,
    ) {
        let dealer = self.dealer();
        let payment = agari.payment(winner == dealer, from.is_none());
        let sticks = std::mem::take(&mut self.sticks);
        let honba_points = HONBA_RON * i32::from(honba);
        let mut deltas = [0; 4];
        let mut charge = |seat: Seat, points: u32, honba: i32| {
            let points = points as i32 + honba;
            deltas[seat] -= points;
            deltas[winner] += points;
        };
        match (payment, from) {
            (Payment::Ron(points), Some(loser)) => charge(loser, points, honba_points),
            (Payment::DealerTsumo(points), _) => {
                for seat in (0..4).filter(|&s| s != winner) {
                    charge(seat, points, honba_points / 3);
                }
            }
            (Payment::Tsumo { dealer: d, other }, _) => {
                for seat in (0..4).filter(|&s| s != winner) {
                    let points = if seat == dealer { d } else { other };
                    charge(seat, points, honba_points / 3);
                }
            }
            (Payment::Ron(_), None) => unreachable!("a tsumo is not paid as a ron"),
        }
        deltas[winner] += STICK * i32::from(sticks);
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
        let mut hand: Vec<Tile> = self.players[winner].hand.to_vec();
        if from.is_some() {
            hand.push(tile);
            hand.sort_unstable();
        }
        events.push(Event::Win(Box::new(Win {
            winner,
            from,
            tile,
            hand,
            agari,
            payment,
            honba,
            sticks,
            deltas,
            scores: self.scores,
        })));
    }

    /// The live wall ran out: tenpai payments.
    pub(super) fn exhaustive_draw(&mut self, events: &mut Vec<Event>) {
        let tenpai = self.players.each_ref().map(|p| p.waits != 0);
        let ready = tenpai.iter().filter(|&&t| t).count() as i32;
        let mut deltas = [0; 4];
        if (1..4).contains(&ready) {
            for (delta, &t) in deltas.iter_mut().zip(&tenpai) {
                *delta = if t {
                    NOTEN_PENALTY / ready
                } else {
                    -NOTEN_PENALTY / (4 - ready)
                };
            }
        }
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
        events.push(Event::Draw(Box::new(Drawn {
            kind: DrawKind::Exhaustive { tenpai },
            deltas,
            scores: self.scores,
        })));
        let dealer_tenpai = tenpai[self.dealer()];
        self.end_hand(Outcome::Exhausted { dealer_tenpai }, events);
    }

    /// The hand is abandoned.
    pub(super) fn abort(&mut self, reason: Abort, events: &mut Vec<Event>) {
        events.push(Event::Draw(Box::new(Drawn {
            kind: DrawKind::Abortive(reason),
            deltas: [0; 4],
            scores: self.scores,
        })));
        self.end_hand(Outcome::Aborted, events);
    }

    /// Reveals every hand, then moves the deal on (or ends the game).
    fn end_hand(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        for (seat, player) in self.players.iter().enumerate() {
            for &tile in &player.hand {
                let place = Place::Hand(byte(seat));
                events.push(Event::moved(tile, place, place, Shown::All));
            }
        }
        events.push(Event::HandOver {
            scores: self.scores,
        });
        let (repeat, stays_on) = match outcome {
            Outcome::Win { dealer_won } => (dealer_won, dealer_won),
            Outcome::Exhausted { dealer_tenpai } => (dealer_tenpai, true),
            Outcome::Aborted => (true, true),
        };
        let last = self.round + 1 >= self.rules.length.hands();
        let dealer_quits_first = repeat
            && last
            && outcome != Outcome::Aborted
            && ranks(&self.scores)[self.dealer()] == 1;
        let over = self.scores.iter().any(|&s| s < 0) || (last && !repeat) || dealer_quits_first;
        self.honba = if stays_on { self.honba + 1 } else { 0 };
        if !repeat {
            self.round += 1;
        }
        if over {
            self.game_over(events);
        } else {
            self.phase = Phase::HandOver;
        }
    }

    /// Gives leftover sticks to the first place and ends the game.
    fn game_over(&mut self, events: &mut Vec<Event>) {
        let ranks = ranks(&self.scores);
        let top = ranks
            .iter()
            .position(|&r| r == 1)
            .expect("someone is first");
        self.scores[top] += STICK * i32::from(std::mem::take(&mut self.sticks));
        events.push(Event::GameOver {
            scores: self.scores,
            ranks,
        });
        self.phase = Phase::GameOver;
    }
}

/// Each seat's place, 1..=4, by points; ties go to the seat nearer seat 0 (the first
/// dealer).
pub(super) fn ranks(scores: &[i32; 4]) -> [u8; 4] {
    std::array::from_fn(|s| {
        1 + (0..4)
            .filter(|&t| scores[t] > scores[s] || (scores[t] == scores[s] && t < s))
            .count() as u8
    })
}
