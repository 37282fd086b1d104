//! Every rule of the engine, played out from exact positions.

mod common;

use cards::seeded_rng;
use common::*;
use truco::{
    Action, Answer, DeckStyle, Event, Game, HandOutcome, ManilhaStyle, Phase, Position,
    RoundOutcome, RuleError, Rules,
};

fn paulista() -> Rules {
    Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap()
}

/// Seat 0 holds the best cards; vira 4o makes the 5s manilhas (none dealt).
const DEAL: [&str; 4] = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"];

fn game(scores: [u8; 2]) -> Game {
    game_with(paulista(), scores, DEAL, Some("4o"))
}

#[test]
fn a_new_game_deals_three_cards_each_a_vira_and_seat_0_opens() {
    let (game, events) = Game::new(paulista(), seeded_rng(1));
    let dealt: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::Dealt { .. }))
        .collect();
    assert_eq!(dealt.len(), 4);
    assert!(events.iter().any(|e| matches!(e, Event::Vira(_))));
    assert!(matches!(
        events.last(),
        Some(Event::Turn {
            seat: 0,
            closed_allowed: false
        })
    ));
    assert_eq!(game.turn(), 0);
    let all: cards::CardSet = (0..4).flat_map(|s| game.hand(s).iter()).collect();
    assert_eq!(all.len(), 12);
}

#[test]
fn old_manilha_deals_no_vira() {
    let rules = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::Old).unwrap();
    let (game, events) = Game::new(rules, seeded_rng(1));
    assert!(!events.iter().any(|e| matches!(e, Event::Vira(_))));
    assert_eq!(game.vira(), None);
}

#[test]
fn same_seed_same_deal() {
    let a = Game::new(paulista(), seeded_rng(42)).1;
    let b = Game::new(paulista(), seeded_rng(42)).1;
    let other = Game::new(paulista(), seeded_rng(43)).1;
    assert_eq!(a, b);
    assert_ne!(a, other);
}

#[test]
fn out_of_turn_and_unheld_cards_are_refused() {
    let mut g = game([0, 0]);
    refused(&mut g, 1, open("2o"), RuleError::NotYourTurn);
    refused(&mut g, 0, open("2o"), RuleError::CardNotHeld);
    refused(&mut g, 1, Action::Truco, RuleError::NotYourTurn);
    refused(&mut g, 4, open("3p"), RuleError::NotYourTurn);
}

#[test]
fn the_strongest_card_wins_the_round_and_its_player_leads() {
    let mut g = game([0, 0]);
    let events = play_round(&mut g, [(0, "6c"), (1, "Qe"), (2, "Ko"), (3, "Ac")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(1), 3)]);
    assert_eq!(g.turn(), 3);
}

#[test]
fn a_manilha_beats_a_three() {
    // Vira 7c makes the queens manilhas: Qc beats the 3p.
    let mut g = game_with(paulista(), [0, 0], DEAL, Some("7c"));
    let events = play_round(&mut g, [(0, "3p"), (1, "2o"), (2, "Qc"), (3, "Ac")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Won(0), 2)]);
}

#[test]
fn two_wins_end_the_hand_early_and_score_one() {
    let mut g = game([0, 0]);
    play_round(&mut g, [(0, "3p"), (1, "2o"), (2, "Qc"), (3, "Ac")]);
    let events = play_round(&mut g, [(0, "6c"), (1, "6o"), (2, "Ko"), (3, "7o")]);
    assert_eq!(
        hand_end(&events),
        Some((HandOutcome::Won(0), 1, [1, 0])),
        "{events:?}"
    );
    // The next hand is dealt at once, opened by seat 1.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::HandStarted {
            number: 2,
            opener: 1,
            ..
        }
    )));
    assert_eq!(g.turn(), 1);
}

#[test]
fn a_tie_is_led_next_by_the_last_player_of_the_top_card() {
    // 2o (seat 1) and 2p (seat 2) tie the first round.
    let deal = ["3p 6c 7e", "2o 6o Qe", "2p Ko Je", "Ac 7o 4c"];
    let mut g = game_with(paulista(), [0, 0], deal, Some("4o"));
    let events = play_round(&mut g, [(0, "6c"), (1, "2o"), (2, "2p"), (3, "4c")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Tied, 2)]);
    // A tied first round is decided by the second.
    let events = play_round(&mut g, [(2, "Ko"), (3, "Ac"), (0, "3p"), (1, "6o")]);
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 1, [1, 0])));
}

#[test]
fn all_three_rounds_tied_scores_nothing() {
    let deal = ["3p 2c Ke", "3o 2o Ko", "6p 6c 6e", "7p 7c 7e"];
    let mut g = game_with(paulista(), [0, 0], deal, Some("4o"));
    let e1 = play_round(&mut g, [(0, "3p"), (1, "3o"), (2, "6p"), (3, "7p")]);
    assert_eq!(round_ends(&e1), vec![(RoundOutcome::Tied, 1)]);
    let e2 = play_round(&mut g, [(1, "2o"), (2, "6c"), (3, "7c"), (0, "2c")]);
    assert_eq!(round_ends(&e2), vec![(RoundOutcome::Tied, 0)]);
    let e3 = play_round(&mut g, [(0, "Ke"), (1, "Ko"), (2, "6e"), (3, "7e")]);
    assert_eq!(hand_end(&e3), Some((HandOutcome::Drawn, 0, [0, 0])));
}

#[test]
fn a_tie_after_a_won_first_round_goes_to_the_first_round_winner() {
    let deal = ["3p 2c 6e", "2o 2p Ko", "6p 6c Ke", "7p 7c 7e"];
    let mut g = game_with(paulista(), [0, 0], deal, Some("4o"));
    play_round(&mut g, [(0, "3p"), (1, "2o"), (2, "6p"), (3, "7p")]);
    let events = play_round(&mut g, [(0, "2c"), (1, "2p"), (2, "6c"), (3, "7c")]);
    assert_eq!(round_ends(&events), vec![(RoundOutcome::Tied, 1)]);
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 1, [1, 0])));
}

#[test]
fn closed_cards_only_from_the_second_round_and_not_after_the_partner() {
    let mut g = game([0, 0]);
    refused(&mut g, 0, closed("3p"), RuleError::ClosedNotAllowed);
    play_round(&mut g, [(0, "3p"), (1, "2o"), (2, "Qc"), (3, "Ac")]);
    assert!(g.closed_allowed(0));
    ok(&mut g, 0, closed("7e"));
    ok(&mut g, 1, open("Qe"));
    // Seat 2's partner (seat 0) played closed this round: seat 2 may not.
    assert!(!g.closed_allowed(2));
    refused(&mut g, 2, closed("Je"), RuleError::ClosedNotAllowed);
}

#[test]
fn a_closed_card_is_worth_nothing_and_hidden_from_the_others() {
    let mut g = game([0, 0]);
    play_round(&mut g, [(0, "6c"), (1, "Qe"), (2, "Ko"), (3, "7o")]);
    // Seat 2 won with Ko and leads; seat 3 plays its ace closed and loses to anything.
    ok(&mut g, 2, open("Je"));
    let events = ok(&mut g, 3, closed("Ac"));
    let played = events[0];
    assert_eq!(
        played.for_seat(3),
        Some(Event::Played {
            seat: 3,
            card: Some(c("Ac")),
            closed: true
        })
    );
    for other in [0, 1, 2] {
        assert_eq!(
            played.for_seat(other),
            Some(Event::Played {
                seat: 3,
                card: None,
                closed: true
            })
        );
    }
    ok(&mut g, 0, open("7e"));
    let events = ok(&mut g, 1, open("6o"));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 1, [1, 0])));
}

#[test]
fn dealt_cards_reach_only_their_owner() {
    let (_, events) = Game::new(paulista(), seeded_rng(5));
    for e in &events {
        if let Event::Dealt { seat, .. } = e {
            for other in 0..4 {
                assert_eq!(e.for_seat(other).is_some(), other == *seat);
            }
        }
    }
}

#[test]
fn the_course_variant_allows_closed_cards_in_the_first_round() {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 8o 10c"];
    let mut g = game_with(Rules::course(), [0, 0], deal, Some("9o"));
    ok(&mut g, 0, closed("3p"));
    ok(&mut g, 1, closed("2o"));
}

#[test]
fn truco_raises_the_stake_and_alternates_between_teams() {
    let mut g = game([0, 0]);
    let events = ok(&mut g, 0, Action::Truco);
    assert_eq!(events, vec![Event::RaiseAsked { seat: 0, value: 3 }]);
    refused(&mut g, 0, open("3p"), RuleError::RaisePending);
    refused(&mut g, 0, Action::Truco, RuleError::RaisePending);
    refused(
        &mut g,
        2,
        Action::Answer(Answer::Accept),
        RuleError::NotYourAnswer,
    );
    let events = ok(&mut g, 3, Action::Answer(Answer::Accept));
    assert_eq!(
        events[1],
        Event::RaiseAccepted {
            by: 3,
            value: 3,
            turn: 0
        }
    );
    assert_eq!(g.value(), 3);
    // The other opponent has nothing left to answer.
    refused(
        &mut g,
        1,
        Action::Answer(Answer::Accept),
        RuleError::NoRaisePending,
    );
    // Team 0 raised last: it may not raise again.
    refused(&mut g, 0, Action::Truco, RuleError::TrucoNotAllowed);
    ok(&mut g, 0, open("3p"));
    // Team 1 may: six.
    let events = ok(&mut g, 1, Action::Truco);
    assert_eq!(events, vec![Event::RaiseAsked { seat: 1, value: 6 }]);
    ok(&mut g, 2, Action::Answer(Answer::Accept));
    assert_eq!(g.value(), 6);
}

#[test]
fn raises_stop_at_twelve() {
    let mut g = game([0, 0]);
    for (raiser, answerer, value) in [(0, 1, 3), (1, 2, 6), (2, 3, 9), (3, 0, 12)] {
        ok(&mut g, raiser, Action::Truco);
        ok(&mut g, answerer, Action::Answer(Answer::Accept));
        assert_eq!(g.value(), value);
        let card = g.hand(raiser).iter().next().unwrap().to_string();
        ok(&mut g, raiser, open(&card));
    }
    assert_eq!(g.turn(), 0);
    refused(&mut g, 0, Action::Truco, RuleError::TrucoNotAllowed);
}

#[test]
fn one_decline_waits_for_the_partner_and_two_give_the_raiser_the_old_value() {
    let mut g = game([0, 0]);
    ok(&mut g, 0, Action::Truco);
    let events = ok(&mut g, 1, Action::Answer(Answer::Fold));
    assert_eq!(
        events,
        vec![Event::Answered {
            seat: 1,
            answer: Answer::Fold
        }]
    );
    refused(
        &mut g,
        1,
        Action::Answer(Answer::Fold),
        RuleError::NotYourAnswer,
    );
    let events = ok(&mut g, 3, Action::Answer(Answer::Fold));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 1, [1, 0])));
}

#[test]
fn a_decline_then_an_accept_holds_the_raise() {
    let mut g = game([0, 0]);
    ok(&mut g, 0, Action::Truco);
    ok(&mut g, 1, Action::Answer(Answer::Fold));
    ok(&mut g, 3, Action::Answer(Answer::Accept));
    assert_eq!(g.value(), 3);
}

#[test]
fn minitruco_answers_cannot_raise_and_answers_need_a_raise() {
    let mut g = game([0, 0]);
    refused(
        &mut g,
        1,
        Action::Answer(Answer::Accept),
        RuleError::NoRaisePending,
    );
    ok(&mut g, 0, Action::Truco);
    refused(
        &mut g,
        1,
        Action::Answer(Answer::Raise),
        RuleError::TrucoNotAllowed,
    );
}

#[test]
fn a_fold_after_an_accepted_raise_scores_the_accepted_value() {
    let mut g = game([0, 0]);
    ok(&mut g, 0, Action::Truco);
    ok(&mut g, 1, Action::Answer(Answer::Accept));
    ok(&mut g, 0, open("3p"));
    ok(&mut g, 1, Action::Truco);
    ok(&mut g, 0, Action::Answer(Answer::Fold));
    let events = ok(&mut g, 2, Action::Answer(Answer::Fold));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(1), 3, [0, 3])));
}

fn course_game() -> Game {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 8o 10c"];
    game_with(Rules::course(), [0, 0], deal, Some("9o"))
}

#[test]
fn course_both_opponents_answer_and_a_fold_beats_an_accept() {
    let mut g = course_game();
    ok(&mut g, 0, Action::Truco);
    let events = ok(&mut g, 1, Action::Answer(Answer::Accept));
    assert_eq!(
        events.len(),
        1,
        "the accept waits for the partner: {events:?}"
    );
    let events = ok(&mut g, 3, Action::Answer(Answer::Fold));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 1, [1, 0])));
}

#[test]
fn course_an_accept_beats_a_raise() {
    let mut g = course_game();
    ok(&mut g, 0, Action::Truco);
    ok(&mut g, 1, Action::Answer(Answer::Raise));
    let events = ok(&mut g, 3, Action::Answer(Answer::Accept));
    assert_eq!(
        events[1],
        Event::RaiseAccepted {
            by: 3,
            value: 3,
            turn: 0
        }
    );
    assert_eq!(g.value(), 3);
}

#[test]
fn course_two_raises_ask_the_next_level_of_the_first_team() {
    let mut g = course_game();
    ok(&mut g, 0, Action::Truco);
    ok(&mut g, 1, Action::Answer(Answer::Raise));
    let events = ok(&mut g, 3, Action::Answer(Answer::Raise));
    assert_eq!(events[1], Event::RaiseAsked { seat: 3, value: 6 });
    assert_eq!(g.value(), 3);
    refused(
        &mut g,
        1,
        Action::Answer(Answer::Accept),
        RuleError::NotYourAnswer,
    );
    ok(&mut g, 0, Action::Answer(Answer::Raise));
    ok(&mut g, 2, Action::Answer(Answer::Raise));
    assert_eq!(g.value(), 6);
    ok(&mut g, 1, Action::Answer(Answer::Raise));
    ok(&mut g, 3, Action::Answer(Answer::Raise));
    assert_eq!(g.value(), 9);
    // Now 12 is asked of team 0: it cannot raise past the top.
    refused(
        &mut g,
        0,
        Action::Answer(Answer::Raise),
        RuleError::TrucoNotAllowed,
    );
    ok(&mut g, 0, Action::Answer(Answer::Fold));
    let events = ok(&mut g, 2, Action::Answer(Answer::Accept));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(1), 9, [0, 9])));
}

#[test]
fn hand_of_eleven_shows_the_partner_cards_and_waits_for_the_decision() {
    let position = Position {
        scores: [11, 4],
        number: 9,
        opener: 0,
        hands: hands(DEAL),
        vira: Some(c("4o")),
    };
    let (mut g, events) = Game::from_position(paulista(), seeded_rng(1), position).unwrap();
    assert!(events.contains(&Event::HandOfEleven { team: 0 }));
    assert!(events.contains(&Event::PartnerHand {
        to: 0,
        cards: hands(DEAL)[2]
    }));
    assert!(events.contains(&Event::PartnerHand {
        to: 2,
        cards: hands(DEAL)[0]
    }));
    assert!(!events.iter().any(|e| matches!(e, Event::Turn { .. })));
    assert_eq!(g.view(0).partner_hand, Some(g.hand(2)));
    assert_eq!(g.view(1).partner_hand, None);
    refused(&mut g, 0, open("3p"), RuleError::HandOfElevenPending);
    refused(
        &mut g,
        1,
        Action::PlayHandOfEleven(true),
        RuleError::NotYourDecision,
    );
    ok(&mut g, 2, Action::PlayHandOfEleven(false));
    refused(
        &mut g,
        2,
        Action::PlayHandOfEleven(true),
        RuleError::NotYourDecision,
    );
    let events = ok(&mut g, 0, Action::PlayHandOfEleven(true));
    assert!(events.contains(&Event::Turn {
        seat: 0,
        closed_allowed: false
    }));
    assert_eq!(g.value(), 3);
    assert_eq!(g.phase(), Phase::Playing);
    // No raises in a hand of 11, by either team.
    refused(&mut g, 0, Action::Truco, RuleError::TrucoNotAllowed);
    ok(&mut g, 0, open("3p"));
    refused(&mut g, 1, Action::Truco, RuleError::TrucoNotAllowed);
}

#[test]
fn declining_a_hand_of_eleven_twice_gives_the_opponents_one() {
    let position = Position {
        scores: [3, 11],
        number: 9,
        opener: 0,
        hands: hands(DEAL),
        vira: Some(c("4o")),
    };
    let (mut g, _) = Game::from_position(paulista(), seeded_rng(1), position).unwrap();
    ok(&mut g, 1, Action::PlayHandOfEleven(false));
    let events = ok(&mut g, 3, Action::PlayHandOfEleven(false));
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 1, [4, 11])));
}

#[test]
fn eleven_against_eleven_is_a_plain_hand() {
    let mut g = game([11, 11]);
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.view(0).partner_hand, None);
    ok(&mut g, 0, Action::Truco);
}

#[test]
fn winning_a_hand_of_eleven_ends_the_game() {
    let mut g = game([11, 4]);
    refused(
        &mut g,
        1,
        Action::PlayHandOfEleven(true),
        RuleError::NotYourDecision,
    );
    ok(&mut g, 0, Action::PlayHandOfEleven(true));
    play_round(&mut g, [(0, "3p"), (1, "2o"), (2, "Qc"), (3, "Ac")]);
    let events = play_round(&mut g, [(0, "6c"), (1, "6o"), (2, "Ko"), (3, "7o")]);
    assert_eq!(hand_end(&events), Some((HandOutcome::Won(0), 3, [14, 4])));
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winner: 0,
            scores: [14, 4]
        })
    );
    assert!(g.is_over());
    refused(&mut g, 1, open("Qe"), RuleError::GameOver);
    assert!((0..4).all(|s| g.legal_actions(s).is_empty()));
}

#[test]
fn mineiro_hands_are_worth_two_then_four_and_ten_is_the_special_hand() {
    let deal = ["3p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 5o 4c"];
    let mut g = game_with(Rules::mineiro(), [0, 0], deal, None);
    assert_eq!(g.value(), 2);
    let events = ok(&mut g, 0, Action::Truco);
    assert_eq!(events, vec![Event::RaiseAsked { seat: 0, value: 4 }]);
    let mut g = game_with(Rules::mineiro(), [10, 0], deal, None);
    assert_eq!(g.phase(), Phase::HandOfEleven { team: 0 });
    ok(&mut g, 0, Action::PlayHandOfEleven(true));
    assert_eq!(g.value(), 4);
}

#[test]
fn positions_with_impossible_cards_are_refused() {
    let rules = paulista();
    let twice = Position {
        scores: [0, 0],
        number: 1,
        opener: 0,
        hands: hands(["3p 3p 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"]),
        vira: Some(c("4o")),
    };
    assert!(Game::from_position(rules, seeded_rng(1), twice).is_none());
    let eight = Position {
        hands: hands(["8p 6c 7e", "2o 6o Qe", "Qc Ko Je", "Ac 7o 4c"]),
        ..twice
    };
    assert!(Game::from_position(rules, seeded_rng(1), eight).is_none());
    let no_vira = Position {
        hands: hands(DEAL),
        vira: None,
        ..twice
    };
    assert!(Game::from_position(rules, seeded_rng(1), no_vira).is_none());
}
