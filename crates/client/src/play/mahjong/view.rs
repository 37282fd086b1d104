//! The table in words for the screen: seats in playing order from ours, the dora, the
//! last discard, everyone's discards and melds, our hand with the drawn tile apart, and
//! the question asked.

/// A river's tiles per row, as they lie on a real table.
const RIVER_ROW: usize = 6;
/// Columns per river tile: the widest (`[Hatsu]`, a riichi discard) and none to spare.
const RIVER_CELL: usize = 7;
/// Columns for the owner's name before a river.
const RIVER_LABEL: usize = 6;
/// Non-breaking space: pads the river's cells so that the screen's wrapping, which
/// trims and centres lines, keeps every river's columns under each other.
const PAD: char = '\u{a0}';

/// A seat's river as rows of six fixed-width cells (the riichi discard in brackets),
/// its owner's name on the first row, then its melds and any hand shown, each line
/// padded to the same width so the rivers line up.
fn river(owner: &str, discards: &[Discard], extra: &[String]) -> Vec<String> {
    let width = RIVER_LABEL + RIVER_ROW * RIVER_CELL;
    let pad = |mut line: String| {
        let len = line.chars().count();
        line.extend(std::iter::repeat_n(PAD, width.saturating_sub(len)));
        line
    };
    let label: String = owner.chars().take(RIVER_LABEL - 1).collect();
    let blank: String = std::iter::repeat_n(PAD, RIVER_LABEL).collect();
    let mut lines = Vec::new();
    let mut rows = discards.chunks(RIVER_ROW).peekable();
    if rows.peek().is_none() {
        lines.push(pad(label.clone()));
    }
    for (i, row) in rows.enumerate() {
        let mut line = match i {
            0 => format!("{label:\u{a0}<RIVER_LABEL$}"),
            _ => blank.clone(),
        };
        for x in row {
            let tile = match x.riichi {
                true => format!("[{}]", show(&x.face)),
                false => show(&x.face),
            };
            line.push_str(&format!("{tile:\u{a0}<RIVER_CELL$}"));
        }
        lines.push(pad(line));
    }
    lines.extend(extra.iter().map(|e| pad(format!("{blank}{e}"))));
    lines
}

use super::deal::{Discard, OfferKind};
use super::tiles::{show, show_all, sorted, LEGEND};
use super::{wind, Ask, Mahjong};
use crate::play::screen::printable;
use crate::play::screen::{Screen, Seat};
use mahjong::Wind;

impl Mahjong {
    /// What the prompt asks, in words.
    fn question(&self, ask: Ask) -> String {
        match ask {
            Ask::Play if self.riichi_mode => "declare riichi: with which discard?".into(),
            Ask::Play if self.deal.riichi[self.me()] => "your turn (riichi): discard".into(),
            Ask::Play => "your turn: discard a tile".into(),
            Ask::Claim => match &self.deal.offer {
                Some(o) => {
                    let (who, s) = self.subject(o.who);
                    let tile = show(&o.face);
                    match o.kind {
                        OfferKind::Discard => format!("{who} discarded {tile}: call it or pass"),
                        OfferKind::AddedKan => format!("{who} add{s} {tile} to a kan: ron or pass"),
                        OfferKind::ConcealedKan => {
                            format!("{who} made a concealed kan: ron or pass")
                        }
                    }
                }
                None => "a tile may be claimed".into(),
            },
            Ask::Ack => "the hand is over".into(),
        }
    }

    /// The table's lines: dora and wall, the last discard, everyone's discards and
    /// melds, and how the hand ended.
    fn table_lines(&self) -> Vec<String> {
        let d = &self.deal;
        if self.me.is_none() {
            let waiting = if self.filled {
                "Starting a table with CPU players…"
            } else if self.greeted {
                "Waiting for a table: it starts when four people wait, or after a while with CPU players (c: start now)."
            } else {
                "Connecting…"
            };
            return vec![waiting.into()];
        }
        let mut lines = Vec::new();
        let mut top = format!("Dora indicators: {}", show_all(&d.dora));
        if !d.ura.is_empty() {
            top.push_str(&format!(" · ura: {}", show_all(&d.ura)));
        }
        top.push_str(&format!(" · {} tiles left", d.live().max(0)));
        lines.push(top);
        if let Some(o) = &d.offer {
            let by = self.name(o.who);
            let mut line = match o.kind {
                OfferKind::Discard => format!("Last discard: {} by {by}", show(&o.face)),
                OfferKind::AddedKan => format!("Last: {by} added {} to a kan", show(&o.face)),
                OfferKind::ConcealedKan => format!("Last: {by} made a concealed kan"),
            };
            if let Some(taken) = o.taken_by {
                line.push_str(&format!(" (called by {})", self.name(taken)));
            }
            lines.push(line);
        }
        for seat in (0..4).map(|i| (self.me() + i) % 4) {
            let label = match seat == self.me() {
                true => "You".to_owned(),
                false => self.name(seat),
            };
            let mut extra: Vec<String> = d.melds[seat]
                .iter()
                .flatten()
                .map(|m| m.describe())
                .collect();
            if !d.shown[seat].is_empty() {
                extra.push(format!("hand: {}", show_all(&sorted(&d.shown[seat]))));
            }
            lines.extend(river(&label, &d.discards[seat], &extra));
        }
        lines.extend(self.results.iter().cloned());
        lines.push(LEGEND.to_owned());
        lines
    }

    /// What to show now.
    pub(super) fn view(&self) -> Screen {
        let me = self.me();
        let d = &self.deal;
        let (moves, suggested) = self.moves();
        let claiming =
            self.prompt.as_ref().is_some_and(|p| p.ask == Ask::Claim) && self.sent.is_none();
        let hand_over = !self.results.is_empty();
        let seats = match self.me {
            None => Vec::new(),
            Some(_) => (0..4)
                .map(|i| (me + i) % 4)
                .map(|seat| {
                    let mut info = wind(self.winds[seat]).to_owned();
                    if let Some(scores) = self.scores {
                        info.push_str(&format!(" · {}", scores[seat]));
                    }
                    if d.riichi[seat] {
                        info.push_str(" · riichi");
                    }
                    let name = self.name(seat);
                    Seat {
                        name: if seat == me {
                            format!("{name} (you)")
                        } else {
                            name
                        },
                        info,
                        turn: if claiming {
                            seat == me
                        } else {
                            !hand_over && d.turn == Some(seat)
                        },
                        played: d.notes[seat].clone(),
                    }
                })
                .collect(),
        };
        let score = match self.scores {
            Some(s) => {
                let dealer = match self.winds.iter().position(|&w| w == Some(Wind::East)) {
                    Some(seat) => format!(", dealer {}", self.called(seat)),
                    None => String::new(),
                };
                format!(
                    "you {} · {} round{dealer} · honba {} · riichi sticks {}",
                    s[me],
                    wind(self.round),
                    self.honba,
                    self.sticks
                )
            }
            None => String::new(),
        };
        let (rest, drawn) = self.hand_split();
        let mut hand = show_all(&rest);
        if let Some(t) = &drawn {
            hand.push_str(&format!("   + {}", show(t)));
        }
        for meld in d.melds[me].iter().flatten() {
            hand.push_str(&format!("   | {}", meld.describe()));
        }
        let prompt = match &self.prompt {
            Some(p) if !moves.is_empty() => Some(self.question(p.ask)),
            _ => None,
        };
        Screen {
            title: format!("Mahjong · {}", printable(&self.name)),
            score,
            seats,
            table: self.table_lines(),
            hand,
            prompt,
            choices: moves.into_iter().map(|(choice, _)| choice).collect(),
            suggested,
            log: self.log.clone(),
            over: self.over.clone(),
        }
    }
}
