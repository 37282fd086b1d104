//! A Truco game (miniTruco or course rules) told to its watchers from the events anyone
//! may see (see [`crate::record::watch`]): the cards in front of each seat (a closed
//! card face down), how many each still holds, the vira, the hand's value and rounds.

use crate::record::story::{card_text, face, name_of, Shot};
use crate::record::watch::{backs, Narrator, Said, Watchable};
use cards::Card;
use truco::{team_of, Answer, Event, Game, HandOutcome, RoundOutcome, Seat, Team};

impl Watchable for Game {
    type Narrator = TrucoNarrator;

    fn narrator(&self, names: Vec<String>) -> TrucoNarrator {
        TrucoNarrator {
            names,
            raises: self.rules().stakes.raises,
            value: self.rules().stakes.base,
            scores: [0, 0],
            held: [0; 4],
            shown: [None; 4],
            round_over: false,
            rounds: Vec::new(),
            vira: None,
            pending: None,
        }
    }
}

/// The public model of a Truco table.
#[derive(Clone, Debug)]
pub struct TrucoNarrator {
    names: Vec<String>,
    raises: [u8; 4],
    value: u8,
    scores: [u8; 2],
    /// How many cards each seat still holds.
    held: [u8; 4],
    /// The card in front of each seat (`None` inside: face down) and whether it was
    /// played closed.
    shown: [Option<(Option<Card>, bool)>; 4],
    /// The round of the cards shown is over: the next card clears the table.
    round_over: bool,
    rounds: Vec<RoundOutcome>,
    vira: Option<Card>,
    /// A raise waiting for its answers: who asked, for what value.
    pending: Option<(Seat, u8)>,
}

fn team_name(team: Team) -> String {
    format!("Team {}", team + 1)
}

impl TrucoNarrator {
    fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }

    /// A raise to `value` by its name.
    fn raise_name(&self, value: u8) -> &'static str {
        match self.raises.iter().position(|&v| v == value) {
            Some(0) => "truco",
            Some(1) => "seis",
            Some(2) => "nove",
            Some(3) => "doze",
            _ => "a raise",
        }
    }
}

impl Narrator<Game> for TrucoNarrator {
    fn say(&self, event: &Event) -> Option<Said> {
        match *event {
            Event::HandStarted { number, opener, .. } => {
                Said::table(format!("Hand {number}: {} opens", self.name(opener)))
            }
            Event::Vira(card) => Said::table(format!("The vira is {}", card_text(&face(card)))),
            Event::HandOfEleven { team } => Said::table(format!(
                "{} is at the hand of 11 and decides whether to play it",
                team_name(team)
            )),
            Event::HandOfElevenDecided { seat, play } => {
                let what = if play { "plays" } else { "refuses" };
                Said::by(seat, format!("{} {what} the hand of 11", self.name(seat)))
            }
            Event::Played { seat, card, closed } => {
                let what = match (card, closed) {
                    (Some(card), false) => card_text(&face(card)),
                    _ => "a card face down".to_owned(),
                };
                Said::by(seat, format!("{} plays {what}", self.name(seat)))
            }
            Event::RaiseAsked { seat, value } => Said::by(
                seat,
                format!(
                    "{} asks for {} ({value})",
                    self.name(seat),
                    self.raise_name(value)
                ),
            ),
            Event::Answered { seat, answer } => {
                let what = match answer {
                    Answer::Accept => "accepts",
                    Answer::Fold => "folds",
                    Answer::Raise => "raises",
                };
                Said::by(seat, format!("{} {what}", self.name(seat)))
            }
            Event::RaiseAccepted { value, .. } => {
                Said::table(format!("The raise holds: the hand is worth {value}"))
            }
            Event::RoundEnded { round, outcome, .. } => Said::table(match outcome {
                RoundOutcome::Won(team) => format!("Round {round}: {}", team_name(team)),
                RoundOutcome::Tied => format!("Round {round} is tied"),
            }),
            Event::HandEnded {
                outcome, points, ..
            } => Said::table(match outcome {
                HandOutcome::Won(team) => format!("{} scores {points}", team_name(team)),
                HandOutcome::Drawn => "Every round tied: nobody scores".to_owned(),
            }),
            Event::GameEnded { winner, scores } => Said::table(format!(
                "{} wins the game, {} × {}",
                team_name(winner),
                scores[0],
                scores[1]
            )),
            Event::Dealt { .. } | Event::PartnerHand { .. } | Event::Turn { .. } => None,
        }
    }

    fn take(&mut self, event: &Event) {
        match *event {
            Event::HandStarted { scores, value, .. } => {
                self.scores = scores;
                self.value = value;
                self.held = [3; 4];
                self.shown = [None; 4];
                self.round_over = false;
                self.rounds.clear();
                self.vira = None;
                self.pending = None;
            }
            Event::Vira(card) => self.vira = Some(card),
            Event::Played { seat, card, closed } => {
                if std::mem::take(&mut self.round_over) {
                    self.shown = [None; 4];
                }
                if let Some(held) = self.held.get_mut(seat) {
                    *held = held.saturating_sub(1);
                }
                if let Some(shown) = self.shown.get_mut(seat) {
                    *shown = Some((card.filter(|_| !closed), closed));
                }
            }
            Event::RaiseAsked { seat, value } => self.pending = Some((seat, value)),
            Event::RaiseAccepted { value, .. } => {
                self.value = value;
                self.pending = None;
            }
            Event::RoundEnded { outcome, .. } => {
                self.rounds.push(outcome);
                self.round_over = true;
            }
            Event::HandEnded { scores, .. } | Event::GameEnded { scores, .. } => {
                self.scores = scores;
                self.pending = None;
            }
            _ => {}
        }
    }

    fn shot(&self) -> Shot {
        let mut notes = Vec::new();
        if let Some(vira) = self.vira {
            notes.push(format!("vira {}", card_text(&face(vira))));
        }
        let mut worth = format!("hand worth {}", self.value);
        if let Some((seat, value)) = self.pending {
            worth += &format!(
                " · {} asked for {} ({value}), {} to answer",
                self.name(seat),
                self.raise_name(value),
                team_name(1 - team_of(seat))
            );
        }
        notes.push(worth);
        if !self.rounds.is_empty() {
            let rounds: Vec<String> = (self.rounds.iter().enumerate())
                .map(|(i, outcome)| match outcome {
                    RoundOutcome::Won(team) => format!("round {}: {}", i + 1, team_name(*team)),
                    RoundOutcome::Tied => format!("round {}: tied", i + 1),
                })
                .collect();
            notes.push(rounds.join(" · "));
        }
        Shot {
            hands: self.held.iter().map(|&n| backs(n.into())).collect(),
            played: (self.shown.iter())
                .map(|shown| match shown {
                    Some((Some(card), _)) => vec![face(*card)],
                    Some((None, _)) => backs(1),
                    None => Vec::new(),
                })
                .collect(),
            melds: Vec::new(),
            notes,
            score: format!("Team 1 {} × {} Team 2", self.scores[0], self.scores[1]),
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
    use parlor_game::Strategy;
    use truco::bots::{HeuristicBot, RandomBot};
    use truco::{DeckStyle, Game, ManilhaStyle, Rules};

    /// Whole games, course and miniTruco rules: a watcher never sees a card a seat holds
    /// or one played face down.
    #[test]
    fn a_watcher_never_sees_a_hidden_card() {
        let paulista = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
        for (seed, rules) in [(1, Rules::course()), (2, paulista), (3, Rules::course())] {
            let (game, first) = Game::new(rules, cards::seeded_rng(seed));
            let mut players: Vec<Box<dyn Strategy<Game>>> = (0..4)
                .map(|s| -> Box<dyn Strategy<Game>> {
                    if s % 2 == 0 {
                        Box::new(HeuristicBot)
                    } else {
                        Box::new(RandomBot)
                    }
                })
                .collect();
            // Each seat's cards, and the cards it played face down (its own view has them).
            let hidden = |g: &Game| {
                let mut faces = Vec::new();
                for seat in 0..4 {
                    let view = g.view(seat);
                    faces.extend(view.hand.iter().map(face));
                    let closed = view.plays.iter().filter(|p| p.closed() && p.seat() == seat);
                    faces.extend(closed.filter_map(|p| p.card()).map(face));
                }
                faces
            };
            let frames = leaks::check(
                game,
                &first,
                &mut players,
                &mut cards::seeded_rng(seed + 10),
                hidden,
                |events| events,
            );
            assert!(frames > 50, "{frames} frames");
        }
    }
}
