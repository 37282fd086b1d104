//! What one player knows of the match, rebuilt from the server's lines, and its
//! projection as a [`truco::View`] so a bot can play from it.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, GameRng};
use parlor_wire::truco::{self as wire, ServerMsg};
use truco::{
    team_of, Actions, Answer, Game, PendingRaise, Phase, Public, RoundOutcome, Rules, Seat, Seen,
    View,
};

/// A decision the server is waiting for from this player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// It is our turn: play a card (open or closed) or ask for truco.
    Turn,
    /// The other team asked for a raise: accept, fold or raise.
    Answer,
}

/// The player's knowledge of the match.
#[derive(Clone, Debug, Default)]
pub struct TableState {
    /// Our seat (0..4) once welcomed.
    pub me: Option<Seat>,
    pub connected: usize,
    pub started: bool,
    pub hand_number: u32,
    pub opener: Seat,
    pub scores: [u8; 2],
    pub value: u8,
    pub hand: Vec<Card>,
    pub vira: Option<Card>,
    pub turn: Seat,
    pub pending: Option<PendingRaise>,
    pub last_raiser: Option<usize>,
    pub plays: ArrayVec<Seen, 12>,
    pub rounds: ArrayVec<RoundOutcome, 3>,
    pub cards_left: [u8; 4],
    /// The card we last asked to play, so our own closed card is remembered.
    pub sent_card: Option<Card>,
    /// The decision the server waits for from us, if any.
    pub prompt: Option<Prompt>,
    /// `MATCH_END` arrived.
    pub over: bool,
}

impl TableState {
    /// Takes in one server line (read by the wire module the server writes with).
    pub fn apply(&mut self, line: &str) {
        let Some(msg) = ServerMsg::parse(line) else {
            return;
        };
        let seat = |player: u8| usize::from(player).checked_sub(1).filter(|&s| s < 4);
        match msg {
            ServerMsg::Welcome { player, .. } => self.me = seat(player),
            ServerMsg::Waiting(n) => self.connected = n.into(),
            ServerMsg::Match(_) => self.started = true,
            ServerMsg::Hand {
                number,
                opener,
                scores,
            } => {
                self.hand_number = number;
                self.opener = seat(opener).unwrap_or(0);
                self.turn = self.opener;
                self.scores = scores;
                self.value = 1;
                self.pending = None;
                self.last_raiser = None;
                self.plays.clear();
                self.rounds.clear();
                self.cards_left = [3; 4];
                self.prompt = None;
            }
            ServerMsg::Cards(cards) => self.hand = cards.to_vec(),
            ServerMsg::Vira(card) => self.vira = Some(card),
            ServerMsg::Turn { player, value } => {
                self.turn = seat(player).unwrap_or(0);
                self.value = value;
                self.prompt = (Some(self.turn) == self.me).then_some(Prompt::Turn);
            }
            ServerMsg::Played { player, card } => {
                let Some(player) = seat(player) else { return };
                let mut card = card;
                let closed = card.is_none();
                if Some(player) == self.me {
                    card = card.or(self.sent_card);
                    self.hand.retain(|h| Some(*h) != card);
                    self.prompt = None;
                }
                self.cards_left[player] = self.cards_left[player].saturating_sub(1);
                let _ = self.plays.try_push(Seen::new(player, card, closed));
            }
            ServerMsg::Round { team, .. } => {
                let outcome = match team {
                    t @ 1..=2 => RoundOutcome::Won(usize::from(t) - 1),
                    _ => RoundOutcome::Tied,
                };
                let _ = self.rounds.try_push(outcome);
            }
            ServerMsg::Truco { player, value } => {
                let Some(raiser) = seat(player) else { return };
                if let Some(previous) = self.pending {
                    self.value = previous.value;
                }
                self.pending = Some(PendingRaise {
                    raiser,
                    value,
                    answers: [None; 2],
                });
                self.last_raiser = Some(team_of(raiser));
                let ours = self.me.map(team_of) == Some(team_of(raiser));
                self.prompt = (!ours).then_some(Prompt::Answer);
            }
            ServerMsg::Answered { player, answer } => {
                let answer = match answer {
                    wire::Answer::Accept => Answer::Accept,
                    wire::Answer::Fold => Answer::Fold,
                    wire::Answer::Raise => Answer::Raise,
                };
                if let (Some(player), Some(pending)) = (seat(player), &mut self.pending) {
                    pending.answers[player / 2] = Some(answer);
                    if Some(player) == self.me {
                        self.prompt = None;
                    }
                }
            }
            ServerMsg::Accepted(value) => {
                self.value = value;
                self.pending = None;
            }
            ServerMsg::HandEnd { scores, .. } => {
                self.scores = scores;
                self.pending = None;
                self.prompt = None;
            }
            ServerMsg::MatchEnd { .. } => {
                self.over = true;
                self.prompt = None;
            }
            _ => {}
        }
    }

    /// The manilha rank for the current vira.
    pub fn manilha(&self) -> Option<cards::Rank> {
        Some(Rules::course().manilha_rank(self.vira?))
    }

    /// What this player knows, as the rules crate's per-seat view.
    pub fn view(&self) -> Option<View> {
        Some(View {
            seat: self.me?,
            public: Public {
                rules: Rules::course(),
                scores: self.scores,
                phase: Phase::Playing,
                hand_number: self.hand_number,
                opener: self.opener,
                vira: self.vira,
                value: self.value,
                last_raiser: self.last_raiser,
                pending: self.pending,
                eleven: [None; 2],
                turn: self.turn,
            },
            hand: self.hand.iter().copied().collect::<CardSet>(),
            partner_hand: None,
            plays: self.plays.clone(),
            rounds: self.rounds.clone(),
            cards_left: self.cards_left,
        })
    }

    /// The moves the rules allow us now, asked of the rules engine on a game consistent
    /// with what we know (the client decides no rule itself).
    pub fn legal_actions(&self, rng: &mut GameRng) -> Actions {
        match (self.view(), self.me) {
            (Some(view), Some(me)) => Game::determinize(&view, rng).legal_actions(me),
            _ => Actions::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use truco::Action;

    fn state(lines: &[&str]) -> TableState {
        let mut s = TableState::default();
        for line in lines {
            s.apply(line);
        }
        s
    }

    #[test]
    fn follows_a_hand_and_knows_when_to_act() {
        let mut s = state(&[
            "WELCOME 2 2",
            "WAITING 2",
            "WAITING 4",
            "MATCH 1",
            "HAND 1 1 0 0",
            "CARDS 3p 6c 10e",
            "VIRA 4o",
            "TURN 1 1",
        ]);
        assert_eq!(s.me, Some(1));
        assert_eq!(s.prompt, None);
        assert_eq!(s.manilha(), Some(cards::Rank::Five));
        s.apply("PLAYED 1 7c");
        s.apply("TURN 2 1");
        assert_eq!(s.prompt, Some(Prompt::Turn));
        let mut rng = cards::seeded_rng(1);
        let legal = s.legal_actions(&mut rng);
        assert!(legal.contains(&Action::Truco));
        assert_eq!(legal.len(), 7, "three cards, open or closed, and truco");
        s.sent_card = "6c".parse().ok();
        s.apply("PLAYED 2 CLOSED");
        assert_eq!(s.hand.len(), 2);
        assert_eq!(s.plays[1].card(), "6c".parse().ok());
        assert_eq!(s.prompt, None);
    }

    #[test]
    fn raises_ask_the_other_team_only() {
        let mut s = state(&[
            "WELCOME 2 2",
            "MATCH 1",
            "HAND 1 1 0 0",
            "CARDS 3p 6c 10e",
            "VIRA 4o",
            "TURN 1 1",
        ]);
        s.apply("TRUCO 1 3");
        assert_eq!(s.prompt, Some(Prompt::Answer));
        let mut rng = cards::seeded_rng(1);
        assert!(s
            .legal_actions(&mut rng)
            .contains(&Action::Answer(Answer::Raise)));
        s.apply("ANSWERED 2 RAISE");
        assert_eq!(s.prompt, None);
        s.apply("ANSWERED 4 RAISE");
        s.apply("TRUCO 4 6");
        assert_eq!(s.value, 3);
        assert_eq!(s.prompt, None, "our own team's raise is not ours to answer");
    }
}
