//! A Warlords evening: the table from one hand to the next. Each hand is dealt to the
//! places in social order (warlord first, scumbag last); when it ends they are reseated
//! in its finishing order; a newcomer sits at the foot of the table (they never inherit
//! a rank); and ranks stand only while enough of those who earned them stay.

use crate::{HandRules, Order, MAX_PLAYERS, MIN_PLAYERS};

/// The places of an evening in social order, each holding a `P` (who sits there, as the
/// server knows them), and whether their ranks stand.
///
/// ```
/// use president::{Evening, Order};
///
/// let mut evening = Evening::new(3);
/// for name in ["ann", "ben", "cat"] {
///     evening.sit(name).unwrap();
/// }
/// let first = evening.next_hand().unwrap();
/// assert!(!first.ranked());
/// // ben went out first, then cat; ann was the scumbag. dan arrives meanwhile.
/// let order: Order = [1, 2, 0].into_iter().collect();
/// evening.hand_over(&order, |_| true);
/// evening.sit("dan").unwrap();
/// assert_eq!(evening.places(), ["ben", "cat", "ann", "dan"]);
/// assert!(evening.next_hand().unwrap().ranked());
/// ```
#[derive(Clone, Debug)]
pub struct Evening<P> {
    places: Vec<P>,
    ranked: bool,
    min_players: usize,
}

impl<P> Evening<P> {
    /// An empty table whose hands need `min_players` players (3 to 7; anything else is
    /// taken as the nearest of them).
    pub fn new(min_players: usize) -> Evening<P> {
        Evening {
            places: Vec::new(),
            ranked: false,
            min_players: min_players.clamp(MIN_PLAYERS, MAX_PLAYERS),
        }
    }

    /// How many players a hand needs.
    pub fn min_players(&self) -> usize {
        self.min_players
    }

    /// The places, in social order.
    pub fn places(&self) -> &[P] {
        &self.places
    }

    /// Whether the ranks stand (the next hand is ranked).
    pub fn ranked(&self) -> bool {
        self.ranked
    }

    /// A newcomer sits at the foot of the table, in the last rank; they are given back if
    /// the table is full.
    pub fn sit(&mut self, place: P) -> Result<(), P> {
        if self.places.len() >= MAX_PLAYERS {
            return Err(place);
        }
        self.places.push(place);
        Ok(())
    }

    /// The place at `index` leaves the table between hands.
    pub fn leave(&mut self, index: usize) -> Option<P> {
        (index < self.places.len()).then(|| self.places.remove(index))
    }

    /// Before newcomers sit down for the next hand: with fewer than the players a hand
    /// needs left of those who earned their ranks, the ranks are forgotten (the next
    /// hand is a first hand).
    pub fn before_newcomers(&mut self) {
        if self.places.len() < self.min_players {
            self.ranked = false;
        }
    }

    /// The rules of the hand to deal to the table now, if enough sit at it.
    pub fn next_hand(&self) -> Option<HandRules> {
        let enough = self.places.len() >= self.min_players;
        enough
            .then(|| HandRules::new(self.places.len(), self.ranked))
            .flatten()
    }

    /// The hand dealt to the table ended in `order` (its seats, best rank first): the
    /// places are reseated in it, those `stays` says leave, and the ranks stand.
    pub fn hand_over(&mut self, order: &Order, stays: impl FnMut(&P) -> bool) {
        let mut places: Vec<Option<P>> = self.places.drain(..).map(Some).collect();
        self.places = order
            .seats()
            .filter_map(|seat| places.get_mut(seat)?.take())
            .collect();
        self.places.extend(places.into_iter().flatten());
        self.places.retain(stays);
        self.ranked = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(names: &[&'static str]) -> Evening<&'static str> {
        let mut evening = Evening::new(3);
        for &name in names {
            evening.sit(name).unwrap();
        }
        evening
    }

    #[test]
    fn seven_places_at_most_and_three_to_deal() {
        let mut evening = table(&["a", "b"]);
        assert!(evening.next_hand().is_none(), "two cannot be dealt");
        for name in ["c", "d", "e", "f", "g"] {
            evening.sit(name).unwrap();
        }
        assert_eq!(evening.sit("h"), Err("h"));
        assert_eq!(evening.places().len(), 7);
        assert_eq!(evening.next_hand().map(HandRules::players), Some(7));
        assert_eq!(Evening::<()>::new(1).min_players(), 3);
        assert_eq!(Evening::<()>::new(9).min_players(), 7);
    }

    #[test]
    fn the_finishing_order_reseats_and_leavers_go() {
        let mut evening = table(&["a", "b", "c", "d"]);
        let order: Order = [2, 0, 3, 1].into_iter().collect();
        evening.hand_over(&order, |&name| name != "d");
        assert_eq!(evening.places(), ["c", "a", "b"]);
        assert!(evening.ranked());
        // A place the order does not name keeps its order after those it names.
        let mut evening = table(&["a", "b", "c", "d"]);
        evening.hand_over(&[1, 0].into_iter().collect(), |_| true);
        assert_eq!(evening.places(), ["b", "a", "c", "d"]);
    }

    #[test]
    fn ranks_stand_only_while_enough_who_earned_them_stay() {
        let mut evening = table(&["a", "b", "c"]);
        evening.hand_over(&[0, 1, 2].into_iter().collect(), |&name| name != "c");
        assert!(evening.ranked());
        evening.before_newcomers();
        assert!(
            !evening.ranked(),
            "two of three stayed: the ranks are forgotten"
        );
        evening.sit("d").unwrap();
        assert!(!evening.next_hand().unwrap().ranked());
        let mut evening = table(&["a", "b", "c", "d"]);
        evening.hand_over(&[0, 1, 2, 3].into_iter().collect(), |&name| name != "d");
        evening.before_newcomers();
        assert!(
            evening.next_hand().unwrap().ranked(),
            "three stayed: they keep them"
        );
        assert_eq!(evening.places(), ["a", "b", "c"]);
    }
}
