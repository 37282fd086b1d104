//! The table in words for the screen: seats in playing order from ours, the dora, the
//! last discard, everyone's discards and melds, our hand with the drawn tile apart, and
//! the question asked.

use super::deal::OfferKind;
use super::tiles::{show, show_all, sorted, LEGEND};
use super::{wind, Ask, Mahjong};
use crate::play::screen::printable;
use crate::play::screen::{Screen, Seat};

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
            let discards: Vec<String> = d.discards[seat]
                .iter()
                .map(|x| {
                    if x.riichi {
                        format!("[{}]", show(&x.face))
                    } else {
                        show(&x.face)
                    }
                })
                .collect();
            let mut line = format!(
                "{:<10} {}",
                self.name(seat).chars().take(10).collect::<String>(),
                discards.join(" ")
            );
            for meld in d.melds[seat].iter().flatten() {
                line.push_str(&format!(" | {}", meld.describe()));
            }
            if !d.shown[seat].is_empty() {
                line.push_str(&format!(" | hand: {}", show_all(&sorted(&d.shown[seat]))));
            }
            lines.push(line);
        }
        lines.extend(self.results.iter().cloned());
        lines.push(format!("Tiles: {LEGEND}"));
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
                    let mut info = wind(&self.winds[seat]).to_owned();
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
                let dealer = match self.winds.iter().position(|w| w == "e") {
                    Some(seat) => format!(", dealer {}", self.called(seat)),
                    None => String::new(),
                };
                format!(
                    "you {} · {} round{dealer} · honba {} · riichi sticks {}",
                    s[me],
                    wind(&self.round),
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
