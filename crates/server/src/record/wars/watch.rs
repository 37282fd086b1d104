//! A hand of Warlords & Scumbags told to its watchers from the events anyone may see
//! (see [`crate::record::watch`]): the play on the table in front of who made it, how
//! many cards each seat holds, who passed and who went out. The swap between warlord and
//! scumbag stays between them. An evening's narrator (`evening.rs`) tells each of its
//! hands with one.

use crate::record::story::{card_text, face, name_of, Shot};
use crate::record::watch::{backs, Narrator, Said};
use cards::CardSet;
use president::{in_order, Event, Hand, Seat};

/// The public model of a Warlords table.
#[derive(Clone, Debug)]
pub struct WarsNarrator {
    names: Vec<String>,
    /// How many cards each seat holds.
    held: Vec<usize>,
    /// The play to beat, and who made it.
    last: Option<(Seat, CardSet)>,
    passed: Vec<bool>,
    /// Who went out, best first.
    out: Vec<Seat>,
}

impl WarsNarrator {
    /// The model of a hand just dealt to `players` seats called `names`.
    pub fn new(players: usize, names: Vec<String>) -> WarsNarrator {
        // The deck is dealt round the table from the first seat, as the hand deals it.
        let held = (0..players)
            .map(|s| 52 / players + usize::from(s < 52 % players))
            .collect();
        WarsNarrator {
            names,
            held,
            last: None,
            passed: vec![false; players],
            out: Vec::new(),
        }
    }

    fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }
}

fn cards_text(cards: CardSet) -> String {
    let said: Vec<String> = in_order(cards).map(|c| card_text(&face(c))).collect();
    said.join(" ")
}

impl Narrator<Hand> for WarsNarrator {
    fn say(&self, event: &Event) -> Option<Said> {
        match *event {
            Event::Played { seat, cards, .. } => Said::by(
                seat,
                format!("{} plays {}", self.name(seat), cards_text(cards)),
            ),
            Event::Passed { seat } => Said::by(seat, format!("{} passes", self.name(seat))),
            Event::RoundCleared { next } => Said::table(format!(
                "The round is over: {} starts the next",
                self.name(next)
            )),
            Event::WentOut { seat, rank } => Said::by(
                seat,
                format!("{} is out, place {}", self.name(seat), rank + 1),
            ),
            Event::Left { seat } => Said::by(seat, format!("{} left the hand", self.name(seat))),
            Event::HandOver { order } => {
                let names: Vec<String> = order.seats().map(|s| self.name(s)).collect();
                Said::table(format!("The hand is over: {}", names.join(", ")))
            }
            Event::Dealt { .. } | Event::SwapTaken { .. } | Event::SwapGiven { .. } => None,
        }
    }

    fn take(&mut self, event: &Event) {
        match *event {
            Event::Played {
                seat,
                cards,
                skipped,
            } => {
                if let Some(held) = self.held.get_mut(seat) {
                    *held = held.saturating_sub(cards.len());
                }
                self.last = Some((seat, cards));
                if let Some(passed) = skipped.and_then(|s| self.passed.get_mut(s)) {
                    *passed = true;
                }
            }
            Event::Passed { seat } => {
                if let Some(passed) = self.passed.get_mut(seat) {
                    *passed = true;
                }
            }
            Event::RoundCleared { .. } => {
                self.last = None;
                self.passed.iter_mut().for_each(|p| *p = false);
            }
            Event::WentOut { seat, .. } => self.out.push(seat),
            Event::Left { seat } => {
                if let Some(held) = self.held.get_mut(seat) {
                    *held = 0;
                }
            }
            _ => {}
        }
    }

    fn shot(&self) -> Shot {
        let mut notes = Vec::new();
        let passed: Vec<String> = (0..self.passed.len())
            .filter(|&s| self.passed[s] && !self.out.contains(&s))
            .map(|s| self.name(s))
            .collect();
        if !passed.is_empty() {
            notes.push(format!("passed: {}", passed.join(", ")));
        }
        let out: Vec<String> = self.out.iter().map(|&s| self.name(s)).collect();
        Shot {
            hands: self.held.iter().map(|&n| backs(n)).collect(),
            played: (0..self.held.len())
                .map(|s| match self.last {
                    Some((by, cards)) if by == s => in_order(cards).map(face).collect(),
                    _ => Vec::new(),
                })
                .collect(),
            melds: Vec::new(),
            notes,
            score: if out.is_empty() {
                "nobody is out yet".to_owned()
            } else {
                format!("out: {}", out.join(", "))
            },
        }
    }

    fn names(&mut self) -> &mut Vec<String> {
        &mut self.names
    }
}

#[cfg(test)]
mod tests {
    use crate::record::story::face;
    use crate::record::watch::leaks;
    use crate::record::watch::Watchable;
    use parlor_game::Strategy;
    use president::bots::{RandomBot, SoundBot};
    use president::Hand;

    /// A hand watched on its own, as the leak test plays one.
    impl Watchable for Hand {
        type Narrator = super::WarsNarrator;

        fn narrator(&self, names: Vec<String>) -> super::WarsNarrator {
            super::WarsNarrator::new(self.players(), names)
        }
    }

    /// Whole hands of 3 to 7 players, first and ranked: a watcher never sees a card a
    /// seat holds (the swap included).
    #[test]
    fn a_watcher_never_sees_a_hidden_card() {
        for players in 3..=7 {
            for ranked in [false, true] {
                let seed = players as u64 * 2 + u64::from(ranked);
                let (hand, first) =
                    Hand::deal(players, ranked, &mut cards::seeded_rng(seed)).unwrap();
                let mut bots: Vec<Box<dyn Strategy<Hand>>> = (0..players)
                    .map(|s| -> Box<dyn Strategy<Hand>> {
                        if s % 2 == 0 {
                            Box::new(SoundBot)
                        } else {
                            Box::new(RandomBot)
                        }
                    })
                    .collect();
                let hidden = move |h: &Hand| {
                    (0..players)
                        .flat_map(|s| h.view(s).hand.iter().map(face).collect::<Vec<_>>())
                        .collect()
                };
                let frames = leaks::check(
                    hand,
                    &first,
                    &mut bots,
                    &mut cards::seeded_rng(seed + 10),
                    hidden,
                    |events| events,
                );
                assert!(frames > 10, "{frames} frames");
            }
        }
    }
}
