//! Rough chances the rule-based bots reason with: how likely a card is to take a round,
//! a team to take the hand, and a team to take the game from a score.
//!
//! Everything here is computed from a [`View`] alone and assumes the cards a seat has not
//! seen are spread at random, so it is an estimate, not a search: cheap enough to run at
//! every decision of every rollout of [`super::MonteCarloBot`].

use crate::outcome::{hand_result, HandOutcome, RoundOutcome};
use crate::view::Seen;
use crate::{partner_of, team_of, Team, View};
use arrayvec::ArrayVec;
use cards::Card;

/// The chance that a partner whose cards are unknown takes a round on its own.
const PARTNER_ROUND: f64 = 0.35;

/// Every order of up to three cards, as indices; shorter hands skip the missing ones.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// How the cards a seat has not seen are spread over strengths.
pub(crate) struct Odds {
    /// `below[s]`: how many unseen cards are weaker than strength `s`.
    below: [u16; 25],
    unseen: u16,
}

impl Odds {
    /// The spread of the cards `view`'s seat has not seen.
    pub(crate) fn new(view: &View) -> Odds {
        let mut count = [0u16; 25];
        let mut unseen = 0;
        for card in view.unseen().iter() {
            count[usize::from(view.strength(card)).min(23)] += 1;
            unseen += 1;
        }
        let mut below = [0u16; 25];
        for s in 1..25 {
            below[s] = below[s - 1] + count[s - 1];
        }
        Odds { below, unseen }
    }

    /// The chance that a card of strength `s` beats one unseen card (a tie counts half).
    pub(crate) fn power(&self, s: u8) -> f64 {
        if self.unseen == 0 {
            return 1.0;
        }
        let s = usize::from(s).min(23);
        let equal = self.below[s + 1] - self.below[s];
        (f64::from(self.below[s]) + f64::from(equal) / 2.0) / f64::from(self.unseen)
    }

    /// The chance that `view`'s team takes the hand, if both partners play their cards in
    /// the best order. Each round is estimated on its own: a card must beat both
    /// opponents' cards, and a partner whose cards are unknown adds a fixed chance.
    pub(crate) fn hand_chance(&self, view: &View) -> f64 {
        let table = RoundTable::new(view);
        let mine = strengths(view, view.hand.iter());
        let partner = view.partner_hand.map(|hand| strengths(view, hand.iter()));
        let mut best: f64 = 0.0;
        for my_order in ORDERS.iter().take(orders(mine.len())) {
            let mine = reorder(&mine, my_order);
            for partner_order in ORDERS
                .iter()
                .take(partner.as_ref().map_or(1, |p| orders(p.len())))
            {
                let partner = partner.as_ref().map(|p| reorder(p, partner_order));
                let chances = self.round_chances(&table, &mine, partner.as_deref());
                let mut rounds = view.rounds.clone();
                best = best.max(chance_to_take(&mut rounds, &chances, view.team()));
            }
        }
        best
    }

    /// The chance of taking each remaining round when the seat plays `mine` in that order
    /// (and the partner `partner`, if its cards are known).
    fn round_chances(
        &self,
        table: &RoundTable,
        mine: &[u8],
        partner: Option<&[u8]>,
    ) -> ArrayVec<f64, 3> {
        let mut mine = mine.iter().copied();
        let mut partner_cards = partner.map(|p| p.iter().copied());
        let mut chances = ArrayVec::new();
        for round in 0..table.rounds_left {
            let current = round == 0;
            let my_card = if current && table.me_played {
                None
            } else {
                mine.next()
            };
            let partner_card = match &mut partner_cards {
                _ if current && table.partner_played => None,
                Some(cards) => cards.next(),
                None => None,
            };
            let partner_unknown = partner.is_none() && !(current && table.partner_played);
            let (ours, theirs, opponents) = if current {
                (table.ours, table.theirs, table.opponents_to_play)
            } else {
                (0, 0, 2)
            };
            let best = ours
                .max(my_card.unwrap_or(0))
                .max(partner_card.unwrap_or(0));
            let mut chance = if best > theirs {
                self.power(best).powi(opponents)
            } else {
                0.0
            };
            if partner_unknown {
                chance = 1.0 - (1.0 - chance) * (1.0 - PARTNER_ROUND);
            }
            chances.push(chance);
        }
        chances
    }
}

/// The state of the round being played, as one seat sees it.
struct RoundTable {
    /// The best strength each team has on the table (closed cards count 0).
    ours: u8,
    theirs: u8,
    opponents_to_play: i32,
    me_played: bool,
    partner_played: bool,
    rounds_left: usize,
}

impl RoundTable {
    fn new(view: &View) -> RoundTable {
        let round = view.current_round();
        let team = view.team();
        let best = |of_team: bool| {
            round
                .iter()
                .filter(|p| (team_of(p.seat()) == team) == of_team)
                .map(|p| seen_strength(view, p))
                .max()
                .unwrap_or(0)
        };
        let opponents_played = round.iter().filter(|p| team_of(p.seat()) != team).count();
        RoundTable {
            ours: best(true),
            theirs: best(false),
            opponents_to_play: 2 - opponents_played as i32,
            me_played: round.iter().any(|p| p.seat() == view.seat),
            partner_played: round.iter().any(|p| p.seat() == partner_of(view.seat)),
            rounds_left: 3 - view.rounds.len(),
        }
    }
}

/// What a card on the table is worth in its round: closed or hidden cards are worth 0.
pub(crate) fn seen_strength(view: &View, seen: &Seen) -> u8 {
    match seen.card() {
        Some(card) if !seen.closed() => view.strength(card),
        _ => 0,
    }
}

fn strengths(view: &View, cards: impl Iterator<Item = Card>) -> ArrayVec<u8, 3> {
    cards.map(|card| view.strength(card)).take(3).collect()
}

/// How many of [`ORDERS`] to try for `n` cards (the rest repeat an order already tried
/// once the missing indices are skipped).
fn orders(n: usize) -> usize {
    match n {
        0 | 1 => 1,
        2 => 3,
        _ => 6,
    }
}

fn reorder(cards: &[u8], order: &[usize; 3]) -> ArrayVec<u8, 3> {
    order
        .iter()
        .filter_map(|&i| cards.get(i).copied())
        .collect()
}

/// The chance that `team` takes the hand from `rounds`, taking each further round with
/// the chances given (ties are left out of the estimate; a drawn hand counts half).
fn chance_to_take(rounds: &mut ArrayVec<RoundOutcome, 3>, chances: &[f64], team: Team) -> f64 {
    match hand_result(rounds) {
        Some(HandOutcome::Won(winner)) => f64::from(u8::from(winner == team)),
        Some(HandOutcome::Drawn) => 0.5,
        None => match chances.split_first() {
            Some((&p, rest)) => {
                let branch = |outcome, rounds: &mut ArrayVec<RoundOutcome, 3>| {
                    rounds.push(outcome);
                    let chance = chance_to_take(rounds, rest, team);
                    rounds.pop();
                    chance
                };
                p * branch(RoundOutcome::Won(team), rounds)
                    + (1.0 - p) * branch(RoundOutcome::Won(1 - team), rounds)
            }
            None => 0.5,
        },
    }
}

/// The chance that a team with `ours` points beats one with `theirs` in a game to
/// `target`: what the points a decision risks are worth. A smooth guess from the points
/// each side still needs, `b² / (a² + b²)`; exact only at the ends (0 or 1).
pub(crate) fn game_chance(target: u8, ours: u8, theirs: u8) -> f64 {
    if ours >= target {
        return 1.0;
    }
    if theirs >= target {
        return 0.0;
    }
    let a = f64::from(target - ours).powi(2);
    let b = f64::from(target - theirs).powi(2);
    b / (a + b)
}

/// The game chance of `view`'s team after it scores `ours` more points and the
/// opponents `theirs` more.
pub(crate) fn chance_after(view: &View, ours: u8, theirs: u8) -> f64 {
    let team = view.team();
    game_chance(
        view.public.rules.stakes.target,
        view.public.scores[team].saturating_add(ours),
        view.public.scores[1 - team].saturating_add(theirs),
    )
}

/// The game chance of `view`'s team if it plays a hand worth `value` that it takes with
/// chance `hand`.
pub(crate) fn expected_chance(view: &View, hand: f64, value: u8) -> f64 {
    hand * chance_after(view, value, 0) + (1.0 - hand) * chance_after(view, 0, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_chance_is_even_when_level_and_certain_at_the_target() {
        assert_eq!(game_chance(12, 5, 5), 0.5);
        assert_eq!(game_chance(12, 12, 11), 1.0);
        assert_eq!(game_chance(12, 3, 13), 0.0);
        assert!(game_chance(12, 9, 3) > game_chance(12, 6, 3));
    }

    #[test]
    fn hand_chance_follows_the_rounds_already_played() {
        use RoundOutcome::*;
        let mut rounds: ArrayVec<RoundOutcome, 3> = [Won(0), Won(0)].into_iter().collect();
        assert_eq!(chance_to_take(&mut rounds, &[], 0), 1.0);
        let mut rounds: ArrayVec<RoundOutcome, 3> = [Won(1)].into_iter().collect();
        assert!((chance_to_take(&mut rounds, &[0.5, 0.5], 0) - 0.25).abs() < 1e-9);
        let mut rounds: ArrayVec<RoundOutcome, 3> = [Tied].into_iter().collect();
        assert!((chance_to_take(&mut rounds, &[0.7, 0.0], 0) - 0.7).abs() < 1e-9);
    }
}
