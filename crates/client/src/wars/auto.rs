//! The automatic player: the `president` crate's sound bot, fed with what the client
//! knows and the moves the rules crate says are legal.

use super::state::WarsState;
use arrayvec::ArrayVec;
use cards::GameRng;
use president::bots::{SoundBot, Strategy};
use president::{
    card_from_wars_code, legal_plays, lowest, wars_code, Action, Actions, CardSet, Status, View,
    THREE_OF_CLUBS,
};

fn card_set(codes: &[u8]) -> CardSet {
    codes
        .iter()
        .filter_map(|&c| card_from_wars_code(c))
        .collect()
}

/// The seat's view, as far as the protocol shows it (nobody's played cards are listed, so
/// `played` stays empty).
fn view(state: &WarsState) -> Option<View> {
    let seat = state.our_seat()?;
    let seats: Vec<_> = state.seats.iter().filter(|s| s.status != 'e').collect();
    let hand = card_set(&state.hand);
    Some(View {
        seat,
        players: seats.len(),
        hand,
        cards_left: seats.iter().map(|s| s.cards.min(255) as u8).collect(),
        statuses: seats
            .iter()
            .map(|s| match s.status {
                'a' => Status::Active,
                'p' => Status::Passed,
                'd' => Status::Gone,
                _ if s.cards == 0 => Status::Out,
                _ => Status::Waiting,
            })
            .collect(),
        last_play: card_set(&state.last_play),
        last_player: None,
        active: seats.iter().position(|s| s.status == 'a'),
        ranked: !state.first_hand,
        swap_pending: state.swap_pending,
        swap_card: None,
        needs_three_of_clubs: state.opening_play() && hand.contains(THREE_OF_CLUBS),
        ranks: ArrayVec::new(),
        played: CardSet::EMPTY,
    })
}

/// The cards to play (empty = pass).
pub fn choose_play(state: &WarsState, rng: &mut GameRng) -> Vec<u8> {
    let Some(view) = view(state) else {
        return Vec::new();
    };
    let legal = legal_plays(view.hand, view.last_play, view.needs_three_of_clubs);
    match choose(&view, &legal, rng) {
        Some(Action::Play(cards)) => cards.iter().map(wars_code).collect(),
        _ => Vec::new(),
    }
}

/// The card the warlord gives back.
pub fn choose_swap(state: &WarsState, rng: &mut GameRng) -> u8 {
    let hand = card_set(&state.hand);
    let fallback = lowest(hand).map_or(0, wars_code);
    let Some(view) = view(state) else {
        return fallback;
    };
    let legal: Actions = hand.iter().map(Action::Swap).collect();
    match choose(&view, &legal, rng) {
        Some(Action::Swap(card)) => wars_code(card),
        _ => fallback,
    }
}

fn choose(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    (!legal.is_empty()).then(|| SoundBot.choose(view, legal, rng))
}
