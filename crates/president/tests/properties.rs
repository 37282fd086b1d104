//! Invariants of the engine over whole random hands at every table size, with random
//! legal play and random leavers: cards are conserved, exactly one seat acts until the
//! hand is over, the finishing order is a permutation of the seats, the legal actions are
//! exactly what `apply` accepts, refusals change nothing, and no seat learns what it
//! should not.

use cards::{seeded_rng, GameRng};
use president::{Action, Card, CardSet, Event, Hand, Status};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;

fn random_card(rng: &mut GameRng) -> Card {
    Card::from_index(rng.gen_range(0..52)).unwrap()
}

/// A few actions worth probing now: passes and swaps from anyone, random cards from the
/// deck, and random sets drawn from the active seat's hand (often one value, so often
/// close to legal).
fn probes(hand: &Hand, rng: &mut GameRng) -> Vec<(usize, Action)> {
    let seat = |rng: &mut GameRng| rng.gen_range(0..hand.players() + 1);
    let mut probes = vec![
        (seat(rng), Action::Pass),
        (seat(rng), Action::Swap(random_card(rng))),
    ];
    let deck_cards: CardSet = (0..rng.gen_range(0..6)).map(|_| random_card(rng)).collect();
    probes.push((seat(rng), Action::Play(deck_cards)));
    if let Some(active) = hand.active() {
        let mine: Vec<Card> = hand.cards(active).iter().collect();
        for _ in 0..3 {
            let count = rng.gen_range(1..=5).min(mine.len());
            let picked: CardSet = mine.choose_multiple(rng, count).copied().collect();
            probes.push((active, Action::Play(picked)));
            let first = mine[rng.gen_range(0..mine.len())];
            let same: CardSet = mine
                .iter()
                .copied()
                .filter(|&c| president::value(c) == president::value(first) && rng.gen())
                .chain([first])
                .collect();
            probes.push((active, Action::Play(same)));
        }
        probes.push((active, Action::Swap(random_card(rng))));
    }
    probes
}

/// Every card is in exactly one place: a hand, the table's pile or the discards.
fn check_conserved(hand: &Hand) {
    let mut all = hand.played().union(hand.discarded());
    let mut count = hand.played().len() + hand.discarded().len();
    for seat in 0..hand.players() {
        all = all.union(hand.cards(seat));
        count += hand.cards(seat).len();
    }
    assert_eq!(all.len(), 52, "cards vanished");
    assert_eq!(count, 52, "a card is in two places");
}

/// Exactly one seat is active (and only it has moves) until the hand is over; none after.
fn check_turns(hand: &Hand) {
    let active: Vec<usize> = (0..hand.players())
        .filter(|&s| hand.status(s) == Status::Active)
        .collect();
    let movers: Vec<usize> = (0..hand.players() + 1)
        .filter(|&s| !hand.legal_actions(s).is_empty())
        .collect();
    if hand.is_over() {
        assert!(active.is_empty() && movers.is_empty());
        assert_eq!(hand.active(), None);
    } else {
        assert_eq!(active.len(), 1, "{active:?}");
        assert_eq!(hand.active(), Some(active[0]));
        assert_eq!(movers, active);
        assert!(
            !hand.cards(active[0]).is_empty(),
            "the active seat holds cards"
        );
        let legal = hand.legal_actions(active[0]);
        assert!(legal.contains(&hand.default_action(active[0])));
    }
}

/// Every offered action applies; each probe applies exactly when it is offered, and a
/// refusal changes nothing. Returns how many probes were accepted and refused.
fn check_legality(hand: &Hand, probes: &[(usize, Action)]) -> [usize; 2] {
    let mut tally = [0, 0];
    if let Some(seat) = hand.active() {
        for &action in &hand.legal_actions(seat) {
            let mut copy = hand.clone();
            assert!(
                copy.apply(seat, action).is_ok(),
                "seat {seat}: {action:?} refused"
            );
        }
    }
    for &(seat, action) in probes {
        let offered = hand.legal_actions(seat).contains(&action);
        let mut copy = hand.clone();
        let before = format!("{copy:?}");
        match copy.apply(seat, action) {
            Ok(_) => {
                assert!(offered, "seat {seat}: {action:?} accepted but not offered");
                tally[0] += 1;
            }
            Err(error) => {
                tally[1] += 1;
                assert!(
                    !offered,
                    "seat {seat}: {action:?} offered but refused: {error}"
                );
                assert_eq!(
                    format!("{copy:?}"),
                    before,
                    "a refused action changed the hand"
                );
            }
        }
    }
    tally
}

/// No seat is shown another's dealt or swapped cards, and a view holds only its seat's
/// cards and public facts that agree with the hand.
fn check_hidden(hand: &Hand, events: &[Event]) {
    for seat in 0..hand.players() {
        for event in events.iter().filter_map(|e| e.for_seat(seat)) {
            match event {
                Event::Dealt { seat: owner, .. } => assert_eq!(owner, seat),
                Event::SwapTaken { from, to, .. } | Event::SwapGiven { from, to, .. } => {
                    assert!(seat == from || seat == to)
                }
                _ => {}
            }
        }
        let view = hand.view(seat);
        assert_eq!(view.hand, hand.cards(seat));
        assert_eq!(view.public, *hand.public());
        assert!(view.public.played.intersection(view.hand).is_empty());
        for other in 0..hand.players() {
            let held = hand.cards(other).len();
            assert_eq!(usize::from(view.public.cards_left[other]), held);
            let out = matches!(view.status(other), Status::Out | Status::Gone);
            assert_eq!(out, held == 0, "only a seat without cards is out or gone");
        }
        if view.swap_card.is_some() {
            assert!(seat == 0 || seat == hand.players() - 1);
        }
        assert_eq!(view.public.ranks, hand.finishing_order());
    }
}

/// What the events say must agree with the hand: every play is of cards that were held
/// and ends on the table; ranks are handed out in order.
struct Log {
    played: CardSet,
    ranks: usize,
}

impl Log {
    fn record(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::Played { cards, .. } => {
                    assert!(self.played.intersection(*cards).is_empty(), "played twice");
                    self.played = self.played.union(*cards);
                }
                Event::WentOut { rank, .. } => {
                    assert_eq!(*rank, self.ranks);
                    self.ranks += 1;
                }
                _ => {}
            }
        }
    }
}

/// Plays one hand, checking everything after every step; returns the probe tally.
fn play_checked(players: usize, ranked: bool, seed: u64, leave_per_mille: u32) -> [usize; 2] {
    let mut tally = [0, 0];
    let mut rng = seeded_rng(seed);
    let (mut hand, events) = Hand::deal(players, ranked, &mut rng).unwrap();
    let mut log = Log {
        played: CardSet::EMPTY,
        ranks: 0,
    };
    check_hidden(&hand, &events);
    let mut steps = 0;
    while !hand.is_over() {
        check_conserved(&hand);
        check_turns(&hand);
        let [accepted, refused] = check_legality(&hand, &probes(&hand, &mut rng));
        tally[0] += accepted;
        tally[1] += refused;
        let events = if rng.gen_range(0..1000) < leave_per_mille {
            hand.leave(rng.gen_range(0..players))
        } else {
            let seat = hand.active().unwrap();
            let action = *hand.legal_actions(seat).choose(&mut rng).unwrap();
            hand.apply(seat, action).unwrap()
        };
        log.record(&events);
        assert_eq!(log.played, hand.played());
        check_hidden(&hand, &events);
        steps += 1;
        assert!(steps < 2_000, "the hand does not end");
    }
    check_conserved(&hand);
    check_turns(&hand);
    check_legality(&hand, &probes(&hand, &mut rng));
    let mut order = hand.finishing_order().to_vec();
    order.sort_unstable();
    assert_eq!(order, (0..players).collect::<Vec<_>>(), "not a permutation");
    let holders = (0..players).filter(|&s| !hand.cards(s).is_empty()).count();
    assert!(holders <= 1);
    tally
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn random_hands_keep_every_invariant(
        players in 3usize..=7,
        ranked in any::<bool>(),
        seed in any::<u64>(),
        leave_per_mille in prop_oneof![Just(0u32), 1u32..40],
    ) {
        play_checked(players, ranked, seed, leave_per_mille);
    }
}

#[test]
fn every_table_size_and_kind_keeps_every_invariant() {
    let mut tally = [0, 0];
    for players in 3..=7 {
        for ranked in [false, true] {
            for seed in 0..4 {
                for leave_per_mille in [0, 30] {
                    let [accepted, refused] = play_checked(players, ranked, seed, leave_per_mille);
                    tally[0] += accepted;
                    tally[1] += refused;
                }
            }
        }
    }
    // The probes exercise both sides of the legality check.
    assert!(tally[0] > 100 && tally[1] > 100, "{tally:?}");
}

/// What `legal_plays` must give, spelled out the slow way: a pass unless starting, then
/// for each value from the lowest, every non-empty subset of the cards of that value
/// held (counting over them in card order), kept when it beats `last` (as many cards
/// of a value at least as high, or any 2s) and holds the 3 of clubs when that is due.
fn legal_plays_by_hand(hand: CardSet, last: CardSet, needs_three: bool) -> Vec<Action> {
    let mut plays = Vec::new();
    if !last.is_empty() {
        plays.push(Action::Pass);
    }
    for value in 0..president::VALUES as u8 {
        let cards: Vec<Card> = hand
            .iter()
            .filter(|&c| president::value(c) == value)
            .collect();
        for counter in 1u32..1 << cards.len() {
            let play: CardSet = (0..cards.len())
                .filter(|i| counter >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            let beats = match president::common_value(last) {
                None => true,
                Some(_) if value == president::TWO => true,
                Some(to_beat) => value >= to_beat && play.len() >= last.len(),
            };
            if beats && (!needs_three || play.contains(president::THREE_OF_CLUBS)) {
                plays.push(Action::Play(play));
            }
        }
    }
    plays
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The table-driven `legal_plays` gives exactly the plays above, in the same order
    /// (the order bots draw from with a seeded generator).
    #[test]
    fn legal_plays_are_every_beating_set_of_equal_cards_in_order(
        held in prop::collection::vec(0u8..52, 0..=president::MAX_HAND),
        last_value in 0u8..13,
        last_count in 0usize..5,
        needs_three in any::<bool>(),
    ) {
        let hand: CardSet = held.into_iter().filter_map(Card::from_index).collect();
        let last: CardSet = (0..52)
            .filter_map(Card::from_index)
            .filter(|&c| president::value(c) == last_value)
            .take(last_count)
            .collect();
        let fast = president::legal_plays(hand, last, needs_three);
        let expected = legal_plays_by_hand(hand, last, needs_three);
        prop_assert_eq!(fast.as_slice(), expected.as_slice());
    }
}
