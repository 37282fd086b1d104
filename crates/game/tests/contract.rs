//! The contract on a toy game (Nim: take 1 to 3 stones, who takes the last wins): the
//! default `to_act`, and the random bot choosing only legal actions.

use cards::seeded_rng;
use parlor_game::{play_out, Game, RandomBot, Seat, Strategy};

/// Two seats take turns taking 1-3 stones from one heap.
struct Nim {
    /// The heap it started with: its rules.
    heap: u8,
    stones: u8,
    turn: Seat,
    winner: Option<Seat>,
}

impl Game for Nim {
    type Rules = u8;
    type Action = u8;
    type Actions = Vec<u8>;
    type Events = Vec<u8>;
    type Refusal = &'static str;
    type View<'a> = u8;

    /// A heap of `stones`; the rng is not needed.
    fn start(stones: &u8, _rng: parlor_game::GameRng) -> (Nim, Vec<u8>) {
        let nim = Nim {
            heap: *stones,
            stones: *stones,
            turn: 0,
            winner: None,
        };
        (nim, Vec::new())
    }

    fn rules(&self) -> u8 {
        self.heap
    }

    fn seats(&self) -> usize {
        2
    }

    fn legal_actions(&self, seat: Seat) -> Vec<u8> {
        if seat != self.turn || self.winner.is_some() {
            return Vec::new();
        }
        (1..=self.stones.min(3)).collect()
    }

    fn apply(&mut self, seat: Seat, take: u8) -> Result<Vec<u8>, &'static str> {
        if !self.legal_actions(seat).contains(&take) {
            return Err("not a legal take");
        }
        self.stones -= take;
        if self.stones == 0 {
            self.winner = Some(seat);
        }
        self.turn = 1 - seat;
        Ok(vec![take])
    }

    fn view(&self, _seat: Seat) -> u8 {
        self.stones
    }

    fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.winner == Some(seat))
    }
}

#[test]
fn random_players_finish_nim_with_legal_moves_only() {
    let mut rng = seeded_rng(5);
    for stones in 1..40 {
        let (mut nim, _) = Nim::start(&stones, seeded_rng(stones.into()));
        assert_eq!(nim.outcome(), None, "no outcome before the end");
        let mut players: [Box<dyn Strategy<Nim>>; 2] = [Box::new(RandomBot), Box::new(RandomBot)];
        while !nim.is_over() {
            let seats: Vec<Seat> = nim.to_act().collect();
            assert_eq!(seats, [nim.turn], "one seat acts at a time");
            let seat = seats[0];
            let legal = nim.legal_actions(seat);
            let take = players[seat].choose(&nim.view(seat), &legal, &mut rng);
            assert!(legal.contains(&take));
            nim.apply(seat, take).unwrap();
        }
        assert_eq!(nim.score(0) + nim.score(1), 1);
        // The outcome in common terms: the winner first, one point.
        let outcome = nim.outcome().expect("over");
        let winner = nim.winner.unwrap();
        assert_eq!(outcome.places[winner], 1);
        assert_eq!(outcome.places[1 - winner], 2);
        assert_eq!(outcome.points.iter().sum::<i64>(), 1);
        assert!(nim.leave(0).is_none(), "Nim cannot go on without a seat");
        assert_eq!(nim.to_act().count(), 0, "nobody acts once it is over");
        assert_eq!(nim.apply(0, 1), Err("not a legal take"));
    }
    assert_eq!(Strategy::<Nim>::name(&RandomBot), "random");
}

#[test]
fn play_out_plays_to_the_end() {
    let (mut nim, _) = Nim::start(&21, seeded_rng(21));
    let mut players: [Box<dyn Strategy<Nim>>; 2] = [Box::new(RandomBot), Box::new(RandomBot)];
    let moves = play_out(&mut nim, &mut players, &mut seeded_rng(1));
    assert!((7..=21).contains(&moves), "{moves}");
    assert!(nim.is_over());
}
