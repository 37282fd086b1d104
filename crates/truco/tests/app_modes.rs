//! The four modes of today's miniTruco app, each rule played out from an exact position:
//! points per hand, manilhas, deck, the hand of 10/11, round leads, raises.

mod common;

use common::*;
use truco::{Action, AppMode, Event, HandOutcome, Phase, RoundOutcome, RuleError, Rules};

/// Seat 1 and seat 3 hold a 3 each; seat 0 and seat 2 weaker cards.
const SHARED_THREES: [&str; 4] = ["Qc 6c 7e", "3o 6o Qe", "Kc Ko Je", "3c 5o 4c"];

#[test]
fn a_won_round_is_led_by_the_lowest_seat_with_the_winning_card() {
    // Hand opened by seat 3: seat 3 plays its 3 before seat 1 plays the other.
    let mut g = game_at(
        Rules::app(AppMode::Paulista),
        [0, 0],
        3,
        SHARED_THREES,
        Some("4p"),
    );
    let events = play_round(&mut g, [(3, "3c"), (0, "Qc"), (1, "3o"), (2, "Kc")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(1), 1)]);
    assert_eq!(g.turn(), 1);
    // parlor's 2008 reading leads from the first of them instead.
    let rules = Rules::paulista(truco::DeckStyle::Dirty, truco::ManilhaStyle::New).unwrap();
    let mut g = game_at(rules, [0, 0], 3, SHARED_THREES, Some("4p"));
    let events = play_round(&mut g, [(3, "3c"), (0, "Qc"), (1, "3o"), (2, "Kc")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(1), 3)]);
}

#[test]
fn a_tied_round_is_led_again_by_its_opener() {
    // Seats 2 and 3 tie with their kings; seat 2 opened the round.
    let deal = ["Qc 6c 7e", "Jo 6o Qe", "Kc Jp 5e", "Ko 5o 4c"];
    let mut g = game_at(Rules::app(AppMode::Paulista), [0, 0], 2, deal, Some("4p"));
    let events = play_round(&mut g, [(2, "Kc"), (3, "Ko"), (0, "Qc"), (1, "Jo")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Tied, 2)]);
    assert_eq!(g.turn(), 2);
}

#[test]
fn no_raise_when_both_teams_are_at_eleven_in_the_app() {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"];
    let mut g = game_with(Rules::app(AppMode::Paulista), [11, 11], deal, Some("4o"));
    assert_eq!(g.phase(), Phase::Playing);
    refused(&mut g, 0, Action::Truco, RuleError::TrucoNotAllowed);
    ok(&mut g, 0, open("3p"));
    // One team at eleven is a hand of eleven: no raise either, once it is played.
    let mut g = game_with(Rules::app(AppMode::Paulista), [11, 4], deal, Some("4o"));
    ok(&mut g, 2, Action::PlayHandOfEleven(true));
    assert_eq!(g.value(), 3);
    refused(&mut g, 0, Action::Truco, RuleError::TrucoNotAllowed);
}

#[test]
fn paulista_values_one_then_three_six_nine_twelve() {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"];
    let mut g = game_with(Rules::app(AppMode::Paulista), [0, 0], deal, Some("4o"));
    assert_eq!(g.value(), 1);
    let asked = |events: Vec<Event>| match events[..] {
        [Event::RaiseAsked { value, .. }] => value,
        _ => panic!("{events:?}"),
    };
    assert_eq!(asked(ok(&mut g, 0, Action::Truco)), 3);
    ok(&mut g, 1, Action::Answer(truco::Answer::Accept));
    ok(&mut g, 0, open("3p"));
    assert_eq!(asked(ok(&mut g, 1, Action::Truco)), 6);
}

#[test]
fn mineiro_has_fixed_manilhas_no_vira_and_hands_worth_two() {
    let rules = Rules::app(AppMode::Mineiro);
    assert_eq!(rules, Rules::mineiro());
    assert!(!rules.uses_vira());
    assert_eq!(rules.deck().len(), 40);
    // 4p > 7c > Ae > 7o > 3: the zap wins the round.
    let deal = ["4p 6c 7e", "7c 6o Qe", "Ae Ko Je", "7o 3c 4c"];
    let mut g = game_with(rules, [0, 0], deal, None);
    assert_eq!(g.value(), 2);
    let events = play_round(&mut g, [(0, "4p"), (1, "7c"), (2, "Ae"), (3, "7o")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(0), 0)]);
    // A 3 is the best ordinary card: team 1 takes the second round, a third is played.
    let events = play_round(&mut g, [(0, "6c"), (1, "6o"), (2, "Ko"), (3, "3c")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(1), 3)]);
    assert_eq!(hand_end(&events), None);
}

#[test]
fn mineiro_raises_climb_four_six_ten_twelve() {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"];
    let mut g = game_with(Rules::app(AppMode::Mineiro), [0, 0], deal, None);
    let mut values = Vec::new();
    // Each seat raises on its turn, the next seat (an opponent) accepts, the raiser plays.
    for (seat, card) in [(0, "6c"), (1, "6o"), (2, "Qc"), (3, "Ac")] {
        let events = ok(&mut g, seat, Action::Truco);
        let Event::RaiseAsked { value, .. } = events[0] else {
            panic!("{events:?}")
        };
        values.push(value);
        ok(
            &mut g,
            (seat + 1) % 4,
            Action::Answer(truco::Answer::Accept),
        );
        if seat < 3 {
            ok(&mut g, seat, open(card));
        }
    }
    // Nobody raises past twelve (nor twice in a row for one team).
    refused(&mut g, 3, Action::Truco, RuleError::TrucoNotAllowed);
    assert_eq!(values, [4, 6, 10, 12]);
}

#[test]
fn mineiro_hand_of_ten_is_worth_four_and_refused_gives_the_others_two() {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"];
    let mut g = game_with(Rules::app(AppMode::Mineiro), [10, 4], deal, None);
    assert_eq!(g.phase(), Phase::HandOfEleven { team: 0 });
    ok(&mut g, 0, Action::PlayHandOfEleven(true));
    assert_eq!(g.value(), 4);
    let mut g = game_with(Rules::app(AppMode::Mineiro), [4, 10], deal, None);
    ok(&mut g, 1, Action::PlayHandOfEleven(false));
    let events = ok(&mut g, 3, Action::PlayHandOfEleven(false));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 2, [6, 10])));
    // Ten against ten: a plain hand worth two, without raises.
    let mut g = game_with(Rules::app(AppMode::Mineiro), [10, 10], deal, None);
    assert_eq!((g.phase(), g.value()), (Phase::Playing, 2));
    refused(&mut g, 0, Action::Truco, RuleError::TrucoNotAllowed);
}

#[test]
fn mineiro_game_ends_at_twelve() {
    let deal = ["3p 2c 3e", "Qo 6o Qe", "Qc Ko Je", "Ac 7o 4c"];
    let mut g = game_with(Rules::app(AppMode::Mineiro), [10, 0], deal, None);
    ok(&mut g, 0, Action::PlayHandOfEleven(true));
    play_round(&mut g, [(0, "3p"), (1, "Qo"), (2, "Qc"), (3, "Ac")]);
    let events = play_round(&mut g, [(0, "2c"), (1, "6o"), (2, "Ko"), (3, "4c")]);
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winner: 0,
            scores: [14, 0]
        })
    );
}

#[test]
fn manilha_velha_uses_the_fixed_manilhas_with_paulista_values() {
    let rules = Rules::app(AppMode::ManilhaVelha);
    assert!(!rules.uses_vira());
    assert_eq!(rules.stakes.base, 1);
    let deal = ["7o 6c 7e", "3c 6o Qe", "Qc Ko Je", "Ac 5o 4c"];
    let mut g = game_with(rules, [0, 0], deal, None);
    let events = play_round(&mut g, [(0, "7o"), (1, "3c"), (2, "Qc"), (3, "Ac")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(0), 0)]);
}

#[test]
fn baralho_limpo_has_24_cards_and_a_three_turned_makes_queens_manilhas() {
    let rules = Rules::app(AppMode::BaralhoLimpo);
    assert_eq!(rules.deck().len(), 24);
    assert!(rules.uses_vira());
    let deal = ["Qo Kc Ae", "3c 2o Je", "Qc Ko Jc", "Ac Ap 2c"];
    let mut g = game_with(rules, [0, 0], deal, Some("3p"));
    // The queens are manilhas: Qc (hearts) beats Qo (diamonds) and every 3.
    let events = play_round(&mut g, [(0, "Qo"), (1, "3c"), (2, "Qc"), (3, "Ac")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(0), 2)]);
    // A 4 is not in this deck.
    let bad = ["4o Kc Ae", "3c 2o Je", "Qc Ko Jc", "Ac Ap 2c"];
    let position = truco::Position {
        scores: [0, 0],
        number: 1,
        opener: 0,
        hands: hands(bad),
        vira: Some(c("3p")),
    };
    assert!(truco::Game::from_position(rules, cards::seeded_rng(1), position).is_none());
}
