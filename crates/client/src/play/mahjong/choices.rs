//! The choices each question offers. They come from what our tiles make possible (the
//! rules crate's hand analysis says whether a hand is complete or tenpai); the server
//! judges the rest and refuses with `reject`, after which the question stays open
//! without the refused answer. A claim only `pass` could answer is passed here without
//! asking, and the suggested choice is always one the server takes in the end, so
//! always taking it plays a whole game.

use super::deal::OfferKind;
use super::tiles::{
    best_discard, chi_options, complete, distinct, same_kind, show, sorted, tenpai_discards,
    terminal_kinds,
};
use super::{Ask, Mahjong, Prompt};
use crate::play::screen::{Choice, CARD_KEYS};
use parlor_wire::mmj1::{ClientMsg, TileName};

/// A tile this client keeps (in the server's spelling) as a message names it.
fn named(face: &str) -> TileName {
    TileName::parse(face).unwrap_or(TileName::Hidden)
}

/// Discarding `face`, declaring riichi with it or not.
fn discard(riichi: bool, face: &str) -> ClientMsg {
    match riichi {
        true => ClientMsg::Riichi(named(face)),
        false => ClientMsg::Discard(named(face)),
    }
}

/// What a choice does.
pub(super) enum Move {
    /// Answer with this operation.
    Send(ClientMsg),
    /// Turn riichi mode on or off: whether the discards offered declare riichi.
    ToggleRiichi,
    /// Pass, and pass every call for the rest of the hand.
    NoCalls,
    /// While waiting for a table: start one now with CPU players (parlor's `fill`).
    Fill,
}

impl Mahjong {
    /// The moves open now and the index of the suggested one.
    pub(super) fn moves(&self) -> (Vec<(Choice, Move)>, usize) {
        let asked = self.sent.is_none() && self.over.is_none();
        if self.greeted && self.me.is_none() && !self.filled && self.over.is_none() {
            let fill = Choice::new('c', "start now with CPU players");
            return (vec![(fill, Move::Fill)], 0);
        }
        let Some(prompt) = self.prompt.as_ref().filter(|_| asked) else {
            return (Vec::new(), 0);
        };
        let all = match prompt.ask {
            Ask::Play => self.play_moves(prompt),
            Ask::Claim => self.claim_moves(),
            Ask::Ack => vec![(Choice::new('n', "next hand"), Move::Send(ClientMsg::Ack))],
        };
        let moves: Vec<(Choice, Move)> = all
            .into_iter()
            .filter(|(_, m)| !matches!(m, Move::Send(op) if prompt.refused.contains(op)))
            .collect();
        let (_, drawn) = self.hand_split();
        let riichi = self.riichi_mode;
        let mut wanted: Vec<ClientMsg> = drawn.iter().map(|t| discard(riichi, t)).collect();
        wanted.extend(best_discard(&self.deal.mine).map(|t| discard(riichi, &t)));
        wanted.push(ClientMsg::Pass);
        wanted.push(ClientMsg::Ack);
        let sends = |want: &dyn Fn(&ClientMsg) -> bool| {
            moves
                .iter()
                .position(|(_, m)| matches!(m, Move::Send(op) if want(op)))
        };
        let a_discard = |op: &ClientMsg| match op {
            ClientMsg::Riichi(_) => riichi,
            ClientMsg::Discard(_) => !riichi,
            _ => false,
        };
        let suggested = wanted
            .iter()
            .find_map(|w| sends(&|op| op == w))
            .or_else(|| sends(&a_discard))
            .unwrap_or(0);
        (moves, suggested)
    }

    /// On our turn: discard a tile (declare riichi with it in riichi mode), tsumo, the
    /// nine-terminals draw, kans, riichi.
    fn play_moves(&self, prompt: &Prompt) -> Vec<(Choice, Move)> {
        let d = &self.deal;
        let me = self.me();
        let (rest, drawn) = self.hand_split();
        let mut faces = distinct(&rest);
        if let Some(t) = &drawn {
            if !faces.contains(t) {
                faces.push(t.clone());
            }
        }
        if self.riichi_mode {
            let tenpai = tenpai_discards(&d.mine);
            faces.retain(|t| tenpai.contains(t));
        } else if let Some(t) = drawn.as_ref().filter(|_| d.riichi[me]) {
            // After riichi the drawn tile goes (unless the server refused that).
            if !prompt.refused.contains(&discard(false, t)) {
                faces = vec![t.clone()];
            }
        }
        let mut moves: Vec<(Choice, Move)> = faces
            .iter()
            .zip(CARD_KEYS.chars())
            .map(|(t, key)| {
                let mut label = show(t);
                if drawn.as_ref() == Some(t) {
                    label.push_str(" (drawn)");
                }
                if self.riichi_mode {
                    label = format!("riichi, discarding {label}");
                }
                (
                    Choice::new(key, label),
                    Move::Send(discard(self.riichi_mode, t)),
                )
            })
            .collect();
        if self.riichi_mode {
            moves.push((Choice::new('r', "cancel riichi"), Move::ToggleRiichi));
            return moves;
        }
        // Tsumo and the nine-terminals draw need a drawn tile (not right after a call).
        let first_turn = !d.any_meld() && d.discards[me].is_empty();
        if d.just_drew(me) && complete(&d.mine, None) {
            moves.push((Choice::new('t', "tsumo (win)"), Move::Send(ClientMsg::Out)));
        } else if d.just_drew(me) && first_turn && terminal_kinds(&d.mine) >= 9 {
            let label = "abortive draw (nine terminals)";
            moves.push((Choice::new('o', label), Move::Send(ClientMsg::Out)));
        }
        let mut kongs = Vec::new();
        let all = sorted(&d.mine);
        for t in distinct(&d.mine) {
            let same: Vec<&String> = all.iter().filter(|x| same_kind(x, &t)).collect();
            if same.len() == 4 && same[0] == &t {
                let op = ClientMsg::ConcealedKong(named(&t));
                kongs.push((format!("kan: four {}", show(&t)), op));
            }
        }
        for pon in d.pons() {
            if let Some(t) = d.mine.iter().find(|x| same_kind(x, &pon)) {
                kongs.push((
                    format!("kan: add {} to the pon", show(t)),
                    ClientMsg::PungKong(named(t)),
                ));
            }
        }
        for ((label, op), key) in kongs.into_iter().zip("kljm".chars()) {
            moves.push((Choice::new(key, label), Move::Send(op)));
        }
        // Riichi while some discard could still declare it (the server may refuse each).
        let riichi_left = tenpai_discards(&d.mine)
            .iter()
            .any(|t| !prompt.refused.contains(&discard(true, t)));
        if !d.riichi[me] && d.closed() && riichi_left {
            moves.push((Choice::new('r', "riichi…"), Move::ToggleRiichi));
        }
        moves
    }

    /// When a tile may be claimed: ron when it completes the hand, pon, kan and chi when
    /// the hand has the tiles and calls are open, and pass.
    fn claim_moves(&self) -> Vec<(Choice, Move)> {
        let d = &self.deal;
        let me = self.me();
        let mut moves = Vec::new();
        let mut calls = false;
        if let Some(offer) = &d.offer {
            if complete(&d.mine, Some(&offer.face)) {
                let label = format!("ron (win on {})", show(&offer.face));
                moves.push((Choice::new('r', label), Move::Send(ClientMsg::Ron)));
            }
            let ron = moves.len();
            let open = offer.kind == OfferKind::Discard
                && offer.who != me
                && !d.riichi[me]
                && !self.no_calls
                && d.live() != 0;
            if open {
                let all = sorted(&d.mine);
                let same: Vec<&String> = all.iter().filter(|t| same_kind(t, &offer.face)).collect();
                if let [a, b, rest @ ..] = same.as_slice() {
                    let label = format!("pon {}", show(&offer.face));
                    moves.push((
                        Choice::new('p', label),
                        Move::Send(ClientMsg::Claim([named(a), named(b), TileName::Hidden])),
                    ));
                    if let [c, ..] = rest {
                        let label = format!("kan {}", show(&offer.face));
                        let op = ClientMsg::Claim([named(a), named(b), named(c)]);
                        moves.push((Choice::new('k', label), Move::Send(op)));
                    }
                }
                if (offer.who + 1) % 4 == me {
                    let options = chi_options(&d.mine, &offer.face);
                    for ((a, b), key) in options.into_iter().zip("123456789".chars()) {
                        let label =
                            format!("chi {} with {} {}", show(&offer.face), show(&a), show(&b));
                        moves.push((
                            Choice::new(key, label),
                            Move::Send(ClientMsg::Claim([named(&a), named(&b), TileName::Hidden])),
                        ));
                    }
                }
                calls = moves.len() > ron;
            }
        }
        moves.push((Choice::new('n', "pass"), Move::Send(ClientMsg::Pass)));
        if calls {
            let label = "pass, and no calls for the rest of this hand";
            moves.push((Choice::new('x', label), Move::NoCalls));
        }
        moves
    }

    /// Answers a `claim` by itself when passing is all we could do.
    pub(super) fn on_claim(&mut self) -> Vec<String> {
        self.prompt = Prompt::new(Ask::Claim);
        let only_pass = matches!(
            self.claim_moves().as_slice(),
            [(_, Move::Send(ClientMsg::Pass))]
        );
        if only_pass {
            self.sent = Some(ClientMsg::Pass);
            vec![ClientMsg::Pass.write()]
        } else {
            Vec::new()
        }
    }
}
