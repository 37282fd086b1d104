//! What a Jass player knows, rebuilt from the server's messages: its hand, the mode, the
//! table, the finished tricks, the scores; and its seat, which the protocol never states
//! outright but follows from the chooser's rotation and who led each trick.

use arrayvec::ArrayVec;
use jass::rules::legal_cards;
use jass::{
    Action, Actions, Card, CardSet, Config, Mode, Phase, Public, Rank, Seat, Suit, Trick, View,
};
use serde_json::Value;

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

/// A card from `{"number", "color"}`.
pub fn card(v: &Value) -> Option<Card> {
    let rank = Rank::from_number(u8::try_from(v.get("number")?.as_u64()?).ok()?)?;
    let suit = suit(v.get("color")?.as_str()?)?;
    Some(Card::new(rank, suit))
}

fn suit(name: &str) -> Option<Suit> {
    Some(match name {
        "HEARTS" => Suit::Hearts,
        "DIAMONDS" => Suit::Diamonds,
        "CLUBS" => Suit::Clubs,
        "SPADES" => Suit::Spades,
        _ => return None,
    })
}

fn cards(v: &Value) -> Vec<Card> {
    v.as_array()
        .map(|a| a.iter().filter_map(card).collect())
        .unwrap_or_default()
}

/// The team a wire team name means: `Team 2` is team 1, anything else team 0.
pub(crate) fn team_index(name: &Value) -> usize {
    usize::from(name.as_str() == Some("Team 2"))
}

impl JassState {
    /// The seat that chooses the trumpf in this deal (and leads its first trick).
    pub fn chooser(&self) -> Seat {
        (self.number.max(1) as usize - 1) % 4
    }

    /// Takes in one server message (`type`, `data`).
    pub fn apply(&mut self, kind: &str, data: &Value) {
        match kind {
            "BROADCAST_TEAMS" => {
                *self = JassState {
                    games: self.games,
                    deals: self.deals,
                    number: 1,
                    ..JassState::default()
                };
            }
            "DEAL_CARDS" => self.hand = cards(data).into_iter().collect(),
            "REQUEST_TRUMPF" => {
                let pushed = data.as_bool().unwrap_or(false);
                self.seat = if pushed {
                    (self.chooser() + 2) % 4
                } else {
                    self.chooser()
                };
                self.trumpf_request = Some(pushed);
            }
            "BROADCAST_TRUMPF" => {
                self.mode = match data.get("mode").and_then(Value::as_str) {
                    Some("OBEABE") => Some(Mode::Obeabe),
                    Some("UNDEUFE") => Some(Mode::Undeufe),
                    Some("TRUMPF") => data
                        .get("trumpfColor")
                        .and_then(Value::as_str)
                        .and_then(suit)
                        .map(Mode::Trumpf),
                    _ => self.mode,
                };
            }
            "PLAYED_CARDS" => self.table = cards(data),
            "REQUEST_CARD" => {
                self.table = cards(data);
                self.seat = (self.leader + self.table.len()) % 4;
                self.card_request = true;
            }
            "BROADCAST_STICH" => {
                let played = cards(&data["playedCards"]);
                let winner = data["seatId"].as_u64().unwrap_or(0) as usize % 4;
                if let Ok(cards) = <[Card; 4]>::try_from(played) {
                    self.tricks.push(Trick::new(self.leader, cards, winner, 0));
                }
                for team in data["teams"].as_array().into_iter().flatten() {
                    let t = team_index(&team["name"]);
                    self.totals[t] = team["points"].as_u64().unwrap_or(0) as u32;
                    self.deal[t] = team["currentRoundPoints"].as_u64().unwrap_or(0) as u32;
                }
                self.leader = winner;
                self.table.clear();
            }
            "BROADCAST_GAME_FINISHED" => {
                self.number += 1;
                self.deals += 1;
                self.leader = self.chooser();
                self.tricks.clear();
                self.table.clear();
                self.mode = None;
                self.deal = [0, 0];
            }
            "BROADCAST_WINNER_TEAM" => self.games += 1,
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
    use serde_json::json;

    #[test]
    fn the_seat_follows_from_the_chooser_and_the_tricks() {
        let mut s = JassState::default();
        s.apply("BROADCAST_TEAMS", &json!([]));
        s.apply(
            "DEAL_CARDS",
            &json!([{"number": 6, "color": "HEARTS"}, {"number": 14, "color": "SPADES"}]),
        );
        s.apply("BROADCAST_TRUMPF", &json!({"mode": "SCHIEBE"}));
        s.apply(
            "BROADCAST_TRUMPF",
            &json!({"mode": "TRUMPF", "trumpfColor": "SPADES"}),
        );
        s.apply("REQUEST_CARD", &json!([{"number": 10, "color": "HEARTS"}]));
        assert_eq!(s.seat, 1);
        assert_eq!(s.mode, Some(Mode::Trumpf(Suit::Spades)));
        let legal = s.legal();
        assert_eq!(
            legal.len(),
            2,
            "hearts must be followed, a trump may always be played: {legal:?}"
        );
        s.apply("BROADCAST_STICH", &json!({"seatId": 3, "playedCards": [
            {"number": 10, "color": "HEARTS"}, {"number": 6, "color": "HEARTS"},
            {"number": 7, "color": "HEARTS"}, {"number": 11, "color": "SPADES"}],
            "teams": [{"name": "Team 2", "points": 30, "currentRoundPoints": 30}, {"name": "Team 1", "points": 0, "currentRoundPoints": 0}]}));
        assert_eq!(s.totals, [0, 30]);
        s.apply("REQUEST_CARD", &json!([]));
        assert_eq!(s.seat, 3, "the trick's winner leads");
        s.apply("BROADCAST_GAME_FINISHED", &json!([]));
        s.apply("REQUEST_TRUMPF", &json!(true));
        assert_eq!(s.seat, 3, "deal 2: seat 1 chose and pushed to seat 3");
    }
}
