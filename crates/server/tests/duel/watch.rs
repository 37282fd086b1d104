//! Duel told to its watchers: how many cards each holds, the cards on the table, the
//! points.

use super::rules::{Duel, Event};
use cards::Card;
use parlor_game::Seat;
use parlor_server::record::story::{card_text, face, name_of, Shot};
use parlor_server::record::watch::{backs, Narrator, Said, Watchable};

impl Watchable for Duel {
    type Narrator = DuelNarrator;

    fn narrator(&self, names: Vec<String>) -> DuelNarrator {
        DuelNarrator {
            names,
            held: [0, 0],
            table: [None, None],
            trick_over: false,
            points: [0, 0],
        }
    }
}

/// The public model of a Duel table.
#[derive(Clone, Debug)]
pub struct DuelNarrator {
    names: Vec<String>,
    held: [usize; 2],
    table: [Option<Card>; 2],
    trick_over: bool,
    points: [u8; 2],
}

impl DuelNarrator {
    fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }
}

impl Narrator<Duel> for DuelNarrator {
    fn say(&self, event: &Event) -> Option<Said> {
        match *event {
            Event::HandStarted { number, leader } => {
                Said::table(format!("Hand {number}: {} leads", self.name(leader)))
            }
            Event::Played { seat, card } => Said::by(
                seat,
                format!("{} plays {}", self.name(seat), card_text(&face(card))),
            ),
            Event::TrickWon { winner } => {
                Said::table(format!("{} takes the trick", self.name(winner)))
            }
            Event::HandWon { winner, .. } => {
                Said::table(format!("{} wins the hand", self.name(winner)))
            }
            Event::GameOver { points } => {
                Said::table(format!("The game is over: {} × {}", points[0], points[1]))
            }
            Event::Dealt { .. } | Event::Turn { .. } => None,
        }
    }

    fn take(&mut self, event: &Event) {
        match *event {
            Event::HandStarted { .. } => {
                self.held = [3, 3];
                self.table = [None, None];
                self.trick_over = false;
            }
            Event::Played { seat, card } => {
                if std::mem::take(&mut self.trick_over) {
                    self.table = [None, None];
                }
                self.held[seat] = self.held[seat].saturating_sub(1);
                self.table[seat] = Some(card);
            }
            Event::TrickWon { .. } => self.trick_over = true,
            Event::HandWon { points, .. } | Event::GameOver { points } => self.points = points,
            _ => {}
        }
    }

    fn shot(&self) -> Shot {
        Shot {
            hands: self.held.iter().map(|&n| backs(n)).collect(),
            played: (self.table.iter())
                .map(|card| card.map(face).into_iter().collect())
                .collect(),
            melds: Vec::new(),
            notes: Vec::new(),
            score: format!(
                "{} {} × {} {}",
                self.name(0),
                self.points[0],
                self.points[1],
                self.name(1)
            ),
        }
    }

    fn names(&mut self) -> &mut Vec<String> {
        &mut self.names
    }
}
