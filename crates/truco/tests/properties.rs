//! Invariants of the engine over whole random games, under every rule preset: cards are
//! conserved, scores move only by what a hand is worth, hands last at most three rounds,
//! the legal actions are exactly what `apply` accepts, `apply_into` does what `apply`
//! does, and no seat learns what it should not.

use cards::{seeded_rng, Card, CardSet, GameRng};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use truco::{Action, Answer, AppMode, DeckStyle, Event, Events, Game, ManilhaStyle, Phase, Rules};

/// Any action at all: a card of the full deck (open or closed), truco, any answer, either
/// hand-of-11 decision.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..52, any::<bool>()).prop_map(|(i, closed)| Action::Play {
            card: Card::from_index(i).unwrap(),
            closed,
        }),
        Just(Action::Truco),
        Just(Action::Answer(Answer::Accept)),
        Just(Action::Answer(Answer::Fold)),
        Just(Action::Answer(Answer::Raise)),
        any::<bool>().prop_map(Action::PlayHandOfEleven),
    ]
}

/// What the test remembers of the hand being played.
#[derive(Default)]
struct HandLog {
    /// The cards dealt this hand (hands and vira).
    dealt: CardSet,
    /// The cards played so far this hand.
    played: CardSet,
}

impl HandLog {
    fn record(&mut self, events: &[Event]) {
        for event in events {
            match *event {
                Event::HandStarted { .. } => *self = HandLog::default(),
                Event::Dealt { cards, .. } => self.dealt.extend(cards),
                Event::Vira(card) => {
                    self.dealt.insert(card);
                }
                Event::Played {
                    card: Some(card), ..
                } => {
                    assert!(self.played.insert(card), "{card} played twice");
                }
                _ => {}
            }
        }
    }

    /// Every dealt card is in exactly one place: a hand, the table or the vira.
    fn check_conserved(&self, game: &Game) {
        if game.is_over() {
            return;
        }
        let held: Vec<CardSet> = (0..4).map(|s| game.hand(s)).collect();
        let mut all = self.played;
        all.extend(game.vira());
        let mut count = self.played.len() + usize::from(game.vira().is_some());
        for hand in &held {
            count += hand.len();
            all = all.union(*hand);
        }
        let expected = 12 + usize::from(game.rules().uses_vira());
        assert_eq!(self.dealt.len(), expected);
        assert_eq!(all, self.dealt, "cards appeared or vanished");
        assert_eq!(count, expected, "a card is in two places");
    }
}

/// Scores move only at the end of a hand, by what the hand was worth.
fn check_scores(before: &Game, after: &Game, events: &[Event]) {
    let [a, b] = before.scores();
    let [c, d] = after.scores();
    assert!(c >= a && d >= b, "scores went down");
    let ended: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::HandEnded {
                outcome, points, ..
            } => Some((outcome, points)),
            _ => None,
        })
        .collect();
    match ended.as_slice() {
        [] => assert_eq!(before.scores(), after.scores()),
        [(outcome, points)] => {
            let worth = match before.phase() {
                Phase::HandOfEleven { .. } => before.rules().stakes.base,
                _ => before.value(),
            };
            match outcome {
                truco::HandOutcome::Drawn => assert_eq!(*points, 0),
                truco::HandOutcome::Won(_) => assert_eq!(*points, worth),
            }
            assert_eq!(u32::from(c - a) + u32::from(d - b), u32::from(*points));
        }
        _ => panic!("one action ended two hands"),
    }
    for event in events {
        if let Event::RoundEnded { round, .. } = event {
            assert!(*round < 3, "a fourth round");
        }
    }
}

/// No seat sees another's dealt cards, another's partner cards or another's closed
/// cards; a seat's view agrees with the game, and a world sampled from the view shows the
/// same view and accepts the same actions.
fn check_hidden(game: &Game, events: &[Event], rng: &mut GameRng) {
    for seat in 0..4 {
        for event in events.iter().filter_map(|e| e.for_seat(seat)) {
            match event {
                Event::Dealt { seat: owner, .. } => assert_eq!(owner, seat),
                Event::PartnerHand { to, .. } => assert_eq!(to, seat),
                Event::Played {
                    seat: player,
                    card,
                    closed: true,
                } => assert_eq!(card.is_some(), player == seat),
                _ => {}
            }
        }
        let view = game.view(seat);
        assert_eq!(view.hand, game.hand(seat));
        for s in 0..4 {
            assert_eq!(usize::from(view.cards_left[s]), game.hand(s).len());
        }
        for seen in &view.plays {
            assert_eq!(seen.card().is_some(), !seen.closed() || seen.seat() == seat);
        }
        let world = Game::determinize(&view, rng);
        assert_eq!(world.view(seat), view);
        assert_eq!(world.legal_actions(seat), game.legal_actions(seat));
    }
}

/// Plays one random game, checking every invariant after every action.
/// A buffer still holding an earlier action's events, as a reused one does.
fn used_buffer() -> Events {
    [Event::HandOfEleven { team: 0 }].into_iter().collect()
}

/// `apply_into` with any seat and `probe`: it refuses exactly what `apply` refuses, and
/// a refusal leaves the buffer empty.
fn check_apply_into(game: &Game, probe: Action) {
    for seat in 0..5 {
        let mut buffer = used_buffer();
        let refused = game.clone().apply_into(seat, probe, &mut buffer).is_err();
        assert_eq!(refused, game.clone().apply(seat, probe).is_err());
        if refused {
            assert!(buffer.is_empty(), "a refused action added {buffer:?}");
        }
    }
}

fn play_checked(rules: Rules, seed: u64, probes: &[Action]) {
    let mut rng = seeded_rng(seed);
    let (mut game, events) = Game::new(rules, seeded_rng(seed ^ 0x5eed));
    let mut log = HandLog::default();
    log.record(&events);
    log.check_conserved(&game);
    check_hidden(&game, &events, &mut rng);
    let mut step = 0;
    while !game.is_over() {
        parlor_game::checks::check_legality(&game, probes[step % probes.len()]);
        // `to_act` (computed without building the lists) names exactly the seats with a
        // legal action.
        let acting: Vec<usize> = (0..4)
            .filter(|&s| !game.legal_actions(s).is_empty())
            .collect();
        assert_eq!(game.to_act().as_slice(), acting.as_slice());
        let seat = *game.to_act().choose(&mut rng).unwrap();
        let action = *game.legal_actions(seat).choose(&mut rng).unwrap();
        let before = game.clone();
        check_apply_into(&before, probes[step % probes.len()]);
        let events = game.apply(seat, action).unwrap();
        let mut into = before.clone();
        let mut buffer = used_buffer();
        into.apply_into(seat, action, &mut buffer).unwrap();
        assert_eq!(buffer, events, "apply_into writes what apply returns");
        assert!((0..4).all(|s| into.view(s) == game.view(s)));
        log.record(&events);
        log.check_conserved(&game);
        check_scores(&before, &game, &events);
        check_hidden(&game, &events, &mut rng);
        step += 1;
        assert!(step < 10_000, "the game does not end");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn paulista_games_keep_every_invariant(
        seed in any::<u64>(),
        probes in prop::collection::vec(any_action(), 1..24),
    ) {
        play_checked(Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap(), seed, &probes);
    }

    #[test]
    fn app_games_keep_every_invariant(
        mode in prop::sample::select(AppMode::ALL.to_vec()),
        seed in any::<u64>(),
        probes in prop::collection::vec(any_action(), 1..24),
    ) {
        play_checked(Rules::app(mode), seed, &probes);
    }

    #[test]
    fn course_games_keep_every_invariant(
        seed in any::<u64>(),
        probes in prop::collection::vec(any_action(), 1..24),
    ) {
        play_checked(Rules::course(), seed, &probes);
    }
}
