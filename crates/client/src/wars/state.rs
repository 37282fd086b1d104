//! What a Warlords client knows, kept up to date from the server's messages.

use super::message::{card_name, SeatInfo, ServerMsg};

/// A decision the server waits for from this client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Our turn to play or pass.
    Play,
    /// We are the warlord: choose the card to give the scumbag.
    Swap,
}

/// A move we sent that the server has not answered yet. Until it shows in a `stabl` (or
/// is refused), tables that arrive were sent before it and must not be answered again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// Cards played while we held this many.
    Play {
        cards_before: usize,
    },
    Pass,
    /// The warlord's swap, given while we held this many cards (the one we took
    /// included): answered by a table where we hold fewer, with or without a new
    /// `shand` (not every server sends one).
    Swap {
        cards_before: usize,
    },
    /// A move the server refused with a strike: a `shand` with our real hand follows,
    /// and the decision (a play, or the swap) is ours to make again.
    Refused(Prompt),
}

/// The client's knowledge.
#[derive(Clone, Debug, Default)]
pub struct WarsState {
    pub name: Option<String>,
    /// Our cards, by card number, ascending.
    pub hand: Vec<u8>,
    pub seats: Vec<SeatInfo>,
    pub last_play: Vec<u8>,
    pub first_hand: bool,
    pub lobby: Vec<String>,
    /// The warlord's swap is ours to make.
    pub swap_pending: bool,
    /// The latest current `stabl` shows us active.
    pub our_turn: bool,
    /// Our move in flight, if any.
    pub sent: Option<Sent>,
    /// Hands dealt at our table so far (seen as a table holding all 52 cards).
    pub hands_dealt: usize,
    /// Of those, the hands that ended (seen as a table holding no cards after one).
    pub hands_played: usize,
    /// Every strike code we received.
    pub strikes: Vec<u8>,
    /// Swaps we took part in (as warlord or scumbag).
    pub swaps: usize,
}

impl WarsState {
    /// Takes in one server message.
    pub fn apply(&mut self, msg: &ServerMsg) {
        match msg {
            ServerMsg::Joined(name) => self.name = Some(name.clone()),
            ServerMsg::Lobby(names) => self.lobby = names.clone(),
            ServerMsg::Hand(cards) => {
                self.hand = cards.clone();
                self.hand.sort_unstable();
                if let Some(Sent::Refused(again)) = self.sent {
                    self.sent = None;
                    match again {
                        Prompt::Play => self.our_turn = true,
                        Prompt::Swap => self.swap_pending = true,
                    }
                }
            }
            ServerMsg::SwapW(_) => {
                self.swap_pending = true;
                self.swaps += 1;
            }
            ServerMsg::Table {
                seats,
                last,
                first_hand,
            } => {
                let dealt = |seats: &[SeatInfo]| seats.iter().map(|s| s.cards).sum::<usize>() == 52;
                let held: usize = seats.iter().map(|s| s.cards).sum();
                if dealt(seats) && !dealt(&self.seats) {
                    self.hands_dealt += 1;
                } else if held == 0 && self.hands_played < self.hands_dealt {
                    self.hands_played += 1;
                }
                self.seats = seats.clone();
                self.last_play = last.clone();
                self.first_hand = *first_hand;
                let ours = self.our_seat().map(|s| self.seats[s].clone());
                if ours.as_ref().is_none_or(|s| s.cards == 0) {
                    self.hand.clear();
                }
                let status = ours.as_ref().map(|s| s.status);
                let cards = ours.as_ref().map_or(0, |s| s.cards);
                let caught_up = match self.sent {
                    Some(Sent::Play { cards_before } | Sent::Swap { cards_before }) => {
                        cards < cards_before
                    }
                    // A pass is never allowed on an empty table, so a table with none
                    // came after ours: the round ended and may well start with us.
                    Some(Sent::Pass) => status != Some('a') || last.is_empty(),
                    Some(Sent::Refused(_)) => false,
                    None => true,
                };
                if caught_up {
                    self.sent = None;
                    self.our_turn = status == Some('a');
                }
            }
            // A refused move (not a timeout, which the server resolves itself) is ours
            // to make again once the hand that follows the strike has arrived.
            ServerMsg::Strike { code, .. } => {
                self.strikes.push(*code);
                match code {
                    20 => {}
                    // Out of turn: there is nothing to make again.
                    15 => self.sent = None,
                    10..=19 => self.sent = Some(Sent::Refused(Prompt::Play)),
                    70 => self.sent = Some(Sent::Refused(Prompt::Swap)),
                    _ => self.sent = None,
                }
            }
            ServerMsg::SwapS { .. } => self.swaps += 1,
            ServerMsg::Chat { .. } => {}
        }
    }

    /// The decision the server waits for from us now, if any.
    pub fn prompt(&self) -> Option<Prompt> {
        match (self.sent, self.swap_pending, self.our_turn) {
            (Some(_), _, _) => None,
            (None, true, _) => Some(Prompt::Swap),
            (None, false, true) => Some(Prompt::Play),
            _ => None,
        }
    }

    /// Records a move we are sending.
    pub fn send(&mut self, sent: Sent) {
        self.sent = Some(sent);
        self.our_turn = false;
    }

    /// We give `card` back to the scumbag: it leaves our hand now (a server need not
    /// send a new `shand`), and our turn comes with the first table that shows the swap
    /// done (a table from before it may still mark us active).
    pub fn swapped(&mut self, card: u8) {
        let cards_before = self.hand.len();
        self.hand.retain(|&c| c != card);
        self.swap_pending = false;
        self.send(Sent::Swap { cards_before });
    }

    /// We sent these cards to the table: they leave our hand (if the server refuses the
    /// play, the `shand` that follows the strike puts them back).
    pub fn played(&mut self, cards: &[u8]) {
        self.hand.retain(|c| !cards.contains(c));
    }

    /// Our position at the table (social order).
    pub fn our_seat(&self) -> Option<usize> {
        let name = self.name.as_deref()?;
        self.seats
            .iter()
            .position(|s| s.name == name && s.status != 'e')
    }

    /// Whether nobody has played yet this game (the 3 of clubs must open).
    pub fn opening_play(&self) -> bool {
        self.first_hand && self.seats.iter().map(|s| s.cards).sum::<usize>() == 52
    }

    /// Our hand for a person: `1) 3♣  2) 3♦ ...`.
    pub fn hand_text(&self) -> String {
        let cards: Vec<String> = self
            .hand
            .iter()
            .enumerate()
            .map(|(i, &c)| format!("{}) {}", i + 1, card_name(c)))
            .collect();
        cards.join("  ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wars::message::parse;

    fn apply(state: &mut WarsState, line: &str) {
        state.apply(&parse(line).expect("a server message"));
    }

    /// From a real game: bot0 went out, the warlord had passed, bot1 passed too, and the
    /// round it ended fell to bot1 (the next seat after bot0 that holds cards).
    #[test]
    fn a_pass_that_ends_the_round_can_be_followed_by_our_own_lead() {
        let mut state = WarsState::default();
        apply(&mut state, "[sjoin|bot1    ]");
        apply(&mut state, "[stabl|w0:bot0    :00,a0:bot1    :05,p0:warlord :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00|46,52,52,52|1]");
        assert_eq!(state.prompt(), Some(Prompt::Play));
        state.send(Sent::Pass);
        assert_eq!(state.prompt(), None);
        // The table sent before the server saw our pass: still ours, but already answered.
        apply(&mut state, "[stabl|w0:bot0    :00,a0:bot1    :05,p0:warlord :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00|46,52,52,52|1]");
        assert_eq!(state.prompt(), None);
        // The new round, led by us.
        apply(&mut state, "[stabl|w0:bot0    :00,a0:bot1    :05,w0:warlord :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00|52,52,52,52|1]");
        assert_eq!(state.prompt(), Some(Prompt::Play));
    }

    #[test]
    fn a_played_move_waits_for_the_table_that_shows_it() {
        let mut state = WarsState::default();
        apply(&mut state, "[sjoin|bot1    ]");
        apply(&mut state, "[stabl|a0:bot1    :05,w0:warlord :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00,e0:        :00|52,52,52,52|0]");
        assert_eq!(state.prompt(), Some(Prompt::Play));
        state.send(Sent::Play { cards_before: 5 });
        apply(&mut state, "[stabl|a0:bot1    :05,w0:warlord :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00,e0:        :00|52,52,52,52|0]");
        assert_eq!(state.prompt(), None);
        apply(&mut state, "[stabl|w0:bot1    :04,a0:warlord :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00,e0:        :00|10,52,52,52|0]");
        assert_eq!(state.prompt(), None);
        assert_eq!(state.sent, None);
    }

    /// As warlord on a server that marks us active before the swap and sends no new
    /// `shand` after it: one swap, then one play on the first table after the swap.
    #[test]
    fn the_swap_is_ours_and_the_turn_comes_without_a_new_hand() {
        let mut state = WarsState::default();
        apply(&mut state, "[sjoin|boss    ]");
        apply(
            &mut state,
            "[shand|00,05,09,13,17,21,25,29,33,37,41,45,49,51,52,52,52,52]",
        );
        apply(&mut state, "[swapw|51]");
        assert_eq!(state.prompt(), Some(Prompt::Swap));
        state.swapped(0);
        assert!(!state.hand.contains(&0));
        assert_eq!(state.prompt(), None);
        // A table from before the swap, marking us active: not our turn yet.
        apply(&mut state, "[stabl|a0:boss    :14,w0:mid     :13,w0:low     :12,e0:        :00,e0:        :00,e0:        :00,e0:        :00|52,52,52,52|0]");
        assert_eq!(state.prompt(), None);
        // The swap done (no `shand` came): now we play.
        apply(&mut state, "[stabl|a0:boss    :13,w0:mid     :13,w0:low     :13,e0:        :00,e0:        :00,e0:        :00,e0:        :00|52,52,52,52|0]");
        assert_eq!(state.prompt(), Some(Prompt::Play));
    }

    /// A refused play (strike 13) is ours to make again once the hand that follows the
    /// strike has come: a person is asked again, not left to time out.
    #[test]
    fn a_refused_play_is_asked_again() {
        let mut state = WarsState::default();
        apply(&mut state, "[sjoin|me      ]");
        apply(
            &mut state,
            "[shand|00,05,09,52,52,52,52,52,52,52,52,52,52,52,52,52,52,52]",
        );
        apply(&mut state, "[stabl|a0:me      :03,w0:other   :05,e0:        :00,e0:        :00,e0:        :00,e0:        :00,e0:        :00|20,21,52,52|0]");
        assert_eq!(state.prompt(), Some(Prompt::Play));
        state.played(&[0]);
        state.send(Sent::Play { cards_before: 3 });
        assert_eq!(state.prompt(), None);
        apply(&mut state, "[strik|13|1]");
        apply(
            &mut state,
            "[shand|00,05,09,52,52,52,52,52,52,52,52,52,52,52,52,52,52,52]",
        );
        assert_eq!(state.prompt(), Some(Prompt::Play), "asked again");
        assert_eq!(state.hand, [0, 5, 9]);
    }
}
