//! What the server's messages other than moves do to the table, and the log's words for
//! them and for what the moves meant.

use super::deal::{Deal, Happened};
use super::tiles::show;
use super::{ordinal, wind, Mahjong};
use crate::play::screen::printable;
use crate::play::screen::push_log;
use mahjong::Wind;

impl Mahjong {
    /// The log line for something that happened.
    pub(super) fn tell(&mut self, happened: Happened) {
        let line = match happened {
            Happened::Discard { who, face, riichi } => {
                let (who, s) = self.subject(who);
                if riichi {
                    format!("{who} declare{s} riichi, discarding {}", show(&face))
                } else {
                    format!("{who} discard{s} {}", show(&face))
                }
            }
            Happened::Meld { who, n } => {
                let Some(meld) = self.deal.melds[who][n].clone() else {
                    return;
                };
                let (name, s) = self.subject(who);
                match meld.from {
                    Some(from) => format!(
                        "{name} call{s} {} from {}",
                        meld.describe(),
                        self.name(from)
                    ),
                    None => format!("{name} declare{s} a {}", meld.describe()),
                }
            }
            Happened::AddedKan { who, face } => {
                let (who, s) = self.subject(who);
                format!("{who} add{s} {} to a pon (kan)", show(&face))
            }
        };
        push_log(&mut self.log, line);
    }

    /// `game I C C C C`: our seat and everyone's name (cleaned: others chose them).
    pub(super) fn on_game(&mut self, me: usize, names: [String; 4]) {
        self.me = Some(me);
        for (slot, name) in self.names.iter_mut().zip(names) {
            *slot = printable(&name).chars().take(64).collect();
        }
        self.deal = Deal::new(me);
        let others: Vec<String> = (1..4).map(|i| self.name((me + i) % 4)).collect();
        push_log(
            &mut self.log,
            format!("At the table with {}", others.join(", ")),
        );
    }

    /// `newhand W W W W W`: the round's wind and each seat's; a fresh hand.
    pub(super) fn on_newhand(&mut self, round: Wind, winds: [Wind; 4]) {
        self.round = Some(round);
        self.winds = winds.map(Some);
        self.deal = Deal::new(self.me());
        self.results.clear();
        self.no_calls = false;
        let dealer = match self.winds.iter().position(|&w| w == Some(Wind::East)) {
            Some(seat) => {
                let (who, s) = self.subject(seat);
                format!(", {who} deal{s}")
            }
            None => String::new(),
        };
        push_log(
            &mut self.log,
            format!("New hand: {} round{dealer}", wind(self.round)),
        );
    }

    /// `win I` and the breakdown, each entry with the points it brings, then the total.
    /// Whether it was a tsumo or whose tile it took, mmj1 leaves to the moves before it.
    pub(super) fn on_win(&mut self, winner: usize, breakdown: &[(String, i64)], total: i64) {
        let counted: Vec<(String, i64)> = breakdown
            .iter()
            .map(|(what, n)| (printable(what.trim()), *n))
            .filter(|(what, _)| !what.is_empty())
            .collect();
        let entries: Vec<String> = counted
            .iter()
            .map(|(what, n)| match n {
                0 => what.clone(),
                n => format!("{what} {n}"),
            })
            .collect();
        let (who, s) = self.subject(winner);
        let tsumo = self.deal.just_drew(winner);
        let how = match &self.deal.offer {
            _ if tsumo => " by tsumo".to_owned(),
            Some(o) => format!(" by ron on {} {}", self.whose(o.who), show(&o.face)),
            None => String::new(),
        };
        let headline = format!("{who} win{s}{how}: {total} points");
        // As players say it (han, fu, limit, payments), the yaku by their han; else the
        // breakdown as it came.
        let dealer = self.winds.get(winner) == Some(&Some(Wind::East));
        let said = super::worth::worth(&counted, total, dealer, tsumo);
        let yaku: Vec<String> = counted
            .iter()
            .filter_map(|(n, _)| {
                n.strip_suffix(')')?
                    .rsplit_once(" (")
                    .map(|(y, h)| format!("{y} {h}"))
            })
            .collect();
        let detail = match said {
            Some(said) => format!("  {said} · {}", yaku.join(", ")),
            None => format!("  {}", entries.join(" + ")),
        };
        self.deal.notes[winner] = Some(if tsumo { "won by tsumo" } else { "won" }.into());
        for line in [headline, detail] {
            push_log(&mut self.log, line.clone());
            self.results.push(line);
        }
    }

    /// `reject C:EXPL`: the answer we sent is refused; the question stays open
    /// without it.
    pub(super) fn on_reject(&mut self, why: &str) {
        let why = printable(why);
        let line = match (self.sent.take(), &mut self.prompt) {
            (Some(op), Some(prompt)) => {
                let line = format!("Refused ({}): {why}", op.write());
                prompt.refused.push(op);
                line
            }
            _ => format!("Refused: {why}"),
        };
        push_log(&mut self.log, line);
    }

    /// parlor's `gameover I I I I`: the players from first place to last.
    pub(super) fn on_gameover(&mut self, order: [usize; 4]) {
        let places: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(i, &seat)| {
                let who = self.called(seat);
                match self.scores {
                    Some(s) => format!("{} {who} ({})", ordinal(i + 1), s[seat]),
                    None => format!("{} {who}", ordinal(i + 1)),
                }
            })
            .collect();
        let mine = match order.iter().position(|&s| s == self.me()) {
            Some(i) => format!("You finish {}. ", ordinal(i + 1)),
            None => String::new(),
        };
        let text = format!("{mine}{}", places.join(", "));
        push_log(&mut self.log, format!("Game over: {text}"));
        self.over = Some(text);
    }
}
