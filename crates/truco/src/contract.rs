//! Truco as a [`parlor_game::Game`]: four seats, two teams; a seat's score is its team's.

use crate::{team_of, Action, Actions, Answer, Events, Game, RuleError, Rules, Seat, View};

impl parlor_game::Game for Game {
    type Rules = Rules;
    type Action = Action;
    type Actions = Actions;
    type Events = Events;
    type Refusal = RuleError;
    type View<'a> = View;

    parlor_game::inherent_game_methods!();

    fn start(rules: &Rules, rng: parlor_game::GameRng) -> (Game, Events) {
        Game::new(*rules, rng)
    }

    /// From the game's phase, not from every seat's legal actions (a table asks after
    /// every change).
    fn to_act(&self) -> impl Iterator<Item = crate::Seat> + '_ {
        Game::to_act(self).into_iter()
    }

    fn rules(&self) -> Rules {
        *Game::rules(self)
    }

    fn seats(&self) -> usize {
        4
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.scores()[team_of(seat)])
    }
}

impl parlor_game::Projected for Game {
    parlor_game::projected_by_for_seat!(crate::Event, crate::Event::HandStarted { .. });
}

/// `play 10c`, `play 10c closed`, `truco`, `accept`, `fold`, `raise`, and in a hand of
/// 11 `eleven play` or `eleven decline`. Cards as the course protocol writes them.
impl parlor_game::Notation for Game {
    fn write_notation(action: &Action, out: &mut String) {
        use std::fmt::Write;
        // Writing into a `String` cannot fail.
        let _ = match *action {
            Action::Play {
                card,
                closed: false,
            } => write!(out, "play {card}"),
            Action::Play { card, closed: true } => write!(out, "play {card} closed"),
            Action::Truco => out.write_str("truco"),
            Action::Answer(Answer::Accept) => out.write_str("accept"),
            Action::Answer(Answer::Fold) => out.write_str("fold"),
            Action::Answer(Answer::Raise) => out.write_str("raise"),
            Action::PlayHandOfEleven(true) => out.write_str("eleven play"),
            Action::PlayHandOfEleven(false) => out.write_str("eleven decline"),
        };
    }

    fn read(text: &str) -> Option<Action> {
        let words: Vec<&str> = text.split(' ').collect();
        Some(match words[..] {
            ["play", card] => Action::Play {
                card: card.parse().ok()?,
                closed: false,
            },
            ["play", card, "closed"] => Action::Play {
                card: card.parse().ok()?,
                closed: true,
            },
            ["truco"] => Action::Truco,
            ["accept"] => Action::Answer(Answer::Accept),
            ["fold"] => Action::Answer(Answer::Fold),
            ["raise"] => Action::Answer(Answer::Raise),
            ["eleven", "play"] => Action::PlayHandOfEleven(true),
            ["eleven", "decline"] => Action::PlayHandOfEleven(false),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_game::Notation;

    /// The notation is what stored games are replayed from: these words never change.
    #[test]
    fn the_notation_is_pinned() {
        let card = "10c".parse().unwrap();
        let pinned = [
            (
                Action::Play {
                    card,
                    closed: false,
                },
                "play 10c",
            ),
            (Action::Play { card, closed: true }, "play 10c closed"),
            (Action::Truco, "truco"),
            (Action::Answer(Answer::Accept), "accept"),
            (Action::Answer(Answer::Fold), "fold"),
            (Action::Answer(Answer::Raise), "raise"),
            (Action::PlayHandOfEleven(true), "eleven play"),
            (Action::PlayHandOfEleven(false), "eleven decline"),
        ];
        for (action, text) in pinned {
            assert_eq!(Game::notate(&action), text);
            assert_eq!(Game::read(text), Some(action));
        }
        for junk in ["", "play", "play 1x", "play 10c open", "Truco", "truco "] {
            assert_eq!(Game::read(junk), None, "{junk:?}");
        }
    }
}
