//! Course Truco (seed 003) in `parlor play truco`: the course's line protocol, with
//! parlor's `NAME` (to be rated by name) and `CPU` (to fill the table) extensions.
//! The match is followed by the same [`TableState`] as `truco-client`, and the moves on
//! offer are the ones the rules engine allows in a game consistent with what we know.

use super::screen::{printable, push_log, truco_card, Choice, Screen, Seat};
use super::Table;
use crate::truco::state::{Prompt, TableState};
use crate::truco::text::describe;
use crate::truco::{card_played, line_for};
use cards::seeded_rng;
use parlor_wire::truco::{ClientMsg, ServerMsg};
use truco::{Action, Answer};

/// The course Truco client.
pub struct Course {
    name: String,
    state: TableState,
    log: Vec<String>,
    /// Open cards or face down, for the next card played.
    face_down: bool,
    /// A move was sent and the server has not answered yet.
    busy: bool,
    result: Option<String>,
}

/// What a choice does.
enum Move {
    Send(String),
    FlipFaceDown,
}

impl Course {
    pub fn new(name: &str) -> Course {
        Course {
            name: name.to_owned(),
            state: TableState::default(),
            log: Vec::new(),
            face_down: false,
            busy: false,
            result: None,
        }
    }

    /// The moves open now, as choices with what each does.
    fn moves(&self) -> Vec<(Choice, Move)> {
        let s = &self.state;
        if self.busy || s.over {
            return Vec::new();
        }
        if !s.started {
            let fill = Choice::new('c', "fill the empty seats with CPU players");
            return vec![(fill, Move::Send(ClientMsg::Cpu.write()))];
        }
        let Some(prompt) = s.prompt else {
            return Vec::new();
        };
        // The rules engine's moves for a game consistent with what we know; the
        // determinization's seed does not matter (our own moves do not depend on it).
        let legal = s.legal_actions(&mut seeded_rng(0));
        let mut moves = Vec::new();
        match prompt {
            Prompt::Turn => {
                for (i, card) in s.hand.iter().enumerate() {
                    let closed = self.face_down;
                    let action = Action::Play {
                        card: *card,
                        closed,
                    };
                    if !legal.contains(&action) {
                        continue;
                    }
                    let key = char::from_digit(i as u32 + 1, 10).unwrap_or('?');
                    let face = truco_card(&card.to_string());
                    let label = if closed {
                        format!("{face} face down")
                    } else {
                        face
                    };
                    if let Some(line) = line_for(action) {
                        moves.push((Choice::new(key, label), Move::Send(line)));
                    }
                }
                let flip = if self.face_down {
                    "play face up"
                } else {
                    "play face down"
                };
                moves.push((Choice::new('d', flip), Move::FlipFaceDown));
                if let (true, Some(line)) =
                    (legal.contains(&Action::Truco), line_for(Action::Truco))
                {
                    moves.push((Choice::new('t', "ask for truco"), Move::Send(line)));
                }
            }
            Prompt::Answer => {
                for (key, label, answer) in [
                    ('a', "accept", Answer::Accept),
                    ('f', "fold", Answer::Fold),
                    ('r', "raise", Answer::Raise),
                ] {
                    let action = Action::Answer(answer);
                    if let (true, Some(line)) = (legal.contains(&action), line_for(action)) {
                        moves.push((Choice::new(key, label), Move::Send(line)));
                    }
                }
            }
        }
        moves
    }
}

impl Table for Course {
    /// The end of a round (1 s) and of a hand (1.5 s) stay in view before the next
    /// cards.
    fn hold_after(&self, message: &str) -> std::time::Duration {
        let ms = match ServerMsg::parse(message) {
            Some(ServerMsg::Round { .. }) => 1000,
            Some(ServerMsg::HandEnd { .. }) => 1500,
            _ => 0,
        };
        std::time::Duration::from_millis(ms)
    }

    fn hello(&mut self) -> Vec<String> {
        vec![ClientMsg::Name(self.name.clone()).write()]
    }

    fn receive(&mut self, line: &str) -> Vec<String> {
        self.busy = false;
        self.state.apply(line);
        if line.starts_with("HAND ") {
            self.face_down = false;
        }
        if let Some(text) = describe(line, &self.state) {
            if line.starts_with("MATCH_END") {
                self.result = Some(text.clone());
            }
            // An ERROR line's text is the server's own words: shown, never obeyed.
            push_log(&mut self.log, printable(&text));
        }
        Vec::new()
    }

    fn screen(&self) -> Screen {
        let s = &self.state;
        let me = s.me.unwrap_or(0);
        let round_start = s.rounds.len() * 4;
        let seats = (0..4)
            .map(|i| (me + i) % 4)
            .map(|seat| Seat {
                name: if seat == me {
                    format!("player {} (you)", seat + 1)
                } else {
                    format!("player {}", seat + 1)
                },
                info: format!("team {}", seat % 2 + 1),
                turn: s.started && !s.over && s.pending.is_none() && s.turn == seat,
                played: s
                    .plays
                    .iter()
                    .skip(round_start)
                    .find(|p| p.seat() == seat)
                    .map(|p| match (p.card(), p.closed()) {
                        (Some(card), true) => {
                            format!("{} (face down)", truco_card(&card.to_string()))
                        }
                        (Some(card), false) => truco_card(&card.to_string()),
                        (None, _) => "face down".into(),
                    }),
            })
            .collect();
        let mut table = Vec::new();
        if let Some(vira) = s.vira {
            let manilha = s.manilha().map_or("?", |r| r.symbol());
            let vira = truco_card(&vira.to_string());
            table.push(format!("Vira {vira} · manilhas: the {manilha}s"));
        }
        if s.started {
            // A hand has three rounds: after the third, it is still the third.
            table.push(format!(
                "Hand {} · round {}",
                s.hand_number,
                (s.rounds.len() + 1).min(3)
            ));
        } else {
            table.push(format!("Waiting for four players: {} here", s.connected));
        }
        if let Some(pending) = s.pending {
            table.push(format!(
                "player {} asks to raise to {}",
                pending.raiser + 1,
                pending.value
            ));
        }
        let moves = self.moves();
        let prompt = match (s.started, s.prompt) {
            _ if moves.is_empty() => None,
            (false, _) => Some("wait for three more players, or fill the table".into()),
            (true, Some(Prompt::Turn)) => Some("play a card".into()),
            (true, Some(Prompt::Answer)) => Some("the other team raised: answer".into()),
            (true, None) => None,
        };
        let ours = me % 2;
        Screen {
            title: format!("Course Truco · {}", self.name),
            score: format!(
                "us {} x {} them · hand worth {}",
                s.scores[ours],
                s.scores[1 - ours],
                s.value.max(1)
            ),
            seats,
            table,
            hand: s
                .hand
                .iter()
                .map(|c| truco_card(&c.to_string()))
                .collect::<Vec<_>>()
                .join("  "),
            prompt,
            choices: moves.into_iter().map(|(choice, _)| choice).collect(),
            suggested: 0,
            log: self.log.clone(),
            over: self.result.clone(),
        }
    }

    fn choose(&mut self, index: usize) -> Vec<String> {
        let Some((_, chosen)) = self.moves().into_iter().nth(index) else {
            return Vec::new();
        };
        match chosen {
            Move::FlipFaceDown => {
                self.face_down = !self.face_down;
                Vec::new()
            }
            Move::Send(line) => {
                if let Some(card) = card_played(&line) {
                    self.state.sent_card = Some(card);
                }
                self.busy = true;
                vec![line]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(lines: &[&str]) -> Course {
        let mut c = Course::new("ana");
        for line in lines {
            c.receive(line);
        }
        c
    }

    #[test]
    fn offers_the_legal_moves_and_waits_after_one() {
        let mut c = table(&["WELCOME 1 1", "WAITING 1"]);
        assert_eq!(c.hello(), ["NAME ana"]);
        assert_eq!(c.screen().choices[0].key, 'c');
        assert_eq!(c.choose(0), ["CPU"]);
        for line in [
            "MATCH 1",
            "HAND 1 1 0 0",
            "CARDS 3p 6c 10e",
            "VIRA 4o",
            "TURN 1 1",
        ] {
            c.receive(line);
        }
        let screen = c.screen();
        assert_eq!(screen.prompt.as_deref(), Some("play a card"));
        let keys: String = screen.choices.iter().map(|c| c.key).collect();
        assert_eq!(keys, "123dt");
        assert!(screen.table[0].contains("manilhas: the 5s"));
        assert!(screen.seats[0].turn);
        // Face down in the first round: the course rules allow it in any round.
        assert!(c.choose(3).is_empty());
        assert_eq!(c.screen().choices[1].label, "6♥ face down");
        assert_eq!(c.choose(1), ["PLAY 6c CLOSED"]);
        assert!(
            c.screen().choices.is_empty(),
            "nothing more until the server answers"
        );
        c.receive("PLAYED 1 CLOSED");
        assert_eq!(
            c.screen().seats[0].played.as_deref(),
            Some("6♥ (face down)")
        );
        c.receive("TRUCO 2 3");
        let answers: Vec<String> = c.screen().choices.iter().map(|c| c.label.clone()).collect();
        assert_eq!(answers, ["accept", "fold", "raise"]);
        c.receive("MATCH_END 1 12 4");
        assert!(c.screen().over.unwrap().contains("You win"));
    }

    #[test]
    fn the_end_of_a_round_and_of_a_hand_stay_in_view() {
        let c = table(&["WELCOME 1 1", "MATCH 1"]);
        assert_eq!(c.hold_after("ROUND 1 2 2").as_millis(), 1000);
        assert_eq!(c.hold_after("HAND_END 1 1 1 0").as_millis(), 1500);
        assert!(c.hold_after("PLAYED 2 Qp").is_zero());
    }

    #[test]
    fn cards_are_written_as_players_read_them_and_a_hand_has_three_rounds() {
        let c = table(&[
            "WELCOME 1 1",
            "MATCH 1",
            "HAND 1 1 0 0",
            "CARDS 3p 6c 10e",
            "VIRA 4o",
            "PLAYED 2 Qp",
            "ROUND 1 2 2",
            "ROUND 2 1 1",
            "ROUND 3 2 2",
        ]);
        let screen = c.screen();
        assert!(
            screen.table.iter().any(|l| l.ends_with("round 3")),
            "{:?}",
            screen.table
        );
        assert!(
            c.log.iter().any(|l| l == "player 2 played Q♣."),
            "{:?}",
            c.log
        );
        assert!(
            c.log.iter().any(|l| l.starts_with("Your cards: 3♣ 6♥ 10♠")),
            "{:?}",
            c.log
        );
    }
}
