//! Every rule of the engine, played out from exact positions.

use cards::seeded_rng;
use jass::rules::{legal_cards, winning_index};
use jass::{
    card_points, multiplier, Action, Card, CardSet, Config, Event, Game, Mode, Phase, Position,
    Rank, RuleError, Suit,
};

/// A card from a short name: suit letter (H, D, C, S) then rank (6..10, J, Q, K, A).
fn c(s: &str) -> Card {
    let suit = match &s[..1] {
        "H" => Suit::Hearts,
        "D" => Suit::Diamonds,
        "C" => Suit::Clubs,
        "S" => Suit::Spades,
        other => panic!("suit {other}"),
    };
    let rank = match &s[1..] {
        "J" => Rank::Jack,
        "Q" => Rank::Queen,
        "K" => Rank::King,
        "A" => Rank::Ace,
        n => Rank::from_number(n.parse().unwrap()).unwrap(),
    };
    Card::new(rank, suit)
}

fn set(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

/// Seat 0: the top four hearts and diamonds and the ace of clubs. The rest in order.
const HANDS: [&str; 4] = [
    "HA HK HQ HJ DA DK DQ DJ CA",
    "H10 H9 H8 H7 H6 D10 D9 D8 D7",
    "D6 CK CQ CJ C10 C9 C8 C7 C6",
    "SA SK SQ SJ S10 S9 S8 S7 S6",
];

fn game_with(config: Config, totals: [u32; 2], number: u32, hands: [&str; 4]) -> Game {
    let position = Position {
        totals,
        number,
        hands: hands.map(set),
    };
    Game::from_position(config, seeded_rng(7), position)
        .unwrap()
        .0
}

/// Applies an action that must be legal, checking that the engine offered it.
fn ok(game: &mut Game, seat: usize, action: Action) -> Vec<Event> {
    parlor_game::checks::applied(game, seat, action).to_vec()
}

/// Applies an action that must be refused with `error`, leaving the game unchanged.
fn refused(game: &mut Game, seat: usize, action: Action, error: RuleError) {
    parlor_game::checks::refused_with(game, seat, action, error);
}

/// Plays the first legal action of whoever is to act until the deal ends.
fn finish_deal(game: &mut Game) -> Vec<Event> {
    let number = game.deal_number();
    let mut events = Vec::new();
    while game.deal_number() == number && !game.is_over() {
        let seat = game.to_act().unwrap();
        let action = game.legal_actions(seat)[0];
        events.extend(game.apply(seat, action).unwrap());
    }
    events
}

/// A game with `mode` chosen by seat 0 in the deal of `HANDS`-like hands.
fn playing(mode: Mode, hands: [&str; 4]) -> Game {
    let mut game = game_with(Config::default(), [0, 0], 1, hands);
    ok(&mut game, 0, Action::Choose(mode));
    game
}

fn play(game: &mut Game, seat: usize, card: &str) -> Vec<Event> {
    ok(game, seat, Action::Play(c(card)))
}

#[test]
fn card_points_reproduce_the_reference_table_for_every_card_and_mode() {
    // Rows of the spec's table, ranks 6..14.
    let trumpf = [0, 0, 0, 14, 10, 20, 3, 4, 11];
    let other = [0, 0, 0, 0, 10, 2, 3, 4, 11];
    let obeabe = [0, 0, 8, 0, 10, 2, 3, 4, 11];
    let undeufe = [11, 0, 8, 0, 10, 2, 3, 4, 0];
    for suit in Suit::ALL {
        for (i, n) in (6..=14).enumerate() {
            let card = Card::new(Rank::from_number(n).unwrap(), suit);
            for mode in Mode::ALL {
                let expected = match mode {
                    Mode::Obeabe => obeabe[i],
                    Mode::Undeufe => undeufe[i],
                    Mode::Trumpf(t) if t == suit => trumpf[i],
                    Mode::Trumpf(_) => other[i],
                };
                assert_eq!(card_points(card, mode), expected, "{card:?} in {mode:?}");
            }
        }
    }
}

#[test]
fn multipliers_follow_the_mode() {
    assert_eq!(multiplier(Mode::Obeabe), 3);
    assert_eq!(multiplier(Mode::Undeufe), 3);
    assert_eq!(multiplier(Mode::Trumpf(Suit::Clubs)), 2);
    assert_eq!(multiplier(Mode::Trumpf(Suit::Spades)), 2);
    assert_eq!(multiplier(Mode::Trumpf(Suit::Hearts)), 1);
    assert_eq!(multiplier(Mode::Trumpf(Suit::Diamonds)), 1);
    assert_eq!(
        Config::default(),
        Config {
            multipliers: true,
            target: 2500
        }
    );
}

#[test]
fn a_deal_is_157_with_the_last_trick_times_the_multiplier_and_off_means_plain() {
    for multipliers in [true, false] {
        for mode in Mode::ALL {
            // The split varies by mode; only the sum matters here.
            let config = Config {
                multipliers,
                target: 2500,
            };
            let mut game = game_with(config, [0, 0], 1, HANDS);
            ok(&mut game, 0, Action::Choose(mode));
            let events = finish_deal(&mut game);
            let Some(Event::DealFinished { deal, totals, .. }) = events
                .iter()
                .find(|e| matches!(e, Event::DealFinished { .. }))
                .copied()
            else {
                panic!("no DealFinished");
            };
            let factor = if multipliers { multiplier(mode) } else { 1 };
            let matched = deal.contains(&0);
            let bonus = if matched { 100 } else { 0 };
            assert_eq!(deal[0] + deal[1], (152 + 5 + bonus) * factor, "{mode:?}");
            assert_eq!(totals, deal);
        }
    }
}

#[test]
fn taking_every_trick_adds_the_match_bonus_and_the_last_trick_five_all_multiplied() {
    for (multipliers, expected) in [(true, (152 + 5 + 100) * 3), (false, 152 + 5 + 100)] {
        let config = Config {
            multipliers,
            target: 2500,
        };
        let mut game = game_with(config, [0, 0], 1, HANDS);
        ok(&mut game, 0, Action::Choose(Mode::Obeabe));
        // Seat 0 leads its aces first, then the rest from the top: every lead is a boss.
        let mut events = Vec::new();
        for lead in ["HA", "DA", "CA", "HK", "DK", "HQ", "DQ", "HJ", "DJ"] {
            events.extend(play(&mut game, 0, lead));
            for seat in 1..4 {
                let action = game.legal_actions(seat)[0];
                events.extend(ok(&mut game, seat, action));
            }
        }
        let tricks: Vec<_> = events
            .iter()
            .filter_map(|e| match *e {
                Event::TrickWon { winner, points, .. } => Some((winner, points)),
                _ => None,
            })
            .collect();
        assert_eq!(tricks.len(), 9);
        assert!(tricks.iter().all(|&(w, _)| w == 0));
        let factor = if multipliers { 3 } else { 1 };
        let last = tricks[8].1;
        let last_cards = &events
            .iter()
            .filter_map(|e| match e {
                Event::TrickWon { cards, .. } => Some(*cards),
                _ => None,
            })
            .next_back()
            .unwrap();
        let card_sum: u32 = last_cards
            .iter()
            .map(|&c| card_points(c, Mode::Obeabe))
            .sum();
        assert_eq!(last, (card_sum + 5 + 100) * factor);
        assert!(events.contains(&Event::DealFinished {
            totals: [expected, 0],
            deal: [expected, 0],
            last_trick: 0
        }));
        assert_eq!(game.totals(), [expected, 0]);
        assert_eq!(game.deal_number(), 2, "the next deal was dealt");
    }
}

#[test]
fn trick_winners_per_mode() {
    let hearts = Mode::Trumpf(Suit::Hearts);
    // Any trump beats the led suit; the highest of the led suit otherwise.
    assert_eq!(winning_index(&cards("CA C6 H6 CK"), hearts), 2);
    assert_eq!(winning_index(&cards("C6 CA SA DA"), hearts), 1);
    // Buur > Nell > ace of trumps.
    assert_eq!(winning_index(&cards("HA H9 HJ H10"), hearts), 2);
    assert_eq!(winning_index(&cards("HA H9 HK H10"), hearts), 1);
    assert_eq!(winning_index(&cards("C10 H6 H7 HA"), hearts), 3);
    // Trumpf order below Nell: A > K > Q > 10 > 8 > 7 > 6.
    assert_eq!(winning_index(&cards("H10 HQ H8 H7"), hearts), 1);
    // Obeabe: the highest card of the led suit; an off-suit ace does not count.
    assert_eq!(winning_index(&cards("D9 DK HA D10"), Mode::Obeabe), 1);
    // Undeufe: the lowest card of the led suit.
    assert_eq!(winning_index(&cards("D9 D6 H6 D7"), Mode::Undeufe), 1);
    assert_eq!(winning_index(&cards("DA DK SA D7"), Mode::Undeufe), 3);
}

#[test]
fn the_engine_awards_the_trick_and_the_winner_leads_next() {
    let hands = [
        "HA C6 D6 S6 HK CK DK SK H7",
        "HJ C7 D7 S7 HQ CQ DQ SQ H8",
        "H9 C8 D8 S8 H10 C10 D10 S10 H6",
        "CA DA SA CJ DJ SJ C9 D9 S9",
    ];
    let mut game = playing(Mode::Trumpf(Suit::Hearts), hands);
    play(&mut game, 0, "C6");
    play(&mut game, 1, "C7");
    play(&mut game, 2, "H6"); // Seat 2 ruffs with the lowest trump.
    let events = play(&mut game, 3, "CA");
    assert!(events.contains(&Event::TrickWon {
        winner: 2,
        cards: [c("C6"), c("C7"), c("H6"), c("CA")],
        first: 0,
        points: 11,
        totals: [11, 0],
        deal: [11, 0],
    }));
    assert_eq!(events.last(), Some(&Event::CardRequested { seat: 2 }));
    assert_eq!(game.to_act(), Some(2));
}

#[test]
fn legal_plays_follow_suit_or_trump() {
    let hands = [
        "HA C6 D6 S6 HK CK DK SK H7",
        "HJ C7 D7 S7 HQ CQ DQ SQ H8",
        "H9 C8 D8 S8 H10 C10 D10 S10 H6",
        "CA DA SA CJ DJ SJ C9 D9 S9",
    ];
    let mut game = playing(Mode::Trumpf(Suit::Hearts), hands);
    play(&mut game, 0, "C6");
    // Seat 1 holds clubs: a club or a trump, nothing else.
    let legal = set("C7 CQ HJ HQ H8");
    assert_eq!(game.legal_actions(1).len(), legal.len());
    for card in legal.iter() {
        assert!(game.legal_actions(1).contains(&Action::Play(card)));
    }
    refused(
        &mut game,
        1,
        Action::Play(c("D7")),
        RuleError::MustFollowSuit,
    );
    refused(&mut game, 1, Action::Play(c("SA")), RuleError::NotInHand);
    refused(&mut game, 2, Action::Play(c("C8")), RuleError::NotYourTurn);
    play(&mut game, 1, "HQ"); // A trump is always allowed...
                              // ...and then seat 2 may not under-trump with H10 or H6, but may over-trump with Nell.
    refused(&mut game, 2, Action::Play(c("H10")), RuleError::UnderTrump);
    refused(&mut game, 2, Action::Play(c("H6")), RuleError::UnderTrump);
    play(&mut game, 2, "H9");
}

#[test]
fn no_suit_to_follow_means_anything_goes_but_still_no_under_trump() {
    let mode = Mode::Trumpf(Suit::Hearts);
    let hand = set("H6 HA D7 S8");
    // Clubs led and over-trumped with the king: no clubs in hand.
    let legal = legal_cards(hand, &cards("C6 HK"), mode);
    assert_eq!(legal, set("HA D7 S8"));
    // No trump on the table: everything.
    assert_eq!(legal_cards(hand, &cards("C6 C7"), mode), hand);
}

#[test]
fn under_trumping_is_allowed_with_only_trumps_in_hand() {
    let mode = Mode::Trumpf(Suit::Hearts);
    let table = cards("C6 HK");
    assert_eq!(legal_cards(set("H6 H7"), &table, mode), set("H6 H7"));
    // Holding clubs does not change that the under-trump is refused.
    assert_eq!(legal_cards(set("H6 C7"), &table, mode), set("C7"));
    // Nothing of the kind without trumpf.
    assert_eq!(legal_cards(set("H6 C7"), &table, Mode::Obeabe), set("C7"));
}

#[test]
fn the_buur_alone_need_not_follow_a_trump_lead() {
    let mode = Mode::Trumpf(Suit::Hearts);
    let table = cards("H6");
    // Only the Buur as trump: anything may be played, the Buur too.
    assert_eq!(legal_cards(set("HJ C7 D8"), &table, mode), set("HJ C7 D8"));
    // Another trump beside it: trumps must be played.
    assert_eq!(legal_cards(set("HJ H7 D8"), &table, mode), set("HJ H7"));
    // The exception is only for a trump lead: a club lead must be followed.
    let legal = legal_cards(set("CJ C7 D8"), &cards("C6"), Mode::Trumpf(Suit::Clubs));
    assert_eq!(legal, set("CJ C7"));
    // And it is only for the Buur of trumpf.
    assert_eq!(legal_cards(set("DJ C7"), &cards("D6"), mode), set("DJ"));
}

#[test]
fn the_engine_applies_the_buur_exception() {
    let hands = [
        "H6 C6 D6 S6 HK CK DK SK H7",
        "HJ C7 D7 S7 DA CQ DQ SQ D8",
        "H9 C8 H8 S8 H10 C10 D10 S10 HQ",
        "CA HA SA CJ DJ SJ C9 D9 S9",
    ];
    let mut game = playing(Mode::Trumpf(Suit::Hearts), hands);
    play(&mut game, 0, "H6");
    assert_eq!(
        game.legal_actions(1).len(),
        9,
        "the Buur alone frees the hand"
    );
    play(&mut game, 1, "C7");
    refused(
        &mut game,
        2,
        Action::Play(c("C8")),
        RuleError::MustFollowSuit,
    );
}

#[test]
fn obeabe_and_undeufe_must_follow_suit() {
    let hand = set("H6 HA D7 S8");
    assert_eq!(legal_cards(hand, &cards("H7"), Mode::Obeabe), set("H6 HA"));
    assert_eq!(legal_cards(hand, &cards("H7"), Mode::Undeufe), set("H6 HA"));
    assert_eq!(legal_cards(hand, &cards("C7"), Mode::Undeufe), hand);
    assert_eq!(legal_cards(hand, &[], Mode::Undeufe), hand);
}

#[test]
fn schiebe_passes_the_choice_to_the_partner_once_and_the_chooser_still_leads() {
    let mut game = game_with(Config::default(), [0, 0], 2, HANDS);
    assert_eq!(game.chooser(), 1);
    assert_eq!(game.to_act(), Some(1));
    refused(&mut game, 3, Action::Schiebe, RuleError::NotChoosing);
    refused(
        &mut game,
        1,
        Action::Play(c("H10")),
        RuleError::TrumpfPending,
    );
    assert_eq!(game.legal_actions(1).len(), 7);
    let events = ok(&mut game, 1, Action::Schiebe);
    assert_eq!(
        events,
        vec![
            Event::Pushed { by: 1 },
            Event::TrumpfRequested {
                seat: 3,
                pushed: true
            }
        ]
    );
    assert_eq!(
        game.phase(),
        Phase::Choosing {
            seat: 3,
            pushed: true
        }
    );
    assert_eq!(game.legal_actions(3).len(), 6, "no second schiebe offered");
    refused(&mut game, 3, Action::Schiebe, RuleError::CannotSchiebe);
    refused(
        &mut game,
        1,
        Action::Choose(Mode::Obeabe),
        RuleError::NotChoosing,
    );
    let events = ok(&mut game, 3, Action::Choose(Mode::Undeufe));
    assert_eq!(
        events,
        vec![
            Event::TrumpfChosen {
                by: 3,
                mode: Mode::Undeufe
            },
            Event::CardRequested { seat: 1 }
        ]
    );
    assert_eq!(game.mode(), Some(Mode::Undeufe));
    assert_eq!(game.declarer(), Some(3));
    assert_eq!(game.to_act(), Some(1), "the chooser leads after pushing");
    refused(
        &mut game,
        1,
        Action::Choose(Mode::Obeabe),
        RuleError::NoTrumpfToChoose,
    );
    refused(&mut game, 1, Action::Schiebe, RuleError::NoTrumpfToChoose);
}

#[test]
fn the_chooser_rotates_over_the_seats_deal_by_deal() {
    let (mut game, events) = Game::new(Config::default(), seeded_rng(3));
    assert_eq!(
        events[0],
        Event::DealStarted {
            number: 1,
            chooser: 0
        }
    );
    assert!(events.contains(&Event::TrumpfRequested {
        seat: 0,
        pushed: false
    }));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Dealt { .. }))
            .count(),
        4
    );
    let mut choosers = vec![game.chooser()];
    for _ in 0..5 {
        let events = finish_deal(&mut game);
        let started = events.iter().find_map(|e| match *e {
            Event::DealStarted { number, chooser } => Some((number, chooser)),
            _ => None,
        });
        let (number, chooser) = started.unwrap();
        assert_eq!(number, game.deal_number());
        assert_eq!(game.to_act(), Some(chooser));
        choosers.push(chooser);
    }
    assert_eq!(choosers, vec![0, 1, 2, 3, 0, 1]);
}

#[test]
fn the_game_ends_after_a_deal_once_a_team_reaches_the_target_and_leads() {
    // Team 0 takes every trick in obeabe: (152 + 5 + 100) x 3 = 771.
    let sweep = |game: &mut Game| {
        ok(game, 0, Action::Choose(Mode::Obeabe));
        let mut events = Vec::new();
        for lead in ["HA", "DA", "CA", "HK", "DK", "HQ", "DQ", "HJ", "DJ"] {
            events.extend(play(game, 0, lead));
            for seat in 1..4 {
                let action = game.legal_actions(seat)[0];
                events.extend(ok(game, seat, action));
            }
        }
        events
    };
    // Reaching 2500 and leading ends the game.
    let mut game = game_with(Config::default(), [1800, 2400], 1, HANDS);
    let events = sweep(&mut game);
    assert!(events.contains(&Event::GameWon {
        team: 0,
        totals: [2571, 2400],
        deal: [771, 0]
    }));
    assert!(game.is_over());
    assert_eq!(game.winner(), Some(0));
    assert_eq!(game.to_act(), None);
    assert!(game.legal_actions(0).is_empty());
    refused(&mut game, 0, Action::Schiebe, RuleError::GameOver);
    refused(&mut game, 1, Action::Play(c("SA")), RuleError::GameOver);

    // Level at the target: no winner, the next deal follows.
    let mut game = game_with(Config::default(), [1800, 2571], 1, HANDS);
    let events = sweep(&mut game);
    assert!(!events.iter().any(|e| matches!(e, Event::GameWon { .. })));
    assert_eq!(game.totals(), [2571, 2571]);
    assert!(!game.is_over());
    assert_eq!(game.deal_number(), 2);

    // Past the target but behind: the leader over the target wins, not the first to reach it.
    let mut game = game_with(Config::default(), [1800, 2600], 1, HANDS);
    sweep(&mut game);
    assert_eq!(game.winner(), Some(1));

    // Under the target: the game goes on; and the target is configurable.
    let mut game = game_with(Config::default(), [0, 0], 1, HANDS);
    sweep(&mut game);
    assert!(!game.is_over());
    let config = Config {
        multipliers: true,
        target: 770,
    };
    let mut game = game_with(config, [0, 0], 1, HANDS);
    sweep(&mut game);
    assert_eq!(game.winner(), Some(0));
}

#[test]
fn positions_are_validated() {
    let position = |hands: [&str; 4], number| Position {
        totals: [0, 0],
        number,
        hands: hands.map(set),
    };
    let config = Config::default();
    assert!(Game::from_position(config, seeded_rng(1), position(HANDS, 1)).is_some());
    assert!(Game::from_position(config, seeded_rng(1), position(HANDS, 0)).is_none());
    let mut twice = HANDS;
    twice[1] = "HA H9 H8 H7 H6 D10 D9 D8 D7";
    assert!(Game::from_position(config, seeded_rng(1), position(twice, 1)).is_none());
    let mut short = HANDS;
    short[3] = "SA SK SQ SJ S10 S9 S8 S7";
    assert!(Game::from_position(config, seeded_rng(1), position(short, 1)).is_none());
}

#[test]
fn errors_have_messages() {
    assert_eq!(
        RuleError::UnderTrump.to_string(),
        RuleError::UnderTrump.message()
    );
    assert!(RuleError::MustFollowSuit.message().contains("follow"));
}
