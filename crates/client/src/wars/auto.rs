//! The automatic player: the `president` crate's sound bot, fed with what the client
//! knows and the moves the rules crate says are legal.

use super::state::WarsState;
use cards::GameRng;
use parlor_wire::wars::{card, code};
use president::bots::{SoundBot, Strategy};
use president::{
    legal_plays, lowest, Action, Actions, CardSet, Public, View, MAX_PLAYERS, THREE_OF_CLUBS,
};

fn card_set(codes: &[u8]) -> CardSet {
    codes.iter().filter_map(|&c| card(c)).collect()
}

/// The seat's view, as far as the protocol shows it (nobody's played cards are listed, so
/// `played` stays empty).
fn view(state: &WarsState) -> Option<View> {
    let seat = state.our_seat()?;
    let hand = card_set(&state.hand);
    let mut public = Public::new(0, !state.first_hand);
    public.last_play = card_set(&state.last_play);
    public.needs_three_of_clubs = state.opening_play() && hand.contains(THREE_OF_CLUBS);
    let seats = state.seats.iter().filter(|s| s.status != 'e');
    for (s, shown) in seats.take(MAX_PLAYERS).enumerate() {
        public.players = s + 1;
        public.cards_left[s] = shown.cards.min(255) as u8;
        match shown.status {
            'a' => public.active = Some(s),
            'p' => public.passed[s] = true,
            'd' => public.gone[s] = true,
            _ => {}
        }
    }
    Some(View {
        seat,
        hand,
        swap_pending: state.swap_pending,
        swap_card: None,
        public,
    })
}

/// The cards to play (empty = pass).
pub fn choose_play(state: &WarsState, rng: &mut GameRng) -> Vec<u8> {
    let Some(view) = view(state) else {
        return Vec::new();
    };
    let legal = legal_plays(
        view.hand,
        view.public.last_play,
        view.public.needs_three_of_clubs,
    );
    match choose(&view, &legal, rng) {
        Some(Action::Play(cards)) => cards.iter().map(code).collect(),
        _ => Vec::new(),
    }
}

/// The card the warlord gives back.
pub fn choose_swap(state: &WarsState, rng: &mut GameRng) -> u8 {
    let hand = card_set(&state.hand);
    let fallback = lowest(hand).map_or(0, code);
    let Some(view) = view(state) else {
        return fallback;
    };
    let legal: Actions = hand.iter().map(Action::Swap).collect();
    match choose(&view, &legal, rng) {
        Some(Action::Swap(card)) => code(card),
        _ => fallback,
    }
}

fn choose(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    (!legal.is_empty()).then(|| SoundBot.choose(view, legal, rng))
}
