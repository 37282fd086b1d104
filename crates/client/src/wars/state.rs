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
    /// The warlord's swap: answered by our new `shand`.
    Swap,
    /// A move the server refused with a strike: a `shand` with our real hand follows.
    Refused,
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
                match self.sent {
                    Some(Sent::Swap) => {
                        self.sent = None;
                        self.swap_pending = false;
                    }
                    Some(Sent::Refused) => self.sent = None,
                    _ => {}
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
                if dealt(seats) && !dealt(&self.seats) {
                    self.hands_dealt += 1;
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
                    Some(Sent::Play { cards_before }) => cards < cards_before,
                    Some(Sent::Pass) => status != Some('a'),
                    Some(Sent::Swap | Sent::Refused) => false,
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
                    10..=19 | 70 => self.sent = Some(Sent::Refused),
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
