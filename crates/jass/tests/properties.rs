//! Invariants of the engine over whole random games: cards are conserved, a deal is worth
//! exactly what the rules say, the legal actions are exactly what `apply` accepts, the
//! game ends exactly when it should, and no seat learns what it should not.

use cards::{seeded_rng, Card, CardSet, GameRng};
use jass::rules::{deck, set_points, DEAL_CARD_POINTS, LAST_TRICK_BONUS, MATCH_BONUS};
use jass::{team_of, Action, Config, Event, Game, Mode, Phase};
use proptest::prelude::*;
use rand::seq::SliceRandom;

/// Any action at all: a card of the full 52-card deck, any mode, schiebe.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..52).prop_map(|i| Action::Play(Card::from_index(i).unwrap())),
        (0usize..6).prop_map(|i| Action::Choose(Mode::ALL[i])),
        Just(Action::Schiebe),
    ]
}

/// What the test remembers of the deal being played, from the events alone.
#[derive(Default)]
struct DealLog {
    number: u32,
    chooser: usize,
    mode: Option<Mode>,
    dealt: CardSet,
    played: CardSet,
    tricks: Vec<(usize, [Card; 4])>,
    points: [u32; 2],
    /// Whether the first card request after the trumpf was checked.
    led: bool,
}

impl DealLog {
    fn record(&mut self, game: &Game, events: &[Event]) {
        for event in events {
            match *event {
                Event::DealStarted { number, chooser } => {
                    assert_eq!(number, self.number + 1, "deals are numbered in order");
                    assert_eq!(chooser, (number as usize - 1) % 4, "the chooser rotates");
                    *self = DealLog {
                        number,
                        chooser,
                        ..DealLog::default()
                    };
                }
                Event::Dealt { cards, .. } => {
                    assert_eq!(cards.len(), 9);
                    assert!(self.dealt.intersection(cards).is_empty());
                    self.dealt = self.dealt.union(cards);
                }
                Event::TrumpfChosen { mode, .. } => self.mode = Some(mode),
                Event::CardRequested { seat } if !self.led => {
                    assert_eq!(seat, self.chooser, "the chooser leads the first trick");
                    self.led = true;
                }
                Event::Played { card, .. } => {
                    assert!(self.played.insert(card), "{card} played twice");
                }
                Event::TrickWon {
                    winner,
                    cards,
                    points,
                    deal,
                    ..
                } => {
                    self.tricks.push((winner, cards));
                    self.points[team_of(winner)] += points;
                    assert_eq!(deal, self.points, "deal points add up trick by trick");
                }
                Event::DealFinished { deal, .. } => self.check_deal(game.config(), deal),
                _ => {}
            }
        }
    }

    /// 152 card points over the tricks, 5 for the last, 100 for a match, all multiplied.
    fn check_deal(&self, config: Config, deal: [u32; 2]) {
        let mode = self.mode.expect("a mode was chosen");
        assert_eq!(self.tricks.len(), 9);
        let card_points: u32 = self
            .tricks
            .iter()
            .map(|(_, cards)| set_points(cards.iter().copied().collect(), mode))
            .sum();
        assert_eq!(card_points, DEAL_CARD_POINTS);
        let teams: CardSet = self.tricks.iter().flat_map(|t| t.1).collect();
        assert_eq!(teams, deck());
        let first_team = team_of(self.tricks[0].0);
        let matched = self.tricks.iter().all(|t| team_of(t.0) == first_team);
        let bonus = LAST_TRICK_BONUS + if matched { MATCH_BONUS } else { 0 };
        let factor = config.factor(mode);
        assert_eq!(deal[0] + deal[1], (DEAL_CARD_POINTS + bonus) * factor);
        assert_eq!(deal, self.points);
    }

    /// Every card is in exactly one place: a hand, a finished trick or the table.
    fn check_conserved(&self, game: &Game) {
        if game.is_over() {
            return;
        }
        assert_eq!(self.dealt, deck());
        let mut places = self.played.len();
        let mut all = self.played;
        for seat in 0..4 {
            places += game.hand(seat).len();
            all = all.union(game.hand(seat));
        }
        let mut on_table: CardSet = game.table().into_iter().collect();
        for trick in game.tricks() {
            on_table.extend(trick.cards());
        }
        assert_eq!(on_table, self.played);
        assert_eq!(all, deck(), "cards appeared or vanished");
        assert_eq!(places, 36, "a card is in two places");
    }
}

/// Every seat may act exactly when it is its turn; the rest is the contract's promise
/// ([`parlor_game::checks::check_legality`]).
fn check_legality(game: &Game, probe: Action) {
    for seat in 0..4 {
        let legal = game.legal_actions(seat);
        assert_eq!(!legal.is_empty(), game.to_act() == Some(seat));
    }
    parlor_game::checks::check_legality(game, probe);
}

/// No seat sees another's cards; a seat's view agrees with the game; what the plays
/// revealed about the hands is true; a world sampled from the view shows the same view,
/// accepts the same actions and respects what the plays revealed.
fn check_hidden(game: &Game, events: &[Event], rng: &mut GameRng) {
    for seat in 0..4 {
        for event in events.iter().filter_map(|e| e.for_seat(seat)) {
            if let Event::Dealt { seat: owner, cards } = event {
                assert_eq!(owner, seat);
                assert_eq!(cards.len(), 9);
            }
        }
        let view = game.view(seat);
        assert_eq!(view.hand, game.hand(seat));
        for other in (0..4).filter(|&s| s != seat) {
            assert!(view.hand.intersection(game.hand(other)).is_empty());
        }
        for s in 0..4 {
            assert_eq!(usize::from(view.cards_left[s]), game.hand(s).len());
            assert!(
                game.hand(s)
                    .intersection(view.public.cannot_hold[s])
                    .is_empty(),
                "seat {s} holds a card it was inferred not to hold"
            );
        }
        let world = Game::determinize(&view, rng);
        assert_eq!(world.view(seat), view);
        assert_eq!(world.legal_actions(seat), game.legal_actions(seat));
        assert_eq!(world.to_act(), game.to_act());
        for s in 0..4 {
            assert_eq!(world.hand(s).len(), game.hand(s).len());
            assert!(world
                .hand(s)
                .intersection(view.public.cannot_hold[s])
                .is_empty());
        }
        let hidden = (0..4).fold(CardSet::EMPTY, |all, s| all.union(world.hand(s)));
        assert_eq!(hidden.difference(view.hand), view.unseen());
    }
}

/// Plays one random game, checking every invariant after every action.
fn play_checked(config: Config, seed: u64, probes: &[Action]) {
    let mut rng = seeded_rng(seed);
    let (mut game, events) = Game::new(config, seeded_rng(seed ^ 0x5eed));
    let mut log = DealLog::default();
    log.record(&game, &events);
    log.check_conserved(&game);
    check_hidden(&game, &events, &mut rng);
    let mut step = 0;
    while !game.is_over() {
        check_legality(&game, probes[step % probes.len()]);
        let seat = game.to_act().unwrap();
        let action = *game.legal_actions(seat).choose(&mut rng).unwrap();
        let events = game.apply(seat, action).unwrap();
        log.record(&game, &events);
        log.check_conserved(&game);
        check_hidden(&game, &events, &mut rng);
        let ended = events.iter().find_map(|e| match *e {
            Event::DealFinished { totals, .. } => Some(totals),
            _ => None,
        });
        if let Some([a, b]) = ended {
            let target = config.target;
            let should_end = (a >= target || b >= target) && a != b;
            assert_eq!(game.is_over(), should_end, "totals {a}:{b}");
            if let Some(winner) = game.winner() {
                assert!(events.contains(&Event::GameWon {
                    team: winner,
                    totals: [a, b],
                    deal: game.deal_points()
                }));
                assert!([a, b][winner] > [a, b][1 - winner]);
            }
        }
        if let Phase::Choosing { pushed: true, seat } = game.phase() {
            assert!(game.apply(seat, Action::Schiebe).is_err());
        }
        step += 1;
        assert!(step < 100_000, "the game does not end");
    }
    assert!(check_nothing_after_the_end(&game));
}

fn check_nothing_after_the_end(game: &Game) -> bool {
    (0..4).all(|s| game.legal_actions(s).is_empty()) && game.to_act().is_none()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_keep_every_invariant(
        seed in any::<u64>(),
        multipliers in any::<bool>(),
        target in 300u32..2600,
        probes in prop::collection::vec(any_action(), 1..24),
    ) {
        play_checked(Config { multipliers, target }, seed, &probes);
    }
}
