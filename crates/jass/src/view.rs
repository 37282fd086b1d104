//! What one seat knows: the projection of a [`Game`] that bots and clients play from,
//! and the sampled worlds ("determinizations") searching bots reason in.

use crate::game::{Game, Phase, Trick};
use crate::public::Public;
use crate::rules::{self, legal_cards};
use crate::{team_of, Seat, Team};
use arrayvec::ArrayVec;
use cards::{Card, CardSet, GameRng};
use parlor_game::copy_of;
use rand::{Rng, SeedableRng};

/// Everything one seat may know about the game, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub seat: Seat,
    /// What every seat sees: totals, phase, mode, leader, what each seat cannot hold...
    pub public: Public,
    /// The seat's own cards.
    pub hand: CardSet,
    /// The finished tricks of this deal.
    pub tricks: ArrayVec<Trick, 9>,
    /// The trick being played, in play order from `public.leader`.
    pub table: ArrayVec<Card, 4>,
    /// How many cards each seat still holds.
    pub cards_left: [u8; 4],
}

impl View {
    /// The seat's team.
    pub fn team(&self) -> Team {
        team_of(self.seat)
    }

    /// The seat that has to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.public.phase {
            Phase::Choosing { seat, .. } => Some(seat),
            Phase::Playing => Some((self.public.leader + self.table.len()) % 4),
            Phase::Over { .. } => None,
        }
    }

    /// Every card played this deal, the table included.
    pub fn played(&self) -> CardSet {
        let mut played: CardSet = self.table.iter().copied().collect();
        for trick in &self.tricks {
            played.extend(trick.cards());
        }
        played
    }

    /// The cards this seat cannot place: the other seats' hands together.
    pub fn unseen(&self) -> CardSet {
        rules::deck()
            .difference(self.hand)
            .difference(self.played())
    }

    /// The cards of the seat's hand it may play now (all of them before the trumpf).
    pub fn legal_cards(&self) -> CardSet {
        match self.public.mode {
            Some(mode) => legal_cards(self.hand, &self.table, mode),
            None => self.hand,
        }
    }
}

impl Game {
    /// What `seat` may know of the game now.
    pub fn view(&self, seat: Seat) -> View {
        View {
            seat,
            public: self.public,
            hand: self.hand(seat),
            tricks: copy_of(&self.tricks),
            table: self.table.clone(),
            cards_left: self.cards_left,
        }
    }

    /// A full game consistent with `view`: the other seats' hands are dealt at random
    /// from the cards the seat has not seen, each seat getting as many as it holds and
    /// none it has shown it cannot hold (a suit it did not follow, a non-trump after an
    /// under-trump). Later deals come from a generator seeded from `rng`. Searching bots
    /// play such worlds forward to weigh their options without seeing the real cards.
    pub fn determinize(view: &View, rng: &mut GameRng) -> Game {
        let mut pool: ArrayVec<Card, 36> = view.unseen().iter().collect();
        let held = deal_hidden(view, &mut pool, rng);
        Game {
            public: view.public,
            // Its own stream: later deals must not replay the numbers the caller draws next.
            rng: GameRng::seed_from_u64(rng.gen()),
            held,
            cards_left: held.map(|hand| hand.len() as u8),
            tricks: view.tricks.clone(),
            table: view.table.clone(),
        }
    }
}

/// Deals `pool` to the seats other than `view.seat`, respecting `cards_left` and
/// `cannot_hold`.
///
/// Cards go one at a time, in random order, to a random seat (weighted by the room it
/// has left) among those that may hold them; a seat is skipped when giving it the card
/// would leave the rest undealable. That check is Hall's condition on the three hidden
/// hands: for every group of seats, the cards only they may hold must fit in their room.
/// Since the real deal satisfies it, the dealing never gets stuck. (An inconsistent view
/// built by hand still gets a deal: the constraints are then dropped.)
fn deal_hidden(view: &View, pool: &mut ArrayVec<Card, 36>, rng: &mut GameRng) -> [CardSet; 4] {
    let mut held = [CardSet::EMPTY; 4];
    held[view.seat] = view.hand;
    let mut room = [0u8; 4];
    for seat in (0..4).filter(|&s| s != view.seat) {
        room[seat] = view.cards_left[seat];
    }
    let others = 0b1111 & !(1u8 << view.seat);
    let allowed = |card: Card| {
        (0..4)
            .filter(|&s| others & (1 << s) != 0 && !view.public.cannot_hold[s].contains(card))
            .fold(0u8, |m, s| m | (1 << s))
    };
    // How many pooled cards may go exactly to each set of seats.
    let mut classes = [0u8; 16];
    for &card in pool.iter() {
        classes[usize::from(allowed(card))] += 1;
    }
    let constrained = classes[usize::from(others)] as usize != pool.len();
    let mut feasible = constrained && fits(&classes, &room, others);
    while !pool.is_empty() {
        let card = pool.swap_remove(rng.gen_range(0..pool.len()));
        let class = if feasible { allowed(card) } else { others };
        if feasible {
            classes[usize::from(class)] -= 1;
        }
        let mut candidates = class;
        let seat = loop {
            let total: u32 = (0..4)
                .filter(|&s| candidates & (1 << s) != 0)
                .map(|s| u32::from(room[s]))
                .sum();
            if total == 0 {
                // Only reachable from an inconsistent view: place the card anywhere.
                feasible = false;
                let seat = (0..4).find(|&s| room[s] > 0);
                if let Some(s) = seat {
                    room[s] -= 1;
                }
                break seat;
            }
            let mut pick = rng.gen_range(0..total);
            let mut seat = 0;
            for s in (0..4).filter(|&s| candidates & (1 << s) != 0) {
                seat = s;
                let r = u32::from(room[s]);
                if pick < r {
                    break;
                }
                pick -= r;
            }
            room[seat] -= 1;
            if !feasible || fits(&classes, &room, others) {
                break Some(seat);
            }
            room[seat] += 1;
            candidates &= !(1 << seat);
        };
        if let Some(seat) = seat {
            held[seat].insert(card);
        }
    }
    held
}

/// Hall's condition: every set of seats has room for the cards only it may hold.
fn fits(classes: &[u8; 16], room: &[u8; 4], others: u8) -> bool {
    (1..16u8).filter(|s| s & !others == 0).all(|set| {
        let need: u32 = (1..16u8)
            .filter(|class| class & !set == 0)
            .map(|class| u32::from(classes[usize::from(class)]))
            .sum();
        let have: u32 = (0..4)
            .filter(|&s| set & (1 << s) != 0)
            .map(|s| u32::from(room[s]))
            .sum();
        need <= have
    })
}
