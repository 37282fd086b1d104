//! What a Jass player knows, rebuilt from the server's messages: its hand, the mode, the
//! table, the finished tricks, the scores; and its seat, which the protocol never states
//! outright but follows from the chooser's rotation and who led each trick.

use arrayvec::ArrayVec;
use jass::rules::legal_cards;
use jass::{Action, Actions, Card, CardSet, Config, Mode, Phase, Public, Seat, Suit, Trick, View};
use parlor_wire::jass::{ServerMsg, TrumpfChoice};

/// The player's knowledge.
#[derive(Clone, Debug, Default)]
pub struct JassState {
    pub seat: Seat,
    pub hand: CardSet,
    pub mode: Option<Mode>,
    pub table: Vec<Card>,
    pub tricks: Vec<Trick>,
    /// 1-based deal number in the current game.
    pub number: u32,
    pub leader: Seat,
    pub totals: [u32; 2],
    pub deal: [u32; 2],
    /// The request waiting for us: `Some(pushed)` for trumpf.
    pub trumpf_request: Option<bool>,
    pub card_request: bool,
    /// Games won by the server's announcement, and games seen.
    pub games: u32,
    /// Deals finished, over all games.
    pub deals: u32,
}

impl JassState {
    /// The seat that chooses the trumpf in this deal (and leads its first trick).
    pub fn chooser(&self) -> Seat {
        (self.number.max(1) as usize - 1) % 4
    }

    /// Takes in one server message.
    pub fn apply(&mut self, msg: &ServerMsg<'_>) {
        match msg {
            ServerMsg::BroadcastTeams(_) => {
                *self = JassState {
                    games: self.games,
                    deals: self.deals,
                    number: 1,
                    ..JassState::default()
                };
            }
            ServerMsg::DealCards(cards) => self.hand = cards.iter().copied().collect(),
            &ServerMsg::RequestTrumpf(pushed) => {
                self.seat = if pushed {
                    (self.chooser() + 2) % 4
                } else {
                    self.chooser()
                };
                self.trumpf_request = Some(pushed);
            }
            ServerMsg::BroadcastTrumpf(TrumpfChoice::Mode(mode)) => self.mode = Some(*mode),
            ServerMsg::PlayedCards(cards) => self.table = cards.to_vec(),
            ServerMsg::RequestCard(cards) => {
                self.table = cards.to_vec();
                self.seat = (self.leader + self.table.len()) % 4;
                self.card_request = true;
            }
            ServerMsg::BroadcastStich(stich) => {
                let winner = stich.seat_id % 4;
                if let Ok(cards) = <[Card; 4]>::try_from(stich.played_cards.as_slice()) {
                    self.tricks.push(Trick::new(self.leader, cards, winner, 0));
                }
                for team in &stich.teams {
                    self.totals[team.team()] = team.points;
                    self.deal[team.team()] = team.current_round_points;
                }
                self.leader = winner;
                self.table.clear();
            }
            ServerMsg::BroadcastGameFinished(_) => {
                self.number += 1;
                self.deals += 1;
                self.leader = self.chooser();
                self.tricks.clear();
                self.table.clear();
                self.mode = None;
                self.deal = [0, 0];
            }
            ServerMsg::BroadcastWinnerTeam(_) => self.games += 1,
            _ => {}
        }
    }

    /// Our view of the game, in the rules crate's terms.
    pub fn view(&self) -> View {
        let phase = match self.trumpf_request {
            Some(pushed) => Phase::Choosing {
                seat: self.seat,
                pushed,
            },
            None => Phase::Playing,
        };
        let played_this_trick = |seat: Seat| (seat + 4 - self.leader) % 4 < self.table.len();
        View {
            seat: self.seat,
            public: Public {
                config: Config::default(),
                totals: self.totals,
                deal: self.deal,
                number: self.number,
                chooser: self.chooser(),
                phase,
                mode: self.mode,
                declarer: None,
                leader: self.leader,
                cannot_hold: [CardSet::EMPTY; 4],
            },
            hand: self.hand,
            tricks: self.tricks.iter().copied().collect(),
            table: self.table.iter().copied().collect::<ArrayVec<Card, 4>>(),
            cards_left: [0, 1, 2, 3]
                .map(|s| (9 - self.tricks.len() - usize::from(played_this_trick(s))) as u8),
        }
    }

    /// What we may do now, by the rules crate.
    pub fn legal(&self) -> Actions {
        match (self.trumpf_request, self.mode) {
            (Some(pushed), _) => {
                let mut actions: Actions = Suit::ALL
                    .into_iter()
                    .map(|s| Action::Choose(Mode::Trumpf(s)))
                    .collect();
                actions.push(Action::Choose(Mode::Obeabe));
                actions.push(Action::Choose(Mode::Undeufe));
                if !pushed {
                    actions.push(Action::Schiebe);
                }
                actions
            }
            (None, Some(mode)) if self.card_request => legal_cards(self.hand, &self.table, mode)
                .iter()
                .map(Action::Play)
                .collect(),
            _ => Actions::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// Takes in the frame of type `kind` with `data`, as a client reads it.
    fn apply(state: &mut JassState, kind: &str, data: &Value) {
        let frame = json!({ "type": kind, "data": data }).to_string();
        state.apply(&ServerMsg::parse(&frame).expect("a server frame"));
    }

    #[test]
    fn the_seat_follows_from_the_chooser_and_the_tricks() {
        let mut s = JassState::default();
        apply(&mut s, "BROADCAST_TEAMS", &json!([]));
        apply(
            &mut s,
            "DEAL_CARDS",
            &json!([{"number": 6, "color": "HEARTS"}, {"number": 14, "color": "SPADES"}]),
        );
        apply(&mut s, "BROADCAST_TRUMPF", &json!({"mode": "SCHIEBE"}));
        apply(
            &mut s,
            "BROADCAST_TRUMPF",
            &json!({"mode": "TRUMPF", "trumpfColor": "SPADES"}),
        );
        apply(
            &mut s,
            "REQUEST_CARD",
            &json!([{"number": 10, "color": "HEARTS"}]),
        );
        assert_eq!(s.seat, 1);
        assert_eq!(s.mode, Some(Mode::Trumpf(Suit::Spades)));
        let legal = s.legal();
        assert_eq!(
            legal.len(),
            2,
            "hearts must be followed, a trump may always be played: {legal:?}"
        );
        apply(
            &mut s,
            "BROADCAST_STICH",
            &json!({"seatId": 3, "playedCards": [
            {"number": 10, "color": "HEARTS"}, {"number": 6, "color": "HEARTS"},
            {"number": 7, "color": "HEARTS"}, {"number": 11, "color": "SPADES"}],
            "teams": [{"name": "Team 2", "points": 30, "currentRoundPoints": 30}, {"name": "Team 1", "points": 0, "currentRoundPoints": 0}]}),
        );
        assert_eq!(s.totals, [0, 30]);
        apply(&mut s, "REQUEST_CARD", &json!([]));
        assert_eq!(s.seat, 3, "the trick's winner leads");
        apply(&mut s, "BROADCAST_GAME_FINISHED", &json!([]));
        apply(&mut s, "REQUEST_TRUMPF", &json!(true));
        assert_eq!(s.seat, 3, "deal 2: seat 1 chose and pushed to seat 3");
    }
}
