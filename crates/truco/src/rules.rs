//! Rule variants: which deck, how manilhas are chosen, what a hand is worth, how raises
//! are answered and when a card may be played closed.

use cards::{Card, CardSet, Rank, Suit};
use std::fmt;

/// Which cards are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckStyle {
    /// 40 cards ("baralho sujo"): 4 5 6 7 Q J K A 2 3 of each suit.
    Dirty,
    /// 24 cards ("baralho limpo"): Q J K A 2 3 of each suit.
    Clean,
    /// All 52 cards, ordered 4 5 6 7 8 9 10 Q J K A 2 3 (the course variant, seed 003).
    Full,
}

/// How the manilhas (the trump cards that beat every other card) are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManilhaStyle {
    /// The four cards of the rank after the turned card (the vira), cyclic in the deck
    /// order, ranked by suit: clubs > hearts > spades > diamonds.
    New,
    /// Four fixed cards, no vira: 4 of clubs > 7 of hearts > ace of spades > 7 of diamonds.
    Old,
}

/// How the opponents of a raise answer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answering {
    /// miniTruco: the first opponent to accept settles it; the raise is refused only when
    /// both opponents decline. No counter-raise while answering.
    FirstAcceptSettles,
    /// The course variant: both opponents answer accept, fold or raise; one fold ends the
    /// hand, otherwise one accept holds the raise, and two raises ask the next level of
    /// the team that raised first.
    BothAnswer,
}

/// When a card may be played face down ("coberta"), worth nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedCards {
    /// miniTruco: from the second round on, and not if the partner already played closed
    /// in this round.
    FromSecondRound,
    /// The course variant: any card, any time.
    Always,
}

/// Who leads the round after one is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// The first to play the winning strength leads; after a tie, the last player of the
    /// strongest strength (parlor's reading of the 2008 server, and the course variant).
    FirstOfBest,
    /// The lowest-numbered seat of the winning team that played the winning strength
    /// leads; after a tie, the player who opened the tied round leads again (today's
    /// miniTruco app).
    LowestSeatOrOpener,
}

/// The four game modes of today's miniTruco app, each a complete rule set
/// ([`Rules::app`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AppMode {
    /// Truco Paulista: 40 cards, manilhas by the vira.
    Paulista,
    /// Truco Mineiro: fixed manilhas, hands worth 2, raises 4/6/10/12, hand of 10.
    Mineiro,
    /// Paulista with the old fixed manilhas ("manilha velha").
    ManilhaVelha,
    /// Paulista with the 24-card clean deck ("baralho limpo").
    BaralhoLimpo,
}

impl AppMode {
    /// Every mode, in the app's order.
    pub const ALL: [AppMode; 4] = [
        AppMode::Paulista,
        AppMode::Mineiro,
        AppMode::ManilhaVelha,
        AppMode::BaralhoLimpo,
    ];
}

/// What hands are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    /// What a hand is worth before any raise.
    pub base: u8,
    /// The values a raise climbs through, lowest first; the last is the top.
    pub raises: [u8; 4],
    /// The score at which a team plays a "hand of 11" (10 in Mineiro), if the variant has it.
    pub hand_of: Option<u8>,
    /// Whether a hand may be raised when both teams are at the hand-of score (the app
    /// forbids it; parlor's 2008 reading allows it, as a plain hand).
    pub raise_when_both_at_hand_of: bool,
    /// The score that wins the game.
    pub target: u8,
}

impl Stakes {
    /// The value a raise from `value` asks for, if `value` is not already the top.
    pub fn next_raise(&self, value: u8) -> Option<u8> {
        self.raises.into_iter().find(|&v| v > value)
    }
}

/// A complete rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub deck: DeckStyle,
    pub manilha: ManilhaStyle,
    pub stakes: Stakes,
    pub answering: Answering,
    pub closed: ClosedCards,
    pub lead: Lead,
}

/// A rule combination that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The old manilhas (4 and 7s) are not in a clean deck.
    CleanDeckWithOldManilha,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a clean deck has no 4s or 7s, so it cannot use the old manilhas")
    }
}

impl std::error::Error for RulesError {}

const PAULISTA: Stakes = Stakes {
    base: 1,
    raises: [3, 6, 9, 12],
    hand_of: Some(11),
    raise_when_both_at_hand_of: true,
    target: 12,
};

impl Rules {
    /// Truco Paulista as miniTruco plays it: hand worth 1, raises 3/6/9/12, game to 12,
    /// hand of 11; `deck` and `manilha` are the room's options.
    pub fn paulista(deck: DeckStyle, manilha: ManilhaStyle) -> Result<Rules, RulesError> {
        if deck == DeckStyle::Clean && manilha == ManilhaStyle::Old {
            return Err(RulesError::CleanDeckWithOldManilha);
        }
        Ok(Rules {
            deck,
            manilha,
            stakes: PAULISTA,
            answering: Answering::FirstAcceptSettles,
            closed: ClosedCards::FromSecondRound,
            lead: Lead::FirstOfBest,
        })
    }

    /// Truco Mineiro as today's miniTruco app plays it: dirty deck, old manilhas, hand
    /// worth 2, raises 4/6/10/12, hand of 10 (worth 4; refused, 2 to the others).
    pub fn mineiro() -> Rules {
        Rules {
            deck: DeckStyle::Dirty,
            manilha: ManilhaStyle::Old,
            stakes: Stakes {
                base: 2,
                raises: [4, 6, 10, 12],
                hand_of: Some(10),
                raise_when_both_at_hand_of: false,
                target: 12,
            },
            answering: Answering::FirstAcceptSettles,
            closed: ClosedCards::FromSecondRound,
            lead: Lead::LowestSeatOrOpener,
        }
    }

    /// The rules of one of today's miniTruco app's modes, exactly as the app plays them:
    /// Paulista values (Mineiro's own), the app's round leads, and no raise when both
    /// teams are at the hand-of score.
    pub fn app(mode: AppMode) -> Rules {
        let paulista = |deck, manilha| Rules {
            deck,
            manilha,
            stakes: Stakes {
                raise_when_both_at_hand_of: false,
                ..PAULISTA
            },
            answering: Answering::FirstAcceptSettles,
            closed: ClosedCards::FromSecondRound,
            lead: Lead::LowestSeatOrOpener,
        };
        match mode {
            AppMode::Paulista => paulista(DeckStyle::Dirty, ManilhaStyle::New),
            AppMode::Mineiro => Rules::mineiro(),
            AppMode::ManilhaVelha => paulista(DeckStyle::Dirty, ManilhaStyle::Old),
            AppMode::BaralhoLimpo => paulista(DeckStyle::Clean, ManilhaStyle::New),
        }
    }

    /// The simplified rules of seed 003 (the course server): 52 cards, new manilhas,
    /// Paulista values without a hand of 11, both opponents answer, closed cards any time.
    pub fn course() -> Rules {
        Rules {
            deck: DeckStyle::Full,
            manilha: ManilhaStyle::New,
            stakes: Stakes {
                hand_of: None,
                ..PAULISTA
            },
            answering: Answering::BothAnswer,
            closed: ClosedCards::Always,
            lead: Lead::FirstOfBest,
        }
    }

    /// The ranks in play, weakest first (before manilhas).
    pub fn rank_order(&self) -> &'static [Rank] {
        match self.deck {
            DeckStyle::Dirty => &DIRTY,
            DeckStyle::Clean => &CLEAN,
            DeckStyle::Full => &FULL,
        }
    }

    /// Each rank's 1-based place in [`Rules::rank_order`] (0 if not in the deck), indexed
    /// by the rank's number: strengths are looked up here rather than searched for.
    fn rank_places(&self) -> &'static [u8; 15] {
        match self.deck {
            DeckStyle::Dirty => &DIRTY_PLACES,
            DeckStyle::Clean => &CLEAN_PLACES,
            DeckStyle::Full => &FULL_PLACES,
        }
    }

    /// Every card of the deck.
    pub fn deck(&self) -> CardSet {
        match self.deck {
            DeckStyle::Dirty => DIRTY_DECK,
            DeckStyle::Clean => CLEAN_DECK,
            DeckStyle::Full => FULL_DECK,
        }
    }

    /// The deck's cards in index order, the order the shuffle starts from (it must not
    /// change: stored games are replayed from their seed), in the first `len` places.
    pub(crate) fn deck_in_order(&self) -> &'static DeckInOrder {
        match self.deck {
            DeckStyle::Dirty => &DIRTY_IN_ORDER,
            DeckStyle::Clean => &CLEAN_IN_ORDER,
            DeckStyle::Full => &FULL_IN_ORDER,
        }
    }

    /// Whether a card is turned after the deal to choose the manilhas.
    pub fn uses_vira(&self) -> bool {
        self.manilha == ManilhaStyle::New
    }

    /// The manilha rank for a vira (new manilhas): the next rank in the deck order, cyclic.
    pub fn manilha_rank(&self, vira: Card) -> Rank {
        let order = self.rank_order();
        let place = usize::from(self.rank_places()[usize::from(vira.rank().number())]);
        // A vira from outside the deck counts as its first rank, as before.
        order[place.max(1) % order.len()]
    }

    /// How strong `card` is in a hand with this vira: higher beats lower, equal ties.
    /// Ordinary cards score 1.. by rank; manilhas 20.. by suit; a closed card scores 0.
    pub fn strength(&self, card: Card, vira: Option<Card>) -> u8 {
        const MANILHA: u8 = 20;
        match (self.manilha, vira) {
            (ManilhaStyle::New, Some(vira)) if card.rank() == self.manilha_rank(vira) => {
                MANILHA + card.suit() as u8
            }
            (ManilhaStyle::Old, _) => match OLD_MANILHAS.iter().position(|&m| m == card) {
                Some(i) => MANILHA + 3 - i as u8,
                None => self.plain_strength(card),
            },
            _ => self.plain_strength(card),
        }
    }

    fn plain_strength(&self, card: Card) -> u8 {
        // A card from outside the deck is as weak as the weakest rank.
        self.rank_places()[usize::from(card.rank().number())].max(1)
    }
}

const DIRTY: [Rank; 10] = {
    use Rank::*;
    [Four, Five, Six, Seven, Queen, Jack, King, Ace, Two, Three]
};
const CLEAN: [Rank; 6] = {
    use Rank::*;
    [Queen, Jack, King, Ace, Two, Three]
};
const FULL: [Rank; 13] = {
    use Rank::*;
    [
        Four, Five, Six, Seven, Eight, Nine, Ten, Queen, Jack, King, Ace, Two, Three,
    ]
};
const DIRTY_DECK: CardSet = CardSet::of_ranks(&DIRTY);
const CLEAN_DECK: CardSet = CardSet::of_ranks(&CLEAN);
const FULL_DECK: CardSet = CardSet::of_ranks(&FULL);

/// A deck laid out for shuffling: `cards[..len]` in index order.
pub(crate) struct DeckInOrder {
    pub(crate) cards: [Card; 52],
    pub(crate) len: usize,
}

static DIRTY_IN_ORDER: DeckInOrder = in_order(DIRTY_DECK);
static CLEAN_IN_ORDER: DeckInOrder = in_order(CLEAN_DECK);
static FULL_IN_ORDER: DeckInOrder = in_order(FULL_DECK);

/// Computed when compiling, so that a deal copies the deck instead of walking its set.
const fn in_order(deck: CardSet) -> DeckInOrder {
    let mut cards = [Card::new(Rank::Two, Suit::Diamonds); 52];
    let mut len = 0;
    let mut index = 0;
    while let Some(card) = Card::from_index(index) {
        if deck.contains(card) {
            cards[len] = card;
            len += 1;
        }
        index += 1;
    }
    DeckInOrder { cards, len }
}

const DIRTY_PLACES: [u8; 15] = places(&DIRTY);
const CLEAN_PLACES: [u8; 15] = places(&CLEAN);
const FULL_PLACES: [u8; 15] = places(&FULL);

/// The table of [`Rules::rank_places`] for one rank order.
const fn places(order: &[Rank]) -> [u8; 15] {
    let mut places = [0; 15];
    let mut i = 0;
    while i < order.len() {
        places[order[i] as usize] = i as u8 + 1;
        i += 1;
    }
    places
}

/// The old manilhas, strongest first: zap, copas, espadilha, pica-fumo.
const OLD_MANILHAS: [Card; 4] = [
    Card::new(Rank::Four, Suit::Clubs),
    Card::new(Rank::Seven, Suit::Hearts),
    Card::new(Rank::Ace, Suit::Spades),
    Card::new(Rank::Seven, Suit::Diamonds),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn the_shuffle_starts_from_each_deck_in_index_order() {
        for style in [DeckStyle::Dirty, DeckStyle::Clean, DeckStyle::Full] {
            let rules = Rules {
                deck: style,
                ..Rules::course()
            };
            let laid_out = rules.deck_in_order();
            let in_order: Vec<Card> = rules.deck().iter().collect();
            assert_eq!(&laid_out.cards[..laid_out.len], in_order.as_slice());
        }
    }

    #[test]
    fn deck_sizes() {
        let dirty = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
        let clean = Rules::paulista(DeckStyle::Clean, ManilhaStyle::New).unwrap();
        assert_eq!(dirty.deck().len(), 40);
        assert_eq!(clean.deck().len(), 24);
        assert_eq!(Rules::course().deck().len(), 52);
        assert!(!clean.deck().contains(card("7c")));
    }

    #[test]
    fn clean_deck_with_old_manilha_is_refused() {
        assert_eq!(
            Rules::paulista(DeckStyle::Clean, ManilhaStyle::Old),
            Err(RulesError::CleanDeckWithOldManilha)
        );
    }

    #[test]
    fn new_manilha_is_the_next_rank_cyclic_and_ordered_by_suit() {
        let r = Rules::paulista(DeckStyle::Dirty, ManilhaStyle::New).unwrap();
        assert_eq!(r.manilha_rank(card("7o")), Rank::Queen);
        assert_eq!(r.manilha_rank(card("3o")), Rank::Four);
        assert_eq!(r.manilha_rank(card("Jp")), Rank::King);
        let vira = Some(card("Jp"));
        let order = ["Ko", "Ke", "Kc", "Kp"].map(|c| r.strength(card(c), vira));
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
        assert!(r.strength(card("Ko"), vira) > r.strength(card("3p"), vira));
        assert_eq!(r.strength(card("3p"), vira), r.strength(card("3o"), vira));
        let clean = Rules::paulista(DeckStyle::Clean, ManilhaStyle::New).unwrap();
        assert_eq!(clean.manilha_rank(card("3o")), Rank::Queen);
        let course = Rules::course();
        assert_eq!(course.manilha_rank(card("7o")), Rank::Eight);
        assert_eq!(course.manilha_rank(card("10o")), Rank::Queen);
        assert!(course.strength(card("10c"), Some(card("4o"))) > course.strength(card("9c"), None));
    }

    #[test]
    fn plain_strength_is_the_place_in_the_rank_order() {
        for deck in [DeckStyle::Dirty, DeckStyle::Clean, DeckStyle::Full] {
            let rules = Rules::paulista(deck, ManilhaStyle::New).unwrap();
            for (i, &rank) in rules.rank_order().iter().enumerate() {
                let card = Card::new(rank, Suit::Spades);
                assert_eq!(rules.strength(card, None), i as u8 + 1, "{deck:?} {card}");
            }
        }
    }

    #[test]
    fn old_manilhas_beat_everything_in_their_order() {
        let r = Rules::mineiro();
        let s = |c| r.strength(card(c), None);
        assert!(s("4p") > s("7c") && s("7c") > s("Ae") && s("Ae") > s("7o") && s("7o") > s("3p"));
        // The other 4s, 7s and aces keep their ordinary place.
        assert!(s("4c") < s("5o") && s("7p") < s("Qo") && s("Ac") < s("2o"));
        assert!(!r.uses_vira());
    }

    #[test]
    fn raise_ladders() {
        assert_eq!(PAULISTA.next_raise(1), Some(3));
        assert_eq!(PAULISTA.next_raise(9), Some(12));
        assert_eq!(PAULISTA.next_raise(12), None);
        let mineiro = Rules::mineiro().stakes;
        assert_eq!(mineiro.next_raise(2), Some(4));
        assert_eq!(mineiro.next_raise(6), Some(10));
    }
}
