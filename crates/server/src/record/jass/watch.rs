//! A Jass game told to its watchers from the events anyone may see (see
//! [`crate::record::watch`]): the trick on the table, how many cards each seat holds,
//! the trumpf, the deal's and the game's points.

use super::story::{card_face, mode_name, mode_note};
use crate::record::story::{card_text, name_of, Shot};
use crate::record::watch::{backs, Narrator, Said, Watchable};
use jass::{Card, Event, Game, Mode, Seat};

impl Watchable for Game {
    type Narrator = JassNarrator;

    fn narrator(&self, names: Vec<String>) -> JassNarrator {
        JassNarrator {
            names,
            held: [0; 4],
            trick: [None; 4],
            trick_over: false,
            mode: None,
            totals: [0, 0],
            deal: [0, 0],
        }
    }
}

/// The public model of a Jass table.
#[derive(Clone, Debug)]
pub struct JassNarrator {
    names: Vec<String>,
    /// How many cards each seat still holds.
    held: [u8; 4],
    /// The card each seat put on the current trick.
    trick: [Option<Card>; 4],
    /// The trick shown is taken: the next card clears it.
    trick_over: bool,
    mode: Option<Mode>,
    totals: [u32; 2],
    deal: [u32; 2],
}

impl JassNarrator {
    fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }
}

/// Points in words.
fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_owned()
    } else {
        format!("{n} points")
    }
}

impl Narrator<Game> for JassNarrator {
    fn say(&self, event: &Event) -> Option<Said> {
        match *event {
            Event::DealStarted { number, chooser } => Said::table(format!(
                "Deal {number}: {} chooses the trumpf",
                self.name(chooser)
            )),
            Event::Pushed { by } => Said::by(by, format!("{} pushes (schiebe)", self.name(by))),
            Event::TrumpfChosen { by, mode } => {
                Said::by(by, format!("{} chooses {}", self.name(by), mode_name(mode)))
            }
            Event::Played { seat, card } => Said::by(
                seat,
                format!("{} plays {}", self.name(seat), card_text(&card_face(card))),
            ),
            Event::TrickWon {
                winner, points: p, ..
            } => Said::table(format!(
                "{} takes the trick: {} for Team {}",
                self.name(winner),
                points(p),
                winner % 2 + 1
            )),
            Event::DealFinished { deal, .. } => Said::table(format!(
                "The deal is over: Team 1 {}, Team 2 {}",
                points(deal[0]),
                points(deal[1])
            )),
            Event::GameWon { team, totals, .. } => Said::table(format!(
                "Team {} wins the game, {} to {}",
                team + 1,
                totals[team],
                totals[1 - team]
            )),
            Event::Dealt { .. } | Event::TrumpfRequested { .. } | Event::CardRequested { .. } => {
                None
            }
        }
    }

    fn take(&mut self, event: &Event) {
        match *event {
            Event::DealStarted { .. } => {
                self.held = [9; 4];
                self.trick = [None; 4];
                self.trick_over = false;
                self.mode = None;
                self.deal = [0, 0];
            }
            Event::TrumpfChosen { mode, .. } => self.mode = Some(mode),
            Event::Played { seat, card } => {
                if std::mem::take(&mut self.trick_over) {
                    self.trick = [None; 4];
                }
                if let (Some(held), Some(slot)) =
                    (self.held.get_mut(seat), self.trick.get_mut(seat))
                {
                    *held = held.saturating_sub(1);
                    *slot = Some(card);
                }
            }
            Event::TrickWon { totals, deal, .. } => {
                self.trick_over = true;
                self.totals = totals;
                self.deal = deal;
            }
            Event::DealFinished { totals, deal, .. } | Event::GameWon { totals, deal, .. } => {
                self.totals = totals;
                self.deal = deal;
            }
            _ => {}
        }
    }

    fn shot(&self) -> Shot {
        let mut notes = Vec::new();
        if let Some(mode) = self.mode {
            notes.push(mode_note(mode));
        }
        notes.push(format!("this deal: {} × {}", self.deal[0], self.deal[1]));
        Shot {
            hands: self.held.iter().map(|&n| backs(n.into())).collect(),
            played: (self.trick.iter())
                .map(|card| card.map(card_face).into_iter().collect())
                .collect(),
            melds: Vec::new(),
            notes,
            score: format!("Team 1 {} × {} Team 2", self.totals[0], self.totals[1]),
        }
    }

    fn names(&mut self) -> &mut Vec<String> {
        &mut self.names
    }
}

#[cfg(test)]
mod tests {
    use super::card_face;
    use crate::record::watch::leaks;
    use jass::bots::{HeuristicBot, RandomBot};
    use jass::{Config, Game};
    use parlor_game::Strategy;

    /// Whole games: a watcher never sees a card a seat holds.
    #[test]
    fn a_watcher_never_sees_a_hidden_card() {
        for seed in [1, 2] {
            let (game, first) = Game::new(Config::default(), cards::seeded_rng(seed));
            let mut players: Vec<Box<dyn Strategy<Game>>> = (0..4)
                .map(|s| -> Box<dyn Strategy<Game>> {
                    if s % 2 == 0 {
                        Box::new(HeuristicBot)
                    } else {
                        Box::new(RandomBot)
                    }
                })
                .collect();
            let hidden = |g: &Game| {
                (0..4)
                    .flat_map(|s| g.view(s).hand.iter().map(card_face).collect::<Vec<_>>())
                    .collect()
            };
            let frames = leaks::check(
                game,
                &first,
                &mut players,
                &mut cards::seeded_rng(seed + 10),
                hidden,
                |events| events,
            );
            assert!(frames > 100, "{frames} frames");
        }
    }
}
