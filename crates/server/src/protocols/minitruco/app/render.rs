//! Game events to the lines today's app reads. They are the 2008 lines (written by
//! [`Renderer`]) except where the app's server changed them:
//!
//! | event | 2008 | app |
//! |---|---|---|
//! | a deal | `M c1 c2 c3 [vira]` | `M <opener> c1 c2 c3 [vira]` |
//! | raise asked / accepted / refused | `T pos v` / `D pos v` / `C pos` | the same, then a phrase number |
//! | hand of 11 decided | `H pos T\|F` | `H pos T\|F phrase` |
//! | game over | `G team` | `G team phrase` |
//!
//! The phrase is a random number the same for every player, from which the app picks the
//! speech balloon everyone sees.

use super::super::game::Render;
use super::super::render::{position, Renderer};
use parlor_wire::minitruco::ServerMsg;
use truco::{Event, Rules, Seat};

/// Renders events for one seat in the app's dialect: the 2008 messages, with the
/// hand's opener on the deal and the phrase on the messages that carry one.
#[derive(Debug)]
pub struct AppRenderer {
    /// Who opens the hand being dealt.
    opener: Seat,
    /// The messages the two dialects share.
    shared: Renderer,
}

impl Render for AppRenderer {
    fn new(seat: Seat, rules: &Rules) -> AppRenderer {
        AppRenderer {
            opener: 0,
            shared: Renderer::new(seat, rules.uses_vira()),
        }
    }

    fn render(&mut self, event: &Event, phrase: u32) -> Option<String> {
        if let Event::HandStarted { opener, .. } = event {
            self.opener = *opener;
        }
        let msg = match self.shared.message(event)? {
            ServerMsg::Cards { cards, vira, .. } => ServerMsg::Cards {
                opener: Some(position(self.opener)),
                cards,
                vira,
            },
            other => other.with_phrase(phrase),
        };
        Some(msg.write())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Card;
    use truco::{Answer, AppMode, RoundOutcome};

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn renderer(seat: Seat, mode: AppMode) -> AppRenderer {
        AppRenderer::new(seat, &Rules::app(mode))
    }

    #[test]
    fn a_deal_names_its_opener_first_and_the_vira_last() {
        let started = Event::HandStarted {
            number: 2,
            opener: 1,
            scores: [0, 0],
            value: 1,
        };
        let cards = [c("3c"), c("Kp"), c("7o")];
        let mut r = renderer(0, AppMode::Paulista);
        assert_eq!(r.render(&started, 5), None);
        assert_eq!(r.render(&Event::Dealt { seat: 0, cards }, 5), None);
        assert_eq!(r.render(&Event::Dealt { seat: 1, cards }, 5), None);
        assert_eq!(
            r.render(&Event::Vira(c("4e")), 5).as_deref(),
            Some("M 2 3c Kp 7o 4e")
        );
        let mut mineiro = renderer(3, AppMode::Mineiro);
        mineiro.render(&started, 5);
        let dealt = Event::Dealt { seat: 3, cards };
        assert_eq!(mineiro.render(&dealt, 5).as_deref(), Some("M 2 3c Kp 7o"));
    }

    #[test]
    fn raises_decisions_and_the_end_carry_the_phrase() {
        let mut r = renderer(2, AppMode::Paulista);
        let cases = [
            (Event::RaiseAsked { seat: 0, value: 3 }, "T 1 3 77"),
            (
                Event::RaiseAccepted {
                    by: 3,
                    value: 3,
                    turn: 0,
                },
                "D 4 3 77",
            ),
            (
                Event::Answered {
                    seat: 1,
                    answer: Answer::Fold,
                },
                "C 2 77",
            ),
            (
                Event::HandOfElevenDecided {
                    seat: 2,
                    play: true,
                },
                "H 3 T 77",
            ),
            (
                Event::GameEnded {
                    winner: 0,
                    scores: [12, 3],
                },
                "G 1 77",
            ),
            (
                Event::Turn {
                    seat: 2,
                    closed_allowed: true,
                },
                "V 3 T",
            ),
            (
                Event::HandEnded {
                    outcome: truco::HandOutcome::Won(1),
                    points: 1,
                    scores: [3, 4],
                },
                "O 3 4",
            ),
            (
                Event::RoundEnded {
                    round: 0,
                    outcome: RoundOutcome::Tied,
                    next: 0,
                },
                "R 3 1",
            ),
        ];
        for (event, line) in cases {
            assert_eq!(r.render(&event, 77).as_deref(), Some(line), "{event:?}");
        }
        let accepted = Event::Answered {
            seat: 1,
            answer: Answer::Accept,
        };
        assert_eq!(r.render(&accepted, 77), None);
    }
}
