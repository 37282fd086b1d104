//! Invariants of the engine over random games: every tile is always in exactly one place
//! and only moves along the routes a table allows, the legal actions are exactly what
//! `apply` accepts, a refused action changes nothing, points are conserved, and no move
//! shows a seat a tile it may not see.

use cards::{seeded_rng, GameRng};
use mahjong::bots::{EfficiencyBot, RandomBot, Strategy};
use mahjong::{Action, DrawKind, Event, Game, Kind, Pending, Place, Rules, Seat, Shown, Tile};
use proptest::prelude::*;
use rand::Rng;

/// Where the events say each tile is, replayed from the moves alone.
struct Table {
    at: [Place; 136],
}

impl Table {
    fn new() -> Table {
        Table {
            at: [Place::Deck; 136],
        }
    }

    /// Replays one batch of events, checking each move's route and visibility.
    fn replay(&mut self, events: &[Event]) {
        let hand_over = events.iter().any(|e| matches!(e, Event::HandOver { .. }));
        for event in events {
            match event {
                Event::NewHand { .. } => self.at = [Place::Deck; 136],
                Event::Move(m) => {
                    let id = usize::from(m.tile.id());
                    assert_eq!(self.at[id], m.from, "{m:?}: the tile is not there");
                    assert!(allowed_route(m.from, m.to), "{m:?}: not a route");
                    for seat in 0..4 {
                        if let Some(face) = m.face_for(seat) {
                            assert_eq!(face, m.tile);
                            assert!(may_see(seat, m, hand_over), "{m:?} shown to {seat}");
                        }
                        assert_eq!(
                            m.is_for(seat),
                            !matches!(m.shown, Shown::Marker(s) if usize::from(s) != seat)
                        );
                    }
                    self.at[id] = m.to;
                }
                _ => {}
            }
        }
    }

    /// The replayed places agree with what the game says each seat holds.
    fn check_against(&self, game: &Game) {
        for seat in 0..4 {
            let byte = seat as u8;
            let mut held: Vec<Tile> = Tile::all()
                .filter(|t| self.at[usize::from(t.id())] == Place::Hand(byte))
                .collect();
            held.sort_unstable();
            assert_eq!(held, game.hand(seat), "seat {seat}'s hand");
            let melded = Tile::all()
                .filter(|t| matches!(self.at[usize::from(t.id())], Place::Meld(s, _) if s == byte))
                .count();
            let in_melds: usize = game.melds(seat).iter().map(|m| m.len()).sum();
            assert_eq!(melded, in_melds, "seat {seat}'s melds");
            let in_pond = Tile::all()
                .filter(|t| self.at[usize::from(t.id())] == Place::Discards(byte))
                .count();
            let uncalled = game.discards(seat).iter().filter(|d| !d.called).count();
            assert_eq!(in_pond, uncalled, "seat {seat}'s discards");
        }
        assert!(
            self.at.iter().all(|p| *p != Place::Deck),
            "a tile left in the deck"
        );
    }
}

/// The routes a tile can take.
fn allowed_route(from: Place, to: Place) -> bool {
    match (from, to) {
        (Place::Deck, Place::Wall(_)) => true,
        (Place::Wall(_), Place::Replacement(_) | Place::DoraWall(_) | Place::Hand(_)) => true,
        (Place::Replacement(_), Place::Hand(_)) => true,
        (Place::Hand(s), Place::Discards(d)) => s == d,
        (Place::Hand(s), Place::Meld(m, _)) => s == m,
        (Place::Discards(d), Place::Meld(m, _)) => d != m,
        (Place::Hand(a), Place::Hand(b)) => a == b,
        (Place::DoraWall(a), Place::DoraWall(b)) => a == b,
        (Place::Meld(a, i), Place::Meld(b, j)) => a == b && i == j,
        _ => false,
    }
}

/// Whether `seat` may see the face of this move.
fn may_see(seat: Seat, m: &mahjong::Move, hand_over: bool) -> bool {
    match (m.from, m.to) {
        (Place::Wall(_) | Place::Replacement(_), Place::Hand(s)) => usize::from(s) == seat,
        (Place::Hand(_), Place::Hand(_)) => hand_over,
        (Place::Hand(_), Place::Discards(_) | Place::Meld(..)) => true,
        (Place::Discards(_), Place::Meld(..)) => true,
        (Place::DoraWall(_), Place::DoraWall(_)) => true,
        _ => false,
    }
}

/// Any action at all, legal or not.
fn any_action(rng: &mut GameRng) -> Action {
    let mut tile = || Tile::new(rng.gen_range(0..136)).unwrap();
    let pair = [tile(), tile()];
    let three = [tile(), tile(), tile()];
    let single = tile();
    let kind = Kind::new(rng.gen_range(0..34)).unwrap();
    match rng.gen_range(0..11) {
        0 => Action::Discard(single),
        1 => Action::Riichi(single),
        2 => Action::Tsumo,
        3 => Action::Ankan(kind),
        4 => Action::Kakan(kind),
        5 => Action::NineTerminals,
        6 => Action::Pass,
        7 => Action::Ron,
        8 => Action::Chi(pair),
        9 => Action::Pon(pair),
        _ => Action::Daiminkan(three),
    }
}

/// A claim is the same as a listed one when it shows the same kinds and red fives.
fn same_shape(a: Action, b: Action) -> bool {
    let shape = |tiles: &[Tile]| {
        let mut s: Vec<(Kind, bool)> = tiles.iter().map(|t| (t.kind(), t.is_red_five())).collect();
        s.sort();
        s
    };
    match (a, b) {
        (Action::Chi(x), Action::Chi(y)) | (Action::Pon(x), Action::Pon(y)) => {
            shape(&x) == shape(&y)
        }
        (Action::Daiminkan(x), Action::Daiminkan(y)) => shape(&x) == shape(&y),
        _ => a == b,
    }
}

/// How often the interesting things happened, to show the random games reach them.
#[derive(Default, Debug)]
struct Tally {
    melds: [u32; 5],
    riichi: u32,
    tsumo: u32,
    ron: u32,
    exhaustive: u32,
    aborted: u32,
}

impl Tally {
    fn count(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::Meld { meld, .. } => self.melds[meld.kind as usize] += 1,
                Event::Riichi { .. } => self.riichi += 1,
                Event::Win(win) if win.from.is_none() => self.tsumo += 1,
                Event::Win(_) => self.ron += 1,
                Event::Draw(drawn) => match drawn.kind {
                    DrawKind::Exhaustive { .. } => self.exhaustive += 1,
                    DrawKind::Abortive(_) => self.aborted += 1,
                },
                _ => {}
            }
        }
    }
}

/// Plays up to `hands` hands of a game from `seed`, checking everything after each step.
/// `efficient[s]` makes seat `s` an efficiency bot (to reach wins, riichi and ura dora)
/// instead of a random one. With `exhaustive`, every legal action is tried on a copy.
fn play(seed: u64, efficient: [bool; 4], hands: u32, exhaustive: bool) -> Tally {
    let rules = Rules {
        red_fives: !matches!(seed % 3, 0),
        ..Rules::default()
    };
    let (mut game, events) = Game::new(rules, seeded_rng(seed));
    let mut rng = seeded_rng(seed ^ 0x5eed);
    let mut bots: [Box<dyn Strategy<Game>>; 4] = efficient.map(|e| -> Box<dyn Strategy<Game>> {
        if e {
            Box::new(EfficiencyBot)
        } else {
            Box::new(RandomBot)
        }
    });
    let mut table = Table::new();
    let mut tally = Tally::default();
    table.replay(&events);
    table.check_against(&game);
    let total = 4 * rules.start_points;
    let mut played = 0;
    loop {
        let seat = match game.pending() {
            Pending::GameOver => break,
            Pending::HandOver => {
                played += 1;
                if played >= hands {
                    break;
                }
                let events = game.next_hand().expect("a hand is over");
                table.replay(&events);
                table.check_against(&game);
                continue;
            }
            Pending::Turn(seat) => seat,
            Pending::Claims(owed) => {
                let owing: Vec<Seat> = owed.iter().collect();
                owing[rng.gen_range(0..owing.len())]
            }
        };
        for s in 0..4 {
            assert_eq!(
                !game.legal_actions(s).is_empty(),
                game.pending().includes(s),
                "seat {s} has actions exactly when it must act"
            );
        }
        parlor_game::checks::check_outcome(&game);
        let legal = game.legal_actions(seat);
        for &action in &legal {
            parlor_game::checks::check_notation::<Game>(action);
        }
        for _ in 0..3 {
            // Any action at all, legal or not, reads back from its notation.
            parlor_game::checks::check_notation::<Game>(any_action(&mut rng));
        }
        if exhaustive {
            for &action in &legal {
                let mut copy = game.clone();
                assert!(
                    copy.apply(seat, action).is_ok(),
                    "listed {action:?} refused"
                );
            }
        }
        for _ in 0..3 {
            let probe_seat = rng.gen_range(0..5);
            let probe = any_action(&mut rng);
            let mut copy = game.clone();
            match copy.apply(probe_seat, probe) {
                Err(_) => assert_eq!(copy, game, "a refused {probe:?} changed the game"),
                Ok(_) => {
                    let listed = game.legal_actions(probe_seat);
                    assert!(
                        listed.iter().any(|&a| same_shape(a, probe)),
                        "{probe:?} by {probe_seat} accepted but not listed in {listed:?}"
                    );
                }
            }
        }
        let action = bots[seat].choose(&game.view(seat), &legal, &mut rng);
        let events = game.apply(seat, action).expect("a legal action");
        tally.count(&events);
        table.replay(&events);
        table.check_against(&game);
        let sum: i32 = game.scores().iter().sum();
        assert_eq!(
            sum + 1000 * i32::from(game.sticks()),
            total,
            "points are conserved"
        );
    }
    if game.is_over() {
        assert_eq!(game.sticks(), 0);
        assert_eq!(game.scores().iter().sum::<i32>(), total);
        let mut ranks = game.ranks();
        ranks.sort_unstable();
        assert_eq!(ranks, [1, 2, 3, 4]);
    }
    tally
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn a_few_hands_keep_every_invariant(seed in any::<u64>(), efficient in any::<[bool; 4]>()) {
        play(seed, efficient, 2, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn whole_games_keep_every_invariant(seed in any::<u64>(), efficient in any::<[bool; 4]>()) {
        play(seed, efficient, u32::MAX, false);
    }
}

#[test]
fn random_games_reach_every_kind_of_call_and_win() {
    let mut total = Tally::default();
    for seed in 0..12 {
        let efficient = [seed < 6, false, (3..9).contains(&seed), false];
        let tally = play(seed, efficient, u32::MAX, false);
        for (sum, n) in total.melds.iter_mut().zip(tally.melds) {
            *sum += n;
        }
        total.riichi += tally.riichi;
        total.tsumo += tally.tsumo;
        total.ron += tally.ron;
        total.exhaustive += tally.exhaustive;
        total.aborted += tally.aborted;
    }
    assert!(total.melds.iter().all(|&n| n > 0), "{total:?}");
    assert!(
        total.riichi > 0 && total.tsumo > 0 && total.ron > 0,
        "{total:?}"
    );
    // Abortive draws are rare in play; the game_draws tests set each one up.
    assert!(total.exhaustive > 0, "{total:?}");
}
