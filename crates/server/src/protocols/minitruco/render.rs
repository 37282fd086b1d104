//! Game events to the notification lines one seat may see.
//!
//! | event | line |
//! |---|---|
//! | own cards (and the vira) | `M c1 c2 c3 [vira]` |
//! | turn | `V pos T\|F` |
//! | a card | `J pos card`, `J pos` (someone else's closed card), `J pos card T` (own closed) |
//! | round over | `R team\|3 pos` |
//! | hand over | `O p1 p2` |
//! | game over | `G team` |
//! | raise asked / accepted / declined | `T pos value` / `D pos value` / `C pos` |
//! | hand of 11: partner's cards, decisions | `F c1 c2 c3` / `H pos T\|F` |

use super::game::Render;
use cards::Card;
use parlor_wire::minitruco::ServerMsg;
use truco::{Answer, Event, RoundOutcome, Rules, Seat};

/// Renders events for one seat. It holds the seat's dealt cards until the vira arrives,
/// because `M` carries both.
#[derive(Debug)]
pub struct Renderer {
    seat: Seat,
    uses_vira: bool,
    cards: Option<[Card; 3]>,
}

/// A seat (0..4) as the protocol numbers it (1..4).
pub fn position(seat: Seat) -> usize {
    seat + 1
}

impl Renderer {
    /// A renderer for `seat` in a game whose rules do or do not turn a vira.
    pub fn new(seat: Seat, uses_vira: bool) -> Renderer {
        Renderer {
            seat,
            uses_vira,
            cards: None,
        }
    }

    /// The line `event` gives this seat, if any.
    pub fn line(&mut self, event: &Event) -> Option<String> {
        Some(self.message(event)?.write())
    }

    /// The message `event` gives this seat, if any. Hidden information is removed first
    /// ([`Event::for_seat`]), so nothing here can leak another seat's cards.
    pub fn message(&mut self, event: &Event) -> Option<ServerMsg> {
        Some(match event.for_seat(self.seat)? {
            Event::Dealt { cards, .. } if self.uses_vira => {
                self.cards = Some(cards);
                return None;
            }
            Event::Dealt { cards, .. } => ServerMsg::Cards {
                opener: None,
                cards,
                vira: None,
            },
            Event::Vira(vira) => ServerMsg::Cards {
                opener: None,
                cards: self.cards.take()?,
                vira: Some(vira),
            },
            Event::PartnerHand { cards, .. } => ServerMsg::PartnerCards(cards),
            Event::HandOfElevenDecided { seat, play } => ServerMsg::HandOfEleven {
                position: position(seat),
                play,
                phrase: None,
            },
            Event::Turn {
                seat,
                closed_allowed,
            } => ServerMsg::Turn {
                position: position(seat),
                closed_allowed,
            },
            Event::Played { seat, card, closed } => ServerMsg::Played {
                position: position(seat),
                card,
                closed,
            },
            Event::RoundEnded { outcome, next, .. } => ServerMsg::Round {
                team: match outcome {
                    RoundOutcome::Won(team) => team as u8 + 1,
                    RoundOutcome::Tied => 3,
                },
                next: position(next),
            },
            Event::HandEnded { scores, .. } => ServerMsg::Score(scores.map(u32::from)),
            Event::GameEnded { winner, .. } => ServerMsg::GameOver {
                team: winner as u8 + 1,
                phrase: None,
            },
            Event::RaiseAsked { seat, value } => ServerMsg::Raise {
                position: position(seat),
                value: u32::from(value),
                phrase: None,
            },
            Event::RaiseAccepted { by, value, .. } => ServerMsg::Accepted {
                position: position(by),
                value: u32::from(value),
                phrase: None,
            },
            Event::Answered {
                seat,
                answer: Answer::Fold,
            } => ServerMsg::Declined {
                position: position(seat),
                phrase: None,
            },
            Event::Answered { .. } | Event::HandStarted { .. } | Event::HandOfEleven { .. } => {
                return None
            }
        })
    }
}

impl Render for Renderer {
    fn new(seat: Seat, rules: &Rules) -> Renderer {
        Renderer::new(seat, rules.uses_vira())
    }

    /// The 2008 protocol has no phrases.
    fn render(&mut self, event: &Event, _phrase: u32) -> Option<String> {
        self.line(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn the_deal_waits_for_the_vira() {
        let mut r = Renderer::new(1, true);
        let cards = [c("3p"), c("6c"), c("7e")];
        assert_eq!(r.line(&Event::Dealt { seat: 1, cards }), None);
        assert_eq!(r.line(&Event::Dealt { seat: 2, cards }), None);
        assert_eq!(
            r.line(&Event::Vira(c("4o"))).as_deref(),
            Some("M 3p 6c 7e 4o")
        );
        let mut old = Renderer::new(0, false);
        assert_eq!(
            old.line(&Event::Dealt { seat: 0, cards }).as_deref(),
            Some("M 3p 6c 7e")
        );
    }

    #[test]
    fn closed_cards_show_only_to_their_player() {
        let played = Event::Played {
            seat: 2,
            card: Some(c("Ae")),
            closed: true,
        };
        assert_eq!(
            Renderer::new(2, true).line(&played).as_deref(),
            Some("J 3 Ae T")
        );
        assert_eq!(Renderer::new(0, true).line(&played).as_deref(), Some("J 3"));
    }

    #[test]
    fn rounds_hands_and_raises() {
        let mut r = Renderer::new(0, true);
        let tie = Event::RoundEnded {
            round: 0,
            outcome: RoundOutcome::Tied,
            next: 3,
        };
        assert_eq!(r.line(&tie).as_deref(), Some("R 3 4"));
        let raise = Event::RaiseAsked { seat: 1, value: 6 };
        assert_eq!(r.line(&raise).as_deref(), Some("T 2 6"));
        let accepted = Event::RaiseAccepted {
            by: 2,
            value: 6,
            turn: 1,
        };
        assert_eq!(r.line(&accepted).as_deref(), Some("D 3 6"));
        let ended = Event::GameEnded {
            winner: 1,
            scores: [3, 12],
        };
        assert_eq!(r.line(&ended).as_deref(), Some("G 2"));
    }
}
