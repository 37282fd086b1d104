//! Jass as a [`parlor_game::Game`]: four seats, two teams; a seat's score is its team's
//! total.

use crate::rules::{Config, Mode};
use crate::{team_of, Action, Actions, Events, Game, RuleError, Seat, View};
use cards::Suit;

impl parlor_game::Game for Game {
    type Rules = Config;
    type Action = Action;
    type Actions = Actions;
    type Events = Events;
    type Refusal = RuleError;
    type View<'a> = View;

    parlor_game::inherent_game_methods!();

    fn start(config: &Config, rng: parlor_game::GameRng) -> (Game, Events) {
        Game::new(*config, rng)
    }

    /// From the game's phase, not from every seat's legal actions (a table asks after
    /// every change).
    fn to_act(&self) -> impl Iterator<Item = Seat> + '_ {
        Game::to_act(self).into_iter()
    }

    fn rules(&self) -> Config {
        self.config()
    }

    fn seats(&self) -> usize {
        4
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.totals()[team_of(seat)])
    }
}

impl parlor_game::Projected for Game {
    parlor_game::projected_by_for_seat!(crate::Event, crate::Event::DealStarted { .. });
}

/// `choose hearts` (or `diamonds`, `clubs`, `spades`, `obeabe`, `undeufe`), `schiebe`
/// and `play <card>`, cards as parlor writes them (`Ko`, `10c`).
impl parlor_game::Notation for Game {
    fn write_notation(action: &Action, out: &mut String) {
        use std::fmt::Write;
        // Writing into a `String` cannot fail.
        let _ = match *action {
            Action::Choose(mode) => write!(out, "choose {}", mode_word(mode)),
            Action::Schiebe => out.write_str("schiebe"),
            Action::Play(card) => write!(out, "play {card}"),
        };
    }

    fn read(text: &str) -> Option<Action> {
        let words: Vec<&str> = text.split(' ').collect();
        Some(match words[..] {
            ["choose", word] => {
                Action::Choose(Mode::ALL.into_iter().find(|&m| mode_word(m) == word)?)
            }
            ["schiebe"] => Action::Schiebe,
            ["play", card] => Action::Play(card.parse().ok()?),
            _ => return None,
        })
    }
}

/// A trumpf mode's word in the notation.
fn mode_word(mode: Mode) -> &'static str {
    match mode {
        Mode::Trumpf(Suit::Hearts) => "hearts",
        Mode::Trumpf(Suit::Diamonds) => "diamonds",
        Mode::Trumpf(Suit::Clubs) => "clubs",
        Mode::Trumpf(Suit::Spades) => "spades",
        Mode::Obeabe => "obeabe",
        Mode::Undeufe => "undeufe",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_game::Notation;

    /// The notation is what stored games are replayed from: these words never change.
    #[test]
    fn the_notation_is_pinned() {
        let pinned = [
            (Action::Choose(Mode::Trumpf(Suit::Hearts)), "choose hearts"),
            (
                Action::Choose(Mode::Trumpf(Suit::Diamonds)),
                "choose diamonds",
            ),
            (Action::Choose(Mode::Trumpf(Suit::Clubs)), "choose clubs"),
            (Action::Choose(Mode::Trumpf(Suit::Spades)), "choose spades"),
            (Action::Choose(Mode::Obeabe), "choose obeabe"),
            (Action::Choose(Mode::Undeufe), "choose undeufe"),
            (Action::Schiebe, "schiebe"),
            (Action::Play("Ko".parse().unwrap()), "play Ko"),
        ];
        for (action, text) in pinned {
            assert_eq!(Game::notate(&action), text);
            assert_eq!(Game::read(text), Some(action));
        }
        for junk in ["", "choose", "choose trumpf", "play", "schiebe now"] {
            assert_eq!(Game::read(junk), None, "{junk:?}");
        }
    }
}
