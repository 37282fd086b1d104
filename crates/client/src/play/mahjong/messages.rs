//! What the server's messages other than moves do to the table, and the log's words for
//! them and for what the moves meant.

use super::deal::{Deal, Happened};
use super::tiles::{number, show, Token};
use super::{ordinal, wind, Mahjong};
use crate::play::screen::printable;
use crate::play::screen::push_log;

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
    pub(super) fn on_game(&mut self, words: &[Token]) {
        let Some(me) = words.get(1).and_then(|w| w.word().parse::<usize>().ok()) else {
            return;
        };
        if !(1..=4).contains(&me) {
            return;
        }
        self.me = Some(me - 1);
        for (slot, name) in self.names.iter_mut().zip(words.iter().skip(2)) {
            *slot = printable(name.text()).chars().take(64).collect();
        }
        self.deal = Deal::new(me - 1);
        let others: Vec<String> = (1..4).map(|i| self.name((me - 1 + i) % 4)).collect();
        push_log(
            &mut self.log,
            format!("At the table with {}", others.join(", ")),
        );
    }

    /// `newhand W W W W W`: the round's wind and each seat's; a fresh hand.
    pub(super) fn on_newhand(&mut self, words: &[Token]) {
        self.round = words
            .get(1)
            .map(|w| w.word().to_owned())
            .unwrap_or_default();
        for (slot, w) in self.winds.iter_mut().zip(words.iter().skip(2)) {
            *slot = w.word().to_owned();
        }
        self.deal = Deal::new(self.me());
        self.results.clear();
        self.no_calls = false;
        let dealer = match self.winds.iter().position(|w| w == "e") {
            Some(seat) => {
                let (who, s) = self.subject(seat);
                format!(", {who} deal{s}")
            }
            None => String::new(),
        };
        push_log(
            &mut self.log,
            format!("New hand: {} round{dealer}", wind(&self.round)),
        );
    }

    /// parlor's `score N. N. N. N. N. N.`: points, honba and riichi sticks.
    pub(super) fn on_score(&mut self, words: &[Token]) {
        let n: Vec<i64> = words
            .iter()
            .skip(1)
            .filter_map(|w| number(w.word()))
            .collect();
        if let [a, b, c, d, rest @ ..] = n.as_slice() {
            self.scores = Some([*a, *b, *c, *d]);
            if let [honba, sticks, ..] = rest {
                (self.honba, self.sticks) = (*honba, *sticks);
            }
        }
    }

    /// `win I` and the breakdown, each entry with the points it brings, the total last
    /// (a zero-length name). Whether it was a tsumo or whose tile it took, mmj1 leaves
    /// to the moves before it.
    pub(super) fn on_win(&mut self, words: &[Token]) {
        let Some(winner) = words
            .get(1)
            .and_then(|w| w.word().parse::<usize>().ok())
            .filter(|w| (1..=4).contains(w))
            .map(|w| w - 1)
        else {
            return;
        };
        let mut entries = Vec::new();
        let mut counted = Vec::new();
        let mut total = None;
        for pair in words[2..].windows(2) {
            if let [Token::Text(what), Token::Word(points)] = pair {
                let what = printable(what.trim());
                match number(points) {
                    Some(n) if what.is_empty() => total = Some(n),
                    Some(0) => entries.push(what.clone()),
                    Some(n) => entries.push(format!("{what} {n}")),
                    None => {}
                }
                if let Some(n) = number(points).filter(|_| !what.is_empty()) {
                    counted.push((what, n));
                }
            }
        }
        let (who, s) = self.subject(winner);
        let tsumo = self.deal.just_drew(winner);
        let how = match &self.deal.offer {
            _ if tsumo => " by tsumo".to_owned(),
            Some(o) => format!(" by ron on {} {}", self.whose(o.who), show(&o.face)),
            None => String::new(),
        };
        let points = total.map_or(String::new(), |t| format!(": {t} points"));
        let headline = format!("{who} win{s}{how}{points}");
        // As players say it (han, fu, limit, payments), the yaku by their han; else the
        // breakdown as it came.
        let dealer = self.winds.get(winner).is_some_and(|w| w == "e");
        let said = total.and_then(|t| super::worth::worth(&counted, t, dealer, tsumo));
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
    pub(super) fn on_reject(&mut self, words: &[Token]) {
        let why = printable(words.get(1).map_or("", Token::text));
        let line = match (self.sent.take(), &mut self.prompt) {
            (Some(op), Some(prompt)) => {
                let line = format!("Refused ({op}): {why}");
                prompt.refused.push(op);
                line
            }
            _ => format!("Refused: {why}"),
        };
        push_log(&mut self.log, line);
    }

    /// `chat SRC OTHERS . C:TEXT`, in the log with its sender's name.
    pub(super) fn on_chat(&mut self, words: &[Token]) {
        let from = words
            .get(1)
            .and_then(|w| w.word().bytes().next())
            .filter(|c| (b'1'..=b'4').contains(c))
            .map(|c| usize::from(c - b'1'));
        let text = words.iter().rev().find_map(|w| match w {
            Token::Text(t) => Some(printable(t)),
            Token::Word(_) => None,
        });
        if let (Some(from), Some(text)) = (from, text) {
            let line = format!("{} says: {text}", self.name(from));
            push_log(&mut self.log, line);
        }
    }

    /// parlor's `gameover I I I I`: the players from first place to last.
    pub(super) fn on_gameover(&mut self, words: &[Token]) {
        let order: Vec<usize> = words
            .iter()
            .skip(1)
            .filter_map(|w| w.word().parse::<usize>().ok())
            .filter(|s| (1..=4).contains(s))
            .map(|s| s - 1)
            .collect();
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
