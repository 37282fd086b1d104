//! A rule-based player: plays its cards the way a careful human does and weighs raises
//! by an estimate of its chance to take the hand.

use super::odds::{chance_after, expected_chance, seen_strength, Odds};
use super::Strategy;
use crate::outcome::{hand_result, HandOutcome, RoundOutcome};
use crate::{team_of, Action, Answer, Game, View};
use arrayvec::ArrayVec;
use cards::{Card, GameRng};

/// Raise only with at least this chance to take the hand.
const RAISE_AT: f64 = 0.8;
/// Answer a raise with a counter-raise only with at least this chance.
const COUNTER_AT: f64 = 0.9;
/// How much a raise from the other team lowers our estimate: they rarely raise on air.
const RESPECT: f64 = 0.25;
/// A card on the table this likely to hold its round needs no help from the partner.
const SAFE: f64 = 0.55;
/// A card this likely to hold the round is worth spending to beat the opponents' card.
const WORTH_SPENDING: f64 = 0.37;

/// Plays by rules of thumb: never overtakes a partner who is winning the round, wins
/// rounds as cheaply as it can, throws away (face down when allowed) what cannot win,
/// and raises, accepts or folds by its chance to take the hand and what the points are
/// worth at this score.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

impl Strategy<Game> for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let odds = Odds::new(view);
        match legal[0] {
            Action::PlayHandOfEleven(_) => Action::PlayHandOfEleven(play_eleven(view, &odds)),
            Action::Answer(_) => Action::Answer(answer(view, legal, &odds)),
            _ if legal.contains(&Action::Truco) && should_raise(view, &odds) => Action::Truco,
            _ => play_card(view, legal, &odds),
        }
    }
}

/// The value a raise from `value` asks for, if any.
fn next_value(view: &View, value: u8) -> Option<u8> {
    view.public.rules.stakes.next_raise(value)
}

/// Raise when the hand looks won and playing it for more is worth more at this score.
fn should_raise(view: &View, odds: &Odds) -> bool {
    let Some(raised) = next_value(view, view.public.value) else {
        return false;
    };
    let hand = odds.hand_chance(view);
    hand >= RAISE_AT
        && expected_chance(view, hand, raised) >= expected_chance(view, hand, view.public.value)
}

/// Accept when playing on for the raised value is worth more than the points a fold
/// gives away; counter-raise (where the rules allow) with a very strong hand.
fn answer(view: &View, legal: &[Action], odds: &Odds) -> Answer {
    let Some(pending) = view.public.pending else {
        return Answer::Accept;
    };
    let estimate = odds.hand_chance(view);
    let hand = (estimate - RESPECT).max(0.0);
    let fold = chance_after(view, 0, view.public.value);
    let accept = expected_chance(view, hand, pending.value);
    let counter = next_value(view, pending.value)
        .filter(|_| legal.contains(&Action::Answer(Answer::Raise)) && estimate >= COUNTER_AT)
        .map(|value| expected_chance(view, hand, value));
    match counter {
        Some(counter) if counter >= accept && counter >= fold => Answer::Raise,
        _ if accept >= fold => Answer::Accept,
        _ => Answer::Fold,
    }
}

/// Play a hand of 11 (with the partner's cards in sight) when the points it risks are
/// worth less than the base points that declining gives away.
fn play_eleven(view: &View, odds: &Odds) -> bool {
    let hand = odds.hand_chance(view);
    let played = view.public.rules.stakes.raises[0];
    expected_chance(view, hand, played) >= chance_after(view, 0, view.public.rules.stakes.base)
}

/// What the round on the table looks like from the seat about to play.
struct Round {
    /// Best strength on the table for each side (closed cards count 0).
    ours: u8,
    theirs: u8,
    /// Opponents still to play in this round after this seat.
    opponents_after: i32,
    /// Whether the partner still plays after this seat.
    partner_after: bool,
    /// What a win and a tie of this round would make of the hand.
    if_won: Option<HandOutcome>,
    if_tied: Option<HandOutcome>,
}

impl Round {
    fn new(view: &View) -> Round {
        let round = view.current_round();
        let team = view.team();
        let best = |of_us: bool| {
            round
                .iter()
                .filter(|p| (team_of(p.seat()) == team) == of_us)
                .map(|p| seen_strength(view, p))
                .max()
                .unwrap_or(0)
        };
        let after = 3 - round.len();
        let then = |outcome| {
            let mut rounds = view.rounds.clone();
            rounds.push(outcome);
            hand_result(&rounds)
        };
        Round {
            ours: best(true),
            theirs: best(false),
            opponents_after: i32::from(after >= 1) + i32::from(after >= 3),
            partner_after: after >= 2,
            if_won: then(RoundOutcome::Won(team)),
            if_tied: then(RoundOutcome::Tied),
        }
    }
}

/// Chooses a card (and whether to show it) when the seat is on turn.
fn play_card(view: &View, legal: &[Action], odds: &Odds) -> Action {
    let mut hand: ArrayVec<(u8, Card), 3> = view
        .hand
        .iter()
        .map(|card| (view.strength(card), card))
        .collect();
    hand.sort_unstable();
    let Some(&(_, lowest)) = hand.first() else {
        return legal[0];
    };
    let round = Round::new(view);
    let team = view.team();
    let open = |card| Action::Play {
        card,
        closed: false,
    };
    // A card that cannot change the round goes face down when the rules allow.
    let throw_away = |card| {
        let closed = Action::Play { card, closed: true };
        if legal.contains(&closed) {
            closed
        } else {
            open(card)
        }
    };
    let holds = |s: u8| odds.power(s).powi(round.opponents_after);

    if view.current_round().is_empty() {
        return open(lead(view, &hand, odds));
    }
    if round.ours > round.theirs {
        // The partner is winning: leave it alone unless it is likely to be beaten.
        if round.opponents_after == 0 || holds(round.ours) >= SAFE {
            return throw_away(lowest);
        }
        return match hand
            .iter()
            .find(|&&(s, _)| s > round.ours && holds(s) >= SAFE)
        {
            Some(&(_, card)) => open(card),
            None => throw_away(lowest),
        };
    }
    // The opponents lead the round (or it is level): win it as cheaply as is safe.
    let winners = || hand.iter().filter(|&&(s, _)| s > round.theirs);
    let safe = winners().find(|&&(s, _)| holds(s) >= WORTH_SPENDING);
    let strongest = winners().next_back();
    let decisive = round.if_won == Some(HandOutcome::Won(team));
    let choice = match (safe, strongest) {
        (Some(&(_, card)), _) => Some(card),
        (None, Some(&(_, card))) if !round.partner_after || decisive => Some(card),
        _ => None,
    };
    if let Some(card) = choice {
        return open(card);
    }
    // Nothing wins: a tie is never worse than a loss and may take the hand.
    let tie = hand.iter().find(|&&(s, _)| s == round.theirs && s > 0);
    match tie {
        Some(&(_, card)) if round.if_tied != Some(HandOutcome::Won(1 - team)) => open(card),
        _ => throw_away(lowest),
    }
}

/// The card to open a round with: the strongest, except that a seat opening the first
/// round with two strong cards leads the second and keeps the best for later.
fn lead(view: &View, hand: &[(u8, Card)], odds: &Odds) -> Card {
    match *hand {
        [_, (second, card), _] if view.rounds.is_empty() && odds.power(second) >= SAFE => card,
        _ => hand[hand.len() - 1].1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DeckStyle, Game, ManilhaStyle, Position, Rules, Seat};
    use cards::seeded_rng;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// A Paulista hand with these cards, vira 4o (the 5s are manilhas), seat 0 opening.
    fn game(scores: [u8; 2], hands: [&str; 4]) -> Game {
        let hands = hands.map(|h| {
            let mut cards = h.split(' ').map(card);
            [0; 3].map(|_| cards.next().unwrap())
        });
        let rules = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
        let position = Position {
            scores,
            number: 1,
            opener: 0,
            hands,
            vira: Some(card("4o")),
        };
        Game::from_position(rules, seeded_rng(1), position)
            .unwrap()
            .0
    }

    fn play(game: &mut Game, seat: Seat, c: &str) {
        let action = Action::Play {
            card: card(c),
            closed: false,
        };
        game.apply(seat, action).unwrap();
    }

    /// What the bot picks for `seat` among the legal actions other than truco.
    fn card_choice(game: &Game, seat: Seat) -> Action {
        let legal: ArrayVec<Action, 8> = game
            .legal_actions(seat)
            .into_iter()
            .filter(|a| *a != Action::Truco)
            .collect();
        HeuristicBot.choose(&game.view(seat), &legal, &mut seeded_rng(1))
    }

    fn choice(game: &Game, seat: Seat) -> Action {
        let legal = game.legal_actions(seat);
        HeuristicBot.choose(&game.view(seat), &legal, &mut seeded_rng(1))
    }

    const HANDS: [&str; 4] = ["3p 5p 7e", "2o 6o Qe", "5c Ko Je", "Ac 2c 4c"];

    #[test]
    fn does_not_overtake_a_partner_winning_with_a_strong_card() {
        let mut g = game([0, 0], HANDS);
        play(&mut g, 0, "3p");
        play(&mut g, 1, "6o");
        let dump = Action::Play {
            card: card("Je"),
            closed: false,
        };
        assert_eq!(card_choice(&g, 2), dump);
    }

    #[test]
    fn wins_as_cheaply_as_it_can() {
        let mut g = game([0, 0], HANDS);
        play(&mut g, 0, "7e");
        play(&mut g, 1, "Qe");
        play(&mut g, 2, "Je");
        let cheapest = Action::Play {
            card: card("Ac"),
            closed: false,
        };
        assert_eq!(card_choice(&g, 3), cheapest);
    }

    #[test]
    fn throws_a_card_that_cannot_win_face_down() {
        let mut g = game([0, 0], HANDS);
        for (seat, c) in [(0, "3p"), (1, "2o"), (2, "Ko"), (3, "Ac")] {
            play(&mut g, seat, c);
        }
        play(&mut g, 0, "5p");
        let hidden = Action::Play {
            card: card("6o"),
            closed: true,
        };
        assert_eq!(card_choice(&g, 1), hidden);
    }

    #[test]
    fn folds_a_weak_hand_but_never_when_folding_loses_the_game() {
        let weak = ["3p 5p 5c", "7o 6o 4e", "2c Ko Je", "Qe 7c 4c"];
        let mut g = game([0, 0], weak);
        g.apply(0, Action::Truco).unwrap();
        assert_eq!(choice(&g, 1), Action::Answer(Answer::Fold));

        let mut g = game([0, 10], weak);
        g.apply(0, Action::Truco).unwrap();
        g.apply(1, Action::Answer(Answer::Accept)).unwrap();
        play(&mut g, 0, "3p");
        g.apply(1, Action::Truco).unwrap();
        // A fold gives team 1 the 3 points it needs; playing on is the only chance.
        assert_eq!(choice(&g, 0), Action::Answer(Answer::Accept));
    }

    #[test]
    fn raises_holding_the_two_best_manilhas() {
        let g = game([0, 0], ["5p 5c 3e", "2o 6o Qe", "3p Ko Je", "Ac 2c 4c"]);
        assert_eq!(choice(&g, 0), Action::Truco);
    }
}
