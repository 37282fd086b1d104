//! A Mahjong game told to its watchers from the moves anyone may see (see
//! [`crate::record::watch`]): each seat's pond and melds, how many tiles it holds, the
//! dora indicators, riichi and the scores. A tile whose face a watcher may not see comes
//! through the projection without it, so it is only ever counted.

use super::story::{draw_words, win_words, wind_name};
use crate::record::story::{name_of, Shot};
use crate::record::watch::{backs, Narrator, Said, Watchable};
use mahjong::game::{Event, Game, Place};
use mahjong::MeldKind;
use mahjong::Tile;
use parlor_wire::mmj1 as spelling;

impl Watchable for Game {
    type Narrator = MahjongNarrator;

    fn narrator(&self, names: Vec<String>) -> MahjongNarrator {
        MahjongNarrator {
            names,
            red_fives: self.rules().red_fives,
            round: String::new(),
            held: [0; 4],
            ponds: Default::default(),
            melds: Default::default(),
            dora: Vec::new(),
            riichi: [false; 4],
            scores: [0; 4],
            sticks: 0,
        }
    }
}

/// The public model of a Mahjong table.
#[derive(Clone, Debug)]
pub struct MahjongNarrator {
    names: Vec<String>,
    red_fives: bool,
    /// The hand being played, in words ("East 2 (Bob deals), 1 honba").
    round: String,
    /// How many tiles each seat holds concealed.
    held: [usize; 4],
    /// Each seat's discards, those called away taken out; `None` for a face the watcher
    /// may not see. Tiles are spelled only when the table is drawn ([`Narrator::shot`]).
    ponds: [Vec<Option<Tile>>; 4],
    /// Each seat's melds, by number.
    melds: [Vec<Vec<Option<Tile>>>; 4],
    /// The dora indicators turned so far.
    dora: Vec<Tile>,
    riichi: [bool; 4],
    scores: [i32; 4],
    sticks: u8,
}

impl MahjongNarrator {
    fn name(&self, seat: usize) -> String {
        name_of(&self.names, seat)
    }

    /// A tile as the table is drawn: its mmj1 spelling, or `?` face down.
    fn face(&self, tile: Option<Tile>) -> String {
        spelling::face(tile, self.red_fives)
    }

    /// Tiles as the table is drawn.
    fn faces(&self, tiles: &[Option<Tile>]) -> Vec<String> {
        tiles.iter().map(|&t| self.face(t)).collect()
    }

    /// A tile in a step's words (`5p`, `East`, `Chun`).
    fn said(&self, tile: Tile) -> String {
        let red = if self.red_fives && tile.is_red_five() {
            " (red)"
        } else {
            ""
        };
        format!("{}{red}", tile.kind().spoken())
    }
}

impl Narrator<Game> for MahjongNarrator {
    fn say(&self, event: &Event) -> Option<Said> {
        match event {
            Event::NewHand {
                round,
                number,
                dealer,
                honba,
                ..
            } => {
                let honba = match honba {
                    0 => String::new(),
                    n => format!(", {n} honba"),
                };
                Said::table(format!(
                    "{} {number}{honba}: {} deals",
                    wind_name(*round),
                    self.name(usize::from(*dealer))
                ))
            }
            Event::Move(m) => match (m.from, m.to, m.face_for(parlor_game::WATCHER)) {
                (Place::Hand(s), Place::Discards(_), Some(tile)) => {
                    let seat = usize::from(s);
                    Said::by(
                        seat,
                        format!("{} discards {}", self.name(seat), self.said(tile)),
                    )
                }
                (Place::DoraWall(_), Place::DoraWall(_), Some(tile)) => {
                    Said::table(format!("New dora indicator: {}", self.said(tile)))
                }
                _ => None,
            },
            Event::Riichi { seat } => {
                let seat = usize::from(*seat);
                Said::by(seat, format!("{} declares riichi", self.name(seat)))
            }
            Event::Meld { seat, meld, .. } => {
                let seat = usize::from(*seat);
                let what = match meld.kind {
                    MeldKind::Chi => "chi",
                    MeldKind::Pon => "pon",
                    _ => "kan",
                };
                Said::by(seat, format!("{} calls {what}", self.name(seat)))
            }
            Event::Win(w) => Said::by(w.winner, win_words(&self.names, w)),
            Event::Draw(d) => Said::table(draw_words(&self.names, d.kind)),
            Event::GameOver { scores, ranks } => {
                let mut order: Vec<usize> = (0..4).collect();
                order.sort_by_key(|&s| ranks[s]);
                let standings: Vec<String> = (order.iter())
                    .map(|&s| format!("{} {}", self.name(s), scores[s]))
                    .collect();
                Said::table(format!("The game is over: {}", standings.join(", ")))
            }
            Event::Break { .. } | Event::RiichiAccepted { .. } | Event::HandOver { .. } => None,
        }
    }

    fn take(&mut self, event: &Event) {
        match event {
            Event::NewHand {
                round,
                number,
                dealer,
                honba,
                sticks,
                scores,
            } => {
                let honba = match honba {
                    0 => String::new(),
                    n => format!(", {n} honba"),
                };
                self.round = format!(
                    "{} {number} ({} deals){honba}",
                    wind_name(*round),
                    self.name(usize::from(*dealer))
                );
                self.held = [0; 4];
                self.ponds = Default::default();
                self.melds = Default::default();
                self.dora.clear();
                self.riichi = [false; 4];
                self.scores = *scores;
                self.sticks = *sticks;
            }
            Event::Move(m) => {
                let face = m.face_for(parlor_game::WATCHER);
                if m.from == m.to {
                    if let (Place::DoraWall(_), Some(tile)) = (m.to, face) {
                        self.dora.push(tile);
                    }
                    return;
                }
                match m.from {
                    Place::Hand(s) => {
                        let held = &mut self.held[usize::from(s) % 4];
                        *held = held.saturating_sub(1);
                    }
                    Place::Discards(s) => {
                        self.ponds[usize::from(s) % 4].pop();
                    }
                    _ => {}
                }
                match m.to {
                    Place::Hand(s) => self.held[usize::from(s) % 4] += 1,
                    Place::Discards(s) => self.ponds[usize::from(s) % 4].push(face),
                    Place::Meld(s, n) => {
                        let melds = &mut self.melds[usize::from(s) % 4];
                        let n = usize::from(n);
                        if melds.len() <= n {
                            melds.resize(n + 1, Vec::new());
                        }
                        melds[n].push(face);
                    }
                    _ => {}
                }
            }
            Event::Riichi { seat } => self.riichi[usize::from(*seat) % 4] = true,
            Event::RiichiAccepted { sticks, scores, .. } => {
                self.sticks = *sticks;
                self.scores = *scores;
            }
            Event::Draw(d) => self.scores = d.scores,
            Event::HandOver { scores } | Event::GameOver { scores, .. } => self.scores = *scores,
            _ => {}
        }
    }

    fn shot(&self) -> Shot {
        let mut notes = vec![self.round.clone()];
        if !self.dora.is_empty() {
            let dora: Vec<String> = self.dora.iter().map(|&t| self.said(t)).collect();
            notes.push(format!("dora indicators: {}", dora.join(" ")));
        }
        let riichi: Vec<String> = (0..4)
            .filter(|&s| self.riichi[s])
            .map(|s| self.name(s))
            .collect();
        if !riichi.is_empty() {
            notes.push(format!("riichi: {}", riichi.join(", ")));
        }
        let scores: Vec<String> = (0..4)
            .map(|s| format!("{} {}", self.name(s), self.scores[s]))
            .collect();
        Shot {
            hands: self.held.iter().map(|&n| backs(n)).collect(),
            played: self.ponds.iter().map(|pond| self.faces(pond)).collect(),
            melds: (self.melds.iter())
                .map(|melds| melds.iter().map(|meld| self.faces(meld)).collect())
                .collect(),
            notes,
            score: format!("{} · riichi sticks {}", scores.join(" · "), self.sticks),
        }
    }

    fn names(&mut self) -> &mut Vec<String> {
        &mut self.names
    }
}

#[cfg(test)]
mod tests {
    use crate::record::watch::leaks;
    use mahjong::bots::{EfficiencyBot, Strategy};
    use mahjong::game::{Game, Length, Rules};

    /// Whole games: every tile a watcher is shown face up was moved face up for every
    /// seat (hands only ever counted), over every frame of an East-only game.
    #[test]
    fn a_watcher_never_sees_a_hidden_tile() {
        for seed in [1, 2] {
            let rules = Rules {
                length: Length::Tonpuusen,
                ..Rules::default()
            };
            let (game, first) = Game::new(rules, cards::seeded_rng(seed));
            let mut players: Vec<Box<dyn Strategy<Game>>> = (0..4)
                .map(|_| -> Box<dyn Strategy<Game>> { Box::new(EfficiencyBot) })
                .collect();
            // Faces repeat (four of each kind), so a face cannot be checked against the
            // hands: the check is that every hand is shown as backs only.
            let frames = leaks::check(
                game,
                &first,
                &mut players,
                &mut cards::seeded_rng(seed + 10),
                |_| Vec::new(),
                |events| events,
            );
            assert!(frames > 100, "{frames} frames");
        }
    }
}
