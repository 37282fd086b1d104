//! Game events to the lines one player may see (`docs/protocols/truco.md`), written by
//! the wire module the server shares with the clients (`parlor_wire::truco`).

use parlor_wire::truco::{self as wire, ServerMsg};
use truco::{Answer, Event, HandOutcome, RoundOutcome, Seat};

/// A seat (0..4) as the protocol numbers players (1..4).
pub fn player(seat: Seat) -> u8 {
    seat as u8 + 1
}

/// Renders events for one seat; it remembers the hand's value, which `TURN` repeats.
#[derive(Debug)]
pub struct Renderer {
    seat: Seat,
    value: u8,
}

impl Renderer {
    /// A renderer for `seat`.
    pub fn new(seat: Seat) -> Renderer {
        Renderer { seat, value: 1 }
    }

    /// Appends the lines `event` gives this seat. Hidden information is removed first
    /// ([`Event::for_seat`]): other hands never arrive and closed cards come as `None`.
    pub fn render(&mut self, event: &Event, out: &mut Vec<String>) {
        let Some(event) = event.for_seat(self.seat) else {
            return;
        };
        let msg = match event {
            Event::HandStarted {
                number,
                opener,
                scores,
                value,
            } => {
                self.value = value;
                ServerMsg::Hand {
                    number,
                    opener: player(opener),
                    scores,
                }
            }
            Event::Dealt { cards, .. } => ServerMsg::Cards(cards),
            Event::Vira(card) => ServerMsg::Vira(card),
            Event::Turn { seat, .. } => ServerMsg::Turn {
                player: player(seat),
                value: self.value,
            },
            Event::Played {
                seat, closed: true, ..
            } => ServerMsg::Played {
                player: player(seat),
                card: None,
            },
            Event::Played {
                seat,
                card: Some(card),
                ..
            } => ServerMsg::Played {
                player: player(seat),
                card: Some(card),
            },
            Event::RaiseAsked { seat, value } => ServerMsg::Truco {
                player: player(seat),
                value,
            },
            Event::Answered { seat, answer } => ServerMsg::Answered {
                player: player(seat),
                answer: match answer {
                    Answer::Accept => wire::Answer::Accept,
                    Answer::Fold => wire::Answer::Fold,
                    Answer::Raise => wire::Answer::Raise,
                },
            },
            Event::RaiseAccepted { value, turn, .. } => {
                self.value = value;
                out.push(ServerMsg::Accepted(value).write());
                ServerMsg::Turn {
                    player: player(turn),
                    value,
                }
            }
            Event::RoundEnded {
                round,
                outcome,
                next,
            } => {
                // The winning card's player leads the next round.
                let (who, team) = match outcome {
                    RoundOutcome::Won(team) => (player(next), team as u8 + 1),
                    RoundOutcome::Tied => (0, 0),
                };
                ServerMsg::Round {
                    number: round + 1,
                    player: who,
                    team,
                }
            }
            Event::HandEnded {
                outcome,
                points,
                scores,
            } => ServerMsg::HandEnd {
                team: match outcome {
                    HandOutcome::Won(team) => team as u8 + 1,
                    HandOutcome::Drawn => 0,
                },
                points,
                scores,
            },
            Event::GameEnded { winner, scores } => ServerMsg::MatchEnd {
                team: winner as u8 + 1,
                scores,
            },
            // The course rules have no hand of 11; an open card always carries its card.
            Event::HandOfEleven { .. }
            | Event::PartnerHand { .. }
            | Event::HandOfElevenDecided { .. }
            | Event::Played { .. } => return,
        };
        out.push(msg.write());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Card;

    fn lines(r: &mut Renderer, e: Event) -> Vec<String> {
        let mut out = Vec::new();
        r.render(&e, &mut out);
        out
    }

    #[test]
    fn turns_carry_the_accepted_value() {
        let mut r = Renderer::new(0);
        assert_eq!(
            lines(
                &mut r,
                Event::Turn {
                    seat: 1,
                    closed_allowed: true
                }
            ),
            ["TURN 2 1"]
        );
        assert_eq!(
            lines(
                &mut r,
                Event::RaiseAccepted {
                    by: 3,
                    value: 3,
                    turn: 1
                }
            ),
            ["ACCEPTED 3", "TURN 2 3"]
        );
        assert_eq!(
            lines(
                &mut r,
                Event::Turn {
                    seat: 2,
                    closed_allowed: true
                }
            ),
            ["TURN 3 3"]
        );
    }

    #[test]
    fn closed_cards_never_show_and_other_hands_never_arrive() {
        let card: Card = "Kp".parse().unwrap();
        let mut r = Renderer::new(0);
        for seat in [0, 2] {
            let played = Event::Played {
                seat,
                card: Some(card),
                closed: true,
            };
            assert_eq!(
                lines(&mut r, played),
                [format!("PLAYED {} CLOSED", seat + 1)]
            );
        }
        let dealt = Event::Dealt {
            seat: 1,
            cards: [card; 3],
        };
        assert!(lines(&mut r, dealt).is_empty());
    }

    #[test]
    fn rounds_hands_and_the_match() {
        let mut r = Renderer::new(0);
        let tie = Event::RoundEnded {
            round: 1,
            outcome: RoundOutcome::Tied,
            next: 2,
        };
        assert_eq!(lines(&mut r, tie), ["ROUND 2 0 0"]);
        let won = Event::RoundEnded {
            round: 0,
            outcome: RoundOutcome::Won(1),
            next: 3,
        };
        assert_eq!(lines(&mut r, won), ["ROUND 1 4 2"]);
        let drawn = Event::HandEnded {
            outcome: HandOutcome::Drawn,
            points: 0,
            scores: [3, 4],
        };
        assert_eq!(lines(&mut r, drawn), ["HAND_END 0 0 3 4"]);
        let end = Event::GameEnded {
            winner: 0,
            scores: [12, 4],
        };
        assert_eq!(lines(&mut r, end), ["MATCH_END 1 12 4"]);
    }
}
