//! Who wins a round, and when the rounds played so far decide a hand.

use crate::rules::Lead;
use crate::{team_of, Seat, Team};

/// How one round (one card from each seat) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundOutcome {
    Won(Team),
    Tied,
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandOutcome {
    Won(Team),
    /// Every round tied: nobody scores.
    Drawn,
}

/// The result of a round from its plays in order, as (seat, strength) pairs, together
/// with the seat that leads the next round.
///
/// The strongest card wins for its team; when both teams share the strongest strength
/// the round ties. Who leads next follows `lead`: with [`Lead::FirstOfBest`] the winner
/// (the first to play the winning strength when partners share it), after a tie the last
/// player of the strongest strength; with [`Lead::LowestSeatOrOpener`] the lowest seat
/// among the winners, after a tie the round's opener.
pub fn round_result(plays: &[(Seat, u8)], lead: Lead) -> (RoundOutcome, Seat) {
    let best = plays.iter().map(|&(_, s)| s).max().unwrap_or(0);
    let mut top = plays
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(seat, _)| seat);
    let first = top.next().unwrap_or(0);
    let (mut last, mut lowest) = (first, first);
    let mut tied = false;
    for seat in top {
        tied |= team_of(seat) != team_of(first);
        last = seat;
        lowest = lowest.min(seat);
    }
    let opener = plays.first().map_or(0, |&(seat, _)| seat);
    match (tied, lead) {
        (true, Lead::FirstOfBest) => (RoundOutcome::Tied, last),
        (true, Lead::LowestSeatOrOpener) => (RoundOutcome::Tied, opener),
        (false, Lead::FirstOfBest) => (RoundOutcome::Won(team_of(first)), first),
        (false, Lead::LowestSeatOrOpener) => (RoundOutcome::Won(team_of(first)), lowest),
    }
}

/// Whether the rounds so far decide the hand (`None`: play another round).
///
/// Two wins take the hand. A tied first round is decided by the next round that is
/// won; a tie in the second or third round after a won first goes to the first round's
/// winner; three ties draw the hand.
pub fn hand_result(rounds: &[RoundOutcome]) -> Option<HandOutcome> {
    use RoundOutcome::*;
    match *rounds {
        [Won(a), Won(b)] if a == b => Some(HandOutcome::Won(a)),
        [Tied, Won(b)] => Some(HandOutcome::Won(b)),
        [Won(a), Tied] | [Won(a), _, Tied] => Some(HandOutcome::Won(a)),
        [_, _, Won(c)] => Some(HandOutcome::Won(c)),
        [Tied, Tied, Tied] => Some(HandOutcome::Drawn),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use HandOutcome::Drawn;
    use Lead::{FirstOfBest, LowestSeatOrOpener};
    use RoundOutcome::{Tied, Won};

    #[test]
    fn strongest_card_wins_and_leads() {
        assert_eq!(
            round_result(&[(0, 3), (1, 7), (2, 5), (3, 1)], FirstOfBest),
            (Won(1), 1)
        );
        assert_eq!(
            round_result(&[(2, 9), (3, 7), (0, 5), (1, 8)], FirstOfBest),
            (Won(0), 2)
        );
    }

    #[test]
    fn partners_sharing_the_best_card_win_and_the_first_leads() {
        assert_eq!(
            round_result(&[(0, 9), (1, 7), (2, 9), (3, 1)], FirstOfBest),
            (Won(0), 0)
        );
    }

    #[test]
    fn opponents_sharing_the_best_card_tie_and_the_last_of_them_leads() {
        assert_eq!(
            round_result(&[(0, 9), (1, 9), (2, 5), (3, 1)], FirstOfBest),
            (Tied, 1)
        );
        assert_eq!(
            round_result(&[(1, 9), (2, 2), (3, 9), (0, 9)], FirstOfBest),
            (Tied, 0)
        );
        // Four closed cards (strength 0) tie; the last to play leads.
        assert_eq!(
            round_result(&[(3, 0), (0, 0), (1, 0), (2, 0)], FirstOfBest),
            (Tied, 2)
        );
    }

    #[test]
    fn the_app_leads_from_the_lowest_winning_seat_or_the_tied_rounds_opener() {
        // Seats 3 and 1 share the best card: the app's lead is the lower seat, 1.
        assert_eq!(
            round_result(&[(3, 9), (0, 7), (1, 9), (2, 1)], LowestSeatOrOpener),
            (Won(1), 1)
        );
        assert_eq!(
            round_result(&[(3, 9), (0, 7), (1, 9), (2, 1)], FirstOfBest),
            (Won(1), 3)
        );
        // A tie: the opener of the tied round leads again.
        assert_eq!(
            round_result(&[(2, 9), (3, 9), (0, 5), (1, 1)], LowestSeatOrOpener),
            (Tied, 2)
        );
        assert_eq!(
            round_result(&[(2, 9), (3, 9), (0, 5), (1, 1)], FirstOfBest),
            (Tied, 3)
        );
    }

    #[test]
    fn one_round_never_decides() {
        assert_eq!(hand_result(&[Won(0)]), None);
        assert_eq!(hand_result(&[Tied]), None);
    }

    #[test]
    fn two_wins_take_the_hand() {
        assert_eq!(hand_result(&[Won(1), Won(1)]), Some(HandOutcome::Won(1)));
        assert_eq!(hand_result(&[Won(0), Won(1)]), None);
        assert_eq!(
            hand_result(&[Won(0), Won(1), Won(1)]),
            Some(HandOutcome::Won(1))
        );
        assert_eq!(
            hand_result(&[Won(1), Won(0), Won(0)]),
            Some(HandOutcome::Won(0))
        );
    }

    #[test]
    fn every_tie_pattern() {
        // A tied first round: the second decides.
        assert_eq!(hand_result(&[Tied, Won(0)]), Some(HandOutcome::Won(0)));
        assert_eq!(hand_result(&[Tied, Won(1)]), Some(HandOutcome::Won(1)));
        // A tie in the second round after a win: the first round's winner.
        assert_eq!(hand_result(&[Won(1), Tied]), Some(HandOutcome::Won(1)));
        // A tie in the third round after split wins: the first round's winner.
        assert_eq!(
            hand_result(&[Won(0), Won(1), Tied]),
            Some(HandOutcome::Won(0))
        );
        assert_eq!(
            hand_result(&[Won(1), Won(0), Tied]),
            Some(HandOutcome::Won(1))
        );
        // Two ties: the third decides.
        assert_eq!(hand_result(&[Tied, Tied]), None);
        assert_eq!(
            hand_result(&[Tied, Tied, Won(1)]),
            Some(HandOutcome::Won(1))
        );
        // Three ties: nobody scores.
        assert_eq!(hand_result(&[Tied, Tied, Tied]), Some(Drawn));
    }
}
