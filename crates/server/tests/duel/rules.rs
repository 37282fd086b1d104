//! Duel, the sixth game's rules: two players, three cards each per hand; the leader
//! plays a card, the other answers, the higher rank takes the trick (a tie goes to the
//! leader), who leads the next. Two tricks of three win the hand; the game is a set
//! number of hands, each won hand a point. Each next hand is dealt as a step of its own
//! (`Game::advance`), which the kernel's table takes when nobody may act.

use cards::{Card, GameRng, Rank};
use parlor_game::{Game, Notation, Projected, Seat};
use rand::seq::SliceRandom;
use std::fmt;
use std::str::FromStr;

/// The rules: how many hands a game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub hands: u8,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} hands", self.hands)
    }
}

impl FromStr for Rules {
    type Err = ();

    fn from_str(s: &str) -> Result<Rules, ()> {
        let hands = s
            .strip_suffix(" hands")
            .ok_or(())?
            .parse()
            .map_err(|_| ())?;
        (hands > 0).then_some(Rules { hands }).ok_or(())
    }
}

/// A move: play a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action(pub Card);

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    HandStarted {
        number: u8,
        leader: Seat,
    },
    /// A seat's three cards (its own business).
    Dealt {
        seat: Seat,
        cards: [Card; 3],
    },
    Turn {
        seat: Seat,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        winner: Seat,
    },
    HandWon {
        winner: Seat,
        points: [u8; 2],
    },
    GameOver {
        points: [u8; 2],
    },
}

/// A game of Duel.
#[derive(Clone, Debug)]
pub struct Duel {
    rules: Rules,
    rng: GameRng,
    hands: [Vec<Card>; 2],
    /// The leader's card, while the other answers.
    led: Option<(Seat, Card)>,
    turn: Option<Seat>,
    tricks: [u8; 2],
    points: [u8; 2],
    hand: u8,
}

/// How a card ranks: 2 lowest, ace highest.
fn strength(card: Card) -> u8 {
    match card.rank() {
        Rank::Ace => 14,
        rank => rank.number(),
    }
}

impl Duel {
    /// Deals the next hand, its leader alternating.
    fn deal(&mut self, events: &mut Vec<Event>) {
        self.hand += 1;
        let mut deck: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
        deck.shuffle(&mut self.rng);
        let leader = usize::from(self.hand + 1) % 2;
        events.push(Event::HandStarted {
            number: self.hand,
            leader,
        });
        for seat in 0..2 {
            let cards = [deck[seat * 3], deck[seat * 3 + 1], deck[seat * 3 + 2]];
            self.hands[seat] = cards.to_vec();
            events.push(Event::Dealt { seat, cards });
        }
        self.tricks = [0, 0];
        self.turn = Some(leader);
        events.push(Event::Turn { seat: leader });
    }
}

impl Game for Duel {
    type Rules = Rules;
    type Action = Action;
    type Actions = Vec<Action>;
    type Events = Vec<Event>;
    type Refusal = &'static str;
    type View<'a> = (Vec<Card>, Option<Card>);

    fn start(rules: &Rules, rng: GameRng) -> (Duel, Vec<Event>) {
        let mut duel = Duel {
            rules: *rules,
            rng,
            hands: [Vec::new(), Vec::new()],
            led: None,
            turn: None,
            tricks: [0, 0],
            points: [0, 0],
            hand: 0,
        };
        let mut events = Vec::new();
        duel.deal(&mut events);
        (duel, events)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn seats(&self) -> usize {
        2
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        match self.turn {
            Some(turn) if turn == seat => self.hands[seat].iter().map(|&c| Action(c)).collect(),
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, Action(card): Action) -> Result<Vec<Event>, &'static str> {
        if self.turn != Some(seat) {
            return Err("it is not your turn");
        }
        let Some(at) = self.hands[seat].iter().position(|&c| c == card) else {
            return Err("you do not hold that card");
        };
        self.hands[seat].remove(at);
        let mut events = vec![Event::Played { seat, card }];
        let Some((leader, led)) = self.led.take() else {
            self.led = Some((seat, card));
            self.turn = Some(1 - seat);
            events.push(Event::Turn { seat: 1 - seat });
            return Ok(events);
        };
        let winner = if strength(card) > strength(led) {
            seat
        } else {
            leader
        };
        self.tricks[winner] += 1;
        events.push(Event::TrickWon { winner });
        if self.tricks[winner] == 2 {
            self.points[winner] += 1;
            events.push(Event::HandWon {
                winner,
                points: self.points,
            });
            self.turn = None;
            if self.hand == self.rules.hands {
                events.push(Event::GameOver {
                    points: self.points,
                });
            }
        } else {
            self.turn = Some(winner);
            events.push(Event::Turn { seat: winner });
        }
        Ok(events)
    }

    /// The next hand is dealt as a step of its own, once the last one is over: the
    /// table takes it when nobody may act.
    fn advance(&mut self) -> Option<Vec<Event>> {
        if self.turn.is_some() || self.hand == self.rules.hands {
            return None;
        }
        let mut events = Vec::new();
        self.deal(&mut events);
        Some(events)
    }

    fn view(&self, seat: Seat) -> (Vec<Card>, Option<Card>) {
        (self.hands[seat].clone(), self.led.map(|(_, card)| card))
    }

    fn is_over(&self) -> bool {
        self.hand == self.rules.hands && self.turn.is_none()
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.points[seat])
    }
}

impl Projected for Duel {
    type Event = Event;

    fn events(events: &Vec<Event>) -> &[Event] {
        events
    }

    fn for_seat(event: &Event, seat: Seat) -> Option<Event> {
        match event {
            Event::Dealt { seat: owner, .. } if *owner != seat => None,
            event => Some(event.clone()),
        }
    }

    fn starts_hand(event: &Event) -> bool {
        matches!(event, Event::HandStarted { .. })
    }
}

/// `play Ko`.
impl Notation for Duel {
    fn write_notation(Action(card): &Action, out: &mut String) {
        use std::fmt::Write;
        // Writing into a `String` cannot fail.
        let _ = write!(out, "play {card}");
    }

    fn read(text: &str) -> Option<Action> {
        Some(Action(text.strip_prefix("play ")?.parse().ok()?))
    }
}
